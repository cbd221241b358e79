"""The labels of the ruling, time-travel, rules-reference, scenario-file and editions pages,
in English and French. Imported by those pages' modules, which add them to `MESSAGES`."""

from __future__ import annotations

from app.web.i18n import MESSAGES

RULING_MESSAGES: dict[str, tuple[str, str]] = {
    # time travel
    "travel.label": ("Step through the log", "Parcourir l'historique"),
    "travel.viewing": ("Viewing version {n} of {m}", "Version {n} sur {m}"),
    "travel.frozen": (
        "the past: nothing can be done here.",
        "le passé : rien ne peut être fait ici.",
    ),
    "travel.first": ("The set-up (version 0)", "La mise en place (version 0)"),
    "travel.back": ("Step back", "Reculer"),
    "travel.forward": ("Forward", "Avancer"),
    "travel.now": ("Back to now", "Revenir au présent"),
    "travel.version": ("Version", "Version"),
    "travel.go": ("Go", "Aller"),
    "travel.of": ("latest: {m}", "dernière : {m}"),
    # the judge's tools
    "judge.tools": ("Judge's tools", "Outils d'arbitre"),
    "ruling.publish": ("Publish a ruling", "Publier une décision"),
    "ruling.publish.help_now": (
        "A permanent read-only link to this moment, from the viewpoints you choose.",
        "Un lien permanent, en lecture seule, vers ce moment, vu par les joueurs choisis.",
    ),
    "ruling.publish.help_past": (
        "A permanent read-only link to version {n}, from the viewpoints you choose.",
        "Un lien permanent, en lecture seule, vers la version {n}, vue par les joueurs choisis.",
    ),
    "ruling.viewpoints": ("Seen by", "Vu par"),
    "ruling.question": ("The question", "La question"),
    "ruling.answer": ("The answer", "La réponse"),
    "ruling.publish.button": ("Publish the ruling", "Publier la décision"),
    "scenario.export": ("Download the scenario (JSON)", "Télécharger le scénario (JSON)"),
    "scenario.import": ("Import a scenario", "Importer un scénario"),
    "editions.under_2004": ("Judge again under the 2004 rules", "Rejuger selon les règles de 2004"),
    "editions.under_current": (
        "Judge again under today's rules",
        "Rejuger selon les règles actuelles",
    ),
    "editions.hideaway_lorwyn": (
        "Hideaway: Lorwyn vs today",
        "Hideaway : Lorwyn ou aujourd'hui",
    ),
    "editions.hideaway_current": (
        "Hideaway: today vs Lorwyn",
        "Hideaway : aujourd'hui ou Lorwyn",
    ),
    # the ruling page
    "ruling.kind": ("Ruling", "Décision"),
    "ruling.no_note": ("No note from the judge.", "Pas de note de l'arbitre."),
    "ruling.link": ("Link to this ruling", "Lien vers cette décision"),
    "ruling.link.help": (
        "Anyone with this link sees this moment from the chosen viewpoints, and nothing else.",
        "Qui a ce lien voit ce moment, vu par les joueurs choisis, et rien d'autre.",
    ),
    "ruling.copy": ("Copy the link", "Copier le lien"),
    "ruling.copied": ("Copied", "Copié"),
    "ruling.open": ("Open the ruling", "Ouvrir la décision"),
    "ruling.fork": ("Open as a new scenario", "Ouvrir comme nouveau scénario"),
    "ruling.back_to_game": ("Back to the game", "Retour à la partie"),
    "ruling.published": ("Ruling published", "Décision publiée"),
    "ruling.board": ("The board, as {who} saw it", "Le plateau, tel que {who} le voyait"),
    "ruling.board.help": (
        "At the moment of the ruling; what this viewpoint could not see stays hidden.",
        "Au moment de la décision ; ce que ce point de vue ne voyait pas reste caché.",
    ),
    "ruling.steps": ("How it got there", "Comment on en est arrivé là"),
    "ruling.rules": ("The rules applied", "Les règles appliquées"),
    "ruling.visibility": ("What each player could see", "Ce que chaque joueur pouvait voir"),
    "ruling.card": ("Card", "Carte"),
    "ruling.sees": ("may see it", "peut la voir"),
    "ruling.not_sees": ("may not see it", "ne peut pas la voir"),
    "ruling.all_public": (
        "Everything on the table was public.",
        "Tout ce qui était sur la table était public.",
    ),
    "ruling.immutable": (
        "Published {date}; it will not change, whatever happens in the game.",
        "Publiée le {date} ; elle ne changera pas, quoi qu'il arrive dans la partie.",
    ),
    "ruling.seen_as": ("Seen by {who}", "Vu par {who}"),
    "ruling.not_found": ("There is no ruling at this address.", "Aucune décision à cette adresse."),
    "ruling.pick_viewpoint": (
        "Choose at least one viewpoint: a player, the spectators or the judge.",
        "Choisissez au moins un point de vue : un joueur, les spectateurs ou l'arbitre.",
    ),
    "ruling.need_title": ("Give the ruling a question.", "Donnez une question à la décision."),
    "ruling.judge_only": (
        "Only the judge's link can do this.",
        "Seul le lien de l'arbitre permet de faire cela.",
    ),
    # the rules reference
    "rules.title": ("Rules reference", "Référence des règles"),
    "rules.lede": (
        "Every rule Facedown applies, with its number in each edition, in our own words.",
        "Chaque règle qu'applique Facedown, avec son numéro dans chaque édition, dans nos mots.",
    ),
    "rules.search": ("Search the rules", "Chercher dans les règles"),
    "rules.search.placeholder": ("708.5, hideaway, morph…", "708.5, hideaway, mue…"),
    "rules.search.go": ("Search", "Chercher"),
    "rules.found": ("{n} found for “{q}”.", "{n} trouvées pour « {q} »."),
    "rules.clear": ("Show all", "Tout afficher"),
    "rules.count": ("{n} paragraphs.", "{n} paragraphes."),
    "rules.none": ("No rule matches.", "Aucune règle ne correspond."),
    "rules.groups": ("Sections", "Sections"),
    "rules.group.face-down": (
        "Magic: face-down (708 · seed 707 · 2004: 504)",
        "Magic : face cachée (708 · source 707 · 2004 : 504)",
    ),
    "rules.group.flip": (
        "Magic: flip cards (710 · seed 709)",
        "Magic : cartes à retourner (710 · source 709)",
    ),
    "rules.group.hideaway": (
        "Magic: hideaway (702.75 · Lorwyn 502.75)",
        "Magic : hideaway (702.75 · Lorwyn 502.75)",
    ),
    "rules.group.2004": ("Magic: 2004 rules only", "Magic : règles de 2004 seulement"),
    "rules.group.cards": ("Magic: card texts", "Magic : textes de cartes"),
    "rules.group.magic-other": ("Magic: other rules cited", "Magic : autres règles citées"),
    "rules.group.riftbound-hidden": ("Riftbound: Hidden (811)", "Riftbound : Caché (811)"),
    "rules.group.riftbound": ("Riftbound: other rules", "Riftbound : autres règles"),
    "rules.see_also": ("See also:", "Voir aussi :"),
    "rules.cites": ("Cites:", "Cite :"),
    "rules.cited_by": ("Cited by:", "Citée par :"),
    "rules.show_me": ("Show me:", "Montrez-moi :"),
    "rules.in_index": ("In the reference", "Dans la référence"),
    "rules.also": ("{number} in other editions", "{number} dans d'autres éditions"),
    # scenario files
    "import.lede": (
        "A scenario file (facedown-scenario/1) builds a new game: its set-up, then each step.",
        "Un fichier de scénario (facedown-scenario/1) construit une nouvelle partie : la mise "
        "en place, puis chaque étape.",
    ),
    "import.file": ("Scenario file", "Fichier de scénario"),
    "import.paste": ("Or paste its JSON", "Ou collez son JSON"),
    "import.button": ("Build the game", "Construire la partie"),
    "import.format": (
        "The format is described in the README (“Scenario files”). Export one from a judge page.",
        "Le format est décrit dans le README (« Scenario files »). Exportez-en un depuis une "
        "page d'arbitre.",
    ),
    "import.too_big": (
        "This file is too large (256 KB at most).",
        "Ce fichier est trop gros (256 Ko au plus).",
    ),
    "import.empty": (
        "Choose a file or paste a scenario.",
        "Choisissez un fichier ou collez un scénario.",
    ),
    "import.invalid": (
        "This is not a valid scenario file: {detail}",
        "Ce n'est pas un fichier de scénario valable : {detail}",
    ),
    "import.cannot_build": (
        "This scenario can't be built: {detail}",
        "Ce scénario ne peut pas être construit : {detail}",
    ),
    # editions side by side
    "edition.mtg": ("Today's rules", "Règles actuelles"),
    "edition.mtg-2004": ("2004 rules", "Règles de 2004"),
    "edition.current": ("Today's hideaway", "Hideaway actuel"),
    "edition.lorwyn": ("Lorwyn hideaway", "Hideaway de Lorwyn"),
    "editions.title": ("Editions side by side", "Éditions côte à côte"),
    "editions.lede": (
        "Every step of this game judged under {this} and under {other}.",
        "Chaque étape de cette partie jugée selon {this} et selon {other}.",
    ),
    "editions.differences": ("{n} step(s) differ.", "{n} étape(s) diffèrent."),
    "editions.no_steps": ("Nothing has happened yet.", "Rien ne s'est encore passé."),
    "editions.differs": ("differs", "diffère"),
    "editions.accepted": ("allowed", "permis"),
    "editions.refused": ("refused", "refusé"),
    "editions.none": ("This game has only one edition.", "Ce jeu n'a qu'une édition."),
    # home
    "home.more": ("More", "Plus"),
}

MESSAGES.update(RULING_MESSAGES)
