"""Triggers as a card changes zones, and which abilities the game looks at to decide.

603.10a: "dies" and "leaves the battlefield" abilities look back in time: the game checks the
permanent as it last existed on the battlefield. A face-down creature had no abilities then
(708.2), so its own "dies" abilities do not trigger, even though the card is face up once it
is in the graveyard. 603.6c: "when this is put into a graveyard from anywhere" is no
leaves-the-battlefield ability: it is checked on the card in the graveyard, where it is face
up, so it triggers whatever it was before.

The engine says which abilities trigger and why (and which don't, with the rule); each that
triggers goes on the stack (app.rules.mtg.triggers), where it is resolved, countered or copied.
"""

from __future__ import annotations

from typing import NamedTuple

from app.rules.core.events import Text
from app.rules.core.words import counters_words
from app.rules.mtg import characteristics
from app.rules.mtg.cards import CardTrigger, MtgCard
from app.rules.mtg.labels import describe, public_label
from app.rules.mtg.state import HIDDEN_ZONES, MtgCtx, MtgGame, MtgObject, Zone
from app.rules.mtg.trigger_stack import public_facts, put_on_stack
from app.rules.mtg.visibility import face_known_to


class LastKnown(NamedTuple):
    """What the game remembers of an object as it leaves a zone (its last known
    information): enough to decide its look-back triggers afterwards."""

    card: MtgCard
    origin: Zone
    face_down: bool
    # The triggered abilities it had as it last existed (none when face down: 708.2).
    triggers: tuple[CardTrigger, ...]
    counters: dict[str, int]
    label: Text
    name: Text
    # 603.3a: who controlled it, so who controls its triggered abilities.
    controller: str = ""


def remember(state: MtgGame, obj: MtgObject) -> LastKnown:
    """Its last known information, taken just before it moves."""
    on_table = obj.zone in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT)
    # Face down, only what an effect granted it (708.2: none of its own; 613.1f).
    triggers: tuple[CardTrigger, ...] = characteristics.current(obj, state).triggers
    # Face down, its name is said only where it is revealed (or to those who may see it).
    name = obj.card.shown_name() if obj.face_down else describe(state, obj, face=True)
    return LastKnown(
        card=obj.card,
        origin=obj.zone,
        face_down=obj.face_down,
        triggers=triggers,
        counters=dict(obj.counters),
        label=public_label(state, obj) if obj.face_down and on_table else Text(en="", fr=""),
        name=name,
        controller=obj.controller,
    )


def _counters_note(counters: dict[str, int]) -> Text:
    if not counters:
        return Text(en="", fr="")
    said = [counters_words(n, c) for c, n in sorted(counters.items())]
    return Text(
        en=f" As it last existed it had {', '.join(en for en, _ in said)}.",
        fr=f" Tel qu'il existait en dernier, il avait {', '.join(fr for _, fr in said)}.",
    )


def announce(ctx: MtgCtx, before: LastKnown, zone: Zone, new: MtgObject | None) -> None:
    """After `before`'s object moved to `zone` (as `new`; None for a token that ceased to
    exist): say which of its zone-change abilities trigger, and which don't and why. A card
    whose face is still hidden afterwards (a judge's edit into a hand) is named only to
    those who may see it."""
    seers = _seers(ctx.state, new)
    died = before.origin == Zone.BATTLEFIELD and zone == Zone.GRAVEYARD
    left = before.origin == Zone.BATTLEFIELD
    to_graveyard = zone == Zone.GRAVEYARD
    # Every ability on the card itself, and what it had as it last existed (a copy's).
    printed = tuple(before.card.triggers)
    candidates = printed + tuple(t for t in before.triggers if t not in printed)
    for trigger in candidates:
        if trigger.event == "put_into_graveyard_from_anywhere" and to_graveyard:
            # 603.6c: checked on the card in the graveyard, where it is face up (and is
            # the card itself again, 400.7), whatever it was before.
            _emit_trigger(ctx, before, trigger, new, ["603.6c"], face_down_note=before.face_down)
        elif (trigger.event == "dies" and died) or (trigger.event == "leaves_battlefield" and left):
            if trigger in before.triggers:
                _emit_trigger(
                    ctx,
                    before,
                    trigger,
                    new,
                    ["603.10a"],
                    face_down_note=before.face_down,
                    seers=seers if before.face_down else None,
                )
            elif before.face_down:
                _emit_no_trigger(ctx, before, trigger, seers)
            else:
                _emit_lost(ctx, before, trigger)


def _event_name(trigger: CardTrigger) -> Text:
    return {
        "dies": Text(en="dies", fr="meurt"),
        "leaves_battlefield": Text(en="leaves the battlefield", fr="quitte le champ de bataille"),
        "put_into_graveyard_from_anywhere": Text(
            en="is put into a graveyard from anywhere",
            fr="est mis dans un cimetière depuis n'importe où",
        ),
    }[trigger.event]


