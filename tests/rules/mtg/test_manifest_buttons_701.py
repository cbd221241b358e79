"""The game-wide manifest, cloak and manifest dread buttons come from their moves' declared
preconditions (app.rules.mtg.manifest `may_manifest`, `may_manifest_dread`), not a trial
through the engine: each viewer is offered a button exactly when the engine accepts the action,
and a refused action is refused with the rule the button's absence stands for."""

from __future__ import annotations

from typing import Any

from app.rules.core.viewer import Viewer
from tests.rules.declared import loose, refused_alike
from tests.rules.mtg.table import Game, Table

WHO = {"Alice": Viewer.seat("Alice"), "Bob": Viewer.seat("Bob"), "judge": Viewer.judge()}


def _buttons(game: Game, who: str, kind: str) -> list[dict[str, Any]]:
    """The game-wide `kind` buttons `who`'s page shows (the engine's: `loose`)."""
    found = loose(game, WHO[who])
    assert all(o.warning is None for o in found)  # not timing-checked: no judge warning
    return [o.action for o in found if o.type == kind]


def _only_alice_has_a_library(ruleset: Any = "mtg") -> Game:
    return Table(ruleset=ruleset).library("Alice", "Serra Angel", "Lightning Bolt").start()


def test_701_40a_manifest_button_needs_a_card_in_the_library():
    game = _only_alice_has_a_library()
    assert _buttons(game, "Alice", "manifest") == [{"type": "manifest", "player": "Alice"}]
    # Bob's library is empty: no button for him, from his seat or the judge's.
    assert _buttons(game, "Bob", "manifest") == []
    assert _buttons(game, "judge", "manifest") == [{"type": "manifest", "player": "Alice"}]
    for actor in ("Bob", None):
        err = refused_alike(game, actor, type="manifest", player="Bob")
        assert err.rules == ["701.40"] and "library is empty" in err.message_en
        assert "bibliothèque de Bob est vide" in err.message_fr
    game.do("Alice", type="manifest", player="Alice")
    game.do(None, type="manifest", player="Alice")
    # Alice's library is empty now: her button goes too, and the action is refused.
    assert _buttons(game, "Alice", "manifest") == []
    assert _buttons(game, "judge", "manifest") == []
    assert refused_alike(game, "Alice", type="manifest", player="Alice").rules == ["701.40"]


def test_701_58a_cloak_button_needs_a_card_in_the_library():
    game = _only_alice_has_a_library()
    assert _buttons(game, "Alice", "cloak") == [{"type": "cloak", "player": "Alice"}]
    assert _buttons(game, "Bob", "cloak") == []
    assert _buttons(game, "judge", "cloak") == [{"type": "cloak", "player": "Alice"}]
    for actor in ("Bob", None):
        err = refused_alike(game, actor, type="cloak", player="Bob")
        assert err.rules == ["701.58"] and "nothing to cloak" in err.message_en


def test_701_40a_manifest_button_is_the_manifesting_players_own():
    game = Table().library("Alice", "Serra Angel").library("Bob", "Grizzly Bears").start()
    # Bob's seat: no button to manifest for Alice, not even as a proposal (only she may).
    bob = loose(game, WHO["Bob"])
    assert not [o for o in bob if "Alice" in str(o.action) and "manifest" in str(o.action)]
    err = refused_alike(game, "Bob", type="manifest", player="Alice")
    assert err.rules == ["701.40"] and err.kind == "forbidden"
    assert _buttons(game, "judge", "manifest") == [
        {"type": "manifest", "player": "Alice"},
        {"type": "manifest", "player": "Bob"},
    ]


def test_707_1_no_manifest_cloak_or_dread_button_under_the_2004_rules():
    game = _only_alice_has_a_library("mtg-2004")
    for who in WHO:
        for kind in ("manifest", "cloak", "manifest_dread"):
            assert _buttons(game, who, kind) == []
    for kind in ("manifest", "cloak", "manifest_dread"):
        for actor in ("Alice", None):
            assert refused_alike(game, actor, type=kind, player="Alice").rules == ["707.1"]


def test_701_62a_manifest_dread_button_is_offered_even_with_an_empty_library():
    game = _only_alice_has_a_library()
    dread = {"type": "manifest_dread"}
    assert _buttons(game, "Alice", "manifest_dread") == [{**dread, "player": "Alice"}]
    # Bob's library is empty, yet he may manifest dread: nothing happens (701.62a).
    assert _buttons(game, "Bob", "manifest_dread") == [{**dread, "player": "Bob"}]
    assert _buttons(game, "judge", "manifest_dread") == [
        {**dread, "player": "Alice"},
        {**dread, "player": "Bob"},
    ]
    game.do("Bob", type="manifest_dread", player="Bob")
    assert "nothing happens" in game.last_text("Alice")
    # Only the player who manifests dread does it (the judge for them).
    err = refused_alike(game, "Bob", type="manifest_dread", player="Alice")
    assert err.rules == ["701.40"] and err.kind == "forbidden"
    # While Alice chooses, nobody is offered another manifest dread (the game waits).
    game.do("Alice", type="manifest_dread", player="Alice")
    for who in WHO:
        assert _buttons(game, who, "manifest_dread") == []
