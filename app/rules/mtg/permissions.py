"""Permission effects (601.3, 305.1): casting and playing from wherever an effect allows —
exile (Gonti, Lord of Luxury), the top of a library (Cemetery Illuminator), a graveyard,
another player's cards — and foretelling as an effect allows (Cosmos Charger, Dream
Devourer). A player casting another player's card controls the spell; its owner doesn't
change (108.3, 110.2).

A permission is public, like the effect that made it. It names one card by its id only in
a public zone (exile, a graveyard), or a zone; whether it covers a hidden card is told only
to a viewer who may see that card (views: `notes_for`)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.in_force import in_force, say_ended
from app.rules.mtg.permission_actions import EndPermission, GrantPermission
from app.rules.mtg.permission_record import CastPermission, PermissionKind
from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject, Zone
from app.rules.mtg.visibility import face_known_to

# Where a spell can be cast (a land played) from: a hand, or as an effect allows.
CAST_FROM = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE)
# A card a permission names by its id must be where everyone sees it is: its id is public.
_PUBLIC_ZONES = (Zone.EXILE, Zone.GRAVEYARD)

_KIND_WORDS: dict[str, tuple[str, str]] = {
    "cast": ("cast", "lancer"),
    "cast_face_down": ("cast face down", "lancer face cachée"),
    "play_land": ("play as a land", "jouer comme terrain"),
    "foretell_any_turn": (
        "foretell on any player's turn",
        "prédire pendant le tour de n'importe quel joueur",
    ),
    "gain_foretell": (
        "foretell (foretell cost: mana cost minus {2})",
        "prédire (coût de prédiction : coût de mana moins {2})",
    ),
}
_ZONE_WORDS: dict[str, tuple[str, str]] = {
    "library_top": (
        "the top card of {of}'s library",
        "la carte du dessus de la bibliothèque de {of}",
    ),
    "graveyard": ("cards in {of}'s graveyard", "les cartes du cimetière de {of}"),
    "exile": ("cards {of} owns in exile", "les cartes exilées de {of}"),
    "hand": ("cards in {of}'s hand", "les cartes de la main de {of}"),
}
_UNTIL: dict[str, tuple[str, str]] = {
    "end_of_turn": ("until end of turn", "jusqu'à la fin du tour"),
    "while_it_stays": ("for as long as it stays there", "tant qu'elle y reste"),
    "until_ended": ("until the effect ends", "jusqu'à la fin de l'effet"),
}


# --- Which permissions are in force ---------------------------------------------------------


def live(state: MtgGame) -> list[CastPermission]:
    """The permissions in force: one naming a card ends when that card leaves (400.7: a new
    object, the id is gone)."""
    return [p for p in state.permissions if p.object is None or state.get(p.object) is not None]


def _top_of_library(state: MtgGame, owner: str) -> MtgObject | None:
    library = state.in_zone(Zone.LIBRARY, owner)
    return library[0] if library else None


def spell_types(obj: MtgObject, face_down: bool) -> tuple[str, ...]:
    """The card types the spell (or land) would have: a spell cast face down is a creature
    spell whatever its face (708.4, 708.2a)."""
    return ("Creature",) if face_down else tuple(obj.card.types)


def covers(
    state: MtgGame, perm: CastPermission, obj: MtgObject, kind: PermissionKind, face_down: bool
) -> bool:
    if kind not in perm.allows:
        return False
    if perm.once_each_turn and perm.used_turn == state.turn:
        return False
    if perm.object is not None:
        if obj.id != perm.object:
            return False
    elif perm.zone == "library_top":
        top = _top_of_library(state, perm.of or perm.player)
        if top is None or top.id != obj.id:
            return False
    elif perm.zone is not None and (
        obj.zone != Zone(perm.zone) or obj.owner != (perm.of or perm.player)
    ):
        return False
    types = spell_types(obj, face_down)
    if perm.types and not set(types) & set(perm.types):
        return False
    return not set(types) & set(perm.except_types)


def permission_for(
    ctx: MtgCtx, obj: MtgObject, kind: PermissionKind, *, face_down: bool = False
) -> CastPermission | None:
    """The permission that lets the actor (for the judge: any player) do `kind` with `obj`."""
    for perm in live(ctx.state):
        if ctx.actor is not None and perm.player != ctx.actor:
            continue
        if covers(ctx.state, perm, obj, kind, face_down):
            return perm
    return None


def use(ctx: MtgCtx, perm: CastPermission) -> None:
    """ "Once each turn": used up until the next turn."""
    if not perm.once_each_turn:
        return
    state: MtgGame = ctx.state
    state.permissions = [
        p.model_copy(update={"used_turn": state.turn}) if p.id == perm.id else p
        for p in state.permissions
    ]


def expire(state: MtgGame) -> None:
    """514.2: "until end of turn" permissions end in the cleanup step; so do those whose card
    has left (400.7)."""
    state.permissions = [p for p in live(state) if p.until != "end_of_turn"]


# --- Where a spell or land comes from ----------------------------------------------------


def source_of_cast(
    ctx: MtgCtx, obj: MtgObject, kind: PermissionKind, rule: str, *, face_down: bool = False
) -> tuple[str, CastPermission | None]:
    """Who casts (plays) `obj`, and the permission used: its owner from their own hand, or
    the player an effect lets (601.3). Outside a hand, only a card the caster may look at
    (406.3b). A seat reaches a library's top card only once it may look at it (visibility)."""
    if obj.zone == Zone.HAND and (ctx.actor is None or ctx.actor == obj.owner):
        return obj.owner, None
    if obj.zone == Zone.EXILE and ctx.actor is not None:
        # First, before any permission is read: whether one covers a hidden card depends on
        # its card types, which a seat that may not look must not learn from the answer.
        _may_look(ctx, obj, ctx.actor)
    perm = permission_for(ctx, obj, kind, face_down=face_down)
    if perm is None:
        if obj.zone == Zone.HAND:
            raise RuleError(
                [rule],
                "You can only use cards from your own hand.",
                "Vous ne pouvez utiliser que les cartes de votre main.",
                kind="forbidden",
            )
        raise RuleError(
            [rule, "601.3"],
            "That card is not in a hand, and no effect lets you "
            f"{_KIND_WORDS[kind][0]} it from there.",
            "Cette carte n'est pas dans une main, et aucun effet ne vous permet de la "
            f"{_KIND_WORDS[kind][1]} depuis là.",
        )
    caster = perm.player
    if obj.zone == Zone.EXILE:
        _may_look(ctx, obj, caster)
    return caster, perm


