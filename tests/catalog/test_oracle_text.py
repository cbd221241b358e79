"""The oracle text parser: the face-down facts a card's text states, and a note for the judge
on whatever it is unsure of (issue 15)."""

from __future__ import annotations

import pytest

from app.rules.mtg.card_formats.oracle_text import normalized_lines, parse_oracle

REMINDER = "(You may cast this card face down as a 2/2 creature for {3}.)"


def test_reminder_text_and_the_cards_own_name_are_set_aside():
    lines = normalized_lines(
        f"Morph {{1}}{{U}} {REMINDER}\nWhen Tok-Tok attacks, this creature gets +1/+0.",
        ("Tok-Tok, Volcano Born", "Tok-Tok"),
    )
    assert lines == ["Morph {1}{U}", "When ~ attacks, ~ gets +1/+0."]


@pytest.mark.parametrize(
    ("line", "field", "cost"),
    [
        ("Morph {2}{W}{W}", "morph", "{2}{W}{W}"),
        ("Megamorph {1}{G}", "megamorph", "{1}{G}"),
        ("Disguise {R/W}{R/W}", "disguise", "{R/W}{R/W}"),
        ("Morph {X}{B}{B}", "morph", "{X}{B}{B}"),
    ],
)
def test_702_37_mana_costs_of_morph_megamorph_and_disguise(line, field, cost):
    facts = parse_oracle(f"{line} {REMINDER}", "Card", (field.capitalize(),))
    assert getattr(facts, field) == cost
    assert facts.unverified == []


def test_702_37_a_morph_cost_that_is_not_mana_is_kept_and_noted():
    facts = parse_oracle("Morph—Reveal a white card in your hand.", "Watcher", ("Morph",))
    assert facts.morph == "Reveal a white card in your hand"
    assert facts.unverified == ["morph cost is not mana (Reveal a white card in your hand)"]


def test_a_keyword_the_text_does_not_explain_is_noted_not_invented():
    facts = parse_oracle("Flying", "Odd Card", ("Morph",))
    assert facts.morph is None
    assert "listed as having morph, but no morph cost was read" in facts.unverified


@pytest.mark.parametrize(
    ("condition", "kind", "amount"),
    [
        ("you attacked with three or more creatures this turn", "attacked_with_creatures", 3),
        ("each player has no cards in hand", "no_cards_in_hands", None),
        ("creatures you control have total power 10 or greater", "creatures_total_power", 10),
        ("a library has twenty or fewer cards in it", "library_at_most", 20),
        ("an opponent was dealt 7 or more damage this turn", "opponent_dealt_damage", 7),
        ("you control four or more creatures", "creatures_at_least", 4),
        ("there are eight or more cards in your graveyard", "graveyard_at_least", 8),
        ("you have seven or more cards in hand", "hand_at_least", 7),
    ],
)
def test_702_75_each_hideaway_condition_is_read_as_data(condition, kind, amount):
    text = (
        "Hideaway 4\nThis land enters tapped.\n{T}: Add {B}.\n"
        f"{{B}}, {{T}}: You may play the exiled card without paying its mana cost if {condition}."
    )
    facts = parse_oracle(text, "Some Land", ("Hideaway",))
    assert facts.hideaway == 4 and facts.enters_tapped
    ability = facts.hideaway_ability
    assert (ability.cost, ability.tap, ability.trigger) == ("{B}", True, None)
    assert (ability.condition.kind, ability.condition.amount) == (kind, amount)
    assert facts.unverified == []


def test_702_75_a_triggered_play_ability_keeps_its_trigger():
    text = (
        "Hideaway 5\nAt the beginning of combat on your turn, put a +1/+1 counter on target "
        "creature you control. Then if you control a creature with power 7 or greater, you may "
        "play the exiled card without paying its mana cost."
    )
    ability = parse_oracle(text, "Fight Rigging").hideaway_ability
    assert ability.cost is None and not ability.tap
    assert ability.trigger.startswith("At the beginning of combat on your turn")
    assert (ability.condition.kind, ability.condition.amount) == ("creature_power_at_least", 7)


def test_702_75_an_unknown_condition_is_stated_by_the_player_and_noted():
    text = "Hideaway 4\n{T}: You may play the exiled card without paying its mana cost if it's raining."
    facts = parse_oracle(text, "Odd Land")
    condition = facts.hideaway_ability.condition
    assert (condition.kind, condition.text) == ("stated", "it's raining")
    assert any("hideaway condition not tracked" in n for n in facts.unverified)


def test_502_75_lorwyn_s_bare_hideaway_is_read_as_four_and_noted():
    facts = parse_oracle("Hideaway\n{T}: Add {U}.", "Old Land", ("Hideaway",))
    assert facts.hideaway == 4
    assert "hideaway without a number: read as Lorwyn's hideaway 4" in facts.unverified
    assert "no ability that plays the hidden card was read" in facts.unverified


