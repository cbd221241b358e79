"""Play buttons say what differs between them (issue 17 item 9): two targets that share a
name (each player's Noxus Saboteur) gave two identical "Play Blastcone Fae to base choosing
Noxus Saboteur" buttons."""

from __future__ import annotations

from app.rules.riftbound.candidates import candidate_actions
from tests.rules.riftbound.table import standard


def _play_labels(game, card: str) -> list[str]:
    card_id = game.id(card)
    return [
        label.en
        for action, label in candidate_actions(game.state, "Alice")
        if action["type"] == "play" and action["object"] == card_id
    ]


def test_two_targets_with_one_name_are_told_apart_by_whose_and_where():
    table = standard(hand_alice=("Blastcone Fae",))
    table.put("Bob", "battlefield", "Noxus Saboteur", location="bf2")
    labels = _play_labels(table.start(), "Blastcone Fae")
    assert len(labels) == len(set(labels))
    assert "Play Blastcone Fae to base choosing Noxus Saboteur (Alice's, at Zaun Warrens)" in labels
    assert "Play Blastcone Fae to base choosing Noxus Saboteur (Bob's, at Vilemaw's Lair)" in labels


def test_targets_with_distinct_names_keep_the_short_label():
    labels = _play_labels(standard(hand_alice=("Blastcone Fae",)).start(), "Blastcone Fae")
    assert "Play Blastcone Fae to base choosing Noxus Saboteur" in labels
    assert len(labels) == len(set(labels))
