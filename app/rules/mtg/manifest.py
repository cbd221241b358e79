"""Every manifest: 701.40 manifest, 701.58 cloak and 701.62 manifest dread.

A manifested card is a face-down 2/2 under the manifesting player's control (708.2); only its
controller may look at it (708.5, seed 707.5) — not its owner when that is another player
(Thieving Amalgam manifests the top card of an opponent's library: the opponent owns it and
doesn't know it). Turning it face up for its mana cost (701.40b) is face_down.turn_face_up's.

Manifesting several cards does it one at a time (701.40e): each its own face-down permanent,
with its own public "entered Nth" number (708.6). A pile manifested "in a random order" is
shuffled with the game's seeded shuffle *before* the new objects get their ids, positions
and numbers, so nothing an opponent receives tells which card became which permanent.

Manifest dread looks at the top two cards first: a choice the game waits for, like
hideaway's (`MtgGame.dread_pending`, moves.check).
"""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import name_for
from app.rules.core.words import plural_pair
from app.rules.mtg import look_back
from app.rules.mtg.edition import require_current_rules
from app.rules.mtg.face_down import put_face_down
from app.rules.mtg.labels import public_label
from app.rules.mtg.manifest_actions import (
    Cloak,
    Manifest,
    ManifestCards,
    ManifestDread,
    ManifestDreadChoose,
)
from app.rules.mtg.state import DreadPending, FaceDownVia, MtgCtx, MtgObject, Zone

_RULE = {"manifest": "701.40", "cloak": "701.58"}
_VERB_FR = {"manifest": "manifester", "cloak": "voiler"}
# Where manifest_cards takes its cards from: a graveyard or exile (Ghastly Conscription, a
# face-down pile), a hand, and a permanent that goes into the pile (Jeskai Infiltrator).
_PILE_ZONES = (Zone.EXILE, Zone.GRAVEYARD, Zone.HAND, Zone.BATTLEFIELD)


def _require_manifester(ctx: MtgCtx, player: str, what_en: str, what_fr: str) -> None:
    """The manifesting player acts (the judge for anyone). Another player's library or cards
    are asked for first: the engine refuses a seat's action on them unless it was proposed and
    accepted (app.rules.core.proposals, `from_player` and the cards' owners)."""
    ctx.acting_as(
        player,
        ["701.40"],
        f"Only {player} may {what_en} here.",
        f"Seul {player} peut {what_fr} ici.",
    )


def _public(obj: MtgObject) -> bool:
    """Everyone saw this card before it went into the pile: face up outside a hand or library."""
    return obj.zone not in (Zone.HAND, Zone.LIBRARY) and not obj.face_down


def _via(action: Manifest | Cloak) -> FaceDownVia:
    return "manifest" if action.type == "manifest" else "cloak"


def may_manifest(ctx: MtgCtx, action: Manifest | Cloak) -> None:
    """701.40a / 701.58a: under today's rules, by the manifesting player (the judge for
    anyone), from a player's library with a card in it. Not timing-checked: it happens when an
    effect says so."""
    via = _via(action)
    require_current_rules(ctx, via.capitalize(), _VERB_FR[via])
    player = ctx.player(action.player)
    source = ctx.player(action.from_player or player)
    _require_manifester(ctx, player, via, _VERB_FR[via])
    if not ctx.state.in_zone(Zone.LIBRARY, source):
        raise RuleError(
            [_RULE[via]],
            f"{source}'s library is empty: there is nothing to {via}.",
            f"La bibliothèque de {source} est vide : rien à {_VERB_FR[via]}.",
        )


def manifest(ctx: MtgCtx, action: Manifest | Cloak) -> None:
    """701.40a / 701.58a: the top card of a library, face down, under `player`'s control;
    several one at a time (701.40e)."""
    may_manifest(ctx, action)
    # Nothing below refuses: a library emptied part way stops the rest (701.40e).
    via = _via(action)
    player = action.player
    source = action.from_player or player
    rule = _RULE[via]
    whose_en = "their library" if source == player else f"{source}'s library"
    whose_fr = "sa bibliothèque" if source == player else f"la bibliothèque de {source}"
    keys = [rule, "707.3", "707.2"]
    if source != player:
        keys.append("707.5")  # its controller looks, not its owner (708.5)
    if action.count > 1:
        keys.append("701.40e")
    for _ in range(action.count):
        library = ctx.state.in_zone(Zone.LIBRARY, source)
        if not library:
            ctx.emit(
                "manifest_short",
                ["701.40e"],
                Text(
                    en=f"{source}'s library is empty: nothing more to {via}.",
                    fr=f"La bibliothèque de {source} est vide : plus rien à {_VERB_FR[via]}.",
                ),
            )
            return
        new = put_face_down(ctx, library[0], via, player)
        label = public_label(ctx.state, new)
        ctx.emit(
            via,
            keys,
            Text(
                en=f"{player} puts the top card of {whose_en} onto the battlefield face down "
                f"({via}): {label.en}.",
                fr=f"{player} met la carte du dessus de {whose_fr} sur le champ de bataille "
                f"face cachée : {label.fr}.",
            ),
            # Its controller only: its owner, another player, may not look (708.5).
            **name_for(new, {player}),
            objects=[new.id],
        )


