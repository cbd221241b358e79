"""SIGTERM with live pages open: every stream ends at once and `facedown serve` exits 0,
with one worker and with several (uvicorn's supervisor passes the signal to each worker,
whose streams end there: app/web/live_shutdown.py). Streams last minutes: before, the server
waited for them, and a deploy ended in SIGKILL."""

from __future__ import annotations

import signal
import socket
import subprocess
from urllib.parse import urlsplit

import pytest

from tests.counter_game import new_counter_game
from tests.server import server_process

pytestmark = pytest.mark.server

STREAMS = 50
# A correctness bound, not a speed measure (bench/live_streams.py measures): far below a
# stream's lifetime (300 s), which is what the server used to wait for.
EXIT_BOUND_S = 10


def open_stream(base: str, game_id: str, token: str) -> socket.socket:
    """A page's stream on a raw socket, once its first message (retry) has arrived."""
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
    sock.sendall(
        f"GET /g/{game_id}/live HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        f"Cookie: fd_seat={token}\r\n\r\n".encode()
    )
    received = b""
    while b"retry:" not in received:
        chunk = sock.recv(4096)
        assert chunk, received
        received += chunk
    assert received.startswith(b"HTTP/1.1 200"), received
    return sock


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_ends_open_streams_and_the_server_exits_cleanly(tmp_path, workers):
    with server_process(tmp_path / "live.db", workers=workers) as (base, process):
        game = new_counter_game(base)
        tokens = list(game.tokens.values())
        streams = [open_stream(base, game.id, tokens[i % len(tokens)]) for i in range(STREAMS)]
        try:
            process.send_signal(signal.SIGTERM)
            try:
                code = process.wait(timeout=EXIT_BOUND_S)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still running {EXIT_BOUND_S} s after SIGTERM with streams open")
            assert code == 0
            for sock in streams:  # each stream was ended by the server, not cut off
                sock.settimeout(5)
                rest = b""
                while chunk := sock.recv(4096):
                    rest += chunk
                assert rest.endswith(b"0\r\n\r\n"), rest  # the last chunk
        finally:
            for sock in streams:
                sock.close()
