"""Seed 004 (Lorwyn release notes: Hideaway, 502.75 of 2007; today 702.75 "Hideaway N"):
502.75a and one test per ruling bullet, named after the bullet's point, plus today's
differences. Both editions run; the judge is shown the other edition's answer."""

from __future__ import annotations

import random

import pytest

from app.catalog import load_catalog
from app.rules.mtg.state import Zone
from app.rules.mtg.visibility import can_see_face
from app.rules.redact import numbers_for_ruleset
from tests.rules.mtg.table import Table

LIBRARY = ("Serra Angel", "Forest", "Grizzly Bears", "Island", "Divination")


def played(land="Windbrisk Heights", edition="current", library=LIBRARY, table=None):
    """Alice plays a hideaway land; the trigger waits for her choice."""
    table = table or Table(hideaway_edition=edition)
    table.hand("Alice", land).library("Alice", *library)
    game = table.start()
    game.do("Alice", type="play_land", object=game.id(land))
    return game


def hide(game, name, who="Alice", bottom=None):
    action = {"type": "hideaway_exile", "object": game.id(name, Zone.LIBRARY)}
    if bottom is not None:
        action["bottom_order"] = [game.id(n, Zone.LIBRARY) for n in bottom]
    game.do(who, **action)
    return game.find(name, Zone.EXILE)


def ready(game, land="Windbrisk Heights"):
    """Untap the land so its {T} ability can be paid."""
    land_id = game.id(land, Zone.BATTLEFIELD)
    if game.find(land, Zone.BATTLEFIELD).tapped:
        game.do(None, type="untap", object=land_id)
    return land_id


def library_names(game, player="Alice"):
    return [o.card.name for o in game.state.in_zone(Zone.LIBRARY, player)]


def names_in(game, who):
    return game.view_json(who) + game.log_text(who)


def resolve_and_play(game):
    """The judge resolves the ability (which only waits: 608.2d), then its player chooses
    to play the hidden card."""
    game.do(None, type="resolve")
    ability = game.state.abilities[-1]
    assert ability.choosing
    game.do(ability.controller, type="hideaway_accept", ability=ability.id)
    return game


# --- 502.75a: the keyword ----------------------------------------------------------


def test_502_75a_the_land_enters_tapped_and_only_its_controller_sees_the_top_four():
    game = played()
    assert game.find("Windbrisk Heights").tapped
    alice = [o.name for o in game.view("Alice").objects if o.zone == "library"]
    assert alice == ["Serra Angel", "Forest", "Grizzly Bears", "Island"]
    assert not [o for o in game.view("Bob").objects if o.zone == "library"]
    assert not [o for o in game.view("spectator").objects if o.zone == "library"]
    assert "Serra Angel" in game.last_text("Alice")
    for who in ("Bob", "spectator"):
        assert "Serra Angel" not in game.view_json(who) + game.last_text(who)
    pending = game.view("Bob").pending
    assert pending is not None and (pending.player, pending.count) == ("Alice", 4)


def test_502_75a_the_game_waits_for_the_hideaway_choice():
    game = played()
    for actor, action in [
        ("Bob", {"type": "next_turn"}),
        ("Alice", {"type": "next_turn"}),
        (None, {"type": "tap", "object": game.id("Windbrisk Heights")}),
    ]:
        err = game.refused(actor, **action)
        assert err.rules == ["702.75"] and "waits for Alice" in err.message_en
    err = game.refused("Bob", type="hideaway_exile", object=game.id("Forest"))
    assert err.kind == "forbidden"
    hide(game, "Forest")
    game.do("Alice", type="next_turn")  # the game goes on


def test_502_75_must_look_at_the_top_four_and_must_exile_one_of_them():
    game = played()
    err = game.refused("Alice", type="hideaway_exile", object=game.id("Divination"))
    assert "702.75-exile-one" in err.rules  # the fifth card was not looked at
    old_id = game.id("Forest")
    exiled = hide(game, "Forest")
    assert exiled.face_down and exiled.id != old_id  # a new object, new id (400.7)
    assert library_names(game)[0] == "Divination"  # the other three went under it
    assert sorted(library_names(game)[1:]) == ["Grizzly Bears", "Island", "Serra Angel"]
    assert game.state.hideaway_pending is None


