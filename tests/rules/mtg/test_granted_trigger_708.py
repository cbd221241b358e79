"""An effect grants a face-down permanent a triggered ability (issue 27): a face-down creature
has no abilities of its own (708.2), but effects may give it some (613.1f, in timestamp order:
613.7). The granted trigger works (603.2, 603.3; attacking: 508.2a; dying: 603.10a) and its
source is shown to those who can't see the face as what is public, its label (708.6), never
its name: in views, the log, the buttons. Twin games differing only in the hidden card are
byte-identical for the other viewers through every new action (trigger, targets, copy,
counter, resolve, apply by hand)."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules.redact import Viewer, actions_for
from tests.rules.conformance.mtg_kit import ruling_page_for
from tests.rules.mtg.table import Game, Table

HIDDEN = ("Skinthinner", "Ashcloud Phoenix")  # both morph: the twins differ only in the face
BLIND = ("Bob", "spectator")
# Cartographer's Hawk-like grant, as data: the engine applies the counters itself.
ATTACK_GRANT: dict[str, Any] = {
    "event": "attacks",
    "text": "Put a +1/+1 counter on target creature.",
    "text_fr": "Mettez un marqueur +1/+1 sur une créature ciblée.",
    "effect": {"kind": "counters"},
}
DIES_GRANT: dict[str, Any] = {"event": "dies", "text": "Each opponent loses 2 life."}


def face_down_game(name: str = "Skinthinner") -> Game:
    game = (
        Table()
        .battlefield("Alice", name, face_down="morph")
        .battlefield("Bob", "Grizzly Bears")
        .start()
    )
    return game


def grant(game: Game, trigger: dict[str, Any], actor: str | None = "Alice") -> str:
    hidden = next(o for o in game.state.objects if o.face_down)
    game.do(actor, type="apply_effect", object=hidden.id, source="Tiptoe Banner",
            grant_trigger=trigger)  # fmt: skip
    return hidden.id


def test_613_1f_a_face_down_creature_gains_a_triggered_ability_everyone_reads():
    game = face_down_game()
    hidden = grant(game, ATTACK_GRANT)
    for who in ("Alice", "Bob", "spectator", "judge"):
        seen = game.obj_view(who, hidden)
        assert seen.face_down and ATTACK_GRANT["text"] in seen.abilities, who
        assert 'gains "Put a +1/+1 counter on target creature."' in game.last_text(who)
        assert "Skinthinner" not in game.last_text("Bob")


def test_508_2a_a_granted_attack_trigger_on_a_face_down_creature_goes_on_the_stack():
    game = face_down_game()
    hidden = grant(game, ATTACK_GRANT)
    game.do("Alice", type="attack", objects=[hidden])
    for who in BLIND:
        (ability,) = game.view(who).abilities
        assert ability.source_name.startswith("Face-down 2/2"), (who, ability.source_name)
        assert ability.source == hidden and ability.controller == "Alice"
        text = game.last_text(who)
        assert '"whenever it attacks" ability triggers: Put a +1/+1 counter' in text
        assert "Skinthinner" not in text and "Skinthinner" not in game.view_json(who)
    for who in ("Alice", "judge"):
        assert game.view(who).abilities[0].source_name == "Skinthinner"
        assert "(Its source is Skinthinner.)" in game.last_text(who)
    (event,) = [e for e in game.last if e.kind == "trigger"]
    assert {"508.2a", "603.2", "603.3"} <= set(event.rules)
    # Its controller targets it; as it resolves the engine puts the counter on it.
    ability = game.view("Alice").abilities[0].id
    game.do("Alice", type="choose_targets", ability=ability, objects=[hidden])
    assert game.view("Bob").abilities[0].targets.startswith("Face-down 2/2")
    game.do("Bob", type="resolve")
    assert game.obj_view("Bob", hidden).counters == {"+1/+1": 1}
    assert game.obj_view("Bob", hidden).power == 3
    for who in BLIND:
        assert "gets 1 +1/+1 counter." in game.last_text(who)
        assert "Skinthinner" not in game.last_text(who)
    assert game.view("judge").by_hand == []


def test_613_7_an_ability_granted_before_loses_all_abilities_is_gone():
    game = face_down_game()
    hidden = grant(game, ATTACK_GRANT)
    game.do("Alice", type="apply_effect", object=hidden, loses_all_abilities=True)
    game.do("Alice", type="attack", objects=[hidden])
    assert game.view("Bob").abilities == []


def test_613_7_an_ability_granted_after_loses_all_abilities_stays():
    game = face_down_game()
    hidden = next(o for o in game.state.objects if o.face_down).id
    game.do("Alice", type="apply_effect", object=hidden, loses_all_abilities=True)
    grant(game, ATTACK_GRANT)
    game.do("Alice", type="attack", objects=[hidden])
    assert len(game.view("Bob").abilities) == 1


def test_603_10a_a_granted_dies_trigger_of_a_face_down_creature_triggers():
    """It had the ability as it last existed on the battlefield (face down, granted); it is
    revealed as it leaves (708.9), so its name is public from then on."""
    game = face_down_game()
    hidden = grant(game, DIES_GRANT)
    game.do("Alice", type="move", object=hidden, to="graveyard")
    for who in ("Alice", "Bob", "spectator", "judge"):
        (ability,) = game.view(who).abilities
        assert ability.source_name == "Skinthinner" and ability.event == "dies", who
        assert "an effect had given it this ability (613.1f)" in game.last_text(who)


def test_708_2_a_granted_ability_is_the_only_one_a_face_down_permanent_has():
    """Its own "dies" ability doesn't trigger face down (603.10a), a granted one does."""
    card = {
        "name": "Hooded Wisp", "types": ["Creature"], "power": 1, "toughness": 1,
        "morph": "{1}", "triggers": [{"event": "dies", "text": "Draw a card."}],
    }  # fmt: skip
    game = Table().battlefield("Alice", card, face_down="morph").start()
    hidden = grant(game, DIES_GRANT)
    game.do("Alice", type="move", object=hidden, to="graveyard")
    (ability,) = game.view("Bob").abilities
    assert ability.text == "Each opponent loses 2 life."


