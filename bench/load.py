"""Closed-loop load: N clients, each on its own keep-alive connection, each sending its next
request as soon as the last one answered, for a warm-up and then a measured window.

Three kinds of client:
- `ProbeClient`: the baseline, POST /_bench/insert (one SQLite insert per request);
- `ApiPlayer`: one game over the JSON API, both seats taking turns with a realistic mix;
- `PagePlayer`: one game through the HTMX pages' action posts (`POST /g/{id}/act`).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import orjson

from bench.client import Connection, HttpError, Response

JSON = {"Content-Type": "application/json", "Accept-Encoding": "gzip"}


@dataclass
class Window:
    """The measured window; requests finishing outside it are not counted."""

    start: float
    end: float

    def __contains__(self, t: float) -> bool:
        return self.start <= t < self.end

    @property
    def seconds(self) -> float:
        return self.end - self.start


@dataclass
class Recorder:
    window: Window
    latencies: list[float] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)
    unexpected: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, latency: float, status: int, expected: int, done_at: float) -> None:
        if done_at not in self.window:
            return
        self.latencies.append(latency)
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        if status != expected:
            key = f"{kind} {status} (expected {expected})"
            self.unexpected[key] = self.unexpected.get(key, 0) + 1


@dataclass
class PhaseResult:
    name: str
    clients: int
    seconds: float
    requests: int
    throughput: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    by_kind: dict[str, int]
    unexpected: dict[str, int]
    server_cpu: float  # share of one core used by the server during the window
    client_cpu: float  # share of one core used by this (load generator) process
    server_cpu_ms: float  # server CPU time per request (less sensitive to a busy machine)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


class Client:
    def __init__(self, base_url: str, recorder: Recorder) -> None:
        self.conn = Connection(base_url)
        self.recorder = recorder

    async def call(
        self,
        kind: str,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes | None = None,
        expected: int = 200,
    ) -> Response:
        started = time.perf_counter()
        response = await self.conn.request(method, path, headers, body)
        done = time.perf_counter()
        self.recorder.add(kind, done - started, response.status, expected, done)
        return response

    async def run(self, stop_at: float) -> None:
        try:
            while time.perf_counter() < stop_at:
                await self.round()
        finally:
            await self.conn.close()

    async def round(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class ProbeClient(Client):
    # The same size as a typical action body.
    BODY = orjson.dumps({"type": "add_counter", "object": "0123456789abcdef"})

    async def round(self) -> None:
        await self.call("insert", "POST", "/_bench/insert", JSON, self.BODY)


@dataclass
class Seat:
    player: str
    token: str
    # Pages only: the CSRF token its page carries.
    csrf: str = ""


@dataclass
class BenchGame:
    id: str
    seats: list[Seat]
    # Turns played so far by the load clients (who is active).
    turn: int = 0
    # The judge's and the spectators' tokens (live streams open as every kind of viewer).
    judge: str = ""
    spectator: str = ""

    @classmethod
    def from_created(cls, body: dict[str, Any]) -> BenchGame:
        return cls(
            body["id"],
            [Seat(s["player"], s["token"]) for s in body["seats"]],
            judge=body["judge"]["token"],
            spectator=body["spectator"]["token"],
        )


MORPH_CARD = "Exalted Angel"
# The key of the judge's headers in ApiPlayer (no player has this name).
JUDGE = "<judge>"


def morph_in_hand(view: Any, player: str) -> str:
    """The id of `player`'s MORPH_CARD in hand, read off a JSON view."""
    for obj in view["objects"]:
        if obj["zone"] == "hand" and obj["owner"] == player and obj["name"] == MORPH_CARD:
            return str(obj["id"])
    raise RuntimeError(f"{MORPH_CARD} is not in {player}'s hand")


async def cast_morph(conn: Connection, game_id: str, player: str, token: str) -> Any:
    """`player` casts their MORPH_CARD face down and resolves it: the resolve's JSON answer
    (its last event names the face-down creature; `version` is the game's now)."""
    headers = {**JSON, "Authorization": f"Bearer {token}"}
    view: Any = (await conn.request("GET", f"/api/games/{game_id}/view", headers)).json()
    path = f"/api/games/{game_id}/actions"
    card = morph_in_hand(view, player)
    cast = {"type": "cast_face_down", "object": card, "via": "morph"}
    await conn.request("POST", path, headers, orjson.dumps(cast))
    return (await conn.request("POST", path, headers, orjson.dumps({"type": "resolve"}))).json()


