"""Issue 26: "As ~ is turned face up" is a replacement effect applied while the permanent
turns (614.1e; 708.11, seed 707.11), never a "when turned face up" trigger: cards read by the
importer from their oracle text, then turned face up in a game, as each viewer reads it."""

from __future__ import annotations

from typing import Any

from app.rules.core.viewer import Viewer
from app.rules.mtg.card_formats.printed import PrintedFace, build_card
from app.rules.mtg.state import Zone
from app.rules.offers import actions_for, candidates_for
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")

AQUAMORPH = (
    "As Aquamorph Entity enters or is turned face up, it becomes your choice of 5/1 or 1/5.\n"
    "Morph {2}{U} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up "
    "any time for its morph cost.)"
)
GIFT_OF_DOOM = (
    "Enchant creature\nEnchanted creature has deathtouch and indestructible.\n"
    "Morph—Sacrifice another creature.\nAs Gift of Doom is turned face up, you may attach it "
    "to a creature."
)
EFREET = (
    "First strike\nWhen Efreet Weaponmaster enters the battlefield or is turned face up, "
    "another target creature you control gets +3/+0 until end of turn.\nMorph {2}{U}{R}{W}"
)


def imported(name: str, type_line: str, text: str, pt: tuple[str, str] | None) -> dict[str, Any]:
    """The card as `facedown cards import` builds it, as an inline definition."""
    face = PrintedFace(
        name=name,
        mana_cost="{3}{U}{U}",
        type_line=type_line,
        power=pt[0] if pt else None,
        toughness=pt[1] if pt else None,
        text=text,
        keywords=("Morph",),
    )
    card = build_card("normal", [face], name, None, "MTGJSON")
    return card.model_dump(mode="json", exclude_defaults=True, by_alias=True)


def face_down_game(definition: dict[str, Any]) -> tuple[Any, str]:
    game = Table().battlefield("Alice", definition, face_down="morph").start()
    return game, game.id(definition["name"])


def test_614_1e_aquamorph_entity_becomes_its_controller_s_choice_as_it_turns_face_up():
    entity = imported("Aquamorph Entity", "Creature — Shapeshifter", AQUAMORPH, ("*", "*"))
    assert entity["as_turned_face_up"]["pt_choice"] == ["5/1", "1/5"]
    game, entity_id = face_down_game(entity)
    # The choice is its controller's: another seat can't turn it up, and its controller
    # must say which (one of the two).
    game.refused("Bob", type="turn_face_up", object=entity_id)
    missing = game.refused("Alice", type="turn_face_up", object=entity_id)
    assert "707.11" in missing.rules and "5/1 or 1/5" in missing.message_en
    wrong = game.refused("Alice", type="turn_face_up", object=entity_id, stated_choice="3/3")
    assert "5/1 or 1/5" in wrong.message_en and "5/1 ou 1/5" in wrong.message_fr
    game.do("Alice", type="turn_face_up", object=entity_id, stated_choice="1/5")
    # One event, no trigger: it is 1/5 as it becomes face up, for everyone.
    assert [e.kind for e in game.last] == ["turn_face_up"]
    assert "707.11" in game.last[0].rules
    for who in VIEWERS:
        seen = game.obj_view(who, entity_id)
        assert (seen.name, seen.power, seen.toughness) == ("Aquamorph Entity", 1, 5), who
        said = game.last_text(who)
        assert "trigger" not in said and "chooses 1/5" in said, (who, said)
        # Its enters half applies too (the same replacement): not "does not trigger".
        assert "enters ability does not trigger" not in said, who


def test_708_5_only_who_may_see_aquamorph_entity_gets_a_button_per_choice():
    entity = imported("Aquamorph Entity", "Creature — Shapeshifter", AQUAMORPH, ("*", "*"))
    game, entity_id = face_down_game(entity)
    viewers = {
        "Alice": Viewer.seat("Alice"),
        "Bob": Viewer.seat("Bob"),
        "spectator": Viewer.spectator(),
        "judge": Viewer.judge(),
    }
    for who, viewer in viewers.items():
        options = actions_for(game.state, viewer)
        chosen = {o.label: o.action for o in options if "stated_choice" in o.action}
        if who in ("Alice", "judge"):
            assert chosen == {
                f"Turn face up as a {pt}": {
                    "type": "turn_face_up", "object": entity_id, "stated_choice": pt
                }
                for pt in ("5/1", "1/5")
            }, who  # fmt: skip
        else:
            # A button per choice would tell Bob which card it is (708.5).
            assert chosen == {}, who
            # Not even as a candidate tried for Bob (a proposal's words are his to read).
            tried = candidates_for(game.state, viewer)
            assert not any("5/1" in str(c) for c in tried), who
            assert "5/1" not in game.view_json(who), who


def test_614_1e_an_as_turned_face_up_effect_the_engine_does_not_apply_is_never_a_trigger():
    gift = imported("Gift of Doom", "Enchantment — Aura", GIFT_OF_DOOM, None)
    assert gift["as_turned_face_up"]["text"] == "You may attach it to a creature."
    assert "turned_face_up_ability" not in gift
    game, gift_id = face_down_game(gift)
    game.do("Alice", type="turn_face_up", object=gift_id)
    assert [e.kind for e in game.last] == ["turn_face_up"]
    for who in VIEWERS:
        said = game.last_text(who)
        assert "You may attach it to a creature" in said, who
        assert "a replacement effect, not a trigger" in said and "triggers" not in said, who
    assert game.find("Gift of Doom").zone == Zone.BATTLEFIELD


def test_603_2_enters_or_turned_face_up_trigger_triggers_as_it_turns_face_up():
    efreet = imported("Efreet Weaponmaster", "Creature — Efreet Monk", EFREET, ("3", "3"))
    game, efreet_id = face_down_game(efreet)
    game.do("Alice", type="turn_face_up", object=efreet_id)
    said = game.last_text("Bob")
    # 603.2: its turned-face-up half applies (whatever words the log gives a trigger).
    assert "gets +3/+0" in said
    assert "enters ability does not trigger" not in said
