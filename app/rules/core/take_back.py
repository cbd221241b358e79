"""Taking a game back to an earlier version: the request, the answers, and
the restored state, and which step may be taken by whom (`step`). Pure functions of states:
the store only records each step in the log and replays it (app/store/event_log.py), handing
`step` a way to read the state at version N, which only it can.

The restored state equals version N's state except for what would link it to what happened
after N, which a seat saw and must not be able to carry across (docs/DESIGN.md invariants 2 and 3):
- every object gets a new id (a keyed hash under the new seed, as on any turn face down):
  nothing a seat learnt about an id after N (a card revealed, drawn, looked at) points at
  the same object afterwards;
- the game's secret seed is renewed (derived from the current secret seed, so a replay of
  the log gives the same one): a shuffle redone after the take-back does not repeat an
  order someone saw after N, and new ids don't repeat ids given out after N;
- the log entry names no card: only the version and who took it back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.ids import object_id
from app.rules.core.state import GameState, TakeBackRequest

S = TypeVar("S", bound=GameState)

# What the store records in the log for each step (the `type` of the action JSON).
TAKE_BACK = "take_back"
REQUEST = "take_back_request"
ANSWER = "take_back_answer"
KINDS = frozenset({TAKE_BACK, REQUEST, ANSWER})

JUDGE = Text(en="the judge", fr="l'arbitre")

# The state of this game at an earlier version (the store reads it from its log).
PastReader = Callable[[int], S]


def _refuse(en: str, fr: str, kind: Any = "rule") -> RuleError:
    return RuleError([], en, fr, kind=kind)


def check_target(state: GameState, to: int) -> None:
    """Version `to` must be an earlier version of this game."""
    if not 0 <= to < state.version:
        raise _refuse(
            f"The game can only be taken back to an earlier version (0 to {state.version - 1}).",
            f"On ne peut revenir qu'à une version antérieure (0 à {state.version - 1}).",
        )


def _next(state: S) -> S:
    new = state.clone()
    new.version += 1
    return new


def request(state: S, by: str, to: int) -> tuple[S, list[Event]]:
    """`by` asks to take the game back to version `to` (a new request replaces a pending one)."""
    if by not in state.still_playing():
        raise _refuse(
            "Only a player in the game may ask.",
            "Seul un joueur de la partie peut le demander.",
            "forbidden",
        )
    check_target(state, to)
    new = _next(state)
    new.take_back = TakeBackRequest(by=by, to=to)
    text = Text(
        en=f"{by} asks to take the game back to version {to}.",
        fr=f"{by} demande de revenir à la version {to}.",
    )
    return new, [Event(kind="take_back_request", rules=(), public=text)]


def answer(state: S, by: str, agree: bool) -> tuple[S, list[Event], bool]:
    """A player's word on the pending request; True when it was the last agreement needed
    (the caller then restores version `to`)."""
    pending = state.take_back
    if pending is None:
        raise _refuse(
            "Nobody asked to take the game back.", "Personne n'a demandé de retour en arrière."
        )
    if by not in pending.waiting_for(state):
        raise _refuse(
            "Your word is not needed on this request.",
            "Votre accord n'est pas attendu pour cette demande.",
            "forbidden",
        )
    new = _next(state)
    if not agree:
        new.take_back = None
        text = Text(
            en=f"{by} declines to take the game back to version {pending.to}: the game goes on.",
            fr=f"{by} refuse de revenir à la version {pending.to} : la partie continue.",
        )
        return new, [Event(kind="take_back_declined", rules=(), public=text)], False
    new.take_back = pending.model_copy(update={"agreed": (*pending.agreed, by)})
    text = Text(
        en=f"{by} agrees to take the game back to version {pending.to}.",
        fr=f"{by} accepte de revenir à la version {pending.to}.",
    )
    events = [Event(kind="take_back_agreed", rules=(), public=text)]
    return new, events, not new.take_back.waiting_for(new)


def dismiss(state: S) -> tuple[S, list[Event]]:
    """The judge turns the pending request down."""
    pending = state.take_back
    if pending is None:
        raise _refuse(
            "Nobody asked to take the game back.", "Personne n'a demandé de retour en arrière."
        )
    new = _next(state)
    new.take_back = None
    text = Text(
        en=f"The judge declines to take the game back to version {pending.to}: the game goes on.",
        fr=f"L'arbitre refuse de revenir à la version {pending.to} : la partie continue.",
    )
    return new, [Event(kind="take_back_declined", rules=(), public=text)]


def renewed_seed(current: GameState, to: int) -> str:
    """A fresh secret seed, derived from the current secret one (never sent to anyone), the
    new version and the target: a replay of the log derives the same."""
    digest = hashlib.blake2b(
        f"take-back:{current.version + 1}:{to}".encode(),
        key=current.seed.encode()[:64],
        digest_size=16,
    )
    return digest.hexdigest()


def _renamed(value: Any, ids: dict[str, str]) -> Any:
    """`value` (a state as JSON data) with every object id replaced, wherever it is held
    (an object's id, a link, a stack item's source, a proposal's action, a dict key)."""
    if isinstance(value, dict):
        return {ids.get(k, k): _renamed(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, ids) for v in value]
    if isinstance(value, str):
        return ids.get(value, value)
    return value


def restore(current: GameState, past: S, who: Text) -> tuple[S, list[Event]]:
    """Version `current.version + 1`: the state of `past` (version N), with new ids under a
    renewed seed, and the log entry "taken back to N by <who>"."""
    seed = renewed_seed(current, past.version)
    ids = {obj.id: object_id(seed, k) for k, obj in enumerate(past.objects, start=1)}
    data = _renamed(past.model_dump(mode="json"), ids)
    data.update(
        seed=seed,
        id_counter=len(ids),
        version=current.version + 1,
        take_back=None,
    )
    restored = type(past).model_validate(data)
    text = Text(
        en=f"Taken back to version {past.version} by {who.en}.",
        fr=f"Ramenée à la version {past.version} par {who.fr}.",
    )
    return restored, [Event(kind="take_back", rules=(), public=text)]


def agreed_by(pending: TakeBackRequest) -> Text:
    """Who took it back when every other player agreed."""
    return Text(
        en=f"{pending.by}, with everyone's agreement",
        fr=f"{pending.by}, avec l'accord de tous",
    )


def recorded(kind: str, to: int | None = None, agree: bool | None = None) -> dict[str, Any]:
    """What the log records for one step: its kind, and the version asked for or the word
    given. ValueError for a kind that is not a take-back step (a caller's bug)."""
    if kind not in KINDS:
        raise ValueError(f"not a take-back step: {kind}")
    payload: dict[str, Any] = {"type": kind}
    if to is not None:
        payload["to"] = to
    if agree is not None:
        payload["agree"] = agree
    return payload


def step(
    state: S, payload: Mapping[str, Any], actor: str | None, past: PastReader[S]
) -> tuple[S, list[Event]]:
    """The state after one recorded step (live and on replay alike), `actor` None for the
    judge. The judge takes the game back directly, or settles a pending request; a player
    asks, or gives their word, and the game goes back once every other player agreed."""
    kind = payload["type"]
    if kind == REQUEST:
        if actor is None:
            raise _refuse(
                "The judge takes the game back directly: there is nobody to ask.",
                "L'arbitre ramène directement la partie en arrière : il n'a personne à qui le demander.",
                "forbidden",
            )
        return request(state, actor, int(payload["to"]))
    if kind == ANSWER:
        return _answered(state, bool(payload["agree"]), actor, past)
    if kind != TAKE_BACK:
        raise ValueError(f"not a take-back step: {kind}")
    if actor is not None:
        raise _refuse(
            "Only the judge takes a game back directly: ask the other players.",
            "Seul l'arbitre ramène directement la partie en arrière : demandez aux autres joueurs.",
            "forbidden",
        )
    to = int(payload["to"])
    check_target(state, to)
    return restore(state, past(to), JUDGE)


def _answered(
    state: S, agree: bool, actor: str | None, past: PastReader[S]
) -> tuple[S, list[Event]]:
    """A word on the pending request: the judge's settles it at once (no request left to
    settle is "declined"), a player's counts towards everyone's agreement."""
    pending = state.take_back
    if actor is None:
        if not agree or pending is None:
            return dismiss(state)
        who = Text(
            en=f"the judge, at {pending.by}'s request",
            fr=f"l'arbitre, à la demande de {pending.by}",
        )
        return restore(state, past(pending.to), who)
    after, events, complete = answer(state, actor, agree)
    if not complete or pending is None:
        return after, events
    restored, more = restore(state, past(pending.to), agreed_by(pending))
    return restored, events + more
