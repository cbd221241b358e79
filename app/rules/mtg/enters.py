"""A face-up permanent has just entered: its "enters" text, said and handled by its kind.

A "when it enters" ability triggers and goes on the stack (603.2, 603.3). An "as it enters"
or "enters with" text is a replacement effect (614.1c): it never triggers nor uses the stack.
The one the engine models, Ixidron's "turn all other nontoken creatures face down", it
applies as Ixidron enters; any other the judge applies by hand. (Face down, a permanent has
none of these: 708.3.)
"""

from __future__ import annotations

import re

from app.rules.core.events import Text
from app.rules.mtg import characteristics
from app.rules.mtg.ability_kinds import enters_kind
from app.rules.mtg.actions import TurnFaceDown
from app.rules.mtg.edition import is_2004
from app.rules.mtg.face_down import ixidron_turns, turn_face_down
from app.rules.mtg.state import MtgCtx, MtgObject
from app.rules.mtg.trigger_stack import hand_to_judge, put_on_stack, sentence, source_facts

# Ixidron's replacement effect, as printed (and as the importer keeps it).
_IXIDRON = re.compile(r"\bturn all other nontoken (?:face-up )?creatures face down\b", re.I)


def announce_enters(ctx: MtgCtx, permanent: MtgObject) -> None:
    values = characteristics.current(permanent, ctx.state)
    text = values.enters_ability
    if not text or permanent.face_down:
        return
    facts = source_facts(ctx.state, permanent)
    if enters_kind(text) == "replacement":
        if _IXIDRON.search(text) and not is_2004(ctx):
            _ixidron(ctx, permanent, text)
            return
        hand_to_judge(
            ctx,
            facts=facts,
            controller=permanent.controller,
            text=text,
            text_fr=None,
            rules=("614.1c",),
            why="replacement",
        )
        return
    name = Text(en=facts["source_name"], fr=facts["source_name_fr"])
    put_on_stack(
        ctx,
        Text(
            en=f'{name.en}\'s "when it enters" ability triggers: {sentence(text)}',
            fr=f"La capacité « quand il arrive » de {name.fr} se déclenche : {sentence(text)}",
        ),
        [],
        facts=facts,
        controller=permanent.controller,
        text=text,
        text_fr=None,
        event="enters",
        objects=[permanent.id],
    )


def _ixidron(ctx: MtgCtx, permanent: MtgObject, text: str) -> None:
    """614.1c: Ixidron's effect applies as it enters, so nothing can happen in between (its
    power and toughness count the creatures it turned: 604.3)."""
    name = characteristics.current(permanent, ctx.state).name or permanent.card.name
    ctx.emit(
        "replacement",
        ["614.1c", "card.ixidron"],
        Text(
            en=f"{name}: {sentence(text)} A replacement effect (614.1c): it applies as "
            f"{name} enters; it doesn't trigger and never uses the stack.",
            fr=f"{name} : {sentence(text)} Un effet de remplacement (614.1c) : il s'applique "
            f"quand {name} arrive ; il ne se déclenche pas et n'utilise jamais la pile.",
        ),
        objects=[permanent.id],
    )
    others = ixidron_turns(ctx, permanent.id)
    if not others:
        ctx.emit(
            "replacement",
            ["card.ixidron"],
            Text(
                en="There is no other nontoken creature to turn face down.",
                fr="Il n'y a aucune autre créature non-jeton à retourner face cachée.",
            ),
        )
        return
    turn_face_down(ctx, TurnFaceDown(type="turn_face_down", via="ixidron", source=permanent.id))
