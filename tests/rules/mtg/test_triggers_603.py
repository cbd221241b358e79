"""A triggered ability's life on the stack (issue 27, item 2): it triggers (603.2) and goes on
the stack under its controller (603.3, 603.3a), who chooses its targets (603.3d, 601.2c); it
exists on its own (113.7a); it is countered (701.6), copied (707.10), resolved (608.2, with
608.2b's target check), or handed to the judge to apply by hand, never logged as done before
the judge says so. "As ~ enters" is a replacement effect (614.1c), never a trigger. Each
outcome is read from every viewer's side."""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

import pytest

from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Game, Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")

# Pine Walker (Khans of Tarkir), the example: a morph whose trigger nothing answered.
PINE_WALKER: dict[str, Any] = {
    "name": "Pine Walker",
    "types": ["Creature"],
    "subtypes": ["Elemental"],
    "mana_cost": "{3}{G}{G}",
    "power": 5,
    "toughness": 5,
    "morph": "{4}{G}",
    "turned_face_up_ability": "Untap that creature.",
}
# A dies trigger the engine applies itself (TriggerEffect "draw").
LUMEN_SPRITE: dict[str, Any] = {
    "name": "Lumen Sprite",
    "types": ["Creature"],
    "power": 1,
    "toughness": 1,
    "triggers": [
        {"event": "dies", "text": "Draw a card.", "text_fr": "Piochez une carte.",
         "effect": {"kind": "draw"}}
    ],
}  # fmt: skip


def abilities(game: Game, who: str):
    return game.view(who).abilities


def by_hand(game: Game, who: str):
    return game.view(who).by_hand


def turned_up(name: str) -> Game:
    """Alice's face-down `name` turned face up, its "when turned face up" ability triggered;
    Bob has two creatures to target."""
    game = (
        Table()
        .battlefield("Alice", name, face_down="morph")
        .battlefield("Bob", "Grizzly Bears")
        .battlefield("Bob", "Serra Angel")
        .library("Alice", "Forest", "Island")
        .start()
    )
    game.do("Alice", type="turn_face_up", object=game.id(name))
    return game


# --- 603.2 / 603.3: triggered, then on the stack -------------------------------------------


def test_603_3_pine_walkers_trigger_goes_on_the_stack_under_its_controller():
    game = Table().battlefield("Alice", PINE_WALKER, face_down="morph").start()
    game.do("Alice", type="turn_face_up", object=game.id("Pine Walker"))
    for who in VIEWERS:
        (ability,) = abilities(game, who)
        assert ability.kind == "triggered" and ability.controller == "Alice", who
        assert ability.source_name == "Pine Walker" and ability.text == "Untap that creature."
        assert ability.event == "turned_face_up"
        text = game.last_text(who)
        assert 'Pine Walker\'s "when turned face up" ability triggers' in text, who
        assert "goes on the stack under Alice's control (603.3)" in text, who
    (event,) = [e for e in game.last if e.kind == "trigger"]
    assert {"603.2", "603.3", "702.37"} <= set(event.rules)
    # The view numbers the rules it cites.
    assert "603.3" in abilities(game, "Bob")[0].rules


def test_603_2_a_trigger_does_nothing_until_it_resolves_and_the_stack_shows_it_first():
    """603.2: triggering does nothing yet; 608.1: only the top of the stack resolves, and a
    spell cast after it sits above it."""
    game = (
        Table()
        .battlefield("Alice", PINE_WALKER, face_down="morph")
        .hand("Bob", "Grizzly Bears")
        .start()
    )
    game.do("Alice", type="turn_face_up", object=game.id("Pine Walker"))
    # 117.1a: a creature spell isn't cast above a trigger by a seat; the judge rebuilding
    # the table may still put it there (warned of the timing).
    game.do(None, type="cast", object=game.id("Grizzly Bears"))
    game.do(None, type="resolve")  # the Bears, on top, resolve first
    assert game.find("Grizzly Bears").zone == "battlefield"
    assert len(abilities(game, "Bob")) == 1
    game.do(None, type="resolve")
    assert abilities(game, "Bob") == []


# --- 608.2: resolved; what the engine doesn't model goes to the judge, never "done" --------


