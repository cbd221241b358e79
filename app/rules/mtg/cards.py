"""A Magic card's printed facts: what a card *is*, before any status or effect applies.

Catalog entries and inline definitions in a Magic game's setup share this one shape
(docs/DESIGN.md, "The HTTP contract").
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from app.rules.core.cards import CardDef
from app.rules.mtg.printed_pt import PrintedPT

# What a hideaway card's "play the exiled card" ability checks as it resolves. The engine
# evaluates the ones it tracks; "opponent_dealt_damage" and "stated" are not tracked
# (no damage is recorded), so the player states them when activating (condition_met).
HideawayConditionKind = Literal[
    "attacked_with_creatures",  # Windbrisk Heights: you attacked with N or more creatures
    "no_cards_in_hands",  # Howltooth Hollow: each player has no cards in hand
    "creatures_total_power",  # Mosswort Bridge: your creatures' total power is N or more
    "library_at_most",  # Shelldock Isle: some library has N or fewer cards
    "opponent_dealt_damage",  # Spinerock Knoll: an opponent was dealt N or more damage
    "creature_power_at_least",  # Fight Rigging: you control a creature with power N or more
    "creatures_at_least",  # Rabble Rousing: you control N or more creatures
    "graveyard_at_least",  # Cemetery Tampering: N or more cards in your graveyard
    "hand_at_least",  # Wiretapping: N or more cards in your hand
    "stated",  # anything else: the player says whether it holds
]
UNTRACKED_CONDITIONS: frozenset[str] = frozenset({"opponent_dealt_damage", "stated"})


class HideawayCondition(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: HideawayConditionKind
    amount: int | None = Field(default=None, ge=0, le=99)
    text: str = Field(default="", max_length=300)
    text_fr: str | None = Field(default=None, max_length=300)


class HideawayAbility(BaseModel):
    """The ability that plays the card a hideaway card exiled, as data: its cost (mana is
    shown, not tracked; {T} is paid by tapping), or the trigger that offers it, and the
    condition checked as it resolves."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cost: str | None = Field(default=None, max_length=60)
    tap: bool = False
    trigger: str | None = Field(default=None, max_length=300)
    condition: HideawayCondition | None = None


# What a characteristic-defining ability counts for this object's power and toughness
# (604.3, applied in layer 7a: 613.4a). "Your" is the object's controller's.
PtCount = Literal[
    "face_down_creatures",  # Ixidron: face-down creatures on the battlefield
    "creatures",  # creatures on the battlefield
    "creatures_you_control",
    "cards_in_your_hand",
    "lands_you_control",
    "cards_in_your_graveyard",
    "creature_cards_in_all_graveyards",
    # Alrund, God of the Cosmos: cards in your hand and foretold cards you own in exile.
    "cards_in_hand_and_foretold",
]


class PtCda(BaseModel):
    """A power/toughness-defining ability as data: each is the count plus its own addend
    ("1+*" has power_plus 1). It works in every zone (604.3), and only while the object
    has it: face down it has none (708.2), an effect can take it away (613.1f)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: PtCount
    power_plus: int = Field(default=0, ge=-99, le=99)
    toughness_plus: int = Field(default=0, ge=-99, le=99)


class FlipFace(BaseModel):
    """The upside-down half of a flip card (seed 709.1b / today 710.1b)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    name_fr: str | None = Field(default=None, max_length=120)
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: PrintedPT | None = None
    toughness: PrintedPT | None = None
    text: str = Field(default="", max_length=2000)


class OtherFace(BaseModel):
    """Another face printed on the card (a double-faced card's back, an adventure): its
    names, so a search finds the card by them; its text is in the card's text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    name_fr: str | None = Field(default=None, max_length=120)


# --- turning face up and dying (708.11, 704.5f) ---
# A counter's name as a card prints it: "+1/+1", "-1/-1", "oil", "lore"...
CounterName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9+\-/ ]{1,30}$")]


# A power/toughness pair a choice may set: "5/1".
PtValue = Annotated[str, StringConstraints(pattern=r"^\d{1,2}/\d{1,2}$")]


class AsTurnedFaceUp(BaseModel):
    """An "as this is turned face up" effect (708.11; seed 707.11), as data: it applies
    while the permanent turns, so nothing ever sees it face up without it."""

    # `copy` as data (the contract's name), `copies` in code: BaseModel has a copy().
    model_config = ConfigDict(
        extra="forbid", frozen=True, validate_by_name=True, serialize_by_alias=True
    )

    # Counters put on it as it turns (Hooded Hydra: {"+1/+1": 5}).
    counters: dict[CounterName, Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict, max_length=4
    )
    # It may become a copy of another permanent as it turns (Vesuvan Shapeshifter).
    copies: bool = Field(default=False, alias="copy")
    # What its controller chooses as it turns, when that is no object: "a color",
    # "a creature type" (stated when turning it up).
    choice: str | None = Field(default=None, min_length=1, max_length=120)
    # 613.4b: a choice that sets its power and toughness (Aquamorph Entity: "it becomes your
    # choice of 5/1 or 1/5"): the controller states one of these as it turns.
    pt_choice: tuple[PtValue, ...] = Field(default=(), max_length=4)
    # 614.1e: what it does as it turns when the engine does not apply it itself (Gift of Doom:
    # "you may attach it to a creature"): shown as applying while it turns, never as a trigger.
    text: str | None = Field(default=None, min_length=1, max_length=300)


TriggerEvent = Literal[
    "dies",
    "put_into_graveyard_from_anywhere",
    "leaves_battlefield",
    # "Whenever this creature attacks" (508.1m), e.g. granted to a face-down one.
    "attacks",
]


class TriggerEffect(BaseModel):
    """What a triggered ability does, when it is something the engine applies itself as it
    resolves (608.2): its controller draws, gains or loses life, or counters go on each of its
    targets (on its source when it has none). Anything else is applied by hand by the judge."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["draw", "gain_life", "lose_life", "counters"]
    amount: int = Field(default=1, ge=1, le=99)
    counter: CounterName = "+1/+1"


