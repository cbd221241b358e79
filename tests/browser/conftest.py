"""Browser tests: a real uvicorn on 127.0.0.1 (a free port, a temporary database) and Debian's
Chromium driven by Playwright through `executable_path` — never a downloaded browser.

`.ci/run` (and `scripts/test` on CI) install Debian's `chromium` when /usr/bin/chromium is missing.
These tests skip only when no Chromium can be found at all, and say so loudly.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import running_server

PHONE = {"width": 360, "height": 800}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for candidate in (
        os.environ.get("FACEDOWN_CHROMIUM"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """http://127.0.0.1:<port> of a fresh `facedown serve` (free port, temporary database,
    rate limits off), shared by every browser test of this worker and stopped at the end:
    each test makes its own games, and a server start costs seconds (one per module did)."""
    db = tmp_path_factory.mktemp("browser-db") / "facedown.db"
    with running_server(db) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium, for one test module: Playwright's sync API holds an event loop in this
    thread while it runs, so it must not outlive the browser tests (other tests in the same
    worker use asyncio)."""
    executable = chromium_path()
    if executable is None:
        pytest.skip(
            "BROWSER TESTS SKIPPED: no Chromium found (looked at $FACEDOWN_CHROMIUM, "
            "/usr/bin/chromium, chromium on PATH). Install Debian's: apt-get install chromium "
            "(scripts/test and .ci/run do this when they can)."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def phone(browser):
    """A new phone-sized browser context (its own cookies), closed after the test."""
    contexts = []

    def make(locale: str = "en-GB"):
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            extra_http_headers={"Accept-Language": locale},
        )
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