def test_502_75_with_fewer_than_four_cards_it_looks_at_all_and_still_exiles_one():
    game = played(library=("Forest", "Island"))
    assert "only 2 left" in game.last_text("Bob")
    hide(game, "Island")
    assert library_names(game) == ["Forest"]


def test_502_75_with_an_empty_library_there_is_nothing_to_exile():
    game = played(library=())
    assert game.state.hideaway_pending is None
    assert "library is empty" in game.last_text("Bob")


def test_502_75a_lorwyn_the_rest_go_to_the_bottom_in_the_order_chosen():
    game = played(edition="lorwyn")
    hide(game, "Forest", bottom=["Island", "Serra Angel", "Grizzly Bears"])
    assert library_names(game) == ["Divination", "Island", "Serra Angel", "Grizzly Bears"]
    assert "order they chose" in game.last_text("Bob")


def test_502_75a_lorwyn_a_bottom_order_must_list_each_other_card_once():
    game = played(edition="lorwyn")
    err = game.refused(
        "Alice",
        type="hideaway_exile",
        object=game.id("Forest"),
        bottom_order=[game.id("Island"), game.id("Island")],
    )
    assert "702.75-bottom-order" in err.rules


def test_702_75a_today_the_rest_go_to_the_bottom_in_a_random_order_from_the_game_seed(
    monkeypatch: pytest.MonkeyPatch,
):
    def forbidden(*_args, **_kwargs):
        raise AssertionError("Python's global generator must not be used")

    monkeypatch.setattr(random, "shuffle", forbidden)
    orders = set()
    for seed in ("seed-a", "seed-b", "seed-c", "seed-d", "seed-e", "seed-f"):
        runs = []
        for _ in range(2):
            game = Table().hand("Alice", "Windbrisk Heights").library("Alice", *LIBRARY)
            game = game.start(seed=seed)
            game.do("Alice", type="play_land", object=game.id("Windbrisk Heights"))
            hide(game, "Forest", bottom=["Island", "Serra Angel", "Grizzly Bears"])
            runs.append(tuple(library_names(game)))
        assert runs[0] == runs[1]  # replayable
        orders.add(runs[0])
    assert len(orders) > 1  # and random from one game to the next
    assert "random order" in game.last_text("Bob") and "not used" in game.last_text("Bob")


def test_702_75a_today_a_judge_may_record_the_order_the_shuffle_gave():
    """Rebuilding a real table (or replaying an exported game under another seed)."""
    game = played()
    looked = game.state.hideaway_pending.looked
    forest, bears, island = looked[1], looked[2], looked[3]
    game.do(None, type="hideaway_exile", object=looked[0], bottom_order=[island, forest, bears])
    assert library_names(game) == ["Divination", "Island", "Forest", "Grizzly Bears"]
    assert "as the judge recorded it" in game.last_text("Bob")


def test_702_75a_new_ids_never_depend_on_the_random_order():
    """Ids are made in the order looked at, whatever the shuffle: an export's "#k"
    references (creation order) name the same cards under any seed."""
    from app.rules.core.ids import counters_by_id

    for seed in ("seed-a", "seed-b", "seed-c"):
        game = Table().hand("Alice", "Windbrisk Heights").library("Alice", *LIBRARY)
        game = game.start(seed=seed)
        game.do("Alice", type="play_land", object=game.id("Windbrisk Heights"))
        hide(game, "Forest")
        counters = counters_by_id(seed, game.state.id_counter)
        bottom = [
            o for o in game.state.in_zone(Zone.LIBRARY, "Alice") if o.card.name != "Divination"
        ]
        by_creation = [o.card.name for o in sorted(bottom, key=lambda o: counters[o.id])]
        assert by_creation == ["Serra Angel", "Grizzly Bears", "Island"]


# --- Bullet 2: who may look; who plays it ---------------------------------------------


