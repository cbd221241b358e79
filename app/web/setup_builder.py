"""A new game's setup from the API's body: card names resolved through the catalog, every
owner and controller a player, each seat's pasted decklist its library. The pages' "new game"
form builds the same body."""

from __future__ import annotations

from typing import get_args

from pydantic import TypeAdapter, ValidationError

from app.catalog import Catalog, CatalogError
from app.catalog.decklist import DecklistError, read_decklist
from app.catalog.loader import catalog_for
from app.rules.core.setup import GameSetup, SetupCard
from app.rules.families import family_of
from app.web.errors import ApiError, invalid_error
from app.web.models import GameCreate

# How a refused decklist's message starts (the home page shows the lines after it).
DECK_PREFIX_EN = "Decklist: "
DECK_PREFIX_FR = "Liste : "


def build_setup(body: GameCreate, catalog: Catalog) -> GameSetup:
    """Resolve card names through the catalog and check every name is a player; the game
    family's setup model checks the rest (its zones, its cards, its options)."""
    catalog = catalog_for(body.ruleset, catalog)
    family = family_of(body.ruleset)
    entry_model = get_args(family.rules.setup_model.model_fields["cards"].annotation)[0]
    zone_type = entry_model.model_fields["zone"].annotation
    zones: TypeAdapter[str] = TypeAdapter(zone_type)
    players = set(body.players)
    cards: list[SetupCard] = []
    for index, entry in enumerate(body.setup):
        where = f"setup[{index}]"
        for field, who in (("owner", entry.owner), ("controller", entry.controller)):
            if who is not None and who not in players:
                raise ApiError(
                    422,
                    "invalid",
                    f"Field '{where}.{field}' must be one of the players.",
                    extra={"details": [{"loc": ["setup", index, field], "msg": "not a player"}]},
                )
        try:
            # The zone first: a card is looked up only for a place the family has.
            zones.validate_python(entry.zone)
        except ValidationError as exc:
            raise invalid_error(exc.errors(include_input=False), ("setup", index, "zone")) from exc
        try:
            card = catalog.resolve(entry.card)
        except CatalogError as err:
            raise ApiError(
                422,
                "invalid",
                f"{where}.card: {err.message_en}",
                extra={
                    "message_fr": f"{where}.card : {err.message_fr}",
                    "details": [
                        {
                            "loc": ["setup", index, "card"],
                            "msg": err.message_en,
                            "suggestions": list(err.suggestions),
                        }
                    ],
                },
            ) from err
        try:
            # Every field of the entry but its card name, which the catalog resolved.
            fields = entry.model_dump(exclude={"card"}, exclude_none=True)
            cards.append(entry_model.model_validate({**fields, "card": card}))
        except ValidationError as exc:
            raise invalid_error(exc.errors(include_input=False), ("setup", index)) from exc
    cards.extend(_deck_entries(body, catalog, entry_model))
    try:
        options = family.rules.options_model.model_validate(
            body.options.model_dump(exclude_defaults=True) if body.options else {}
        )
    except ValidationError as exc:
        raise invalid_error(exc.errors(include_input=False), ("options",)) from exc
    return family.rules.setup_model(
        ruleset=body.ruleset,
        players=body.players,
        cards=cards,
        options=options,
        # Decks are shuffled and hands drawn; a judge's setup stays exactly as placed.
        deal=bool(body.decks),
    )


def _deck_entries(
    body: GameCreate, catalog: Catalog, entry_model: type[SetupCard]
) -> list[SetupCard]:
    """Each seat's decklist as library entries (in the order written: the deal shuffles
    them). Every unknown or unreadable line of every deck is reported in one 422."""
    entries: list[SetupCard] = []
    details: list[dict[str, object]] = []
    messages_en: list[str] = []
    messages_fr: list[str] = []
    for player, text in body.decks.items():
        if player not in body.players:
            raise ApiError(
                422,
                "invalid",
                f"Field 'decks.{player}' must be one of the players.",
                extra={"details": [{"loc": ["decks", player], "msg": "not a player"}]},
            )
        if not text.strip():
            continue
        try:
            deck = read_decklist(text, catalog)
        except DecklistError as err:
            messages_en.append(f"{player}: {err.message_en}")
            messages_fr.append(f"{player} : {err.message_fr}")
            details.extend(
                {
                    "loc": ["decks", player, problem.number],
                    "msg": problem.message_en,
                    "suggestions": list(problem.suggestions),
                }
                for problem in err.problems
            )
            continue
        # The family says where each card starts (a Riftbound rune in the rune deck...).
        entries.extend(
            entry_model.model_validate({"owner": player, "zone": zone, "card": card})
            for card, zone in family_of(body.ruleset).pages.deck_zones(deck.main_cards())
            if zone is not None
        )
    if details:
        raise ApiError(
            422,
            "invalid",
            DECK_PREFIX_EN + " | ".join(messages_en),
            extra={"message_fr": DECK_PREFIX_FR + " | ".join(messages_fr), "details": details},
        )
    return entries
