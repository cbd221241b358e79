"""What a viewer is shown of a Magic game: the shared view shapes with Magic's public facts
(life, libraries, face-down status, the stack's abilities, the hideaway edition)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.rules.core.events import Text
from app.rules.core.view import ObjectViewBase, PlayerViewBase, ViewBase
from app.rules.core.view import VisibleTo as VisibleToBase
from app.rules.mtg.cards import AsTurnedFaceUp, CardTrigger, FlipFace
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.permission_record import CastPermission
from app.rules.mtg.restriction_record import CastRestriction
from app.rules.mtg.state import MtgRuleset, NameBan


class MtgCardFace(BaseModel):
    """The printed card behind an object, for a viewer allowed to see it."""

    name: str
    name_fr: str | None
    types: list[str]
    supertypes: list[str]
    subtypes: list[str]
    mana_cost: str | None
    # A number, or as printed when an ability defines it ("*", "1+*": 208.2a).
    power: int | str | None
    toughness: int | str | None
    text: str
    morph: str | None
    megamorph: str | None
    disguise: str | None
    hideaway: int | None = None
    # 702.143a: the foretell cost, e.g. "{1}{U}".
    foretell: str | None = None
    # A flip card's upside-down half (709.1b / 710.1b), printed on the same card.
    flip: FlipFace | None = None
    # Its "as this is turned face up" effect (708.11) and the zone-change
    # triggers the engine watches for (603.10a, 603.6c).
    as_turned_face_up: AsTurnedFaceUp | None = None
    triggers: list[CardTrigger] = Field(default_factory=list)


class EditionNote(BaseModel):
    """Judge only: what the other rules edition answers (hideaway look rights)."""

    edition: Literal["current", "lorwyn"]
    players: list[str]
    rules: list[str]
    same: bool


class MtgVisibleTo(VisibleToBase):
    """Judge only: who may see this object's face, the rule that says so, and (hideaway)
    what the other edition answers."""

    # Hideaway cards: the answer of the edition this game does not apply, so the judge
    # sees both when they differ.
    edition: Literal["current", "lorwyn"] | None = None
    other_edition: EditionNote | None = None


class MtgObjectView(ObjectViewBase):
    face_down_via: str | None
    # Current characteristics (a face-down object's are its face-down ones: 707.2).
    power: int | str | None
    toughness: int | str | None
    supertypes: list[str]
    mana_cost: str | None
    # 709.3 / 710.3: flipped status, shown whether tapped or not.
    flipped: bool
    phased_out: bool
    attacked: Literal["this_turn", "last_turn"] | None
    card: MtgCardFace | None
    visible_to: MtgVisibleTo | None = None
    # A card exiled face down: how, when, by whom and with what (public: 406.4).
    exiled: ExiledFaceDown | None = None
    # --- state-based actions (704.5f) ---
    # The state-based actions that apply to it now, as rule numbers (["704.5f"]): public,
    # since they follow from its public characteristics.
    state_based: list[str] = Field(default_factory=list)
    # What its controller chose as it turned face up (708.11: "a color" -> "green").
    chosen: str | None = None
    # 601.3: the permission effects that let a player cast or play it from where it is
    # (Gonti), as this viewer may know them (permissions.notes_for).
    permissions: list[Text] = Field(default_factory=list)
    # 702.143c: a spell that was foretold (public: everyone saw it leave the foretold pile).
    was_foretold: bool = False
    # The id of the permanent it is attached to (301.5, 303.4), public.
    attached_to: str | None = None


class MtgPlayerView(PlayerViewBase):
    life: int
    library_count: int
    # London mulligan (103.5), public: mulligans taken, and whether the hand is kept.
    mulligans: int = 0
    kept: bool = False
    # 702.143c: foretold cards this player owns in exile (Alrund counts them). Public: each
    # is a face-down card in a labelled pile (406.4); the count tells nothing of their faces.
    foretold: int = 0


class PendingView(BaseModel):
    """A choice the game waits for (public: who, from what, how many cards)."""

    kind: Literal["hideaway"]
    player: str
    source: str
    source_name: str
    source_name_fr: str
    count: int
    rules: list[str]


class DreadView(BaseModel):
    """Manifest dread waiting for its player's choice (701.62a). Public: who, how many cards;
    `looked` (the ids of the two cards) only for that player and the judge."""

    player: str
    count: int
    looked: list[str] | None = None
    rules: list[str]


class AbilityView(BaseModel):
    """An ability on the stack (public). Its source is named as this viewer may know it: a
    hidden one by its public label (708.2, 708.6), and its id only while it reaches them."""

    id: str
    kind: str
    source: str | None
    source_name: str
    source_name_fr: str
    controller: str
    # Resolving, waiting for its controller's "may" (702.75, 608.2d).
    choosing: bool = False
    text: str
    text_fr: str
    rules: list[str]
    # --- a triggered ability (603.3) ---
    event: str = ""
    # 603.3d: it has targets; whether its controller has chosen them, and which (public names).
    targeted: bool = False
    targets_chosen: bool = False
    targets: str = ""
    targets_fr: str = ""
    # 707.10: a copy of an ability.
    is_copy: bool = False
    # 608.1: it is the top of the stack (public: the stack's order is), so it resolves next.
    on_top: bool = False


class ByHandView(BaseModel):
    """What the judge is to apply by hand (public: the log said it waits for the judge)."""

    id: str
    controller: str
    source_name: str
    source_name_fr: str
    text: str
    text_fr: str
    targets: str
    targets_fr: str
    why: str
    rules: list[str]


class MtgView(ViewBase):
    ruleset: MtgRuleset
    hideaway_edition: str
    players: list[MtgPlayerView]
    objects: list[MtgObjectView]
    pending: PendingView | None = None
    dread: DreadView | None = None
    abilities: list[AbilityView] = Field(default_factory=list)
    # What waits for the judge to apply by hand (app.rules.mtg.triggers).
    by_hand: list[ByHandView] = Field(default_factory=list)
    # Public: "can't cast spells with the chosen name" effects in force (Reflector Mage).
    name_bans: list[NameBan] = Field(default_factory=list)
    # Public: permission and restriction effects on casting in force (601.3). A
    # permission names a card only in a public zone (its id is public there).
    permissions: list[CastPermission] = Field(default_factory=list)
    restrictions: list[CastRestriction] = Field(default_factory=list)
    # Public: the step the judge said the table is at (None: not said).
    step: str | None = None
