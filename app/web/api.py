"""The JSON API (DESIGN.md, "The HTTP contract"). Routes parse, call the store, and return
public models built by app.rules.views: a GameState never leaves through here."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from app.catalog import Catalog, CatalogError
from app.catalog.loader import catalog_for
from app.rules.core.setup import GameSetup, SetupCard
from app.rules.families import ACTION_TYPES, Action, AnyOptions, Ruleset, family_of, parse_action
from app.rules.redact import EventView, LogEntryView, View, Viewer, events_for, log_for, view_for
from app.web.errors import ApiError, ErrorBody, invalid_error
from app.web.seats import GameId, RepositoryDep, ViewerDep

router = APIRouter(prefix="/api", tags=["games"])

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
CardName = Annotated[str, Field(min_length=1, max_length=120)]
CounterName = Annotated[str, Field(min_length=1, max_length=20)]
CounterAmount = Annotated[int, Field(ge=0, le=99)]


def get_catalog(request: Request) -> Catalog:
    return request.app.state.catalog


CatalogDep = Annotated[Catalog, Depends(get_catalog)]


def model_json(model: BaseModel) -> Response:
    """A public model as JSON, serialized once by pydantic's core. Returned as is, FastAPI
    would validate it against the route's response model again and then serialize it: a
    fifth of an action's cost (bench/, README "Performance"). The routes keep their
    response_model for the OpenAPI page."""
    return Response(model.model_dump_json(), media_type="application/json")


# -- request and response models -----------------------------------------------------------


class SetupEntry(BaseModel):
    """One card placed at setup. `card` is a catalog name (English or French) or an inline
    definition with the catalog's shape."""

    model_config = ConfigDict(extra="forbid")

    owner: PlayerName
    # One of the game family's setup zones (its setup model checks it).
    zone: Annotated[str, Field(min_length=1, max_length=40)]
    card: CardName | dict[str, Any]
    controller: PlayerName | None = None
    # Magic: how a permanent starts face down (morph, manifest...).
    face_down: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    tapped: bool = False
    counters: dict[CounterName, CounterAmount] = Field(default_factory=dict, max_length=8)
    is_token: bool = False
    # Riftbound: the battlefield (name or id "bf1") a unit or facedown card is at.
    location: Annotated[str, Field(min_length=1, max_length=120)] | None = None


class GameCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "ruleset": "mtg",
                    "players": ["Alice", "Bob"],
                    "setup": [
                        {"owner": "Alice", "zone": "hand", "card": "Akki Lavarunner"},
                        {"owner": "Bob", "zone": "battlefield", "card": "Ixidron"},
                    ],
                    "title": "Ixidron ruling",
                }
            ]
        },
    )

    ruleset: Ruleset = "mtg"
    players: list[PlayerName] = Field(min_length=2, max_length=4)
    # Library entries are listed top first.
    setup: list[SetupEntry] = Field(default_factory=list, max_length=500)
    title: str = Field(default="", max_length=200)
    # Where rules editions differ: {"hideaway_edition": "current" | "lorwyn"}.
    options: AnyOptions | None = None

    @field_validator("players")
    @classmethod
    def _distinct_names(cls, players: list[str]) -> list[str]:
        stripped = [p.strip() for p in players]
        if any(not p for p in stripped):
            raise ValueError("a player name cannot be blank")
        if len({p.casefold() for p in stripped}) != len(stripped):
            raise ValueError("player names must all be different")
        return stripped


class TokenLink(BaseModel):
    token: str
    url: str


class SeatLink(TokenLink):
    player: str


class GameCreated(BaseModel):
    """Tokens are shown once: only their hashes are stored."""

    id: str
    version: int
    ruleset: str
    title: str
    seats: list[SeatLink]
    judge: TokenLink
    spectator: TokenLink


class ActionEnvelope(BaseModel):
    """The optional fields sent alongside an action."""

    model_config = ConfigDict(populate_by_name=True)

    expected_version: Annotated[int, Field(strict=True, ge=0)] | None = None
    request_id: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    as_: PlayerName | None = Field(default=None, alias="as")


class ActionResult(BaseModel):
    version: int
    events: list[EventView]
    # True when request_id matched an earlier request: the stored result, not applied again.
    replayed: bool = False


class GameLog(BaseModel):
    version: int
    entries: list[LogEntryView]


_ENVELOPE_KEYS = ("expected_version", "request_id", "as")

_ACTION_BODY_EXAMPLES = {
    "cast face down": {
        "value": {"type": "cast_face_down", "object": "<object id>", "via": "morph"},
    },
    "judge acting for a player": {
        "value": {
            "type": "turn_face_up",
            "object": "<object id>",
            "as": "Alice",
            "expected_version": 3,
            "request_id": "b6f1c0",
        },
    },
}

_AUTH_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "Missing or malformed token"},
    403: {"model": ErrorBody, "description": "Token not valid for this game, or not allowed"},
}


# -- helpers (kept out of the routes) ------------------------------------------------------