class ApiPlayer(Client):
    """One game over the JSON API. A round is one player's turn:

    cast a morph card face down, resolve, tap, untap, a +1/+1 counter, the opponent's illegal
    try at turning it face up (422, cites 708.x), a pump, turn it face up, attack (declared by
    the judge for the player: it is summoning sick), bounce it
    to hand (revealed), read the view to find it again, end the turn: 12 requests, of which
    10 accepted actions, 1 refused action and 1 view."""

    def __init__(self, base_url: str, recorder: Recorder, game: BenchGame) -> None:
        super().__init__(base_url, recorder)
        self.game = game
        self.headers = {
            seat.player: {**JSON, "Authorization": f"Bearer {seat.token}"} for seat in game.seats
        }
        self.headers[JUDGE] = {**JSON, "Authorization": f"Bearer {game.judge}"}
        self.hand: dict[str, str] = {}

    async def setup(self) -> None:
        for seat in self.game.seats:
            await self.find_card(seat.player)

    async def find_card(self, player: str) -> None:
        response = await self.call(
            "view", "GET", f"/api/games/{self.game.id}/view", self.headers[player]
        )
        self.hand[player] = morph_in_hand(response.json(), player)

    async def act(self, player: str, action: dict[str, Any], expected: int = 200) -> Any:
        response = await self.call(
            action["type"],
            "POST",
            f"/api/games/{self.game.id}/actions",
            self.headers[player],
            orjson.dumps(action),
            expected,
        )
        if response.status != expected:
            raise HttpError(f"{action['type']}: {response.status} {response.text()[:300]}")
        return response.json()

    async def turn(self, player: str, opponent: str) -> None:
        await self.act(
            player, {"type": "cast_face_down", "object": self.hand[player], "via": "morph"}
        )
        resolved = await self.act(player, {"type": "resolve"})
        x = resolved["events"][-1]["objects"][0]
        await self.act(player, {"type": "tap", "object": x})
        await self.act(player, {"type": "untap", "object": x})
        await self.act(player, {"type": "add_counter", "object": x})
        await self.act(opponent, {"type": "turn_face_up", "object": x}, expected=422)
        await self.act(player, {"type": "pump", "object": x, "power": 1, "toughness": 1})
        await self.act(player, {"type": "turn_face_up", "object": x, "via": "morph"})
        # 302.6: cast this turn, it is summoning sick: the judge declares the attack (as
        # the judge, for whoever it concerns: accepted with a warning in the log).
        await self.act(JUDGE, {"type": "attack", "objects": [x]})
        await self.act(player, {"type": "move", "object": x, "to": "hand"})
        await self.find_card(player)
        await self.act(player, {"type": "next_turn"})

    async def round(self) -> None:
        await take_turn(self)


class PagePlayer(Client):
    """One game through the pages, as htmx posts them: each answer is the re-rendered live
    region (status, action bar, board, log). Each player has a face-down creature (cast
    at setup through the API); a round is one player's turn: tap, untap, a +1/+1 counter,
    a pump, the opponent's illegal try at turning it face up (422), end the turn."""

    def __init__(self, base_url: str, recorder: Recorder, game: BenchGame) -> None:
        super().__init__(base_url, recorder)
        self.game = game
        self.creature: dict[str, str] = {}
        self.page_headers: dict[str, dict[str, str]] = {}
        # The version each player's page shows, as live.js tells it with a tap.
        self.shown: dict[str, int | None] = {}

    async def setup(self, api: ApiPlayer) -> None:
        for seat in self.game.seats:
            player = seat.player
            await api.act(
                player, {"type": "cast_face_down", "object": api.hand[player], "via": "morph"}
            )
            resolved = await api.act(player, {"type": "resolve"})
            self.creature[player] = resolved["events"][-1]["objects"][0]
            await api.act(player, {"type": "next_turn"})
            page = await self.conn.request(
                "GET",
                f"/g/{self.game.id}",
                {"Cookie": f"fd_seat={seat.token}", "Accept-Encoding": "gzip"},
            )
            seat.csrf = csrf_of(page.text())
            self.shown[player] = shown_version(page.text())
            self.page_headers[player] = {
                "Cookie": f"fd_seat={seat.token}",
                "HX-Request": "true",
                "X-CSRF-Token": seat.csrf,
                "Sec-Fetch-Site": "same-origin",
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept-Encoding": "gzip",
            }

    async def act(self, player: str, action: dict[str, Any], expected: int = 200) -> None:
        body = urlencode({"action": orjson.dumps(action).decode()}).encode()
        response = await self.call(
            action["type"],
            "POST",
            f"/g/{self.game.id}/act",
            self.page_headers[player] | live_version_header(self.shown.get(player)),
            body,
            expected,
        )
        if response.status != expected:
            raise HttpError(f"page {action['type']}: {response.status} {response.text()[:300]}")
        if response.status == 200:
            self.shown[player] = shown_version(response.text()) or self.shown.get(player)

    async def turn(self, player: str, opponent: str) -> None:
        x = self.creature[player]
        await self.act(player, {"type": "tap", "object": x})
        await self.act(player, {"type": "untap", "object": x})
        await self.act(player, {"type": "add_counter", "object": x})
        await self.act(player, {"type": "pump", "object": x, "power": 1, "toughness": 1})
        await self.act(opponent, {"type": "turn_face_up", "object": x}, expected=422)
        await self.act(player, {"type": "next_turn"})

    async def round(self) -> None:
        await take_turn(self)


