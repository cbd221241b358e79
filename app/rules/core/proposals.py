"""Proposals: an effect on another player's object happens only when that player (or the
judge) accepts it (docs/DESIGN.md invariant 8). In paper Bob can't grab Alice's card: he
announces an effect (a spell he casts) and Alice, or a judge, lets it happen.

A seat's action on an object another player controls (or owns, off the battlefield) is
refused by the engine; the seat proposes it instead. Nothing is applied and nothing is
revealed before acceptance: the proposal carries the action and a public description built
from public facts only (the family's `describe` without the face, unless every player may
see it). Accepting applies the action as the proposer's, with the consent it lacked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, ValidationError

from app.rules.core.actions import ActionModel, ObjectId, issued_ids
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.proposal_bound import check_pending_bound
from app.rules.core.state import GameObject, GameState, Obj, Proposal
from app.rules.core.viewer import Viewer

if TYPE_CHECKING:
    from app.rules.core.family import GameRules

# A proposal never holds a proposal, nor an answer to one.
_NOT_PROPOSABLE = frozenset({"propose", "accept_proposal", "refuse_proposal"})


class Propose(ActionModel):
    """Ask the players whose objects an action touches to let it happen."""

    type: Literal["propose"]
    action: dict[str, Any]
    source: str = Field(default="", max_length=120)
    # Or one of the proposer's own cards that does it: named only as every viewer may know it.
    source_object: ObjectId | None = None


class AcceptProposal(ActionModel):
    type: Literal["accept_proposal"]
    proposal: ObjectId


class RefuseProposal(ActionModel):
    """Refuse a proposal made to you (or, as its proposer, withdraw it)."""

    type: Literal["refuse_proposal"]
    proposal: ObjectId


def affected_players(
    rules: GameRules[Any, Any], state: GameState, action: ActionModel, seen_by: str | None = None
) -> set[str]:
    """The players whose objects `action` would act on (rules.subjects), or whose library a
    `player` field names, when the action is one that may need their consent. With `seen_by`,
    only the objects that player can see count (the others are "no such object" to them, so
    an error must not confirm they exist)."""
    if action.type not in rules.proposable:
        return set()
    players: set[str] = set()
    for obj in rules.subjects(state, action):
        if seen_by is not None and not rules.visibility.in_view(state, obj, seen_by):
            continue
        players.add(obj.controller if obj.zone in rules.controlled_zones else obj.owner)
    players |= rules.addressed(state, action)
    if action.type in rules.acts_on_named_player:
        # `player`, and `from_player` (whose library it takes from: Thieving Amalgam). Read
        # from the model's own fields: getattr on a field a model lacks goes through
        # pydantic's __getattr__ and an exception (as in `default_subjects`).
        fields = action.__dict__
        for field in ("player", "from_player"):
            named = fields.get(field)
            if named is not None:
                players.add(named)
    return players


def check_consent(
    rules: GameRules[Any, Any], state: GameState, action: ActionModel, actor: str | None
) -> None:
    """A seat acts only on what is its own: an action on another player's object is refused
    (it must be proposed). The judge, and an accepted proposal, act directly."""
    if actor is None or action.type in rules.checks_own_right:
        return
    others = affected_players(rules, state, action, seen_by=actor) - {actor}
    if others:
        who = ", ".join(sorted(others))
        raise RuleError(
            [],
            f"That acts on {who}'s object: propose it, and {who} (or the judge) will accept or "
            "refuse it.",
            f"Cela agit sur un objet de {who} : proposez-le, et {who} (ou l'arbitre) "
            "l'acceptera ou le refusera.",
            kind="forbidden",
        )


def _rules(ctx: Ctx[Any]) -> GameRules[Any, Any]:
    rules = ctx.rules
    assert rules is not None, "proposals need the game's rules"
    return rules


def _inner(rules: GameRules[Any, Any], data: dict[str, Any]) -> ActionModel:
    kind = data.get("type")
    move = rules.moves_by_type.get(kind) if isinstance(kind, str) else None
    if move is None or kind in _NOT_PROPOSABLE or kind not in rules.proposable:
        raise RuleError(
            [],
            "Only an effect on another player's object can be proposed.",
            "Seul un effet sur l'objet d'un autre joueur peut être proposé.",
        )
    try:
        inner: ActionModel = move.model.model_validate(data)
    except ValidationError:
        raise RuleError(
            [], "The proposed action is not valid.", "L'action proposée n'est pas valide."
        ) from None
    return inner


def may_propose(ctx: Ctx[Any], action: Propose) -> None:
    """A seat (the judge acts directly), within its bound of pending proposals, proposes an
    effect the family lets be proposed, naming only what it can see, that acts on another
    player's object and would happen if accepted now; a card named as its source is its own."""
    rules = _rules(ctx)
    proposer = ctx.actor
    if proposer is None:
        raise RuleError(
            [],
            "The judge acts directly: there is nothing to propose.",
            "L'arbitre agit directement : rien à proposer.",
        )
    check_pending_bound(ctx.state, proposer)
    inner = _inner(rules, action.action)
    # Every id it names first: the same "no such object" whether hidden, gone or never
    # issued, before any answer that would tell them apart ("only what is yours").
    for object_id in issued_ids(inner):
        ctx.find(object_id)
    if action.source_object is not None:
        ctx.find(action.source_object)
    if not affected_players(rules, ctx.state, inner) - {proposer}:
        raise RuleError(
            [],
            "That acts only on what is yours: do it, no one needs to accept it.",
            "Cela n'agit que sur ce qui est à vous : faites-le, personne n'a à l'accepter.",
        )
    # Would it happen if accepted now? Only what could happen is proposed (the rules'
    # refusal is the answer, as for any action). The proposable effects depend only on
    # public facts (whose it is, tapped, where it is), so nothing hidden is told.
    _may_happen(ctx, rules, inner)
    if action.source_object is not None:
        card = ctx.find(action.source_object)
        if proposer not in (card.owner, card.controller):
            raise RuleError(
                [],
                "The source of a proposal is one of your own cards (or a text).",
                "La source d'une proposition est une de vos cartes (ou un texte).",
            )


