"""The rules reference: `/rules` (every paragraph of every seed, by game and edition, with a
search that works on a phone) and stable paragraph URLs `/rules/<ruleset>/<number>`.

A paragraph's canonical URL uses its number in today's rules (`/rules/mtg/708.5`); its seed
number (707.5), its 2004 number (504.3) or its key redirect there when they name one
paragraph only. Numbers that name several paragraphs (707.2 is a face-down rule in the seed
and the copy rule today) show them all. For htmx, a number still opens in the bottom sheet.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.rules.core.citations import Citation
from app.rules.families import CITATIONS, FAMILIES, family_of, family_of_citation
from app.rules.redact import citations_for
from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web.pages.cache_policy import PUBLIC_PAGE, RULE_SHEET
from app.web.pages.chrome import base_context, is_htmx, refused
from app.web.pages.family_pages import (
    RULESETS,
    canonical_number,
    citation_game,
    rules_game,
    titled_by_name,
)
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

# (group id, which keys belong to it), each family's sections in its own order: the index.
GROUPS: tuple[tuple[str, Any], ...] = tuple(g for f in FAMILIES for g in f.rules.citations.groups)


def _groups_of(c: Citation) -> tuple[tuple[str, Any], ...]:
    return family_of_citation(c).rules.citations.groups


def group_of(c: Citation) -> str:
    return next(g for g, test in _groups_of(c) if test(c))


def url_of(c: Citation) -> str:
    return f"/rules/{citation_game(c)}/{quote(canonical_number(c))}"


def names_of(c: Citation) -> set[str]:
    """Every way a URL may name this paragraph: its numbers in each edition, its key, and
    (Riftbound, unnumbered) the title the log shows."""
    names = {c.key, c.current, c.seed, c.edition_2004, c.number}
    if titled_by_name(c):
        names.add(c.title_en)
    return {n for n in names if n}


def keys_named(ruleset: str, number: str) -> list[str]:
    game = rules_game(ruleset)
    return [k for k, c in CITATIONS.items() if citation_game(c) == game and number in names_of(c)]


def _scenario_keys(s: Scenario) -> set[str]:
    found: set[str] = set()
    for number in s.rules:
        found.update(keys_named(s.ruleset, number))
    return found


@cache
def demos_by_key() -> dict[str, tuple[Scenario, ...]]:
    by_key: dict[str, list[Scenario]] = {}
    for s in all_scenarios():
        for key in _scenario_keys(s):
            by_key.setdefault(key, []).append(s)
    return {k: tuple(v) for k, v in by_key.items()}


def cited_by(key: str) -> list[str]:
    return [k for k, c in CITATIONS.items() if key in c.cites]


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def matches(c: Citation, query: str) -> bool:
    words = _fold(query).split()
    group = group_of(c).replace("-", " ")  # "hideaway" finds every hideaway paragraph
    haystack = _fold(
        " ".join([*names_of(c), group, c.title_en, c.title_fr, c.summary_en, c.summary_fr])
    )
    return all(w in haystack for w in words)


@dataclass
class Paragraph:
    """One citation as the reference shows it (plain data for the templates)."""

    key: str
    url: str
    anchor: str
    number: str
    current: str | None
    seed: str | None
    edition_2004: str | None
    # The number of a game numbered by one edition, and that game (its family's key).
    own_number: str | None
    game: str
    title_en: str
    title_fr: str
    summary_en: str
    summary_fr: str
    card_text: bool
    cites: list[tuple[str, str]] = field(default_factory=list)  # (label, url)
    cited_by: list[tuple[str, str]] = field(default_factory=list)
    demos: list[Scenario] = field(default_factory=list)


def paragraph(c: Citation) -> Paragraph:
    def link(key: str) -> tuple[str, str] | None:
        other = CITATIONS.get(key)
        if other is None:
            return None
        label = other.title_en if other.is_card_text else canonical_number(other)
        return (label, url_of(other))

    return Paragraph(
        key=c.key,
        url=url_of(c),
        anchor="k-" + "".join(ch if ch.isalnum() else "-" for ch in c.key),
        number=canonical_number(c) if not c.is_card_text else c.title_en,
        current=c.current,
        seed=c.seed,
        edition_2004=c.edition_2004,
        own_number=c.number,
        game=citation_game(c),
        title_en=c.title_en,
        title_fr=c.title_fr,
        summary_en=c.summary_en,
        summary_fr=c.summary_fr,
        card_text=c.is_card_text,
        cites=[x for x in (link(k) for k in c.cites) if x],
        cited_by=[x for x in (link(k) for k in cited_by(c.key)) if x],
        demos=list(demos_by_key().get(c.key, ())),
    )


def grouped(query: str) -> list[tuple[str, list[Paragraph]]]:
    groups: dict[str, list[Paragraph]] = {g: [] for g, _ in GROUPS}
    for c in CITATIONS.values():
        if query and not matches(c, query):
            continue
        groups[group_of(c)].append(paragraph(c))
    return [(g, items) for g, items in groups.items() if items]


@router.get("/rules")
def rules_index(request: Request, q: Annotated[str, Query(max_length=80)] = "") -> Response:
    """Every paragraph, by game and edition; `?q=` filters on the server (htmx: the list)."""
    query = q.strip()
    groups = grouped(query)
    ctx = base_context(request) | {
        "q": query,
        "groups": groups,
        "count": sum(len(items) for _, items in groups),
        "total": len(CITATIONS),
    }
    blocks = ["results"] if is_htmx(request) else None
    return html(render("pages/rules_index.html", ctx, blocks), headers=PUBLIC_PAGE)


@router.get("/rules/{ruleset}/{number}")
def rule_paragraph(request: Request, ruleset: str, number: str) -> Response:
    """A stable paragraph URL. Other numbers of the same paragraph redirect to it."""
    if ruleset not in RULESETS or len(number) > 80:
        return refused(request, "error.not_found", 404)
    keys = keys_named(ruleset, number)
    if not keys:
        return refused(request, "error.not_found", 404)
    game = rules_game(ruleset)
    targets = {canonical_number(CITATIONS[k]) for k in keys}
    if len(targets) == 1 and (game, number) != (ruleset, next(iter(targets))):
        target = f"/rules/{game}/{quote(next(iter(targets)))}"
        return RedirectResponse(target, 308, headers={"Cache-Control": "public, max-age=3600"})
    shown = [k for k in keys if canonical_number(CITATIONS[k]) == number] or keys
    if is_htmx(request):  # the bottom sheet of a game page, as before
        ctx = base_context(request) | {
            "number": number,
            "ruleset": game,
            "citations": citations_for(shown, game),
            "title": number,
            "htmx": True,
        }
        return html(render("pages/rule.html", ctx, ["sheet"]), headers=RULE_SHEET)
    ctx = base_context(request) | {
        "number": number,
        "ruleset": game,
        # A game numbered by one edition shows its own numbers, under its name.
        "own_numbers": family_of(game).rules.citations.book.editions == ("number",),
        "paragraphs": [paragraph(CITATIONS[k]) for k in shown],
        "also": [paragraph(CITATIONS[k]) for k in keys if k not in shown],
    }
    headers = {"Cache-Control": "public, max-age=3600", "Vary": PUBLIC_PAGE["Vary"]}
    return html(render("pages/rule_ref.html", ctx), headers=headers)
