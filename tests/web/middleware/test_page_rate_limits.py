"""Every page form that creates something or acts is rate-limited like its API twin
(app/web/middleware/ratelimit.py): importing a file, forking a ruling, publishing a ruling
(the judge's form and the API) and a pending choice (hideaway, manifest dread). The limit is counted before anything
reads the request, so even a refused request takes its token."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}

# (route, kind of limit)
LIMITED = [
    ("/import", "create"),
    ("/r/AbCdEfGhIjKlMnOp/fork", "create"),
    ("/g/AbCdEfGh/rulings", "create"),
    ("/api/games/AbCdEfGh/rulings", "create"),
    ("/g/AbCdEfGh/choice", "act"),
]


@pytest.mark.parametrize(("path", "kind"), LIMITED)
def test_a_page_form_is_refused_with_429_past_its_limit(tmp_path, path: str, kind: str) -> None:
    limits = {"rate_create": "off", "rate_act": "off"} | {f"rate_{kind}": "1/hour"}
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'rl.db'}", **limits)
    client = TestClient(create_app(settings))
    first = client.post(path, data={"json": "{}"}, headers=SAME_ORIGIN)
    assert first.status_code != 429, first.text
    second = client.post(path, data={"json": "{}"}, headers=SAME_ORIGIN)
    assert second.status_code == 429, (path, second.status_code, second.text)
    assert int(second.headers["retry-after"]) >= 1
    # Another address has its own bucket.
    other = TestClient(client.app, client=("198.51.100.4", 50000))
    assert other.post(path, data={"json": "{}"}, headers=SAME_ORIGIN).status_code != 429
