"""The face-down facts a Magic card's oracle text states: morph, megamorph and disguise costs
(702.37, 702.168), hideaway N and the ability that plays the hidden card (702.75), "enters
tapped", "when this is turned face up" (708.8 / 702.37) triggers, "as this is turned face
up" replacement effects (708.11 / seed 707.11, 614.1e: never a trigger), and the enters
ability that turning face up does not trigger (707.8).

What the parser is unsure of is said in `unverified`, which the judge is shown: the importer
never guesses silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.rules.mtg.cards import (
    AsTurnedFaceUp,
    CardTrigger,
    HideawayAbility,
    HideawayCondition,
    HideawayConditionKind,
    PtCda,
    PtCount,
    TriggerEvent,
)

_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
_N = r"(\d+|" + "|".join(_NUMBERS) + r")"

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_WORDS = re.compile(
    r"\bthis (?:creature|land|permanent|artifact|enchantment|card|spell|Vehicle)\b", re.I
)
_MANA = re.compile(r"^(?:\{[^{}]+\})+$")
_COSTED_KEYWORD = re.compile(r"^(Morph|Megamorph|Disguise|Foretell)(?: ?[—-] ?| )(.+?)\.?$", re.I)
_HIDEAWAY = re.compile(r"^Hideaway(?: (\d+))?$", re.I)
_ENTERS_TAPPED = re.compile(r"^~ enters(?: the battlefield)? tapped\.$")
_TURNED_UP_TRIGGER = re.compile(r"^When ~ is turned face up, (.+)$")
# Efreet Weaponmaster: one trigger with two events (603.2), each read.
_ENTERS_OR_TURNED_UP_TRIGGER = re.compile(
    r"^When(?:ever)? ~ enters(?: the battlefield)? or is turned face up, (.+)$"
)
# 614.1e: "As ~ is turned face up" is a replacement effect, not a trigger; Aquamorph Entity's
# (and older oracle wording's "enters the battlefield or") enters half is one too (614.1c).
_AS_TURNED_UP = re.compile(r"^As ~ (enters(?: the battlefield)? or )?is turned face up, (.+)$")
# 613.4b: "it becomes your choice of 5/1 or 1/5".
_PT_CHOICE = re.compile(r"^(?:it|~) becomes your choice of (\d+/\d+) or (\d+/\d+)\.?$")
# Face-down and face-up words, "face-down" with its hyphen included (Keeper of the Lens).
_FACE_WORDS = re.compile(r"\bface[- ](?:down|up)\b|\b(?:manifest|cloak)", re.I)
# 708.11: what an "as this is turned face up" effect does, when it is one the engine applies.
_PUT_COUNTERS = re.compile(rf"^put {_N} ([+-]\d+/[+-]\d+|[a-z]+) counters? on (?:~|it)\.?$", re.I)
_CHOOSE = re.compile(r"^choose (an? [a-z ]+?|a number)\.?$", re.I)
# 603.10a / 603.6c: zone-change triggers of the card itself.
_SELF_TRIGGER = re.compile(
    r"^When(?:ever)? ~ (dies|leaves the battlefield|is put into a graveyard from anywhere), (.+)$"
)
_TRIGGER_EVENTS: dict[str, TriggerEvent] = {
    "dies": "dies",
    "leaves the battlefield": "leaves_battlefield",
    "is put into a graveyard from anywhere": "put_into_graveyard_from_anywhere",
}
_ENTERS_TRIGGER = re.compile(r"^When(?:ever)? ~ enters(?: the battlefield)?, (.+)$")
_ENTERS_REPLACEMENT = re.compile(r"^(?:As ~ enters|You may have ~ enter)\b.*$")
_PLAYS_HIDDEN = re.compile(r"\b(?:play|cast) the exiled card\b", re.I)
_ACTIVATED = re.compile(r"^([^:\"]+?): (.+)$")
_CONDITION_IF = re.compile(r"\bif (.+?)(?:, you may (?:play|cast) the exiled card.*)?\.?$")

_CONDITIONS: tuple[tuple[HideawayConditionKind, re.Pattern[str]], ...] = (
    ("attacked_with_creatures", re.compile(rf"^you attacked with {_N} or more creatures this turn$")),
    ("no_cards_in_hands", re.compile(r"^each player has no cards in hand$")),
    ("creatures_total_power", re.compile(rf"^creatures you control have total power {_N} or greater$")),
    ("library_at_most", re.compile(rf"^a library has {_N} or fewer cards in it$")),
    ("opponent_dealt_damage", re.compile(rf"^an opponent was dealt {_N} or more damage this turn$")),
    ("creature_power_at_least", re.compile(rf"^you control a creature with power {_N} or greater$")),
    ("creatures_at_least", re.compile(rf"^you control {_N} or more creatures$")),
    ("graveyard_at_least", re.compile(rf"^there are {_N} or more cards in your graveyard$")),
    ("hand_at_least", re.compile(rf"^you have {_N} or more cards in hand$")),
)  # fmt: skip

# Where a bare "Hideaway" (Lorwyn's printed wording, before the N) looks at four cards.
_LORWYN_HIDEAWAY = 4


@dataclass
class OracleFacts:
    """The face-down facts of one face's text; `unverified` lists what the parser doubts."""

    morph: str | None = None
    megamorph: str | None = None
    disguise: str | None = None
    # 702.143a: the foretell cost (exiled face down from the hand, cast on a later turn).
    foretell: str | None = None
    hideaway: int | None = None
    hideaway_ability: HideawayAbility | None = None
    enters_tapped: bool = False
    enters_ability: str | None = None
    turned_face_up_ability: str | None = None
    as_turned_face_up_copy: bool = False
    as_turned_face_up: AsTurnedFaceUp | None = None
    triggers: list[CardTrigger] = field(default_factory=list)
    pt_cda: PtCda | None = None
    unverified: list[str] = field(default_factory=list)


