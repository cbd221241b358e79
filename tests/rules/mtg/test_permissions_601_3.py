"""Casting and playing from wherever a permission effect allows (601.3, 702.37c, 708.4) and
restriction effects checked against the spell as it is on the stack (601.3, 202.3, 708.4):
Gonti, Lord of Luxury; Cemetery Illuminator; Void Winnower. Each outcome from each viewer's
side: a hidden card's permission never names it to anyone who may not see it."""

from __future__ import annotations

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Game, Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")

# Shipped catalog cards (app/rules/mtg/catalog.json). Zoetic Cavern is a land with morph (Time
# Spiral): cast face down it is a creature spell (708.4).
GONTI = "Gonti, Lord of Luxury"
ILLUMINATOR = "Cemetery Illuminator"
ZOETIC_CAVERN = "Zoetic Cavern"
VOID_WINNOWER = "Void Winnower"

GONTI_SAYS = GONTI


def _gonti(top: str = "Exalted Angel") -> tuple[Game, str]:
    """Gonti's trigger has exiled the top card of Bob's library face down for Alice (the
    judge runs it: it reaches Bob's library), and its permission is in force."""
    game = (
        Table()
        .battlefield("Alice", GONTI)
        .library("Bob", top, "Llanowar Elves")
        .hand("Bob", "Lightning Bolt")
        .start()
    )
    game.do(None, type="exile_face_down", object=game.id(top), look="exiler", by="Alice",
            source=GONTI_SAYS)  # fmt: skip
    card = game.id(top)
    game.do(None, type="grant_permission", player="Alice", object=card,
            allows=["cast", "cast_face_down"], until="while_it_stays",
            source=GONTI_SAYS)  # fmt: skip
    return game, card


def test_702_37c_gonti_alice_casts_bobs_exiled_card_face_down_with_morph():
    game, card = _gonti()
    game.do("Alice", type="cast_face_down", object=card, via="morph")
    spell = game.find("Exalted Angel")
    # 601.2: the caster controls the spell; the card is still Bob's (108.3).
    assert (spell.zone, spell.face_down, spell.controller, spell.owner) == (
        Zone.STACK, True, "Alice", "Bob")  # fmt: skip
    assert game.obj_view("Alice", spell.id).name == "Exalted Angel"
    assert game.obj_view("judge", spell.id).name == "Exalted Angel"
    for who in ("Bob", "spectator"):
        seen = game.obj_view(who, spell.id)
        assert seen.name is None and seen.card is None
        assert "Exalted Angel" not in game.view_json(who) + game.log_text(who)
    said = game.last_text("Bob")
    assert "Alice casts a face-down creature spell from exile (Bob's card), as Gonti" in said
    assert "Alice casts Exalted Angel face down (morph {2}{W}{W})" in game.last_text("Alice")
    assert set(game.last[0].rules) >= {"707.4", "702.37", "601.3"}
    # It resolves as Alice's face-down permanent; she turns it face up for its morph cost.
    game.do(None, type="resolve")
    permanent = game.find("Exalted Angel")
    assert (permanent.zone, permanent.controller, permanent.owner) == (
        Zone.BATTLEFIELD, "Alice", "Bob")  # fmt: skip
    game.do("Alice", type="turn_face_up", object=permanent.id)
    assert game.obj_view("Bob", permanent.id).name == "Exalted Angel"


def test_601_3_gonti_alice_casts_it_face_up_turned_face_up_first():
    game, card = _gonti("Grizzly Bears")
    game.do("Alice", type="cast", object=card)
    spell = game.find("Grizzly Bears", Zone.STACK)
    assert (spell.controller, spell.owner, spell.face_down) == ("Alice", "Bob", False)
    for who in VIEWERS:
        assert game.obj_view(who, spell.id).name == "Grizzly Bears"
    assert game.last[0].rules == ("601.2", "601.3", "406.3a")
    # "For as long as it remains exiled": the card left, the permission is gone (400.7).
    assert game.view("Bob").permissions == []


def test_601_3_without_a_permission_nobody_casts_an_exiled_card():
    game = Table().battlefield("Alice", GONTI).library("Bob", "Exalted Angel").start()
    game.do(None, type="exile_face_down", object=game.id("Exalted Angel"), look="exiler",
            by="Alice", source=GONTI_SAYS)  # fmt: skip
    card = game.id("Exalted Angel")
    err = game.refused("Alice", type="cast_face_down", object=card, via="morph")
    assert "601.3" in err.rules and "no effect lets you" in err.message_en
    err = game.refused("Alice", type="cast", object=card)
    assert "601.3" in err.rules