def _emit_trigger(
    ctx: MtgCtx,
    before: LastKnown,
    trigger: CardTrigger,
    new: MtgObject | None,
    keys: list[str],
    *,
    face_down_note: bool,
    seers: set[str] | None = None,
) -> None:
    """`seers`: who may see the face of a face-down permanent that left without being
    revealed (a judge's edit into a hand); the others read its public label."""
    when = _event_name(trigger)
    name = before.name
    if seers is not None:
        name = (
            before.label
            if before.label.en
            else Text(en="A face-down permanent", fr="Un permanent face cachée")
        )
    if keys == ["603.6c"]:
        why_en = (
            " It is checked on the card in the graveyard, where it is face up: no look back"
            + (
                ", so being face down on the battlefield does not stop it."
                if face_down_note
                else "."
            )
        )
        why_fr = (
            " Elle est vérifiée sur la carte dans le cimetière, où elle est face visible : pas de "
            "retour en arrière"
            + (", donc avoir été face cachée n'y change rien." if face_down_note else ".")
        )
        if face_down_note:
            keys = [*keys, "707.2"]
    else:
        note = _counters_note(before.counters)
        had_en, had_fr = (
            ("face down, and an effect had given it this ability (613.1f)",
             "face cachée, et un effet lui avait donné cette capacité (613.1f)")
            if face_down_note
            else ("face up and had this ability", "face visible et avait cette capacité")
        )  # fmt: skip
        why_en = (
            " The game looks back at it as it last existed on the battlefield: it was "
            f"{had_en}.{note.en}"
        )
        why_fr = (
            " Le jeu regarde l'objet tel qu'il existait en dernier sur le champ de bataille : il "
            f"était {had_fr}.{note.fr}"
        )
    shown = new is not None and new.zone not in HIDDEN_ZONES
    # 603.3a: its controller as it last existed; in a graveyard, its owner (603.6c).
    controller = new.owner if keys[0] == "603.6c" and new is not None else before.controller
    put_on_stack(
        ctx,
        Text(
            en=f'{name.en}\'s "when it {when.en}" ability triggers: {trigger.text}{why_en}',
            fr=f"La capacité « quand il {when.fr} » de {name.fr} se déclenche : "
            f"{trigger.text_fr or trigger.text}{why_fr}",
        ),
        keys,
        facts={
            **public_facts(before.name, new.id if shown and new is not None else ""),
            "source_label": name.en,
            "source_label_fr": name.fr,
            "source_known_to": tuple(sorted(seers)) if seers is not None else None,
        },
        controller=controller,
        text=trigger.text,
        text_fr=trigger.text_fr,
        event=trigger.event,
        effect=trigger.effect,
        objects=[new.id] if shown and new is not None else [],
    )


def _emit_no_trigger(
    ctx: MtgCtx, before: LastKnown, trigger: CardTrigger, seers: set[str] | None
) -> None:
    """603.10a with 708.2: a face-down permanent had no abilities as it last existed."""
    when = _event_name(trigger)
    general = Text(
        en=f"{before.label.en or 'A face-down permanent'} left the battlefield face down: as it "
        "last existed it had no abilities, so no ability of it triggers on leaving (603.10a).",
        fr=f"{before.label.fr or 'Un permanent face cachée'} a quitté le champ de bataille face "
        "cachée : tel qu'il existait en dernier, il n'avait aucune capacité, donc aucune de ses "
        "capacités ne se déclenche en partant (603.10a).",
    )
    named = Text(
        en=f'{before.name.en}\'s "when it {when.en}" ability does not trigger: the game looks '
        "back at it as it last existed on the battlefield, and it was face down, a 2/2 with no "
        "abilities.",
        fr=f"La capacité « quand il {when.fr} » de {before.name.fr} ne se déclenche pas : le jeu "
        "regarde l'objet tel qu'il existait en dernier sur le champ de bataille, et il était "
        "face cachée, un 2/2 sans capacité.",
    )
    if seers is None:
        ctx.emit("no_trigger", ["603.10a", "707.2"], named)
        return
    ctx.emit("no_trigger", ["603.10a", "707.2"], general, private=named, private_to=seers)


def _emit_lost(ctx: MtgCtx, before: LastKnown, trigger: CardTrigger) -> None:
    """603.10a: face up, but an effect had taken the ability away (613.1f, "loses all
    abilities") as it last existed: it does not trigger. It was face up: nothing hidden."""
    when = _event_name(trigger)
    ctx.emit(
        "no_trigger",
        ["603.10a", "613.1f"],
        Text(
            en=f'{before.name.en}\'s "when it {when.en}" ability does not trigger: the game looks '
            "back at it as it last existed on the battlefield, and it had lost that ability.",
            fr=f"La capacité « quand il {when.fr} » de {before.name.fr} ne se déclenche pas : le "
            "jeu regarde l'objet tel qu'il existait en dernier sur le champ de bataille, et il "
            "avait perdu cette capacité.",
        ),
    )


def _seers(state: MtgGame, new: MtgObject | None) -> set[str] | None:
    """None when every player may see the card now (revealed as it left, 708.9, or face up
    in a public zone); else the players who may."""
    if new is None:
        return None
    seers, _ = face_known_to(state, new)
    return None if seers >= set(state.player_names()) else seers