def _may_happen(ctx: Ctx[Any], rules: GameRules[Any, Any], inner: ActionModel) -> None:
    """Refuses `inner` as its move would, applied as the proposer's once accepted: by the
    move's declared precondition (the whole of what its handler may refuse) when it has one,
    else by trying it on a copy."""
    move = rules.moves_by_type[inner.type]
    if move.precondition is None:
        trial = Ctx(ctx.state, ctx.actor, ctx.in_view, rules, trial=True)
        trial.consented = True
        move.handler(trial, inner)
        return
    # A precondition only reads: this context, with the consent acceptance would give.
    consented, ctx.consented = ctx.consented, True
    try:
        move.precondition(ctx, inner)
    finally:
        ctx.consented = consented


def propose(ctx: Ctx[Any], action: Propose) -> None:
    may_propose(ctx, action)
    rules = _rules(ctx)
    proposer = ctx.actor
    assert proposer is not None  # may_propose refused the judge
    inner = _inner(rules, action.action)
    subjects = rules.subjects(ctx.state, inner)
    to = tuple(sorted(affected_players(rules, ctx.state, inner) - {proposer}))
    free = action.source.strip()
    source = Text(en=free, fr=free)
    if action.source_object is not None:
        source = public_description(rules, ctx.state, ctx.find(action.source_object))
    what = rules.describe_action(ctx.state, inner)
    by_en = f" ({source.en})" if source.en else ""
    by_fr = f" ({source.fr})" if source.fr else ""
    text = Text(
        en=f"{proposer} proposes to {', '.join(to)}: {what.en}{by_en}.",
        fr=f"{proposer} propose à {', '.join(to)} : {what.fr}{by_fr}.",
    )
    proposal = Proposal(
        id=ctx.new_id(),
        by=proposer,
        to=to,
        action=inner.model_dump(mode="json"),
        source=source.en,
        text=text,
    )
    ctx.state.proposals = [*ctx.state.proposals, proposal]
    ctx.emit("propose", [], text, objects=[o.id for o in subjects])


