"""A card's sheet lists its own mechanic first (app.rules.card_first): the buttons its
keywords and abilities give it, before the moves and taps any card gets. Checked from the
seat that owns the card and from the judge, on the buttons the engine really offers."""

from __future__ import annotations

from app.rules.card_first import card_first, is_cards_own
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Game, Table

GENERIC = {"move", "tap", "untap", "gain_control", "add_counter", "pump", "copy", "cast"}


def sheet(game: Game, who: str | None, object_id: str) -> list[str]:
    viewer = Viewer.judge() if who is None else Viewer.seat(who)
    offered = [o for o in actions_for(game.state, viewer) if o.object == object_id]
    return [o.label for o in card_first(offered)]


def test_702_143a_foretell_is_the_first_button_of_a_foretellable_card_in_hand():
    game = Table().hand("Alice", "Saw It Coming").hand("Bob", "Grizzly Bears").start()
    card = game.id("Saw It Coming")
    offered = [o for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == card]
    # Without the ordering, the family offers it last, after the generic moves.
    assert offered[-1].type == "foretell" and len(offered) > 1
    for who in ("Alice", None):
        labels = sheet(game, who, card)
        assert labels[0] == "Foretell ({2})", (who, labels)
        assert sorted(labels) == sorted(o.label for o in offered)


def test_702_143a_a_foretold_cards_cast_for_its_foretell_cost_comes_first():
    game = Table().hand("Alice", "Saw It Coming").hand("Bob", "Grizzly Bears").start()
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    game.do("Alice", type="next_turn").do("Bob", type="next_turn")
    card = game.find("Saw It Coming").id
    labels = sheet(game, "Alice", card)
    assert labels[0].startswith("Cast (foretold"), labels
    assert any(label.startswith("Return to hand") for label in labels[1:])


def test_702_37c_a_morph_cards_face_down_cast_comes_before_cast_and_moves():
    game = Table().hand("Alice", "Akroma, Angel of Fury").start()
    labels = sheet(game, "Alice", game.id("Akroma, Angel of Fury"))
    assert labels[0] == "Cast face down (morph)", labels
    assert labels.index("Cast face down (morph)") < labels.index("Put into graveyard")


def test_702_37e_turn_face_up_comes_before_tap_and_moves_on_the_battlefield():
    game = Table().hand("Alice", "Akroma, Angel of Fury").start()
    game.do("Alice", type="cast_face_down", object=game.id("Akroma, Angel of Fury"), via="morph")
    game.do(None, type="resolve")
    face_down = next(o for o in game.state.objects if o.face_down)
    labels = sheet(game, "Alice", face_down.id)
    assert labels[0] == "Turn face up", labels
    assert labels.index("Tap") > 0


def test_709_4_flip_comes_first_on_a_flip_cards_sheet():
    game = Table().battlefield("Alice", "Bushi Tenderfoot").start()
    labels = sheet(game, None, game.id("Bushi Tenderfoot"))
    assert labels[0] == "Flip it", labels


def test_generic_buttons_are_never_called_the_cards_own():
    game = Table().hand("Alice", "Saw It Coming", "Grizzly Bears").start()
    for option in actions_for(game.state, Viewer.judge()):
        if option.type in GENERIC or option.type == "propose":
            assert not is_cards_own(option), option.label
