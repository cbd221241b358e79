"""A casual table's actions: dealing, drawing, shuffling, milling, looking at and revealing
the top of a library, the London mulligan, life, tokens, dice and coins.

Hidden information: a drawn card is known to its owner only; a look at the top of a library
only to the one who looks (and the judge), until that library is shuffled; every zone change
makes a new object with a new id (400.7) and a shuffle renews the library's ids and forgets
what anyone knew of it. Public texts count cards; names go in the private text of those who
may see them. Randomness comes from the game's secret seed (MtgCtx.shuffled), so replaying the
log gives the same cards, dice and coins.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.piles import shuffle_pile
from app.rules.core.projection import project
from app.rules.core.table_actions import (
    cards_said,
    names_of,
    only_the_player,
    say_dealt,
    say_drawn,
)
from app.rules.core.words import life_fr, plural_pair
from app.rules.mtg import characteristics, look_back
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.face_down import mark_entered
from app.rules.mtg.labels import describe, public_label
from app.rules.mtg.state import MtgCtx, MtgObject, Zone
from app.rules.mtg.table_actions import (
    CreateToken,
    Draw,
    FlipCoin,
    Keep,
    Life,
    LookTop,
    Mill,
    Mulligan,
    MulliganBottom,
    RevealTop,
    RollDie,
    Shuffle,
)

# 103.5: the starting hand size, normally seven (a London mulligan draws seven again).
OPENING_HAND = 7


def _top_cards(n: int) -> Text:
    """ "the top card" / "the top 2 cards", "la carte" / "les 2 cartes" (du dessus)."""
    en, fr = plural_pair(n, ("the top card", "the top # cards"), ("la carte", "les # cartes"))
    return Text(en=en, fr=fr)


def _library(ctx: MtgCtx, player: str) -> list[MtgObject]:
    return ctx.state.in_zone(Zone.LIBRARY, player)


# --- the building blocks (setup uses them too) ---------------------------------------------


def shuffle_library(ctx: MtgCtx, player: str) -> None:
    """701.24a: a random order nobody knows. Every card gets a new id and whatever anyone
    knew of it is forgotten: nobody can follow a card through a shuffle."""
    shuffle_pile(ctx, _library(ctx, player))


def draw_cards(ctx: MtgCtx, player: str, count: int) -> list[MtgObject]:
    """121.1: the top card, one at a time, into the hand: each a new object (400.7)."""
    drawn: list[MtgObject] = []
    for _ in range(count):
        library = _library(ctx, player)
        if not library:
            break
        drawn.append(ctx.relocate(library[0], Zone.HAND))
    return drawn


def emit_draw(ctx: MtgCtx, player: str, drawn: list[MtgObject], asked: int) -> None:
    """'Alice draws 2 cards' for everyone; which ones for Alice (and the judge) only."""
    keys = ["121.1"]
    short_en = short_fr = ""
    if len(drawn) < asked:
        # 704.5b: drawing from an empty library loses the game at the next check; the
        # judge ends it (nothing here decides a game on its own).
        keys.append("704.5b")
        missing_en, missing_fr = plural_pair(
            asked - len(drawn),
            ("Their library was empty for the last one", "Their library was empty for # of them"),
            (
                "Sa bibliothèque était vide pour la dernière",
                "Sa bibliothèque était vide pour # d'entre elles",
            ),
        )
        short_en = (
            f" {missing_en}: a player who tried to draw from an empty library loses the game."
        )
        short_fr = (
            f" {missing_fr} : un joueur qui a tenté de piocher dans une bibliothèque vide perd "
            "la partie."
        )
    say_drawn(ctx, player, drawn, keys, Text(en=short_en, fr=short_fr))


def deal(ctx: MtgCtx, players: Sequence[str]) -> None:
    """103.3 and 103.5: each library shuffled, then each player draws seven."""
    for player in players:
        shuffle_library(ctx, player)
        drawn = draw_cards(ctx, player, OPENING_HAND)
        shuffles = Text(en="shuffles their library", fr="mélange sa bibliothèque")
        say_dealt(ctx, player, drawn, ["103.3", "103.5-hand"], shuffles)


def _own_or_judge(ctx: MtgCtx, player: str, rules: list[str], what: Text) -> str:
    """Only the player (or the judge): nobody takes another player's mulligan."""
    return only_the_player(ctx, player, rules, what)