def test_502_75_the_current_and_every_previous_controller_may_look_lorwyn_question_9():
    game = played(edition="lorwyn")
    exiled = hide(game, "Serra Angel")
    assert game.obj_view("Alice", exiled.id).name == "Serra Angel"
    assert game.obj_view("Bob", exiled.id).name is None
    game.do(None, type="gain_control", object=game.id("Windbrisk Heights"), player="Bob")
    assert game.obj_view("Bob", exiled.id).name == "Serra Angel"
    assert game.obj_view("Alice", exiled.id).name == "Serra Angel"  # she controlled it
    assert game.obj_view("spectator", exiled.id).name is None
    judge = game.obj_view("judge", exiled.id).visible_to
    assert judge.players == ["Alice", "Bob"] and judge.rules == ["502.75"]
    assert judge.other_edition.edition == "current" and judge.other_edition.same


def test_702_75a_today_the_new_controller_may_look_and_406_3_keeps_the_old_one_question_9():
    game = played(edition="current")
    exiled = hide(game, "Serra Angel")
    game.do(None, type="gain_control", object=game.id("Windbrisk Heights"), player="Bob")
    assert "Serra Angel" in game.last_text("Bob")  # told as control changes
    for who in ("Alice", "Bob"):
        assert game.obj_view(who, exiled.id).name == "Serra Angel"
    judge = game.obj_view("judge", exiled.id).visible_to
    assert judge.players == ["Alice", "Bob"] and judge.rules == ["702.75a"]
    assert judge.other_edition.edition == "lorwyn"


def test_502_75_the_player_who_controls_the_ability_plays_the_card_whoever_owns_it():
    game = played(land="Shelldock Isle")
    hide(game, "Serra Angel")
    land = game.id("Shelldock Isle")
    game.do(None, type="gain_control", object=land, player="Bob")
    ready(game, "Shelldock Isle")
    err = game.refused("Alice", type="hideaway_play", source=land)  # not hers any more
    assert "702.75" in err.rules
    game.do("Bob", type="hideaway_play", source=land)
    resolve_and_play(game)
    spell = game.find("Serra Angel", Zone.STACK)
    assert (spell.owner, spell.controller) == ("Alice", "Bob")
    assert "Bob casts Serra Angel from exile" in game.last_text("Alice")


# --- Bullet 3: the land leaves ---------------------------------------------------------


def test_502_75_once_the_land_leaves_the_battlefield_nobody_may_look_lorwyn():
    game = played(edition="lorwyn")
    exiled = hide(game, "Serra Angel")
    game.do("Alice", type="move", object=game.id("Windbrisk Heights"), to="graveyard")
    assert game.obj_view("Alice", exiled.id).name is None
    err = game.refused("Alice", type="look", object=exiled.id)
    assert err.rules == ["702.75-lorwyn-leaves"] and "nobody" in err.message_en
    judge = game.obj_view("judge", exiled.id).visible_to
    assert judge.players == [] and judge.other_edition.players == ["Alice"]
    assert not judge.other_edition.same  # the two editions differ: both are shown
    assert judge.other_edition.rules == ["406.3", "702.75a"]


def test_702_75_today_406_3_a_player_once_allowed_keeps_looking_after_the_land_leaves():
    game = played(edition="current")
    exiled = hide(game, "Serra Angel")
    game.do("Alice", type="move", object=game.id("Windbrisk Heights"), to="hand")
    assert game.obj_view("Alice", exiled.id).name == "Serra Angel"
    game.do("Alice", type="look", object=exiled.id)
    assert "Serra Angel" in game.last_text("Alice")
    assert "Serra Angel" not in game.last_text("Bob")
    judge = game.obj_view("judge", exiled.id).visible_to
    assert judge.rules == ["406.3", "702.75a"] and judge.other_edition.players == []


# --- Bullet 4: the activated ability refers only to its own card -------------------------


def test_502_75_the_land_plays_only_the_card_its_own_hideaway_ability_exiled():
    table = Table().hand("Alice", "Grizzly Bears")
    game = played(land="Shelldock Isle", library=("Serra Angel", "Island"), table=table)
    hide(game, "Serra Angel")
    game.do("Alice", type="move", object=game.id("Grizzly Bears"), to="exile")
    assert len(game.state.in_zone(Zone.EXILE)) == 2
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Serra Angel").zone == Zone.STACK
    assert game.find("Grizzly Bears").zone == Zone.EXILE


