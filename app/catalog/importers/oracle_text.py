"""The face-down facts a Magic card's oracle text states: morph, megamorph and disguise costs
(702.37, 702.168), hideaway N and the ability that plays the hidden card (702.75), "enters
tapped", "when this is turned face up" (708.8 / 702.37) and "as this is turned face up"
(707.11) abilities, and the enters ability that turning face up does not trigger (707.8).

What the parser is unsure of is said in `unverified`, which the judge is shown: the importer
never guesses silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app.rules.mtg.cards import (
    HideawayAbility,
    HideawayCondition,
    HideawayConditionKind,
    PtCda,
    PtCount,
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
_COSTED_KEYWORD = re.compile(r"^(Morph|Megamorph|Disguise)(?: ?[—-] ?| )(.+?)\.?$", re.I)
_HIDEAWAY = re.compile(r"^Hideaway(?: (\d+))?$", re.I)
_ENTERS_TAPPED = re.compile(r"^~ enters(?: the battlefield)? tapped\.$")
_TURNED_UP_TRIGGER = re.compile(r"^When ~ is turned face up, (.+)$")
_AS_TURNED_UP = re.compile(r"^As ~ (enters(?: the battlefield)? or )?is turned face up, (.+)$")
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
    hideaway: int | None = None
    hideaway_ability: HideawayAbility | None = None
    enters_tapped: bool = False
    enters_ability: str | None = None
    turned_face_up_ability: str | None = None
    as_turned_face_up_copy: bool = False
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
    for line in normalized_lines(text, self_references(name)):
        _read_line(line, facts)
    _cross_check(text, keywords, facts)
    # The abilities kept as text name the card again, as printed.
    for kept in ("enters_ability", "turned_face_up_ability"):
        value = getattr(facts, kept)
        if value is not None:
            setattr(facts, kept, value.replace("~", name)[:500])
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
    as_turned = _AS_TURNED_UP.match(line)
    if as_turned:
        if as_turned.group(1):
            facts.enters_ability = line[:500]
        if "copy" in as_turned.group(2):
            facts.as_turned_face_up_copy = True
        else:
            facts.turned_face_up_ability = _sentence(as_turned.group(2))
            facts.unverified.append(
                "an 'as it is turned face up' effect (707.11) is shown as a 'when turned "
                "face up' ability"
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


def _cross_check(text: str, keywords: tuple[str, ...], facts: OracleFacts) -> None:
    lowered = {k.lower() for k in keywords}
    for keyword in ("morph", "megamorph", "disguise"):
        if keyword in lowered and getattr(facts, keyword) is None:
            facts.unverified.append(f"listed as having {keyword}, but no {keyword} cost was read")
    if "hideaway" in lowered and facts.hideaway is None:
        facts.unverified.append("listed as having hideaway, but no hideaway N was read")
    if facts.hideaway is not None and facts.hideaway_ability is None:
        facts.unverified.append("no ability that plays the hidden card was read")
    lower = text.lower()
    explained = any((facts.morph, facts.megamorph, facts.disguise, facts.hideaway))
    explained = explained or facts.turned_face_up_ability or facts.as_turned_face_up_copy
    if ("face down" in lower or "face up" in lower) and not explained:
        facts.unverified.append(
            "its text turns cards face down or up in a way the importer does not model"
        )


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _sentence(text: str) -> str:
    text = text.strip()[:500]
    return text[:1].upper() + text[1:]