def _may_look(ctx: MtgCtx, obj: MtgObject, caster: str) -> None:
    """406.3b: a card exiled face down is cast only by a player allowed to look at it."""
    if obj.face_down and caster not in face_known_to(ctx.state, obj)[0]:
        raise RuleError(
            ["406.3b", "601.3"],
            "You may cast a card exiled face down only if you are allowed to look at it.",
            "Vous ne pouvez lancer une carte exilée face cachée que si vous avez le droit de la "
            "regarder.",
            kind="rule",
        )


def origin_text(obj: MtgObject, perm: CastPermission | None) -> Text:
    """ " from exile (Gonti, Lord of Luxury)": where it came from, and by what; public."""
    if perm is None:
        return Text(en="", fr="")
    where = {
        Zone.LIBRARY: (
            f" from the top of {obj.owner}'s library",
            f" depuis le dessus de la bibliothèque de {obj.owner}",
        ),
        Zone.HAND: (f" from {obj.owner}'s hand", f" depuis la main de {obj.owner}"),
        Zone.GRAVEYARD: (f" from {obj.owner}'s graveyard", f" depuis le cimetière de {obj.owner}"),
    }.get(obj.zone, (" from exile", " depuis l'exil"))
    owned = "" if obj.owner == perm.player else f" ({obj.owner}'s card)"
    owned_fr = "" if obj.owner == perm.player else f" (carte de {obj.owner})"
    by = f", as {perm.source} allows" if perm.source else ", as an effect allows"
    by_fr = f", comme {perm.source} le permet" if perm.source else ", comme un effet le permet"
    return Text(en=f"{where[0]}{owned}{by}", fr=f"{where[1]}{owned_fr}{by_fr}")


# --- Granting and ending --------------------------------------------------------------------


def describe(perm: CastPermission) -> Text:
    kinds_en = " / ".join(_KIND_WORDS[k][0] for k in perm.allows)
    kinds_fr = " / ".join(_KIND_WORDS[k][1] for k in perm.allows)
    if perm.object is not None:
        what_en, what_fr = "this card", "cette carte"
    elif perm.zone is not None:
        en, fr = _ZONE_WORDS[perm.zone]
        of = perm.of or perm.player
        what_en, what_fr = en.format(of=of), fr.format(of=of)
    else:
        what_en, what_fr = "cards", "des cartes"
    if perm.types:
        what_en += f" ({' or '.join(perm.types).lower()} only)"
        what_fr += f" ({' ou '.join(perm.types).lower()} seulement)"
    if perm.except_types:
        what_en += f" (not {' or '.join(perm.except_types).lower()})"
        what_fr += f" (pas {' ni '.join(perm.except_types).lower()})"
    once_en = ", once each turn" if perm.once_each_turn else ""
    once_fr = ", une fois par tour" if perm.once_each_turn else ""
    until_en, until_fr = _UNTIL[perm.until]
    source = f" ({perm.source})" if perm.source else ""
    return Text(
        en=f"{perm.player} may {kinds_en} {what_en}{once_en}, {until_en}{source}.",
        fr=f"{perm.player} peut {kinds_fr} {what_fr}{once_fr}, {until_fr}{source}.",
    )


