"""A real `facedown serve` on 127.0.0.1 for tests that need one (uvicorn, real sockets)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _facedown() -> list[str]:
    script = shutil.which("facedown", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "app.cli"]


@contextmanager
def running_server(
    db: Path | str,
    *,
    workers: int = 1,
    timeout: float = 30.0,
    env: dict[str, str] | None = None,
    port: int | None = None,
    log_dir: Path | None = None,
) -> Iterator[str]:
    """Start the server on a free port, wait for /healthz, yield its base URL, stop it.
    Rate limits are off unless `env` sets them: every test client shares 127.0.0.1."""
    with server_process(
        db, workers=workers, timeout=timeout, env=env, port=port, log_dir=log_dir
    ) as (base, _process):
        yield base


@contextmanager
def server_process(
    db: Path | str,
    *,
    workers: int = 1,
    timeout: float = 30.0,
    env: dict[str, str] | None = None,
    port: int | None = None,
    log_dir: Path | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Like running_server, but also yields the process (to kill it mid-flight). `db` is a
    SQLite file or any database URL (a PostgreSQL database, say); the server's log goes next
    to the SQLite file, or into `log_dir` (default: a new temporary folder)."""
    port = port or free_port()
    command = [*_facedown(), "serve", "--db", str(db), "--port", str(port)]
    if workers > 1:
        command += ["--workers", str(workers)]
    env = {
        **os.environ,
        "FACEDOWN_DEMO": "0",
        "FACEDOWN_RATE_CREATE": "off",
        "FACEDOWN_RATE_ACT": "off",
        **(env or {}),
    }
    # To a file, not a pipe: an unread pipe fills up and blocks the server's access log.
    if isinstance(db, Path) and log_dir is None:
        log_path = db.with_suffix(f".{port}.log")
    else:
        log_path = (log_dir or Path(tempfile.mkdtemp(prefix="facedown-server-"))) / f"{port}.log"
    log_file = log_path.open("wb")
    process = subprocess.Popen(
        command, env=env, stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"server exited early:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not become healthy in time")
            time.sleep(0.1)
        yield base, process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log_file.close()
