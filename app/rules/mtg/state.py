"""A Magic game's state: the shared MtgGame with Magic's zones, objects and status.

Plain data, no behaviour beyond look-ups; it leaves the core only through app.rules.redact.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.cards import CardDef
from app.rules.core.context import Ctx
from app.rules.core.state import GameObject, GameState, PlayerState
from app.rules.mtg.cards import CardTrigger, HideawayCondition, MtgCard, TriggerEffect
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.permission_record import CastPermission
from app.rules.mtg.restriction_record import CastRestriction
from app.rules.mtg.values import Characteristics

# Today's rules, and the January 2004 Comprehensive Rules as an edition of the same family.
MtgRuleset = Literal["mtg", "mtg-2004"]
# Who may look at a hideaway card: the Lorwyn release notes (seed 004, 502.75 of 2007) or
# today's 702.75a with 406.3. A game applies one and shows the judge the other's answer.
HideawayEdition = Literal["current", "lorwyn"]


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    STACK = "stack"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    # 2004 rules only: phasing moved a permanent to its own zone (seed 002, 504.2).
    PHASED_OUT = "phased_out"


ZONE_FR = {
    Zone.LIBRARY: "bibliothèque",
    Zone.HAND: "main",
    Zone.STACK: "pile",
    Zone.BATTLEFIELD: "champ de bataille",
    Zone.GRAVEYARD: "cimetière",
    Zone.EXILE: "exil",
    Zone.PHASED_OUT: "zone hors phase",
}

HIDDEN_ZONES = frozenset({Zone.LIBRARY, Zone.HAND})

# What made an object face down. Public knowledge (708.6: you must track how each
# became face down), except that megamorph is shown as morph: both are cast the same way.
FaceDownVia = Literal[
    "morph", "megamorph", "disguise", "manifest", "cloak", "illusionary_mask", "ixidron", "effect"
]


# The steps of a turn (500.1: beginning, precombat main, combat, postcombat main, ending),
# as a judge says where a built table starts. Not advanced by the engine.
Step = Literal[
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup",
]  # fmt: skip


class Modifier(BaseModel):
    """A continuous effect from outside on one permanent (a pump, or apply_effect's type,
    ability and base P/T changes): it survives turning face up or down (708.8; seed 707.8),
    applied in layer order (613) by characteristics.current, in the order they began
    (613.7: timestamps)."""

    model_config = ConfigDict(frozen=True)

    # Layer 7c (613.4c): added to power and toughness.
    power: int = 0
    toughness: int = 0
    until_end_of_turn: bool = True
    source: str = ""
    # Layer 4 (613.1d): types and subtypes it gains, in addition to its others.
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    # Layer 6 (613.1f): it loses all abilities.
    loses_all_abilities: bool = False
    # Layer 7b (613.4b): its base power and toughness become these.
    base_power: int | None = None
    base_toughness: int | None = None
    # "As long as it is face down, it can't be turned face up" (Unable to Scream).
    cant_turn_face_up: bool = False
    # Layer 6 (613.1f): a triggered ability it gains, face down too (708.2 lists what it has
    # of its own; effects may still grant it abilities).
    grants: tuple[CardTrigger, ...] = ()


class MtgObject(GameObject):
    """A Magic card or token in a zone, with its status and what made it face down."""

    card: MtgCard
    zone: Zone
    face_down_via: FaceDownVia | None = None
    # 708.6: public order numbers, counted per controller and zone kind.
    cast_order: int | None = None
    entered_order: int | None = None
    phased_out: bool = False
    attacked_turn: int | None = None
    modifiers: list[Modifier] = Field(default_factory=list)
    # Copy effect: the copiable values it copied (707.10); None when not a copy.
    # A face-up object copying a face-down one copies a nameless 2/2 (707.2).
    copy_of: Characteristics | None = None
    # Who controlled it when it phased out (2004 phased-out zone).
    last_controller: str | None = None
    # Status (110.5): flipped (709 / today 710). A new object is never flipped (709.4).
    flipped: bool = False
    # Every player who has controlled this permanent since it entered (hideaway's
    # "any player who has controlled"), in order.
    controllers: list[str] = Field(default_factory=list)
    # Links a hideaway permanent and the card its hideaway ability exiled (607 linked
    # abilities). Server-side only: never shown, gone with a zone change (400.7).
    hideaway_link: str | None = None
    # A card exiled face down by foretell or another effect: its public facts (406.4) and
    # who may look (406.3). None elsewhere; gone with a zone change (400.7).
    exiled: ExiledFaceDown | None = None
    # --- turning face up ---
    # What its controller stated as it turned face up (708.11: "choose a color"). Public;
    # gone with a zone change (400.7) like every other status.
    turned_up_choice: str | None = None
    # 702.143c: a spell that was a foretold card before it was cast ("if this spell was
    # foretold"), whatever cost it was cast for. Public; gone with a zone change (400.7).
    was_foretold: bool = False
    # A foretell cost an effect gave this foretold card (702.143d: Ethereal Valkyrie; Dream
    # Devourer: its mana cost reduced by {2}). It tells of the face, so it stays here, not in
    # the public exile record; gone with a zone change (400.7).
    foretell_cost: str | None = None
    # 301.5 / 303.4: the id of the permanent it is attached to (an Aura, an Equipment).
    # Public while both are on the battlefield; gone with a zone change (400.7).
    attached_to: str | None = None
    # 302.6: its controller hasn't controlled it continuously since their most recent turn
    # began (it entered, or its control changed, since). Public. Their next turn clears it; a
    # built table's permanents start without it unless the judge says so (app.rules.mtg.timing).
    summoning_sick: bool = False

    UNPLACEABLE: ClassVar[frozenset[str]] = frozenset({Zone.STACK})

    def setup_facts(self) -> dict[str, Any]:
        # Summoning sickness isn't carried: a table built from this one takes its permanents
        # as controlled since its turn began (302.6).
        return {
            # 2004's phased-out zone: set up on the battlefield (its phasing is not kept).
            "zone": str(Zone.BATTLEFIELD if self.zone == Zone.PHASED_OUT else self.zone),
            "face_down": self.face_down_via,
        }

    def hide_face(self, placeholder: CardDef) -> None:
        super().hide_face(placeholder)
        self.copy_of = None
        self.foretell_cost = None
        # Megamorph reads as morph to whoever can't see the face (708.6 public facts).
        if self.face_down_via == "megamorph":
            self.face_down_via = "morph"

    def arriving(self, **fields: Any) -> Self:
        new = super().arriving(**fields)
        if new.zone == Zone.BATTLEFIELD:
            new.controllers = [new.controller]
            new.summoning_sick = True  # 302.6: a new permanent
        return new


class HideawayPending(BaseModel):
    """A hideaway trigger waiting for its controller's choice (hideaway_exile). The game
    waits: no other action is accepted until it is made (see engine.apply)."""

    model_config = ConfigDict(frozen=True)

    player: str
    source: str
    source_name: str
    source_name_fr: str
    # The cards looked at, top first: only `player` (and the judge) may see them.
    looked: tuple[str, ...]
    link: str


class DreadPending(BaseModel):
    """Manifest dread (701.62a) waiting for its player's choice (manifest_dread_choose): the
    top two cards of their library, looked at by them only. Like hideaway's, the game waits."""

    model_config = ConfigDict(frozen=True)

    player: str
    # Top first: only `player` (and the judge) may see them.
    looked: tuple[str, ...]