def test_502_75_each_lorwyn_land_has_its_play_condition_as_data():
    catalog = load_catalog()
    kinds = {
        "Windbrisk Heights": ("attacked_with_creatures", 3, "{W}"),
        "Howltooth Hollow": ("no_cards_in_hands", None, "{B}"),
        "Mosswort Bridge": ("creatures_total_power", 10, "{G}"),
        "Shelldock Isle": ("library_at_most", 20, "{U}"),
        "Spinerock Knoll": ("opponent_dealt_damage", 7, "{R}"),
    }
    for name, (kind, amount, cost) in kinds.items():
        card = catalog[name]
        ability = card.hideaway_ability
        assert card.hideaway == 4 and card.enters_tapped and card.is_type("Land")
        assert (ability.condition.kind, ability.condition.amount, ability.cost, ability.tap) == (
            kind,
            amount,
            cost,
            True,
        )
    assert catalog["Hauts de ventabrupt"].name == "Windbrisk Heights"


def test_502_75_howltooth_hollow_checks_that_every_hand_is_empty():
    table = Table().hand("Bob", "Grizzly Bears")
    game = played(land="Howltooth Hollow", table=table, library=("Divination", "Island"))
    hide(game, "Divination")
    land = ready(game, "Howltooth Hollow")
    game.do("Alice", type="hideaway_play", source=land)
    game.do(None, type="resolve")  # the condition is public: nothing to choose
    assert "condition is not met" in game.last_text("Bob")
    assert game.find("Divination").zone == Zone.EXILE
    game.do("Bob", type="move", object=game.id("Grizzly Bears"), to="graveyard")
    game.do(None, type="untap", object=land)
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Divination").zone == Zone.STACK


def test_502_75_windbrisk_heights_counts_attackers_this_turn():
    table = Table()
    for _ in range(3):
        table.battlefield("Alice", "Grizzly Bears")
    game = played(table=table)
    hide(game, "Serra Angel")
    bears = [o.id for o in game.state.in_zone(Zone.BATTLEFIELD) if o.card.name == "Grizzly Bears"]
    game.do("Alice", type="attack", objects=bears)
    land = ready(game)
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Serra Angel").zone == Zone.STACK


# --- Bullet 5: played as the ability resolves; timing ------------------------------------


def test_502_75_timing_restrictions_of_the_cards_type_are_ignored():
    game = played(land="Shelldock Isle", library=("Divination", "Island"))
    hide(game, "Divination")  # a sorcery
    game.do("Alice", type="next_turn")  # Bob's turn now
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    assert [a.controller for a in game.view("Bob").abilities] == ["Alice"]
    resolve_and_play(game)
    spell = game.find("Divination", Zone.STACK)
    assert spell.controller == "Alice" and not spell.face_down
    assert "timing restrictions of its card type are ignored" in game.last_text("Bob")


def test_502_75_other_restrictions_are_kept_an_untracked_condition_must_be_stated():
    game = played(land="Spinerock Knoll")
    hide(game, "Serra Angel")
    land = ready(game, "Spinerock Knoll")
    err = game.refused("Alice", type="hideaway_play", source=land)
    assert "condition_met" in err.message_en
    game.do("Alice", type="hideaway_play", source=land, condition_met=False)
    game.do(None, type="resolve")
    assert game.find("Serra Angel").zone == Zone.EXILE
    game.do(None, type="untap", object=land)
    game.do("Alice", type="hideaway_play", source=land, condition_met=True)
    resolve_and_play(game)
    assert game.find("Serra Angel").zone == Zone.STACK


# --- Bullet 6: a hidden land ----------------------------------------------------------------


def test_502_75_a_hidden_land_cant_be_played_on_an_opponents_turn_question_10():
    game = played(land="Shelldock Isle", library=("Forest", "Island"))
    exiled = hide(game, "Forest")
    game.do("Alice", type="next_turn")
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    still = game.find("Forest", Zone.EXILE)
    assert still.face_down and still.id == exiled.id
    # To Bob it reads as if Alice chose not to play it (702.75: "you may play").
    assert "Alice doesn't play the hidden card" in game.last_text("Bob")
    assert "Forest" not in game.last_text("Bob")  # why is told only to who may look
    assert "It is Forest, a land" in game.last_text("Alice")
    assert "702.75-play-land" in game.last[0].private_rules
    assert "702.75-play-land" not in game.last[0].rules


