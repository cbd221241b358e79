"""A triggered ability on the stack in real Chromium at 360 × 800 (issue 27): Alice's face-down
creature, given "whenever this creature attacks" by an effect, attacks; the ability shows in
the stack region of both phones; Alice alone has its target buttons (603.3d) and taps one;
Bob's page follows live and never receives the hidden card's name (708.5); the ability
resolves and the engine puts the counter on (608.2). Screenshots go to tests/browser/screenshots/.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser.test_morph_game import (
    LIVE_TIMEOUT_MS,
    SCREENSHOTS,
    Recorder,
    assert_not_reloaded,
    check_axe,
    check_layout,
    mark_page,
    open_seat,
)

pytestmark = pytest.mark.browser

HIDDEN = "Skinthinner"
SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": HIDDEN, "face_down": "morph"},
    {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
]
GRANT = {
    "event": "attacks",
    "text": "Put a +1/+1 counter on target creature.",
    "effect": {"kind": "counters"},
}


def _post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"{base}{path}", data=json.dumps(body).encode(), headers=headers
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def _view(base: str, game_id: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_603_3d_a_granted_trigger_on_two_phones(server, phone):
    created = _post(server, "/api/games", {"ruleset": "mtg", "players": ["Alice", "Bob"],
                                           "setup": SETUP})  # fmt: skip
    game_id = created["id"]
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    hidden = next(o["id"] for o in _view(server, game_id, tokens["Alice"])["objects"]
                  if o["name"] == HIDDEN)  # fmt: skip
    bob_context = phone()
    bob = open_seat(bob_context, server, tokens["Bob"])
    recorder = Recorder(bob_context, bob)
    alice = open_seat(phone(), server, tokens["Alice"])
    _post(server, f"/api/games/{game_id}/actions", {"type": "apply_effect", "object": hidden,
          "source": "Tiptoe Banner", "grant_trigger": GRANT}, tokens["Alice"])  # fmt: skip
    _post(server, f"/api/games/{game_id}/actions", {"type": "attack", "objects": [hidden]},
          tokens["Alice"])  # fmt: skip
    alice.reload()
    bob.reload()
    mark_page(bob)
    stack = alice.locator("section.zone-stack")
    stack.get_by_text("Put a +1/+1 counter on target creature.").wait_for()
    assert f"Ability of {HIDDEN}" in stack.inner_text()
    bob_stack = bob.locator("section.zone-stack")
    assert "Ability of Face-down 2/2" in bob_stack.inner_text()
    assert "Alice chooses its targets" in bob_stack.inner_text()
    assert bob_stack.get_by_role("button", name="Target Grizzly Bears").count() == 0
    check_layout(alice)
    check_layout(bob)
    check_axe(alice, "trigger on the stack (its controller)")
    check_axe(bob, "trigger on the stack (opponent)")
    SCREENSHOTS.mkdir(exist_ok=True)
    alice.screenshot(path=str(SCREENSHOTS / "trigger-alice-targets.png"), full_page=True)
    stack.get_by_role("button", name="Target Grizzly Bears").click()
    # Bob's page follows live (no reload): the targets, then the resolved counter.
    bob_stack.get_by_text("Targets: Grizzly Bears").wait_for(timeout=LIVE_TIMEOUT_MS)
    bob.screenshot(path=str(SCREENSHOTS / "trigger-bob-targets.png"), full_page=True)
    bob.locator(".actionbar").get_by_role("button", name="Resolve the top of the stack").click()
    bob.locator("section.zone-stack").wait_for(state="detached", timeout=LIVE_TIMEOUT_MS)
    bears = next(o for o in _view(server, game_id, tokens["Bob"])["objects"]
                 if o["name"] == "Grizzly Bears")  # fmt: skip
    assert bears["counters"] == {"+1/+1": 1}
    assert HIDDEN not in bob.content()
    assert_not_reloaded(bob)
    recorder.assert_never_saw(HIDDEN)
