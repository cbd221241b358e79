"""700.4: "dies" means put into a graveyard from the battlefield. A card milled (701.17),
discarded, or binned by manifest dread (701.62a) goes to the graveyard without dying: its
"when it dies" ability doesn't trigger. "When it is put into a graveyard from anywhere"
abilities are no leaves-the-battlefield abilities and trigger from anywhere (603.6c)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Game, Table

HYDRA = "Hooded Hydra"  # "When it dies, create a 1/1 Snake for each +1/+1 counter on it."
KOZILEK = "Kozilek, Butcher of Truth"  # "When it is put into a graveyard from anywhere, ..."
VIEWERS = ("Alice", "Bob", "spectator", "judge")


def _mill(game: Game, _name: str) -> None:
    game.do("Alice", type="mill", player="Alice")


def _discard(game: Game, name: str) -> None:
    game.do("Alice", type="move", object=game.id(name, Zone.HAND), to="graveyard")


def _dread(game: Game, name: str) -> None:
    """Manifest dread: the other card (the one under `name`) is manifested, `name` binned."""
    game.do("Alice", type="manifest_dread", player="Alice")
    other = next(i for i in game.state.dread_pending.looked if game.state.get(i).card.name != name)
    game.do("Alice", type="manifest_dread_choose", object=other)


WAYS: dict[str, Callable[[Game, str], None]] = {
    "701.17_milled": _mill,
    "discarded": _discard,
    "701.62a_binned_by_manifest_dread": _dread,
}


def _game(name: str) -> Game:
    return Table().hand("Alice", name).library("Alice", name, "Island", "Forest").start()


@pytest.mark.parametrize("way", list(WAYS))
def test_700_4_a_card_put_into_a_graveyard_from_elsewhere_doesnt_die(way):
    game = _game(HYDRA)
    WAYS[way](game, HYDRA)
    assert any(o.card.name == HYDRA for o in game.state.in_zone(Zone.GRAVEYARD, "Alice"))
    assert [e.kind for e in game.last if e.kind in ("trigger", "no_trigger")] == []
    for who in VIEWERS:
        assert "dies" not in game.last_text(who), who
        assert "meurt" not in " ".join(e.public.fr for e in game.last), who


def test_700_4_a_creature_put_into_a_graveyard_from_the_battlefield_dies():
    game = Table().battlefield("Alice", HYDRA).start()
    game.do("Alice", type="move", object=game.id(HYDRA), to="graveyard")
    assert [e.kind for e in game.last] == ["move", "trigger"]
    assert '"when it dies" ability triggers' in game.last_text("Bob")


@pytest.mark.parametrize("way", list(WAYS))
def test_603_6c_put_into_a_graveyard_from_anywhere_triggers_however_it_got_there(way):
    game = _game(KOZILEK)
    WAYS[way](game, KOZILEK)
    (trigger,) = [e for e in game.last if e.kind == "trigger"]
    # 603.6c says why it triggers; 603.2 / 603.3: it triggers and goes on the stack.
    assert trigger.rules == ("603.6c", "603.2", "603.3")
    for who in ("Bob", "spectator"):
        assert '"when it is put into a graveyard from anywhere" ability triggers' in (
            game.last_text(who)
        )