def test_502_75_a_hidden_land_cant_be_played_after_the_turns_land_play():
    game = played(land="Shelldock Isle", library=("Forest", "Island"))
    hide(game, "Forest")  # the Isle itself was this turn's land
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Forest").zone == Zone.EXILE
    assert "already played a land" in game.last_text("Alice")


def test_502_75_playing_a_hidden_land_is_the_turns_land_play():
    game = played(land="Shelldock Isle", library=("Forest", "Island"))
    hide(game, "Forest")
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")  # Alice's turn again, no land played yet
    game.do("Alice", type="hideaway_play", source=game.id("Shelldock Isle"))
    resolve_and_play(game)
    forest = game.find("Forest", Zone.BATTLEFIELD)
    assert forest.controller == "Alice" and not forest.face_down
    assert "counts as their land for the turn" in game.last_text("Bob")
    assert game.state.land_plays == {"Alice": 1}


def test_305_2_one_land_per_turn_and_only_on_your_own_turn():
    game = Table().hand("Alice", "Forest", "Island").hand("Bob", "Island").start()
    bobs = game.state.in_zone(Zone.HAND, "Bob")[0]
    err = game.refused("Bob", type="play_land", object=bobs.id)
    assert err.rules == ["305.1", "116.2a"] and "Alice's turn" in err.message_en
    game.do("Alice", type="play_land", object=game.id("Forest"))
    err = game.refused(
        "Alice",
        type="play_land",
        object=game.state.in_zone(Zone.HAND, "Alice")[0].id,
    )
    assert err.rules == ["305.2"] and "already played" in err.message_en


# --- Bullet 7: can't be played: nothing happens, try again later ---------------------------


def test_502_75_if_it_cant_be_played_nothing_happens_and_it_can_be_tried_again_later():
    game = played(land="Shelldock Isle", library=("Forest", "Island"))
    hide(game, "Forest")
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Forest").zone == Zone.EXILE
    # Why it couldn't be played is for those who may look at it (the public reads "not played").
    assert "702.75-cant-play" in game.last[0].private_rules
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    assert game.find("Forest").zone == Zone.BATTLEFIELD


# --- Bullet 8: no alternative costs ---------------------------------------------------------


def test_502_75_without_paying_its_mana_cost_means_no_alternative_cost_such_as_morph():
    game = played(land="Shelldock Isle", library=("Exalted Angel", "Island"))
    hide(game, "Exalted Angel")
    land = ready(game, "Shelldock Isle")
    err = game.refused("Alice", type="hideaway_play", source=land, via="morph")
    assert err.rules == ["702.75-no-alt-costs"]
    assert not game.find("Shelldock Isle").tapped  # nothing was paid
    game.do("Alice", type="hideaway_play", source=land)
    resolve_and_play(game)
    angel = game.find("Exalted Angel", Zone.STACK)
    assert not angel.face_down  # cast face up, for free


# --- Bullet 9: control lost in response -------------------------------------------------------


def test_502_75_losing_control_of_the_land_in_response_still_plays_the_card():
    game = played(land="Shelldock Isle", library=("Serra Angel", "Island"))
    hide(game, "Serra Angel")
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    game.do(None, type="gain_control", object=land, player="Bob")  # in response
    resolve_and_play(game)
    spell = game.find("Serra Angel", Zone.STACK)
    assert spell.controller == "Alice"
    assert "702.75-lose-control" in game.last[0].rules


# --- Bullet 10: the card left exile -------------------------------------------------------------


def test_502_75_if_the_card_left_exile_the_ability_does_nothing():
    game = played(land="Shelldock Isle", library=("Serra Angel", "Island"))
    exiled = hide(game, "Serra Angel")
    land = ready(game, "Shelldock Isle")
    game.do("Alice", type="hideaway_play", source=land)
    game.do("Alice", type="move", object=exiled.id, to="graveyard")  # in response
    assert "Serra Angel" in game.last_text("Bob")  # public in the graveyard
    game.do(None, type="resolve")
    assert game.last[0].rules == ("702.75-left-exile",)
    assert game.find("Serra Angel").zone == Zone.GRAVEYARD


# --- Today's "Hideaway N" and other differences -------------------------------------------------