def manifest_cards(ctx: MtgCtx, action: ManifestCards) -> None:
    """Manifest (or cloak) chosen cards: from a graveyard, exile, a hand, or a permanent that
    goes into a face-down pile with them; with `random_order` the pile is shuffled first."""
    via: FaceDownVia = action.via
    require_current_rules(ctx, via.capitalize(), _VERB_FR[via])
    rule = _RULE[via]
    chosen = [ctx.find(i) for i in dict.fromkeys(action.objects)]
    for obj in chosen:
        if obj.zone not in _PILE_ZONES:
            raise RuleError(
                [rule],
                "Only cards in a graveyard, in exile, in a hand or a permanent going into the "
                "pile can be manifested this way.",
                "Seules des cartes d'un cimetière, de l'exil, d'une main ou un permanent qui "
                "rejoint la pile peuvent être manifestés ainsi.",
            )
        if obj.is_token:
            raise RuleError(
                ["111.1", rule],
                "A token is not a card: it can't be manifested.",
                "Un jeton n'est pas une carte : il ne peut pas être manifesté.",
            )
    if action.player is not None:
        player = ctx.player(action.player)
    elif ctx.actor is not None or chosen:
        player = ctx.acting_for(chosen[0].owner if chosen else "")
    else:
        raise RuleError([rule], "Say which player manifests.", "Indiquez quel joueur manifeste.")
    _require_manifester(ctx, player, via, _VERB_FR[via])
    # Jeskai Infiltrator: the top card(s) of the library join the pile, never seen by anyone.
    chosen += ctx.state.in_zone(Zone.LIBRARY, player)[: action.from_library]
    if not chosen:
        raise RuleError(
            [rule], "There is no card to manifest.", "Il n'y a aucune carte à manifester."
        )
    # What everyone saw before the cards turned face down: face-up cards in a public zone, in
    # the order they were chosen. Not by name: two games alike but for the hidden cards'
    # names must word this alike (a name's spelling ordering the list is a difference the
    # other seat can compare).
    seen = [o.card.shown_name() for o in chosen if _public(o)]
    hidden = sum(1 for o in chosen if o.zone in (Zone.HAND, Zone.LIBRARY) or o.face_down)
    # Shuffled before any new id, position or entered number is given (708.6 numbers are
    # public): from here on the order is the only link, and only `player` learns it.
    order = ctx.shuffled(chosen) if action.random_order else chosen
    made: list[tuple[MtgObject, Text]] = []
    for obj in order:
        name = obj.card.shown_name()
        made.append((put_face_down(ctx, obj, via, player), name))
    labels = [public_label(ctx.state, new) for new, _ in made]
    names_en = ", ".join(t.en for t in seen)
    names_fr = ", ".join(t.fr for t in seen)
    unseen_en, unseen_fr = (
        plural_pair(
            hidden, ("# unseen card", "# unseen cards"), ("# carte non vue", "# cartes non vues")
        )
        if hidden
        else ("", "")
    )
    made_en, made_fr = plural_pair(len(made), ("# card", "# cards"), ("# carte", "# cartes"))
    them_en, them_fr = plural_pair(len(made), ("it", "them"), ("la", "les"))
    what_en = "; ".join(x for x in (names_en, unseen_en) if x)
    what_fr = "; ".join(x for x in (names_fr, unseen_fr) if x)
    keys = [rule, "707.3", "707.2", "701.40e"]
    if action.random_order:
        public = Text(
            en=f"{player} shuffles {made_en} face down ({what_en}) and {via}s {them_en} "
            f"in a random order: {', '.join(t.en for t in labels)}. Only {player} knows which "
            "is which.",
            fr=f"{player} mélange {made_fr} face cachée ({what_fr}) et {them_fr} "
            f"{'manifeste' if via == 'manifest' else 'voile'} dans un ordre aléatoire : "
            f"{', '.join(t.fr for t in labels)}. Seul {player} sait laquelle est laquelle.",
        )
        keys.append("707.5")
    else:
        # Without a shuffle, a card everyone saw is still known to be that permanent.
        pairs = [
            (label, name, obj) for (new, name), label, obj in zip(made, labels, chosen, strict=True)
        ]
        public = Text(
            en=f"{player} {via}s {made_en} one at a time: "
            + ", ".join(f"{n.en} as {lab.en}" if _public(o) else lab.en for lab, n, o in pairs)
            + ".",
            fr=f"{player} {'manifeste' if via == 'manifest' else 'voile'} {made_fr} "
            "une à une : "
            + ", ".join(f"{n.fr} en {lab.fr}" if _public(o) else lab.fr for lab, n, o in pairs)
            + ".",
        )
    private = Text(
        en="; ".join(f"{lab.en} is {name.en}" for lab, (_, name) in zip(labels, made, strict=True))
        + ".",
        fr="; ".join(f"{lab.fr} est {name.fr}" for lab, (_, name) in zip(labels, made, strict=True))
        + ".",
    )
    ctx.emit(
        "manifest_cards",
        keys,
        public,
        private=private,
        private_to=[player],
        objects=[new.id for new, _ in made],
    )


