"""The `facedown` console script: serve the app with uvicorn.

The CLI only turns flags into settings (environment variables read by `app.main`) and starts
uvicorn on the app factory; it knows nothing about games. `--demo` is passed on as
`FACEDOWN_DEMO=1`: the app itself loads the demo games at start-up.
"""

from __future__ import annotations

import argparse
import logging
import os
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

log = logging.getLogger("facedown.cli")

APP_FACTORY = "app.main:get_app"
DEFAULT_DB = "facedown.db"
ENV_DATABASE_URL = "FACEDOWN_DATABASE_URL"
ENV_DEMO = "FACEDOWN_DEMO"


def package_version() -> str:
    try:
        return version("facedown")
    except PackageNotFoundError:  # running from a tree that was never installed
        return "0+unknown"


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, got {value}")
    return value


def _port(text: str) -> int:
    value = _positive_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"not a TCP port: {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="facedown",
        description="Facedown: a rules-judge assistant for hidden-information card mechanics.",
    )
    parser.add_argument("--version", action="version", version=f"facedown {package_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    serve = commands.add_parser(
        "serve",
        help="run the web app (JSON API, pages, OpenAPI docs at /docs)",
        description="Run the Facedown web app with uvicorn.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default: %(default)s)")
    serve.add_argument(
        "--port", type=_port, default=8000, help="TCP port to bind (default: %(default)s)"
    )
    serve.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help=(
            f"SQLite database file, created if missing (default: ${ENV_DATABASE_URL} when set, "
            f"else ./{DEFAULT_DB}); a full sqlite:// URL is accepted too"
        ),
    )
    serve.add_argument(
        "--demo", action="store_true", help="load the demo games at start-up (sets FACEDOWN_DEMO=1)"
    )
    serve.add_argument(
        "--workers",
        type=_positive_int,
        default=1,
        metavar="N",
        help="number of worker processes (default: %(default)s)",
    )
    serve.add_argument(
        "--reload", action="store_true", help="restart when the code changes (development only)"
    )
    return parser


def database_url(db: str | None, environ: Mapping[str, str]) -> str:
    """The database URL: the --db flag wins, then the environment, then ./facedown.db."""
    if db is None:
        existing = environ.get(ENV_DATABASE_URL)
        if existing:
            return existing
        db = DEFAULT_DB
    if "://" in db:
        return db
    path = Path(db).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    # An absolute path gives the four-slash form: sqlite:////data/facedown.db
    return f"sqlite:///{path}"


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    url = database_url(args.db, os.environ)
    # Settings travel by environment so that --workers and --reload child processes see them too.
    os.environ[ENV_DATABASE_URL] = url
    if args.demo:
        os.environ[ENV_DEMO] = "1"
    log.info(
        "facedown %s on http://%s:%d (database %s, FACEDOWN_DEMO=%s, %d worker%s%s)",
        package_version(),
        args.host,
        args.port,
        url,
        os.environ.get(ENV_DEMO, "off"),
        args.workers,
        "" if args.workers == 1 else "s",
        ", reload" if args.reload else "",
    )
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers if not args.reload else None,
        reload=args.reload,
        log_level="info",
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve" and args.reload and args.workers > 1:
        parser.error("--reload runs a single process: drop --workers")
    logging.basicConfig(
        level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s", force=False
    )
    if args.command == "serve":
        return serve(args)
    parser.error(f"unknown command {args.command!r}")  # unreachable: argparse checks choices
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
