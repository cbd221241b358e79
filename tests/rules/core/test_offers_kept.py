"""A button and a candidate's model, kept by what they are made of (app/rules/offers.py): the
same inputs give the same frozen values, and any input that differs (the action, its object,
its words, a judge's warning) gives its own."""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.mtg.actions import Untap
from app.rules.offers import Candidate, _option, _parsed, action_key


def _candidate(action: dict, en: str = "Untap", fr: str = "Dégager", target: str | None = "o1"):
    return Candidate(action, Text(en=en, fr=fr), target)


def test_708_2_the_same_candidate_gets_the_same_button() -> None:
    a = _option(_candidate({"type": "untap", "object": "o1"}), None)
    b = _option(_candidate({"type": "untap", "object": "o1"}), None)
    assert a is b
    assert a.action == {"type": "untap", "object": "o1"} and a.label == "Untap"


def test_708_2_a_button_is_never_another_candidates() -> None:
    base = _option(_candidate({"type": "untap", "object": "o1"}), None)
    other_object = _option(_candidate({"type": "untap", "object": "o2"}, target="o2"), None)
    other_words = _option(_candidate({"type": "untap", "object": "o1"}, en="Untap it"), None)
    other_fr = _option(_candidate({"type": "untap", "object": "o1"}, fr="Dégagez"), None)
    warned = _option(
        _candidate({"type": "untap", "object": "o1"}),
        Text(en="302.6 — not now", fr="302.6 — pas maintenant"),
    )
    assert other_object.action["object"] == "o2" and other_object.object == "o2"
    assert other_words.label == "Untap it"
    assert other_fr.label_fr == "Dégagez"
    assert warned.warning == "302.6 — not now" and base.warning is None
    assert len({id(o) for o in (base, other_object, other_words, other_fr, warned)}) == 5


def test_a_candidates_model_is_read_once_and_is_its_own() -> None:
    one = {"type": "untap", "object": "o1"}
    two = {"type": "untap", "object": "o2"}
    first = _parsed(Untap, one, action_key(one))
    assert _parsed(Untap, dict(one), action_key(one)) is first
    second = _parsed(Untap, two, action_key(two))
    assert isinstance(first, Untap) and isinstance(second, Untap)
    assert (first.object, second.object) == ("o1", "o2")