def self_references(name: str) -> tuple[str, ...]:
    """How a card's text names itself: its full name and, for a legend, the part before the
    comma ("Tok-Tok" for "Tok-Tok, Volcano Born")."""
    names = [name]
    if ", " in name:
        names.append(name.split(", ", 1)[0])
    return tuple(names)


def normalized_lines(text: str, names: tuple[str, ...]) -> list[str]:
    """The text's lines without reminder text, the card's own name (or "this creature")
    written "~", as the patterns above expect."""
    lines: list[str] = []
    for raw in text.replace("CARDNAME", "~").splitlines():
        line = _REMINDER.sub("", raw).strip()
        for name in sorted(names, key=len, reverse=True):
            line = line.replace(name, "~")
        line = _SELF_WORDS.sub("~", line)
        if line:
            lines.append(line)
    return lines


def parse_oracle(text: str, name: str, keywords: tuple[str, ...] = ()) -> OracleFacts:
    """The face-down facts `text` states for the card named `name`. `keywords` (as MTGJSON
    and Scryfall list them) cross-check the text: a keyword the text doesn't explain is
    noted, not invented."""
    facts = OracleFacts()
    unread: list[str] = []
    for line in normalized_lines(text, self_references(name)):
        _read_line(line, facts)
        if _FACE_WORDS.search(line) and not _reads_face_words(line):
            # A morph cost explains its own line, not Pine Walker's "whenever ~ or another
            # creature you control is turned face up": each such line is read or noted.
            said = line.replace("~", name)
            unread.append(said if len(said) <= 70 else said[:69] + "…")
    if unread:
        facts.unverified.append(
            "its text turns cards face down or up in a way the importer does not model ("
            + " / ".join(unread)
            + ")"
        )
    _cross_check(keywords, facts)
    # The abilities kept as text name the card again, as printed.
    for kept in ("enters_ability", "turned_face_up_ability"):
        value = getattr(facts, kept)
        if value is not None:
            setattr(facts, kept, value.replace("~", name)[:500])
    facts.triggers = [
        t.model_copy(update={"text": t.text.replace("~", name)[:500]}) for t in facts.triggers
    ]
    turning = facts.as_turned_face_up
    if turning is not None and turning.text is not None:
        said = turning.text.replace("~", name)[:300]
        facts.as_turned_face_up = turning.model_copy(update={"text": said})
    ability = facts.hideaway_ability
    if ability is not None:
        condition = ability.condition
        if condition is not None and condition.text:
            said = condition.text.replace("~", name)[:300]
            condition = condition.model_copy(update={"text": said})
        trigger = ability.trigger.replace("~", name)[:300] if ability.trigger else None
        facts.hideaway_ability = ability.model_copy(
            update={"trigger": trigger, "condition": condition}
        )
    return facts


