"""What a viewer is shown of a Riftbound game beyond the shared View (public facts only)."""

from __future__ import annotations

from pydantic import BaseModel


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


class RiftboundView(BaseModel):
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
