"""The home page's judge questions sit in collapsed groups (issue 29): open a question's group,
then tap the question."""

from __future__ import annotations


def start_question(page, key: str) -> None:
    """Open the group holding the judge question `key` and tap it (one tap each)."""
    page.locator(f'details.question-group:has(input[value="{key}"]) > summary').click()
    page.locator(f'form:has(input[name="scenario"][value="{key}"]) button').click()