def _read_line(line: str, facts: OracleFacts) -> bool:
    if _read_pt_cda(line, facts):
        return True
    costed = _COSTED_KEYWORD.match(line)
    if costed and not line.lower().startswith(("morph ability", "disguise ability")):
        keyword, cost = costed.group(1).lower(), costed.group(2).strip()
        if not _MANA.match(cost):
            facts.unverified.append(f"{keyword} cost is not mana ({cost[:60]})")
        setattr(facts, keyword, cost[:60])
        return True
    hideaway = _HIDEAWAY.match(line)
    if hideaway:
        if hideaway.group(1) is None:
            facts.hideaway = _LORWYN_HIDEAWAY
            # 502.75a (Lorwyn): the keyword itself said the land enters tapped; today's
            # oracle text of those lands says it on its own line.
            facts.enters_tapped = True
            facts.unverified.append("hideaway without a number: read as Lorwyn's hideaway 4")
        else:
            facts.hideaway = min(max(int(hideaway.group(1)), 1), 10)
        return True
    if _ENTERS_TAPPED.match(line):
        facts.enters_tapped = True
        return True
    if _PLAYS_HIDDEN.search(line):
        facts.hideaway_ability = _hideaway_ability(line, facts)
        return True
    trigger = _TURNED_UP_TRIGGER.match(line)
    if trigger:
        facts.turned_face_up_ability = _sentence(trigger.group(1))
        return True
    both = _ENTERS_OR_TURNED_UP_TRIGGER.match(line)
    if both:
        facts.enters_ability = facts.turned_face_up_ability = _sentence(both.group(1))
        return True
    as_turned = _AS_TURNED_UP.match(line)
    if as_turned:
        if as_turned.group(1):
            facts.enters_ability = line[:500]
        effect = _as_turned_up_effect(as_turned.group(2))
        if effect.text is not None:
            facts.unverified.append(
                "an 'as it is turned face up' effect (708.11) its controller applies as it "
                "turns: Facedown does not apply it"
            )
        facts.as_turned_face_up = effect
        facts.as_turned_face_up_copy = effect.copies
        return True
    zone_trigger = _SELF_TRIGGER.match(line)
    if zone_trigger:
        effect_text = _sentence(zone_trigger.group(2))
        facts.triggers.append(
            CardTrigger(event=_TRIGGER_EVENTS[zone_trigger.group(1)], text=effect_text)
        )
        return True
    enters = _ENTERS_TRIGGER.match(line)
    if enters and facts.enters_ability is None:
        facts.enters_ability = _sentence(enters.group(1))
        return True
    if _ENTERS_REPLACEMENT.match(line) and facts.enters_ability is None:
        facts.enters_ability = line[:500]
        return True
    return False


def _as_turned_up_effect(said: str) -> AsTurnedFaceUp:
    """708.11: a copy, counters, a choice that is no object or one that sets its power and
    toughness; anything else kept as its text (still a replacement effect, 614.1e)."""
    said = said.strip()
    if "copy" in said:
        return AsTurnedFaceUp(copy=True)
    counters = _PUT_COUNTERS.match(said)
    if counters:
        return AsTurnedFaceUp(counters={counters.group(2): _number(counters.group(1).lower())})
    choose = _CHOOSE.match(said)
    if choose:
        return AsTurnedFaceUp(choice=choose.group(1).lower())
    pt_choice = _PT_CHOICE.match(said)
    if pt_choice:
        first, second = pt_choice.group(1), pt_choice.group(2)
        return AsTurnedFaceUp(choice=f"{first} or {second}", pt_choice=(first, second))
    return AsTurnedFaceUp(text=_sentence(said)[:300])