def may_manifest_dread(ctx: MtgCtx, action: ManifestDread) -> None:
    """701.62a: under today's rules, by the player who manifests dread (the judge for
    anyone); any library, even an empty one (then nothing happens)."""
    require_current_rules(ctx, "Manifest dread", "La manifestation d'effroi")
    player = ctx.player(action.player)
    _require_manifester(ctx, player, "manifest dread", "manifester l'effroi")


def manifest_dread(ctx: MtgCtx, action: ManifestDread) -> None:
    """701.62a: look at the top two cards of your library; manifest one, put the other into
    your graveyard. The look waits for the choice (manifest_dread_choose)."""
    may_manifest_dread(ctx, action)
    # Nothing below refuses: an empty library is a manifest dread that does nothing (701.62a).
    player = action.player
    library = ctx.state.in_zone(Zone.LIBRARY, player)
    if not library:
        ctx.emit(
            "manifest_dread_empty",
            ["701.62a"],
            Text(
                en=f"{player} manifests dread, but their library is empty: nothing happens.",
                fr=f"{player} manifeste l'effroi, mais sa bibliothèque est vide : rien ne se "
                "passe.",
            ),
        )
        return
    if len(library) == 1:
        new = put_face_down(ctx, library[0], "manifest", player)
        label = public_label(ctx.state, new)
        ctx.emit(
            "manifest_dread",
            ["701.62a", "701.40", "707.3"],
            Text(
                en=f"{player} manifests dread with only one card in their library: it is "
                f"manifested, nothing goes to the graveyard: {label.en}.",
                fr=f"{player} manifeste l'effroi avec une seule carte dans sa bibliothèque : "
                f"elle est manifestée, rien ne va au cimetière : {label.fr}.",
            ),
            **name_for(new, {player}),
            objects=[new.id],
        )
        return
    looked = library[:2]
    for card in looked:
        if player not in card.known_to:
            card.known_to.append(player)
    ctx.state.dread_pending = DreadPending(player=player, looked=tuple(c.id for c in looked))
    names = [c.card.shown_name() for c in looked]
    ctx.emit(
        "manifest_dread_look",
        ["701.62a"],
        Text(
            en=f"{player} manifests dread: they look at the top two cards of their library "
            "(only they see them), then manifest one and put the other into their graveyard.",
            fr=f"{player} manifeste l'effroi : il regarde les deux cartes du dessus de sa "
            "bibliothèque (lui seul les voit), puis en manifeste une et met l'autre dans son "
            "cimetière.",
        ),
        private=Text(
            en=f"Top first: {', '.join(n.en for n in names)}.",
            fr=f"Du dessus : {', '.join(n.fr for n in names)}.",
        ),
        private_to=[player],
    )


def manifest_dread_choose(ctx: MtgCtx, action: ManifestDreadChoose) -> None:
    pending = ctx.state.dread_pending
    if pending is None:
        raise RuleError(
            ["701.62a"],
            "No manifest dread is waiting for a choice.",
            "Aucune manifestation d'effroi n'attend de choix.",
        )
    player = pending.player
    ctx.acting_as(
        player,
        ["701.62a"],
        f"Only {player} chooses: they looked at the cards.",
        f"Seul {player} choisit : c'est lui qui a regardé les cartes.",
    )
    if action.object not in pending.looked:
        raise RuleError(
            ["701.62a"],
            "Choose one of the two cards you looked at.",
            "Choisissez une des deux cartes que vous avez regardées.",
        )
    state = ctx.state
    chosen = state.get(action.object)
    rest = [state.get(i) for i in pending.looked if i != action.object]
    assert chosen is not None  # looked ids stay library cards while the choice waits
    name = chosen.card.shown_name()
    new = put_face_down(ctx, chosen, "manifest", player)
    binned: list[Text] = []
    last_known = []
    for other in rest:
        assert other is not None
        # Into the graveyard face up: public from now on.
        last_known.append((look_back.remember(state, other), ctx.relocate(other, Zone.GRAVEYARD)))
        binned.append(other.card.shown_name())
    state.dread_pending = None
    label = public_label(ctx.state, new)
    ctx.emit(
        "manifest_dread_choose",
        ["701.62a", "701.40", "707.3", "707.2"],
        Text(
            en=f"{player} manifests one of the two cards ({label.en}) and puts the other into their graveyard: "
            f"{', '.join(b.en for b in binned)}.",
            fr=f"{player} manifeste l'une des deux cartes ({label.fr}) et met l'autre dans son "
            f"cimetière : {', '.join(b.fr for b in binned)}.",
        ),
        private=Text(
            en=f"The manifested card is {name.en}.", fr=f"La carte manifestée est {name.fr}."
        ),
        private_to=[player],
        objects=[new.id],
    )
    # 603.6c: "put into a graveyard from anywhere" triggers for the binned card (700.4: it
    # doesn't die).
    for before, binned_card in last_known:
        look_back.announce(ctx, before, Zone.GRAVEYARD, binned_card)
