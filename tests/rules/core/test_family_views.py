"""Each game family has its own view: a Riftbound view carries no Magic field and a Magic view no
Riftbound field, whatever the viewer; both shapes are documented on the OpenAPI page."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from app.rules.core import view as base
from app.rules.families import FAMILIES
from app.rules.mtg import view as mtg
from app.rules.redact import Viewer, view_for
from app.rules.riftbound import view as rb
from tests.rules.mtg.table import Table
from tests.rules.riftbound.table import standard

VIEWERS = (Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer.judge(), Viewer.spectator())


def _own_fields(models: list[type[BaseModel]], bases: list[type[BaseModel]]) -> set[str]:
    """Field names the family's models add to the shared shapes."""
    shared = {name for b in bases for name in b.model_fields}
    return {name for m in models for name in m.model_fields} - shared


BASES = [base.ViewBase, base.ObjectViewBase, base.PlayerViewBase, base.VisibleTo]
MAGIC_ONLY = _own_fields(
    [mtg.MtgView, mtg.MtgObjectView, mtg.MtgPlayerView, mtg.MtgCardFace, mtg.MtgVisibleTo],
    BASES,
) - _own_fields([rb.RiftboundView, rb.RiftboundObjectView, rb.RiftboundPlayerView], BASES)
RIFTBOUND_ONLY = _own_fields(
    [rb.RiftboundView, rb.RiftboundObjectView, rb.RiftboundPlayerView, rb.RiftboundCardFace],
    BASES,
) - _own_fields([mtg.MtgView, mtg.MtgObjectView, mtg.MtgPlayerView, mtg.MtgCardFace], BASES)


def _keys(value: Any) -> set[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_the_two_families_have_fields_of_their_own():
    # The names the issue saw leaking across: they must be one family's only.
    assert {"hideaway_edition", "life", "library_count", "toughness", "mana_cost"} <= MAGIC_ONLY
    assert {"flipped", "phased_out", "face_down_via", "morph", "megamorph"} <= MAGIC_ONLY
    assert {"might", "points", "location", "main_deck_count", "riftbound"} <= RIFTBOUND_ONLY
    assert "power" in MAGIC_ONLY  # Might is never carried as Magic's power


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda v: v.kind + (v.player or ""))
def test_a_riftbound_view_has_no_magic_field(viewer: Viewer):
    game = standard("Blastcone Fae", hand_alice=("Ember Monk",)).start()
    keys = _keys(view_for(game.state, viewer).model_dump(mode="json"))
    assert keys & MAGIC_ONLY == set()
    assert "might" in keys and "riftbound" in keys


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda v: v.kind + (v.player or ""))
def test_a_magic_view_has_no_riftbound_field(viewer: Viewer):
    game = Table().hand("Alice", "Exalted Angel").battlefield("Bob", "Grizzly Bears").start()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    keys = _keys(view_for(game.state, viewer).model_dump(mode="json"))
    assert keys & RIFTBOUND_ONLY == set()
    assert "toughness" in keys and "life" in keys


def test_every_family_registers_its_own_view_model():
    assert {f.rules.view_model for f in FAMILIES} == {mtg.MtgView, rb.RiftboundView}