def _top(ctx: MtgCtx, player: str, count: int, rules: list[str]) -> list[MtgObject]:
    library = _library(ctx, player)
    if not library:
        raise RuleError(
            rules,
            f"{player}'s library is empty.",
            f"La bibliothèque de {player} est vide.",
        )
    return library[:count]


# --- the handlers and their preconditions (app.rules.core.family.Move) --------------------


def may_name_player(ctx: MtgCtx, action: Draw | Shuffle | Life) -> None:
    """A draw, a shuffle, a life change: for a player of the game (another player's is a
    proposal: the engine asks them)."""
    ctx.player(action.player)


def may_mill(ctx: MtgCtx, action: Mill) -> None:
    """701.17: from a library with cards in it."""
    _top(ctx, ctx.player(action.player), action.count, ["701.17"])


def may_look_top(ctx: MtgCtx, action: LookTop) -> None:
    """401.2: at a library with cards in it."""
    _top(ctx, ctx.player(action.player), action.count, ["401.2"])


def may_reveal_top(ctx: MtgCtx, action: RevealTop) -> None:
    """701.20: from a library with cards in it."""
    _top(ctx, ctx.player(action.player), action.count, ["701.20"])


def draw(ctx: MtgCtx, action: Draw) -> None:
    """Another player's draw is a proposal (app.rules.core.proposals): the engine asks."""
    may_name_player(ctx, action)
    player = action.player
    emit_draw(ctx, player, draw_cards(ctx, player, action.count), action.count)


def shuffle(ctx: MtgCtx, action: Shuffle) -> None:
    may_name_player(ctx, action)
    player = action.player
    shuffle_library(ctx, player)
    ctx.emit(
        "shuffle",
        ["701.24"],
        Text(
            en=f"{player} shuffles their library ({cards_said(len(_library(ctx, player))).en}): "
            "nobody knows its order any more.",
            fr=f"{player} mélange sa bibliothèque ({cards_said(len(_library(ctx, player))).fr}) : "
            "plus personne n'en connaît l'ordre.",
        ),
    )


def mill(ctx: MtgCtx, action: Mill) -> None:
    """701.17: into a public zone, so everyone sees which cards. Milled cards don't die
    (700.4: dying is battlefield to graveyard); "put into a graveyard from anywhere"
    abilities trigger (603.6c), said after the mill."""
    may_mill(ctx, action)
    player = action.player
    top = _top(ctx, player, action.count, ["701.17"])
    last_known = [look_back.remember(ctx.state, o) for o in top]
    milled = [ctx.relocate(o, Zone.GRAVEYARD) for o in top]
    n, names = cards_said(len(milled)), names_of(milled)
    ctx.emit(
        "mill",
        ["701.17", "400.7"],
        Text(
            en=f"{player} mills {n.en}: {names.en}.",
            fr=f"{player} meule {n.fr} : {names.fr}.",
        ),
        objects=[o.id for o in milled],
    )
    for before, new in zip(last_known, milled, strict=True):
        look_back.announce(ctx, before, Zone.GRAVEYARD, new)


def look_top(ctx: MtgCtx, action: LookTop) -> None:
    """The one who looks knows these cards until the library is shuffled (or they leave
    it); nobody else learns anything but how many. Looking at another player's library is
    an effect that player lets happen (a proposal)."""
    may_look_top(ctx, action)
    player = action.player
    looker = ctx.acting_for(player)
    top = _top(ctx, player, action.count, ["401.2"])
    for obj in top:
        obj.known_to = sorted({*obj.known_to, looker})
    n = _top_cards(len(top))
    whose_en = "their" if looker == player else f"{player}'s"
    whose_fr = "sa bibliothèque" if looker == player else f"la bibliothèque de {player}"
    ctx.emit(
        "look_top",
        ["401.2"],
        Text(
            en=f"{looker} looks at {n.en} of {whose_en} library.",
            fr=f"{looker} regarde {n.fr} du dessus de {whose_fr}.",
        ),
        private=Text(
            en=f"From the top: {names_of(top).en}.", fr=f"Depuis le dessus : {names_of(top).fr}."
        ),
        private_to=[looker],
    )


