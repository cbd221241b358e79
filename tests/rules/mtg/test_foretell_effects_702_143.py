"""Foretell completed by effects (702.143): foretelling on another player's turn (Cosmos
Charger), counting foretold cards (Alrund, God of the Cosmos), a card that becomes foretold
by an effect (702.143d: Ethereal Valkyrie), foretell given to cards in hand (Dream Devourer)
and a spell that remembers it was foretold (702.143c). Each from each viewer's side."""

from __future__ import annotations

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Game, Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")

# Shipped catalog cards (app/rules/mtg/catalog.json; Kaldheim and Kaldheim Commander). Alrund's
# "+1/+1 for each card in your hand and each foretold card you own in exile" is its pt_cda.
COSMOS_CHARGER = "Cosmos Charger"
ALRUND = "Alrund, God of the Cosmos"
ETHEREAL_VALKYRIE = "Ethereal Valkyrie"
DREAM_DEVOURER = "Dream Devourer"


def _two_turns_later(game: Game) -> None:
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")


# --- Cosmos Charger: foretelling on any player's turn ---------------------------------------


def test_702_143a_cosmos_charger_alice_foretells_on_bobs_turn():
    game = Table().battlefield("Alice", COSMOS_CHARGER).hand("Alice", "Saw It Coming").start()
    game.do("Alice", type="next_turn")  # Bob's turn
    card = game.id("Saw It Coming")
    err = game.refused("Alice", type="foretell", object=card)
    assert err.rules == ["116.2h", "702.143a"] and "own turn" in err.message_en
    game.do("Alice", type="grant_permission", zone="hand", allows=["foretell_any_turn"],
            until="until_ended", source="Cosmos Charger")  # fmt: skip
    game.do("Alice", type="foretell", object=card)
    foretold = game.find("Saw It Coming")
    assert (foretold.zone, foretold.face_down, foretold.known_to) == (Zone.EXILE, True, ["Alice"])
    assert "foretells a card on Bob's turn (Cosmos Charger)" in game.last_text("Bob")
    for who in ("Bob", "spectator"):
        assert "Saw It Coming" not in game.view_json(who) + game.log_text(who)
    # On Alice's next turn (a later turn) she casts it for its foretell cost.
    game.do("Bob", type="next_turn")
    game.do("Alice", type="cast_from_exile", object=foretold.id, via="foretell")
    assert game.find("Saw It Coming").zone == Zone.STACK


def test_702_143a_alices_permission_is_not_bobs():
    game = Table().battlefield("Alice", COSMOS_CHARGER).hand("Bob", "Behold the Multiverse").start()
    game.do("Alice", type="grant_permission", zone="hand", allows=["foretell_any_turn"],
            until="until_ended", source="Cosmos Charger")  # fmt: skip
    err = game.refused("Bob", type="foretell", object=game.id("Behold the Multiverse"))
    assert err.rules == ["116.2h", "702.143a"]


# --- Alrund: counting foretold cards ---------------------------------------------------------


def test_702_143c_alrund_counts_cards_in_hand_and_foretold_cards_for_every_viewer():
    game = (
        Table()
        .battlefield("Alice", ALRUND)
        .hand("Alice", "Saw It Coming", "Behold the Multiverse", "Grizzly Bears")
        .start()
    )
    alrund = game.id("Alrund, God of the Cosmos")
    assert game.obj_view("Bob", alrund).power == 4  # 1 + 3 cards in hand
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    # A card exiled face down by another effect is not foretold (702.143c): not counted.
    game.do("Alice", type="exile_face_down", object=game.id("Grizzly Bears"), look="exiler",
            source="Bane Alley Broker")  # fmt: skip
    for who in VIEWERS:
        seen = game.obj_view(who, alrund)
        assert (seen.power, seen.toughness) == (3, 3)  # 1 + 1 in hand + 1 foretold
        alice = next(p for p in game.view(who).players if p.name == "Alice")
        assert alice.foretold == 1


def test_406_4_the_foretold_count_is_the_same_whichever_card_was_foretold():
    def seen(which: str) -> str:
        game = (
            Table()
            .battlefield("Alice", ALRUND)
            .hand("Alice", "Saw It Coming", "Behold the Multiverse")
            .start()
        )
        game.do("Alice", type="foretell", object=game.id(which))
        return game.view_json("Bob") + game.log_text("Bob")

    assert seen("Saw It Coming") == seen("Behold the Multiverse")


# --- Ethereal Valkyrie: a card becomes foretold ----------------------------------------------


def _valkyrie(card: str = "Serra Angel") -> tuple[Game, str]:
    game = Table().battlefield("Alice", ETHEREAL_VALKYRIE).hand("Alice", card).start()
    game.do("Alice", type="become_foretold", object=game.id(card), source="Ethereal Valkyrie")
    return game, game.id(card)


