"""SECURITY.md states the bounds and every rate limit with the numbers the code uses: a
change to one of them that leaves the document behind fails here."""

from __future__ import annotations

from pathlib import Path

from app.rules.core.proposal_bound import MAX_PENDING_PER_SEAT
from app.settings import Settings
from app.web.live import STREAMS_PER_SEAT, STREAMS_PER_SPECTATOR_LINK
from app.web.middleware.ratelimit import Rate

DOC = (Path(__file__).resolve().parents[1] / "SECURITY.md").read_text()


def test_security_md_states_every_rate_limit_with_its_default() -> None:
    defaults = Settings.model_fields
    for kind in ("create", "act"):
        default = defaults[f"rate_{kind}"].default
        assert Rate.parse(default) is not None
        assert f"`FACEDOWN_RATE_{kind.upper()}` (`{default}`" in DOC, kind
    assert "Build a table" in DOC and "take-back requests and answers" in DOC


def test_security_md_states_the_per_seat_bounds() -> None:
    assert f"{STREAMS_PER_SEAT} per player's or judge's seat" in DOC
    assert f"{STREAMS_PER_SPECTATOR_LINK} for the spectators' link" in DOC
    assert f"| pending proposals from one seat in one game | {MAX_PENDING_PER_SEAT} |" in DOC
    max_body = Settings.model_fields["max_body_bytes"].default
    assert f"{max_body} bytes" in DOC


def test_security_md_says_a_may_is_always_its_players_choice() -> None:
    assert 'A "may" is always its player\'s' in DOC