# --- twin games: the hidden card changes nothing the others receive -------------------------


def _channels(game: Game, who: str) -> str:
    """What `who` receives: the view, the log, the buttons, and a ruling published from
    their viewpoint now (its page and preview image)."""
    viewer = Viewer.spectator() if who == "spectator" else Viewer.seat(who)
    options = "".join(o.model_dump_json() for o in actions_for(game.state, viewer))
    ruling = ruling_page_for(game.state, game.events, viewer)
    return game.view_json(who) + game.log_text(who) + options + ruling


STEPS: list[tuple[str | None, str]] = [
    ("Alice", "grant"),
    ("Alice", "attack"),
    ("Bob", "copy"),
    ("Bob", "target copy"),
    ("Alice", "target original"),
    (None, "resolve"),  # the copy: counters on Bob's creature
    (None, "resolve"),  # the original: counters on the face-down creature
    ("Alice", "grant again"),
    ("Alice", "attack again"),
]


def _step(game: Game, actor: str | None, step: str) -> None:
    hidden = next((o.id for o in game.state.objects if o.face_down), None)
    mine = [a for a in game.state.abilities if a.controller == "Alice"]
    if step == "grant":
        grant(game, ATTACK_GRANT, actor)
    elif step == "grant again":  # one the engine doesn't apply: the judge will
        grant(game, {**ATTACK_GRANT, "effect": None}, actor)
    elif step.startswith("attack"):
        if step == "attack again":
            game.do(None, type="next_turn")  # Bob's turn
            game.do(None, type="next_turn")  # Alice's again: her creature untaps
        game.do(actor, type="attack", objects=[hidden])
    elif step == "copy":
        game.do(actor, type="copy_ability", ability=mine[0].id)
    elif step == "target copy":
        copy = next(a for a in game.state.abilities if a.controller == "Bob")
        game.do(actor, type="choose_targets", ability=copy.id, objects=[game.id("Grizzly Bears")])
    elif step == "target original":
        game.do(actor, type="choose_targets", ability=mine[0].id, objects=[hidden])
    elif step == "resolve":
        game.do(actor, type="resolve")


@pytest.mark.parametrize("who", BLIND)
def test_708_5_twin_games_differing_only_in_the_hidden_card_are_identical_to_others(who: str):
    twins = [face_down_game(name) for name in HIDDEN]
    for actor, step in STEPS:
        for game in twins:
            _step(game, actor, step)
        first, second = (_channels(g, who) for g in twins)
        assert first == second, (who, step)
        assert not any(name in first for name in HIDDEN), (who, step)
    # Both twins really did the work: two triggers, counters, and a task for the judge.
    for game in twins:
        assert game.obj_view("judge", next(o.id for o in game.state.objects if o.face_down))
        assert len(game.view("judge").abilities) == 2  # the last attack's two triggers
    # The judge and Alice, who may see the face, are told which card it is.
    assert "Skinthinner" in twins[0].log_text("Alice")
    assert "Ashcloud Phoenix" in twins[1].log_text("judge")


def test_708_5_twin_games_identical_through_counter_and_apply_by_hand():
    twins = [face_down_game(name) for name in HIDDEN]
    for game in twins:
        grant(game, {**ATTACK_GRANT, "effect": None})
        hidden = next(o.id for o in game.state.objects if o.face_down)
        game.do("Alice", type="attack", objects=[hidden])
        first = game.state.abilities[0].id
        game.do("Alice", type="copy_ability", ability=first)
        game.do(None, type="counter_ability", ability=game.state.abilities[1].id)
        game.do("Alice", type="choose_targets", ability=first, objects=[hidden])
        game.do(None, type="resolve")
        task = game.state.by_hand[0].id
        game.do(None, type="judge_done_by_hand", task=task)
    for who in BLIND:
        first, second = (_channels(g, who) for g in twins)
        assert first == second
        assert "Judge: applied by hand (Face-down 2/2" in first
        assert not any(name in first for name in HIDDEN)


def test_603_10a_a_granted_leaves_trigger_of_a_card_the_judge_puts_into_a_hand_stays_unnamed():
    """A judge's edit puts the face-down creature into its owner's hand: its face stays
    hidden from Bob, so the trigger's source is its label to him, its name to Alice."""
    game = face_down_game()
    hidden = grant(game, {"event": "leaves_battlefield", "text": "Draw a card."})
    game.do(None, type="judge_move", object=hidden, zone="hand")
    for who in BLIND:
        (ability,) = game.view(who).abilities
        assert ability.source_name.startswith("Face-down 2/2"), who
        assert ability.source is None, who  # a hand's id never reaches them
        assert "Skinthinner" not in game.last_text(who) + game.view_json(who), who
        assert '"when it leaves the battlefield" ability triggers: Draw a card.' in (
            game.last_text(who)
        )
    assert game.view("Alice").abilities[0].source_name == "Skinthinner"
    assert "(Its source is Skinthinner.)" in game.last_text("Alice")
