"""Magic's moves: each action model with the handler that applies it. The API's action
union, the list of types and the OpenAPI schema are derived from these (app.rules.families)."""

from __future__ import annotations

from typing import Any

from app.rules.core.actions import Concede, EndGame, NextTurn, Resolve
from app.rules.core.errors import RuleError
from app.rules.core.family import Move, always
from app.rules.core.proposal_moves import PROPOSAL_MOVES
from app.rules.mtg import actions as a
from app.rules.mtg import (
    battlefield,
    face_down,
    flip,
    hideaway,
    sba,
    stack,
    table,
    triggers,
    turns,
    zones,
)
from app.rules.mtg import exile_actions as x
from app.rules.mtg import manifest as mf
from app.rules.mtg import manifest_actions as m
from app.rules.mtg import table_actions as t
from app.rules.mtg import trigger_actions as ta
from app.rules.mtg.effect_actions import ApplyEffect
from app.rules.mtg.effects import apply_effect
from app.rules.mtg.exile import (
    cast_from_exile,
    exile_face_down,
    return_from_exile,
    turn_face_up_in_exile,
)
from app.rules.mtg.foretell import become_foretold, foretell
from app.rules.mtg.judge_edits import JUDGE_MOVES
from app.rules.mtg.name_actions import ForbidName
from app.rules.mtg.name_bans import forbid_name
from app.rules.mtg.permission_actions import (
    EndPermission,
    EndRestriction,
    GrantPermission,
    RestrictCasting,
)
from app.rules.mtg.permissions import end_permission, grant_permission
from app.rules.mtg.restrictions import end_restriction, restrict_casting
from app.rules.mtg.sba_actions import StateBasedActions
from app.rules.mtg.state import MtgGame

MOVES: tuple[Move[Any], ...] = (
    Move(a.CastFaceDown, face_down.cast_face_down),
    Move(a.Cast, stack.cast),
    Move(a.PlayLand, stack.play_land),
    Move(Resolve, stack.resolve, stack.may_resolve),
    Move(a.Counter, stack.counter),
    Move(a.TurnFaceUp, face_down.turn_face_up),
    Move(a.PutOntoBattlefieldFaceDown, face_down.put_onto_battlefield_face_down),
    Move(a.TurnFaceDown, face_down.turn_face_down),
    Move(a.Move, zones.move, zones.may_move),
    Move(a.Look, face_down.look),
    Move(a.Copy, face_down.copy, face_down.may_copy),
    Move(a.GainControl, battlefield.gain_control, battlefield.may_gain_control),
    Move(a.Attack, battlefield.attack),
    Move(a.Tap, battlefield.tap, battlefield.may_tap),
    Move(a.Untap, battlefield.untap, battlefield.may_untap),
    Move(a.AddCounter, battlefield.add_counter, battlefield.may_act_on_permanent),
    Move(a.Pump, battlefield.pump, battlefield.may_act_on_permanent),
    Move(a.PhaseOut, battlefield.phase_out, battlefield.may_act_on_permanent),
    Move(a.PhaseIn, battlefield.phase_in, battlefield.may_phase_in),
    Move(a.Flip, flip.flip),
    Move(a.HideawayExile, hideaway.hideaway_exile),
    Move(a.HideawayPlay, hideaway.hideaway_play),
    Move(a.HideawayDecline, stack.decline, stack.may_choose_to_play),
    Move(a.HideawayTrigger, hideaway.hideaway_trigger),
    Move(a.HideawayAccept, stack.accept, stack.may_choose_to_play),
    Move(NextTurn, turns.next_turn, turns.may_end_turn),
    Move(EndGame, turns.end_game, turns.MAY_END_GAME),
    Move(Concede, turns.concede, turns.MAY_CONCEDE),
    # An effect on another player's object: proposed, then accepted or refused.
    *PROPOSAL_MOVES,
    # The judge edits the table: judge only.
    *JUDGE_MOVES,
    # A casual table's actions (app.rules.mtg.table).
    Move(t.Draw, table.draw, table.may_name_player),
    Move(t.Shuffle, table.shuffle, table.may_name_player),
    Move(t.Mill, table.mill, table.may_mill),
    Move(t.LookTop, table.look_top, table.may_look_top),
    Move(t.RevealTop, table.reveal_top, table.may_reveal_top),
    Move(t.Mulligan, table.mulligan, table.may_mulligan),
    Move(t.MulliganBottom, table.mulligan_bottom),
    Move(t.Keep, table.keep, table.may_keep),
    Move(t.Life, table.life, table.may_name_player),
    Move(t.CreateToken, table.create_token, table.may_create_token),
    Move(t.RollDie, table.roll_die, always),
    Move(t.FlipCoin, table.flip_coin, always),
    # --- layers: continuous effects on a permanent (613).
    Move(ApplyEffect, apply_effect),
    # Exile face down, with who may look (406.3: app.rules.mtg.exile, foretell).
    Move(x.Foretell, foretell),
    Move(x.BecomeForetold, become_foretold),
    Move(x.ExileFaceDown, exile_face_down),
    Move(x.CastFromExile, cast_from_exile),
    Move(x.TurnFaceUpInExile, turn_face_up_in_exile),
    Move(x.ReturnFromExile, return_from_exile),
    # --- dying: state-based actions (704.5f) ---
    Move(StateBasedActions, sba.state_based_actions),
    # --- every manifest (701.40, 701.58, 701.62: app.rules.mtg.manifest) ---
    Move(m.Manifest, mf.manifest, mf.may_manifest),
    Move(m.Cloak, mf.manifest, mf.may_manifest),
    Move(m.ManifestCards, mf.manifest_cards),
    Move(m.ManifestDread, mf.manifest_dread, mf.may_manifest_dread),
    Move(m.ManifestDreadChoose, mf.manifest_dread_choose),
    # --- names: "can't cast spells with the chosen name" ---
    Move(ForbidName, forbid_name),
    # --- permission and restriction effects on casting (601.3) ---
    Move(GrantPermission, grant_permission),
    Move(EndPermission, end_permission),
    Move(RestrictCasting, restrict_casting),
    Move(EndRestriction, end_restriction),
    # --- triggered abilities on the stack (app.rules.mtg.triggers) ---
    Move(ta.ChooseTargets, triggers.choose_targets),
    Move(ta.CounterAbility, triggers.counter_ability),
    Move(ta.CopyAbility, triggers.copy_ability),
    Move(ta.DoneByHand, triggers.done_by_hand),
)

