"""What a viewer is shown of a Riftbound game: the shared view shapes with Riftbound's public
facts (battlefields, phase, chain, showdown, rune pools, points, Might). No Magic field."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from app.rules.core.view import ObjectViewBase, PlayerViewBase, ViewBase


class BattlefieldView(BaseModel):
    id: str
    name: str
    name_fr: str | None
    text: str
    controller: str | None
    contested_by: str | None
    facedown_capacity: int
    # Ids of the facedown cards and units there (their faces as the viewer may see them
    # are in View.objects).
    facedown: list[str]
    units: list[str]


class ChainItemView(BaseModel):
    id: str
    kind: str
    object: str
    source_name: str
    source_name_fr: str
    controller: str
    targets: list[str]
    from_hidden: bool
    battlefield: str | None


class ShowdownView(BaseModel):
    battlefield: str
    combat: bool
    attacker: str
    defender: str | None


class RunePoolView(BaseModel):
    player: str
    points: int
    ready: int
    exhausted: int
    by_domain: dict[str, int]
    rune_deck: int
    main_deck: int
    trash: int


class TableView(BaseModel):
    rules_version: str
    phase: str
    # "open" (no chain) or "closed"; "neutral" or "showdown".
    state: str
    showdown_state: str
    battlefields: list[BattlefieldView]
    chain: list[ChainItemView]
    showdown: ShowdownView | None
    players: list[RunePoolView]
    victory_score: int


class RiftboundCardFace(BaseModel):
    """The printed card behind an object, for a viewer allowed to see it."""

    name: str
    name_fr: str | None
    types: list[str]
    subtypes: list[str]
    text: str
    might: int | None
    energy: int | None
    power_cost: int | None
    domain: str | None
    keywords: list[str]
    hidden: bool


class RiftboundObjectView(ObjectViewBase):
    # Might as it is now (buffs and this turn's effects), when the viewer may see the face.
    might: int | None
    # The battlefield a unit or facedown card is at.
    location: str | None = None
    card: RiftboundCardFace | None
    # The turn a facedown card was hidden (public: everyone saw it hidden; 811.1.b: playable
    # from the next turn); 0: before this game's turns; None: not a facedown card.
    hidden_turn: int | None = None


class RiftboundPlayerView(PlayerViewBase):
    points: int
    main_deck_count: int


class RiftboundView(ViewBase):
    ruleset: Literal["riftbound"]
    players: list[RiftboundPlayerView]
    objects: list[RiftboundObjectView]
    riftbound: TableView
