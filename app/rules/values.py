"""Characteristic values as the rules see them (a card's print, or what a copy copied)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from app.rules.cards import CardDef


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
    power: int | None = None
    toughness: int | None = None
    text: str = ""
    abilities: tuple[str, ...] = ()
    morph: str | None = None
    megamorph: str | None = None
    disguise: str | None = None
    enters_ability: str | None = None
    turned_face_up_ability: str | None = None
    as_turned_face_up_copy: bool = False

    @classmethod
    def printed(cls, card: CardDef) -> Characteristics:
        return cls(
            name=card.name,
            name_fr=card.name_fr,
            types=card.types,
            supertypes=card.supertypes,
            subtypes=card.subtypes,
            mana_cost=card.mana_cost,
            power=card.power,
            toughness=card.toughness,
            text=card.text,
            morph=card.morph,
            megamorph=card.megamorph,
            disguise=card.disguise,
            enters_ability=card.enters_ability,
            turned_face_up_ability=card.turned_face_up_ability,
            as_turned_face_up_copy=card.as_turned_face_up_copy,
        )

    def is_creature(self) -> bool:
        return "Creature" in self.types