def test_608_2_an_effect_the_engine_does_not_model_is_applied_by_hand_by_the_judge():
    game = Table().battlefield("Alice", "Ashcloud Phoenix", face_down="morph").start()
    game.do("Alice", type="turn_face_up", object=game.id("Ashcloud Phoenix"))
    life = [p.life for p in game.state.players]
    game.do("Bob", type="resolve")
    assert abilities(game, "Bob") == []
    assert [p.life for p in game.state.players] == life  # nothing applied by the engine
    for who in VIEWERS:
        (task,) = by_hand(game, who)
        assert task.text == "It deals 2 damage to each player." and task.why == "not_modelled"
        text = game.last_text(who)
        assert "the judge applies it by hand" in text, who
        assert "applied" not in text.replace("applies it", ""), who  # never said done
    task_id = by_hand(game, "judge")[0].id
    err = game.refused("Bob", type="judge_done_by_hand", task=task_id)
    assert err.kind == "forbidden"
    game.do(None, type="judge_done_by_hand", task=task_id)
    for who in VIEWERS:
        assert by_hand(game, who) == []
        assert "Judge: applied by hand (Ashcloud Phoenix): It deals 2 damage" in game.last_text(who)


def test_608_2_an_effect_the_engine_models_is_applied_as_it_resolves():
    game = Table().battlefield("Alice", LUMEN_SPRITE).library("Alice", "Forest", "Island").start()
    game.do("Alice", type="move", object=game.id("Lumen Sprite"), to="graveyard")
    (ability,) = abilities(game, "Bob")
    assert ability.event == "dies" and ability.controller == "Alice"
    game.do(None, type="resolve")
    assert game.find("Forest").zone == "hand"
    assert by_hand(game, "judge") == []
    assert "Lumen Sprite's ability resolves: Draw a card." in game.last_text("Bob")
    assert "Alice draws 1 card" in game.last_text("Bob")
    assert "Forest" not in game.last_text("Bob")  # which card: Alice's only
    assert "Forest" in game.last_text("Alice")


def test_603_5_a_may_is_its_players_choice_so_the_engine_never_makes_it():
    game = turned_up("Icefeather Aven")
    game.do("Alice", type="choose_targets", ability=abilities(game, "Alice")[0].id,
            objects=[game.id("Grizzly Bears")])  # fmt: skip
    game.do(None, type="resolve")
    assert game.find("Grizzly Bears").zone == "battlefield"
    (task,) = by_hand(game, "Bob")
    assert task.why == "may" and task.targets == "Grizzly Bears"
    assert "Alice chooses (603.5)" in game.last_text("Bob")


# --- 603.3d: its controller chooses its targets --------------------------------------------


def test_603_3d_the_controller_chooses_the_targets_not_whoever_resolves():
    game = turned_up("Skinthinner")
    (ability,) = abilities(game, "Alice")
    assert ability.targeted and not ability.targets_chosen
    assert "Alice chooses its targets (603.3d)" in game.last_text("Bob")
    # Not chosen yet: it can't resolve; and Bob doesn't choose Alice's targets.
    err = game.refused("Bob", type="resolve")
    assert "603.3d" in err.rules
    err = game.refused("Bob", type="choose_targets", ability=ability.id,
                       objects=[game.id("Serra Angel")])  # fmt: skip
    assert err.kind == "forbidden"
    game.do("Alice", type="choose_targets", ability=ability.id, objects=[game.id("Grizzly Bears")])
    for who in VIEWERS:
        (seen,) = abilities(game, who)
        assert seen.targets_chosen and seen.targets == "Grizzly Bears", who
        assert "Alice chooses the targets of Skinthinner's ability: Grizzly Bears" in (
            game.last_text(who)
        )
    # Chosen as it went on the stack: they don't change afterwards.
    err = game.refused("Alice", type="choose_targets", ability=ability.id,
                       objects=[game.id("Serra Angel")])  # fmt: skip
    assert "603.3d" in err.rules
    game.do("Bob", type="resolve")
    (task,) = by_hand(game, "judge")
    assert task.targets == "Grizzly Bears"
    assert "Its targets: Grizzly Bears." in game.last_text("Bob")


def test_603_3d_no_legal_target_removes_the_ability_from_the_stack():
    game = turned_up("Skinthinner")
    game.do("Alice", type="choose_targets", ability=abilities(game, "Alice")[0].id)
    for who in VIEWERS:
        assert abilities(game, who) == [] and by_hand(game, who) == []
        assert "has no legal target: it is removed from the stack" in game.last_text(who)


