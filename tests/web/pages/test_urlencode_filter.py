"""Issue 18: the templates' `urlencode` is remembered for strings; it must quote exactly as
Jinja's own does (a rule number, an id, a player's name with spaces or accents)."""

from __future__ import annotations

import pytest
from jinja2 import Environment

from app.web.templating import make_environment

JINJA = Environment().filters["urlencode"]


@pytest.mark.parametrize(
    "value", ["708.9", "a b/c?d&e#f", "Ixidron’s élan", "/g/x y", "%00", 12, {"seat": "Bob Ré"}]
)
def test_urlencode_quotes_as_jinja_does(value: object) -> None:
    ours = make_environment().filters["urlencode"]
    assert ours(value) == JINJA(value)
    assert ours(value) == JINJA(value)  # and again, from memory