def _reads_face_words(line: str) -> bool:
    """The lines whose face-down or face-up words the parser models."""
    if _COSTED_KEYWORD.match(line) or _PT_CDA.match(line):
        return True
    return any(
        p.match(line) for p in (_TURNED_UP_TRIGGER, _ENTERS_OR_TURNED_UP_TRIGGER, _AS_TURNED_UP)
    )


# 604.3 / 208.2a: "~'s power and toughness are each equal to [N plus] the number of …".
_PT_DEFINED = re.compile(r"^~'s (power and toughness are each|power is|toughness is) equal to ")
_PT_CDA = re.compile(
    rf"^~'s power and toughness are each equal to (?:{_N} plus )?the number of (.+?)\.?$"
)
_PT_COUNTS: dict[str, PtCount] = {
    "face-down creatures on the battlefield": "face_down_creatures",
    "creatures on the battlefield": "creatures",
    "creatures you control": "creatures_you_control",
    "cards in your hand": "cards_in_your_hand",
    "lands you control": "lands_you_control",
    "cards in your graveyard": "cards_in_your_graveyard",
    "creature cards in all graveyards": "creature_cards_in_all_graveyards",
}


def _read_pt_cda(line: str, facts: OracleFacts) -> bool:
    """A power/toughness-defining ability the engine can count; any other is noted, and
    the card keeps its printed "*"."""
    if not _PT_DEFINED.match(line):
        return False
    found = _PT_CDA.match(line)
    count = _PT_COUNTS.get(found.group(2)) if found else None
    if found is None or count is None:
        facts.unverified.append(
            "its power or toughness is defined by an ability Facedown does not count (shown "
            "as printed, 208.2a)"
        )
        return True
    plus = _number(found.group(1)) if found.group(1) else 0
    facts.pt_cda = PtCda(count=count, power_plus=plus, toughness_plus=plus)
    return True


def _hideaway_ability(line: str, facts: OracleFacts) -> HideawayAbility:
    cost: str | None = None
    tap = False
    trigger: str | None = None
    activated = _ACTIVATED.match(line)
    if activated and not line.startswith(("At ", "When", "Whenever")):
        parts = [p.strip() for p in activated.group(1).split(",")]
        tap = "{T}" in parts
        rest = [p for p in parts if p != "{T}"]
        cost = ", ".join(rest)[:60] or None
        effect = activated.group(2)
    else:
        trigger = line[:300]
        effect = line
    condition = _condition(effect, facts)
    return HideawayAbility(cost=cost, tap=tap, trigger=trigger, condition=condition)


def _condition(effect: str, facts: OracleFacts) -> HideawayCondition | None:
    found = _CONDITION_IF.search(effect)
    if found is None:
        return None
    said = found.group(1).strip().rstrip(".")
    for kind, pattern in _CONDITIONS:
        match = pattern.match(said)
        if match:
            amount = _number(match.group(1)) if match.groups() else None
            return HideawayCondition(kind=kind, amount=amount)
    facts.unverified.append(f"hideaway condition not tracked, the player states it ({said[:80]})")
    return HideawayCondition(kind="stated", text=said[:300])


def _cross_check(keywords: tuple[str, ...], facts: OracleFacts) -> None:
    lowered = {k.lower() for k in keywords}
    for keyword in ("morph", "megamorph", "disguise", "foretell"):
        if keyword in lowered and getattr(facts, keyword) is None:
            facts.unverified.append(f"listed as having {keyword}, but no {keyword} cost was read")
    if "hideaway" in lowered and facts.hideaway is None:
        facts.unverified.append("listed as having hideaway, but no hideaway N was read")
    if facts.hideaway is not None and facts.hideaway_ability is None:
        facts.unverified.append("no ability that plays the hidden card was read")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _sentence(text: str) -> str:
    text = text.strip()[:500]
    return text[:1].upper() + text[1:]
