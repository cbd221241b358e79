"""A third game family from the tests alone: Traps (tests/third_family) is registered by
FACEDOWN_FAMILIES, with no file of the app changed for it, on a real server (a subprocess:
the registry is read once, at import). A game is created through the API and played through
the pages, and the hidden-information properties hold for it:

- a face-down trap's name, and the id it had in its owner's hand, never reach the other seat
  (page, htmx fragment, card sheets, log page, JSON view and log);
- setting a trap face down makes a new object with a new id (`trap.new`);
- twin games that differ only in the face-down trap give the other seat the same bytes (up to
  the game's own random values: its id, tokens and object ids, numbered by first appearance).

The shared properties (tests/rules/conformance) run on Traps' engine and views with its own kit
(traps_kit.py, test_traps_conformance.py); these tests check the same promises over HTTP, on
every byte a seat reads. The README's "Adding a game" names the registration this test uses."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server import running_server
from tests.third_family.family import TRAP
from tests.web.pages_support import act, buttons, option

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
REGISTRATION = "tests.third_family.family:TRAP"
HIDDEN = {"name": "Pit Trap", "name_fr": "Fosse piégée", "types": ["Trap"], "strength": 3,
          "text": "When a card moves onto the field, it falls in."}  # fmt: skip
TWIN = {"name": "Bear Trap", "name_fr": "Piège à ours", "types": ["Trap"], "strength": 5,
        "text": "A card caught in it is stuck."}  # fmt: skip
SECRET_WORDS = ("Pit Trap", "Fosse", "Bear Trap", "Piège à ours", "falls in", "stuck")
# An object id, a token or a game id: random per game, compared by where they appear.
_RANDOM = r"\b[0-9a-f]{16}\b"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {"FACEDOWN_FAMILIES": REGISTRATION, "PYTHONPATH": path}
    with running_server(tmp_path_factory.mktemp("traps") / "traps.db", env=env) as base:
        yield base


class Game:
    """One game of Traps on the server: its seats' browsers (cookie jars) and tokens."""

    def __init__(self, base: str, hidden: dict[str, Any]) -> None:
        setup = [
            {"owner": "Alice", "zone": "hand", "card": hidden},
            {"owner": "Alice", "zone": "hand", "card": "Snare"},
            {"owner": "Bob", "zone": "hand", "card": "Net Trap"},
        ]
        created = httpx.post(
            f"{base}/api/games",
            json={"ruleset": "trap", "players": ["Alice", "Bob"], "setup": setup},
        )
        assert created.status_code == 201, created.text
        body = created.json()
        self.id: str = body["id"]
        self.tokens = {s["player"]: s["token"] for s in body["seats"]}
        self.tokens["judge"] = body["judge"]["token"]
        self.browsers: dict[str, httpx.Client] = {}
        for who, token in self.tokens.items():
            browser = httpx.Client(base_url=base)
            assert browser.get(f"/join/{token}").status_code == 303
            self.browsers[who] = browser

    def page(self, who: str) -> str:
        response = self.browsers[who].get(f"/g/{self.id}")
        assert response.status_code == 200, response.text
        return response.text

    def view(self, who: str) -> dict[str, Any]:
        auth = {"Authorization": f"Bearer {self.tokens[who]}"}
        return self.browsers[who].get(f"/api/games/{self.id}/view", headers=auth).json()

    def press(self, who: str, object_id: str | None, type_: str, **match: Any) -> None:
        """Open the card's sheet (or the page) and press its button, as the browser does."""
        page = self.page(who)
        place = page if object_id is None else self.sheet(who, object_id)
        action = option(place, type_, **match)
        response = act(self.browsers[who], self.id, action, page)
        assert response.status_code == 200, response.text

    def sheet(self, who: str, object_id: str) -> str:
        return self.browsers[who].get(f"/g/{self.id}/objects/{object_id}").text

    def everything(self, who: str) -> str:
        """Every byte this seat reads of the game: the page, its htmx fragment, each card
        sheet, the log page, the JSON view and log."""
        browser = self.browsers[who]
        auth = {"Authorization": f"Bearer {self.tokens[who]}"}
        view = browser.get(f"/api/games/{self.id}/view", headers=auth)
        parts = [
            browser.get(f"/g/{self.id}").text,
            browser.get(f"/g/{self.id}", headers={"HX-Request": "true"}).text,
            browser.get(f"/g/{self.id}/log").text,
            view.text,
            browser.get(f"/api/games/{self.id}/log", headers=auth).text,
        ]
        parts += [self.sheet(who, o["id"]) for o in view.json()["objects"]]
        return "\n".join(parts)

    def normalised(self, who: str) -> str:
        text = self.everything(who).replace(self.id, "GAME")
        for token in self.tokens.values():
            text = text.replace(token, "TOKEN")
        text = re.sub(r'(name="csrf" value=")[^"]*', r"\1CSRF", text)
        text = re.sub(r"(X-CSRF-Token&#34;:\s*&#34;)[^&]*", r"\1CSRF", text)
        seen: dict[str, str] = {}
        return re.sub(_RANDOM, lambda m: seen.setdefault(m.group(0), f"<R{len(seen)}>"), text)


