"""Every failure becomes a small JSON error a judge can read; no input ever gets a 500.

Bodies are `{"error": <code>, "message": <sentence>, ...}`. Validation errors name the field
but never echo the submitted value (it could be a hidden card's name, or just huge).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import DataError
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.rules.core.errors import RuleError
from app.rules.families import ACTION_TYPES, DEFAULT_RULESET
from app.rules.redact import CitationView, error_for
from app.store.repository import (
    GameNotFound,
    RequestIdReused,
    StaleVersion,
    StoreBusy,
    UnknownActor,
    VersionNotFound,
)

log = logging.getLogger(__name__)

RULE_ERROR_STATUS = {"rule": 422, "not_found": 404, "forbidden": 403, "game_over": 409}

_STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid",
    429: "too_many_requests",
    503: "busy",
}

_LOC_PART_MAX = 64
_BODY_PARSE_ERROR = "There was an error parsing the body"
_DETAILS_MAX = 20


class ErrorDetail(BaseModel):
    loc: list[str | int]
    msg: str
    # Close catalog names, for a card name that isn't in the catalog.
    suggestions: list[str] | None = None


class ErrorBody(BaseModel):
    """The body of every error. A refused action (`error` "rule", or "not_found",
    "forbidden", "game_over" from the rules) also carries the French message and the rules
    it cites: exactly the core's ErrorView fields."""

    error: str
    message: str
    message_fr: str | None = None
    rules: list[str] | None = None
    citations: list[CitationView] | None = None
    details: list[ErrorDetail] | None = None
    version: int | None = None


class ApiError(Exception):
    """Raised by routes and dependencies; rendered as an ErrorBody."""

    def __init__(
        self,
        status: int,
        error: str,
        message: str,
        *,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})


def error_response(
    status: int,
    error: str,
    message: str,
    headers: Mapping[str, str] | None = None,
    **extra: Any,
) -> JSONResponse:
    body = {"error": error, "message": message, **extra}
    return JSONResponse(body, status_code=status, headers=dict(headers or {}))


# -- validation errors -------------------------------------------------------------------


def _clean_loc(loc: Iterable[Any]) -> list[str | int]:
    return [part if isinstance(part, int) else str(part)[:_LOC_PART_MAX] for part in loc]


_WHERE_PREFIX = {"query": "Query parameter", "path": "Path parameter", "header": "Header"}


def field_name(loc: Sequence[str | int]) -> str:
    """('setup', 0, 'card') -> 'setup[0].card'."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _message_for(kind: str, msg: str) -> str:
    """pydantic's message, except the few that quote the submitted value."""
    if kind == "union_tag_invalid":
        return "unknown action type; expected one of: " + ", ".join(ACTION_TYPES)
    if kind == "union_tag_not_found":
        return "'type' is required; one of: " + ", ".join(ACTION_TYPES)
    if kind == "json_invalid":
        return "the body is not valid JSON"
    if kind == "extra_forbidden":
        return "unknown field"
    return msg.removeprefix("Value error, ")


def _sentence(kind: str, loc: Sequence[str | int], msg: str) -> str:
    label = "Field"
    if loc and loc[0] in _WHERE_PREFIX:
        label, loc = _WHERE_PREFIX[str(loc[0])], loc[1:]
    where = field_name(loc)
    if kind == "json_invalid":
        return "The request body is not valid JSON."
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return f"Unknown or missing action 'type': use one of {', '.join(ACTION_TYPES)}."
    if not where:
        if kind in ("dict_type", "model_attributes_type", "model_type"):
            return "The request body must be a JSON object."
        if kind == "missing":
            return "The request body is missing."
        return f"The request body is invalid: {msg}."
    if kind == "missing":
        return f"{label} '{where}' is required."
    if kind == "extra_forbidden":
        return f"{label} '{where}' is not allowed here."
    return f"{label} '{where}' is invalid: {msg}."


