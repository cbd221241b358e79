"""Reflector Mage: "can't cast spells with the chosen name" (201.2a, 601.3, 708.2, 708.4).

A ban taken from a face-down creature forbids no name (it has none: 708.2, and a nameless object
has the same name as nothing: 201.2a); a spell cast face down is never refused by a ban (708.4:
turned face down before it is put on the stack). Through the JSON API, with what each seat, the
spectator and the judge see, then the rule's edges on the engine.
"""

from __future__ import annotations

from typing import Any

from app.rules.mtg.state import Zone
from tests.conftest import bearer
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")


class Api:
    """One game over HTTP: act as the judge (for a player with "as") or with a seat's token."""

    def __init__(self, client, make_game, setup: list[dict[str, Any]]) -> None:
        self.client = client
        self.id, self.tokens = make_game(client, setup)

    def seen(self, who: str) -> str:
        """The raw JSON of `who`'s view and log."""
        headers = bearer(self.tokens[who])
        return (
            self.client.get(f"/api/games/{self.id}/view", headers=headers).text
            + self.client.get(f"/api/games/{self.id}/log", headers=headers).text
        )

    def view(self, who: str) -> dict[str, Any]:
        headers = bearer(self.tokens[who])
        return self.client.get(f"/api/games/{self.id}/view", headers=headers).json()

    def id_of(self, name: str) -> str:
        ids = [o["id"] for o in self.view("judge")["objects"] if o["name"] == name]
        assert len(ids) == 1, (name, ids)
        return ids[0]

    def act(self, who: str, action: dict[str, Any], seat: bool = False):
        """As the judge acting for `who` (None: the judge itself), or with `who`'s own token."""
        if seat:
            headers = bearer(self.tokens[who])
            body = action
        else:
            headers = bearer(self.tokens["judge"])
            body = action | ({"as": who} if who else {})
        return self.client.post(f"/api/games/{self.id}/actions", json=body, headers=headers)


def test_201_2a_a_ban_taken_from_a_face_down_creature_forbids_no_name(client, make_game):
    api = Api(
        client,
        make_game,
        [{"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"}],
    )
    angel = api.view("judge")["objects"][0]["id"]
    ban = {"type": "forbid_name", "player": "Bob", "object": angel, "source": "Reflector Mage"}
    # Alice's seat acts on Bob (his creature, his casting): she proposes it; the judge applies.
    refused = api.act("Alice", ban, seat=True)
    assert refused.status_code == 403 and "propose it" in refused.json()["message"]
    assert api.act(None, ban).status_code == 200
    for who in VIEWERS:
        seen = api.seen(who)
        assert "no name is forbidden to Bob" in seen, who
        assert "201.2a" in seen, who
        if who in ("Alice", "spectator"):
            assert "Exalted Angel" not in seen, who  # still face down: nothing named
    assert api.view("judge")["name_bans"][0]["name"] is None
    # Bounced, it is revealed to all (708.9); on his turn Bob casts it face up.
    assert api.act(None, {"type": "move", "object": angel, "to": "hand"}).status_code == 200
    assert all("is revealed: it is Exalted Angel" in api.seen(w) for w in VIEWERS)
    assert api.act("Alice", {"type": "next_turn"}).status_code == 200
    cast = api.act("Bob", {"type": "cast", "object": api.id_of("Exalted Angel")}, seat=True)
    assert cast.status_code == 200, cast.text
    assert all("Bob casts Exalted Angel." in api.seen(w) for w in VIEWERS)


def test_601_3_a_face_up_creatures_name_is_forbidden_until_the_mage_controllers_next_turn(
    client, make_game
):
    api = Api(client, make_game, [{"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel"}])
    angel = api.id_of("Exalted Angel")
    ban = {"type": "forbid_name", "player": "Bob", "object": angel, "source": "Reflector Mage"}
    assert api.act(None, ban).status_code == 200
    for who in VIEWERS:
        assert "Bob can't cast spells named Exalted Angel until Alice's next turn" in api.seen(who)
    assert api.act(None, {"type": "move", "object": angel, "to": "hand"}).status_code == 200
    assert api.act("Alice", {"type": "next_turn"}).status_code == 200
    in_hand = api.id_of("Exalted Angel")
    refused = api.act("Bob", {"type": "cast", "object": in_hand}, seat=True)
    assert refused.status_code == 422, refused.text
    assert "601.3" in refused.json()["rules"] and "Exalted Angel" in refused.json()["message"]
    # 708.4: cast face down, it has no name: the ban doesn't apply, and Alice learns nothing new.
    face_down = {"type": "cast_face_down", "object": in_hand, "via": "morph"}
    assert api.act("Bob", face_down, seat=True).status_code == 200
    assert "a face-down creature spell" in api.seen("Alice")
    # The ban ends as Alice's next turn begins.
    assert api.act(None, {"type": "resolve"}).status_code == 200
    assert api.view("spectator")["name_bans"][0]["until_turn_of"] == "Alice"
    assert api.act("Bob", {"type": "next_turn"}).status_code == 200
    assert all(api.view(w)["name_bans"] == [] for w in VIEWERS)


