"""The `facedown` console script: serve the app with uvicorn; migrate, export and import a
database; import card data (`facedown cards import`).

`serve` only turns flags into settings (environment variables read by `app.main`) and starts
uvicorn on the app factory; it knows nothing about games. `--demo` is passed on as
`FACEDOWN_DEMO=1`: the app itself loads the demo games at start-up. `migrate`, `export` and
`import` work on the database directly (app/store/migrate.py, app/store/archive.py) and print
counts and game ids only, never tokens or card data. `cards import` reads card data files
(app/catalog/importers) and stores their cards (app/catalog/card_import.py); `cards fetch`
first downloads MTGJSON's AtomicCards and checks its SHA-256 (app/catalog/card_fetch.py).
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import FrameType
from typing import IO, TYPE_CHECKING

from app.settings import psycopg_url

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from app.store.card_store import CardRow

log = logging.getLogger("facedown.cli")

APP_FACTORY = "app.main:get_app"
DEFAULT_DB = "facedown.db"
# Seconds uvicorn waits for running requests at SIGTERM before cancelling them.
GRACEFUL_SHUTDOWN_SECONDS = 8
ENV_DATABASE_URL = "FACEDOWN_DATABASE_URL"
# The conventional name, as platforms and docker-compose files set it (read after ours).
ENV_PLAIN_DATABASE_URL = "DATABASE_URL"
ENV_DEMO = "FACEDOWN_DEMO"
# uvicorn's access log, a line per request (seat tokens redacted:
# app/web/middleware/access_log.py): off (`serve --no-access-log`) behind a proxy that logs the
# requests already, since each line costs the server CPU. Read here: uvicorn writes it, not
# the app.
ENV_ACCESS_LOG = "FACEDOWN_ACCESS_LOG"
# `facedown cards fetch --url` (app.settings.Settings.cards_url reads it).
ENV_CARDS_URL = "FACEDOWN_CARDS_URL"


def package_version() -> str:
    try:
        return version("facedown")
    except PackageNotFoundError:  # running from a tree that was never installed
        return "0+unknown"


def _card_format(name: str) -> str:
    """A card data format some registered game family reads (app.catalog.importers), asked
    only when --format is given: the command line starts without loading the rules."""
    from app.catalog.importers import CARD_FORMATS

    if name not in CARD_FORMATS:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {name!r} (choose from {', '.join(map(repr, CARD_FORMATS))})"
        )
    return name


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
    _add_db_flag(serve)
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
    serve.add_argument(
        "--no-access-log",
        action="store_true",
        help=(
            "no access log line per request, behind a proxy that logs them (sets "
            f"{ENV_ACCESS_LOG}=off)"
        ),
    )

    migrate = commands.add_parser(
        "migrate",
        help="bring the database's schema up to date (the app also does it at start-up)",
        description="Run the Alembic migrations on the database, creating it if needed.",
    )
    _add_db_flag(migrate)

    export = commands.add_parser(
        "export",
        help="write every game to an archive (a backup, or a move to another database)",
        description=(
            "Write every game (seats by token hash, the whole log, snapshots, rulings) to a "
            "facedown-archive/1 file: JSON Lines, gzip when the name ends in .gz."
        ),
    )
    _add_db_flag(export)
    export.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="-",
        help="the archive to write (default: standard output)",
    )

    import_ = commands.add_parser(
        "import",
        help="add every game of an archive to the database (migrated first)",
        description=(
            "Migrate the database, then insert every game of the archive in one transaction. "
            "Refused, with nothing written, when a game already exists there."
        ),
    )
    _add_db_flag(import_)
    import_.add_argument(
        "--skip-existing",
        action="store_true",
        help="leave games that already exist as they are and import the others",
    )
    import_.add_argument("archive", metavar="FILE", help="the archive to read (- for stdin)")

    cards = commands.add_parser(
        "cards",
        help="card data: import a downloaded card file into the database",
        description="Card data in the database: imported cards win over the shipped catalog.",
    )
    cards_commands = cards.add_subparsers(dest="cards_command", metavar="COMMAND", required=True)
    cards_import_ = cards_commands.add_parser(
        "import",
        help="store every card of an MTGJSON, Scryfall or Riftbound file (docs/card-data.md)",
        description=(
            "Read a card data file to the end, then store its cards in one transaction: a "
            "second import updates them, never duplicates; a damaged or unknown file writes "
            "nothing."
        ),
    )
    _add_db_flag(cards_import_)
    cards_import_.add_argument(
        "--format",
        type=_card_format,
        default=None,
        help="the file's format (default: recognised from its first keys)",
    )
    cards_import_.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="the card data file(s): AtomicCards, MTGJSON set files (KTK.json.gz ...), ...",
    )
    cards_fetch = cards_commands.add_parser(
        "fetch",
        help="download MTGJSON's AtomicCards, check its SHA-256, and import it",
        description=(
            "Download MTGJSON's AtomicCards.json.gz (every card) to a temporary file, check it "
            "against the SHA-256 published beside it (the address plus .sha256), then store its "
            "cards in one transaction. A download cut short or altered writes nothing."
        ),
    )
    _add_db_flag(cards_fetch)
    cards_fetch.add_argument(
        "--url",
        default=None,
        help=f"the file to download (default: ${ENV_CARDS_URL}, else MTGJSON's AtomicCards.json.gz)",
    )
    return parser


def _add_db_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        "--db-url",
        dest="db",
        metavar="PATH|URL",
        default=None,
        help=(
            f"SQLite database file, created if missing, or a database URL such as "
            f"postgresql+psycopg://user:password@host/db (default: ${ENV_DATABASE_URL}, else "
            f"${ENV_PLAIN_DATABASE_URL}, else ./{DEFAULT_DB})"
        ),
    )


def database_url(db: str | None, environ: Mapping[str, str]) -> str:
    """The database URL: the --db flag wins, then $FACEDOWN_DATABASE_URL, then $DATABASE_URL,
    then ./facedown.db."""
    if db is None:
        for name in (ENV_DATABASE_URL, ENV_PLAIN_DATABASE_URL):
            existing = environ.get(name)
            if existing:
                return psycopg_url(existing)
        db = DEFAULT_DB
    if "://" in db:
        return psycopg_url(db)
    path = Path(db).expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    # An absolute path gives the four-slash form: sqlite:////data/facedown.db
    return f"sqlite:///{path}"


def shown_url(url: str) -> str:
    """A database URL fit for a log line: its password masked."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy can parse: say nothing of it
        return "<unparsable database URL>"


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    url = database_url(args.db, os.environ)
    # Settings travel by environment so that --workers and --reload child processes see them too.
    os.environ[ENV_DATABASE_URL] = url
    if args.demo:
        os.environ[ENV_DEMO] = "1"
    if args.no_access_log:
        os.environ[ENV_ACCESS_LOG] = "off"
    access_log = access_log_on(os.environ)
    log.info(
        "facedown %s on http://%s:%d (database %s, FACEDOWN_DEMO=%s, %d worker%s%s%s)",
        package_version(),
        args.host,
        args.port,
        shown_url(url),
        os.environ.get(ENV_DEMO, "off"),
        args.workers,
        "" if args.workers == 1 else "s",
        ", reload" if args.reload else "",
        "" if access_log else ", no access log",
    )
    # Once stopped gracefully, uvicorn raises the signal again for the handler that was in
    # place before it: Python's default for SIGTERM would then kill the process (status -15)
    # after a clean stop. A clean stop exits 0.
    signal.signal(signal.SIGTERM, _exit_cleanly)
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers if not args.reload else None,
        reload=args.reload,
        log_level="info",
        # uvicorn's own switch: with it off, no request builds a log line at all.
        access_log=access_log,
        # Open live streams end at the signal (app/web/live_shutdown.py); whatever else is
        # still running after this long is cancelled, before a supervisor's SIGKILL
        # (Docker's comes after 10 s).
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )
    return 0