def reveal_top(ctx: MtgCtx, action: RevealTop) -> None:
    """701.20: everyone sees them; they stay on top, known to all until shuffled."""
    may_reveal_top(ctx, action)
    player = action.player
    top = _top(ctx, player, action.count, ["701.20"])
    for obj in top:
        obj.known_to = ctx.state.player_names()
    n, names = _top_cards(len(top)), names_of(top)
    ctx.emit(
        "reveal_top",
        ["701.20", "401.2"],
        Text(
            en=f"{player} reveals {n.en} of their library: {names.en}.",
            fr=f"{player} révèle {n.fr} du dessus de sa bibliothèque : {names.fr}.",
        ),
    )


def _before_keeping(ctx: MtgCtx, player: str) -> None:
    if player in ctx.state.kept:
        raise RuleError(
            ["103.5"],
            f"{player} has kept their opening hand: no more mulligans.",
            f"{player} a gardé sa main de départ : plus de mulligan.",
        )


def may_mulligan(ctx: MtgCtx, action: Mulligan) -> None:
    """103.5: a player's own, before keeping, while the hand would still hold a card."""
    player = _own_or_judge(
        ctx, action.player, ["103.5"], Text(en="take this mulligan", fr="prendre ce mulligan")
    )
    _before_keeping(ctx, player)
    if ctx.state.mulligans.get(player, 0) + 1 >= OPENING_HAND:
        raise RuleError(
            ["103.5"],
            "A player can take mulligans only until their opening hand would be zero cards.",
            "On peut prendre des mulligans tant que la main de départ ne tombe pas à zéro carte.",
        )


def mulligan(ctx: MtgCtx, action: Mulligan) -> None:
    """103.5 (London): the hand shuffled into the library, seven new cards; on keeping, one
    card per mulligan goes to the bottom (mulligan_bottom)."""
    may_mulligan(ctx, action)
    player = action.player
    taken = ctx.state.mulligans.get(player, 0)
    for obj in ctx.state.in_zone(Zone.HAND, player):
        ctx.relocate(obj, Zone.LIBRARY)
    shuffle_library(ctx, player)
    drawn = draw_cards(ctx, player, OPENING_HAND)
    ctx.state.mulligans[player] = taken + 1
    ctx.emit(
        "mulligan",
        ["103.5", "701.24", "121.1"],
        Text(
            en=f"{player} takes a mulligan ({taken + 1}): their hand is shuffled into their "
            f"library and they draw {cards_said(len(drawn)).en}; on keeping, {taken + 1} of them "
            "go to the bottom of their library.",
            fr=f"{player} prend un mulligan ({taken + 1}) : sa main est mélangée dans sa "
            f"bibliothèque et il pioche {cards_said(len(drawn)).fr} ; en la gardant, il en mettra "
            f"{taken + 1} sous sa bibliothèque.",
        ),
        private=Text(
            en=f"New hand: {names_of(drawn).en}.", fr=f"Nouvelle main : {names_of(drawn).fr}."
        ),
        private_to=[player],
    )


