"""Magic's timing: who may cast or play what now, and which creatures may attack.

Pure answers from public facts (whose turn it is, the step the judge said, what is on the
stack, a permanent's status): `None` when the rules allow it now, else an `OffTiming` with the
rule. The moves refuse a seat and warn the judge with them (app.rules.core.timing).

* 117.1a: an instant any time its caster has priority; any other spell in a main phase of
  its caster's own turn with an empty stack ("sorcery speed": 307.1 sorceries, 302.1
  creatures, 301.1 artifacts, 303.1 enchantments, 306.1 planeswalkers, 310.1 battles).
  304.1 instants and 702.8 flash: any time with priority.
* A face-down spell (morph, disguise: 702.37c, 702.168) is a 2/2 creature spell with no
  abilities (708.2): sorcery speed, whatever its face says (its flash doesn't count).
* 305.1 / 116.2a: a land in a main phase of your own turn with an empty stack; 305.2: one
  per turn.
* 116.2h / 702.143a: foretelling is a special action any time you have priority during
  your own turn (the stack may hold something).
* 116.2b / 702.37e: turning a face-down permanent face up is a special action any time its
  controller has priority: never off timing here.
* 302.6: a creature attacks (508.1a) only if its controller has controlled it continuously
  since their most recent turn began (`MtgObject.summoning_sick`); haste lifts it (702.10).

The engine doesn't walk through steps: the step is what the judge said (judge_set_turn) and
a new turn forgets it, so an unsaid step counts as a main phase, before combat.
"""

from __future__ import annotations

import re

from app.rules.core.events import Text
from app.rules.core.timing import OffTiming
from app.rules.core.words import plural_pair
from app.rules.mtg import characteristics
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import MtgGame, MtgObject, Zone
from app.rules.mtg.steps import STEPS

MAIN_PHASES = frozenset({"main1", "main2"})
# Steps after attackers are declared (508.1): a creature can't be declared as an attacker then.
AFTER_ATTACKS = frozenset(
    {"declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"}
)

# A noninstant spell's rule by its card type, the first that applies (a creature artifact is
# cast as a creature: the same timing either way).
_SORCERY_SPEED: tuple[tuple[str, str, Text], ...] = (
    ("Sorcery", "307.1", Text(en="a sorcery", fr="un rituel")),
    ("Creature", "302.1", Text(en="a creature spell", fr="un sort de créature")),
    ("Artifact", "301.1", Text(en="an artifact spell", fr="un sort d'artefact")),
    ("Enchantment", "303.1", Text(en="an enchantment spell", fr="un sort d'enchantement")),
    ("Planeswalker", "306.1", Text(en="a planeswalker spell", fr="un sort de planeswalker")),
    ("Battle", "310.1", Text(en="a battle spell", fr="un sort de bataille")),
)
_FACE_DOWN_SPELL = Text(en="a face-down creature spell", fr="un sort de créature face cachée")
_SORCERY_SPEED_NOW = Text(en="Not at sorcery speed now", fr="Pas en vitesse de rituel maintenant")


# A keyword item of a keyword line: one to three words ("flying", "first strike"), maybe with
# a cost ("ward {2}"); never a sentence ("other creatures you control have haste").
_ITEM = r"\w+(?:[ -]\w+){0,2}(?: \{[^}]*\})*"


def has_keyword(text: str, keyword: str) -> bool:
    """`keyword` printed among the card's own keywords ("Flash", "Prowess, haste", "Haste.
    Whenever ..."), reminder text left out; a sentence that gives others a keyword doesn't
    count."""
    bare = re.sub(r"\([^)]*\)", "", text)
    word = re.escape(keyword)
    line = re.compile(rf"^(?:{_ITEM}, )*{word}(?:, {_ITEM})*$", re.IGNORECASE)
    segments = re.split(r"\n|\.\s+", bare)
    return any(line.match(segment.strip().rstrip(".")) for segment in segments)


def stack_size(state: MtgGame) -> int:
    """Spells and abilities on the stack (public: every viewer sees how many)."""
    return len(state.in_zone(Zone.STACK)) + len(state.abilities)


def _whose_turn(state: MtgGame) -> Text:
    who = state.active_player
    return Text(en=f"it is {who}'s turn", fr=f"c'est le tour de {who}")


def _stack_holds(state: MtgGame) -> Text:
    en, fr = plural_pair(
        stack_size(state),
        ("# spell or ability", "# spells or abilities"),
        ("# sort ou capacité", "# sorts ou capacités"),
    )
    return Text(en=f"the stack isn't empty ({en})", fr=f"la pile n'est pas vide ({fr})")


def _step_now(state: MtgGame) -> Text:
    step = STEPS[state.step or "main1"]
    # French: "l'étape de fin", "la première phase principale".
    article = "l'" if step.fr.startswith("é") else "la "
    return Text(en=f"it is the {step.en}", fr=f"c'est {article}{step.fr}")