def test_608_2b_every_target_gone_and_it_does_nothing():
    game = turned_up("Skinthinner")
    game.do("Alice", type="choose_targets", ability=abilities(game, "Alice")[0].id,
            objects=[game.id("Grizzly Bears")])  # fmt: skip
    game.do("Bob", type="move", object=game.id("Grizzly Bears"), to="hand")  # a new object
    game.do(None, type="resolve")
    for who in VIEWERS:
        assert abilities(game, who) == [] and by_hand(game, who) == []
        assert "its targets are all gone" in game.last_text(who)
    assert any("608.2b" in e.rules for e in game.last)


def test_601_2c_a_target_players_ability():
    game = Table().hand("Alice", "Hunted Bonebrute").start()
    game.do("Alice", type="cast", object=game.id("Hunted Bonebrute"))
    game.do(None, type="resolve")
    (ability,) = abilities(game, "Bob")
    assert ability.event == "enters" and ability.targeted
    assert 'Hunted Bonebrute\'s "when it enters" ability triggers' in game.last_text("Bob")
    game.do("Alice", type="choose_targets", ability=ability.id, players=["Bob"])
    assert abilities(game, "spectator")[0].targets == "Bob"


# --- 113.7a: on its own, whatever happens to its source ------------------------------------


def test_113_7a_the_ability_stays_when_its_source_leaves_and_its_old_id_is_not_shown():
    game = turned_up("Ashcloud Phoenix")
    phoenix = game.id("Ashcloud Phoenix")
    assert abilities(game, "Bob")[0].source == phoenix
    game.do("Alice", type="move", object=phoenix, to="hand")
    for who in VIEWERS:
        (ability,) = abilities(game, who)
        assert ability.source is None and ability.source_name == "Ashcloud Phoenix", who
    game.do(None, type="resolve")
    assert by_hand(game, "judge")[0].source_name == "Ashcloud Phoenix"


# --- 701.6: countered; 707.10: copied ------------------------------------------------------


def test_701_6_a_countered_ability_leaves_the_stack_and_does_nothing():
    game = turned_up("Ashcloud Phoenix")
    ability = abilities(game, "Alice")[0].id
    # Bob's effect on Alice's ability: not his to apply (a seat acts on its own)...
    err = game.refused("Bob", type="counter_ability", ability=ability)
    assert err.kind == "forbidden"
    game.do(None, type="counter_ability", ability=ability)
    for who in VIEWERS:
        assert abilities(game, who) == [] and by_hand(game, who) == []
        assert "Ashcloud Phoenix's ability is countered" in game.last_text(who)
    assert "701.6" in game.last[0].rules
    err = game.refused(None, type="resolve")
    assert "608.1" in err.rules  # nothing left to resolve


def test_701_6_another_players_ability_is_countered_when_its_controller_accepts():
    """Bob's Stifle on Alice's ability acts on her object: he proposes it, she (or the judge)
    accepts, and only then does it leave the stack; her refusal leaves it there."""
    game = turned_up("Ashcloud Phoenix")
    ability = abilities(game, "Alice")[0].id
    game.do("Bob", type="propose", action={"type": "counter_ability", "ability": ability})
    proposal = game.state.proposals[0]
    assert proposal.to == ("Alice",)
    assert len(abilities(game, "Alice")) == 1  # nothing happens before she answers
    game.do("Alice", type="refuse_proposal", proposal=proposal.id)
    assert len(abilities(game, "Alice")) == 1
    game.do("Bob", type="propose", action={"type": "counter_ability", "ability": ability})
    game.do("Alice", type="accept_proposal", proposal=game.state.proposals[0].id)
    for who in VIEWERS:
        assert abilities(game, who) == []
        assert "Ashcloud Phoenix's ability is countered" in game.last_text(who)
    # Bob's page offers it as a proposal, never as a direct counter.
    bobs = [o.action for o in actions_for(turned_up("Ashcloud Phoenix").state, Viewer.seat("Bob"))]
    assert {"type": "propose", "action": {"type": "counter_ability", "ability": ANY}} in [
        {"type": a["type"], "action": {**a["action"], "ability": ANY}}
        for a in bobs
        if a["type"] == "propose"
    ]
    assert not [a for a in bobs if a["type"] == "counter_ability"]


