"""Choosing a card name (709.5 / today 710.5): a flip card's alternative name may be named.

Pure helpers: names are compared ignoring case, accents, repeated spaces and the kind of
apostrophe, in English or French, so "tok-tok, ne du volcan" names Tok-Tok, Volcano Born.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from app.rules.mtg import characteristics
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import MtgGame, MtgObject

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})


def normalize(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


def nameable_names(card: MtgCard) -> tuple[str, ...]:
    """Every name a player may choose for this card: its name and, for a flip card, the
    flip half's name (709.5), each in English and in French where known."""
    names = [card.name, card.name_fr]
    if card.flip is not None:
        names += [card.flip.name, card.flip.name_fr]
    return tuple(n for n in names if n)


def matches_name(card: MtgCard, name: str) -> bool:
    """Whether choosing `name` names this card (either half of a flip card)."""
    wanted = normalize(name)
    return bool(wanted) and any(normalize(n) == wanted for n in nameable_names(card))


def name_card(name: str, cards: Iterable[MtgCard]) -> MtgCard | None:
    """The card a chosen name refers to among `cards` (e.g. the catalog), or None when
    no card has that name. 709.5: the flipped name is a legal choice."""
    for card in cards:
        if matches_name(card, name):
            return card
    return None


def has_name(obj: MtgObject, name: str) -> bool:
    """Whether an object has the chosen name *now*: a flipped Tok-Tok does, an unflipped
    Akki Lavarunner (or one in a hand) doesn't (709.2)."""
    now = characteristics.current(obj)
    wanted = normalize(name)
    return bool(wanted) and any(
        n is not None and normalize(n) == wanted for n in (now.name, now.name_fr)
    )


def objects_named(state: MtgGame, name: str) -> list[MtgObject]:
    return [o for o in state.objects if has_name(o, name)]