def _record(
    action: GrantPermission, perm_id: str, player: str, of: str, turn: int
) -> CastPermission:
    return CastPermission(
        id=perm_id,
        player=player,
        source=action.source.strip(),
        allows=tuple(dict.fromkeys(action.allows)),
        object=action.object,
        zone=action.zone,
        of=of if action.zone is not None else None,
        types=tuple(t.strip().title() for t in action.types),
        except_types=tuple(t.strip().title() for t in action.except_types),
        once_each_turn=action.once_each_turn,
        until=action.until,
        since_turn=turn,
    )


def describe_grant(action: GrantPermission) -> Text:
    """A proposed permission in public words (the card it names stays "this card")."""
    if action.player is not None:
        return describe(_record(action, "", action.player, action.from_player or action.player, 0))
    # Without `player`, it is the proposer's own permission.
    en = describe(_record(action, "", "the proposer", action.from_player or "the proposer", 0))
    fr = describe(_record(action, "", "le proposant", action.from_player or "le proposant", 0))
    return Text(en=en.en, fr=fr.fr)


def grant_permission(ctx: MtgCtx, action: GrantPermission) -> None:
    """The player an effect of theirs lets cast or play: a seat grants only itself. One that
    reaches another player's cards is that player's to accept (a proposal), or the judge's."""
    state: MtgGame = ctx.state
    player = ctx.player(action.player) if action.player else ctx.acting_for(state.active_player)
    ctx.acting_as(
        player,
        ["601.3"],
        "An effect of yours gives permissions to you: another player's are theirs to use.",
        "Un effet à vous vous donne des permissions : celles d'un autre joueur sont les siennes.",
    )
    if (action.object is None) == (action.zone is None):
        raise RuleError(
            ["601.3"],
            "Say which card (object) or which zone (zone) the permission is about.",
            "Indiquez la carte (object) ou la zone (zone) que la permission concerne.",
        )
    of = ctx.player(action.from_player) if action.from_player else player
    owner = of
    if action.object is not None:
        obj = ctx.find(action.object)
        if obj.zone not in _PUBLIC_ZONES:
            raise RuleError(
                ["601.3"],
                "A permission names one card only in exile or a graveyard; for a library's top "
                "card or a hand, name the zone.",
                "Une permission ne désigne une carte qu'en exil ou dans un cimetière ; pour le "
                "dessus d'une bibliothèque ou une main, indiquez la zone.",
            )
        owner = obj.owner
    if owner != player and ctx.actor is not None and not ctx.consented:
        raise RuleError(
            ["601.3"],
            f"That is about {owner}'s cards: propose it, and {owner} (or the judge) will accept "
            "or refuse it.",
            f"Cela concerne les cartes de {owner} : proposez-le, et {owner} (ou l'arbitre) "
            "l'acceptera ou le refusera.",
            kind="forbidden",
        )
    perm = _record(action, ctx.new_id(), player, of, state.turn)
    state.permissions.append(perm)
    keys = ["601.3"]
    if "cast_face_down" in perm.allows:
        keys.append("702.37c")
    if "play_land" in perm.allows:
        keys.append("305.1")
    if {"foretell_any_turn", "gain_foretell"} & set(perm.allows):
        keys.append("702.143a")
    said = describe(perm)
    ctx.emit("grant_permission", keys, said, objects=[action.object] if action.object else [])


def end_permission(ctx: MtgCtx, action: EndPermission) -> None:
    state: MtgGame = ctx.state
    missing = Text(en="No such permission in force.", fr="Aucune permission de ce type en vigueur.")
    perm = in_force(state.permissions, action.permission, missing)
    ctx.acting_as(
        perm.player,
        ["601.3"],
        f"Only {perm.player}, who may use it, ends it (or the judge).",
        f"Seul {perm.player}, qui peut l'utiliser, y met fin (ou l'arbitre).",
    )
    state.permissions = [p for p in state.permissions if p.id != perm.id]
    say_ended(ctx, "end_permission", describe(perm))


def notes_for(
    state: MtgGame,
    obj: MtgObject,
    sees_face: bool,
    perms_in_force: Sequence[CastPermission] | None = None,
) -> list[Text]:
    """What a card's sheet says of the permissions on it. One naming the card is public; one
    covering it through a zone and a card type is told only to a viewer who may see its face
    (whether it covers the card would tell its type). `perms_in_force`: `live(state)`, when
    the caller has it (a view asks for every object)."""
    out: list[Text] = []
    for perm in live(state) if perms_in_force is None else perms_in_force:
        if perm.object is not None:
            if perm.object == obj.id:
                out.append(describe(perm))
            continue
        if not sees_face:
            continue
        if any(covers(state, perm, obj, k, k == "cast_face_down") for k in perm.allows):
            out.append(describe(perm))
    return out
