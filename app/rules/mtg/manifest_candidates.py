"""What the manifest family offers and how a proposed manifest reads (app.rules.mtg.candidates).

"Manifest dread" is one tap for a player (the Table panel); while manifest dread waits, its
player gets one "Manifest this one" per card they looked at — nobody else does."""

from __future__ import annotations

from typing import Any

from app.rules.core.events import Text
from app.rules.core.words import plural_pair
from app.rules.mtg.labels import describe
from app.rules.mtg.state import MtgGame

MANIFEST_TYPES = frozenset({"manifest", "cloak", "manifest_cards", "manifest_dread"})


def manifest_candidates(state: MtgGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    out: list[tuple[dict[str, Any], Text]] = []
    dread = state.dread_pending
    if dread is not None and (actor is None or actor == dread.player):
        for object_id in dread.looked:
            card = state.get(object_id)
            if card is None:
                continue
            name = describe(state, card, face=True)
            out.append(
                (
                    {"type": "manifest_dread_choose", "object": object_id},
                    Text(
                        en=f"Manifest this one: {name.en} (the other to the graveyard)",
                        fr=f"Manifester celle-ci : {name.fr} (l'autre au cimetière)",
                    ),
                )
            )
    for player in state.player_names():
        if actor is None or actor == player:
            out.append(
                (
                    {"type": "manifest_dread", "player": player},
                    Text(en=f"Manifest dread ({player})", fr=f"Manifester l'effroi ({player})"),
                )
            )
    return out


def describe_manifest(state: MtgGame, action: Any, what: Text) -> Text:
    """A proposed manifest in public words (`what`: its subjects' public names)."""
    kind = action.type
    if kind == "manifest_dread":
        return Text(en=f"{action.player} manifests dread", fr=f"{action.player} manifeste l'effroi")
    cloak = kind == "cloak" or (kind == "manifest_cards" and action.via == "cloak")
    en, fr = ("cloak", "voiler") if cloak else ("manifest", "manifester")
    if kind == "manifest_cards":
        order_en = " in a random order" if action.random_order else ""
        order_fr = " dans un ordre aléatoire" if action.random_order else ""
        who = action.player or "the proposer"
        return Text(
            en=f"{en} {what.en}{order_en} under {who}'s control",
            fr=f"{fr} {what.fr}{order_fr} sous le contrôle de {action.player or 'l’auteur'}",
        )
    source = action.from_player or action.player
    count = action.count
    top_en, top_fr = plural_pair(
        count, ("the top card", "the top # cards"), ("la carte du dessus", "les # cartes du dessus")
    )
    mine_en = f" under {action.player}'s control" if source != action.player else ""
    mine_fr = f" sous le contrôle de {action.player}" if source != action.player else ""
    return Text(
        en=f"{en} {top_en} of {source}'s library{mine_en}",
        fr=f"{fr} {top_fr} de la bibliothèque de {source}{mine_fr}",
    )
