"""Traps as a game family: everything the engine, the door, the catalog and the pages need,
in one registration. Named by FACEDOWN_FAMILIES=tests.third_family.family:TRAP (README,
"Adding a game"); no file of the app names it."""

from __future__ import annotations

from pathlib import Path

from app.rules.core.events import Text
from app.rules.core.family import Citations, GameFamily, GamePages, GameRules, Visibility
from app.rules.core.setup import GameOptions
from tests.third_family import rules
from tests.third_family.state import TrapCard, TrapGame, TrapSetup, TrapView

_HERE = Path(__file__).parent

TRAP: GameFamily[TrapGame, TrapView] = GameFamily(
    key="trap",
    rulesets=("trap",),
    title=Text(en="Traps", fr="Pièges"),
    rules=GameRules(
        state_model=TrapGame,
        setup_model=TrapSetup,
        options_model=GameOptions,
        view_model=TrapView,
        moves=rules.MOVES,
        new_game=rules.new_game,
        visibility=Visibility.of(rules, secret_zones=()),
        view=rules.trap_view,
        offers=rules.offers,
        describe=rules.describe,
        citations=Citations(
            book=rules.BOOK,
            numbers=rules.numbers_for,
            core_rules={"players": "trap.players", "game_over": "trap.end"},
            groups=(("traps", lambda c: True),),
        ),
        placeholder=TrapCard(name="Hidden trap", name_fr="Piège caché", types=("Trap",)),
    ),
    pages=GamePages(
        primary_actions=("next_turn",),
        messages=_HERE / "i18n.toml",
        templates=_HERE / "templates",
    ),
    card_model=TrapCard,
    catalog_path=_HERE / "catalog.json",
    scenarios_dir=_HERE / "scenarios",
)