def mulligan_bottom(ctx: MtgCtx, action: MulliganBottom) -> None:
    player = _own_or_judge(
        ctx, action.player, ["103.5"], Text(en="keep this hand", fr="garder cette main")
    )
    _before_keeping(ctx, player)
    owed = ctx.state.mulligans.get(player, 0)
    chosen = [ctx.find(i) for i in dict.fromkeys(action.objects)]
    if len(chosen) != owed or len(action.objects) != owed:
        # A name is never put inside a plural form: a "#" in it would become the number.
        after_en, after_fr = plural_pair(
            owed,
            ("After # mulligan", "After # mulligans"),
            ("Après # mulligan", "Après # mulligans"),
        )
        cards_en, cards_fr = plural_pair(
            owed, ("# card", "# different cards"), ("# carte", "# cartes différentes")
        )
        raise RuleError(
            ["103.5"],
            f"{after_en}, {player} puts exactly {cards_en} of their hand on the bottom of "
            "their library.",
            f"{after_fr}, {player} met exactement {cards_fr} de sa main sous sa bibliothèque.",
        )
    if any(o.zone != Zone.HAND or o.owner != player for o in chosen):
        raise RuleError(
            ["103.5"],
            f"Only cards in {player}'s hand go to the bottom of their library.",
            f"Seules des cartes de la main de {player} vont sous sa bibliothèque.",
        )
    names = names_of(chosen)
    for obj in chosen:
        ctx.relocate(obj, Zone.LIBRARY)  # each below the last: the order given
    ctx.state.kept = [*ctx.state.kept, player]
    kept = cards_said(len(ctx.state.in_zone(Zone.HAND, player)))
    ctx.emit(
        "keep",
        ["103.5", "400.7"],
        Text(
            en=f"{player} keeps {kept.en}, putting {cards_said(owed).en} on the bottom of their "
            "library.",
            fr=f"{player} garde {kept.fr} et met {cards_said(owed).fr} sous sa bibliothèque.",
        ),
        private=Text(en=f"To the bottom: {names.en}.", fr=f"Dessous : {names.fr}."),
        private_to=[player],
    )


def may_keep(ctx: MtgCtx, action: Keep) -> None:
    """103.5: a player's own, once, after putting on the bottom what their mulligans owe."""
    player = _own_or_judge(
        ctx, action.player, ["103.5"], Text(en="keep this hand", fr="garder cette main")
    )
    _before_keeping(ctx, player)
    owed = ctx.state.mulligans.get(player, 0)
    if owed:
        raise RuleError(
            ["103.5"],
            *plural_pair(
                owed,
                (
                    "After # mulligan, keeping puts # card of the hand on the bottom of the "
                    "library: choose it (mulligan_bottom).",
                    "After # mulligans, keeping puts # cards of the hand on the bottom of the "
                    "library: choose them (mulligan_bottom).",
                ),
                (
                    "Après # mulligan, garder sa main met # carte sous la bibliothèque : "
                    "choisissez-la (mulligan_bottom).",
                    "Après # mulligans, garder sa main met # cartes sous la bibliothèque : "
                    "choisissez-les (mulligan_bottom).",
                ),
            ),
        )


def keep(ctx: MtgCtx, action: Keep) -> None:
    may_keep(ctx, action)
    player = action.player
    ctx.state.kept = [*ctx.state.kept, player]
    kept = cards_said(len(ctx.state.in_zone(Zone.HAND, player)))
    ctx.emit(
        "keep",
        ["103.5"],
        Text(en=f"{player} keeps {kept.en}.", fr=f"{player} garde {kept.fr}."),
    )


def life(ctx: MtgCtx, action: Life) -> None:
    """119.3; another player's life is changed by an effect they let happen (a proposal)."""
    may_name_player(ctx, action)
    name = action.player
    player = next(p for p in ctx.state.players if p.name == name)
    player.life += action.amount
    keys = ["119.3"]
    verb_en, verb_fr = ("gains", "gagne") if action.amount > 0 else ("loses", "perd")
    tail_en = tail_fr = ""
    if player.life <= 0:
        keys.append("704.5a")
        tail_en = " At 0 or less life a player loses the game (the judge ends it)."
        tail_fr = " À 0 point de vie ou moins, un joueur perd la partie (l'arbitre la termine)."
    ctx.emit(
        "life",
        keys,
        Text(
            en=f"{name} {verb_en} {abs(action.amount)} life ({player.life}).{tail_en}",
            fr=f"{name} {verb_fr} {life_fr(abs(action.amount))} ({player.life}).{tail_fr}",
        ),
    )


def may_create_token(ctx: MtgCtx, action: CreateToken) -> None:
    """A token for a player of the game; a copy is of a permanent on the battlefield that the
    actor can see (707.2)."""
    ctx.player(action.player)
    if action.copy_of is not None and ctx.find(action.copy_of).zone != Zone.BATTLEFIELD:
        raise RuleError(
            ["707.2-copy"],
            "A token copy is made of a permanent on the battlefield.",
            "Un jeton copie se fait d'un permanent sur le champ de bataille.",
        )