def test_201_2a_a_ban_never_names_a_hidden_card():
    game = Table().hand("Bob", "Exalted Angel").hand("Alice", "Serra Angel").start()
    # Alice's own hand card: Bob can't see it, so a public ban can't take its name.
    err = game.refused("Alice", type="forbid_name", player="Alice", object=game.id("Serra Angel"))
    assert "give the name instead" in err.message_en and "Serra Angel" not in err.message_en
    # Bob's hand card doesn't even reach Alice: the same "no such object" as a made-up id.
    err = game.refused("Alice", type="forbid_name", player="Bob", object=game.id("Exalted Angel"))
    assert err.kind == "not_found"


def test_201_2a_a_named_ban_matches_the_french_name_of_a_face_up_source():
    angel = {"name": "Serra Angel", "name_fr": "Ange de Serra", "types": ["Creature"],
             "power": 4, "toughness": 4}  # fmt: skip
    game = Table().battlefield("Bob", angel).start()
    game.do(None, type="forbid_name", player="Bob", object=game.id("Serra Angel"))
    game.do(None, type="move", object=game.id("Serra Angel"), to="hand")
    err = game.refused("Bob", type="cast", object=game.id("Serra Angel"))
    assert "601.3" in err.rules and "Ange de Serra" in err.message_fr


def test_201_2a_a_given_name_bans_only_that_name_and_only_for_that_player():
    game = Table().hand("Bob", "Exalted Angel").hand("Alice", "Exalted Angel").start()
    game.do(None, type="forbid_name", player="Bob", name="exalted angel", source="Meddling Mage")
    bob_card = next(o for o in game.state.objects if o.owner == "Bob")
    alice_card = next(o for o in game.state.objects if o.owner == "Alice")
    game.refused("Bob", type="cast", object=bob_card.id)
    game.do("Alice", type="cast", object=alice_card.id)
    assert game.find("Exalted Angel", Zone.STACK).owner == "Alice"


def test_forbid_name_takes_a_name_or_an_object_and_the_seat_sets_only_its_own_turn():
    game = Table().battlefield("Bob", "Exalted Angel").start()
    angel = game.id("Exalted Angel")
    game.refused(None, type="forbid_name", player="Bob")
    game.refused(None, type="forbid_name", player="Bob", object=angel, name="Exalted Angel")
    game.refused("Bob", type="forbid_name", player="Bob", name="Island", controller="Alice")
    game.do("Bob", type="forbid_name", player="Bob", name="Island", controller="Bob")
    assert game.state.name_bans[0].until_turn_of == "Bob"


def test_a_player_leaving_ends_their_name_bans():
    game = Table().battlefield("Bob", "Exalted Angel").start()
    game.do("Alice", type="forbid_name", player="Alice", name="Island")
    game.do(None, type="forbid_name", player="Bob", name="Island", controller="Bob")
    game.do("Alice", type="concede")
    assert [b.until_turn_of for b in game.state.name_bans] == ["Bob"]


def test_a_seat_proposes_the_ban_and_it_lasts_until_the_proposers_next_turn():
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    ban = {"type": "forbid_name", "player": "Bob", "object": game.id("Exalted Angel")}
    game.do("Alice", type="propose", source="Reflector Mage", action=ban)
    for who in ("Alice", "Bob", "spectator"):
        assert "forbid Bob to cast spells with the name of Face-down 2/2" in game.last_text(who)
        assert "Exalted Angel" not in game.last_text(who) or who == "Bob"
    game.do("Bob", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert [(b.name, b.until_turn_of) for b in game.state.name_bans] == [(None, "Alice")]


def test_406_3a_a_card_cast_from_exile_is_face_up_so_a_ban_on_its_name_applies():
    game = Table().battlefield("Bob", "Exalted Angel").start()
    game.do(None, type="forbid_name", player="Bob", object=game.id("Exalted Angel"))
    game.do(None, type="move", object=game.id("Exalted Angel"), to="exile")
    err = game.refused("Bob", type="cast_from_exile", object=game.id("Exalted Angel"))
    assert "601.3" in err.rules