class CardTrigger(BaseModel):
    """A triggered ability the engine watches for as a card changes zones: "dies" and
    "leaves the battlefield" look back at the permanent as it last existed (603.10a); "is put
    into a graveyard from anywhere" is checked on the card in the graveyard (603.6c).
    `effect`: what it does, when the engine can apply it (else the judge does, by hand)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: TriggerEvent
    text: str = Field(min_length=1, max_length=500)
    text_fr: str | None = Field(default=None, max_length=500)
    effect: TriggerEffect | None = None


class MtgCard(CardDef):
    """A Magic card's printed characteristics and its hidden-information abilities."""

    supertypes: tuple[str, ...] = Field(default=(), max_length=8)
    mana_cost: str | None = Field(default=None, max_length=60)
    # A number, or a "*" value defined by an ability (208.2a): see printed_pt.
    power: PrintedPT | None = None
    toughness: PrintedPT | None = None
    # 604.3: the ability that defines a "*" power and toughness, when the engine can count it.
    pt_cda: PtCda | None = None
    # Hidden-information abilities: their costs as printed, e.g. "{2}{U}".
    morph: str | None = Field(default=None, max_length=60)
    megamorph: str | None = Field(default=None, max_length=60)
    disguise: str | None = Field(default=None, max_length=60)
    # 702.143a: the foretell cost, e.g. "{1}{U}" (the {2} to foretell is the same for all).
    foretell: str | None = Field(default=None, max_length=60)
    hideaway: int | None = Field(default=None, ge=1, le=10)
    hideaway_ability: HideawayAbility | None = None
    # "This enters tapped" printed on the card (today's hideaway lands say it themselves;
    # Lorwyn's hideaway keyword included it).
    enters_tapped: bool = False
    flip: FlipFace | None = None
    # The other faces of a double-faced or adventure card (their names only).
    other_faces: tuple[OtherFace, ...] = Field(default=(), max_length=3)
    # Ability shapes the engine must treat specially (708.3, 708.8, 708.11).
    enters_ability: str | None = Field(default=None, max_length=500)
    turned_face_up_ability: str | None = Field(default=None, max_length=500)
    as_turned_face_up_copy: bool = False
    # --- turning face up and dying (708.11, 603.6) ---
    as_turned_face_up: AsTurnedFaceUp | None = None
    triggers: tuple[CardTrigger, ...] = Field(default=(), max_length=8)

    @model_validator(mode="before")
    @classmethod
    def _old_copy_flag(cls, data: Any) -> Any:
        """Stored games and older catalogs say `as_turned_face_up_copy`: read it as the
        copy choice of `as_turned_face_up` (708.11), and keep the flag in step."""
        if not isinstance(data, dict):
            return data
        effect = data.get("as_turned_face_up")
        if data.get("as_turned_face_up_copy") and effect is None:
            return {**data, "as_turned_face_up": {"copy": True}}
        copies = (
            effect.copies
            if isinstance(effect, AsTurnedFaceUp)
            else (isinstance(effect, dict) and (effect.get("copy") or effect.get("copies")))
        )
        if copies and not data.get("as_turned_face_up_copy"):
            return {**data, "as_turned_face_up_copy": True}
        return data

    @property
    def is_permanent_card(self) -> bool:
        # 110.4: instants and sorceries never become permanents.
        return bool(self.types) and not (self.is_type("Instant") or self.is_type("Sorcery"))

    def other_names(self) -> tuple[str, ...]:
        faces: list[FlipFace | OtherFace] = [self.flip] if self.flip is not None else []
        names = [n for f in (*faces, *self.other_faces) for n in (f.name, f.name_fr) if n]
        return tuple(dict.fromkeys(names))

    def face_names(self) -> tuple[str, ...]:
        """Each half of a split card ("Fire", "Glace"), the flip half's and the other faces'
        names, in English and French: a search finds the card by each."""
        halves: list[str] = []
        for name in (self.name, self.name_fr):
            if name and " // " in name:
                halves.extend(h for h in name.split(" // ") if h)
        return tuple(dict.fromkeys([*halves, *self.other_names()]))
