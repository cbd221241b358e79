"""Magic as a game family: today's rules ("mtg") and the January 2004 Comprehensive Rules
("mtg-2004") as an edition of the same game."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_args

from app.rules.core.events import Text
from app.rules.core.family import Citations, GameFamily, Visibility
from app.rules.mtg import labels, moves, offers, rule_book, setup, starter, views, visibility
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import HideawayEdition, MtgGame, Zone
from app.rules.mtg.table_offers import TABLE_ACTIONS, TABLE_PROPOSABLE
from app.rules.mtg.view import MtgView

_HERE = Path(__file__).parent

# What a fork shows for a card no published viewpoint may see: an anonymous 2/2.
PLACEHOLDER = MtgCard(
    name="Hidden card",
    name_fr="Carte cachée",
    types=("Creature",),
    power=2,
    toughness=2,
    text="A card this ruling did not show.",
)

HIDEAWAY_EDITIONS: tuple[str, ...] = get_args(HideawayEdition)


def _options_from_form(ruleset: str, asked: Mapping[str, str]) -> dict[str, Any]:
    """The hideaway edition asked for, in a game of today's rules (2004 had no hideaway)."""
    edition = asked.get("hideaway_edition", "current")
    return {"hideaway_edition": edition} if ruleset == "mtg" and edition in HIDEAWAY_EDITIONS else {}


MTG = GameFamily(
    key="mtg",
    rulesets=("mtg", "mtg-2004"),
    title=Text(en="Magic: The Gathering", fr="Magic : l'Assemblée"),
    state_model=MtgGame,
    card_model=MtgCard,
    setup_model=setup.MtgSetup,
    options_model=setup.MtgOptions,
    view_model=MtgView,
    moves=moves.MOVES,
    new_game=setup.new_game,  # type: ignore[arg-type]
    visibility=Visibility.of(visibility, secret_zones={Zone.LIBRARY}),
    view=views.mtg_view,  # type: ignore[arg-type]
    offers=offers.candidate_actions,  # type: ignore[arg-type]
    offer_target=offers.mtg_offer_target,
    describe=lambda state, obj, face: labels.describe(state, obj, face=face),  # type: ignore[arg-type]
    citations=Citations(
        book=rule_book.BOOK,
        numbers=rule_book.numbers_for,  # type: ignore[arg-type]
        core_rules={"players": "103.1", "game_over": "104.1"},
        groups=(
            ("face-down", lambda c: (c.seed or "").startswith("707") or c.key.startswith("708.")),
            ("flip", lambda c: (c.seed or "").startswith(("709", "706.3"))),
            ("hideaway", lambda c: c.key.startswith("702.75")),
            ("2004", lambda c: c.key.startswith("2004.")),
            ("cards", lambda c: c.is_card_text),
            ("magic-other", lambda c: True),
        ),
    ),
    placeholder=PLACEHOLDER,
    catalog_path=_HERE / "catalog.json",
    scenarios_dir=_HERE / "scenarios",
    check=moves.check,  # type: ignore[arg-type]
    starter=starter.starter_setup,
    form_choices={"hideaway_edition": HIDEAWAY_EDITIONS},
    options_from_form=_options_from_form,
    proposable=offers.PROPOSABLE,
    subjects=offers.subjects,  # type: ignore[arg-type]
    addressed=offers.addressed,  # type: ignore[arg-type]
    controlled_zones=frozenset({Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT}),
    acts_on_named_player=frozenset(
        {"manifest", "cloak", "manifest_cards", "manifest_dread", "forbid_name"}
    )
    | TABLE_PROPOSABLE
    # 601.3: a permission over another player's cards (`from_player`) is theirs to accept.
    | {"grant_permission"},
    # 406.3b: casting from exile checks the caster's own right to look at the card.
    checks_own_right=frozenset({"look", "cast_from_exile"}),
    describe_action=offers.describe_action,  # type: ignore[arg-type]
    describe_unseen=labels.unseen_label,  # type: ignore[arg-type]
    table_actions=TABLE_ACTIONS,
)