def sorcery_speed(
    state: MtgGame, player: str, rules: tuple[str, ...], what: Text, headline: Text
) -> OffTiming | None:
    """117.1a: in a main phase of `player`'s own turn, with an empty stack. `what` says what
    is done ("a creature spell is cast"), for the reason's words."""

    def off(fact: Text) -> OffTiming:
        return OffTiming(
            rules=rules,
            headline=headline,
            why=Text(
                en=f"{what.en} only in a main phase of its player's own turn with an empty "
                f"stack, and {fact.en}",
                fr=f"{what.fr} seulement pendant une phase principale du tour de son joueur, "
                f"pile vide, et {fact.fr}",
            ),
        )

    if state.active_player != player:
        return off(_whose_turn(state))
    if stack_size(state):
        return off(_stack_holds(state))
    if state.step is not None and state.step not in MAIN_PHASES:
        return off(_step_now(state))
    return None


def cast_timing(state: MtgGame, card: MtgCard, caster: str, *, face_down: bool) -> OffTiming | None:
    """When `caster` may cast `card` now; face down, as a face-down 2/2 creature spell with no
    abilities (708.2), whatever its face says: the answer tells nothing of the card."""
    rules: tuple[str, ...]
    if face_down:
        kind, rules = _FACE_DOWN_SPELL, ("302.1", "707.2", "117.1a")
    else:
        if card.is_type("Instant") or has_keyword(card.text, "flash"):
            return None  # 304.1, 702.8a: any time its caster has priority
        kind, rules = Text(en="a spell", fr="un sort"), ("117.1a",)
        for card_type, rule, words in _SORCERY_SPEED:
            if card.is_type(card_type):
                kind, rules = words, (rule, "117.1a")
                break
    what = Text(en=f"{kind.en} is cast", fr=f"{kind.fr} se lance")
    return sorcery_speed(state, caster, rules, what, _SORCERY_SPEED_NOW)


def land_timing(state: MtgGame, player: str) -> OffTiming | None:
    """305.1 / 116.2a: in a main phase of your own turn with an empty stack; 305.2: once."""
    found = sorcery_speed(
        state,
        player,
        ("305.1", "116.2a"),
        Text(en="a land is played", fr="un terrain se joue"),
        Text(en="Not a time to play a land", fr="Pas le moment de jouer un terrain"),
    )
    if found is not None:
        return found
    if state.land_plays.get(player, 0) >= 1:
        return OffTiming(
            rules=("305.2",),
            headline=Text(en="No land play left", fr="Plus de terrain à jouer"),
            why=Text(
                en=f"{player} has already played a land this turn",
                fr=f"{player} a déjà joué un terrain ce tour-ci",
            ),
        )
    return None


def foretell_timing(state: MtgGame, player: str) -> OffTiming | None:
    """116.2h / 702.143a: any time its owner has priority during their own turn."""
    if state.active_player == player:
        return None
    return OffTiming(
        rules=("116.2h", "702.143a"),
        headline=Text(en="Not a time to foretell", fr="Pas le moment de prédire"),
        why=Text(
            en=f"a card is foretold only during its owner's own turn, and {_whose_turn(state).en}",
            fr=f"on ne prédit une carte que pendant son propre tour, et {_whose_turn(state).fr}",
        ),
    )


def summoning_sick(state: MtgGame, obj: MtgObject) -> bool:
    """302.6: a creature its controller hasn't controlled continuously since their most
    recent turn began, without haste (702.10)."""
    if not obj.summoning_sick:
        return False
    now = characteristics.current(obj, state)
    return now.is_creature() and not has_keyword(now.text, "haste")


def attack_timing(state: MtgGame, obj: MtgObject) -> OffTiming | None:
    """508.1: attackers are declared in the combat phase (an unsaid step counts as before
    combat); 302.6: not a creature that came under its controller's control this turn."""
    if state.step in AFTER_ATTACKS:
        return OffTiming(
            rules=("508.1",),
            headline=Text(en="Not a time to attack", fr="Pas le moment d'attaquer"),
            why=Text(
                en=f"attackers are declared in the declare attackers step, and "
                f"{_step_now(state).en}",
                fr=f"les attaquants se déclarent pendant l'étape de déclaration des attaquants, "
                f"et {_step_now(state).fr}",
            ),
        )
    if summoning_sick(state, obj):
        return OffTiming(
            rules=("302.6", "508.1a", "702.10"),
            headline=Text(en="Summoning sick", fr="Mal d'invocation"),
            why=Text(
                en=f"a creature attacks only if {obj.controller} has controlled it continuously "
                "since their most recent turn began (unless it has haste)",
                fr=f"une créature n'attaque que si {obj.controller} la contrôle sans interruption "
                "depuis le début de son dernier tour (sauf si elle a la célérité)",
            ),
        )
    return None