class StackAbility(BaseModel):
    """An activated or triggered ability on the stack (113.7a: it exists on its own,
    whatever happens to its source): the hideaway play ability, or a triggered ability
    (603.3: put on the stack by its controller; app.rules.mtg.triggers)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["hideaway_play", "triggered"] = "hideaway_play"
    # The source's id when it triggered, only while that object was in a public zone ("" if
    # it wasn't): a view shows it only to a viewer it still reaches.
    source: str
    # What the source is, for those who may know it (`source_known_to`; None: everyone)...
    source_name: str
    source_name_fr: str
    # The player who activated it: they play the card (Lorwyn ruling, seed 004). A
    # triggered ability's: who controlled its source when it triggered (603.3a).
    controller: str
    link: str | None
    position: int
    # Its condition as the source said when activated (its last known information).
    condition: HideawayCondition | None = None
    # The player's word on a condition the engine doesn't track (damage dealt, ...).
    condition_met: bool | None = None
    # The hidden card it plays, chosen when the permanent hid more than one.
    card: str | None = None
    # 702.75 "you may play": it is resolving and waits for its controller's choice
    # (hideaway_accept / hideaway_decline); whoever resolved it chose nothing (608.2d).
    choosing: bool = False
    # --- triggered abilities on the stack (603.3) ---
    # ...and what every other viewer may know of it ("a face-down permanent": 708.2, 708.6).
    source_label: str = ""
    source_label_fr: str = ""
    source_known_to: tuple[str, ...] | None = None
    # Its text (public: the card's face, or the effect that granted it, was seen by all).
    text: str = ""
    text_fr: str | None = None
    # What made it trigger (a CardTrigger event, "enters", "turned_face_up") and its rules.
    event: str = ""
    rules: tuple[str, ...] = ()
    effect: TriggerEffect | None = None
    # 603.3d / 601.2c: it says "target", so its controller chooses targets (None: not yet).
    targeted: bool = False
    targets: tuple[str, ...] | None = None
    target_players: tuple[str, ...] = ()
    # 707.10: a copy of an ability (its controller may choose new targets: 707.10c).
    is_copy: bool = False


# Why the judge applies it by hand: an effect the engine doesn't model, a "may" that is its
# player's (603.5), a replacement effect the engine doesn't apply itself (614.1c).
ByHandWhy = Literal["not_modelled", "may", "replacement"]


class ByHand(BaseModel):
    """What the engine doesn't apply itself (an ability's effect it doesn't model, a "may"
    that is its player's, a replacement effect it doesn't model): the judge applies it by
    hand and says so (judge_done_by_hand). Never logged as done before that."""

    model_config = ConfigDict(frozen=True)

    id: str
    controller: str
    # Described like a StackAbility's source: the name to those who may know it.
    source_name: str
    source_name_fr: str
    source_label: str
    source_label_fr: str
    source_known_to: tuple[str, ...] | None = None
    text: str
    text_fr: str | None = None
    # What the judge is told about its targets, as every player may know them.
    targets: str = ""
    targets_fr: str = ""
    why: ByHandWhy
    rules: tuple[str, ...] = ()


class NameBan(BaseModel):
    """ "Can't cast spells with the chosen name" (Reflector Mage), public: which player, which
    name, from what, until whose next turn. `name` is None when the name was taken from a
    nameless object (a face-down creature, 708.2): no spell has the same name as an object
    with no name (201.2a), so it forbids nothing."""

    model_config = ConfigDict(frozen=True)

    player: str
    name: str | None
    name_fr: str | None = None
    source: str
    # The effect ends as this player's next turn begins ("until your next turn").
    until_turn_of: str
    since_turn: int


class MtgPlayer(PlayerState):
    life: int = 20


class MtgGame(GameState[MtgObject]):
    """A Magic game (today's rules or the 2004 edition)."""

    ruleset: MtgRuleset = "mtg"
    players: list[MtgPlayer]
    objects: list[MtgObject] = Field(default_factory=list)
    # Per-player counters for 708.6 labels ("cast 2nd", "entered 3rd").
    cast_counts: dict[str, int] = Field(default_factory=dict)
    entered_counts: dict[str, int] = Field(default_factory=dict)
    hideaway_edition: HideawayEdition = "current"
    # 305.2: lands played this turn, per player; creatures declared as attackers this turn.
    land_plays: dict[str, int] = Field(default_factory=dict)
    attackers_this_turn: dict[str, int] = Field(default_factory=dict)
    hideaway_pending: HideawayPending | None = None
    # Manifest dread's look (701.62a): the game waits for its player's choice.
    dread_pending: DreadPending | None = None
    abilities: list[StackAbility] = Field(default_factory=list)
    # What the judge is to apply by hand (app.rules.mtg.triggers).
    by_hand: list[ByHand] = Field(default_factory=list)
    # London mulligan (103.5): mulligans taken per player, and who has kept their hand.
    mulligans: dict[str, int] = Field(default_factory=dict)
    kept: list[str] = Field(default_factory=list)
    # --- names (forbid_name, app/rules/mtg/name_bans.py) ---
    name_bans: list[NameBan] = Field(default_factory=list)
    # --- permission and restriction effects on casting (601.3), public ---
    permissions: list[CastPermission] = Field(default_factory=list)
    restrictions: list[CastRestriction] = Field(default_factory=list)
    # The step the judge said the table is at (judge_set_turn); None: not said. A new turn
    # forgets it (the engine does not walk through steps).
    step: Step | None = None

    def game_options(self) -> dict[str, Any]:
        return {"hideaway_edition": self.hideaway_edition}


# The working copy a move of this family changes: its state and objects as this family's.
MtgCtx = Ctx[MtgGame, MtgObject]