def test_406_3b_bob_cannot_use_alices_permission_nor_see_the_card():
    game, card = _gonti()
    err = game.refused("Bob", type="cast_face_down", object=card, via="morph")
    assert "601.3" in err.rules and "Exalted Angel" not in err.message_en
    # A permission for Bob over a card he may not look at still doesn't let him (406.3b).
    game.do(None, type="grant_permission", player="Bob", object=card, allows=["cast"],
            source="a judge's test")  # fmt: skip
    err = game.refused("Bob", type="cast", object=card)
    assert "406.3b" in err.rules and "Exalted Angel" not in err.message_en


def test_601_3_a_seat_grants_itself_a_permission_over_bobs_card_only_if_bob_accepts():
    game = Table().battlefield("Alice", GONTI).library("Bob", "Exalted Angel").start()
    game.do(None, type="exile_face_down", object=game.id("Exalted Angel"), look="exiler",
            by="Alice", source=GONTI_SAYS)  # fmt: skip
    card = game.id("Exalted Angel")
    grant = {"type": "grant_permission", "object": card, "allows": ["cast_face_down"],
             "until": "while_it_stays", "source": GONTI_SAYS}  # fmt: skip
    err = game.refused("Alice", **grant)
    assert err.kind == "forbidden"
    game.do("Alice", type="propose", action={**grant, "player": "Alice"}, source=GONTI_SAYS)
    proposal = game.state.proposals[0]
    assert "Exalted Angel" not in proposal.text.en
    assert "Alice may cast face down this card" in proposal.text.en
    game.do("Bob", type="accept_proposal", proposal=proposal.id)
    game.do("Alice", type="cast_face_down", object=card, via="morph")
    assert game.find("Exalted Angel").zone == Zone.STACK


def test_601_3_the_permission_is_on_the_cards_sheet_for_everyone_without_naming_it():
    game, card = _gonti()
    for who in VIEWERS:
        notes = game.obj_view(who, card).permissions
        assert [n.en for n in notes] == [
            "Alice may cast / cast face down this card, for as long as it stays there "
            f"({GONTI_SAYS})."
        ]
        assert "Exalted Angel" not in game.view_json(who) or who in ("Alice", "judge")
    assert [p.object for p in game.view("spectator").permissions] == [card]


def test_gonti_twins_bob_cannot_tell_which_card_alice_cast_face_down():
    """Two games that differ only in the card Gonti exiled: Bob and the spectator read the
    same bytes, through the exile, the permission, the face-down cast and its resolution."""

    def seen(top: str) -> dict[str, str]:
        game, card = _gonti(top)
        game.do("Alice", type="cast_face_down", object=card, via="morph")
        game.do(None, type="resolve")
        return {who: game.view_json(who) + game.log_text(who) for who in ("Bob", "spectator")}

    assert seen("Exalted Angel") == seen("Sagu Mauler")


# --- Cemetery Illuminator: the top of the library ------------------------------------------


def _illuminator(*library: str) -> Game:
    table = Table().battlefield("Alice", ILLUMINATOR).put("Alice", "exile", "Grizzly Bears")
    for card in library:
        table.put("Alice", "library", card)
    game = table.start()
    game.do("Alice", type="grant_permission", zone="library_top", allows=["cast", "cast_face_down"],
            types=["Creature"], once_each_turn=True, until="until_ended",
            source="Cemetery Illuminator")  # fmt: skip
    return game


def test_708_4_illuminator_a_land_with_morph_cast_face_down_is_a_creature_spell():
    game = _illuminator(ZOETIC_CAVERN, "Sagu Mauler")
    game.do("Alice", type="look_top", player="Alice", count=1)
    top = game.id("Zoetic Cavern")
    offered = {o.label for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == top}
    assert "Cast face down (morph)" in offered and "Cast" not in offered
    err = game.refused("Alice", type="cast", object=top)
    assert "601.3" in err.rules  # a land card: no creature spell face up
    game.do("Alice", type="cast_face_down", object=top, via="morph")
    spell = game.find("Zoetic Cavern")
    assert (spell.zone, spell.face_down, spell.controller) == (Zone.STACK, True, "Alice")
    said = game.last_text("Bob")
    assert "from the top of Alice's library, as Cemetery Illuminator allows" in said
    assert "Zoetic Cavern" not in game.view_json("Bob") + game.log_text("Bob")


