"""Start `facedown serve` (or the bare anchor app, bench/bare_app.py) on 127.0.0.1, and read
its CPU time."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

# The bench's server: rate limits off (every client is 127.0.0.1), the baseline endpoint on.
BENCH_ENV = {
    "FACEDOWN_DEMO": "0",
    "FACEDOWN_RATE_CREATE": "off",
    "FACEDOWN_RATE_ACT": "off",
    "FACEDOWN_BENCH_PROBE": "1",
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def facedown_command() -> list[str]:
    script = shutil.which("facedown", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "app.cli"]


@dataclass
class Server:
    base_url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server and its worker processes so far."""
        return sum(_cpu_of(pid) for pid in _tree(self.process.pid))


def _tree(pid: int) -> list[int]:
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return pids
    for child in children:
        pids += _tree(int(child))
    return pids


def _cpu_of(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    # Fields after the ")" start at field 3 (state): utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / ticks


# The ways the app reads its database URL: ours first, then the conventional name. Both are
# set to the bench's database, so that one left in the environment (a real database's) is
# never what the bench's server writes to.
ROOT = Path(__file__).resolve().parents[1]

DATABASE_URL_VARIABLES = ("FACEDOWN_DATABASE_URL", "DATABASE_URL")


@contextmanager
def running(
    database_url: str,
    log_dir: Path,
    *,
    workers: int = 1,
    env: dict[str, str] | None = None,
    timeout: float = 60.0,
) -> Iterator[Server]:
    """`facedown serve` on `database_url` (a SQLite file is also given as `--db`), on a free
    port, until the block ends; its output goes to a log file in `log_dir`."""
    port = free_port()
    # As deployed behind a reverse proxy that logs the requests (README "Deploying"): no
    # access log line per request. The bare app runs the same way (bench/bare_app.py).
    command = [*facedown_command(), "serve", "--port", str(port), "--no-access-log"]
    if database_url.startswith("sqlite"):
        command += ["--db", database_url]
    if workers > 1:
        command += ["--workers", str(workers)]
    full_env = {**os.environ, **BENCH_ENV, **(env or {})}
    for name in DATABASE_URL_VARIABLES:
        full_env[name] = database_url
    with _process(command, full_env, port, log_dir / f"server.{port}.log", timeout) as server:
        yield server


@contextmanager
def running_bare(log_dir: Path, *, timeout: float = 60.0) -> Iterator[Server]:
    """bench/bare_app.py (the anchor) on a fresh SQLite file of its own in `log_dir`."""
    port = free_port()
    db = log_dir / f"bare.{port}.db"
    command = [sys.executable, "-m", "bench.bare_app", "--port", str(port), "--db", str(db)]
    log_path = log_dir / f"bare.{port}.log"
    # From the checkout's root, where `bench` is importable.
    with _process(command, dict(os.environ), port, log_path, timeout, ROOT) as server:
        yield server


@contextmanager
def _process(
    command: list[str],
    env: dict[str, str],
    port: int,
    log_path: Path,
    timeout: float,
    cwd: Path | None = None,
) -> Iterator[Server]:
    """Run `command` (a server on `port`) until the block ends, once /healthz answers 200."""
    log_file = log_path.open("wb")
    process = subprocess.Popen(
        command,
        env=env,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        cwd=cwd,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited early:\n{log_path.read_text()[-4000:]}")
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not become healthy in time")
            time.sleep(0.1)
        yield Server(base, process, log_path)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log_file.close()
