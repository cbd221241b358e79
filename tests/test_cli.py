"""The `facedown` console script: its flags, and a real server started with it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app import cli
from tests.store.archive_support import HIDDEN_CARD, database_rows, play_long_game


def facedown_executable() -> str:
    """The console script installed beside the interpreter running the tests (the venv's)."""
    beside = Path(sys.executable).parent / "facedown"
    if beside.exists():
        return str(beside)
    found = shutil.which("facedown")
    assert found, "the facedown console script is not installed: pip install -e '.[dev]'"
    return found


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FACEDOWN_")}
    env.update(extra)
    return env


def test_serve_defaults() -> None:
    args = cli.build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.demo, args.workers, args.reload) == (
        "127.0.0.1",
        8000,
        None,
        False,
        1,
        False,
    )


def test_serve_accepts_every_documented_flag() -> None:
    argv = ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "/tmp/f.db", "--demo"]
    args = cli.build_parser().parse_args([*argv, "--workers", "3", "--reload"])
    assert args.host == "0.0.0.0"
    assert args.port == 9000
    assert args.db == "/tmp/f.db"
    assert args.demo is True
    assert args.workers == 3
    assert args.reload is True


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "0"],
        ["serve", "--port", "70000"],
        ["serve", "--port", "http"],
        ["serve", "--workers", "0"],
        ["serve", "--nope"],
        [],
    ],
)
def test_bad_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.build_parser().parse_args(argv)
    assert exit_info.value.code == 2


def test_reload_with_several_workers_is_refused() -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["serve", "--reload", "--workers", "2"])
    assert exit_info.value.code == 2


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("facedown ")


def test_serve_passes_settings_by_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # serve() sets both in os.environ: setenv first, so that monkeypatch restores them after
    # (a bare delenv of an unset variable records nothing, and FACEDOWN_DEMO=1 would leak
    # into later tests of this worker).
    for name in (cli.ENV_DATABASE_URL, cli.ENV_DEMO):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: calls.append((a, kw)))

    db = tmp_path / "sub" / "x.db"
    assert cli.main(["serve", "--db", str(db), "--demo", "--port", "8123"]) == 0

    assert os.environ[cli.ENV_DATABASE_URL] == f"sqlite:///{db}"
    assert os.environ[cli.ENV_DATABASE_URL].startswith("sqlite:////")
    assert os.environ[cli.ENV_DEMO] == "1"
    assert db.parent.is_dir(), "the database's folder is created"
    [(args, kwargs)] = calls
    assert args == ("app.main:get_app",)
    assert kwargs["factory"] is True
    assert (kwargs["host"], kwargs["port"], kwargs["workers"]) == ("127.0.0.1", 8123, 1)


def _uvicorn_kwargs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *argv: str) -> dict:
    """What `facedown serve ARGV` hands uvicorn.run (not started)."""
    for name in (cli.ENV_DATABASE_URL, cli.ENV_DEMO, cli.ENV_ACCESS_LOG):
        monkeypatch.setenv(name, os.environ.get(name, ""))  # restored after the test
    calls: list[dict[str, object]] = []
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: calls.append(kw))
    assert cli.main(["serve", "--db", str(tmp_path / "x.db"), *argv]) == 0
    [kwargs] = calls
    return kwargs


def test_no_access_log_reaches_uvicorn_and_the_workers_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(cli.ENV_ACCESS_LOG, raising=False)
    assert cli.build_parser().parse_args(["serve"]).no_access_log is False
    assert _uvicorn_kwargs(monkeypatch, tmp_path)["access_log"] is True
    monkeypatch.delenv(cli.ENV_ACCESS_LOG)
    assert _uvicorn_kwargs(monkeypatch, tmp_path, "--no-access-log")["access_log"] is False
    # By environment too, as the other settings travel (a --workers or --reload child).
    assert os.environ[cli.ENV_ACCESS_LOG] == "off"


@pytest.mark.parametrize(("value", "on"), [("off", False), ("0", False), ("on", True), ("", True)])
def test_the_access_log_setting_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str, on: bool
) -> None:
    monkeypatch.setenv(cli.ENV_ACCESS_LOG, value)
    assert _uvicorn_kwargs(monkeypatch, tmp_path)["access_log"] is on


def test_an_access_log_setting_neither_on_nor_off_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(cli.ENV_ACCESS_LOG, "sometimes")
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: pytest.fail("uvicorn started"))
    for name in (cli.ENV_DATABASE_URL, cli.ENV_DEMO):
        monkeypatch.setenv(name, os.environ.get(name, ""))
    with pytest.raises(SystemExit, match="FACEDOWN_ACCESS_LOG='sometimes' is not on or off"):
        cli.main(["serve", "--db", str(tmp_path / "x.db")])


