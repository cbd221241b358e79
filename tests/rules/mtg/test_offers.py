"""The buttons a viewer is offered: only legal actions, named as that viewer may see them."""

from __future__ import annotations

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Table


def _game():
    game = Table().hand("Alice", "Exalted Angel").battlefield("Bob", "Serra Angel").start()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    game.do(None, type="resolve")
    return game


def test_controller_is_offered_look_and_turn_face_up_with_its_cost_checked_by_the_engine():
    game = _game()
    angel = game.id("Exalted Angel", Zone.BATTLEFIELD)
    mine = {o.type for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == angel}
    assert {"look", "turn_face_up", "tap"} <= mine
    assert "attack" not in mine  # 302.6: it entered this turn
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")
    mine = {o.type for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == angel}
    assert {"look", "turn_face_up", "attack", "tap"} <= mine


def test_opponent_is_offered_nothing_that_707_5_forbids_and_no_name():
    game = _game()
    angel = game.id("Exalted Angel", Zone.BATTLEFIELD)
    options = actions_for(game.state, Viewer.seat("Bob"))
    assert not {o.type for o in options if o.object == angel} & {"look", "turn_face_up"}
    assert "Exalted Angel" not in "".join(o.model_dump_json() for o in options)
    # Bob may copy the face-down creature: labelled by its public label only.
    copy = next(o for o in options if o.type == "copy")
    assert "Face-down 2/2" in copy.label


def test_every_offered_action_is_accepted_and_spectators_get_none():
    game = _game()
    for option in actions_for(game.state, Viewer.judge()):
        game_copy = type(game)(game.state, [])
        game_copy.do(None, **option.action)  # raises if an offered action were illegal
    assert actions_for(game.state, Viewer.spectator()) == []


def test_flip_and_hideaway_are_offered_only_to_who_may_take_them():
    game = (
        Table()
        .battlefield("Alice", "Akki Lavarunner")
        .hand("Alice", "Shelldock Isle")
        .library("Alice", "Serra Angel", "Island")
        .start()
    )
    akki = game.id("Akki Lavarunner")
    assert "flip" in {
        o.type for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == akki
    }
    assert "flip" not in {o.type for o in actions_for(game.state, Viewer.seat("Bob"))}
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    # The game waits: Alice is offered one choice per looked-at card, Bob nothing but conceding.
    alice = actions_for(game.state, Viewer.seat("Alice"))
    assert {o.type for o in alice} == {"hideaway_exile", "concede"}
    assert {o.label for o in alice if o.type == "hideaway_exile"} == {
        "Hide Serra Angel (the rest to the bottom)",
        "Hide Island (the rest to the bottom)",
    }
    bob = actions_for(game.state, Viewer.seat("Bob"))
    assert {o.type for o in bob} == {"concede"}
    assert "Serra Angel" not in "".join(o.model_dump_json() for o in bob)
    game.do("Alice", type="hideaway_exile", object=game.id("Serra Angel"))
    game.do(None, type="untap", object=game.id("Shelldock Isle"))
    offered = actions_for(game.state, Viewer.seat("Alice"))
    play = next(o for o in offered if o.type == "hideaway_play")
    assert play.object == game.id("Shelldock Isle")
    look = next(o for o in offered if o.type == "look")
    assert look.object == game.id("Serra Angel")
    assert "hideaway_play" not in {o.type for o in actions_for(game.state, Viewer.seat("Bob"))}


def test_lorwyn_hideaway_choices_carry_a_bottom_order():
    game = (
        Table(hideaway_edition="lorwyn")
        .hand("Alice", "Shelldock Isle")
        .library("Alice", "Serra Angel", "Island", "Forest")
        .start()
    )
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    for option in actions_for(game.state, Viewer.judge()):
        if option.type == "hideaway_exile":
            assert len(option.action["bottom_order"]) == 2
            assert option.action["object"] not in option.action["bottom_order"]


def test_707_2_every_battlefield_pair_is_offered_as_a_copy_named_as_each_viewer_knows_it():
    """Copy candidates share one label per source (made once per board): every ordered pair
    of battlefield objects in view is still offered, each labelled by what that viewer may
    know of the source, in English and French."""
    from app.rules.mtg.candidates import candidate_actions

    game = (
        Table()
        .hand("Alice", "Exalted Angel")
        .battlefield("Alice", "Grizzly Bears")
        .battlefield("Bob", "Serra Angel")
        .start()
    )
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    game.do(None, type="resolve")
    battlefield = [o.id for o in game.state.in_zone(Zone.BATTLEFIELD)]
    hidden = game.id("Exalted Angel", Zone.BATTLEFIELD)
    for actor in ("Alice", "Bob", None):
        copies = {
            (a["object"], a["source"]): label
            for a, label in candidate_actions(game.state, actor)
            if a["type"] == "copy"
        }
        assert set(copies) == {(o, s) for o in battlefield for s in battlefield if o != s}
        for (_, source), label in copies.items():
            assert label.en.startswith("Become a copy of ")
            assert label.fr.startswith("Devenir une copie ")
            knows = actor in (None, "Alice")
            if source == hidden:
                assert ("Exalted Angel" in label.en) is knows
                assert ("Ange exalté" in label.fr) is knows
        serra = copies[(hidden, game.id("Serra Angel"))]
        assert (serra.en, serra.fr) == (
            "Become a copy of Serra Angel",
            "Devenir une copie d'Ange de Serra",  # elided: "de Ange"
        )
