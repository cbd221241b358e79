"""The steps of a turn as the log and the timing words say them (500.1)."""

from __future__ import annotations

from app.rules.core.events import Text

STEPS: dict[str, Text] = {
    "untap": Text(en="untap step", fr="étape de dégagement"),
    "upkeep": Text(en="upkeep step", fr="étape d'entretien"),
    "draw": Text(en="draw step", fr="étape de pioche"),
    "main1": Text(en="precombat main phase", fr="première phase principale"),
    "beginning_of_combat": Text(en="beginning of combat step", fr="étape de début du combat"),
    "declare_attackers": Text(
        en="declare attackers step", fr="étape de déclaration des attaquants"
    ),
    "declare_blockers": Text(en="declare blockers step", fr="étape de déclaration des bloqueurs"),
    "combat_damage": Text(en="combat damage step", fr="étape des blessures de combat"),
    "end_of_combat": Text(en="end of combat step", fr="étape de fin de combat"),
    "main2": Text(en="postcombat main phase", fr="seconde phase principale"),
    "end": Text(en="end step", fr="étape de fin"),
    "cleanup": Text(en="cleanup step", fr="étape de nettoyage"),
}