def test_702_75_today_hideaway_n_looks_at_n_cards_and_only_lands_that_say_so_enter_tapped():
    library = ("Forest", "Island", "Divination", "Serra Angel", "Grizzly Bears", "Clone")
    for edition, tapped in (("current", False), ("lorwyn", True)):
        game = Table(hideaway_edition=edition).hand("Alice", "Fight Rigging")
        game = game.library("Alice", *library).start()
        game.do("Alice", type="cast", object=game.id("Fight Rigging"))
        game.do(None, type="resolve")
        assert game.find("Fight Rigging").tapped is tapped
        assert game.view("Bob").pending.count == 5
        hide(game, "Serra Angel")
        assert library_names(game)[0] == "Clone"


def test_702_75_a_hideaway_card_has_no_characteristics_and_a_public_label():
    game = played()
    exiled = hide(game, "Serra Angel")
    seen = game.obj_view("Bob", exiled.id)
    assert (seen.name, seen.power, seen.types, seen.mana_cost) == (None, None, [], None)
    assert seen.label == "Face-down card hidden by Windbrisk Heights (Alice's)"


def test_702_75_a_hideaway_card_is_not_revealed_at_the_end_of_the_game():
    game = played()
    exiled = hide(game, "Serra Angel")
    game.do(None, type="end_game")
    assert game.obj_view("Bob", exiled.id).name is None
    assert "Serra Angel" not in names_in(game, "Bob")


def test_702_75_under_the_2004_rules_hideaway_does_not_exist():
    game = played(table=Table(ruleset="mtg-2004"))
    assert game.state.hideaway_pending is None
    assert "did not exist" in game.last_text("Bob")


def test_702_75_the_seed_and_today_numbers_are_both_cited():
    assert numbers_for_ruleset(["702.75"], "mtg") == ["502.75", "702.75"]
    assert numbers_for_ruleset(["702.75-lorwyn-look"], "mtg") == ["502.75"]
    assert numbers_for_ruleset(["702.75-look", "406.3"], "mtg") == ["702.75a", "406.3"]


def _check_exactly(game, exiled_id: str, ever: set[str]) -> None:
    """The name is in a player's view exactly when they may look, and in their log only
    if they ever could; never for a spectator."""
    obj = game.state.get(exiled_id)
    for who in ("Alice", "Bob"):
        allowed = can_see_face(game.state, obj, who)
        assert ("Serra Angel" in game.view_json(who)) is allowed, who
        assert ("Serra Angel" in game.log_text(who)) is (who in ever), who
    assert "Serra Angel" not in names_in(game, "spectator")


@pytest.mark.parametrize("edition", ["current", "lorwyn"])
def test_hideaway_card_identity_reaches_exactly_the_players_allowed_to_look(edition):
    game = played(edition=edition, land="Shelldock Isle", library=("Serra Angel", "Island"))
    exiled = hide(game, "Serra Angel")
    _check_exactly(game, exiled.id, {"Alice"})
    land = game.id("Shelldock Isle")
    game.do(None, type="gain_control", object=land, player="Bob")
    _check_exactly(game, exiled.id, {"Alice", "Bob"})
    game.do(None, type="gain_control", object=land, player="Alice")
    _check_exactly(game, exiled.id, {"Alice", "Bob"})
    game.do("Alice", type="move", object=land, to="hand")
    _check_exactly(game, exiled.id, {"Alice", "Bob"})
    # Lorwyn: nobody may look any more; today: both still may (406.3).
    expected = {"Alice", "Bob"} if edition == "current" else set()
    obj = game.state.get(exiled.id)
    assert {p for p in ("Alice", "Bob") if can_see_face(game.state, obj, p)} == expected


def test_the_looked_at_cards_reach_no_one_else_even_through_errors():
    game = played()
    looked = game.state.hideaway_pending.looked
    for actor in ("Bob", None):
        err = game.refused(actor, type="look", object=looked[0])
        assert err.rules == ["702.75"]
        assert "Serra Angel" not in err.message_en + err.message_fr
    hide(game, "Forest")
    err = game.refused("Bob", type="look", object=game.id("Serra Angel"))
    assert err.kind == "not_found"  # the same answer as for an id that doesn't exist
