"""The home page: the judge scenarios, "Build a table" (app/web/pages/table_builder.py), and
the form that starts a new game (the starter table, or a decklist per seat)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import Response
from pydantic import ValidationError

from app.catalog import Catalog
from app.catalog.decklist import DecklistError, read_decklist
from app.catalog.loader import catalog_for
from app.demo import SCENARIOS, create_scenario_game
from app.rules.core.errors import RuleError
from app.rules.families import DEFAULT_RULESET
from app.scenarios.model import Scenario
from app.store.repository import CreatedGame, GameRepository
from app.web.deps import CatalogDep, RepositoryDep, SameSiteDep
from app.web.errors import ApiError
from app.web.models import GameCreate
from app.web.pages.cache_policy import PUBLIC_PAGE
from app.web.pages.chrome import Chrome, TemplateContext, chrome_for
from app.web.pages.family_pages import (
    FORM_CHOICES,
    RULESETS,
    starter_for,
)
from app.web.pages.links import links_after_creation
from app.web.pages.new_game_form import MAX_PLAYERS, NewGameFormDep
from app.web.pages.question_groups import QuestionGroup, grouped
from app.web.setup_builder import DECK_PREFIX_EN, DECK_PREFIX_FR, build_setup
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class HomePage(TemplateContext):
    chrome: Chrome
    scenarios: list[Scenario]
    rulesets: tuple[str, ...] = RULESETS
    max_players: int = MAX_PLAYERS
    form_players: list[str] = field(default_factory=lambda: ["Alice", "Bob"])
    form_ruleset: str = DEFAULT_RULESET
    form_choices: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: FORM_CHOICES)
    # The game options as the form last answered them (an option left out: its first value).
    form_options: Mapping[str, str] = field(default_factory=dict)
    form_decks: list[str] = field(default_factory=list)
    form_error: str | None = None
    # Each decklist field's unusable lines, in the page's language, shown beside that field.
    deck_errors: list[list[str]] = field(default_factory=list)
    # The judge questions by mechanic, each group collapsed unless the search found hits in it.
    groups: list[QuestionGroup] = field(default_factory=list)
    query: str = ""
    found: int = 0


def home_page(request: Request, query: str = "") -> HomePage:
    # The language toggle comes back home (after a refused POST too).
    groups = grouped(SCENARIOS, query)
    return HomePage(
        chrome=replace(chrome_for(request), path="/"),
        scenarios=list(SCENARIOS),
        groups=groups,
        query=query.strip(),
        found=sum(len(g.scenarios) for g in groups),
    )


@router.get("/")
def home(request: Request, q: Annotated[str, Query(max_length=120)] = "") -> Response:
    page = home_page(request, q)
    return html(render("pages/home.html", page.variables()), headers=PUBLIC_PAGE)


def _create(
    repository: GameRepository,
    catalog: Catalog,
    ruleset: str,
    players: list[str],
    scenario: str | None,
    options: dict[str, str] | None = None,
    decks: dict[str, str] | None = None,
) -> CreatedGame:
    if scenario:
        found = next((s for s in SCENARIOS if s.key == scenario), None)
        if found is None:
            raise KeyError(scenario)
        return create_scenario_game(repository, scenario, players or None)
    body = GameCreate(
        ruleset=ruleset,
        players=players,
        # Decklists replace the starter table: a seat without one starts with no cards.
        # The starter table's entries as dicts: GameCreate validates them into setup entries.
        setup=[] if decks else starter_for(ruleset, players),  # type: ignore[arg-type]
        options=options or None,
        decks=decks or {},
    )
    return repository.create_game(build_setup(body, catalog), " · ".join(players))


def decklist_problems(
    seats: list[str], texts: list[str], catalog: Catalog, lang: str
) -> list[list[str]]:
    """Each decklist field's unusable lines (a list per field, in the form's order), so the
    page shows them beside the field that holds them; all empty when every list reads."""
    problems: list[list[str]] = []
    for seat, text in zip(seats, texts, strict=False):
        try:
            if seat and text.strip():
                read_decklist(text, catalog)
        except DecklistError as err:
            problems.append([p.message_fr if lang == "fr" else p.message_en for p in err.problems])
            continue
        problems.append([])
    return problems


@router.post("/games")
def create_game(
    request: Request,
    same_site: SameSiteDep,
    repository: RepositoryDep,
    catalog: CatalogDep,
    form: NewGameFormDep,
    scenario: Annotated[str | None, Form(max_length=60)] = None,
    deck: Annotated[list[str] | None, Form(max_length=MAX_PLAYERS)] = None,
) -> Response:
    """Create a game (or a judge scenario) and show its links, once: they carry the tokens."""
    ruleset, seats, options, names = form.ruleset, form.seats, form.options, form.names
    texts = [d[:20_000] for d in (deck or [])]
    # Each decklist belongs to the player field beside it.
    decks = {name: text for name, text in zip(seats, texts, strict=False) if name and text.strip()}
    page = home_page(request)
    t = page.chrome.t

    def refuse(
        key: str | None,
        params: Mapping[str, str] | None = None,
        deck_errors: list[list[str]] | None = None,
    ) -> Response:
        refused = replace(
            page,
            # Every field back where it was typed: a decklist stays beside its player.
            form_players=seats if any(seats) else ["", ""],
            form_ruleset=ruleset,
            form_options=options,
            form_decks=texts,
            form_error=t(key, **(params or {})) if key else None,
            deck_errors=deck_errors or [],
        )
        return html(render("pages/home.html", refused.variables()), 422, PUBLIC_PAGE)

    problem = form.players_problem(scenario=bool(scenario))
    if problem is not None:
        return refuse(*problem)
    if not scenario:
        deck_errors = decklist_problems(
            seats, texts, catalog_for(ruleset, catalog), page.chrome.lang
        )
        if any(deck_errors):
            return refuse(None, deck_errors=deck_errors)
    try:
        created = _create(repository, catalog, ruleset, names, scenario or None, options, decks)
    except KeyError:
        return refuse("error.scenario")
    except ApiError as err:
        if err.extra.get("details") and str(err.extra["details"][0]["loc"][0]) == "decks":
            # Every unknown line of every list at once, with close names.
            if page.chrome.lang == "fr":
                problems = str(err.extra.get("message_fr", "")).removeprefix(DECK_PREFIX_FR)
            else:
                problems = err.message.removeprefix(DECK_PREFIX_EN)
            return refuse("error.deck", {"problems": problems})
        return refuse("error.players")
    except (ValidationError, RuleError):
        return refuse("error.players")
    return links_after_creation(request, created)
