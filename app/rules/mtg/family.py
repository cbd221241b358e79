"""Magic as a game family: today's rules ("mtg") and the January 2004 Comprehensive Rules
("mtg-2004") as an edition of the same game."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_args

from app.rules.core.events import Text
from app.rules.core.family import Citations, GameFamily, GamePages, GameRules, Visibility
from app.rules.mtg import (
    candidates,
    labels,
    moves,
    pages,
    rule_book,
    setup,
    starter,
    view_of,
    visibility,
)
from app.rules.mtg.card_formats import CARD_FORMATS
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.choices import pending_choices
from app.rules.mtg.question_groups import GROUPS, group_of
from app.rules.mtg.state import HideawayEdition, MtgGame, Zone
from app.rules.mtg.table_candidates import TABLE_ACTIONS, TABLE_PROPOSABLE
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
    return (
        {"hideaway_edition": edition} if ruleset == "mtg" and edition in HIDEAWAY_EDITIONS else {}
    )


MTG: GameFamily[MtgGame, MtgView] = GameFamily(
    key="mtg",
    rulesets=("mtg", "mtg-2004"),
    title=Text(en="Magic: The Gathering", fr="Magic : l'Assemblée"),
    rules=GameRules(
        state_model=MtgGame,
        setup_model=setup.MtgSetup,
        options_model=setup.MtgOptions,
        view_model=MtgView,
        moves=moves.MOVES,
        new_game=setup.new_game,
        visibility=Visibility.of(visibility, secret_zones={Zone.LIBRARY}),
        view=view_of.mtg_view,
        offers=candidates.candidate_actions,
        offers_about=candidates.candidates_about,
        offer_target=candidates.mtg_offer_target,
        describe=lambda state, obj, face: labels.describe(state, obj, face=face),
        citations=Citations(
            book=rule_book.BOOK,
            numbers=rule_book.numbers_for,
            core_rules={"players": "103.1", "game_over": "104.1"},
            groups=(
                (
                    "face-down",
                    lambda c: (c.seed or "").startswith("707") or c.key.startswith("708."),
                ),
                ("flip", lambda c: (c.seed or "").startswith(("709", "706.3"))),
                ("hideaway", lambda c: c.key.startswith("702.75")),
                ("2004", lambda c: c.key.startswith("2004.")),
                ("cards", lambda c: c.is_card_text),
                ("magic-other", lambda c: True),
            ),
        ),
        placeholder=PLACEHOLDER,
        check=moves.check,
        proposable=candidates.PROPOSABLE,
        subjects=candidates.subjects,
        addressed=candidates.addressed,
        controlled_zones=frozenset({Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT}),
        acts_on_named_player=frozenset(
            {"manifest", "cloak", "manifest_cards", "manifest_dread", "forbid_name"}
        )
        | TABLE_PROPOSABLE
        # 601.3: a permission over another player's cards (`from_player`) is theirs to accept.
        | {"grant_permission"},
        # 406.3b: casting from exile checks the caster's own right to look at the card.
        checks_own_right=frozenset({"look", "cast_from_exile"}),
        describe_action=candidates.describe_action,
        describe_unseen=labels.unseen_label,
    ),
    pages=GamePages(
        starter=starter.starter_setup,
        turn_step=lambda view: view.step,
        form_choices={"hideaway_edition": HIDEAWAY_EDITIONS},
        options_from_form=_options_from_form,
        option_editions=pages.option_editions,
        hidden_under=pages.HIDEAWAY,
        judge_forms=pages.JUDGE_FORMS,
        table_actions=TABLE_ACTIONS,
        pending_choices=pending_choices,
        question_groups=GROUPS,
        question_group=group_of,
        messages=_HERE / "i18n.toml",
    ),
    card_model=MtgCard,
    catalog_path=_HERE / "catalog.json",
    scenarios_dir=_HERE / "scenarios",
    card_formats=CARD_FORMATS,
)