def test_502_75a_lorwyn_s_bare_hideaway_enters_tapped():
    # Lorwyn's printed wording: "enters tapped" is in the keyword's reminder text only.
    facts = parse_oracle(
        "Hideaway (This land enters the battlefield tapped. When it does, look at the top four "
        "cards of your library, exile one face down, then put the rest on the bottom of your "
        "library.)\n{T}: Add {B}.",
        "Howltooth Hollow",
        ("Hideaway",),
    )
    assert facts.hideaway == 4 and facts.enters_tapped


def test_a_conditional_enters_tapped_is_not_read_as_enters_tapped():
    facts = parse_oracle("This land enters tapped unless you control a Plains.", "Check Land")
    assert not facts.enters_tapped
    legacy = parse_oracle("Old Land enters the battlefield tapped.", "Old Land")
    assert legacy.enters_tapped


def test_708_8_when_turned_face_up_trigger_and_707_8_enters_ability():
    facts = parse_oracle(
        "When Skinthinner is turned face up, destroy target nonblack creature.\n"
        "When Skinthinner enters, draw a card.",
        "Skinthinner",
    )
    assert facts.turned_face_up_ability == "Destroy target nonblack creature."
    assert facts.enters_ability == "Draw a card."


def test_707_11_as_turned_face_up_copy():
    facts = parse_oracle(
        "As Vesuvan Shapeshifter enters or is turned face up, you may choose another creature "
        "on the battlefield. If you do, it becomes a copy of that creature.\nMorph {1}{U}",
        "Vesuvan Shapeshifter",
        ("Morph",),
    )
    assert facts.as_turned_face_up_copy and facts.morph == "{1}{U}"
    assert facts.enters_ability.startswith("As Vesuvan Shapeshifter enters or is turned face up")
    assert facts.unverified == []


def test_708_11_a_stated_choice_as_it_turns_face_up_is_card_data():
    # Issue 16: the card model now expresses it (it was shown as a "when turned face up"
    # ability before, which it is not).
    facts = parse_oracle("As Odd Beast is turned face up, choose a color.\nMorph {2}", "Odd Beast")
    assert facts.as_turned_face_up is not None and facts.as_turned_face_up.choice == "a color"
    assert facts.turned_face_up_ability is None and not facts.as_turned_face_up_copy
    assert facts.unverified == []


def test_614_1e_an_as_turned_face_up_effect_the_engine_does_not_apply_stays_a_replacement():
    # Gift of Doom: a replacement effect applied as it turns (614.1e), never a "when turned
    # face up" trigger, even when the engine can't apply it itself (the judge is told).
    facts = parse_oracle(
        "Deathtouch\nMorph—Sacrifice another creature.\nAs Gift of Doom is turned face up, "
        "you may attach it to a creature.",
        "Gift of Doom",
        ("Deathtouch", "Morph"),
    )
    assert facts.turned_face_up_ability is None
    assert facts.as_turned_face_up is not None
    assert facts.as_turned_face_up.text == "You may attach it to a creature."
    assert any("708.11" in n and "does not apply" in n for n in facts.unverified)


@pytest.mark.parametrize(
    "text",
    [
        # Today's oracle wording, and the older one ("enters the battlefield or") that keeps
        # its enters half too.
        "As Aquamorph Entity enters or is turned face up, it becomes your choice of 5/1 or 1/5.",
        "As Aquamorph Entity enters the battlefield or is turned face up, it becomes your "
        "choice of 5/1 or 1/5.",
    ],
)
def test_614_1e_aquamorph_entity_s_choice_sets_power_and_toughness_as_it_turns(text):
    facts = parse_oracle(f"{text}\nMorph {{2}}{{U}}", "Aquamorph Entity", ("Morph",))
    turning = facts.as_turned_face_up
    assert turning is not None and turning.pt_choice == ("5/1", "1/5")
    assert turning.choice == "5/1 or 1/5" and turning.text is None
    assert facts.turned_face_up_ability is None
    # 614.1c: its enters half is a replacement too, kept with the card's name.
    assert facts.enters_ability is not None
    assert facts.enters_ability.startswith("As Aquamorph Entity enters")
    assert facts.morph == "{2}{U}" and facts.unverified == []


