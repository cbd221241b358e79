"""A Magic game's version 0: every card where the setup puts it (a judge may start a
permanent face down, tapped or with counters)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.setup import GameOptions, GameSetup, SetupCard
from app.rules.mtg import face_down, table
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import (
    FaceDownVia,
    HideawayEdition,
    MtgGame,
    MtgObject,
    MtgPlayer,
    MtgRuleset,
    Zone,
)
from app.rules.mtg.visibility import in_view

MtgSetupZone = Literal["hand", "library", "battlefield", "graveyard", "exile"]


class MtgSetupCard(SetupCard):
    zone: MtgSetupZone
    card: MtgCard
    # A judge rebuilding a table: the permanent is already face down, and how.
    face_down: FaceDownVia | None = None
    # 302.6: it came under its controller's control this turn (a built table's permanents
    # are taken as controlled since the turn began).
    summoning_sick: bool = False


class MtgOptions(GameOptions):
    # "current": today's 702.75a + 406.3, random bottom order; "lorwyn": the 2007 release
    # notes (seed 004), bottom order chosen. The judge is shown the other answer too.
    hideaway_edition: HideawayEdition = "current"


class MtgSetup(GameSetup):
    ruleset: MtgRuleset = "mtg"
    cards: list[MtgSetupCard] = Field(default_factory=list)
    options: MtgOptions = Field(default_factory=MtgOptions)


def new_game(setup: GameSetup, seed: str) -> tuple[MtgGame, list[Event]]:
    """Version 0 of a Magic game. `seed` (server secret) drives ids and shuffles."""
    assert isinstance(setup, MtgSetup)
    names = setup.players
    state = MtgGame(
        ruleset=setup.ruleset,
        seed=seed,
        players=[MtgPlayer(name=n) for n in names],
        active_player=names[0],
        hideaway_edition=setup.options.hideaway_edition,
    )
    ctx = Ctx(state, actor=None, in_view=in_view)
    for entry in setup.cards:
        zone = Zone(entry.zone)
        if entry.face_down is not None and zone != Zone.BATTLEFIELD:
            raise RuleError(
                ["707.1"],
                "Only a permanent on the battlefield can start face down.",
                "Seul un permanent sur le champ de bataille peut commencer face cachée.",
            )
        obj = MtgObject(
            id=ctx.new_id(),
            card=entry.card,
            is_token=entry.is_token,
            owner=entry.owner,
            controller=entry.controller or entry.owner,
            zone=zone,
            position=ctx.next_position(),
            face_down=entry.face_down is not None,
            face_down_via=entry.face_down,
            tapped=entry.tapped and zone == Zone.BATTLEFIELD,
            counters=dict(entry.counters) if zone == Zone.BATTLEFIELD else {},
        )
        if zone == Zone.BATTLEFIELD:
            obj.controllers = [obj.controller]
            obj.summoning_sick = entry.summoning_sick
        ctx.state.objects.append(obj)
        if obj.face_down:
            face_down.mark_entered(ctx, obj)
    ctx.emit(
        "setup",
        ["103.1"],
        Text(
            en=f"Game set up for {', '.join(names)}; {names[0]} takes the first turn.",
            fr=f"Partie mise en place pour {', '.join(names)} ; {names[0]} commence.",
        ),
    )
    if setup.deal:
        table.deal(ctx, names)
    return ctx.state, ctx.events