def access_log_on(environ: Mapping[str, str]) -> bool:
    """FACEDOWN_ACCESS_LOG read as the app's settings read a switch (on by default; off, 0,
    false or no turns it off); a value that is none of those is refused in one line."""
    from pydantic import TypeAdapter, ValidationError

    value = environ.get(ENV_ACCESS_LOG, "").strip()
    if not value:
        return True
    try:
        return TypeAdapter(bool).validate_python(value)
    except ValidationError:
        raise SystemExit(f"facedown serve: {ENV_ACCESS_LOG}={value!r} is not on or off") from None


def _exit_cleanly(_signum: int, _frame: FrameType | None) -> None:
    raise SystemExit(0)


class CommandFailed(Exception):
    """A refused migrate/export/import: its one-line reason goes to stderr, exit status 1."""


def _engine(url: str) -> Engine:
    from app.store.db import make_engine

    return make_engine(url)


def migrate(args: argparse.Namespace) -> int:
    from app.store.migrate import upgrade

    url = database_url(args.db, os.environ)
    engine = _engine(url)
    try:
        upgrade(url, engine=engine)
    finally:
        engine.dispose()
    print(f"facedown migrate: {shown_url(url)} is up to date", file=sys.stderr)
    return 0


def _existing_database(db: str | None) -> str:
    """The URL to export from; a missing SQLite file is refused rather than created."""
    from sqlalchemy.engine import make_url

    url = database_url(db, os.environ)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:") or not Path(path).is_file():
            raise CommandFailed(f"no SQLite database at {path or ':memory:'}")
    return url