# After every move, each creature it brought to toughness 0 or less is
# told in the log (704.5f); `state_based_actions` then puts it into the graveyard.
MOVES = sba.watching(MOVES)

# The only actions accepted while a hideaway choice is pending.
_WHILE_PENDING = frozenset({"hideaway_exile", "concede", "end_game", "refuse_proposal"})


# The only actions accepted while a manifest dread choice is pending (701.62a).
_WHILE_DREAD = frozenset({"manifest_dread_choose", "concede", "end_game", "refuse_proposal"})


# The only actions accepted while a hideaway ability waits for its player's "may" (702.75).
_WHILE_CHOOSING = frozenset(
    {"hideaway_accept", "hideaway_decline", "concede", "end_game", "refuse_proposal"}
)


def check(state: MtgGame, action: Any) -> None:
    """The hideaway trigger (or manifest dread) is resolving: nothing else happens until its
    player has chosen (see mtg/hideaway.py, mtg/manifest.py). The judge's edits still apply:
    rebuilding a table never dead-ends (a card being looked at is refused by the edit)."""
    if action.type.startswith("judge_"):
        return
    dread = state.dread_pending
    if dread is not None and action.type not in _WHILE_DREAD:
        raise RuleError(
            ["701.62a"],
            f"The game waits for {dread.player} to choose which card to manifest (manifest dread).",
            f"La partie attend que {dread.player} choisisse la carte à manifester "
            "(manifestation d'effroi).",
        )
    choosing = hideaway.choosing_ability(state)
    if choosing is not None and action.type not in _WHILE_CHOOSING:
        raise RuleError(
            ["702.75-who-plays", "608.2d"],
            f"The game waits for {choosing.controller} to choose whether to play the card "
            f"hidden by {choosing.source_name} (hideaway).",
            f"La partie attend que {choosing.controller} choisisse de jouer ou non la carte "
            f"cachée par {choosing.source_name_fr} (cachette).",
        )
    pending = state.hideaway_pending
    if pending is not None and action.type not in _WHILE_PENDING:
        raise RuleError(
            ["702.75"],
            f"The game waits for {pending.player} to choose the card to exile face down with "
            f"{pending.source_name} (hideaway).",
            f"La partie attend que {pending.player} choisisse la carte à exiler face cachée "
            f"avec {pending.source_name_fr} (cachette).",
        )
