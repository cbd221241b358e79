"""Schemathesis against the app's own OpenAPI schema: no 5xx, and every response matches
its documented schema, with and without a valid token."""

from __future__ import annotations

import atexit
import tempfile
from pathlib import Path

import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.generation import GenerationMode

from app.main import create_app
from app.settings import Settings
from tests.databases import fresh_postgres_database, postgres_server_url, require_postgres


def _fuzz_target(database_url: str) -> tuple[FastAPI, str, str]:
    """An app on `database_url` with one real game: (app, game id, judge token)."""
    app = create_app(Settings(database_url=database_url, rate_create="off", rate_act="off"))
    with TestClient(app) as client:
        created = client.post(
            "/api/games",
            json={
                "players": ["Alice", "Bob"],
                "setup": [
                    {"owner": "Alice", "zone": "hand", "card": "Exalted Angel"},
                    {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
                ],
            },
        ).json()
    return app, created["id"], created["judge"]["token"]


def _postgres_url() -> str | None:
    """A fresh database on the test server (dropped at exit), or None without one."""
    server = postgres_server_url()
    if server is None:
        return None
    context = fresh_postgres_database(server)
    url = context.__enter__()
    atexit.register(context.__exit__, None, None, None)
    return url


_folder = tempfile.mkdtemp(prefix="facedown-fuzz-")
APP, GAME_ID, JUDGE = _fuzz_target(f"sqlite:///{Path(_folder) / 'fuzz.db'}")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
# The same fuzzing against PostgreSQL, which refuses some values SQLite stores (NUL, say).
_PG_URL = _postgres_url()
if _PG_URL is not None:
    PG_APP, PG_GAME_ID, PG_JUDGE = _fuzz_target(_PG_URL)
    pg_schema = schemathesis.openapi.from_asgi("/openapi.json", PG_APP)
else:
    PG_APP, PG_GAME_ID, PG_JUDGE = None, "", ""
    pg_schema = schema


EXCLUDED_CHECKS = [
    # Semantic refusals (an owner who isn't a player) are 4xx by design.
    schemathesis.checks.positive_data_acceptance,
    # Every case carries the judge's token (set below), so schemathesis' own
    # "missing/invalid auth" probes don't apply; tests/web/api/test_api.py covers them.
    schemathesis.checks.ignored_auth,
    schemathesis.checks.missing_required_header,
    # Unknown query parameters are ignored, as HTTP APIs usually do.
    schemathesis.checks.negative_data_rejection,
]


def _call(case, game_id: str, judge: str) -> None:
    positive = case.meta is None or case.meta.generation.mode == GenerationMode.POSITIVE
    aim = positive and "game_id" in (case.path_parameters or {}) and len(repr(case.body)) % 2
    if aim:
        # Half the valid cases aim at the real game, so the fuzzer gets past 403/404.
        case.path_parameters["game_id"] = game_id
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {judge}"}
    case.call_and_validate(excluded_checks=EXCLUDED_CHECKS)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_responses_match_their_schema(case) -> None:
    _call(case, GAME_ID, JUDGE)


@pg_schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_responses_match_their_schema_on_postgresql(case) -> None:
    if PG_APP is None:
        require_postgres()  # skips, or fails on CI
    _call(case, PG_GAME_ID, PG_JUDGE)