def test_database_url_precedence(tmp_path: Path) -> None:
    env = {cli.ENV_DATABASE_URL: "sqlite:////from/env.db"}
    assert cli.database_url(None, env) == "sqlite:////from/env.db"
    assert cli.database_url(str(tmp_path / "a.db"), env) == f"sqlite:///{tmp_path / 'a.db'}"
    assert cli.database_url("sqlite:////x/y.db", {}) == "sqlite:////x/y.db"
    assert cli.database_url(None, {}) == f"sqlite:///{Path('facedown.db').resolve()}"


def test_serve_help_exits_0() -> None:
    done = subprocess.run(
        [facedown_executable(), "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env=clean_env(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for flag in ("--host", "--port", "--db", "--demo", "--workers", "--reload"):
        assert flag in done.stdout


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers.get("content-type", ""), response.read()


@contextmanager
def serving(tmp_path: Path, *flags: str) -> Iterator[tuple[str, Path]]:
    """`facedown serve` on a free port until the block ends: (its address, its log file)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = tmp_path / f"server.{port}.log"
    command = [facedown_executable(), "serve", "--db", str(tmp_path / "x.db"), "--port", str(port)]
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [*command, *flags], cwd=tmp_path, env=clean_env(), stdout=log, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 20
        while True:
            assert server.poll() is None, f"server exited early:\n{log_path.read_text()}"
            try:
                if get(f"{base}/healthz")[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            assert time.monotonic() < deadline, f"no /healthz in 20 s:\n{log_path.read_text()}"
            time.sleep(0.2)
        yield base, log_path
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


@pytest.mark.server
@pytest.mark.skipif(
    importlib.util.find_spec("app.main") is None, reason="app/main.py is not written yet"
)
def test_serve_starts_a_real_server(tmp_path: Path) -> None:
    with serving(tmp_path) as (base, log_path):
        status, content_type, body = get(f"{base}/docs")
        assert status == 200
        assert content_type.startswith("text/html")
        assert b"<html" in body.lower()

        status, _, body = get(f"{base}/openapi.json")
        assert status == 200
        assert "/api/games" in json.loads(body)["paths"]
    # uvicorn's access log is on by default: a line per request.
    assert '"GET /openapi.json HTTP/1.1" 200' in log_path.read_text()


@pytest.mark.server
def test_a_server_without_access_log_writes_no_line_per_request(tmp_path: Path) -> None:
    with serving(tmp_path, "--no-access-log") as (base, log_path):
        assert get(f"{base}/openapi.json")[0] == 200
    text = log_path.read_text()
    assert "no access log" in text  # the start-up line says so
    assert "Application startup complete" in text  # uvicorn's own lines still come
    assert "GET /" not in text


# -- migrate, export, import ----------------------------------------------------------------


def test_database_commands_accept_their_flags() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["export", "--db-url", "postgresql+psycopg://h/db", "-o", "a.gz"])
    assert (args.db, args.output) == ("postgresql+psycopg://h/db", "a.gz")
    assert parser.parse_args(["export"]).output == "-"
    args = parser.parse_args(["import", "--db", "x.db", "--skip-existing", "a.jsonl"])
    assert (args.db, args.skip_existing, args.archive) == ("x.db", True, "a.jsonl")
    assert parser.parse_args(["migrate", "--db", "x.db"]).db == "x.db"
    with pytest.raises(SystemExit):
        parser.parse_args(["import"])  # the archive is required


def test_database_url_reads_plain_database_url_after_ours() -> None:
    plain = {cli.ENV_PLAIN_DATABASE_URL: "postgresql+psycopg://u:p@db/facedown"}
    assert cli.database_url(None, plain) == "postgresql+psycopg://u:p@db/facedown"
    both = {**plain, cli.ENV_DATABASE_URL: "sqlite:////ours.db"}
    assert cli.database_url(None, both) == "sqlite:////ours.db"
    # As hosts hand them out: psycopg 3 is the driver we ship.
    assert cli.database_url("postgres://u@h/d", {}) == "postgresql+psycopg://u@h/d"
    assert cli.database_url(None, {cli.ENV_PLAIN_DATABASE_URL: "postgresql://u@h/d"}) == (
        "postgresql+psycopg://u@h/d"
    )


def test_a_logged_database_url_hides_its_password() -> None:
    shown = cli.shown_url("postgresql+psycopg://facedown:s3cret@db:5432/facedown")
    assert "s3cret" not in shown and "facedown@db" not in shown and "db:5432" in shown


def _stderr_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    captured = capsys.readouterr()
    return [line for line in captured.err.splitlines() if line.strip()]


def test_export_and_import_move_every_game(
    client, settings, make_game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long_game = play_long_game(client)
    make_game(client)
    source = settings.database_url.removeprefix("sqlite:///")
    archive = tmp_path / "backup.jsonl.gz"
    target = tmp_path / "moved" / "facedown.db"
    capsys.readouterr()

    assert cli.main(["export", "--db", source, "-o", str(archive)]) == 0
    [line] = _stderr_lines(capsys)
    assert line == (
        f"facedown export: 2 games (8 seats, 15 actions, 4 snapshots, 1 ruling) to {archive}"
    )
    assert archive.read_bytes()[:2] == b"\x1f\x8b"

    assert cli.main(["import", "--db", str(target), str(archive)]) == 0
    [line] = _stderr_lines(capsys)
    assert line.startswith("facedown import: 2 games (8 seats, 15 actions, 4 snapshots, 1 ruling)")
    assert database_rows(f"sqlite:///{target}") == database_rows(settings.database_url)

    # Again: the games are there already, so nothing is written, in one line.
    assert cli.main(["import", "--db", str(target), str(archive)]) == 1
    [line] = _stderr_lines(capsys)
    assert line.startswith("facedown import: refused: game ")
    assert line.endswith(
        "already exists in the target (--skip-existing keeps it and imports the others); nothing was imported"
    )

    assert cli.main(["import", "--db", str(target), "--skip-existing", str(archive)]) == 0
    lines = _stderr_lines(capsys)
    assert lines[0].startswith("facedown import: 0 games")
    assert lines[1].startswith("  skipped 2 existing: ")
    assert long_game.id in lines[1]
    assert database_rows(f"sqlite:///{target}") == database_rows(settings.database_url)


def test_database_commands_never_print_tokens_or_cards(
    client, settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = play_long_game(client)
    source = settings.database_url.removeprefix("sqlite:///")
    archive = tmp_path / "a.jsonl"
    capsys.readouterr()
    runs = [
        ["export", "--db", source, "-o", str(archive)],
        ["import", "--db", str(tmp_path / "t.db"), str(archive)],
        ["import", "--db", str(tmp_path / "t.db"), str(archive)],  # refused
        ["migrate", "--db", str(tmp_path / "t.db")],
    ]
    for argv in runs:
        cli.main(argv)
        captured = capsys.readouterr()
        for text in (captured.out, captured.err):
            assert HIDDEN_CARD not in text
            assert not any(token in text for token in game.tokens.values())


def test_bad_inputs_are_refused_in_one_line(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "nope.db"
    assert cli.main(["export", "--db", str(missing), "-o", str(tmp_path / "x.jsonl")]) == 1
    assert _stderr_lines(capsys) == [
        f"facedown export: refused: no SQLite database at {missing}; no archive was written"
    ]
    assert not missing.exists() and not (tmp_path / "x.jsonl").exists()

    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"format": "facedown-archive/9"}\n')
    target = tmp_path / "target.db"
    assert cli.main(["import", "--db", str(target), str(junk)]) == 1
    [line] = _stderr_lines(capsys)
    assert "unsupported archive format 'facedown-archive/9'" in line
    assert not target.exists(), "a file that is no archive creates no database"

    assert cli.main(["import", "--db", str(target), str(tmp_path / "absent.jsonl")]) == 1
    [line] = _stderr_lines(capsys)
    assert line.startswith("facedown import: refused: ") and "absent.jsonl" in line


def test_migrate_creates_and_upgrades_the_database(tmp_path: Path, capsys, monkeypatch) -> None:
    from sqlalchemy import create_engine, inspect

    db = tmp_path / "facedown.db"
    monkeypatch.delenv(cli.ENV_DATABASE_URL, raising=False)
    monkeypatch.setenv(cli.ENV_PLAIN_DATABASE_URL, f"sqlite:///{db}")
    assert cli.main(["migrate"]) == 0
    assert _stderr_lines(capsys)[-1] == f"facedown migrate: sqlite:///{db} is up to date"
    engine = create_engine(f"sqlite:///{db}")
    try:
        assert {"games", "seats", "actions", "snapshots", "rulings"} <= set(
            inspect(engine).get_table_names()
        )
    finally:
        engine.dispose()


def test_export_to_a_pipe_and_import_from_stdin(client, settings, tmp_path: Path) -> None:
    play_long_game(client)
    source = settings.database_url.removeprefix("sqlite:///")
    exported = subprocess.run(
        [facedown_executable(), "export", "--db", source],
        capture_output=True,
        timeout=60,
        env=clean_env(),
        check=False,
    )
    assert exported.returncode == 0, exported.stderr
    assert exported.stdout.startswith(b'{"format":"facedown-archive/1"')
    target = tmp_path / "piped.db"
    imported = subprocess.run(
        [facedown_executable(), "import", "--db", str(target), "-"],
        input=exported.stdout,
        capture_output=True,
        timeout=60,
        env=clean_env(),
        check=False,
    )
    assert imported.returncode == 0, imported.stderr
    assert imported.stderr.decode().splitlines() == [
        f"facedown import: 1 game (4 seats, 14 actions, 3 snapshots, 1 ruling) into "
        f"sqlite:///{target}"
    ]
    assert database_rows(f"sqlite:///{target}") == database_rows(settings.database_url)