def test_603_2_when_enters_or_is_turned_face_up_is_both_abilities():
    facts = parse_oracle(
        "First strike\nWhen Efreet Weaponmaster enters the battlefield or is turned face up, "
        "another target creature you control gets +3/+0 until end of turn.\nMorph {2}{U}{R}{W}",
        "Efreet Weaponmaster",
        ("First strike", "Morph"),
    )
    said = "Another target creature you control gets +3/+0 until end of turn."
    assert facts.turned_face_up_ability == said and facts.enters_ability == said
    assert facts.unverified == []


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Keeper of the Lens", "You may look at face-down creatures you don't control any time."),
        ("Spy Network", "Look at target player's hand, the top card of that player's library, "
         "and any face-down creatures they control. Look at the top four cards of your "
         "library, then put them back in any order."),
        ("Dream Chisel", "Face-down creature spells you cast cost {1} less to cast."),
        ("Nosy Goblin", "{T}, Sacrifice Nosy Goblin: Destroy target face-down creature."),
    ],
)  # fmt: skip
def test_708_face_down_written_with_a_hyphen_is_noted(name, text):
    facts = parse_oracle(text, name)
    assert any("does not model" in n for n in facts.unverified), facts.unverified


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Soul Summons", "Manifest the top card of your library. (Put it onto the battlefield "
         "face down as a 2/2 creature. Turn it face up any time for its mana cost if it's a "
         "creature card.)"),
        ("Cryptic Coat", "When this Equipment enters, cloak the top card of your library, then "
         "attach this Equipment to it."),
    ],
)  # fmt: skip
def test_701_40_manifest_and_cloak_outside_reminder_text_are_noted(name, text):
    facts = parse_oracle(text, name)
    assert any("does not model" in n for n in facts.unverified), facts.unverified


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("Pine Walker", "Whenever Pine Walker or another creature you control is turned face "
         "up, untap that creature."),
        ("Ashcloud Phoenix", "When Ashcloud Phoenix dies, return it to the battlefield face "
         "down under your control."),
        ("Deathmist Raptor", "Whenever a permanent you control is turned face up, you may "
         "return Deathmist Raptor from your graveyard to the battlefield face up or face down."),
        ("Wall of Deceit", "{3}: Turn Wall of Deceit face down."),
    ],
)  # fmt: skip
def test_702_37_a_morph_cost_does_not_explain_every_face_down_line(name, line):
    facts = parse_oracle(f"{line}\nMorph {{4}}{{G}}", name, ("Morph",))
    assert facts.morph == "{4}{G}"
    noted = [n for n in facts.unverified if "does not model" in n]
    assert len(noted) == 1 and line[:40] in noted[0], facts.unverified


def test_708_11_hooded_hydra_counters_as_it_turns_and_603_10a_its_dies_trigger():
    facts = parse_oracle(
        "This creature enters with X +1/+1 counters on it.\nWhen this creature dies, create a "
        "1/1 green Snake creature token for each +1/+1 counter on it.\nMorph {3}{G}{G}\nAs "
        "this creature is turned face up, put five +1/+1 counters on it.",
        "Hooded Hydra",
        ("Morph",),
    )
    assert facts.as_turned_face_up is not None
    assert facts.as_turned_face_up.counters == {"+1/+1": 5}
    assert [(t.event, t.text) for t in facts.triggers] == [
        ("dies", "Create a 1/1 green Snake creature token for each +1/+1 counter on it.")
    ]
    assert facts.unverified == []


def test_603_6c_put_into_a_graveyard_from_anywhere_names_the_card_again():
    facts = parse_oracle(
        "When Kozilek is put into a graveyard from anywhere, its owner shuffles their "
        "graveyard into their library.\nWhen Kozilek leaves the battlefield, Kozilek's owner "
        "draws a card.",
        "Kozilek, Butcher of Truth",
    )
    assert [t.event for t in facts.triggers] == [
        "put_into_graveyard_from_anywhere",
        "leaves_battlefield",
    ]
    assert facts.triggers[1].text == "Kozilek, Butcher of Truth's owner draws a card."


def test_other_face_down_effects_are_noted_for_the_judge():
    facts = parse_oracle(
        "As Ixidron enters, turn all other nontoken creatures face down.", "Ixidron"
    )
    assert any("does not model" in n for n in facts.unverified)
    plain = parse_oracle("Flying\nVigilance", "Serra Angel", ("Flying", "Vigilance"))
    assert plain.unverified == []


@pytest.mark.parametrize(
    ("text", "count", "plus"),
    [
        (
            "Ixidron's power and toughness are each equal to the number of face-down creatures "
            "on the battlefield.",
            "face_down_creatures",
            0,
        ),
        (
            "Ixidron's power and toughness are each equal to the number of creatures you control.",
            "creatures_you_control",
            0,
        ),
        (
            "Ixidron's power and toughness are each equal to 1 plus the number of cards in your "
            "hand.",
            "cards_in_your_hand",
            1,
        ),
        (
            "This creature's power and toughness are each equal to the number of creature cards "
            "in all graveyards.",
            "creature_cards_in_all_graveyards",
            0,
        ),
    ],
)
def test_604_3_a_counted_power_and_toughness_is_read_as_pt_cda(text, count, plus):
    facts = parse_oracle(text, "Ixidron")
    assert facts.pt_cda is not None
    assert (facts.pt_cda.count, facts.pt_cda.power_plus, facts.pt_cda.toughness_plus) == (
        count,
        plus,
        plus,
    )
    assert facts.unverified == []


@pytest.mark.parametrize(
    "text",
    [
        "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
        "and its toughness is equal to that number plus 1.",
        "Tarmogoyf's power and toughness are each equal to the number of Elves you control.",
    ],
)
def test_604_3_a_defining_ability_facedown_cannot_count_is_noted_and_left_as_printed(text):
    facts = parse_oracle(text, "Tarmogoyf")
    assert facts.pt_cda is None
    assert any("does not count" in note for note in facts.unverified)
