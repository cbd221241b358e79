"""The service worker never stores an answer marked `private` or `no-store` (templates/
service_worker.js), checked on its behaviour in Debian's Chromium, not on its configuration.

The worker keeps every ruling page (/r/...) once opened. Behind the real app, this test's
server answers a few /r/ pages itself, differing only in their Cache-Control: the public one
is kept (so the worker does store pages in this very run), the private and no-store ones,
opened before it, are not in the Cache Storage once it is.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from starlette.responses import HTMLResponse
from starlette.types import Receive, Scope, Send

from app.main import create_app
from app.settings import Settings
from tests.browser.test_offline import CACHED_URLS, wait_controlled
from tests.server import free_port

pytestmark = pytest.mark.browser

PUBLIC = "/r/sw-test-public"
# Each answer the worker must not keep, by its Cache-Control.
NOT_KEPT = {
    "/r/sw-test-private": "private",
    "/r/sw-test-private-max-age": "private, max-age=600",
    "/r/sw-test-private-upper": "Private, Max-Age=600",
    "/r/sw-test-no-store": "no-store",
    "/r/sw-test-both": "private, no-store",
}
PAGES = {PUBLIC: "public, max-age=600"} | NOT_KEPT


def with_test_pages(app):
    """The real app, but for the test's /r/ pages: the same small page, each with its own
    Cache-Control."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] in PAGES:
            # An icon of its own, as the app's pages have: else the browser asks for
            # /favicon.ico, a 404 in the console.
            body = (
                '<!doctype html><title>t</title><link rel="icon" href="data:,">'
                f"<h1>{scope['path']}</h1>"
            )
            response = HTMLResponse(body, headers={"Cache-Control": PAGES[scope["path"]]})
            await response(scope, receive, send)
            return
        await app(scope, receive, send)

    return asgi


@pytest.fixture(scope="module")
def worker_server(tmp_path_factory) -> Iterator[str]:
    """This process's app (the worktree's code) under uvicorn on a free port, in a thread."""
    db = tmp_path_factory.mktemp("sw") / "sw.db"
    app = create_app(Settings(database_url=f"sqlite:///{db}", rate_create="off", rate_act="off"))
    port = free_port()
    config = uvicorn.Config(
        with_test_pages(app), host="127.0.0.1", port=port, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        assert thread.is_alive(), "the test server stopped"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def test_the_worker_keeps_a_public_ruling_page_but_never_a_private_or_no_store_one(
    worker_server, phone
) -> None:
    page = phone().new_page()
    page.goto(worker_server + "/")
    wait_controlled(page)
    for path in NOT_KEPT:
        response = page.goto(worker_server + path)
        assert response is not None and response.ok, path
        assert page.locator("h1").inner_text() == path
    page.goto(worker_server + PUBLIC)
    # The public page is stored (the worker does store pages in this run) ...
    page.wait_for_function(
        "async (url) => !!(await caches.match(url))", arg=worker_server + PUBLIC, timeout=10_000
    )
    time.sleep(0.5)  # ... and any store of the pages opened before it is done by now.
    kept = page.evaluate(CACHED_URLS)
    assert worker_server + PUBLIC in kept
    assert [u for u in kept if u.removeprefix(worker_server) in NOT_KEPT] == []