def public_description(rules: GameRules[Any, Any], state: GameState, obj: GameObject) -> Text:
    """An object as every viewer of a proposal may know it (its text reaches every seat, the
    spectators and the log: docs/DESIGN.md invariant 9). Its face only when a spectator may
    see it; a face-down object by its public label (708.6), a card in a hidden zone by whose
    and where, even when the proposer owns or controls it (a manifested card of Bob's that Alice
    controls, a card exiled face down that its owner may not look at)."""
    if rules.visibility.may_see_face(state, obj, Viewer.spectator()):
        return rules.describe(state, obj, True)
    if obj.face_down:
        return rules.describe(state, obj, False)
    return rules.describe_unseen(state, obj)


def _pending(ctx: Ctx[Any], proposal_id: str) -> Proposal:
    found: Proposal | None = next((p for p in ctx.state.proposals if p.id == proposal_id), None)
    if found is None:
        raise RuleError(
            [],
            "No such proposal (it may have been accepted, refused or withdrawn).",
            "Aucune proposition de ce type (elle a pu être acceptée, refusée ou retirée).",
            kind="not_found",
        )
    return found


def _drop(ctx: Ctx[Any], proposal: Proposal) -> None:
    ctx.state.proposals = [p for p in ctx.state.proposals if p.id != proposal.id]


def accept(ctx: Ctx[Any], action: AcceptProposal) -> None:
    """An addressee lets it happen to what is theirs; once every addressee has (or the judge
    accepts for those still waiting), it is applied as the proposer's. One player's word
    never lets it touch another player's object (docs/DESIGN.md invariant 8)."""
    rules = _rules(ctx)
    proposal = _pending(ctx, action.proposal)
    accepter = ctx.actor
    if accepter is not None and accepter not in proposal.to:
        raise RuleError(
            [],
            f"Only {', '.join(proposal.to)} (or the judge) can accept this proposal.",
            f"Seul {', '.join(proposal.to)} (ou l'arbitre) peut accepter cette proposition.",
            kind="forbidden",
        )
    if accepter is not None and accepter in proposal.accepted:
        raise RuleError(
            [],
            "You have already accepted this proposal.",
            "Vous avez déjà accepté cette proposition.",
        )
    waiting = [p for p in proposal.waiting_for() if p != accepter] if accepter else []
    if waiting:
        _record_acceptance(ctx, proposal, accepter or "", waiting)
        return
    _drop(ctx, proposal)
    who = accepter or "The judge"
    who_fr = accepter or "L'arbitre"
    ctx.emit(
        "accept_proposal",
        [],
        Text(
            en=f"{who} accepts {proposal.by}'s proposal: {_quoted(proposal.text.en)}",
            fr=f"{who_fr} accepte la proposition de {proposal.by} : {_quoted(proposal.text.fr)}",
        ),
    )
    inner = _inner(rules, proposal.action)
    move = rules.moves_by_type[inner.type]
    # The proposer acts, with the consent they lacked (check_consent is not asked again).
    accepted_by, ctx.actor, ctx.consented = ctx.actor, proposal.by, True
    try:
        move.handler(ctx, inner)
    finally:
        ctx.actor, ctx.consented = accepted_by, False


def _record_acceptance(
    ctx: Ctx[Any], proposal: Proposal, accepter: str, waiting: list[str]
) -> None:
    """One addressee's word, kept on the proposal while the others' is still missing."""
    updated = proposal.model_copy(update={"accepted": (*proposal.accepted, accepter)})
    ctx.state.proposals = [updated if p.id == proposal.id else p for p in ctx.state.proposals]
    who = ", ".join(waiting)
    ctx.emit(
        "accept_proposal",
        [],
        Text(
            en=f"{accepter} accepts {proposal.by}'s proposal (still waiting for {who}): "
            f"{_quoted(proposal.text.en)}",
            fr=f"{accepter} accepte la proposition de {proposal.by} (en attente de {who}) : "
            f"{_quoted(proposal.text.fr)}",
        ),
    )


def may_refuse(ctx: Ctx[Any], action: RefuseProposal) -> None:
    """A pending proposal, refused by a player it asks, withdrawn by its proposer, or either
    for the judge."""
    proposal = _pending(ctx, action.proposal)
    refuser = ctx.actor
    if refuser is not None and refuser not in (*proposal.to, proposal.by):
        raise RuleError(
            [],
            f"Only {', '.join(proposal.to)}, {proposal.by} or the judge can refuse it.",
            f"Seuls {', '.join(proposal.to)}, {proposal.by} ou l'arbitre peuvent la refuser.",
            kind="forbidden",
        )


