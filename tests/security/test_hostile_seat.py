"""The hostile-seat differential harness (issue 14): twin games that differ only in cards a
viewer may not see, played by a seat that presses every button and sends every action type.

The twins are tests/security/test_leak_harness.py's: the same secret seed and steps, Bob's
cards swapped for other names (Magic and Riftbound). Alice is the hostile seat: at each step
she sends an action of any type the API accepts (`ACTION_TYPES`, filled from its schema with
the ids and names she was sent), or presses a button her page offers; Bob and the judge play
legal moves; the judge publishes rulings for a subset of the viewpoints that can't see Bob's
cards, and each ruling is forked. For Alice, the spectator, each ruling's reader and each
fork's judge, every channel — JSON view, log, action results and errors, the page and its
fragment, every card sheet, the log page, time travel to every version, the SSE stream,
export and editions, ruling pages, preview images and JSON, headers — must be byte-identical
between the twins once random ids and tokens are numbered by first appearance per channel.

The oracle is the test's own: it knows which cards it swapped, and from the raw states (not
from the app's visibility code) when one of them became public (face up outside a hand or a
library, or revealed leaving face down) or Alice's to look at (she controls it); from then on
that card's twin name is read as its original, and nothing else may differ.

FACEDOWN_HYPOTHESIS=long runs many more and longer sequences (tests/conftest.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from app.rules.core.state import GameState
from app.rules.families import ACTION_MODELS, ACTION_TYPES
from tests.conftest import LONG_RUN
from tests.security.test_leak_harness import APP, DECKS, Deck, Table, _first_difference
from tests.web.pages_support import HTMX, SAME_ORIGIN, buttons

EXAMPLES = 40 if LONG_RUN else 2
STEPS = 20 if LONG_RUN else 6
# Zones whose cards are hidden from every opponent when face up (Magic, Riftbound).
HIDDEN_ZONES = {"hand", "library", "main_deck", "rune_deck", "facedown"}
# Rulings are published for a subset of these (none of them sees Bob's cards).
BLIND_VIEWPOINTS = ("Alice", "spectator")


@dataclass
class Tally:
    """What a run compared, reported in the summary of the long profile."""

    sequences: int = 0
    payloads: int = 0
    bytes: int = 0
    by_channel: dict[str, int] = field(default_factory=dict)


TALLY = Tally()


# -- normalising ------------------------------------------------------------------------------

# Object ids (16 hex digits) and CSRF tokens / ETags (43 url-safe characters); the game ids,
# seat tokens and slugs each twin handed out are numbered too (`Twin.secrets`).
# Timestamps (a ruling's creation) differ by the milliseconds between the twins' requests.
_RANDOM = (
    r"(?<![0-9A-Za-z_-])(?:[0-9a-f]{16}|[A-Za-z0-9_-]{43})(?![0-9A-Za-z_-])"
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:\+00:00|Z)?"
)


def numbered(text: str, secrets: list[str]) -> str:
    """Random values numbered by first appearance in this payload: they differ between the
    twins, the places they appear in may not."""
    seen: dict[str, str] = {}
    known = "|".join(re.escape(v) for v in sorted(secrets, key=len, reverse=True))
    pattern = f"{known}|{_RANDOM}" if known else _RANDOM
    text = text.replace(": ping\n\n", "")  # SSE keep-alives: a matter of timing
    return re.sub(pattern, lambda m: seen.setdefault(m.group(0), f"<R{len(seen)}>"), text)


def payload(response: Any) -> str:
    headers = {
        k: v for k, v in response.headers.items() if k.lower() not in ("date", "content-length")
    }
    return f"{response.status_code} {sorted(headers.items())}\n{response.text}"


# -- the hostile seat's actions ---------------------------------------------------------------

_SCHEMAS = {
    m.model_fields["type"].annotation.__args__[0]: m.model_json_schema()  # type: ignore[union-attr]
    for m in ACTION_MODELS
}
assert set(_SCHEMAS) == set(ACTION_TYPES)


def _value(draw: st.DrawFn, schema: dict[str, Any], ids: list[str], names: list[str]) -> Any:
    if "anyOf" in schema:
        return _value(draw, draw(st.sampled_from(schema["anyOf"])), ids, names)
    if "enum" in schema:
        return draw(st.sampled_from(schema["enum"]))
    kind = schema.get("type")
    if kind == "null":
        return None
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "integer":
        low = schema.get("minimum", 0)
        return draw(st.integers(low, low + 2))
    if kind == "array":
        size = draw(st.integers(schema.get("minItems", 0), min(2, schema.get("maxItems", 2))))
        return [_value(draw, schema["items"], ids, names) for _ in range(size)]
    # A string: an object id (64) or a player or place name (40), from what Alice was sent.
    pool = ids if schema.get("maxLength") == 64 else names
    return draw(st.sampled_from(pool or ["0000000000000000"]))


@st.composite
def hostile_action(draw: st.DrawFn, types: tuple[str, ...], ids: list[str], names: list[str]):
    """Any action type the API accepts, filled from its schema with what Alice knows."""
    kind = draw(st.sampled_from(types))
    schema = _SCHEMAS[kind]
    action: dict[str, Any] = {"type": kind}
    required = set(schema.get("required", ()))
    for name, prop in schema.get("properties", {}).items():
        if name != "type" and (name in required or draw(st.booleans())):
            action[name] = _value(draw, prop, ids, names)
    return action


# -- the test's own knowledge: which swapped card became public, and when --------------------


def exposed_names(state: GameState, deck: Deck, viewer: str | None, before: set[str]) -> set[str]:
    """The original names (game A) of Bob's cards this viewer may now know, from the raw state
    alone: face up outside a hidden zone (a card put into a graveyard, turned face up in exile,
    cast from exile), controlled by the viewer (a card Alice manifested from Bob's library is
    hers to look at: 708.5), a card the state records as shown to the viewer (`known_to`: a
    revealed card, a card exiled face down with a look for them, 406.3), the cards a player
    looks at for manifest dread (701.62a: that player only), or the game is over. A shuffled
    manifest pile tells nobody which card went where: what the pile's cards were is known
    only as above. Once known, known."""
    bob = set(deck.twin_map.values())
    known = set(before)
    everyone = set(getattr(state, "player_names", lambda: [])())
    dread = getattr(state, "dread_pending", None)
    for obj in state.objects:
        name = obj.card.name
        if name not in bob:
            continue
        # A finished game shows every card (Magic 104, Riftbound 421.4).
        public = state.finished or (not obj.face_down and str(obj.zone) not in HIDDEN_ZONES)
        shown_to = set(getattr(obj, "known_to", ()))
        if viewer is None:
            # Shown to every player outside a private look (exile): the spectator read it too.
            shown = bool(everyone) and shown_to >= everyone and str(obj.zone) != "exile"
        else:
            shown = viewer in shown_to or (
                dread is not None and dread.player == viewer and obj.id in dread.looked
            )
        if public or shown or (viewer is not None and obj.controller == viewer):
            flip = getattr(obj.card, "flip", None)  # a flip card shows both halves
            known |= {name} | ({flip.name} if flip is not None else set())
    return known


def _face_down_in_play(state: GameState) -> set[str]:
    """The names of the face-down spells and permanents (Magic's stack, battlefield and 2004
    phased-out zone; Riftbound's facedown cards in play)."""
    return {
        o.card.name
        for o in state.objects
        if o.face_down and str(o.zone) in ("stack", "battlefield", "phased_out")
    }


def as_known(text: str, deck: Deck, known: set[str]) -> str:
    """Game B's bytes with the twin names of the cards known to the viewer read as game A's."""
    for twin in sorted(deck.twin_map, key=len, reverse=True):
        if deck.twin_map[twin] in known:
            text = text.replace(twin, deck.twin_map[twin])
    return text


# -- what a viewer receives -------------------------------------------------------------------


class Twin:
    """One of the twin games, with what each viewer has been sent on it."""

    def __init__(self, client: TestClient, deck: Deck, names: list[str], monkeypatch) -> None:
        self.table = Table(client, deck.setup(names), monkeypatch)
        self.deck = deck
        self.client = client
        self.rulings: list[str] = []
        self.forks: list[dict[str, Any]] = []

    def secrets(self) -> list[str]:
        """The random values this twin handed out: game ids, tokens, ruling slugs."""
        found = [self.table.id, self.table.judge, *self.table.tokens.values(), *self.rulings]
        for fork in self.forks:
            found += [fork["id"], fork["judge"]["token"], fork["spectator"]["token"]]
            found += [seat["token"] for seat in fork["seats"]]
        return found

    def bearer(self, who: str) -> dict[str, str]:
        token = self.table.judge if who == "judge" else self.table.tokens[who]
        return {"Authorization": f"Bearer {token}"}

    def api_act(self, who: str, action: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/games/{self.table.id}/actions", json=action, headers=self.bearer(who)
        )

    def page_act(self, who: str, action: dict[str, Any]) -> Any:
        browser = self.table.browsers[who]
        page = browser.get(f"/g/{self.table.id}").text
        token = re.search(r'name="csrf" value="([^"]*)"', page)
        version = re.search(r'name="expected_version" value="(\d+)"', page)
        data = {"action": json.dumps(action)}
        if version:
            data["expected_version"] = version.group(1)
        headers = {**SAME_ORIGIN, **HTMX, "X-CSRF-Token": token.group(1) if token else ""}
        return browser.post(f"/g/{self.table.id}/act", data=data, headers=headers)

    def publish(self, viewpoints: list[str]) -> Any:
        response = self.client.post(
            f"/api/games/{self.table.id}/rulings",
            json={"viewpoint": viewpoints, "title": "Hostile?", "note": "A note."},
            headers=self.bearer("judge"),
        )
        if response.status_code == 201:
            slug = response.json()["slug"]
            self.rulings.append(slug)
            fork = self.client.post(f"/api/rulings/{slug}/fork")
            assert fork.status_code == 201, fork.text
            self.forks.append(fork.json())
        return response

    def seat_channels(self, who: str) -> dict[str, str]:
        game = self.table.id
        browser = self.table.browsers[who]
        bearer = self.bearer(who)
        got = {
            "page": browser.get(f"/g/{game}"),
            "fragment": browser.get(f"/g/{game}", headers=HTMX),
            "log page": browser.get(f"/g/{game}/log"),
            "sse": browser.get(f"/g/{game}/live?v=0"),
            "view": self.client.get(f"/api/games/{game}/view", headers=bearer),
            "log": self.client.get(f"/api/games/{game}/log", headers=bearer),
            "export": browser.get(f"/g/{game}/export.json"),
            "editions": browser.get(f"/g/{game}/editions"),
        }
        view = got["view"].json()
        for obj in view.get("objects", []):
            got[f"sheet {obj['id']}"] = browser.get(f"/g/{game}/objects/{obj['id']}", headers=HTMX)
        # Time travel to the version before: over a sequence, every version is visited.
        if view.get("version", 0):
            past = view["version"] - 1
            got["at"] = browser.get(f"/g/{game}/at?v={past}")
            got["view at"] = self.client.get(
                f"/api/games/{game}/view?version={past}", headers=bearer
            )
        return {name: payload(r) for name, r in got.items()}

    def ruling_channels(self, index: int) -> dict[str, str]:
        slug = self.rulings[index]
        got = {
            "ruling page": self.client.get(f"/r/{slug}"),
            "ruling page vp1": self.client.get(f"/r/{slug}?vp=1"),
            "ruling page fr": self.client.get(f"/r/{slug}", headers={"Accept-Language": "fr"}),
            "preview": self.client.get(f"/r/{slug}/preview.svg"),
            "ruling json": self.client.get(f"/api/rulings/{slug}"),
        }
        fork = self.forks[index]
        judge = {"Authorization": f"Bearer {fork['judge']['token']}"}
        game = fork["id"]
        got |= {
            "fork view": self.client.get(f"/api/games/{game}/view", headers=judge),
            "fork log": self.client.get(f"/api/games/{game}/log", headers=judge),
            "fork export": self.client.get(f"/api/games/{game}/export", headers=judge),
            "fork editions": self.client.get(
                f"/api/games/{game}/editions?ruleset=mtg-2004", headers=judge
            ),
        }
        return {name: payload(r) for name, r in got.items()} | {"fork created": json.dumps(fork)}


def compare(channel: str, mine: str, twin: str, a: Twin, b: Twin, known: set[str]) -> None:
    mine = numbered(mine, a.secrets())
    twin = numbered(as_known(twin, a.deck, known), b.secrets())
    TALLY.payloads += 1
    TALLY.bytes += len(mine)
    kind = channel.split(" ")[1]
    TALLY.by_channel[kind] = TALLY.by_channel.get(kind, 0) + len(mine)
    assert mine == twin, f"{channel}: " + _first_difference(mine, twin)


def compare_all(mine: dict[str, str], twin: dict[str, str], who: str, a: Twin, b: Twin, known):
    assert sorted(mine) == sorted(twin), f"{who}: the twins sent different channels"
    for channel in mine:
        compare(f"{who} {channel}", mine[channel], twin[channel], a, b, known)


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


def play(client, monkeypatch, deck: Deck, data, steps: int) -> None:
    a = Twin(client, deck, deck.bob, monkeypatch)
    b = Twin(client, deck, deck.twins, monkeypatch)
    known: dict[str, set[str]] = {"Alice": set(), "spectator": set()}
    results: dict[str, tuple[str, str]] = {}
    published: list[set[str]] = []  # what Alice knew when each ruling was published
    for step in range(steps + 1):
        down_before = _face_down_in_play(a.table.state())
        if step:
            state = a.table.state()
            alice_view = a.client.get(
                f"/api/games/{a.table.id}/view", headers=a.bearer("Alice")
            ).json()
            ids = [o["id"] for o in alice_view.get("objects", [])]
            names = ["Alice", "Bob", "bf1", "bf2", "base", "spectator", "judge"]
            move = data.draw(st.sampled_from(["hostile api", "hostile page", "honest", "ruling"]))
            if move == "hostile api":
                action = data.draw(hostile_action(ACTION_TYPES, ids, names))
                results[f"result {step}"] = (
                    payload(a.api_act("Alice", action)),
                    payload(b.api_act("Alice", action)),
                )
            elif move == "hostile page":
                offered = buttons(a.table.browsers["Alice"].get(f"/g/{a.table.id}").text)
                offered += [
                    o
                    for i in ids
                    for o in buttons(
                        a.table.browsers["Alice"].get(f"/g/{a.table.id}/objects/{i}").text
                    )
                ]
                if offered:
                    action = data.draw(st.sampled_from(offered))
                    results[f"page result {step}"] = (
                        payload(a.page_act("Alice", action)),
                        payload(b.page_act("Alice", action)),
                    )
            elif move == "honest":
                actor, action = data.draw(deck.draw_action(state))
                assert a.table.act(actor, action) == b.table.act(actor, action)
            else:
                subset = data.draw(
                    st.lists(st.sampled_from(BLIND_VIEWPOINTS), min_size=1, max_size=2, unique=True)
                )
                results[f"publish {step}"] = (
                    payload(a.publish(list(subset))),
                    payload(b.publish(list(subset))),
                )
                published.append(set(known["Alice"]))
        state = a.table.state()
        # 708.9 (seed 707.9): a face-down spell or permanent that leaves is revealed to all.
        revealed = (down_before - _face_down_in_play(state)) & set(deck.twin_map.values())
        for who in known:
            known[who] = exposed_names(state, deck, None if who == "spectator" else who, known[who])
            known[who] |= revealed
        for name, (mine, twin) in results.items():
            compare(f"Alice {name}", mine, twin, a, b, known["Alice"])
        results.clear()
        for who in known:
            compare_all(a.seat_channels(who), b.seat_channels(who), who, a, b, known[who])
    # Rulings last: they are immutable, so once per ruling is enough.
    for index in range(len(a.rulings)):
        mine, twin = a.ruling_channels(index), b.ruling_channels(index)
        compare_all(mine, twin, "ruling", a, b, published[index])
    TALLY.sequences += 1


@pytest.mark.parametrize("deck", DECKS, ids=[d.name for d in DECKS])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    # Shrinking a sequence of HTTP calls takes minutes: only the long profile shrinks.
    phases=list(Phase) if LONG_RUN else [Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_hostile_seat_gets_the_same_bytes_from_twin_games(client, monkeypatch, deck, data):
    play(client, monkeypatch, deck, data, STEPS)


# -- the findings of issue 14, each a pair of twins the random games above can't build ---------
# Twins that differ in more than names (megamorph or morph, Ixidron or a bear): Alice's own
# moves follow her card (she casts it the way it allows), Bob's and the judge's are the same.


@dataclass
class Finding:
    """Alice's setup in each twin, then steps: (actor, action in A, action in B); `@name`
    stands for the id of the one object of that card, `@@` for Alice's face-down object."""

    cards: tuple[list[dict[str, Any]], list[dict[str, Any]]]
    steps: list[tuple[str | None, dict[str, Any], dict[str, Any]]]
    rulings: list[list[str]] = field(default_factory=list)
    # Compare only these channels (a finding that another one, found earlier, would mask).
    only: tuple[str, ...] = ()


BOB_SIDE = [
    {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
    {"owner": "Bob", "zone": "hand", "card": "Llanowar Elves"},
    {"owner": "Alice", "zone": "library", "card": "Island"},
]
FINDINGS = {
    # 2: the cast event's public rules tell megamorph (702.37b) from morph (702.34, 702.37).
    "2 megamorph rules": Finding(
        ([{"owner": "Alice", "zone": "hand", "card": "Den Protector"}],
         [{"owner": "Alice", "zone": "hand", "card": "Exalted Angel"}]),
        [("Alice", {"type": "cast_face_down", "object": "@Den Protector", "via": "megamorph"},
                   {"type": "cast_face_down", "object": "@Exalted Angel", "via": "morph"})],
        rulings=[["Bob"]],
    ),
    # 3: a face-down Ixidron's sheet offers Bob one more button.
    "3 ixidron button": Finding(
        ([{"owner": "Alice", "zone": "battlefield", "card": "Ixidron", "face_down": "effect"}],
         [{"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears", "face_down": "effect"}]),
        [],
    ),
    # 4: a fork of a ruling for Bob keeps face_down_via "megamorph".
    "4 fork keeps megamorph": Finding(
        ([{"owner": "Alice", "zone": "hand", "card": "Den Protector"}],
         [{"owner": "Alice", "zone": "hand", "card": "Exalted Angel"}]),
        [("Alice", {"type": "cast_face_down", "object": "@Den Protector", "via": "megamorph"},
                   {"type": "cast_face_down", "object": "@Exalted Angel", "via": "morph"}),
         (None, {"type": "resolve"}, {"type": "resolve"})],
        rulings=[["Bob"], ["spectator"], ["Bob", "spectator"]],
        only=("fork view", "fork export", "fork log"),
    ),
    # 1: Bob acts on Alice's face-down creature with his own token: taking control, putting it
    # in his graveyard... must be refused the same way (it is hers: he proposes) whatever it is.
    "1 effects on her object": Finding(
        ([{"owner": "Alice", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"}],
         [{"owner": "Alice", "zone": "battlefield", "card": "Akroma, Angel of Fury", "face_down": "morph"}]),
        [("seat:Bob", {"type": "gain_control", "object": "@Exalted Angel", "player": "Bob"},
                      {"type": "gain_control", "object": "@Akroma, Angel of Fury", "player": "Bob"}),
         ("seat:Bob", {"type": "move", "object": "@Exalted Angel", "to": "hand"},
                      {"type": "move", "object": "@Akroma, Angel of Fury", "to": "hand"}),
         ("seat:Bob", {"type": "propose", "source": "Threads of Disloyalty",
                       "action": {"type": "gain_control", "object": "@Exalted Angel", "player": "Bob"}},
                      {"type": "propose", "source": "Threads of Disloyalty",
                       "action": {"type": "gain_control", "object": "@Akroma, Angel of Fury", "player": "Bob"}})],
        rulings=[["Bob"]],
    ),
    # 5, 6: Bob knew one card of Alice's hand (a face-down card bounced, revealed: 708.9);
    # she casts one of her two cards face down: he must not tell which.
    "5 partly known hand": Finding(
        ([{"owner": "Alice", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"},
          {"owner": "Alice", "zone": "hand", "card": "Akroma, Angel of Fury"}],) * 2,
        [(None, {"type": "move", "object": "@Exalted Angel", "to": "hand"},
                {"type": "move", "object": "@Exalted Angel", "to": "hand"}),
         ("Alice", {"type": "cast_face_down", "object": "@Exalted Angel", "via": "morph"},
                   {"type": "cast_face_down", "object": "@Akroma, Angel of Fury", "via": "morph"})],
        rulings=[["Bob"], ["spectator"]],
    ),
    # 8: a hidden land that can't be played now vs a card Alice chooses not to play.
    "8 hideaway may play": Finding(
        tuple(
            [{"owner": "Alice", "zone": "hand", "card": "Shelldock Isle"},
             {"owner": "Alice", "zone": "library", "card": hidden},
             {"owner": "Alice", "zone": "library", "card": "Grizzly Bears"},
             {"owner": "Alice", "zone": "library", "card": "Divination"}]
            for hidden in ("Forest", "Serra Angel")
        ),  # type: ignore[arg-type]
        [("Alice", {"type": "play_land", "object": "@Shelldock Isle"},
                   {"type": "play_land", "object": "@Shelldock Isle"}),
         ("Alice", {"type": "hideaway_exile", "object": "@Forest"},
                   {"type": "hideaway_exile", "object": "@Serra Angel"}),
         ("Alice", {"type": "next_turn"}, {"type": "next_turn"}),
         (None, {"type": "untap", "object": "@Shelldock Isle"},
                {"type": "untap", "object": "@Shelldock Isle"}),
         ("Alice", {"type": "hideaway_play", "source": "@Shelldock Isle"},
                   {"type": "hideaway_play", "source": "@Shelldock Isle"}),
         ("Alice", {"type": "resolve"}, {"type": "resolve"}),
         ("Alice", {"type": "hideaway_accept", "ability": "@ability"},
                   {"type": "hideaway_decline", "ability": "@ability"})],
        rulings=[["Bob"]],
    ),
}  # fmt: skip
# Findings still open (marked xfail strict): none. Each case failed on the code before its fix
# (public 702.37b; the Ixidron button; the fork's megamorph; the remembered hand card; the
# hidden land's "can't play") and passes since.
KNOWN: dict[str, str] = {}


class _Setup:
    """A Deck-shaped setup for `Twin`: catalog cards, no names to map back."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        self.cards = cards
        self.twin_map: dict[str, str] = {}

    def setup(self, _names: Any) -> dict[str, Any]:
        return {"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": self.cards + BOB_SIDE}


def _resolved(twin: Twin, action: dict[str, Any]) -> dict[str, Any]:
    view = twin.client.get(f"/api/games/{twin.table.id}/view", headers=twin.bearer("judge"))
    by_name = {o["name"]: o["id"] for o in view.json()["objects"] if o["name"]}
    # "@ability": the ability on the stack (a hideaway ability's id).
    by_name["ability"] = next((a["id"] for a in view.json().get("abilities", [])), "")
    return {k: (_resolved(twin, v) if isinstance(v, dict)
                else by_name[v[1:]] if isinstance(v, str) and v.startswith("@") else v)
            for k, v in action.items()}  # fmt: skip


@pytest.mark.parametrize(
    "key",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=KNOWN[k])) if k in KNOWN else k
        for k in FINDINGS
    ],
)
def test_a_hidden_difference_of_issue_14_reaches_bob_the_same_way(client, monkeypatch, key):
    finding = FINDINGS[key]
    a = Twin(client, _Setup(finding.cards[0]), [], monkeypatch)  # type: ignore[arg-type]
    b = Twin(client, _Setup(finding.cards[1]), [], monkeypatch)  # type: ignore[arg-type]
    for actor, in_a, in_b in finding.steps:
        if actor is not None and actor.startswith("seat:"):
            # The hostile seat itself, with its own token: whatever it is told must match.
            seat = actor.removeprefix("seat:")
            results = (a.api_act(seat, _resolved(a, in_a)), b.api_act(seat, _resolved(b, in_b)))
            assert results[0].status_code == results[1].status_code
            compare_all({"result": results[0].text}, {"result": results[1].text}, seat, a, b, set())
            continue
        body_a = _resolved(a, in_a) | ({"as": actor} if actor else {})
        body_b = _resolved(b, in_b) | ({"as": actor} if actor else {})
        results = (a.api_act("judge", body_a), b.api_act("judge", body_b))
        assert results[0].status_code == results[1].status_code == 200, results[0].text
    for viewpoints in finding.rulings:
        assert a.publish(viewpoints).status_code == b.publish(viewpoints).status_code == 201

    def kept(channels: dict[str, str]) -> dict[str, str]:
        return {k: v for k, v in channels.items() if not finding.only or k in finding.only}

    for who in ("Bob", "spectator"):
        compare_all(kept(a.seat_channels(who)), kept(b.seat_channels(who)), who, a, b, set())
    for i in range(len(a.rulings)):
        mine, twin = kept(a.ruling_channels(i)), kept(b.ruling_channels(i))
        compare_all(mine, twin, "ruling", a, b, set())
