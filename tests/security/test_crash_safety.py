"""SIGKILL during a stream of writes: after a restart the database is intact, every action
acknowledged to a client is in the log, and replay from version 0 equals each snapshot."""

from __future__ import annotations

import os
import signal
import sqlite3
import threading
import time

import httpx
import orjson
import pytest

from app.rules import engine as rules
from app.rules.families import load_state, parse_action
from tests.server import running_server, server_process


def _writer(base: str, game_id: str, token: str, creature: str, acked: list[int], stop) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=5) as http:
        i = 0
        while not stop.is_set():
            try:
                response = http.post(
                    f"/api/games/{game_id}/actions",
                    json={"type": "add_counter", "object": creature, "request_id": f"w-{i}"},
                )
            except httpx.HTTPError:
                return  # the server died under us
            if response.status_code == 200:
                acked.append(response.json()["version"])
            i += 1


@pytest.mark.server
def test_sigkill_mid_write_loses_no_acknowledged_action(tmp_path) -> None:
    db = tmp_path / "crash.db"
    with server_process(db, env={"FACEDOWN_SNAPSHOT_EVERY": "7"}) as (base, process):
        created = httpx.post(
            f"{base}/api/games",
            json={
                "players": ["Alice", "Bob"],
                "setup": [{"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"}],
            },
        ).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        view = httpx.get(
            f"{base}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"}
        ).json()
        creature = view["objects"][0]["id"]
        acked: list[int] = []
        stop = threading.Event()
        writers = [
            threading.Thread(target=_writer, args=(base, game_id, token, creature, acked, stop))
            for _ in range(3)
        ]
        for w in writers:
            w.start()
        time.sleep(2.0)
        os.killpg(process.pid, signal.SIGKILL)  # no shutdown, no checkpoint
        process.wait()
        stop.set()
        for w in writers:
            w.join()
    assert len(acked) > 20, "the writers should have been acknowledged many times"

    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = conn.execute(
            "SELECT version, actor, action FROM actions WHERE game_id = ? ORDER BY version",
            (game_id,),
        ).fetchall()
        snapshots = conn.execute(
            "SELECT version, state FROM snapshots WHERE game_id = ? ORDER BY version", (game_id,)
        ).fetchall()
    versions = [r[0] for r in rows]
    assert versions == list(range(len(versions)))  # gap-free
    assert set(acked) <= set(versions)  # nothing acknowledged was lost

    # Replay from version 0 reaches every snapshot exactly.
    state = load_state(snapshots[0][1])
    by_version = dict(snapshots)
    for version, actor, action in rows[1:]:
        state = rules.apply(state, parse_action(orjson.loads(action)), actor).state
        if version in by_version:
            assert state.model_dump_json() == by_version[version]
    assert len(by_version) > 2

    # And the server comes back on the same file, at the same version.
    with running_server(db) as base:
        view = httpx.get(
            f"{base}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert view["version"] == versions[-1]
        assert view["objects"][0]["counters"]["+1/+1"] == versions[-1]
