"""The tile cache's key (app/web/tile_cache.py's `tile_key`) tells apart every two sets of
inputs that the whole sorted JSON dump of them told apart: over every shipped scenario, every
state, every viewer and the page's flags, two tiles share a key only if every input (the
object as the viewer knows it, the objects it names, the page's flags) is the same."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import pytest

from app.rules.redact import view_for
from app.scenarios.library import all_scenarios
from app.web import tile_cache
from app.web.i18n import translator
from app.web.templating import ENV
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.conformance.test_button_equivalence import states_of


def whole_dump(inputs: Mapping[str, Any]) -> str:
    """Every input dumped whole, keys sorted: the key's reference (and its first form)."""
    return json.dumps({k: tile_cache._dump(v) for k, v in inputs.items()}, sort_keys=True)


def _all_inputs() -> list[dict[str, Any]]:
    found = []
    for scenario in all_scenarios():
        for state in states_of(scenario):
            for viewer, _ in viewpoints(state.player_names()):
                view = view_for(state, viewer)
                for o in view.objects:
                    for flags in ({}, {"judge": True, "lang": "fr"}, {"detail": True}):
                        given: dict[str, Any] = {
                            "lang": "en",
                            "judge": False,
                            "urls": {"objects": "/g/G/objects/", "qs": ""},
                            "rules_base": f"/rules/{view.ruleset}/",
                            "yours": viewer.player == o.controller,
                        } | flags
                        found.append(tile_cache.tile_inputs(o, view, **given))
    return found


INPUTS = _all_inputs()


def test_tiles_share_a_key_only_when_all_their_inputs_are_the_same() -> None:
    by_key: dict[bytes, set[str]] = defaultdict(set)
    for inputs in INPUTS:
        by_key[tile_cache.tile_key(inputs)].add(whole_dump(inputs))
    shared = {key: dumps for key, dumps in by_key.items() if len(dumps) > 1}
    assert not shared, next(iter(shared.values()))
    # And as many keys as different inputs: equal inputs share their key.
    assert len(by_key) == len({whole_dump(i) for i in INPUTS})


def test_the_scenarios_give_one_object_known_differently_to_different_viewers() -> None:
    """The check above means something: some object (one id, one version) is known
    differently by viewers of one state (its face or not), and some the same."""
    known: dict[str, set[str]] = defaultdict(set)
    for inputs in INPUTS:
        if not inputs["judge"] and inputs["lang"] == "en" and "detail" not in inputs:
            known[inputs["o"].id].add(whole_dump(inputs | {"yours": False}))
    assert any(len(ways) > 1 for ways in known.values())
    assert any(len(ways) == 1 for ways in known.values())


def test_what_a_named_object_shows_is_in_the_key() -> None:
    """A tile names the host it is attached to as this viewer sees it."""
    inputs = next(i for i in INPUTS if i["o"].face_down)
    host = next(i["o"] for i in INPUTS if i["o"].id != inputs["o"].id and i["o"].name)
    renamed = host.model_copy(update={"name": host.name + " (as another sees it)"})
    attached = inputs | {"related": {host.id: host}}
    assert tile_cache.tile_key(attached) != tile_cache.tile_key(inputs)
    assert tile_cache.tile_key(attached) != tile_cache.tile_key(
        inputs | {"related": {host.id: renamed}}
    )


def test_the_order_a_tile_draws_a_dict_in_is_in_the_key() -> None:
    """Counters are drawn in their order (tile_flags.html): a tile with them the other way
    round is another tile."""
    inputs = INPUTS[0]
    o = inputs["o"]
    one = o.model_copy(update={"counters": {"+1/+1": 1, "charge": 2}})
    other = o.model_copy(update={"counters": {"charge": 2, "+1/+1": 1}})
    assert tile_cache.tile_key(inputs | {"o": one}) != tile_cache.tile_key(inputs | {"o": other})


BOARD = ENV.from_string(
    "{% for o in view.objects %}{{ tile(o, detail=detail is defined) }}{% endfor %}"
)


def test_a_key_remembered_by_identity_is_the_key_of_the_inputs_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`tile()` remembers a frozen object's key by identity (tile_cache._KNOWN): over every
    scenario, state, viewer and page, drawn twice (the second time from the memo), every key
    it hands the cache is `tile_key` of the very inputs it draws."""
    drawn = tile_cache._drawn
    checked = 0

    def checking(env: Any, key: bytes, inputs: Mapping[str, Any], t: Any = None) -> Any:
        nonlocal checked
        assert key == tile_cache.tile_key(inputs), whole_dump(inputs)
        checked += 1
        return drawn(env, key, inputs, t)

    monkeypatch.setattr(tile_cache, "_drawn", checking)
    for scenario in all_scenarios():
        for state in states_of(scenario):
            for viewer, _ in viewpoints(state.player_names()):
                view = view_for(state, viewer)
                for page in ({}, {"lang": "fr"}, {"judge": True}, {"detail": True}):
                    context = {
                        "view": view,
                        "lang": "en",
                        "urls": {"objects": "/g/G/objects/", "qs": ""},
                        "rules_base": f"/rules/{view.ruleset}/",
                        "me": viewer.player,
                    } | page
                    context["t"] = translator(context["lang"])
                    assert BOARD.render(context) == BOARD.render(context)
    assert checked > 0
