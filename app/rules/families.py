"""FAMILIES: every game family Facedown knows, and what is derived from them — the action
union the API accepts (with its list of types and OpenAPI schema), the state, setup and
view unions by `ruleset`. The engine, the redaction door, the store and the web layer
dispatch through here; nothing outside a family's package names a family."""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import Discriminator, Field, Tag, TypeAdapter, ValidationError

from app.rules.core.actions import ActionModel
from app.rules.core.citations import Citation
from app.rules.core.family import GameFamily
from app.rules.core.state import GameState
from app.rules.mtg.family import MTG
from app.rules.riftbound.family import RIFTBOUND

# More families, named by the environment as `module:attribute` (comma-separated), each a
# GameFamily: a game added without changing a file of the app (README, "Adding a game"). Read
# once, here, before the unions below are built; every process of a server reads the same.
FAMILIES_SETTING = "FACEDOWN_FAMILIES"


def registered(setting: str) -> tuple[GameFamily[Any, Any], ...]:
    """The families a FACEDOWN_FAMILIES value names, in its order."""
    found: list[GameFamily[Any, Any]] = []
    for name in (part.strip() for part in setting.split(",")):
        if not name:
            continue
        module, _, attribute = name.partition(":")
        family = getattr(importlib.import_module(module), attribute or "FAMILY")
        if not isinstance(family, GameFamily):
            raise TypeError(f"{FAMILIES_SETTING}: {name} is not a GameFamily")
        found.append(family)
    return tuple(found)


FAMILIES: tuple[GameFamily[Any, Any], ...] = (
    MTG,
    RIFTBOUND,
    *registered(os.environ.get(FAMILIES_SETTING, "")),
)
if len({f.key for f in FAMILIES}) != len(FAMILIES):
    raise ValueError("two game families share a key")
_BY_RULESET: dict[str, GameFamily[Any, Any]] = {r: f for f in FAMILIES for r in f.rulesets}
RULESETS: tuple[str, ...] = tuple(_BY_RULESET)
# The app's default game (a game created without a ruleset, the card search, the new-game
# form): the first family's first ruleset.
DEFAULT_RULESET: str = RULESETS[0]
# The rulesets are known only once the families are registered: a Literal built at run time.
Ruleset = Literal[RULESETS]  # type: ignore[valid-type]  # pydantic and FastAPI read it


# Every family's citations by key (rule pages, ruling pages): families never share a key.
CITATIONS: Mapping[str, Citation] = MappingProxyType(
    {k: c for f in FAMILIES for k, c in f.rules.citations.book.citations.items()}
)
if len(CITATIONS) != sum(len(f.rules.citations.book.citations) for f in FAMILIES):
    raise ValueError("two game families' citations share a key")


def cite(key: str) -> Citation:
    """The citation for `key` in any family's book; `KeyError` if there is none."""
    try:
        return CITATIONS[key]
    except KeyError:
        raise KeyError(f"unknown rule key {key!r}") from None


def family_of_citation(citation: Citation) -> GameFamily[Any, Any]:
    """The family whose rule book holds this paragraph."""
    return next(f for f in FAMILIES if citation.key in f.rules.citations.book.citations)


def family_of(ruleset: str) -> GameFamily[Any, Any]:
    try:
        return _BY_RULESET[ruleset]
    except KeyError:
        raise ValueError(f"unknown ruleset {ruleset!r}") from None


def _tagged(models: list[type[Any]], tag: str) -> Any:
    return Annotated[Union[tuple(models)], Field(discriminator=tag)]  # noqa: UP007


def _union(models: list[type[Any]]) -> Any:
    return Union[tuple(models)]  # noqa: UP007


def _type_of(model: type[ActionModel]) -> str:
    return str(get_args(model.model_fields["type"].annotation)[0])


def _distinct(models: list[type[ActionModel]]) -> list[type[ActionModel]]:
    """Each model once (the shared core's actions are every family's). Two families may
    each define their own model for one action type (the judge's edits: each family's cards
    and zones); one family may not define a type twice."""
    seen: list[type[ActionModel]] = []
    for family in FAMILIES:
        kinds: dict[str, type[ActionModel]] = {}
        for move in family.rules.moves:
            if kinds.setdefault(move.type, move.model) is not move.model:
                raise TypeError(f"{family.key} defines the action type {move.type!r} twice")
    for model in models:
        if model not in seen:
            seen.append(model)
    return seen


def _action_union(models: list[type[ActionModel]]) -> Any:
    """The union the API accepts, tagged by `type`. A type several families define is tried
    against each family's model in turn (the first that fits wins, else the first family's
    model reports the errors); the engine fits it to the game's own family (engine.apply)."""
    by_type: dict[str, list[type[ActionModel]]] = {}
    for model in models:
        by_type.setdefault(_type_of(model), []).append(model)
    tags: dict[type[ActionModel], str] = {
        m: kind if i == 0 else f"{kind}.{i}"
        for kind, ms in by_type.items()
        for i, m in enumerate(ms)
    }

    def tag_of(value: Any) -> str | None:
        if isinstance(value, ActionModel):
            return tags.get(type(value))
        kind = value.get("type") if isinstance(value, dict) else None
        if not isinstance(kind, str):
            return None
        choices = by_type.get(kind)
        if choices is None:
            return kind  # not a tag: pydantic answers "unknown action type"
        if len(choices) > 1:
            for model in choices:
                try:
                    model.model_validate(value)
                except ValidationError:
                    continue
                return tags[model]
        return tags[choices[0]]

    members = tuple(Annotated[m, Tag(tags[m])] for m in models)
    return Annotated[Union[members], Discriminator(tag_of)]  # noqa: UP007


ACTION_MODELS: list[type[ActionModel]] = _distinct(
    [m.model for f in FAMILIES for m in f.rules.moves]
)
Action = _action_union(ACTION_MODELS)
ACTION_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)
ACTION_TYPES: tuple[str, ...] = tuple(dict.fromkeys(_type_of(m) for m in ACTION_MODELS))

AnyState = _tagged([f.rules.state_model for f in FAMILIES], "ruleset")
AnySetup = _tagged([f.rules.setup_model for f in FAMILIES], "ruleset")
AnyView = _tagged([f.rules.view_model for f in FAMILIES], "ruleset")
AnyOptions = _union([f.rules.options_model for f in FAMILIES])
STATE_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyState)
SETUP_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnySetup)


def parse_action(data: object) -> ActionModel:
    """Validate a JSON-like value into an action of any family (pydantic.ValidationError)."""
    action: ActionModel = ACTION_ADAPTER.validate_python(data)
    return action


def load_state(json_text: str | bytes) -> GameState:
    """A stored state (snapshot, ruling) as its family's model. A state stored before the
    families had their own models (one shape for every game) is read through its family's
    `from_legacy`, so no stored game or ruling is lost."""
    try:
        state: GameState = STATE_ADAPTER.validate_json(json_text)
    except ValidationError:
        data = json.loads(json_text)
        if not isinstance(data, dict):
            raise
        model = family_of(str(data.get("ruleset", "mtg"))).rules.state_model
        state = model.model_validate(model.from_legacy(data))
    return state


def load_setup(json_text: str | bytes) -> Any:
    return SETUP_ADAPTER.validate_json(json_text)
