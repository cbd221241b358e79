"""The log's stored text: events and actions as JSON we serialise ourselves, so a stored row
is exactly the bytes we wrote."""

from __future__ import annotations

import orjson

from app.rules.core.actions import ActionModel
from app.rules.core.events import Event


def dump_events(events: list[Event]) -> str:
    return orjson.dumps([e.model_dump(mode="json") for e in events]).decode()


def load_events(text: str) -> list[Event]:
    return [Event.model_validate(item) for item in orjson.loads(text)]


def dump_action(action: ActionModel) -> str:
    return orjson.dumps(action.model_dump(mode="json")).decode()
