"""Permission and restriction effects on casting (601.3): one pydantic model per JSON `type`
(handlers: app.rules.mtg.permissions, app.rules.mtg.restrictions)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlayerName
from app.rules.mtg.permission_record import PermissionDuration, PermissionKind, PermissionZone
from app.rules.mtg.restriction_record import RestrictionKind

SourceText = Annotated[str, Field(max_length=120)]
CardType = Annotated[str, Field(min_length=1, max_length=30, pattern=r"^[A-Za-z ]+$")]


class GrantPermission(ActionModel):
    """An effect lets `player` (default: the one acting) cast, cast face down, play or
    foretell: one card (`object`: Gonti's exiled card) or the cards of a zone (`zone` of
    player `of`: the top of their library for Cemetery Illuminator), of some card types."""

    type: Literal["grant_permission"]
    allows: list[PermissionKind] = Field(min_length=1, max_length=5)
    player: PlayerName | None = None
    object: ObjectId | None = None
    zone: PermissionZone | None = None
    from_player: PlayerName | None = None
    types: list[CardType] = Field(default_factory=list, max_length=8)
    except_types: list[CardType] = Field(default_factory=list, max_length=8)
    once_each_turn: bool = False
    until: PermissionDuration = "end_of_turn"
    source: SourceText = ""


class EndPermission(ActionModel):
    """The effect ends (its source left the battlefield, say)."""

    type: Literal["end_permission"]
    permission: ObjectId


class RestrictCasting(ActionModel):
    """`player` can't cast spells of a kind (Void Winnower: even mana value)."""

    type: Literal["restrict_casting"]
    player: PlayerName
    kind: RestrictionKind
    until: Literal["end_of_turn", "until_ended"] = "until_ended"
    source: SourceText = ""


class EndRestriction(ActionModel):
    type: Literal["end_restriction"]
    restriction: ObjectId