def test_illuminator_twins_bob_cannot_tell_which_top_card_alice_cast_face_down():
    """A land with morph or a creature with morph from the top of Alice's library: Bob and
    the spectator read the same bytes through the look, the face-down cast and its
    resolution."""

    def seen(top: str) -> dict[str, str]:
        game = _illuminator(top, "Llanowar Elves")
        game.do("Alice", type="look_top", player="Alice", count=1)
        game.do("Alice", type="cast_face_down", object=game.id(top), via="morph")
        game.do(None, type="resolve")
        return {who: game.view_json(who) + game.log_text(who) for who in ("Bob", "spectator")}

    assert seen(ZOETIC_CAVERN) == seen("Sagu Mauler")


def test_601_3_illuminator_once_each_turn_and_only_what_shares_a_card_type():
    game = _illuminator("Sagu Mauler", "Llanowar Elves", "Lightning Bolt")
    game.do("Alice", type="look_top", player="Alice", count=3)
    game.do("Alice", type="cast", object=game.id("Sagu Mauler"))
    assert game.find("Sagu Mauler").controller == "Alice"
    elves = game.id("Llanowar Elves")
    err = game.refused("Alice", type="cast", object=elves)
    assert "601.3" in err.rules  # once each turn
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")
    game.do(None, type="resolve")  # 117.1a: the Mauler resolves first (sorcery speed)
    game.do("Alice", type="cast", object=elves)
    game.do(None, type="resolve")
    game.do("Alice", type="next_turn")
    err = game.refused("Alice", type="cast", object=game.id("Lightning Bolt"))
    assert "601.3" in err.rules  # an instant: no card type in common with Grizzly Bears


def test_401_2_bob_cannot_reach_the_top_of_alices_library_through_her_permission():
    game = _illuminator("Sagu Mauler")
    top = game.find("Sagu Mauler").id
    err = game.refused("Bob", type="cast", object=top)
    assert err.kind == "not_found"
    assert game.obj_view("Bob", top) is None


def test_305_1_a_land_played_from_the_top_of_the_library_as_an_effect_allows():
    game = Table().library("Alice", "Forest").start()
    game.do("Alice", type="grant_permission", zone="library_top", allows=["play_land"],
            source="Courser of Kruphix")  # fmt: skip
    game.do("Alice", type="reveal_top", player="Alice", count=1)
    game.do("Alice", type="play_land", object=game.id("Forest"))
    assert game.find("Forest").zone == Zone.BATTLEFIELD
    assert game.last[0].rules == ("305.1", "305.2", "601.3")
    assert "Courser of Kruphix" in game.last_text("Bob")


# --- Void Winnower: what the spell is on the stack ------------------------------------------


def _winnower() -> Game:
    game = (
        Table()
        .battlefield("Alice", VOID_WINNOWER)
        .hand("Bob", "Gathan Raiders", "Lightning Bolt", "Grizzly Bears", "Sagu Mauler")
        .start()
    )
    game.do("Alice", type="restrict_casting", player="Bob", kind="even_mana_value",
            source="Void Winnower")  # fmt: skip
    return game


def test_708_4_void_winnower_stops_a_face_down_spell_mana_value_0_is_even():
    game = _winnower()
    # Gathan Raiders' mana value is 5, odd: face down it is 0, even (708.4, 202.3).
    raiders = game.id("Gathan Raiders")
    err = game.refused("Bob", type="cast_face_down", object=raiders, via="morph")
    assert err.rules == ["601.3", "202.3", "707.4"]
    assert "mana value 0" in err.message_en and "Gathan Raiders" not in err.message_en
    err = game.refused("Bob", type="cast", object=game.id("Grizzly Bears"))
    assert "mana value is 2" in err.message_en
    game.do("Bob", type="cast", object=game.id("Lightning Bolt"))  # 1 is odd
    assert game.find("Lightning Bolt").zone == Zone.STACK
    assert "Bob can't cast spells with even mana value (Void Winnower)." in game.log_text("Bob")


