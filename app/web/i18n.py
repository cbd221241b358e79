"""The page language (English or French) and every label the pages show, in both.

The language comes from the `lang` cookie (the toggle) or else the browser's Accept-Language;
messages from the rules core arrive already in both languages (`label` / `label_fr`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from starlette.requests import Request

from app.web.i18n_riftbound import RB_MESSAGES, RB_TYPE_FR

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")
LANG_COOKIE = "lang"

MESSAGES: dict[str, tuple[str, str]] = {
    # chrome
    "app.tagline": (
        "A rules judge for face-down cards",
        "Un arbitre de règles pour les cartes face cachée",
    ),
    "lang.switch": ("Français", "English"),
    "lang.switch.label": ("Lire en français", "Read in English"),
    "nav.home": ("Home", "Accueil"),
    "skip": ("Skip to the game", "Aller à la partie"),
    # home
    "home.title": (
        "Start a game or a judge question",
        "Lancer une partie ou une question d'arbitre",
    ),
    "home.questions": ("Judge questions", "Questions d'arbitre"),
    "home.questions.help": (
        "One tap builds the situation, with a link for each seat and for the judge.",
        "Un geste construit la situation, avec un lien par joueur et pour l'arbitre.",
    ),
    "home.rules": ("Rules", "Règles"),
    "home.new": ("New game", "Nouvelle partie"),
    "home.game": ("Game", "Jeu"),
    "home.players": ("Players", "Joueurs"),
    "home.player": ("Player {n}", "Joueur {n}"),
    "home.optional": ("optional", "facultatif"),
    "home.scenario": ("Start from", "Partir de"),
    "home.scenario.none": (
        "A starter table (morph, flip and hideaway cards in hand)",
        "Une table de départ (cartes à mue, à inversion et à cachette en main)",
    ),
    "home.create": ("Create the game", "Créer la partie"),
    "home.no_questions": (
        "No judge questions are available yet.",
        "Aucune question d'arbitre pour l'instant.",
    ),
    "ruleset.mtg": ("Magic (current rules)", "Magic (règles actuelles)"),
    "ruleset.mtg-2004": ("Magic, 2004 rules", "Magic, règles de 2004"),
    "ruleset.riftbound": ("Riftbound", "Riftbound"),
    # links
    "links.title": ("Links for this game", "Liens de cette partie"),
    "links.once": (
        "These links are shown only once: share them now. Whoever has a link sees what that seat sees.",
        "Ces liens ne s'affichent qu'une fois : partagez-les maintenant. Qui a un lien voit ce que voit cette place.",
    ),
    "links.seat": ("{player}'s seat", "Place de {player}"),
    "links.judge": ("Judge", "Arbitre"),
    "links.judge.help": (
        "Sees everything, with who may see what.",
        "Voit tout, avec qui peut voir quoi.",
    ),
    "links.spectator": ("Spectators", "Spectateurs"),
    "links.spectator.help": ("Sees only what is public.", "Ne voit que ce qui est public."),
    "links.open": ("Open", "Ouvrir"),
    "links.open_judge": ("Open as judge", "Ouvrir en arbitre"),
    "links.scan": ("Scan to open {who}", "Scanner pour ouvrir : {who}"),
    "links.copy": ("Link", "Lien"),
    # game chrome
    "game.turn": ("Turn {n}", "Tour {n}"),
    "game.active": ("{player} to play", "À {player} de jouer"),
    "game.version": ("version {n}", "version {n}"),
    "game.over": ("The game is over.", "La partie est terminée."),
    "game.winner": ("{player} wins.", "{player} gagne."),
    "game.over.reveal": (
        "Every face-down card is revealed at the end of the game.",
        "Toutes les cartes face cachée sont révélées en fin de partie.",
    ),
    "game.you_are": ("You are {player}", "Vous êtes {player}"),
    "game.judge": ("Judge view: you see everything", "Vue d'arbitre : vous voyez tout"),
    "game.spectator": (
        "Spectator: you see what is public",
        "Spectateur : vous voyez ce qui est public",
    ),
    "game.viewpoint": ("See as", "Voir comme"),
    "game.viewpoint.all": ("Judge (all)", "Arbitre (tout)"),
    "game.viewpoint.spectator": ("Spectator", "Spectateur"),
    "game.viewing_as": (
        "Judge, seeing what {player} sees; actions are made for {player}.",
        "Arbitre, vous voyez ce que voit {player} ; les actions sont faites pour {player}.",
    ),
    "game.viewing_spectator": (
        "Judge, seeing what a spectator sees.",
        "Arbitre, vous voyez ce que voit un spectateur.",
    ),
    "game.life": ("{n} life", "{n} PV"),
    "game.hand_count": ("hand {n}", "main {n}"),
    "game.library_count": ("library {n}", "bibliothèque {n}"),
    "game.left": ("left the game", "a quitté la partie"),
    "game.actions": ("Game actions", "Actions de partie"),
    "game.more": ("More", "Plus"),
    "game.no_actions": ("Nothing to do right now.", "Rien à faire pour l'instant."),
    "game.live": ("Updates live", "Mise à jour en direct"),
    "game.reload": ("Reload", "Recharger"),
    "zone.stack": ("Stack", "Pile"),
    "zone.battlefield": ("Battlefield", "Champ de bataille"),
    "zone.phased_out": ("Phased out", "Hors phase"),
    "zone.hand": ("Hand", "Main"),
    "zone.your_hand": ("Your hand", "Votre main"),
    "zone.graveyard": ("Graveyard", "Cimetière"),
    "zone.exile": ("Exile", "Exil"),
    "zone.library": ("Library", "Bibliothèque"),
    "zone.empty": ("empty", "vide"),
    "zone.hidden_hand": ("{n} cards, hidden", "{n} cartes, cachées"),
    "zone.hidden_hand_one": ("1 card, hidden", "1 carte, cachée"),
    # tiles
    "tile.tapped": ("tapped", "engagé"),
    "tile.at": ("at {place}", "à {place}"),
    "tile.flipped": ("flipped", "retourné"),
    "tile.token": ("token", "jeton"),
    "tile.phased_out": ("phased out", "hors phase"),
    "tile.attacked.this_turn": ("attacked this turn", "a attaqué ce tour"),
    "tile.attacked.last_turn": ("attacked last turn", "a attaqué au dernier tour"),
    "tile.counter": ("{n}× {kind}", "{n}× {kind}"),
    "tile.only_you": ("Only you see this", "Vous seul voyez ceci"),
    "tile.only_you.peek": (
        "Only you see this — tap to look",
        "Vous seul voyez ceci — touchez pour voir",
    ),
    "tile.face": ("Face", "Recto"),
    "tile.seen_by": ("Hidden — seen by {who}", "Caché — vu par {who}"),
    "tile.seen_by_nobody": ("Hidden — seen by nobody", "Caché — vu par personne"),
    "tile.seen_by_all": ("Public", "Public"),
    "tile.other_edition.lorwyn": ("Lorwyn rules", "Règles de Lorwyn"),
    "tile.other_edition.current": ("Today's rules", "Règles actuelles"),
    "tile.open": ("Actions for {name}", "Actions pour {name}"),
    "tile.nameless": ("nameless", "sans nom"),
    "tile.cost": ("cost {cost}", "coût {cost}"),
    # sheet
    "sheet.close": ("Close", "Fermer"),
    "sheet.actions": ("What can be done now", "Ce qui peut être fait maintenant"),
    "sheet.none": (
        "Nothing can be done with it right now.",
        "Rien ne peut être fait avec pour l'instant.",
    ),
    "sheet.gone": (
        "That card is no longer there: it moved and became a new object (400.7).",
        "Cette carte n'est plus là : elle a bougé et est devenue un nouvel objet (400.7).",
    ),
    "sheet.for": ("for {player}", "pour {player}"),
    # log
    "log.title": ("What happened", "Ce qui s'est passé"),
    "log.setup": ("Set-up", "Mise en place"),
    "log.by": ("{actor}", "{actor}"),
    "log.judge": ("judge", "arbitre"),
    "log.private": ("details only you see", "détails que vous seul voyez"),
    "log.all": ("The whole log", "Tout l'historique"),
    "log.rules": ("Rules", "Règles"),
    "log.empty": ("Nothing yet.", "Rien pour l'instant."),
    # notices and errors
    "notice.done": ("Done", "Fait"),
    "notice.illegal": ("Not allowed", "Interdit"),
    "notice.rules": ("Rules:", "Règles :"),
    "notice.stale": (
        "The game changed before your action arrived; here it is now. Nothing was done.",
        "La partie a changé avant votre action ; la voici. Rien n'a été fait.",
    ),
    "notice.dismiss": ("Dismiss", "Fermer"),
    "notice.not_sent": (
        "That did not reach the server: nothing was done. Try again in a moment.",
        "Cela n'a pas atteint le serveur : rien n'a été fait. Réessayez dans un instant.",
    ),
    "error.forbidden": ("This link does not open this game.", "Ce lien n'ouvre pas cette partie."),
    "error.no_seat": (
        "Open your seat link (or scan its QR code) to see this game.",
        "Ouvrez le lien de votre place (ou scannez son QR code) pour voir cette partie.",
    ),
    "error.bad_link": (
        "This link is not valid (or no longer): ask for a new one.",
        "Ce lien n'est pas valable (ou plus) : demandez-en un nouveau.",
    ),
    "error.csrf": (
        "This form is out of date or did not come from this site: reload the page and try again.",
        "Ce formulaire est périmé ou ne vient pas de ce site : rechargez la page et réessayez.",
    ),
    "error.spectator": (
        "A spectator can watch the game but not act in it.",
        "Un spectateur peut regarder la partie mais pas y agir.",
    ),
    "error.invalid": (
        "This request is not valid: {message}",
        "Cette demande n'est pas valable : {message}",
    ),
    "error.busy": (
        "The server is busy: try again in a moment.",
        "Le serveur est occupé : réessayez dans un instant.",
    ),
    "error.not_found": ("Not found.", "Introuvable."),
    "error.players": (
        "Give at least two players, with different names.",
        "Indiquez au moins deux joueurs, aux noms différents.",
    ),
    "error.scenario": ("There is no such scenario.", "Ce scénario n'existe pas."),
    "error.title": ("Something is wrong", "Un problème"),
    # rules pages
    "rule.title": ("Rule {number}", "Règle {number}"),
    "rule.numbers": ("Numbers", "Numéros"),
    "rule.current": ("Today's rules", "Règles actuelles"),
    "rule.seed": ("French rules (seed)", "Règles françaises (source)"),
    "rule.2004": ("2004 rules", "Règles de 2004"),
    "rule.card": ("Card text", "Texte de carte"),
    "rule.other_lang": ("In English", "En français"),
    "rule.unknown": (
        "Facedown has no summary for this number.",
        "Facedown n'a pas de résumé pour ce numéro.",
    ),
    "rule.summary_note": (
        "A summary in our own words, not the rules' text.",
        "Un résumé dans nos mots, pas le texte des règles.",
    ),
    # flip cards (709 / 710) and hideaway (502.75 / 702.75)
    "tile.flipped_from": ("flipped from {name}", "inversé depuis {name}"),
    "flip.normal": ("Normal half", "Moitié normale"),
    "flip.flipped": ("Flipped half", "Moitié inversée"),
    "flip.now": ("now", "actuelle"),
    "flip.keeps": (
        "Flipping changes name, text, type line, power and toughness; never colour or mana "
        "cost (710.2). It can't be undone (710.4).",
        "L'inversion change le nom, le texte, la ligne de type, la force et l'endurance ; "
        "jamais la couleur ni le coût de mana (710.2). Elle est définitive (710.4).",
    ),
    "stack.ability": ("Ability of {source}", "Capacité de {source}"),
    "hideaway.choose.title": ("{source}: hide a card", "{source} : cacher une carte"),
    "hideaway.choose.help": (
        "You are looking at the top {n} card(s) of your library. Exile one face down; the "
        "rest go to the bottom.",
        "Vous regardez les {n} carte(s) du dessus de votre bibliothèque. Exilez-en une face "
        "cachée ; les autres vont au-dessous.",
    ),
    "hideaway.pick": ("The card to exile face down", "La carte à exiler face cachée"),
    "hideaway.order.chosen": (
        "The order of the others at the bottom (Lorwyn rules: you choose)",
        "L'ordre des autres au-dessous (règles de Lorwyn : vous choisissez)",
    ),
    "hideaway.order.recorded": (
        "The order the others went to the bottom in (today it is random: set down the table's)",
        "L'ordre dans lequel les autres sont allées au-dessous (aujourd'hui aléatoire : notez "
        "celui de la table)",
    ),
    "hideaway.order.help": (
        "1 is the highest of them, just above the next. The number of the card you exile "
        "doesn't count.",
        "1 est la plus haute d'entre elles, juste au-dessus de la suivante. Le numéro de la "
        "carte exilée ne compte pas.",
    ),
    "hideaway.order.random": (
        "Today's rules (702.75a): the others go to the bottom in a random order.",
        "Règles actuelles (702.75a) : les autres vont au-dessous dans un ordre aléatoire.",
    ),
    "hideaway.submit": ("Exile it face down", "L'exiler face cachée"),
    "hideaway.pick_one": (
        "Choose one of the cards you looked at.",
        "Choisissez une des cartes que vous avez regardées.",
    ),
    "hideaway.waiting": (
        "{player} is looking at the top {n} card(s) of their library for {source} and must "
        "exile one face down. Only they see them.",
        "{player} regarde les {n} carte(s) du dessus de sa bibliothèque pour {source} et doit "
        "en exiler une face cachée. Lui seul les voit.",
    ),
    "edition.title": ("Who may look, by rules edition", "Qui peut regarder, selon l'édition"),
    "edition.this_game": ("this game", "cette partie"),
    "edition.same": ("Both editions agree.", "Les deux éditions concordent."),
    "edition.differ": ("The editions differ.", "Les éditions diffèrent."),
    "home.hideaway": ("Hideaway rules", "Règles de la cachette"),
    "home.hideaway.help": (
        "Magic (current rules) only: who may look at a hidden card, and the order of the others.",
        "Magic (règles actuelles) seulement : qui peut regarder une carte cachée, et l'ordre des "
        "autres.",
    ),
    "edition.current": (
        "Today's (702.75): random order; every player who has controlled the land may look",
        "Actuelles (702.75) : ordre aléatoire ; tout joueur ayant contrôlé le terrain peut regarder",
    ),
    "edition.lorwyn": (
        "Lorwyn 2007 (502.75): you choose the order; only while the land stays",
        "Lorwyn 2007 (502.75) : vous choisissez l'ordre ; seulement tant que le terrain reste",
    ),
}

_TYPE_FR = {
    "Creature": "Créature",
    "Artifact": "Artefact",
    "Enchantment": "Enchantement",
    "Land": "Terrain",
    "Instant": "Éphémère",
    "Sorcery": "Rituel",
    "Planeswalker": "Planeswalker",
    "Legendary": "Légendaire",
    "Basic": "de base",
    "Tribal": "Tribal",
}

MESSAGES |= RB_MESSAGES
_TYPE_FR |= RB_TYPE_FR


def pick_language(request: Request) -> Lang:
    """The cookie toggle first, then the first supported language in Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGS:
        return chosen  # type: ignore[return-value]
    return parse_accept_language(request.headers.get("accept-language", ""))


def parse_accept_language(header: str) -> Lang:
    best: tuple[float, int, Lang] | None = None
    for index, part in enumerate(header.split(",")[:20]):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()[:2]
        quality = 1.0
        for param in pieces[1:]:
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag in LANGS and quality > 0:
            candidate = (quality, -index, tag)
            if best is None or candidate > best:
                best = candidate  # type: ignore[assignment]
    return best[2] if best else "en"


def translator(lang: Lang) -> Callable[..., str]:
    """t("game.turn", n=3) -> "Turn 3" / "Tour 3"; an unknown key shows itself."""
    pick = 1 if lang == "fr" else 0

    def t(key: str, **values: object) -> str:
        pair = MESSAGES.get(key)
        text = pair[pick] if pair else key
        return text.format(**values) if values else text

    return t


def both(lang: Lang, en: str | None, fr: str | None) -> str:
    """The French text when the page is French and there is one, else the English."""
    if lang == "fr" and fr:
        return fr
    return en or fr or ""


def type_word(lang: Lang, word: str) -> str:
    return _TYPE_FR.get(word, word) if lang == "fr" else word