def invalid_error(
    errors: Sequence[Mapping[str, Any]], loc_prefix: Sequence[str | int] = ()
) -> ApiError:
    """A 422 ApiError from pydantic/FastAPI error dicts: a sentence naming the first bad
    field, and loc/msg for each (never the input)."""
    details: list[dict[str, Any]] = []
    for err in errors[:_DETAILS_MAX]:
        loc = [*loc_prefix, *_clean_loc(err.get("loc", ()))]
        if loc and loc[0] == "body":
            loc = loc[1:]
        details.append(
            {"loc": loc, "msg": _message_for(str(err.get("type", "")), str(err.get("msg", "")))}
        )
    if errors:
        first = errors[0]
        kind = str(first.get("type", ""))
        message = _sentence(kind, details[0]["loc"], details[0]["msg"])
    else:  # pragma: no cover - pydantic never raises without errors
        message = "The request is invalid."
    return ApiError(422, "invalid", message, extra={"details": details})


# -- handlers ------------------------------------------------------------------------------


def _api_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.error, exc.message, exc.headers, **exc.extra)


def _request_validation(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return _api_error(_request, invalid_error(list(exc.errors())))


def _http_exception(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and exc.detail == _BODY_PARSE_ERROR:
        # FastAPI's answer to a body it could not decode (bad UTF-8, nesting too deep).
        return error_response(
            422,
            "invalid",
            "The request body is not valid JSON.",
            details=[{"loc": [], "msg": "the body could not be decoded as JSON"}],
        )
    code = _STATUS_CODES.get(exc.status_code, "error")
    messages = {
        404: "Not found.",
        405: "This method is not allowed here.",
    }
    message = messages.get(exc.status_code) or (
        exc.detail if isinstance(exc.detail, str) and len(exc.detail) < 200 else "Request refused."
    )
    return error_response(exc.status_code, code, message, exc.headers)


def _rule_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RuleError)
    ruleset = getattr(exc, "ruleset", DEFAULT_RULESET)
    body = error_for(exc, ruleset).model_dump(mode="json")
    return JSONResponse(body, status_code=RULE_ERROR_STATUS.get(exc.kind, 422))


def _game_not_found(_request: Request, _exc: Exception) -> JSONResponse:
    return error_response(404, "not_found", "There is no such game.")


def _version_not_found(_request: Request, _exc: Exception) -> JSONResponse:
    return error_response(404, "not_found", "This game has no such version.")


def _stale(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StaleVersion)
    return error_response(
        409,
        "stale",
        f"The game has moved on to version {exc.current}: reload it and try again.",
        version=exc.current,
    )


def _request_id_reused(_request: Request, _exc: Exception) -> JSONResponse:
    return error_response(
        422, "invalid", "This request_id was already used for a different action."
    )


def _unknown_actor(_request: Request, _exc: Exception) -> JSONResponse:
    return error_response(
        422,
        "invalid",
        "Field 'as' must name a player of this game.",
        details=[{"loc": ["as"], "msg": "not a player of this game"}],
    )


def _busy(_request: Request, _exc: Exception) -> JSONResponse:
    return error_response(
        503, "busy", "The server is busy: try again in a moment.", {"Retry-After": "1"}
    )


def _data_error(request: Request, exc: Exception) -> JSONResponse:
    # A value the database refused (PostgreSQL is stricter than SQLite); the transaction was
    # rolled back. The message stays generic: the parameters may hold hidden cards.
    log.warning(
        "database refused a value on %s %s: %s",
        request.method,
        request.url.path,
        type(getattr(exc, "orig", exc)).__name__,
    )
    return error_response(422, "invalid", "A value in the request cannot be stored.")


def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal", "Something went wrong on the server.")


HANDLERS: dict[type[Exception], Callable[[Request, Exception], JSONResponse]] = {
    ApiError: _api_error,
    RequestValidationError: _request_validation,
    StarletteHTTPException: _http_exception,
    RuleError: _rule_error,
    GameNotFound: _game_not_found,
    VersionNotFound: _version_not_found,
    StaleVersion: _stale,
    RequestIdReused: _request_id_reused,
    UnknownActor: _unknown_actor,
    StoreBusy: _busy,
    DataError: _data_error,
    Exception: _unexpected,
}


def install_error_handlers(app: FastAPI) -> None:
    for exception, handler in HANDLERS.items():
        app.add_exception_handler(exception, handler)