def export(args: argparse.Namespace) -> int:
    from app.store.archive import export_archive, open_for_writing

    url = _existing_database(args.db)
    engine = _engine(url)
    try:
        if args.output == "-":
            if sys.stdout.isatty():  # an archive holds hidden cards: never onto a screen
                raise CommandFailed("standard output is a terminal: use -o FILE or redirect it")
            counts = export_archive(engine, sys.stdout.buffer, package_version())
            sys.stdout.buffer.flush()
            where = "standard output"
        else:
            with open_for_writing(Path(args.output)) as out:
                counts = export_archive(engine, out, package_version())
            where = args.output
    finally:
        engine.dispose()
    print(f"facedown export: {counts.summary()} to {where}", file=sys.stderr)
    return 0


def import_(args: argparse.Namespace) -> int:
    from app.store.archive import import_archive, read_lines
    from app.store.migrate import upgrade

    url = database_url(args.db, os.environ)
    engine = _engine(url)
    try:
        with _open_input(args.archive) as stream:
            counts = import_archive(
                engine,
                read_lines(stream),
                skip_existing=args.skip_existing,
                # Once the header is read: a file that is no archive creates nothing.
                prepare=lambda: upgrade(url, engine=engine),
            )
    finally:
        engine.dispose()
    print(f"facedown import: {counts.summary()} into {shown_url(url)}", file=sys.stderr)
    if counts.skipped:
        shown = ", ".join(counts.skipped[:10]) + (", ..." if len(counts.skipped) > 10 else "")
        print(f"  skipped {len(counts.skipped)} existing: {shown}", file=sys.stderr)
    return 0


def cards_import(args: argparse.Namespace) -> int:
    from app.catalog.card_import import read_rows
    from app.catalog.importers import CardDataError

    started = time.monotonic()
    paths = [Path(p) for p in args.paths]
    rows: list[CardRow] = []
    skipped = _SkippedCards()
    for path in paths:
        progress = _Progress(f"facedown cards import: reading {path.name}")
        try:
            # Read every file to the end first: a damaged one fails here, with no database
            # touched and none of the files imported.
            with skipped:
                rows.extend(read_rows(path, args.format, progress=progress))
        except CardDataError as exc:
            progress.done()
            raise CommandFailed(str(exc)) from exc
        progress.done()
    skipped.report("cards import")
    _store_cards("cards import", rows, ", ".join(p.name for p in paths), args.db, started)
    return 0


def cards_fetch(args: argparse.Namespace) -> int:
    import tempfile

    from app.catalog.card_fetch import FetchError, fetch, file_name
    from app.catalog.card_import import read_rows
    from app.catalog.importers import CardDataError
    from app.settings import Settings

    started = time.monotonic()
    try:
        url = args.url or Settings().cards_url
    except ValueError as exc:  # a malformed FACEDOWN_* variable: pydantic's first line
        raise CommandFailed(str(exc).splitlines()[0]) from exc
    name = file_name(url)
    # The download lives and dies in a directory of its own: nothing is left behind.
    with tempfile.TemporaryDirectory(prefix="facedown-cards-") as directory:
        downloading = _DownloadProgress(f"facedown cards fetch: downloading {name}")
        try:
            fetched = fetch(url, Path(directory), downloading)
        except FetchError as exc:
            downloading.done()
            raise CommandFailed(str(exc)) from exc
        except KeyboardInterrupt:  # Ctrl-C: the partial file goes with its directory
            downloading.done()
            raise CommandFailed(f"the download of {name} was interrupted") from None
        downloading.done()
        print(
            f"facedown cards fetch: {name} ({_size(fetched.size)}) matches its "
            f"SHA-256 {fetched.sha256[:12]}…",
            file=sys.stderr,
        )
        progress = _Progress(f"facedown cards fetch: reading {name}")
        try:
            with _SkippedCards() as skipped:
                rows = read_rows(fetched.path, "mtgjson", progress=progress)
        except CardDataError as exc:
            progress.done()
            raise CommandFailed(str(exc)) from exc
        progress.done()
    skipped.report("cards fetch")
    _store_cards("cards fetch", rows, name, args.db, started)
    return 0


