"""Helpers for the page tests: a browser-like client per seat, reading buttons off pages,
and posting actions the way htmx (or a plain form) does."""

from __future__ import annotations

import atexit
import functools
import html
import json
import re
from contextlib import ExitStack
from typing import Any

import anyio.from_thread
from fastapi.testclient import TestClient

HTMX = {"HX-Request": "true"}
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}

# Alice holds a morph card with a name found nowhere else in the game.
SECRET = "Akroma, Angel of Fury"
SECRET_WORDS = ("Akroma", "Fury")
LEAK_SETUP: tuple[dict[str, Any], ...] = (
    {"owner": "Alice", "zone": "hand", "card": SECRET},
    {"owner": "Alice", "zone": "hand", "card": "Grizzly Bears"},
    {"owner": "Alice", "zone": "library", "card": "Island"},
    {"owner": "Bob", "zone": "hand", "card": "Llanowar Elves"},
    {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
)


# A TestClient not entered as a context (a browser: the app's lifespan is its test's own
# client's) starts a thread and an event loop for each request, and stops them after: about
# a millisecond of a page request's five. The browsers of a test process share one loop
# instead, as the pages of a real server do.
_LOOPS = ExitStack()
atexit.register(_LOOPS.close)


@functools.cache
def shared_portal() -> anyio.from_thread.BlockingPortal:
    """One event loop, in its own thread, for this process's browsers' requests."""
    return _LOOPS.enter_context(anyio.from_thread.start_blocking_portal())


def browser(app: Any, **kwargs: Any) -> TestClient:
    """A TestClient (a cookie jar) whose requests run on the shared loop."""
    client = TestClient(app, **kwargs)
    client.portal = shared_portal()
    return client


def seat_client(app: Any, token: str, base_url: str = "http://testserver") -> TestClient:
    """A separate browser (cookie jar) that opened this seat link."""
    client = browser(app, base_url=base_url)
    response = client.get(f"/join/{token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    return client


def buttons(page: str) -> list[dict[str, Any]]:
    """The action of every button on a page or fragment, as JSON."""
    return [
        json.loads(html.unescape(v)) for v in re.findall(r'name="action" value="([^"]+)"', page)
    ]


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]*)"', page)
    assert found, "no csrf field on this page"
    return found.group(1)


def version_of(page: str) -> int:
    found = re.search(r'name="expected_version" value="(\d+)"', page)
    assert found, "no version on this page"
    return int(found.group(1))


def tile_id(page: str, text: str) -> str:
    """The object id of the tile whose name (or label) starts with `text`."""
    pattern = r'objects/([0-9a-f]+)"[^>]*>\s*<span class="tile-name">' + re.escape(text)
    found = re.search(pattern, page)
    assert found, f"no tile named {text!r}"
    return found.group(1)


def act(
    client: TestClient,
    game_id: str,
    action: dict[str, Any],
    page: str,
    *,
    htmx: bool = True,
    headers: dict[str, str] | None = None,
    csrf: str | None = None,
):
    """Post one button the way the page would: htmx with its header token, or a plain form."""
    token = csrf_of(page) if csrf is None else csrf
    sent = {**SAME_ORIGIN, **(HTMX if htmx else {})}
    if htmx:
        sent["X-CSRF-Token"] = token
    sent |= headers or {}
    data = {"action": json.dumps(action), "expected_version": str(version_of(page))}
    if not htmx:
        data["csrf"] = token
    return client.post(f"/g/{game_id}/act", data=data, headers=sent, follow_redirects=False)


def option(page: str, type_: str, **match: Any) -> dict[str, Any]:
    for action in buttons(page):
        if action["type"] == type_ and all(action.get(k) == v for k, v in match.items()):
            return action
    raise AssertionError(f"no {type_} {match} button among {buttons(page)}")


def environment_preferring(folder: Any) -> Any:
    """The app's template environment, with the templates in `folder` (kept copies of
    templates as they were) found first: pages rendered both ways must give the same bytes."""
    from jinja2 import ChoiceLoader, FileSystemLoader

    from app.web.templating import make_environment

    env = make_environment()
    assert env.loader is not None
    env.loader = ChoiceLoader([FileSystemLoader(folder), env.loader])
    return env
