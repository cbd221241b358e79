"""704.5f on the pages: a creature with toughness 0 or less shows the flag on its tile to
everyone, and a "Put into graveyard (704.5f)" button to its controller and the judge only."""

from __future__ import annotations

import pytest

from tests.web.pages_support import buttons, seat_client

pytestmark = pytest.mark.engine

ZERO = {"name": "Zero Wisp", "types": ["Creature"], "power": 0, "toughness": 0}


def test_704_5f_the_flag_on_the_tile_and_the_button_for_the_controller_and_the_judge(
    client, make_game
):
    game_id, tokens = make_game(client, setup=[{"owner": "Alice", "zone": "battlefield",
                                                "card": ZERO}])  # fmt: skip
    wisp = next(o["id"] for o in client.get(
        f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens['judge']}"}
    ).json()["objects"])  # fmt: skip
    sheets = {}
    for who in ("Alice", "Bob", "judge", "spectator"):
        browser = seat_client(client.app, tokens[who])
        board = browser.get(f"/g/{game_id}").text
        assert "toughness 0 or less: to the graveyard (704.5f)" in board, who
        sheets[who] = browser.get(f"/g/{game_id}/objects/{wisp}", headers={"HX-Request": "true"})
    for who in ("Alice", "judge"):
        assert {"type": "state_based_actions", "object": wisp} in buttons(sheets[who].text), who
    # Bob is offered it only as a proposal to Alice.
    bob = [b for b in buttons(sheets["Bob"].text) if b.get("type") == "propose"]
    assert {"type": "state_based_actions", "object": wisp} in [b["action"] for b in bob]
