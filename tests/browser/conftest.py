"""Browser tests: a real uvicorn on 127.0.0.1 (a free port, a temporary database) and Debian's
Chromium driven by Playwright through `executable_path` — never a downloaded browser.

`.ci/run` (and `scripts/test` on CI) install Debian's `chromium` when /usr/bin/chromium is missing.
These tests skip only when no Chromium can be found at all, and say so loudly.

Every page any browser test opens is watched: a console error, an uncaught exception or a
Content-Security-Policy violation fails the test that opened it (`console_watch` below). A
test that provokes one on purpose says so with `@pytest.mark.console_allows("pattern")`.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


# The offline emulation's own refusal (`context.set_offline(True)`): the network, not a page.
ALWAYS_ALLOWED = (re.compile(r"net::ERR_INTERNET_DISCONNECTED"),)

# Chromium prints a refused inline style or script to the console; this says it again
# explicitly (with the directive), and also catches a violation reported without a message.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline")
    + " at " + e.sourceFile + ":" + e.lineNumber);
});
"""

# What the watched pages said, since the running test started.
_problems: list[str] = []


# A game page loads its scripts after its first paint (static/js/after_paint.js), so after
# the load event; <html data-scripts="loading"> until they have run. The page works without
# them meanwhile (plain forms and links), but a test acts as a person does a moment later:
# with them. These page methods, which end on a newly loaded page, wait for them too.
SCRIPTS_RUN = "() => !document.documentElement.hasAttribute('data-scripts')"
NAVIGATIONS = ("goto", "reload", "go_back", "go_forward", "wait_for_url")


def _after_navigating_wait_for_scripts(page: Any) -> None:
    for name in NAVIGATIONS:
        navigate = getattr(page, name)

        def wrapped(*args: Any, _navigate: Any = navigate, **kwargs: Any) -> Any:
            result = _navigate(*args, **kwargs)
            page.wait_for_function(SCRIPTS_RUN)
            return result

        setattr(page, name, wrapped)


def _watch_page(page: Any) -> None:
    def console(message: Any) -> None:
        if message.type == "error":
            _problems.append(f"console error on {page.url}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: _problems.append(f"uncaught on {page.url}: {error}"))
    _after_navigating_wait_for_scripts(page)


def _watch_context(context: Any) -> Any:
    context.add_init_script(CSP_REPORTER)
    context.on("page", _watch_page)
    return context


class WatchedBrowser:
    """The Playwright browser, except that every context (and page) it makes is watched."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def new_context(self, **kwargs: Any) -> Any:
        return _watch_context(self._real.new_context(**kwargs))

    def new_page(self, **kwargs: Any) -> Any:
        context = self.new_context(**kwargs)
        page = context.new_page()
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.fixture(autouse=True)
def console_watch(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Fails the test on any console error, uncaught exception or CSP violation on a page it
    opened. Set up before the test's contexts and torn down after they close, so every
    message has arrived by the time it looks."""
    _problems.clear()
    yield _problems
    allowed = list(ALWAYS_ALLOWED)
    for mark in request.node.iter_markers("console_allows"):
        allowed.extend(re.compile(pattern) for pattern in mark.args)
    unexpected = [p for p in _problems if not any(a.search(p) for a in allowed)]
    _problems.clear()
    assert not unexpected, "the browser said:\n" + "\n".join(unexpected)


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
            yield WatchedBrowser(chromium)
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