def test_601_3_the_refusal_is_the_same_whatever_the_face_down_card():
    game = _winnower()
    one = game.refused("Bob", type="cast_face_down", object=game.id("Gathan Raiders"), via="morph")
    two = game.refused("Bob", type="cast_face_down", object=game.id("Sagu Mauler"), via="morph")
    assert (one.rules, one.message_en, one.message_fr) == (
        two.rules,
        two.message_en,
        two.message_fr,
    )


def test_202_3_odd_mana_value_forbidden_a_face_down_spell_of_an_odd_card_is_cast():
    game = Table().hand("Bob", "Gathan Raiders").start()
    game.do("Alice", type="next_turn")  # Bob's turn: 302.1, cast at sorcery speed
    game.do(None, type="restrict_casting", player="Bob", kind="odd_mana_value", source="a test")
    err = game.refused("Bob", type="cast", object=game.id("Gathan Raiders"))
    assert "mana value is 5" in err.message_en
    game.do("Bob", type="cast_face_down", object=game.id("Gathan Raiders"), via="morph")
    assert game.find("Gathan Raiders").zone == Zone.STACK


def test_601_3_cant_cast_creature_spells_stops_face_down_spells_too():
    game = Table().hand("Bob", "Sagu Mauler", "Lightning Bolt").start()
    game.do(None, type="restrict_casting", player="Bob", kind="creature", until="end_of_turn",
            source="Brutal Suppression")  # fmt: skip
    err = game.refused("Bob", type="cast_face_down", object=game.id("Sagu Mauler"), via="morph")
    assert "707.4" in err.rules
    game.do("Alice", type="next_turn")  # 514.2: it ends with the turn
    game.do("Bob", type="cast_face_down", object=game.id("Sagu Mauler"), via="morph")


def test_601_3_only_the_winnowers_player_ends_its_restriction():
    game = _winnower()
    restriction = game.view("Bob").restrictions[0]
    err = game.refused("Bob", type="end_restriction", restriction=restriction.id)
    assert err.kind == "forbidden"
    game.do("Alice", type="end_restriction", restriction=restriction.id)
    game.do("Alice", type="next_turn")  # Bob's turn: 302.1, cast at sorcery speed
    game.do("Bob", type="cast", object=game.id("Grizzly Bears"))


# --- A permission is its player's, with its own card types ----------------------------------


def test_601_3_a_permission_over_bobs_graveyard_is_alices_not_bobs():
    game = (
        Table()
        .put("Bob", "graveyard", "Lightning Bolt")
        .put("Bob", "graveyard", "Grizzly Bears")
        .start()
    )
    game.do(None, type="grant_permission", player="Alice", zone="graveyard", from_player="Bob",
            allows=["cast"], except_types=["Creature"], source="Dire Fleet Daredevil")  # fmt: skip
    bolt = game.id("Lightning Bolt")
    err = game.refused("Bob", type="cast", object=bolt)
    assert "601.3" in err.rules  # his own card, but the permission is Alice's
    err = game.refused("Alice", type="cast", object=game.id("Grizzly Bears"))
    assert "601.3" in err.rules  # a creature: not what it lets her cast
    game.do("Alice", type="cast", object=bolt)
    spell = game.find("Lightning Bolt")
    assert (spell.controller, spell.owner) == ("Alice", "Bob")
    assert (
        "Alice casts Lightning Bolt from Bob's graveyard (Bob's card), as Dire Fleet Daredevil"
        in (game.last_text("Bob"))
    )
    game.do(None, type="resolve")
    assert game.find("Lightning Bolt").zone == Zone.GRAVEYARD  # its owner's graveyard


def test_406_3b_a_typed_permission_tells_bob_nothing_of_a_card_he_may_not_look_at():
    """Bob holds a permission for Alice's exiled creature cards; whether her face-down card
    is a creature must not show in his refusal: both twins answer 406.3b, word for word."""

    def refusal(card: str):
        game = Table().hand("Alice", card).start()
        game.do("Alice", type="exile_face_down", object=game.id(card), look="exiler",
                source="Bane Alley Broker")  # fmt: skip
        game.do(None, type="grant_permission", player="Bob", zone="exile", from_player="Alice",
                allows=["cast"], types=["Creature"], source="a test")  # fmt: skip
        err = game.refused("Bob", type="cast", object=game.id(card))
        return err.rules, err.message_en, err.message_fr

    assert refusal("Grizzly Bears") == refusal("Lightning Bolt")
    assert "406.3b" in refusal("Lightning Bolt")[0]
