"""Riftbound as a game family (seed 001: Hidden, 811; core rules of its RULES_VERSION)."""

from __future__ import annotations

from pathlib import Path

from app.rules.core.events import Text
from app.rules.core.family import Citations, GameFamily, GamePages, GameRules, Visibility
from app.rules.core.setup import GameOptions
from app.rules.riftbound import (
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
from app.rules.riftbound.card_formats import CARD_FORMATS
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.state import RiftboundGame
from app.rules.riftbound.table_candidates import TABLE_ACTIONS
from app.rules.riftbound.view import RiftboundView
from app.rules.riftbound.visibility import SECRET

_HERE = Path(__file__).parent

# What a fork shows for a card no published viewpoint may see: a nameless Hidden card.
PLACEHOLDER = RiftboundCard(
    name="Hidden card",
    name_fr="Carte cachée",
    hidden=True,
    text="A card this ruling did not show.",
)

RIFTBOUND: GameFamily[RiftboundGame, RiftboundView] = GameFamily(
    key="riftbound",
    rulesets=("riftbound",),
    title=Text(en="Riftbound", fr="Riftbound"),
    rules=GameRules(
        state_model=RiftboundGame,
        setup_model=setup.RiftboundSetup,
        options_model=GameOptions,
        view_model=RiftboundView,
        moves=moves.MOVES,
        new_game=setup.new_game,
        visibility=Visibility.of(visibility, secret_zones=SECRET),
        view=view_of.riftbound_view,
        offers=candidates.candidate_actions,
        offers_about=candidates.candidates_about,
        describe=labels.describe,
        citations=Citations(
            book=rule_book.BOOK,
            # One edition: the ruleset adds nothing to how a key shows.
            numbers=lambda keys, ruleset: rule_book.numbers_for(keys),
            core_rules={"players": "rb.players", "game_over": "rb.end-game"},
            groups=(
                ("riftbound-hidden", lambda c: (c.number or "").startswith("811")),
                ("riftbound", lambda c: True),
            ),
            # Unnumbered paragraphs show their title in the log; a URL may name any by it.
            titled=lambda c: True,
        ),
        placeholder=PLACEHOLDER,
    ),
    pages=GamePages(
        starter=starter.starter_setup,
        # The starter table is for two (three battlefields: one each, one free).
        players_refusal=lambda players: None if len(players) == 2 else "rb.error.two_players",
        # Ending a showdown sits beside passing and ending the turn; the judge's "who controls
        # it" buttons sit on each battlefield's card.
        primary_actions=("resolve", "resolve_showdown", "next_turn"),
        place_actions=("set_control",),
        deck_zones=starter.deck_zones,
        locations=lambda view: [(b.id, b.name) for b in view.riftbound.battlefields],
        turn_step=lambda view: view.riftbound.phase,
        judge_forms=pages.JUDGE_FORMS,
        table_actions=TABLE_ACTIONS,
        messages=_HERE / "i18n.toml",
        question_groups=("riftbound",),
        question_group=lambda rules: "riftbound",
    ),
    card_model=RiftboundCard,
    catalog_path=_HERE / "catalog.json",
    scenarios_dir=_HERE / "scenarios",
    card_formats=CARD_FORMATS,
)