def test_707_10_a_copy_has_the_text_and_targets_and_its_own_controller():
    game = turned_up("Skinthinner")
    original = abilities(game, "Alice")[0].id
    game.do("Alice", type="choose_targets", ability=original, objects=[game.id("Grizzly Bears")])
    # A seat copies for itself only.
    game.refused("Bob", type="copy_ability", ability=original, controller="Alice")
    game.do("Bob", type="copy_ability", ability=original)
    for who in VIEWERS:
        first, copy = abilities(game, who)
        assert copy.is_copy and copy.controller == "Bob" and first.controller == "Alice"
        assert copy.text == first.text and copy.targets == "Grizzly Bears", who
        assert "Bob puts a copy of Skinthinner's ability on the stack" in game.last_text(who)
    assert game.last[0].rules == ("707.10-ability",)
    # 707.10c: the copy's controller may choose new targets; the original's stay.
    copy_id = abilities(game, "Bob")[1].id
    game.do("Bob", type="choose_targets", ability=copy_id, objects=[game.id("Serra Angel")])
    first, copy = abilities(game, "Alice")
    assert (first.targets, copy.targets) == ("Grizzly Bears", "Serra Angel")
    game.do(None, type="resolve")  # the copy, on top, resolves first
    assert by_hand(game, "judge")[0].controller == "Bob"


# --- 614.1c: "As ~ enters" never triggers --------------------------------------------------


@pytest.mark.parametrize("name", ["Vesuvan Shapeshifter", "Clone"])
def test_614_1c_as_it_enters_is_a_replacement_effect_not_a_trigger(name: str):
    """Not modelled by the engine: the judge applies it by hand; never called a trigger."""
    game = Table().hand("Alice", name).battlefield("Bob", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id(name))
    game.do(None, type="resolve")
    assert abilities(game, "Bob") == []
    for who in VIEWERS:
        text = game.last_text(who)
        assert "trigger" not in text.replace("doesn't trigger", ""), (who, text)
        assert "A replacement effect (614.1c)" in text, who
        (task,) = by_hand(game, who)
        assert task.why == "replacement", who
    assert not [e for e in game.last if e.kind == "trigger"]
    assert any("614.1c" in e.rules for e in game.last)


def test_614_1c_ixidrons_as_it_enters_applies_as_it_enters_and_never_triggers():
    """The engine models Ixidron's effect, so it applies it as Ixidron enters (no stack, no
    task for the judge); the old "Its enters ability triggers" wording is gone."""
    game = (
        Table()
        .hand("Alice", "Ixidron")
        .battlefield("Bob", "Grizzly Bears")
        .battlefield("Bob", "Serra Angel", is_token=True)
        .start()
    )
    game.do("Alice", type="cast", object=game.id("Ixidron"))
    game.do(None, type="resolve")
    assert game.find("Grizzly Bears").face_down and not game.find("Serra Angel").face_down
    assert not game.find("Ixidron").face_down
    for who in VIEWERS:
        assert abilities(game, who) == [] and by_hand(game, who) == [], who
        text = game.log_text(who)
        assert "Its enters ability triggers" not in text and "ability triggers" not in text
        assert "Ixidron: As it enters, turn all other nontoken creatures face down." in text
        assert "A replacement effect (614.1c): it applies as Ixidron enters" in text
    assert not [e for e in game.last if e.kind == "trigger"]
    ixidron = game.obj_view("Bob", game.id("Ixidron"))
    assert (ixidron.power, ixidron.toughness) == (1, 1)  # 604.3: the one it turned


def test_614_1c_ixidron_with_nothing_to_turn():
    game = Table().hand("Alice", "Ixidron").start()
    game.do("Alice", type="cast", object=game.id("Ixidron"))
    game.do(None, type="resolve")
    assert "no other nontoken creature to turn face down" in game.last_text("Bob")


def test_603_2_a_when_it_enters_ability_is_a_trigger_on_the_stack():
    game = Table().hand("Alice", "Hunted Bonebrute").start()
    game.do("Alice", type="cast", object=game.id("Hunted Bonebrute"))
    game.do(None, type="resolve")
    (event,) = [e for e in game.last if e.kind == "trigger"]
    assert {"603.2", "603.3"} <= set(event.rules)
    assert by_hand(game, "judge") == []
