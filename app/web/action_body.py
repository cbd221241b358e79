"""One posted action, from the API or a page: its envelope (expected version, request id, the
judge's "as") split from the action itself, whose action it is, and a card named in it
resolved to its definition (the judge's `judge_add_card`)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from app.catalog import Catalog, CatalogError
from app.rules.families import Action, parse_action
from app.rules.redact import Viewer
from app.web.errors import ApiError, invalid_error
from app.web.models import ActionEnvelope

_ENVELOPE_KEYS = ("expected_version", "request_id", "as")
# Actions whose `card` may be sent as a catalog name (English or French).
CARD_NAMED_ACTIONS = ("judge_add_card",)


def names_a_card(body: dict[str, Any]) -> bool:
    return body.get("type") in CARD_NAMED_ACTIONS and isinstance(body.get("card"), str)


def resolve_card_name(body: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The body with its card name replaced by the card's definition from `catalog` (the
    game's): the stored action holds the definition, so replaying the log never depends on
    the card data. An unknown name is refused with close names, like a setup's."""
    if not names_a_card(body):
        return body
    try:
        card = catalog.resolve(body["card"])
    except CatalogError as err:
        raise ApiError(
            422,
            "invalid",
            f"card: {err.message_en}",
            extra={
                "message_fr": f"card : {err.message_fr}",
                "details": [
                    {"loc": ["card"], "msg": err.message_en, "suggestions": list(err.suggestions)}
                ],
            },
        ) from err
    return {**body, "card": card.model_dump(mode="json", exclude_defaults=True)}


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
