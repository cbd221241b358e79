"""Riftbound's table, the data that rides on a RiftboundGame: battlefields, turn phase, the
chain, the showdown, scores. Plain data (no behaviour), used by the state and cards modules.

Rules version pinned: core rules 2026-03-30 (seed 001 is its 811, "Caché"/Hidden).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.riftbound.rule_book import RULES_VERSION  # pinned once, in citations.toml

Phase = Literal["awaken", "beginning", "channel", "draw", "main", "ending"]

# Where a chosen unit may be, as a card's own wording says (811.1.d.2 compares this with
# the battlefield a hidden card was played from).
TargetWhere = Literal[
    "anywhere",  # "a unit"
    "battlefield",  # "a unit at a battlefield"
    "same_battlefield",  # Switcheroo's second unit: at the same battlefield as the first
    "other_location",  # Tideturner / Evelynn: "at another / a different location"
]
# Each kind is a function in effects.EFFECTS; a kind marked "not modelled" changes nothing and
# tells the table to apply it by hand.
EffectKind = Literal[
    "might",  # give the target(s) +N / -N Might this turn (minimum_might applies)
    "buff",  # buff a unit (+1 Might counter; buff_bonus: Stand United's +1 more this turn)
    "kill_draw",  # kill a unit; its controller draws 2 (Hidden Blade)
    "move_to_base",  # move a unit from a battlefield to its base (Fight or Flight)
    "return_to_hand",  # return a unit to its owner's hand (Windsinger)
    "swap_places",  # the source and its target swap locations (Tideturner)
    "move_here",  # move the target to the source's battlefield (Evelynn)
    "swap_might",  # swap two units' Might this turn (Switcheroo)
    "shield_tank",  # give Shield 3 and Tank this turn (Block): not modelled
    "draw",  # draw N (Consult the Past)
    "token",  # play a ready N-Might unit token (Sprite Call): 811.1.d.3 decides where
    "attach",  # attach this gear to a unit you control here, +amount Might (Edge of Night)
    "none",  # an effect the engine doesn't model
]


class TargetSpec(BaseModel):
    """One choice a card's effect makes: what it may choose, by its own wording."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    controller: Literal["any", "friendly", "enemy"] = "any"
    where: TargetWhere = "anywhere"
    max_might: int | None = Field(default=None, ge=0, le=99)
    not_self: bool = False
    optional: bool = False


class PlayEffect(BaseModel):
    """A spell's effect, or a permanent's "when you play me" effect, as data."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: EffectKind = "none"
    targets: tuple[TargetSpec, ...] = ()
    amount: int = Field(default=0, ge=-99, le=99)
    minimum_might: int | None = Field(default=None, ge=0, le=99)
    # Stand United: buffs give this much more Might to the controller's units this turn.
    buff_bonus: int = Field(default=0, ge=0, le=99)
    # Evelynn: only when played from face down on your turn.
    only_from_facedown_on_your_turn: bool = False
    # Edge of Night: only when played from face down (any turn).
    only_from_facedown: bool = False
    text: str = Field(default="", max_length=500)
    text_fr: str | None = Field(default=None, max_length=500)


class BattlefieldState(BaseModel):
    """A battlefield (a location) and its facedown zone's capacity. Its controller may be
    nobody; contested_by is the player whose unit applied Contested (they attack)."""

    id: str
    name: str
    name_fr: str | None = None
    text: str = ""
    owner: str
    controller: str | None = None
    contested_by: str | None = None
    facedown_capacity: int = 1
    position: int = 0


class ChainItem(BaseModel):
    """An item on the chain: a spell card (object in the chain zone) or a permanent's play
    effect. `hidden_at` is the battlefield a card was played from face down (811.1.d)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["spell", "play_effect"]
    object: str
    source_name: str
    source_name_fr: str
    controller: str
    targets: tuple[str, ...] = ()
    hidden_at: str | None = None
    position: int = 0


class Showdown(BaseModel):
    """A showdown (or combat, with an attacker and a defender) at one battlefield."""

    model_config = ConfigDict(frozen=True)

    battlefield: str
    combat: bool
    attacker: str
    defender: str | None = None


class RiftboundTable(BaseModel):
    rules_version: str = RULES_VERSION
    phase: Phase = "main"
    battlefields: list[BattlefieldState] = Field(default_factory=list)
    chain: list[ChainItem] = Field(default_factory=list)
    showdown: Showdown | None = None
    points: dict[str, int] = Field(default_factory=dict)
    # 470 (scoring): a player scores a battlefield at most once a turn.
    scored_this_turn: dict[str, list[str]] = Field(default_factory=dict)
    # Stand United: buffs give +1 more to friendly units this turn, per player.
    buff_bonus: dict[str, int] = Field(default_factory=dict)
    victory_score: int = 8

    def battlefield(self, bf_id: str) -> BattlefieldState | None:
        return next((b for b in self.battlefields if b.id == bf_id), None)
