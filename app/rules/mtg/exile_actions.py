"""Exiling face down, with who may look (406.3), and what happens to such a card afterwards:
foretell (702.143), cast from exile, turned face up there, returned to the battlefield.
One pydantic model per JSON `type` (handlers: app.rules.mtg.exile and app.rules.mtg.foretell)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlayerName
from app.rules.mtg.exile_record import ExileLook

SourceText = Annotated[str, Field(max_length=120)]


class Foretell(ActionModel):
    """702.143a: during their own turn, a player pays {2} and exiles a card with foretell
    from their hand face down (a special action, 702.143b)."""

    type: Literal["foretell"]
    object: ObjectId


class BecomeForetold(ActionModel):
    """702.143d: an effect makes a card foretold (Ethereal Valkyrie): from its owner's hand
    (exiled face down now) or already exiled face down. `cost`: the foretell cost the effect
    gives (its mana cost reduced by {2}), or none (its printed foretell cost, if any)."""

    type: Literal["become_foretold"]
    object: ObjectId
    cost: Literal["mana_cost_minus_2", "printed"] = "mana_cost_minus_2"
    source: SourceText = ""


class ExileFaceDown(ActionModel):
    """Exile a card face down with an instruction saying who may look at it (406.3): the
    player who exiled it (Bane Alley Broker, Summoner's Egg's imprint), its owner, or nobody.
    `by`: who exiles it, when the judge does it for a player (a seat exiles as itself)."""

    type: Literal["exile_face_down"]
    object: ObjectId
    look: ExileLook = "exiler"
    via: Literal["effect", "imprint"] = "effect"
    source: SourceText = ""
    by: PlayerName | None = None


class CastFromExile(ActionModel):
    """Cast a card from exile: a foretold card for its foretell cost on a later turn
    (702.143a), or as an effect allows (`effect` / None). A face-down card is turned face
    up just before it is cast (406.3a), and only a player allowed to look at it may cast
    it (406.3b)."""

    type: Literal["cast_from_exile"]
    object: ObjectId
    via: Literal["foretell", "effect"] | None = None


class TurnFaceUpInExile(ActionModel):
    """Turn a card exiled face down face up where it is (Summoner's Egg dying): revealed
    to everyone."""

    type: Literal["turn_face_up_in_exile"]
    object: ObjectId


class ReturnFromExile(ActionModel):
    """Put an exiled card onto the battlefield under `controller` (default: who does it),
    face up (it enters as itself) or face down (a 2/2 whose enters abilities don't apply,
    708.3)."""

    type: Literal["return_from_exile"]
    object: ObjectId
    face_down: bool = False
    controller: PlayerName | None = None
