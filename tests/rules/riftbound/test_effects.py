"""Riftbound play effects as a table: every effect kind has a function, card abilities come
from card data, and an effect the engine doesn't model is said to be so and changes nothing."""

from __future__ import annotations

from typing import Any, get_args

from app.rules.core.events import Text
from app.rules.riftbound.effects import EFFECTS
from app.rules.riftbound.model import EffectKind
from app.rules.riftbound.state import RiftboundGame as GameState
from app.rules.riftbound.state import Zone
from tests.rules.mtg.table import Game
from tests.rules.riftbound.table import standard

PLAIN_BUFF = {
    "name": "Plain Buff", "types": ["Spell"], "keywords": ["Action"], "energy": 1, "hidden": True,
    "play_effect": {"kind": "buff", "targets": [{"controller": "friendly"}], "text": "Buff a friendly unit."},
}  # fmt: skip
RALLY = {
    **PLAIN_BUFF,
    "name": "Rally",
    "play_effect": {**PLAIN_BUFF["play_effect"], "buff_bonus": 1},
}
WHISPER = {
    "name": "Whisper", "types": ["Spell"], "keywords": ["Action"], "energy": 1, "hidden": True,
    "play_effect": {"kind": "none", "text": "Something the engine can't do.",
                    "text_fr": "Quelque chose que le moteur ne sait pas faire."},
}  # fmt: skip


def _board(state: GameState, leaving: str) -> dict[str, Any]:
    """Everything an effect could change: every object but the resolving card itself (it
    leaves the chain for the trash), the players, and the Riftbound state but its chain."""
    assert state.riftbound is not None
    return {
        "objects": {o.id: o.model_dump() for o in state.objects if o.id != leaving},
        "players": [p.model_dump() for p in state.players],
        "riftbound": state.riftbound.model_dump(exclude={"chain"}),
    }


def _resolve_unchanged(game: Game, card: str) -> Text:
    """Resolve the newest chain item, a `card` with an unmodelled effect: only the chain and
    the card's own trip to the trash may change. Returns what the log says."""
    on_chain = game.id(card, Zone.CHAIN)
    before = _board(game.state, on_chain)
    game.do("Alice", type="resolve")
    after = _board(game.state, game.id(card, Zone.TRASH))
    assert after == before
    assert game.state.riftbound is not None and game.state.riftbound.chain == []
    return game.last[0].public


def test_every_effect_kind_has_a_function():
    assert set(EFFECTS) == set(get_args(EffectKind))


def test_block_shield_and_tank_are_not_modelled_so_the_table_applies_them_by_hand():
    game = standard(hidden_alice="Block").start()
    game.do("Alice", type="next_turn")  # Bob's turn: Block has Reaction face down (811.6)
    saboteur = game.id("Noxus Saboteur")
    game.do("Alice", type="play", object=game.id("Block"), targets=[saboteur])
    assert _resolve_unchanged(game, "Block") == Text(
        en="Block resolves: its effect is not modelled: apply it by hand (Give a unit Shield 3 "
        "and Tank this turn; chosen: Noxus Saboteur).",
        fr="Parade se résout : son effet n'est pas modélisé : appliquez-le à la main (Give a unit "
        "Shield 3 and Tank this turn ; choix : Saboteur noxien).",
    )
    assert "gets Shield" not in game.log_text("Bob")
    assert game.find("Noxus Saboteur").modifiers == []


def test_a_spell_whose_effect_kind_is_none_is_not_modelled_and_changes_nothing():
    t = standard()
    t.put("Alice", "hand", WHISPER)
    game = t.start()
    game.do("Alice", type="play", object=game.id("Whisper"))
    assert _resolve_unchanged(game, "Whisper") == Text(
        en="Whisper resolves: its effect is not modelled: apply it by hand (Something the "
        "engine can't do).",
        fr="Whisper se résout : son effet n'est pas modélisé : appliquez-le à la main (Quelque "
        "chose que le moteur ne sait pas faire).",
    )


def test_the_buff_bonus_comes_from_card_data_not_the_card_name():
    t = standard()
    t.put("Alice", "hand", PLAIN_BUFF).put("Alice", "hand", RALLY)
    game = t.start()
    saboteur = game.id("Noxus Saboteur")
    game.do("Alice", type="play", object=game.id("Plain Buff"), targets=[saboteur])
    game.do("Alice", type="resolve")
    assert game.state.riftbound is not None and game.state.riftbound.buff_bonus == {}
    assert game.last[0].public.en == "Plain Buff resolves: Noxus Saboteur is buffed."
    assert game.obj_view("Bob", saboteur).might == 3 + 1
    game.do("Alice", type="play", object=game.id("Rally"), targets=[saboteur])
    game.do("Alice", type="resolve")
    assert game.state.riftbound.buff_bonus == {"Alice": 1}
    assert game.obj_view("Bob", saboteur).might == 3 + 1 + 1


def test_a_token_effect_plays_a_sprite_with_the_might_its_card_data_gives():
    small_call = {
        "name": "Small Call", "types": ["Spell"], "keywords": ["Action"], "energy": 1,
        "play_effect": {"kind": "token", "amount": 2, "text": "Play a ready 2 Might Sprite."},
    }  # fmt: skip
    t = standard()
    t.put("Alice", "hand", small_call)
    game = t.start()
    game.do("Alice", type="play", object=game.id("Small Call"))
    game.do("Alice", type="resolve")
    sprite = game.find("Sprite")
    assert sprite.zone == Zone.BASE and game.obj_view("Bob", sprite.id).might == 2
    assert "a ready 2 Might Sprite token at Alice's base" in game.last_text("Bob")
