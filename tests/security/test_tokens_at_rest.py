"""Raw tokens never reach the database file or the server's logs."""

from __future__ import annotations

import logging

import httpx
import pytest

from app.web.middleware.access_log import RedactTokens, redact
from tests.server import running_server


def test_redact_hides_join_tokens_and_token_queries():
    assert redact('"GET /join/AbC-123_x HTTP/1.1" 303') == '"GET /join/… HTTP/1.1" 303'
    assert redact("/g/x?token=secret&v=2") == "/g/x?token=…&v=2"
    record = logging.LogRecord(
        "uvicorn.access", 20, "", 0, '%s - "%s %s"', ("1.2.3.4", "GET", "/join/s3cr3t"), None
    )
    RedactTokens().filter(record)
    assert "s3cr3t" not in record.getMessage()


@pytest.mark.server
def test_server_log_and_database_never_hold_a_raw_token(tmp_path):
    db = tmp_path / "tokens.db"
    with running_server(db) as base:
        created = httpx.post(
            f"{base}/api/games",
            json={"players": ["Alice", "Bob"], "setup": []},
        ).json()
        tokens = [s["token"] for s in created["seats"]]
        tokens += [created["judge"]["token"], created["spectator"]["token"]]
        for token in tokens:
            httpx.get(f"{base}/join/{token}", follow_redirects=False)
            httpx.get(
                f"{base}/api/games/{created['id']}/view",
                headers={"Authorization": f"Bearer {token}"},
            )
    logs = b"".join(p.read_bytes() for p in tmp_path.glob("tokens.*.log"))
    assert b"/join/" in logs  # the requests were logged...
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("tokens.db*"))
    for token in tokens:
        assert token.encode() not in logs  # ...without their tokens
        assert token.encode() not in stored
