"""Boards of a given size for the bench (bench/growth.py): a game set up with `objects`
permanents on the battlefield, half Alice's and half Bob's, each half the same mix of a judge's
table (lands, creatures face up, face-down creatures of each kind that starts face down), plus
the starter's hands and libraries, which do not grow with the board. Alice's page then taps and
untaps one of her creatures (`BoardTable.act`): one page action whose answer is her new live
region, as htmx posts it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import orjson

from app.rules.mtg.starter import STARTER_HAND, STARTER_LIBRARY
from bench.client import Connection
from bench.load import JSON, csrf_of, live_version_header, shown_version
from bench.throughput import PLAYERS

# One player's share of a board, repeated: (card, how it starts face down, or None).
MIX: tuple[tuple[str, str | None], ...] = (
    ("Grizzly Bears", None),
    ("Forest", None),
    ("Island", None),
    ("Exalted Angel", "morph"),
    ("Serra Angel", None),
    ("Llanowar Elves", None),
    ("Den Protector", "megamorph"),
    ("Plains", None),
    ("Akki Lavarunner", None),
    ("Willbender", "manifest"),
)
# What Alice's page taps and untaps (MIX's first card: on any board).
TAPPED = "Grizzly Bears"


def board_setup(objects: int) -> list[dict[str, Any]]:
    """Setup entries (`POST /api/games`'s shape): `objects` permanents on the battlefield, the
    first half Alice's (the odd one too), the rest Bob's; then each player's starter hand and
    library."""
    if objects < 2:
        raise ValueError(f"a board of 2 objects or more, not {objects}")
    entries: list[dict[str, Any]] = []
    halves = {"Alice": objects - objects // 2, "Bob": objects // 2}
    for player, count in halves.items():
        for i in range(count):
            card, via = MIX[i % len(MIX)]
            entry: dict[str, Any] = {"owner": player, "zone": "battlefield", "card": card}
            if via is not None:
                entry["face_down"] = via
            entries.append(entry)
    for player in PLAYERS:
        entries += [{"owner": player, "zone": "hand", "card": c} for c in STARTER_HAND]
        entries += [{"owner": player, "zone": "library", "card": c} for c in STARTER_LIBRARY]
    return entries


@dataclass
class BoardTable:
    """A game on a board of `objects` permanents and Alice's page on it."""

    base_url: str
    game_id: str
    objects: int
    creature: str
    headers: dict[str, str]
    conn: Connection
    actions: int = 0
    last_bytes: int = 0
    # The version Alice's page shows, as live.js tells it with a tap.
    shown: int | None = None

    @classmethod
    async def open(cls, base_url: str, objects: int) -> BoardTable:
        conn = Connection(base_url)
        try:
            body = orjson.dumps(
                {
                    "ruleset": "mtg",
                    "players": PLAYERS,
                    "setup": board_setup(objects),
                    "title": f"bench: a board of {objects}",
                }
            )
            response = await conn.request("POST", "/api/games", JSON, body)
            if response.status != 201:
                raise RuntimeError(f"POST /api/games: {response.status} {response.text()[:300]}")
            created: Any = response.json()
            token = created["seats"][0]["token"]
            view: Any = (
                await conn.request(
                    "GET",
                    f"/api/games/{created['id']}/view",
                    {**JSON, "Authorization": f"Bearer {token}"},
                )
            ).json()
            on_board = [o for o in view["objects"] if o["zone"] == "battlefield"]
            if len(on_board) != objects:
                raise RuntimeError(f"a board of {len(on_board)} objects, not {objects}")
            creature = next(
                o["id"] for o in on_board if o["controller"] == "Alice" and o["name"] == TAPPED
            )
            page: Any = await conn.request(
                "GET", f"/g/{created['id']}", {"Cookie": f"fd_seat={token}"}
            )
            headers = {
                "Cookie": f"fd_seat={token}",
                "HX-Request": "true",
                "X-CSRF-Token": csrf_of(page.text()),
                "Sec-Fetch-Site": "same-origin",
                "Content-Type": "application/x-www-form-urlencoded",
                "Accept-Encoding": "gzip",
            }
        except BaseException:
            await conn.close()
            raise
        table = cls(base_url, created["id"], objects, creature, headers, conn)
        table.shown = shown_version(page.text())
        return table

    async def act(self) -> int:
        """One page action (a tap, then an untap the next time): the bytes of the answer."""
        kind = "tap" if self.actions % 2 == 0 else "untap"
        self.actions += 1
        body = urlencode(
            {"action": orjson.dumps({"type": kind, "object": self.creature}).decode()}
        ).encode()
        headers = self.headers | live_version_header(self.shown)
        response = await self.conn.request("POST", f"/g/{self.game_id}/act", headers, body)
        if response.status != 200:
            raise RuntimeError(f"{kind} on a board of {self.objects}: {response.status}")
        self.last_bytes = len(response.body)
        self.shown = shown_version(response.text()) or self.shown
        return self.last_bytes

    async def close(self) -> None:
        await self.conn.close()
