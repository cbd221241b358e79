"""What the rules would not allow *now* (the turn, the step, the stack), in every family.

A seat is refused: its buttons and the engine agree, and a hostile seat posting such an action
changes nothing; so is the judge acting "as" a player (the judge's page looking as Alice offers
what Alice may do, and a scenario asking "may she?" gets her answer). The judge acting as the
judge is never blocked (a judge rebuilds what happened at a real table, where players do things
out of turn): the action applies, and the log says after it, with the rule, that the rules
wouldn't have allowed it then. The judge's buttons say so before the tap (app.rules.offers
reads the same event from a trial).

Only public facts go into these words (whose turn it is, the step, how many things are on the
stack, what kind of spell a face-down one is): a refusal or a warning tells nobody anything
about a hidden card.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text

# The event kind a judge's off-timing action adds to the log (and a trial to the judge's button).
OFF_TIMING = "off_timing"


class OffTiming(BaseModel):
    """Why an action isn't allowed now: a headline ("Not at sorcery speed now") and the fact
    that makes it so ("it is Alice's turn"), with the rules that say it."""

    model_config = ConfigDict(frozen=True)

    rules: tuple[str, ...]
    headline: Text
    why: Text

    def sentence(self) -> Text:
        return Text(
            en=f"{self.headline.en}: {self.why.en}", fr=f"{self.headline.fr} : {self.why.fr}"
        )


def refuse_seat_off_timing(ctx: Ctx[Any], problem: OffTiming | None) -> OffTiming | None:
    """A seat acting off timing is refused (nothing changes); for the judge the problem is
    returned, to be said after the action with `say_off_timing`."""
    if problem is None:
        return None
    if not ctx.judge:
        said = problem.sentence()
        raise RuleError(list(problem.rules), said.en, said.fr, kind="rule")
    return problem


# What the log adds after the reason once the judge has gone on.
_WENT_ON = Text(
    en="The rules wouldn't allow this now; the judge went on.",
    fr="Les règles ne le permettraient pas maintenant ; l'arbitre a continué.",
)


def _logged(problem: OffTiming) -> Text:
    """What the log says after the judge went on."""
    said = problem.sentence()
    return Text(en=f"{said.en}. {_WENT_ON.en}", fr=f"{said.fr}. {_WENT_ON.fr}")


def say_off_timing(ctx: Ctx[Any], problem: OffTiming | None) -> None:
    """The judge went on although the rules wouldn't allow it now: the log says so, with the
    rule, after what was done (public: only public facts are in it)."""
    if problem is None:
        return
    ctx.emit(OFF_TIMING, problem.rules, _logged(problem))


def warning_of(problem: OffTiming, numbers: str) -> Text:
    """`warning_before` from a move's declared precondition (no trial, so no event): the same
    words, made the same way."""
    return _warning(_logged(problem), numbers)


def warning_before(event: Event, numbers: str) -> Text:
    """What a judge's button says before the tap, from the event a trial of it logged: the
    reason alone, its rule numbers after the headline ("Not at sorcery speed now — 302.1: a
    creature spell is cast only ..., and it is Alice's turn.")."""
    return _warning(event.public, numbers)


def _warning(text: Text, numbers: str) -> Text:
    out = []
    for said, went_on, colon in ((text.en, _WENT_ON.en, ": "), (text.fr, _WENT_ON.fr, " : ")):
        headline, _, why = said.removesuffix(f" {went_on}").partition(colon)
        out.append(f"{headline} — {numbers}{colon}{why}" if numbers else f"{headline}{colon}{why}")
    return Text(en=out[0], fr=out[1])