def refuse(ctx: Ctx[Any], action: RefuseProposal) -> None:
    may_refuse(ctx, action)
    proposal = _pending(ctx, action.proposal)
    refuser = ctx.actor
    _drop(ctx, proposal)
    if refuser == proposal.by:
        en, fr = f"{refuser} withdraws the proposal", f"{refuser} retire sa proposition"
    else:
        en = f"{refuser or 'The judge'} refuses {proposal.by}'s proposal"
        fr = f"{refuser or 'L’arbitre'} refuse la proposition de {proposal.by}"
    ctx.emit(
        "refuse_proposal",
        [],
        Text(
            en=f"{en}: {_quoted(proposal.text.en)} Nothing happens.",
            fr=f"{fr} : {_quoted(proposal.text.fr)} Rien ne se passe.",
        ),
    )


def _quoted(text: str) -> str:
    return f"“{text}”"


def default_subjects(state: GameState[Obj], action: ActionModel) -> list[Obj]:
    """The objects an action acts on: its `object` and `objects` (those that exist)."""
    # The model's own fields: getattr on a field a model lacks goes through pydantic's
    # __getattr__ and an exception, a fifth of a page's candidates (bench/'s profile).
    fields = action.__dict__
    single = fields.get("object")
    ids: list[str] = [single] if single else []
    ids += fields.get("objects") or []
    found = (state.get(i) for i in ids)
    return [o for o in found if o is not None]


def as_proposals(
    rules: GameRules[Any, Any],
    state: GameState,
    actor: str | None,
    offers: list[tuple[dict[str, Any], Text]],
) -> list[tuple[dict[str, Any], Text]]:
    """A seat's offers: what acts on another player's object becomes a proposal of it (when
    the family lets it be proposed; else it is not offered). The judge's stay as they are."""
    if actor is None:
        return offers
    out: list[tuple[dict[str, Any], Text]] = []
    # One "Propose: ..." label per label offered: many candidates share theirs (each object
    # of a board may become a copy of the same one).
    proposed: dict[int, Text] = {}
    for action, label in offers:
        move = rules.moves_by_type.get(action["type"])
        if move is None or action["type"] not in rules.proposable:
            out.append((action, label))
            continue
        inner = move.model.model_validate(action)
        if not affected_players(rules, state, inner, seen_by=actor) - {actor} or (
            action["type"] in rules.checks_own_right and _sees_all(rules, state, inner, actor)
        ):
            out.append((action, label))
            continue
        as_proposal = proposed.get(id(label))
        if as_proposal is None:
            as_proposal = Text(en=f"Propose: {label.en}", fr=f"Proposer : {label.fr}")
            proposed[id(label)] = as_proposal
        out.append(({"type": "propose", "action": action}, as_proposal))
    return out


def _sees_all(
    rules: GameRules[Any, Any], state: GameState, action: ActionModel, actor: str
) -> bool:
    """The actor may already see every subject's face: the rules let them (no consent)."""
    return all(
        actor in rules.visibility.face_known_to(state, obj)[0]
        for obj in rules.subjects(state, action)
    )


def proposal_offers(state: GameState, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    """Accept or refuse each proposal made to `actor` (the judge: any), withdraw one's own."""
    out: list[tuple[dict[str, Any], Text]] = []
    for p in state.proposals:
        if actor is None or (actor in p.to and actor not in p.accepted):
            out.append(
                (
                    {"type": "accept_proposal", "proposal": p.id},
                    Text(en=f"Accept — {p.text.en}", fr=f"Accepter — {p.text.fr}"),
                )
            )
        if actor is None or actor in p.to or actor == p.by:
            verb_en, verb_fr = ("Withdraw", "Retirer") if actor == p.by else ("Refuse", "Refuser")
            out.append(
                (
                    {"type": "refuse_proposal", "proposal": p.id},
                    Text(en=f"{verb_en} — {p.text.en}", fr=f"{verb_fr} — {p.text.fr}"),
                )
            )
    return out