def _hand_id(game: Game, name: str) -> str:
    return next(o["id"] for o in game.view("Alice")["objects"] if o["name"] == name)


def test_trap_new_a_trap_set_face_down_is_a_new_object_hidden_from_the_other_seat(server):
    game = Game(server, HIDDEN)
    in_hand = _hand_id(game, "Pit Trap")
    assert "Pit Trap" in game.page("Alice")
    game.press("Alice", in_hand, "set_trap")

    mine = game.view("Alice")["objects"]
    trap = next(o for o in mine if o["zone"] == "field")
    assert trap["face_down"] and trap["name"] == "Pit Trap"
    assert trap["id"] != in_hand and in_hand not in {o["id"] for o in mine}  # trap.new
    assert "Alice sets a trap face down. It is Pit Trap." in game.page("Alice")

    bob = game.everything("Bob")
    assert "Alice sets a trap face down." in bob
    assert "Alice's face-down trap (1st set)" in bob
    for word in SECRET_WORDS:
        assert word not in bob, word
    assert in_hand not in bob  # the id it had in Alice's hand never reached Bob
    theirs = next(o for o in game.view("Bob")["objects"] if o["zone"] == "field")
    assert theirs["id"] == trap["id"] and theirs["name"] is None and theirs["card"] is None
    # Bob has no button on Alice's trap: the engine refuses him, and says nothing of it.
    assert not [b for b in buttons(game.sheet("Bob", trap["id"])) if b.get("object") == trap["id"]]

    # trap.reveal: Alice turns it face up; now everyone sees it.
    game.press("Alice", trap["id"], "reveal_trap")
    assert "Pit Trap" in game.everything("Bob")


def test_trap_hidden_twin_games_give_the_other_seat_the_same_bytes(server):
    a, b = Game(server, HIDDEN), Game(server, TWIN)
    for game, name in ((a, "Pit Trap"), (b, "Bear Trap")):
        game.press("Alice", _hand_id(game, name), "set_trap")
    assert a.normalised("Bob") == b.normalised("Bob")
    for game in (a, b):  # Alice ends her turn; Bob sets his own trap and discards it
        game.press("Alice", None, "next_turn")
        net = next(o["id"] for o in game.view("Bob")["objects"] if o["name"] == "Net Trap")
        game.press("Bob", net, "set_trap")
    assert a.normalised("Bob") == b.normalised("Bob")
    # The twins do differ for the player who may look: the comparison can fail.
    assert a.normalised("Alice") != b.normalised("Alice")
    # trap.public: once Alice's trap leaves the field it is revealed, and the twins differ.
    for game in (a, b):
        game.press("Bob", None, "next_turn")
        trap = next(o for o in game.view("Alice")["objects"] if o["zone"] == "field")
        game.press("Alice", trap["id"], "move_trap", to="discard")
    assert a.normalised("Bob") != b.normalised("Bob")
    assert "Pit Trap" in a.everything("Bob") and "Bear Trap" in b.everything("Bob")


def test_the_readme_says_how_to_add_a_game_as_this_test_does():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    module, attribute = REGISTRATION.split(":")
    assert "FACEDOWN_FAMILIES" in section and "module:attribute" in section
    assert "tests/third_family" in section
    # Every part of the registration the test's family fills is named there.
    for part in ("GameFamily", "GameRules", "GamePages", "catalog_path", "scenarios_dir",
                 "card_formats", "messages", "templates", "pending_choices", "citations"):  # fmt: skip
        assert f"`{part}`" in section, part
    for template in sorted(p.name for p in TRAP.pages.templates.iterdir()):  # type: ignore[union-attr]
        assert template in section, template
    assert module.startswith("tests.") and attribute == "TRAP"