def test_702_143d_ethereal_valkyrie_the_exiled_card_is_foretold_for_mana_cost_minus_2():
    game, card = _valkyrie()
    obj = game.find("Serra Angel")
    assert (obj.zone, obj.face_down, obj.exiled.via) == (Zone.EXILE, True, "foretell")
    assert game.last[0].rules == ("702.143d", "702.143c", "406.3", "406.4")
    assert "It is Serra Angel (foretell cost {1}{W}{W})." in game.log_text("Alice")
    for who in ("Bob", "spectator"):
        text = game.view_json(who) + game.log_text(who)
        # Neither its name nor the cost (which tells its mana cost) reaches them.
        assert "Serra Angel" not in text and "{1}{W}{W}" not in text
        assert game.obj_view(who, card).label.startswith("Foretold card (Alice)")
    # Not on the turn it became foretold (702.143a); on a later one, for {1}{W}{W}.
    err = game.refused("Alice", type="cast_from_exile", object=card, via="foretell")
    assert "later turn" in err.message_en
    _two_turns_later(game)
    game.do("Alice", type="cast_from_exile", object=card, via="foretell")
    assert "casts Serra Angel for its foretell cost {1}{W}{W}" in game.log_text("Bob")
    spell = game.find("Serra Angel")
    assert spell.was_foretold
    assert all(game.obj_view(who, spell.id).was_foretold for who in VIEWERS)


def test_702_143d_bob_cannot_tell_which_card_became_foretold():
    def seen(card: str) -> str:
        game, _ = _valkyrie(card)
        _two_turns_later(game)
        return game.view_json("Bob") + game.log_text("Bob")

    assert seen("Serra Angel") == seen("Exalted Angel")


def test_702_143d_a_card_already_exiled_face_down_becomes_foretold():
    game = Table().hand("Alice", "Lightning Bolt").hand("Bob", "Grizzly Bears").start()
    game.do("Alice", type="exile_face_down", object=game.id("Lightning Bolt"), look="exiler",
            source="an effect")  # fmt: skip
    card = game.id("Lightning Bolt")
    err = game.refused("Bob", type="become_foretold", object=card, source="?")
    assert err.kind == "forbidden"
    game.do("Alice", type="become_foretold", object=card, source="Ethereal Valkyrie")
    assert game.find("Lightning Bolt").exiled.via == "foretell"
    assert "already exiled face down" in game.last_text("Bob")


# --- Dream Devourer: foretell given to cards in hand -----------------------------------------


def _devourer() -> Game:
    game = (
        Table()
        .battlefield("Alice", DREAM_DEVOURER)
        .hand("Alice", "Serra Angel", "Forest", "Saw It Coming", "Lightning Bolt")
        .start()
    )
    game.do("Alice", type="grant_permission", zone="hand", allows=["gain_foretell"],
            except_types=["Land"], until="until_ended", source="Dream Devourer")  # fmt: skip
    return game


def test_702_143a_dream_devourer_a_nonland_card_has_foretell_for_its_mana_cost_minus_2():
    game = _devourer()
    angel = game.id("Serra Angel")
    labels = {o.label for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == angel}
    assert "Foretell ({2})" in labels
    notes = [n.en for n in game.obj_view("Alice", angel).permissions]
    assert notes == [
        "Alice may foretell (foretell cost: mana cost minus {2}) cards in Alice's hand (not "
        "land), until the effect ends (Dream Devourer)."
    ]
    game.do("Alice", type="foretell", object=angel)
    assert "It is Serra Angel (foretell {1}{W}{W})." in game.log_text("Alice")
    assert "{1}{W}{W}" not in game.view_json("Bob") + game.log_text("Bob")
    err = game.refused("Alice", type="foretell", object=game.id("Forest"))
    assert "no foretell" in err.message_en  # nonland cards only
    # A card with its own foretell keeps its own cost.
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    assert "It is Saw It Coming (foretell {1}{U})." in game.log_text("Alice")


def test_702_143a_dream_devourer_gone_the_foretold_card_keeps_its_cost():
    game = _devourer()
    game.do("Alice", type="foretell", object=game.id("Lightning Bolt"))
    bolt = game.id("Lightning Bolt")
    permission = game.view("Alice").permissions[0]
    game.do("Alice", type="end_permission", permission=permission.id)
    err = game.refused("Alice", type="foretell", object=game.id("Serra Angel"))
    assert "no foretell" in err.message_en  # the effect is over for cards in hand
    _two_turns_later(game)
    game.do("Alice", type="cast_from_exile", object=bolt, via="foretell")
    assert "for its foretell cost {R}" in game.log_text("Bob")


# --- 702.143c: a spell that remembers it was foretold ----------------------------------------


def test_702_143c_a_spell_cast_from_a_foretold_card_was_foretold_one_from_hand_was_not():
    game = Table().hand("Alice", "Saw It Coming", "Lightning Bolt").start()
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    _two_turns_later(game)
    game.do("Alice", type="cast", object=game.id("Lightning Bolt"))
    assert not game.obj_view("Bob", game.id("Lightning Bolt")).was_foretold
    game.do(None, type="resolve")
    game.do("Alice", type="cast_from_exile", object=game.id("Saw It Coming"), via="foretell")
    spell = game.id("Saw It Coming")
    assert all(game.obj_view(who, spell).was_foretold for who in VIEWERS)
    game.do(None, type="resolve")  # a new object in the graveyard forgets it (400.7)
    assert not game.find("Saw It Coming").was_foretold
