"""Card search for the JSON API: `GET /api/cards?q=&ruleset=&limit=`, the catalog's names
(English or French, typo-tolerant) as public `CardHit`s. Card facts are public: no token."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from app.catalog.loader import CardHit, catalog_for
from app.rules.families import DEFAULT_RULESET, Ruleset
from app.web.deps import CatalogDep

router = APIRouter(prefix="/api", tags=["cards"])

# A page of answers a phone can show; the search itself is bounded by the catalog's index.
MAX_HITS = 50


@router.get(
    "/cards",
    response_model=list[CardHit],
    summary="Search the card catalog by English or French name (typo-tolerant)",
)
def search_cards(
    catalog: CatalogDep,
    q: Annotated[str, Query(max_length=120, description="What was typed")] = "",
    ruleset: Annotated[
        Ruleset, Query(description="The game whose cards to search")
    ] = DEFAULT_RULESET,
    limit: Annotated[int, Query(ge=1, le=MAX_HITS)] = 10,
) -> list[CardHit]:
    return catalog_for(ruleset, catalog).search(q, limit)
