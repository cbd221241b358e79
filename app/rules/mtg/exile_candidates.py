"""The buttons for cards exiled face down and for foretelling (app.rules.mtg.exile,
app.rules.mtg.foretell): one tap on one object. Legal or not, the engine decides; a label
that names a card's own facts (its foretell cost) is only made for a viewer who may see it."""

from __future__ import annotations

from typing import Any

from app.rules.core.events import Text
from app.rules.mtg.foretell import FORETELL_PAYMENT
from app.rules.mtg.permissions import covers, live
from app.rules.mtg.state import MtgGame, MtgObject, Zone
from app.rules.mtg.visibility import can_see_face

# How proposals and buttons name these actions (offers.describe_action).
EXILE_ACTION_WORDS: dict[str, tuple[str, str]] = {
    "foretell": ("Foretell", "Prédire"),
    "exile_face_down": ("Exile face down", "Exiler face cachée"),
    "cast_from_exile": ("Cast from exile", "Lancer depuis l'exil"),
    "turn_face_up_in_exile": ("Turn face up", "Retourner face visible"),
    "return_from_exile": ("Return to the battlefield", "Renvoyer sur le champ de bataille"),
}


def _words(kind: str) -> Text:
    en, fr = EXILE_ACTION_WORDS[kind]
    return Text(en=en, fr=fr)


def _gains(state: MtgGame, obj: MtgObject) -> bool:
    """Dream Devourer: foretell given to this card in hand by a permission effect."""
    return any(covers(state, p, obj, "gain_foretell", False) for p in live(state))


def exile_candidates(
    state: MtgGame, obj: MtgObject, actor: str | None
) -> list[tuple[dict[str, Any], Text]]:
    out: list[tuple[dict[str, Any], Text]] = []
    sees = actor is None or can_see_face(state, obj, actor)
    if obj.zone == Zone.HAND and sees and (obj.card.foretell is not None or _gains(state, obj)):
        out.append(
            (
                {"type": "foretell", "object": obj.id},
                Text(en=f"Foretell ({FORETELL_PAYMENT})", fr=f"Prédire ({FORETELL_PAYMENT})"),
            )
        )
    record = obj.exiled
    if obj.zone != Zone.EXILE or record is None:
        return out
    if record.via == "foretell":
        cost = obj.foretell_cost or obj.card.foretell
        if sees and cost is not None:
            out.append(
                (
                    {"type": "cast_from_exile", "object": obj.id, "via": "foretell"},
                    Text(en=f"Cast (foretold, {cost})", fr=f"Lancer (prédite, {cost})"),
                )
            )
        return out
    # Bane Alley Broker, Summoner's Egg: turned face up, returned to the battlefield.
    out.append(
        (
            {"type": "turn_face_up_in_exile", "object": obj.id},
            _words("turn_face_up_in_exile"),
        )
    )
    out.append(
        (
            {"type": "return_from_exile", "object": obj.id},
            _words("return_from_exile"),
        )
    )
    if sees:
        out.append(
            (
                {"type": "cast_from_exile", "object": obj.id},
                Text(en="Cast it from exile (an effect)", fr="La lancer depuis l'exil (un effet)"),
            )
        )
    return out