def build_setup(body: GameCreate, catalog: Catalog) -> GameSetup:
    """Resolve card names through the catalog and check every name is a player."""
    catalog = catalog_for(body.ruleset, catalog)
    family = family_of(body.ruleset)
    # The family's setup entry model (its zones, its card model, its own fields).
    card_model = family.setup_model.model_fields["cards"].annotation.__args__[0]  # type: ignore[union-attr]
    zones: TypeAdapter[str] = TypeAdapter(card_model.model_fields["zone"].annotation)
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
                    "details": [{"loc": ["setup", index, "card"], "msg": err.message_en}],
                },
            ) from err
        try:
            cards.append(
                card_model.model_validate({**entry.model_dump(exclude_none=True), "card": card})
            )
        except ValidationError as exc:
            raise invalid_error(exc.errors(include_input=False), ("setup", index)) from exc
    try:
        options = family.options_model.model_validate(
            body.options.model_dump(exclude_defaults=True) if body.options else {}
        )
    except ValidationError as exc:
        raise invalid_error(exc.errors(include_input=False), ("options",)) from exc
    return family.setup_model(
        ruleset=body.ruleset, players=body.players, cards=cards, options=options
    )


def split_action_body(body: dict[str, Any]) -> tuple[ActionEnvelope, Action]:
    """Pop the envelope fields, then validate the rest as one Action."""
    rest = dict(body)
    envelope_fields = {key: rest.pop(key) for key in _ENVELOPE_KEYS if key in rest}
    try:
        envelope = ActionEnvelope.model_validate(envelope_fields)
    except ValidationError as exc:
        raise invalid_error(exc.errors(include_input=False)) from exc
    try:
        action = parse_action(rest)
    except ValidationError as exc:
        errors = exc.errors(include_input=False)
        tag = rest.get("type")
        for err in errors:
            # The union puts the action type first in loc: ('tap', 'object') -> ('object',).
            if err["loc"] and err["loc"][0] == tag:
                err["loc"] = err["loc"][1:]
        raise invalid_error(errors) from exc
    return envelope, action


def refuse_spectators(viewer: Viewer) -> None:
    if viewer.kind == "spectator":
        raise ApiError(403, "forbidden", "A spectator can watch the game but not act in it.")


def actor_for(viewer: Viewer, envelope: ActionEnvelope) -> str | None:
    """Whose action this is: the seat's player, or whoever the judge acts as (None: the
    judge acting for whoever the action concerns)."""
    refuse_spectators(viewer)
    if viewer.kind == "player":
        if envelope.as_ is not None:
            raise ApiError(403, "forbidden", "Only the judge can act for another player.")
        return viewer.player
    return envelope.as_


# -- routes ----------------------------------------------------------------------------------


@router.post(
    "/games",
    status_code=201,
    response_model=GameCreated,
    responses={422: {"model": ErrorBody, "description": "Invalid setup (names the field)"}},
    summary="Create a game and its seat links",
)
def create_game(body: GameCreate, repository: RepositoryDep, catalog: CatalogDep) -> GameCreated:
    setup = build_setup(body, catalog)
    created = repository.create_game(setup, body.title)
    return GameCreated(
        id=created.id,
        version=created.version,
        ruleset=created.ruleset,
        title=body.title,
        seats=[
            SeatLink(player=s.player, token=s.token, url=f"/join/{s.token}") for s in created.seats
        ],
        judge=TokenLink(token=created.judge_token, url=f"/join/{created.judge_token}"),
        spectator=TokenLink(token=created.spectator_token, url=f"/join/{created.spectator_token}"),
    )


@router.get(
    "/games/{game_id}/view",
    response_model=View,
    responses={**_AUTH_ERRORS, 404: {"model": ErrorBody, "description": "No such version"}},
    summary="The game as this token's viewer may see it",
)
def get_view(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    version: Annotated[int | None, Query(ge=0, description="A past version (default: now)")] = None,
) -> Response:
    return model_json(view_for(repository.load(game_id, version), viewer))


@router.post(
    "/games/{game_id}/actions",
    response_model=ActionResult,
    responses={
        **_AUTH_ERRORS,
        404: {"model": ErrorBody, "description": "No such object (or hidden from you)"},
        409: {"model": ErrorBody, "description": "Stale expected_version, or game over"},
        422: {"model": ErrorBody, "description": "Illegal action (cites the rules) or bad body"},
        503: {"model": ErrorBody, "description": "Database busy: retry after Retry-After"},
    },
    summary="Apply one action",
    description=(
        'The body is one action, `{"type": ..., ...}` with `type` one of '
        + ", ".join(f"`{t}`" for t in ACTION_TYPES)
        + "; plus optional `expected_version` (409 if the game is elsewhere), `request_id` "
        "(a retried request returns the stored result instead of applying twice) and, for "
        "the judge only, `as` (the player to act for)."
    ),
)
def post_action(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    body: Annotated[dict[str, Any], Body(openapi_examples=_ACTION_BODY_EXAMPLES)],
) -> Response:
    refuse_spectators(viewer)
    envelope, action = split_action_body(body)
    actor = actor_for(viewer, envelope)
    result = repository.act(game_id, action, actor, envelope.expected_version, envelope.request_id)
    return model_json(
        ActionResult(
            version=result.version,
            events=events_for(result.events, viewer, result.ruleset),
            replayed=result.replayed,
        )
    )


@router.get(
    "/games/{game_id}/log",
    response_model=GameLog,
    responses={**_AUTH_ERRORS, 404: {"model": ErrorBody, "description": "No such version"}},
    summary="The log of actions and events, redacted for this viewer",
)
def get_log(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    up_to: Annotated[int | None, Query(ge=0, description="Last version to include")] = None,
) -> GameLog:
    info = repository.info(game_id)
    entries = repository.log(game_id, up_to)
    version = entries[-1][0] if entries else 0
    return GameLog(version=version, entries=log_for(entries, viewer, info.ruleset))
