""" "Can't cast spells with the chosen name" (Reflector Mage): the ban, its end, and the check
made when a spell is cast.

A name comes from a name given or from an object as it is now. A face-down spell or
permanent has no name (708.2), and an object with no name has the same name as no other
object, not even another nameless one (201.2a): a ban taken from a face-down creature forbids
nothing, and a spell cast face down (708.4: turned face down before it is put on the stack)
is never refused by a ban."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg import characteristics
from app.rules.mtg.name_actions import ForbidName
from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject, NameBan
from app.rules.mtg.visibility import face_known_to

_CARD = "card.reflector-mage"


def _same_name(ban: NameBan, name: str) -> bool:
    """201.2a: a nameless ban matches nothing; names compare without case (a card name is
    one name whatever the printing's language, so the French one matches too)."""
    if ban.name is None:
        return False
    wanted = {ban.name.casefold()} | ({ban.name_fr.casefold()} if ban.name_fr else set())
    return name.casefold() in wanted


def banning(state: MtgGame, player: str, obj: MtgObject) -> NameBan | None:
    """The ban, if any, that forbids `player` to cast `obj` face up as a spell (its card's
    name and French name, 201.2a: at least one name in common)."""
    names = [n for n in (obj.card.name, obj.card.name_fr) if n]
    for ban in state.name_bans:
        if ban.player == player and any(_same_name(ban, n) for n in names):
            return ban
    return None


def refuse_banned_cast(ctx: MtgCtx, obj: MtgObject, caster: str) -> None:
    """601.3: a spell can't begin to be cast when an effect forbids it. Only for a spell cast
    face up: the caster sees the card, so the message may name it."""
    ban = banning(ctx.state, caster, obj)
    if ban is None:
        return
    card = obj.card
    raise RuleError(
        ["601.3", "201.2a", _CARD],
        f"{caster} can't cast spells named {card.name} until {ban.until_turn_of}'s next turn "
        f"({ban.source or 'an effect'}).",
        f"{caster} ne peut pas lancer de sort nommé {card.name_fr or card.name} avant le "
        f"prochain tour de {ban.until_turn_of} ({ban.source or 'un effet'}).",
    )


def _name_from(ctx: MtgCtx, obj: MtgObject) -> tuple[str | None, str | None]:
    """The object's name as it is now: none when it is face down (708.2) or a face-up copy
    of a face-down one. Taken only from an object every player may see, so the ban (public)
    never names a hidden card."""
    if obj.face_down:
        return None, None
    everyone = set(ctx.state.player_names())
    if not face_known_to(ctx.state, obj)[0] >= everyone:
        raise RuleError(
            ["201.2a", _CARD],
            "A name is taken from an object every player can see (a permanent, a spell, a card "
            "in a graveyard or face up in exile): give the name instead.",
            "Un nom se prend d'un objet que tous les joueurs voient (un permanent, un sort, une "
            "carte au cimetière ou exilée face visible) : donnez plutôt le nom.",
        )
    values = characteristics.current(obj, ctx.state)
    return values.name, values.name_fr


def forbid_name(ctx: MtgCtx, action: ForbidName) -> None:
    state: MtgGame = ctx.state
    banned = ctx.player(action.player)
    if (action.object is None) == (action.name is None):
        raise RuleError(
            [_CARD],
            "Give either a name or the object whose name is forbidden.",
            "Donnez soit un nom, soit l'objet dont le nom est interdit.",
        )
    controller = ctx.acting_for(state.active_player)
    if action.controller is not None:
        controller = ctx.acting_as(
            ctx.player(action.controller),
            [_CARD],
            "The ban lasts until your own next turn: you can't set it for another player.",
            "L'interdiction dure jusqu'à votre prochain tour : vous ne pouvez pas la fixer pour "
            "un autre joueur.",
        )
    if action.object is not None:
        name, name_fr = _name_from(ctx, ctx.find(action.object))
    else:
        name, name_fr = action.name, None
    ban = NameBan(
        player=banned,
        name=name,
        name_fr=name_fr,
        source=action.source,
        until_turn_of=controller,
        since_turn=state.turn,
    )
    state.name_bans.append(ban)
    source = f"{action.source}: " if action.source else ""
    if name is None:
        ctx.emit(
            "forbid_name",
            ["707.2", "201.2a", _CARD],
            Text(
                en=f"{source}it has no name (face down, or a copy of a face-down object), so no "
                f"spell has the same name as it: no name is forbidden to {banned}.",
                fr=f"{source}il n'a pas de nom (face cachée, ou copie d'un objet face cachée), "
                f"donc aucun sort n'a le même nom que lui : aucun nom n'est interdit à {banned}.",
            ),
            objects=[action.object] if action.object else [],
        )
        return
    ctx.emit(
        "forbid_name",
        ["201.2a", _CARD],
        Text(
            en=f"{source}{banned} can't cast spells named {name} until {controller}'s next turn.",
            fr=f"{source}{banned} ne peut pas lancer de sort nommé {name_fr or name} avant le "
            f"prochain tour de {controller}.",
        ),
        objects=[action.object] if action.object else [],
    )


def expire(state: MtgGame, starting: str) -> None:
    """ "Until your next turn": the bans set by `starting` end as their turn begins."""
    state.name_bans = [b for b in state.name_bans if b.until_turn_of != starting]
