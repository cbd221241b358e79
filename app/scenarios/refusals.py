"""A scenario step the rules refuse ("Bob asks to look"), written into the game's log where it
happened: the question a scenario answers is often about such a refusal."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text

REFUSED_KIND = "refused"


def refusal_event(actor: str | None, err: RuleError) -> Event:
    """The refused attempt as a log event, readable as the refusal itself was: the message
    and its rules in full only for the seat that tried (and the judge), since the engine wrote
    them for that seat's eyes (docs/DESIGN.md invariant 2); everyone else reads that it was
    refused."""
    if actor is None:
        public = Text(
            en="The judge tried an action the rules refuse.",
            fr="Le juge a tenté une action que les règles refusent.",
        )
    else:
        public = Text(
            en=f"{actor} tried an action the rules refuse.",
            fr=f"{actor} a tenté une action que les règles refusent.",
        )
    return Event(
        kind=REFUSED_KIND,
        public=public,
        private=Text(en=err.message_en, fr=err.message_fr),
        private_to=(actor,) if actor is not None else (),
        private_rules=tuple(err.rules),
    )