async def take_turn(client: ApiPlayer | PagePlayer) -> None:
    """One player's turn, then the other's next time: a run that stops between two turns
    resumes where the game is."""
    players = [s.player for s in client.game.seats[:2]]
    me = client.game.turn % 2
    await client.turn(players[me], players[1 - me])
    client.game.turn += 1


def shown_version(html: str) -> int | None:
    """The version a page's #live shows after this answer (its status line's data-version,
    in a whole region or a patch), as static/js/live.js reads it; None if it doesn't say."""
    import re

    match = re.search(r'data-version="(\d+)"', html)
    return int(match.group(1)) if match is not None else None


def live_version_header(shown: int | None) -> dict[str, str]:
    """What live.js adds to a tap: the version the page's #live shows (its answer can then be
    only what changed since)."""
    return {} if shown is None else {"X-Live-Version": str(shown)}


def csrf_of(html: str) -> str:
    import re

    match = re.search(r'name="csrf" value="([^"]+)"', html)
    if match is None:
        raise RuntimeError("no CSRF field on the seat page")
    return match.group(1)


async def run_phase(
    name: str,
    clients: Sequence[Client],
    recorder: Recorder,
    *,
    warmup: float,
    duration: float,
    server_cpu: Any,
) -> PhaseResult:
    """Run every client from now; measure between now+warmup and now+warmup+duration."""
    now = time.perf_counter()
    recorder.window.start = now + warmup
    recorder.window.end = now + warmup + duration
    stop_at = recorder.window.end

    async def cpu_marks() -> tuple[float, float, float, float]:
        await asyncio.sleep(max(0.0, recorder.window.start - time.perf_counter()))
        s0, c0 = server_cpu(), _own_cpu()
        await asyncio.sleep(max(0.0, recorder.window.end - time.perf_counter()))
        return s0, server_cpu(), c0, _own_cpu()

    marks = asyncio.ensure_future(cpu_marks())
    results = await asyncio.gather(*(c.run(stop_at) for c in clients), return_exceptions=True)
    s0, s1, c0, c1 = await marks
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        raise RuntimeError(f"{name}: {len(failures)} clients failed; first: {failures[0]!r}")
    lat = recorder.latencies
    seconds = recorder.window.seconds
    return PhaseResult(
        name=name,
        clients=len(clients),
        seconds=round(seconds, 2),
        requests=len(lat),
        throughput=round(len(lat) / seconds, 1),
        p50_ms=round(percentile(lat, 50) * 1000, 2),
        p95_ms=round(percentile(lat, 95) * 1000, 2),
        p99_ms=round(percentile(lat, 99) * 1000, 2),
        by_kind=dict(sorted(recorder.by_kind.items())),
        unexpected=recorder.unexpected,
        server_cpu=round((s1 - s0) / seconds, 2),
        client_cpu=round((c1 - c0) / seconds, 2),
        server_cpu_ms=round((s1 - s0) / len(lat) * 1000, 3) if lat else float("nan"),
    )


def _own_cpu() -> float:
    t = os.times()
    return t.user + t.system
