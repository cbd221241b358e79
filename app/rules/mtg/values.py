"""Characteristic values as the rules see them (a card's print, or what a copy copied)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from app.lru import LRU
from app.rules.core.projection import project
from app.rules.mtg.cards import (
    AsTurnedFaceUp,
    CardTrigger,
    FlipFace,
    HideawayAbility,
    MtgCard,
    PtCda,
)


class Characteristics(BaseModel):
    """Copiable values plus the abilities that matter to these rules. `name` is None
    for a nameless object (a face-down one, or a face-up copy of one)."""

    model_config = ConfigDict(frozen=True)

    name: str | None = None
    name_fr: str | None = None
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    mana_cost: str | None = None
    # A number, or a "*" value defined by an ability (208.2a; printed_pt).
    power: int | str | None = None
    toughness: int | str | None = None
    # 604.3: the ability that defines a "*" power and toughness (a copiable value: 707.2).
    pt_cda: PtCda | None = None
    text: str = ""
    abilities: tuple[str, ...] = ()
    morph: str | None = None
    megamorph: str | None = None
    disguise: str | None = None
    enters_ability: str | None = None
    turned_face_up_ability: str | None = None
    as_turned_face_up_copy: bool = False
    # A flip card's upside-down half: part of the copied information (706.3 / 707.3), used
    # only by a permanent whose own status is flipped (709.2 / 710.2).
    flip: FlipFace | None = None
    hideaway: int | None = None
    hideaway_ability: HideawayAbility | None = None
    enters_tapped: bool = False
    # --- turning face up and dying: part of what a copy copies (707.2) ---
    as_turned_face_up: AsTurnedFaceUp | None = None
    triggers: tuple[CardTrigger, ...] = ()

    @classmethod
    def printed(cls, card: MtgCard) -> Characteristics:
        """The card's own values: each field of these that the card prints, by name
        (`abilities`, granted by rules rather than printed, starts empty). Both are frozen,
        so one card's are built once: every view reads every permanent's characteristics
        (613), and building them was a tenth of a page on a big board (bench/'s profile)."""
        if cls is not Characteristics:
            return project(card, cls)
        # Keyed by the card's identity, the card kept in the entry: its id can't be reused
        # while it is remembered, and no card is hashed field by field.
        kept = _PRINTED.get(id(card))
        if kept is not None and kept[0] is card:
            return kept[1]
        values = project(card, cls)
        _PRINTED.put(id(card), (card, values))
        return values

    def flipped(self) -> Characteristics:
        """709.2 / 710.2: the alternative name, text box, type line, power and toughness
        replace the normal ones; colour and mana cost stay (709.1c / 710.1c). The text box
        is the flip half's alone, so the normal half's abilities are gone."""
        face = self.flip
        if face is None:
            return self
        return self.model_copy(
            update={
                "name": face.name,
                "name_fr": face.name_fr,
                "types": face.types,
                "supertypes": face.supertypes,
                "subtypes": face.subtypes,
                "power": face.power,
                "toughness": face.toughness,
                "text": face.text,
                **_NO_ABILITIES,
            }
        )

    def without_abilities(self) -> Characteristics:
        """613.1f (layer 6): an effect says it loses all abilities. Its text, keywords and
        their costs (morph, megamorph, disguise), the abilities the rules grant it (ward {2}
        face down: 708.2a) and its characteristic-defining ability are gone; a "*" left with
        no ability to define it is 0 (see printed_pt.star_as_zero)."""
        return self.model_copy(update={"text": "", **_NO_ABILITIES})

    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    def is_creature(self) -> bool:
        return "Creature" in self.types


# What a text box's abilities set, cleared together when they are gone (a flip half's text
# replaces them: 709.2; an effect removes them: 613.1f).
# A card's printed characteristics by the card's identity (Characteristics.printed): a few
# thousand distinct cards are ever in play in one process.
_PRINTED: LRU[int, tuple[MtgCard, Characteristics]] = LRU(4096)

_NO_ABILITIES: dict[str, object] = {
    "abilities": (),
    "pt_cda": None,
    "morph": None,
    "megamorph": None,
    "disguise": None,
    "enters_ability": None,
    "turned_face_up_ability": None,
    "as_turned_face_up_copy": False,
    "hideaway": None,
    "hideaway_ability": None,
    "enters_tapped": False,
    # An "as turned face up" effect and zone-change triggers are abilities too.
    "as_turned_face_up": None,
    "triggers": (),
}
