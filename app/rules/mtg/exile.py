"""Cards exiled face down, with a rule for who may look (406.3), kept in piles by when and
how they were exiled (406.4): exiling one (Bane Alley Broker, Summoner's Egg's imprint),
turning one face up where it is, casting one from exile (406.3a: turned face up just
before; 406.3b: only a player allowed to look at it may cast it) and returning one to the
battlefield face up or face down (708.3). Foretelling is in app.rules.mtg.foretell."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import name_for
from app.rules.core.timing import refuse_seat_off_timing
from app.rules.mtg.enters import announce_enters
from app.rules.mtg.exile_actions import (
    CastFromExile,
    ExileFaceDown,
    ReturnFromExile,
    TurnFaceUpInExile,
)
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.face_down import mark_entered
from app.rules.mtg.foretell import foretold_cost
from app.rules.mtg.foretold import is_foretold
from app.rules.mtg.hideaway import entered
from app.rules.mtg.labels import public_label
from app.rules.mtg.name_bans import refuse_banned_cast
from app.rules.mtg.restrictions import refuse_restricted_cast
from app.rules.mtg.stack import say_cast
from app.rules.mtg.state import ZONE_FR, MtgCtx, MtgObject, Zone
from app.rules.mtg.timing import cast_timing
from app.rules.mtg.visibility import face_known_to

# Cards whose text these actions play out: their rule key when named as the source.
_CARD_KEYS = {"bane alley broker": "card.bane-alley-broker", "summoner's egg": "card.summoners-egg"}
# Where a card can be exiled face down from (the stack and the phased-out zone are left to
# the judge's edits).
_FROM = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)
_PUBLIC_ZONES = (Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)


def _card_keys(source: str) -> list[str]:
    key = _CARD_KEYS.get(source.strip().lower())
    return [key] if key else []


def _in_exile_face_down(obj: MtgObject, rules: list[str]) -> None:
    if obj.zone != Zone.EXILE or not obj.face_down:
        raise RuleError(
            rules,
            "That is not a card exiled face down.",
            "Ce n'est pas une carte exilée face cachée.",
        )


# --- Exiling face down ---------------------------------------------------------------------


def _exiler(ctx: MtgCtx, obj: MtgObject, by: str | None) -> str:
    """Who exiles it: the seat acting (it may not name another), or for the judge the
    player named, else whoever the card is with (its controller, or its owner)."""
    if by is not None:
        ctx.player(by)
        return ctx.acting_as(
            by,
            ["406.3"],
            "You exile cards as yourself.",
            "Vous exilez des cartes en votre nom.",
        )
    in_play = obj.zone == Zone.BATTLEFIELD
    return ctx.acting_for(obj.controller if in_play else obj.owner)


def exile_face_down(ctx: MtgCtx, action: ExileFaceDown) -> None:
    obj = ctx.find(action.object)
    if obj.zone not in _FROM or (obj.zone == Zone.EXILE and obj.face_down):
        raise RuleError(
            ["406.3"],
            "Only a card in a hand, a library, a graveyard, on the battlefield or face up in "
            "exile can be exiled face down.",
            "Seule une carte d'une main, d'une bibliothèque, d'un cimetière, du champ de "
            "bataille ou face visible en exil peut être exilée face cachée.",
        )
    if obj.is_token:
        raise RuleError(
            ["704.5d"],
            "A token that leaves the battlefield ceases to exist: it can't be exiled face down.",
            "Un jeton qui quitte le champ de bataille cesse d'exister : il ne peut pas être "
            "exilé face cachée.",
        )
    exiler = _exiler(ctx, obj, action.by)
    origin = obj.zone
    owner = obj.owner
    name = obj.card.shown_name()
    # Everyone saw which card it was as it left a public zone (a face-down permanent is
    # revealed as it leaves the battlefield: 708.9).
    seen_by_all = origin in _PUBLIC_ZONES
    revealed = origin == Zone.BATTLEFIELD and obj.face_down
    before = public_label(ctx.state, obj) if revealed else None
    # Who could see it before it moved: a card taken from a library unseen (the top card)
    # is not known to its exiler just because they exiled it.
    saw_it = face_known_to(ctx.state, obj)[0]
    exiled = ctx.relocate(obj, Zone.EXILE, face_down=True)
    players = ctx.state.player_names()
    lookers = {"exiler": [exiler], "owner": [owner], "nobody": []}[action.look]
    exiled.known_to = sorted(set(players) if seen_by_all else set(lookers))
    exiled.exiled = ExiledFaceDown(
        via=action.via,
        by=exiler,
        turn=ctx.state.turn,
        look=action.look,
        source=action.source.strip(),
        seen_by_all=seen_by_all,
    )
    label = public_label(ctx.state, exiled)
    look_en = {
        "exiler": f"only {exiler} may look at it while it stays exiled",
        "owner": f"only its owner, {owner}, may look at it while it stays exiled",
        "nobody": "nobody may look at it",
    }[action.look]
    look_fr = {
        "exiler": f"seul {exiler} peut la regarder tant qu'elle reste en exil",
        "owner": f"seul son propriétaire, {owner}, peut la regarder tant qu'elle reste en exil",
        "nobody": "personne ne peut la regarder",
    }[action.look]
    if revealed and before is not None:
        what_en = f"{before.en}, revealed as it leaves the battlefield: {name.en}"
        what_fr = f"{before.fr}, révélé en quittant le champ de bataille : {name.fr}"
    elif seen_by_all:
        what_en, what_fr = name.en, name.fr
        look_en += " (everyone saw which card it was)"
        look_fr += " (tout le monde a vu de quelle carte il s'agit)"
    else:
        what_en = f"a card from {owner}'s {origin.value}"
        what_fr = f"une carte de la {ZONE_FR[origin]} de {owner}"
    keys = ["406.3", "406.4", *(["707.9"] if revealed else []), *_card_keys(action.source)]
    ctx.emit(
        "exile_face_down",
        keys,
        Text(
            en=f"{exiler} exiles {what_en} face down ({label.en}); {look_en}.",
            fr=f"{exiler} exile {what_fr} face cachée ({label.fr}) ; {look_fr}.",
        ),
        # The player who chose it seeing it knows it, whatever the instruction says of
        # looking later; one who took it unseen (a library's top card) learns it only if
        # the instruction lets them look.
        **name_for(exiled, ({exiler} & saw_it) | set(exiled.known_to)),
        objects=[exiled.id],
    )


# --- Turning face up in exile --------------------------------------------------------------


def turn_face_up_in_exile(ctx: MtgCtx, action: TurnFaceUpInExile) -> None:
    """Summoner's Egg: "turn the exiled card face up". A public reveal: from now on it is an
    ordinary face-up card in exile."""
    obj = ctx.find(action.object)
    _in_exile_face_down(obj, ["406.3"])
    record = obj.exiled
    responsible = record.by if record is not None else obj.owner
    ctx.acting_as(
        responsible,
        ["406.3"],
        f"Only {responsible}, who exiled it, turns it face up (as a judge, act for them).",
        f"Seul {responsible}, qui l'a exilée, la retourne (un arbitre peut agir pour lui).",
    )
    label = public_label(ctx.state, obj)
    # Face up for everyone; how it was exiled stays known (Summoner's Egg then puts it onto
    # the battlefield if it is a creature card).
    obj.face_down = False
    obj.hideaway_link = None
    obj.known_to = []
    name = obj.card.shown_name()
    card = obj.card
    keys = ["406.3", *(_card_keys(record.source) if record is not None else [])]
    creature_en = " It is a creature card." if card.is_type("Creature") else ""
    creature_fr = " C'est une carte de créature." if card.is_type("Creature") else ""
    ctx.emit(
        "turn_face_up_in_exile",
        keys,
        Text(
            en=f"{responsible} turns {label.en} face up in exile: it is {name.en}.{creature_en}",
            fr=f"{responsible} retourne {label.fr} face visible en exil : c'est {name.fr}."
            f"{creature_fr}",
        ),
        objects=[obj.id],
    )


# --- Casting from exile --------------------------------------------------------------------


def cast_from_exile(ctx: MtgCtx, action: CastFromExile) -> None:
    obj = ctx.find(action.object)
    if obj.zone != Zone.EXILE:
        raise RuleError(["601.2"], "That card is not in exile.", "Cette carte n'est pas en exil.")
    record = obj.exiled
    default = record.by if record is not None else obj.owner
    caster = ctx.acting_for(default)
    if obj.face_down:
        # 406.3b: only a card the caster may look at (nothing else is told to the others).
        allowed, rule = face_known_to(ctx.state, obj)
        if caster not in allowed:
            raise RuleError(
                ["406.3b", rule],
                "You may cast a card exiled face down only if you are allowed to look at it.",
                "Vous ne pouvez lancer une carte exilée face cachée que si vous avez le droit "
                "de la regarder.",
                kind="rule",
            )
    elif caster != obj.owner and ctx.actor is not None and not ctx.consented:
        raise RuleError(
            ["601.2"],
            f"That card is {obj.owner}'s: propose it, and {obj.owner} (or the judge) will accept "
            "or refuse it.",
            f"Cette carte est à {obj.owner} : proposez-le, et {obj.owner} (ou l'arbitre) "
            "l'acceptera ou le refusera.",
            kind="forbidden",
        )
    cost = foretold_cost(ctx, obj) if action.via == "foretell" else None
    if obj.card.is_type("Land"):
        raise RuleError(
            ["305.1"],
            "A land is played, not cast.",
            "Un terrain se joue, il ne se lance pas.",
        )
    # 406.3a: face up as it is cast, it has its name: a name ban applies (Reflector Mage).
    refuse_banned_cast(ctx, obj, caster)
    # Its mana value too: a restriction applies (Void Winnower, 601.3).
    refuse_restricted_cast(ctx, obj, caster, face_down=False)
    # 702.143a: a foretold card is cast with its type's timing (117.1a). An effect that
    # lets a card be cast says when (often as it resolves): not checked here.
    timing = cast_timing(ctx.state, obj.card, caster, face_down=False)
    off = refuse_seat_off_timing(ctx, timing if action.via == "foretell" else None)
    was_face_down = obj.face_down
    label = public_label(ctx.state, obj) if was_face_down else None
    foretold = is_foretold(obj)
    # 406.3a: turned face up just before it is cast; a new object on the stack, face up.
    spell = ctx.relocate(obj, Zone.STACK, controller=caster)
    # 702.143c: a spell cast from a foretold card was foretold, whatever its cost.
    spell.was_foretold = foretold
    up = Text(
        en=f"turns the face-down card ({label.en}) face up and " if label else "",
        fr=f"retourne la carte face cachée ({label.fr}) face visible et " if label else "",
    )
    if cost is not None:
        how = Text(en=f" for its foretell cost {cost}", fr=f" pour son coût de prédiction {cost}")
        keys = ["702.143a", "406.3a", "601.2"]
    else:
        how = Text(en=" from exile", fr=" depuis l'exil")
        keys = ["406.3a", "406.3b", "601.2"] if was_face_down else ["601.2"]
    say_cast(ctx, "cast_from_exile", keys, caster, spell, up, how, off)


# --- Returning to the battlefield ----------------------------------------------------------


def return_from_exile(ctx: MtgCtx, action: ReturnFromExile) -> None:
    obj = ctx.find(action.object)
    if obj.zone != Zone.EXILE:
        raise RuleError(["400.7"], "That card is not in exile.", "Cette carte n'est pas en exil.")
    doer = ctx.acting_for(obj.exiled.by if obj.exiled is not None else obj.owner)
    controller = ctx.player(action.controller) if action.controller else doer
    if action.face_down:
        _return_face_down(ctx, obj, doer, controller)
    else:
        _return_face_up(ctx, obj, doer, controller)


def _return_face_up(ctx: MtgCtx, obj: MtgObject, doer: str, controller: str) -> None:
    label = public_label(ctx.state, obj) if obj.face_down else None
    name = obj.card.shown_name()
    was_en = f"{label.en} is turned face up: it is {name.en}. " if label is not None else ""
    was_fr = f"{label.fr} est retournée face visible : c'est {name.fr}. " if label else ""
    if not obj.card.is_permanent_card:
        # An instant or sorcery card can't enter the battlefield: it stays where it is, now
        # face up (nothing here depends on who may look, so nothing hidden is told).
        obj.face_down = False
        obj.known_to = []
        ctx.emit(
            "return_from_exile_fails",
            ["304.4" if obj.card.is_type("Instant") else "307.4"],
            Text(
                en=f"{was_en}{name.en} is not a permanent card: it can't enter the battlefield "
                "and stays in exile, face up.",
                fr=f"{was_fr}{name.fr} n'est pas une carte de permanent : elle ne peut pas arriver "
                "sur le champ de bataille et reste en exil, face visible.",
            ),
            objects=[obj.id],
        )
        return
    permanent = ctx.relocate(obj, Zone.BATTLEFIELD, controller=controller)
    ctx.emit(
        "return_from_exile",
        ["400.7"],
        Text(
            en=f"{was_en}{doer} puts {name.en} onto the battlefield from exile under "
            f"{controller}'s control: a new object.",
            fr=f"{was_fr}{doer} met {name.fr} sur le champ de bataille depuis l'exil sous le "
            f"contrôle de {controller} : un nouvel objet.",
        ),
        objects=[permanent.id],
    )
    entered(ctx, permanent)
    announce_enters(ctx, permanent)  # a trigger on the stack, or a replacement (614.1c)


def _return_face_down(ctx: MtgCtx, obj: MtgObject, doer: str, controller: str) -> None:
    """708.3: turned face down before it enters, so it is a 2/2 whose enters abilities
    don't apply. Who saw it in exile still knows which permanent it is."""
    hidden = obj.face_down
    lookers, _ = face_known_to(ctx.state, obj) if hidden else (set(), "")
    label = public_label(ctx.state, obj) if hidden else None
    name = obj.card.shown_name()
    permanent = ctx.relocate(obj, Zone.BATTLEFIELD, controller=controller, face_down=True)
    permanent.face_down_via = "effect"
    permanent.known_to = sorted(lookers - {controller})
    mark_entered(ctx, permanent)
    after = public_label(ctx.state, permanent)
    what_en = label.en if label is not None else name.en
    what_fr = label.fr if label is not None else name.fr
    ctx.emit(
        "return_from_exile",
        ["707.3", "707.2a", "400.7"],
        Text(
            en=f"{doer} puts {what_en} onto the battlefield face down under {controller}'s "
            f"control: {after.en}. Its enters abilities don't apply (708.3).",
            fr=f"{doer} met {what_fr} sur le champ de bataille face cachée sous le contrôle de "
            f"{controller} : {after.fr}. Ses capacités d'arrivée ne s'appliquent pas (708.3).",
        ),
        **name_for(permanent, lookers | {controller}),
        objects=[permanent.id],
    )