def _store_cards(
    command: str, rows: list[CardRow], source: str, db: str | None, started: float
) -> None:
    """Every row in one transaction, once every file was read to its end."""
    from app.store.card_store import CardStore
    from app.store.migrate import upgrade

    url = database_url(db, os.environ)
    engine = _engine(url)
    try:
        upgrade(url, engine=engine)
        print(f"facedown {command}: writing {len(rows)} cards", file=sys.stderr)
        counts = CardStore(engine).upsert(rows)
    finally:
        engine.dispose()
    print(
        f"facedown {command}: {len(rows)} cards read from {source} "
        f"({counts.summary()}) into {shown_url(url)} in {time.monotonic() - started:.1f} s",
        file=sys.stderr,
    )


class _Progress:
    """Cards read so far, on stderr: one line rewritten in a terminal, else a line every
    10,000 cards (a log stays short)."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._tty = sys.stderr.isatty()
        self._shown = 0

    def __call__(self, count: int) -> None:
        if self._tty:
            print(f"\r{self._label}: {count} cards", end="", file=sys.stderr, flush=True)
        elif count - self._shown >= 10_000:
            print(f"{self._label}: {count} cards", file=sys.stderr, flush=True)
        else:
            return
        self._shown = count

    def done(self) -> None:
        if self._tty and self._shown:
            print(file=sys.stderr)


class _SkippedCards(logging.Handler):
    """Counts the importers' "skipped" warnings (one line per card, logged as it is read)
    while installed, so the command ends with the total."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "skipped" in record.getMessage():
            self.count += 1

    def __enter__(self) -> _SkippedCards:
        from app.rules.core.card_formats import CARD_DATA_LOG

        logging.getLogger(CARD_DATA_LOG).addHandler(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        from app.rules.core.card_formats import CARD_DATA_LOG

        logging.getLogger(CARD_DATA_LOG).removeHandler(self)

    def report(self, command: str) -> None:
        if self.count:
            print(
                f"facedown {command}: {self.count} card{'s' if self.count != 1 else ''} "
                "skipped (a line each above): the others are imported",
                file=sys.stderr,
            )


class _DownloadProgress:
    """Bytes downloaded so far, on stderr: one line rewritten in a terminal, else a line at
    each quarter (or each 16 MB when the server gives no length) and at the end."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._tty = sys.stderr.isatty()
        self._shown = -1

    def __call__(self, size: int, total: int | None) -> None:
        step = total // 4 if total else 16_000_000
        if self._tty:
            # Rewritten in place, but not for every 64 kB chunk of a 100 MB file.
            if self._shown < 0 or size - self._shown >= 1_000_000 or size == total:
                print(f"\r{self._line(size, total)}", end="", file=sys.stderr, flush=True)
                self._shown = size
        elif self._shown < 0 or size - self._shown >= max(step, 1) or size == total:
            print(self._line(size, total), file=sys.stderr, flush=True)
            self._shown = size

    def _line(self, size: int, total: int | None) -> str:
        if total:
            return f"{self._label}: {_size(size)} of {_size(total)} ({100 * size // total}%)"
        return f"{self._label}: {_size(size)}"

    def done(self) -> None:
        if self._tty and self._shown >= 0:
            print(file=sys.stderr)


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


@contextmanager
def _open_input(name: str) -> Iterator[IO[bytes]]:
    if name == "-":
        yield sys.stdin.buffer
        return
    with open(name, "rb") as stream:
        yield stream


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
    commands = {"migrate": migrate, "export": export, "import": import_}
    if args.command in commands:
        # Alembic's start-up chatter; `migrate` keeps its "Running upgrade" lines.
        quiet = "alembic.runtime.plugins" if args.command == "migrate" else "alembic"
        logging.getLogger(quiet).setLevel(logging.WARNING)
        return _run(args.command, commands[args.command], args)
    if args.command == "cards":
        logging.getLogger("alembic").setLevel(logging.WARNING)
        if args.cards_command == "fetch":
            return _run("cards fetch", cards_fetch, args)
        return _run("cards import", cards_import, args)
    parser.error(f"unknown command {args.command!r}")  # unreachable: argparse checks choices
    return 2


def _run(name: str, command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """Run a database command; a refusal is one line on stderr and exit status 1."""
    from sqlalchemy.exc import SQLAlchemyError

    from app.store.archive import ArchiveError

    try:
        return command(args)
    except (CommandFailed, ArchiveError, OSError) as exc:
        reason = str(exc)
    except SQLAlchemyError as exc:  # cannot connect, and the like: the driver's first line
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
    after = {
        "import": "; nothing was imported",
        "export": "; no archive was written",
        "cards import": "; nothing was imported",
        "cards fetch": "; nothing was imported",
    }
    suffix = after.get(name, "")
    if suffix:  # "damaged JSON (...).; nothing" reads as a typo: one sentence, one stop
        reason = reason.rstrip(".")
    print(f"facedown {name}: refused: {reason}{suffix}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
