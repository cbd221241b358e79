"""A casual Magic table: dealing, draw, shuffle, mill, look at / reveal the top, the London
mulligan, life, tokens (and token copies), dice and coins; and what each seat may learn."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.rules import engine
from app.rules.mtg.setup import MtgSetup
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import SEED, Game, Table

DECK = (
    "Island", "Forest", "Grizzly Bears", "Serra Angel", "Lightning Bolt", "Llanowar Elves",
    "Island", "Forest", "Island", "Forest", "Exalted Angel", "Island",
)  # fmt: skip


def table() -> Table:
    t = Table()
    t.library("Alice", *DECK)
    t.library("Bob", *DECK)
    return t


def dealt(seed: str = SEED) -> Game:
    t = table()
    setup = MtgSetup(ruleset="mtg", players=t.players, cards=t.cards, deal=True)
    out = engine.new_game(setup, seed)
    return Game(out.state, list(out.events))


def hand(game: Game, player: str) -> list:
    return game.state.in_zone(Zone.HAND, player)


def library(game: Game, player: str) -> list:
    return game.state.in_zone(Zone.LIBRARY, player)


def names(objs: list) -> list[str]:
    return [o.card.name for o in objs]


# -- dealing (103.3, 103.5) -------------------------------------------------------------------


def test_103_4_deal_shuffles_and_draws_opening_hands_of_seven():
    game = dealt()
    for player in ("Alice", "Bob"):
        assert len(hand(game, player)) == 7
        assert len(library(game, player)) == len(DECK) - 7
    # Shuffled with the secret seed: not the listed order, and the same again on replay.
    assert names(hand(game, "Alice")) != list(DECK[:7])
    assert names(hand(dealt(), "Alice")) == names(hand(game, "Alice"))
    assert names(hand(dealt("another-seed-000000"), "Alice")) != names(hand(game, "Alice"))


def test_103_4_opening_hands_are_named_only_to_their_owner():
    game = dealt()
    bob_hand = names(hand(game, "Bob"))
    alice_log = game.log_text("Alice")
    assert "Bob shuffles their library and draws an opening hand of 7 cards" in alice_log
    for card in set(bob_hand) - set(names(hand(game, "Alice"))) - {"Island", "Forest"}:
        assert card not in alice_log
    assert "Opening hand:" in game.log_text("Bob") and "Opening hand:" in game.log_text("judge")
    assert "Opening hand:" not in game.log_text("spectator")


def test_without_deal_the_setup_is_as_listed():
    game = table().start()
    assert hand(game, "Alice") == []
    assert names(library(game, "Alice")) == list(DECK)


# -- draw (121.1) ---------------------------------------------------------------------------


def test_121_1_draw_takes_the_top_cards_as_new_objects_named_only_to_the_owner():
    game = table().start()
    top = library(game, "Alice")[:2]
    old_ids = {o.id for o in top}
    game.do("Alice", type="draw", player="Alice", count=2)
    drawn = hand(game, "Alice")
    assert names(drawn) == ["Island", "Forest"]
    assert not old_ids & {o.id for o in drawn}  # 400.7: new objects
    assert game.last_text("Bob") == "Alice draws 2 cards."
    assert "Island" in game.last_text("Alice") and "Forest" in game.last_text("Alice")
    assert all(e.objects == () for e in game.last)


def test_704_5b_drawing_past_an_empty_library_is_told_not_decided():
    game = Table().library("Alice", "Island").start()
    game.do("Alice", type="draw", player="Alice", count=3)
    assert len(hand(game, "Alice")) == 1
    assert "704.5b" in game.last[0].rules
    assert not game.state.finished


# -- shuffle (701.24) -----------------------------------------------------------------------


def test_701_20_shuffle_renews_ids_and_forgets_what_was_known():
    game = table().start()
    game.do("Alice", type="look_top", player="Alice", count=3)
    before = {o.id for o in library(game, "Alice")}
    assert [o for o in library(game, "Alice") if "Alice" in o.known_to]
    game.do("Alice", type="shuffle", player="Alice")
    after = library(game, "Alice")
    assert not before & {o.id for o in after}
    assert all(o.known_to == [] for o in after)
    assert sorted(names(after)) == sorted(DECK)
    assert [o for o in game.view("Alice").objects if o.zone == "library"] == []
    assert "shuffles their library (12 cards)" in game.last_text("Bob")


# -- mill (701.17) --------------------------------------------------------------------------


def test_701_13_mill_puts_the_top_cards_into_the_graveyard_for_all_to_see():
    game = table().start()
    game.do("Alice", type="mill", player="Alice", count=2)
    assert names(game.state.in_zone(Zone.GRAVEYARD, "Alice")) == ["Island", "Forest"]
    assert "Alice mills 2 cards: Island, Forest." in game.last_text("Bob")


# -- look at / reveal the top (401.2, 701.20) ------------------------------------------------


def test_401_2_look_top_shows_the_cards_to_the_looker_only_until_shuffled():
    game = table().start()
    game.do("Alice", type="look_top", player="Alice", count=3)
    seen = [o.name for o in game.view("Alice").objects if o.zone == "library"]
    assert seen == ["Island", "Forest", "Grizzly Bears"]
    assert [o for o in game.view("Bob").objects if o.zone == "library"] == []
    assert [o for o in game.view("spectator").objects if o.zone == "library"] == []
    assert "Grizzly Bears" in game.last_text("Alice")
    assert "Grizzly Bears" not in game.last_text("Bob")
    assert game.last_text("Bob") == "Alice looks at the top 3 cards of their library."


def test_401_2_a_looked_at_card_drawn_is_a_new_object_nobody_else_can_follow():
    game = table().start()
    game.do("Alice", type="look_top", player="Alice", count=1)
    looked = library(game, "Alice")[0].id
    game.do("Alice", type="draw", player="Alice")
    assert game.state.get(looked) is None
    assert hand(game, "Alice")[0].known_to == []


def test_701_16_reveal_top_shows_the_cards_to_everyone_and_keeps_them_on_top():
    game = table().start()
    game.do("Alice", type="reveal_top", player="Alice", count=2)
    assert "Island, Forest" in game.last_text("Bob")
    bob_sees = [o.name for o in game.view("Bob").objects if o.zone == "library"]
    assert bob_sees == ["Island", "Forest"]
    assert names(library(game, "Alice")[:2]) == ["Island", "Forest"]


# -- the London mulligan (103.5) -------------------------------------------------------------


def test_103_5_london_mulligan_draws_seven_then_puts_one_per_mulligan_on_the_bottom():
    game = dealt()
    first = {o.id for o in hand(game, "Alice")}
    game.do("Alice", type="mulligan", player="Alice")
    game.do("Alice", type="mulligan", player="Alice")
    now = hand(game, "Alice")
    assert len(now) == 7 and not first & {o.id for o in now}
    assert "New hand:" not in game.last_text("Bob")
    assert game.view("Bob").players[0].mulligans == 2
    err = game.refused("Alice", type="keep", player="Alice")
    assert "103.5" in err.rules
    game.refused("Alice", type="mulligan_bottom", player="Alice", objects=[now[0].id])
    chosen = [now[3].id, now[1].id]
    chosen_names = [now[3].card.name, now[1].card.name]
    game.do("Alice", type="mulligan_bottom", player="Alice", objects=chosen)
    assert len(hand(game, "Alice")) == 5
    assert names(library(game, "Alice")[-2:]) == chosen_names
    assert game.last_text("Bob") == (
        "Alice keeps 5 cards, putting 2 cards on the bottom of their library."
    )
    assert game.view("Bob").players[0].kept
    game.refused("Alice", type="mulligan", player="Alice")


def test_103_5_keep_without_a_mulligan_keeps_seven():
    game = dealt()
    game.do("Bob", type="keep", player="Bob")
    assert len(hand(game, "Bob")) == 7
    assert game.last_text("Alice") == "Bob keeps 7 cards."
    game.refused("Bob", type="keep", player="Bob")


def test_103_5_mulligans_stop_before_an_empty_hand():
    game = dealt()
    for _ in range(6):
        game.do("Alice", type="mulligan", player="Alice")
    err = game.refused("Alice", type="mulligan", player="Alice")
    assert "zero" in err.message_en


def test_103_5_the_bottom_cards_come_from_the_players_own_hand():
    game = dealt()
    game.do("Alice", type="mulligan", player="Alice")
    game.refused("Alice", type="mulligan_bottom", player="Alice", objects=[hand(game, "Bob")[0].id])


# -- life (119.3, 704.5a) ---------------------------------------------------------------------


def test_119_3_life_goes_up_and_down_and_704_5a_zero_is_told():
    game = table().start()
    game.do("Alice", type="life", player="Alice", amount=3)
    assert game.state.players[0].life == 23
    game.do(None, type="life", player="Alice", amount=-23)
    assert game.state.players[0].life == 0
    assert "704.5a" in game.last[0].rules and not game.state.finished
    assert "Alice loses 23 life (0)." in game.last_text("Bob")


def test_119_3_a_life_change_of_zero_is_no_action():
    """Life is gained or lost (119.3): an amount of 0 is refused before any rule runs, from
    every seat and from the judge alike, and the game is unchanged."""
    game = table().start()
    for actor in ("Alice", None):
        with pytest.raises(ValidationError, match="amount must not be 0"):
            game.do(actor, type="life", player="Alice", amount=0)
    assert game.state.players[0].life == 20 and game.state.version == 0


# -- tokens (111.1, 707.2) --------------------------------------------------------------------

SOLDIER = {"name": "Soldier", "types": ["Creature"], "subtypes": ["Soldier"], "power": 1,
           "toughness": 1}  # fmt: skip


def test_111_1_create_tokens_from_a_definition():
    game = table().start()
    game.do("Alice", type="create_token", player="Alice", card=SOLDIER, count=2, tapped=True)
    tokens = game.state.in_zone(Zone.BATTLEFIELD, "Alice")
    assert [(o.card.name, o.is_token, o.tapped) for o in tokens] == [("Soldier", True, True)] * 2
    assert game.last_text("Bob") == "Alice creates 2 tokens tapped: Soldier."


def test_707_2_a_token_copy_takes_copiable_values_only():
    game = Table().battlefield("Bob", "Serra Angel", counters={"+1/+1": 2}).start()
    angel = game.id("Serra Angel")
    game.do("Alice", type="create_token", player="Alice", copy_of=angel)
    token = next(o for o in game.state.objects if o.is_token)
    assert (token.controller, token.counters) == ("Alice", {})
    view = game.obj_view("Bob", token.id)
    assert (view.name, view.power, view.toughness) == ("Serra Angel", 4, 4)


def test_707_2_a_token_copy_of_a_face_down_permanent_is_a_nameless_2_2_and_tells_nothing():
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    hidden = game.state.in_zone(Zone.BATTLEFIELD)[0].id
    game.do("Alice", type="create_token", player="Alice", copy_of=hidden)
    token = next(o for o in game.state.objects if o.is_token)
    for who in ("Alice", "Bob", "judge", "spectator"):
        view = game.obj_view(who, token.id)
        assert (view.name, view.power, view.toughness, view.face_down) == (None, 2, 2, False)
    for who in ("Alice", "spectator"):
        assert "Exalted" not in game.log_text(who) + game.view_json(who)


# -- dice and coins (705.1, 706.1) -------------------------------------------------------------


def test_706_1_a_die_roll_is_logged_and_replays_the_same():
    rolls = []
    for _ in range(2):
        game = table().start()
        for _ in range(5):
            game.do("Bob", type="roll_die", sides=20)
        rolls.append([e.public.en for e in game.events if e.kind == "roll_die"])
    assert rolls[0] == rolls[1]
    values = {int(text.rsplit(" ", 1)[1].rstrip(".")) for text in rolls[0]}
    assert values <= set(range(1, 21)) and len(values) > 1


def test_705_1_a_coin_flip_is_heads_or_tails_for_everyone_to_read():
    game = table().start()
    game.do(None, type="flip_coin")
    text = game.last_text("spectator")
    assert text in ("The judge flips a coin: heads.", "The judge flips a coin: tails.")


# -- the hostile seat -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "draw", "player": "Alice", "count": 3},
        {"type": "look_top", "player": "Alice", "count": 5},
        {"type": "mill", "player": "Alice", "count": 1},
        {"type": "shuffle", "player": "Alice"},
        {"type": "reveal_top", "player": "Alice", "count": 1},
        {"type": "life", "player": "Alice", "amount": -5},
        {"type": "mulligan", "player": "Alice"},
        {"type": "keep", "player": "Alice"},
    ],
)
def test_hostile_seat_cannot_act_on_another_players_library_hand_or_life(action):
    game = dealt()
    err = game.refused("Bob", **action)
    assert err.kind == "forbidden"
    assert "Island" not in err.message_en and "Forest" not in err.message_en


def test_hostile_seat_learns_no_names_or_ids_from_the_log_and_view():
    game = dealt()
    game.do("Alice", type="draw", player="Alice", count=2)
    game.do("Alice", type="look_top", player="Alice", count=2)
    game.do("Alice", type="mulligan", player="Alice")
    hidden = [o for o in game.state.objects if o.zone in (Zone.HAND, Zone.LIBRARY)
              and o.owner == "Alice"]  # fmt: skip
    bob_text = game.log_text("Bob") + game.view_json("Bob")
    for obj in hidden:
        assert obj.id not in bob_text
    for event in game.events:
        assert not {o.id for o in hidden} & set(event.objects)
    # Bob's own hand names appear in his log; none of Alice's private lines do.
    assert "New hand:" not in game.log_text("Bob")
    assert "From the top:" not in game.log_text("Bob")


def test_hostile_seat_may_propose_an_effect_on_another_players_library():
    game = dealt()
    game.do("Bob", type="propose", action={"type": "look_top", "player": "Alice", "count": 1},
            source="Peek")  # fmt: skip
    proposal = game.state.proposals[0]
    assert "Island" not in proposal.text.en and "Forest" not in proposal.text.en
    game.do("Alice", type="accept_proposal", proposal=proposal.id)
    top = library(game, "Alice")[0]
    assert top.known_to == ["Bob"]
    assert top.card.name in game.last_text("Bob")
    assert top.card.name not in game.last_text("spectator")
