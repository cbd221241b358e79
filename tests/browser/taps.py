"""Every tap, click, select or check a browser journey makes, through one counter, so a
journey's count can't leave one out. Letters typed into a field are free; tapping into the
field to type is a tap."""

from __future__ import annotations


class Taps:
    """The judge's taps on one page, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0
        # Seconds the test spent checking (layout, screenshots): not the judge's time.
        self.paused = 0.0

    def tap(self, locator) -> None:
        locator.tap()
        self.count += 1

    def select(self, locator, value: str) -> None:
        locator.select_option(value)
        self.count += 1

    def check(self, locator) -> None:
        locator.check()
        self.count += 1

    def type_into(self, locator, text: str) -> None:
        """Tap into a field (one tap), then type (letters are free)."""
        self.tap(locator)
        locator.press_sequentially(text)
