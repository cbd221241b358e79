"""How effects see a flip card (709.2 / 710.2 and its example; 709.5 / 710.5, choosing a
name): small queries through the engine's characteristics, which the rules tests ask. The
engine has no action for them yet (no search, no "legendary creatures get +2/+2", no naming
effect), so they live with the tests, not in app/."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from app.rules.mtg import characteristics
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import MtgGame, MtgObject, Zone
from app.rules.mtg.values import Characteristics


def values_of(obj: MtgObject, state: MtgGame) -> Characteristics:
    return characteristics.current(obj, state)


def is_legendary(obj: MtgObject, state: MtgGame) -> bool:
    """Through the characteristics layers: Akki Lavarunner is not legendary anywhere;
    flipped on the battlefield it is Tok-Tok, Volcano Born, which is."""
    return values_of(obj, state).is_legendary()


def search_library(
    state: MtgGame, player: str, wanted: Callable[[MtgObject], bool]
) -> list[MtgObject]:
    """The cards of `player`'s library an effect that searches for `wanted` can find. In
    the library a flip card has only its normal characteristics (709.2)."""
    return [o for o in state.in_zone(Zone.LIBRARY, player) if wanted(o)]


def legendary_creature_bonus(
    state: MtgGame, power: int = 2, toughness: int = 2
) -> dict[str, tuple[int, int]]:
    """The effect "legendary creatures get +2/+2": the power and toughness each affected
    permanent would have, by object id; one that isn't a legendary creature now is left out."""
    out: dict[str, tuple[int, int]] = {}
    for obj in state.in_zone(Zone.BATTLEFIELD):
        now = values_of(obj, state)
        if obj.phased_out or not (now.is_legendary() and now.is_creature()):
            continue
        if now.power is None or now.toughness is None:
            continue
        out[obj.id] = (now.power + power, now.toughness + toughness)
    return out


# --- Choosing a card name (709.5 / 710.5) ------------------------------------------------

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


def has_name(obj: MtgObject, name: str, state: MtgGame) -> bool:
    """Whether an object has the chosen name *now*: a flipped Tok-Tok does, an unflipped
    Akki Lavarunner (or one in a hand) doesn't (709.2)."""
    now = characteristics.current(obj, state)
    wanted = normalize(name)
    return bool(wanted) and any(
        n is not None and normalize(n) == wanted for n in (now.name, now.name_fr)
    )


def objects_named(state: MtgGame, name: str) -> list[MtgObject]:
    return [o for o in state.objects if has_name(o, name, state)]
