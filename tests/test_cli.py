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
from pathlib import Path

import pytest

from app import cli


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
    monkeypatch.delenv(cli.ENV_DATABASE_URL, raising=False)
    monkeypatch.delenv(cli.ENV_DEMO, raising=False)
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


@pytest.mark.server
@pytest.mark.skipif(
    importlib.util.find_spec("app.main") is None, reason="app/main.py is not written yet"
)
def test_serve_starts_a_real_server(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "server.log"
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [facedown_executable(), "serve", "--db", str(tmp_path / "x.db"), "--port", str(port)],
            cwd=tmp_path,
            env=clean_env(),
            stdout=log,
            stderr=subprocess.STDOUT,
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

        status, content_type, body = get(f"{base}/docs")
        assert status == 200
        assert content_type.startswith("text/html")
        assert b"<html" in body.lower()

        status, _, body = get(f"{base}/openapi.json")
        assert status == 200
        assert "/api/games" in json.loads(body)["paths"]
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