def create_token(ctx: MtgCtx, action: CreateToken) -> None:
    """111.1; a copy (707.2) takes only copiable values: no status, counters or effects, and
    a face-down permanent's are a nameless 2/2 (so nothing hidden is copied or told): a
    face-up 2/2 with no name that can't be turned face up, since it isn't face down.
    `face_down`: the token is created face down (708.2), its own values hidden."""
    may_create_token(ctx, action)
    player = action.player
    copied = None
    keys = ["111.1"]
    if action.copy_of is not None:
        source = ctx.find(action.copy_of)
        copied = characteristics.copiable_values(source)
        shown = describe(ctx.state, source, face=False)
        card = project(
            copied,
            MtgCard,
            name=copied.name or "Token",
            name_fr=copied.name_fr or (None if copied.name else "Jeton"),
        )
        keys.append("707.2-copy")
        if source.face_down:
            keys.append("707.2")
        what = Text(en=f"a copy of {shown.en}", fr=f"une copie de {shown.fr}")
    else:
        assert action.card is not None
        card = action.card
        what = card.shown_name()
    made: list[MtgObject] = []
    for _ in range(action.count):
        token = MtgObject(
            id=ctx.new_id(),
            card=card,
            is_token=True,
            owner=player,
            controller=player,
            zone=Zone.BATTLEFIELD,
            position=ctx.next_position(),
            tapped=action.tapped,
            copy_of=copied,
            controllers=[player],
        )
        if action.face_down:
            token.face_down = True
            token.face_down_via = "effect"
            mark_entered(ctx, token)
        ctx.state.objects.append(token)
        made.append(token)
    if copied is not None and copied.name is None:
        what = Text(
            en=f"{what.en} (a face-up nameless 2/2)", fr=f"{what.fr} (un 2/2 sans nom face visible)"
        )
    count_en, count_fr = plural_pair(
        action.count, ("a token", "# tokens"), ("un jeton", "# jetons")
    )
    tapped_en, tapped_fr = (
        plural_pair(action.count, (" tapped", " tapped"), (" engagé", " engagés"))
        if action.tapped
        else ("", "")
    )
    if action.face_down:
        # 708.2: what it is stays with its controller (and the judge); all else is public.
        labels = [public_label(ctx.state, t) for t in made]
        ctx.emit(
            "create_token",
            [*keys, "111.1-face-down", "707.2"],
            Text(
                en=f"{player} creates {count_en}{tapped_en} face down: "
                + ", ".join(lb.en for lb in labels)
                + ".",
                fr=f"{player} crée {count_fr}{tapped_fr} face cachée : "
                + ", ".join(lb.fr for lb in labels)
                + ".",
            ),
            private=Text(en=f"It is {what.en}.", fr=f"C'est {what.fr}."),
            private_to=[player],
            objects=[t.id for t in made],
        )
        return
    ctx.emit(
        "create_token",
        keys,
        Text(
            en=f"{player} creates {count_en}{tapped_en}: {what.en}.",
            fr=f"{player} crée {count_fr}{tapped_fr} : {what.fr}.",
        ),
        objects=[t.id for t in made],
    )


def _who(ctx: MtgCtx) -> Text:
    return Text(en=ctx.actor or "The judge", fr=ctx.actor or "L'arbitre")


def roll_die(ctx: MtgCtx, action: RollDie) -> None:
    """706.1: the first face of a seeded shuffle of the die's faces: fair, and the same
    when the log is replayed."""
    result = ctx.shuffled(range(1, action.sides + 1))[0]
    who = _who(ctx)
    ctx.emit(
        "roll_die",
        ["706.1-die"],
        Text(
            en=f"{who.en} rolls a {action.sides}-sided die: {result}.",
            fr=f"{who.fr} lance un dé à {action.sides} faces : {result}.",
        ),
    )


def flip_coin(ctx: MtgCtx, action: FlipCoin) -> None:
    """705.1: heads or tails, from the game's secret seed."""
    heads = ctx.shuffled([True, False])[0]
    who = _who(ctx)
    ctx.emit(
        "flip_coin",
        ["705.1"],
        Text(
            en=f"{who.en} flips a coin: {'heads' if heads else 'tails'}.",
            fr=f"{who.fr} lance une pièce : {'face' if heads else 'pile'}.",
        ),
    )
