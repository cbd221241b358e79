"""Rule keys -> rule numbers per edition, with one-line summaries in English and French.

Pure data and lookups: no FastAPI, no SQL, no I/O.

Editions:

* ``current`` -- today's English Comprehensive Rules (face-down spells and permanents are 708).
* ``seed`` -- the French Comprehensive Rules of the seed documents (face-down is 707, flip
  cards 709; for hideaway, the Lorwyn-era number 502.75 of seed 004).
* ``2004`` -- the Comprehensive Rules as of the January 2004 rulings release (face-down is 504).

A key is stable text the engine cites; most keys are the seed paragraph number ("707.5").
Keys for card texts start with ``card.``: they have no rule number, and a ruleset cites them by
the card's name. Summaries are our own words, not the rules' text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict

__all__ = [
    "CITATIONS",
    "Citation",
    "Edition",
    "Ruleset",
    "cite",
    "number",
    "numbers_for_ruleset",
]

Edition = Literal["current", "seed", "2004"]
Ruleset = Literal["mtg", "mtg-2004", "riftbound"]


class Citation(BaseModel):
    """One citable rule (or card text), its number in each edition, and what it says."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    current: str | None  # today's English Comprehensive Rules number, e.g. "708.5"
    seed: str | None  # the French CR of the seed (707 numbering), e.g. "707.5"
    r2004: str | None  # the January 2004 Comprehensive Rules, e.g. "504.3"
    title_en: str
    title_fr: str
    summary_en: str
    summary_fr: str
    cites: tuple[str, ...] = ()  # keys of related rules

    @property
    def is_card_text(self) -> bool:
        return self.key.startswith("card.")


def _c(
    key: str,
    current: str | None,
    seed: str | None,
    r2004: str | None,
    title: tuple[str, str],
    summary: tuple[str, str],
    cites: tuple[str, ...] = (),
) -> Citation:
    return Citation(
        key=key,
        current=current,
        seed=seed,
        r2004=r2004,
        title_en=title[0],
        title_fr=title[1],
        summary_en=summary[0],
        summary_fr=summary[1],
        cites=cites,
    )


_ENTRIES: tuple[Citation, ...] = (
    # --- Face-down spells and permanents: seed 707 / today 708 / 2004: 504 -----------------
    _c(
        "707.1",
        "708.1",
        "707.1",
        "504.1",
        ("What lets objects be face down", "Ce qui permet d'être face cachée"),
        (
            "Only certain cards and abilities let a spell or permanent be face down: morph, "
            "Illusionary Mask and Ixidron in the seed, and today also megamorph, disguise, "
            "manifest, cloak and a few others.",
            "Seules certaines cartes et capacités permettent à un sort ou à un permanent d'être "
            "face cachée : la mue, Illusionary Mask et Ixidron dans la source, et aujourd'hui "
            "aussi megamorph, disguise, manifester, cloak et quelques autres.",
        ),
        ("702.37", "card.illusionary-mask", "card.ixidron"),
    ),
    _c(
        "707.2",
        "708.2",
        "707.2",
        "504.2",
        ("Characteristics of a face-down object", "Caractéristiques d'un objet face cachée"),
        (
            "A face-down spell or permanent has only the characteristics given by the rule or "
            "ability that made it face down, and those are its copiable values.",
            "Un sort ou un permanent face cachée n'a que les caractéristiques données par la "
            "règle ou la capacité qui l'a rendu face cachée, et ce sont ses valeurs copiables.",
        ),
        ("707.2a", "707.2-copy"),
    ),
    _c(
        "707.2a",
        "708.2a",
        "707.2a",
        "504.2",
        ("The default face-down 2/2", "La 2/2 face cachée par défaut"),
        (
            "A face-up permanent turned face down without other instructions becomes a 2/2 "
            "creature with no name, no text, no subtypes and no mana cost (so it is colourless); "
            "those are its copiable values.",
            "Un permanent face visible retourné face cachée sans autre précision devient une "
            "créature 2/2 sans nom, sans texte, sans sous-type et sans coût de mana (donc "
            "incolore) ; ce sont ses valeurs copiables.",
        ),
        ("707.2", "708.2b"),
    ),
    _c(
        "708.2b",
        "708.2b",
        None,
        None,
        ("Already face down", "Déjà face cachée"),
        (
            "Turning face down a permanent that is already face down does nothing.",
            "Retourner face cachée un permanent qui l'est déjà n'a aucun effet.",
        ),
        ("707.2a",),
    ),
    _c(
        "707.3",
        "708.3",
        "707.3",
        "504.2",
        ("Entering the battlefield face down", "Arriver sur le champ de bataille face cachée"),
        (
            "An object put onto the battlefield face down is turned face down before it "
            "arrives, so its enters-the-battlefield triggers don't trigger and its static "
            "'enters' abilities don't apply.",
            "Un objet mis sur le champ de bataille face cachée est retourné avant d'y arriver : "
            "ses capacités déclenchées d'arrivée ne se déclenchent pas et ses capacités "
            "statiques d'arrivée ne s'appliquent pas.",
        ),
        ("707.8",),
    ),
    _c(
        "707.4",
        "708.4",
        "707.4",
        "504.2",
        ("Casting face down", "Lancer face cachée"),
        (
            "An object cast face down is turned face down before it goes on the stack, so "
            "effects and restrictions that look at the spell see only its face-down "
            "characteristics.",
            "Un objet lancé face cachée est retourné avant d'être mis sur la pile : les effets et "
            "les interdictions qui regardent le sort ne voient que ses caractéristiques face "
            "cachée.",
        ),
        ("601.2",),
    ),
    _c(
        "707.5",
        "708.5",
        "707.5",
        "504.3",
        ("Who may look at a face-down object", "Qui peut regarder un objet face cachée"),
        (
            "You may look at any time at a face-down spell you control on the stack or a "
            "face-down permanent you control, even phased out; you may not look at face-down "
            "cards in other zones or at face-down spells and permanents someone else controls.",
            "Vous pouvez regarder à tout moment un sort face cachée que vous contrôlez sur la "
            "pile ou un permanent face cachée que vous contrôlez, même hors-phase ; vous ne "
            "pouvez regarder ni les cartes face cachée des autres zones, ni les sorts et "
            "permanents face cachée qu'un autre joueur contrôle.",
        ),
        ("707.9", "2004.phased-out-look"),
    ),
    _c(
        "707.6",
        "708.6",
        "707.6",
        "504.4",
        ("Telling face-down objects apart", "Distinguer les objets face cachée"),
        (
            "A player with several face-down spells or permanents must keep them "
            "distinguishable at all times: the order they were cast, the order they entered the "
            "battlefield, which ones attacked last turn, and any other difference between them.",
            "Un joueur qui contrôle plusieurs sorts ou permanents face cachée doit pouvoir les "
            "distinguer à tout moment : ordre de lancement, ordre d'arrivée sur le champ de "
            "bataille, lesquels ont attaqué au dernier tour et toute autre différence.",
        ),
    ),
    _c(
        "707.7",
        "708.7",
        "707.7",
        "504.3",
        ("Turning face up", "Retourner face visible"),
        (
            "The rule or ability that made a permanent face down may also let its controller "
            "turn it face up; spells normally can't be turned face up.",
            "La règle ou la capacité qui a rendu un permanent face cachée peut aussi permettre à "
            "son contrôleur de le retourner face visible ; normalement, un sort ne peut pas être "
            "retourné face visible.",
        ),
        ("702.37", "702.168", "701.40"),
    ),
    _c(
        "707.8",
        "708.8",
        "707.8",
        "504.5",
        ("What turning face up changes", "Ce que change le retournement face visible"),
        (
            "A permanent turned face up gets its normal copiable values back, effects that "
            "already applied to it keep applying, and its 'enters' abilities don't trigger or "
            "apply because it was already on the battlefield.",
            "Un permanent retourné face visible retrouve ses valeurs copiables normales, les "
            "effets qui s'appliquaient à lui continuent de s'appliquer, et ses capacités "
            "d'arrivée ne se déclenchent pas et ne s'appliquent pas puisqu'il était déjà sur le "
            "champ de bataille.",
        ),
        ("707.3", "707.11"),
    ),
    _c(
        "707.9",
        "708.9",
        "707.9",
        "504.6",
        ("Revealing face-down objects", "Révéler les objets face cachée"),
        (
            "A face-down permanent that leaves the battlefield, or a face-down spell that leaves "
            "the stack for anywhere but the battlefield, is revealed to all players by its owner "
            "as it moves; at the end of every game all face-down spells and permanents are "
            "revealed.",
            "Un permanent face cachée qui quitte le champ de bataille, ou un sort face cachée qui "
            "quitte la pile pour une autre zone que le champ de bataille, est révélé à tous par "
            "son propriétaire au moment où il le déplace ; à la fin de chaque partie, tous les "
            "sorts et permanents face cachée sont révélés.",
        ),
        ("708.9-leaves", "400.7"),
    ),
    _c(
        "708.9-leaves",
        "708.9",
        None,
        None,
        ("A player leaves the game", "Un joueur quitte la partie"),
        (
            "When a player leaves the game, every face-down spell and permanent that player owns "
            "is revealed to all players.",
            "Quand un joueur quitte la partie, tous les sorts et permanents face cachée dont il "
            "est le propriétaire sont révélés à tous les joueurs.",
        ),
        ("707.9", "104.3a"),
    ),
    _c(
        "707.10",
        "708.10",
        "707.10",
        None,
        ("A face-down permanent becomes a copy", "Un permanent face cachée devient une copie"),
        (
            "A face-down permanent that becomes a copy of another permanent takes the copied "
            "values as modified by its face-down status, so it stays a face-down 2/2; once "
            "turned face up, it has the copied values.",
            "Un permanent face cachée qui devient la copie d'un autre permanent prend les "
            "valeurs copiées telles que modifiées par son statut face cachée, et reste donc une "
            "2/2 face cachée ; une fois retourné face visible, il a les valeurs copiées.",
        ),
        ("707.2-copy", "707.8"),
    ),
    _c(
        "707.11",
        "708.11",
        "707.11",
        None,
        ("'As this is turned face up' abilities", "Capacités « au moment où il est retourné »"),
        (
            "An ability of the form 'As this is turned face up…' applies while the permanent is "
            "being turned face up, not afterwards.",
            "Une capacité « Au moment où ce permanent est retourné face visible… » s'applique "
            "pendant le retournement, et non après.",
        ),
        ("707.8",),
    ),
    # --- The 2004 phased-out zone -------------------------------------------------------
    _c(
        "2004.phased-out-zone",
        None,
        None,
        "504.6",
        ("Face-down cards in the phased-out zone", "Cartes face cachée dans la zone hors-phase"),
        (
            "Under the 2004 rules phased-out permanents sat in a phased-out zone, where a "
            "face-down card kept only its face-down characteristics (504.2); one leaving that "
            "zone for anywhere but play was revealed, as were all of them at the end of the game "
            "(504.6).",
            "Selon les règles de 2004, les permanents hors-phase allaient dans une zone "
            "hors-phase où une carte face cachée ne gardait que ses caractéristiques face cachée "
            "(504.2) ; celle qui quittait cette zone pour une autre que le jeu était révélée, "
            "comme toutes à la fin de la partie (504.6).",
        ),
        ("702.26", "2004.phased-out-look", "707.9"),
    ),
    _c(
        "2004.phased-out-look",
        None,
        None,
        "504.3",
        ("Looking at phased-out face-down cards", "Regarder une carte face cachée hors-phase"),
        (
            "The January 2004 text of 504.3 lets you look only at face-down spells you control "
            "on the stack and face-down permanents you control in play, so not at a face-down "
            "card in the phased-out zone, even one of yours.",
            "Le texte de janvier 2004 de la règle 504.3 ne permet de regarder que vos sorts face "
            "cachée sur la pile et vos permanents face cachée en jeu, donc pas une carte face "
            "cachée dans la zone hors-phase, même la vôtre.",
        ),
        ("707.5", "2004.phased-out-zone"),
    ),
    # --- Objects and zones ---------------------------------------------------------------
    _c(
        "400.7",
        "400.7",
        None,
        "217.1c",
        ("A new object after a zone change", "Un nouvel objet après un changement de zone"),
        (
            "An object that moves from one zone to another becomes a new object unrelated to "
            "the old one, apart from a few exceptions the rules list.",
            "Un objet qui change de zone devient un nouvel objet sans lien avec l'ancien, à "
            "quelques exceptions près énumérées par les règles.",
        ),
    ),
    _c(
        "110.5",
        "110.5",
        None,
        None,
        ("Permanent status", "Statut d'un permanent"),
        (
            "Every permanent has a status in four pairs: tapped or untapped, flipped or "
            "unflipped, face up or face down, phased in or phased out; status is not a "
            "characteristic.",
            "Tout permanent a un statut dans quatre paires : engagé ou dégagé, inversé ou non, "
            "face visible ou face cachée, en phase ou hors-phase ; le statut n'est pas une "
            "caractéristique.",
        ),
    ),
    _c(
        "122.1",
        "122.1",
        None,
        None,
        ("Counters", "Marqueurs"),
        (
            "A counter is a marker on an object or player that changes its characteristics or "
            "interacts with a rule, ability or effect; an object's counters don't follow it to "
            "another zone (122.2).",
            "Un marqueur est posé sur un objet ou un joueur pour modifier ses caractéristiques ou "
            "interagir avec une règle, une capacité ou un effet ; les marqueurs d'un objet ne le "
            "suivent pas dans une autre zone (122.2).",
        ),
        ("400.7",),
    ),
    _c(
        "707.2-copy",
        "707.2",
        "706.2",
        "503",
        ("Copiable values", "Valeurs copiables"),
        (
            "A copy gets only the original's copiable values: what is printed, as changed by "
            "other copy effects, by face-down status and by certain 'as it enters / is turned "
            "face up' abilities; status, counters and other effects are not copied.",
            "Une copie ne reçoit que les valeurs copiables de l'original : ce qui est imprimé, "
            "modifié par d'autres effets de copie, par le statut face cachée et par certaines "
            "capacités « au moment où il arrive / est retourné face visible » ; le statut, les "
            "marqueurs et les autres effets ne sont pas copiés.",
        ),
        ("707.2", "707.10"),
    ),
    # --- Game flow ------------------------------------------------------------------------
    _c(
        "601.2",
        "601.2",
        None,
        None,
        ("Casting a spell", "Lancer un sort"),
        (
            "To cast a spell, its controller moves it to the stack, makes the choices it "
            "requires, then determines and pays its total cost; only then has it been cast.",
            "Pour lancer un sort, son contrôleur le met sur la pile, fait les choix qu'il "
            "demande, puis détermine et paie son coût total ; c'est alors seulement qu'il est "
            "lancé.",
        ),
        ("707.4",),
    ),
    _c(
        "608.3",
        "608.3",
        None,
        None,
        ("A permanent spell resolves", "Un sort de permanent se résout"),
        (
            "A resolving permanent spell becomes a permanent on the battlefield under the "
            "control of the spell's controller.",
            "Un sort de permanent qui se résout devient un permanent sur le champ de bataille, "
            "sous le contrôle du contrôleur du sort.",
        ),
    ),
    _c(
        "701.6",
        "701.6",
        None,
        None,
        ("Counter", "Contrecarrer"),
        (
            "Countering a spell or ability cancels it and removes it from the stack without any "
            "of its effects; a countered spell goes to its owner's graveyard.",
            "Contrecarrer un sort ou une capacité l'annule et le retire de la pile sans "
            "qu'aucun de ses effets ne se produise ; un sort contrecarré va dans le cimetière de "
            "son propriétaire.",
        ),
        ("707.9",),
    ),
    _c(
        "508.1",
        "508.1",
        None,
        None,
        ("Declaring attackers", "Déclarer les attaquants"),
        (
            "At the start of the declare attackers step the active player chooses which "
            "creatures attack; attacking taps them unless they have vigilance.",
            "Au début de l'étape de déclaration des attaquants, le joueur actif choisit les "
            "créatures qui attaquent ; attaquer les engage, sauf si elles ont la vigilance.",
        ),
        ("707.6",),
    ),
    _c(
        "104.3a",
        "104.3a",
        None,
        "102.7",
        ("Conceding", "Concéder"),
        (
            "A player may concede at any time; that player leaves the game and loses it.",
            "Un joueur peut concéder à tout moment ; il quitte la partie et la perd.",
        ),
        ("708.9-leaves",),
    ),
    _c(
        "104.1",
        "104.1",
        None,
        None,
        ("End of the game", "Fin de la partie"),
        (
            "A game ends at once when a player wins, when it is a draw, or when it is restarted.",
            "Une partie se termine immédiatement quand un joueur la gagne, quand elle est "
            "déclarée nulle ou quand elle est recommencée.",
        ),
        ("707.9",),
    ),
    # --- Keywords that make objects face down ----------------------------------------------
    _c(
        "702.37",
        "702.37",
        "702.34",
        "502.26",
        ("Morph", "Mue"),
        (
            "Morph lets you cast the card face down as a nameless colourless 2/2 creature for "
            "{3}, and turn it face up whenever you have priority by paying its morph cost, a "
            "special action that doesn't use the stack.",
            "La mue permet de lancer la carte face cachée comme une créature 2/2 incolore sans "
            "nom pour {3}, puis de la retourner face visible chaque fois que vous avez la "
            "priorité en payant son coût de mue ; c'est une action spéciale qui n'utilise pas la "
            "pile.",
        ),
        ("707.7", "702.37b", "702.168"),
    ),
    _c(
        "702.37b",
        "702.37b",
        None,
        None,
        ("Megamorph", "Megamorph (variante de la mue)"),
        (
            "Megamorph works like morph, and a permanent turned face up for its megamorph cost "
            "also gets a +1/+1 counter.",
            "Megamorph fonctionne comme la mue, et un permanent retourné face visible pour son "
            "coût de megamorph reçoit en plus un marqueur +1/+1.",
        ),
        ("702.37",),
    ),
    _c(
        "702.168",
        "702.168",
        None,
        None,
        ("Disguise", "Disguise (déguisement)"),
        (
            "Disguise works like morph, except that the face-down spell and the face-down "
            "permanent also have ward {2}.",
            "Disguise fonctionne comme la mue, à ceci près que le sort et le permanent face "
            "cachée ont aussi la parade {2}.",
        ),
        ("702.37",),
    ),
    _c(
        "701.40",
        "701.40",
        None,
        None,
        ("Manifest", "Manifester"),
        (
            "To manifest a card, put it onto the battlefield face down as a 2/2 creature; it can "
            "be turned face up for its mana cost if it is a creature card, or for its morph or "
            "disguise cost if it has one, but an instant or sorcery can't be turned face up this "
            "way.",
            "Manifester une carte, c'est la mettre sur le champ de bataille face cachée comme "
            "une créature 2/2 ; on peut la retourner face visible pour son coût de mana si c'est "
            "une carte de créature, ou pour son coût de mue ou de disguise si elle en a un, mais "
            "un éphémère ou un rituel ne peut pas être retourné ainsi.",
        ),
        ("707.3", "701.58"),
    ),
    _c(
        "701.58",
        "701.58",
        None,
        None,
        ("Cloak", "Cloak (action mot-clé)"),
        (
            "Cloaking is manifesting with ward {2}: the card goes onto the battlefield face down "
            "as a 2/2 creature with ward {2} and can be turned face up the same ways as a "
            "manifested card.",
            "Cloak, c'est manifester avec la parade {2} : la carte arrive sur le champ de "
            "bataille face cachée comme une créature 2/2 avec la parade {2} et se retourne face "
            "visible de la même façon qu'une carte manifestée.",
        ),
        ("701.40",),
    ),
    _c(
        "702.26",
        "702.26",
        None,
        None,
        ("Phasing", "Déphasage"),
        (
            "During its controller's untap step, a phased-in permanent with phasing phases out "
            "and a phased-out one phases back in; while phased out it is treated as though it "
            "doesn't exist.",
            "Pendant l'étape de dégagement de son contrôleur, un permanent en phase qui a le "
            "déphasage passe hors-phase et un permanent hors-phase revient ; tant qu'il est "
            "hors-phase, il est traité comme s'il n'existait pas.",
        ),
        ("707.5", "2004.phased-out-zone"),
    ),
    # --- Cards that appear in the rules text ------------------------------------------------
    _c(
        "card.illusionary-mask",
        None,
        None,
        None,
        ("Illusionary Mask", "Illusionary Mask"),
        (
            "Illusionary Mask lets you cast a creature card from your hand face down as a 2/2 "
            "without paying its mana cost (the mana spent on X must be able to pay it); that "
            "creature is turned face up just before it would deal or be dealt damage or become "
            "tapped.",
            "Illusionary Mask permet de lancer face cachée, comme une 2/2 et sans payer son coût "
            "de mana, une carte de créature de votre main (le mana dépensé pour X doit pouvoir "
            "le payer) ; cette créature est retournée face visible juste avant d'infliger ou de "
            "subir des blessures ou de devenir engagée.",
        ),
        ("707.1", "707.7"),
    ),
    _c(
        "card.ixidron",
        None,
        None,
        None,
        ("Ixidron", "Ixidron"),
        (
            "As Ixidron enters the battlefield, every other nontoken creature is turned face "
            "down; its power and toughness equal the number of face-down creatures, and "
            "creatures it turned face down can be turned face up only if they have a way to be "
            "(such as morph).",
            "Au moment où Ixidron arrive sur le champ de bataille, toutes les autres créatures "
            "non-jeton sont retournées face cachée ; sa force et son endurance sont égales au "
            "nombre de créatures face cachée, et les créatures qu'il a retournées ne peuvent être "
            "retournées face visible que si elles en ont un moyen (comme la mue).",
        ),
        ("707.1", "707.2a", "707.7"),
    ),
    # --- Hideaway: Lorwyn 502.75 (seed 004) / today 702.75 ---------------------------------
    _c(
        "702.75",
        "702.75",
        "502.75",
        None,
        ("Hideaway", "Cachette"),
        (
            "When a permanent with hideaway enters, its controller looks at the top cards of "
            "their library (four for the Lorwyn lands), exiles one face down and puts the rest "
            "on the bottom; who may look at the exiled card differs between the Lorwyn release "
            "notes and today's rules.",
            "Quand un permanent avec la cachette arrive, son contrôleur regarde les cartes du "
            "dessus de sa bibliothèque (quatre pour les terrains de Lorwyn), en exile une face "
            "cachée et met le reste au-dessous ; qui peut regarder la carte exilée diffère entre "
            "les notes de Lorwyn et les règles actuelles.",
        ),
        ("406.3",),
    ),
    _c(
        "406.3",
        "406.3",
        None,
        None,
        ("Cards exiled face down", "Cartes exilées face cachée"),
        (
            "A card exiled face down can't be looked at unless an instruction allows it, and a "
            "player allowed to look at it may keep looking while it stays in exile.",
            "Une carte exilée face cachée ne peut pas être regardée sauf si une instruction le "
            "permet, et un joueur autorisé à la regarder peut continuer tant qu'elle reste en "
            "exil.",
        ),
        ("702.75",),
    ),
    _c(
        "103.1",
        "103.1",
        None,
        None,
        ("Starting the game", "Début de la partie"),
        (
            "A game begins with each player's cards in place and one player chosen to take the first turn.",
            "Une partie commence avec les cartes de chaque joueur en place et un joueur désigné pour jouer le premier tour.",
        ),
    ),
    _c(
        "110.2",
        "110.2",
        None,
        None,
        ("Controller of a permanent", "Contrôleur d'un permanent"),
        (
            "By default a permanent's controller is the player under whose control it entered the battlefield; effects can change who controls it.",
            "Par défaut, le contrôleur d'un permanent est le joueur sous le contrôle duquel il est arrivé ; des effets peuvent changer qui le contrôle.",
        ),
    ),
    _c(
        "305.1",
        "305.1",
        None,
        None,
        ("Playing a land", "Jouer un terrain"),
        (
            "A land is played from the hand during your own main phase with an empty stack; it is not cast and does not use the stack.",
            "Un terrain se joue depuis la main pendant votre phase principale, pile vide ; il n'est pas lancé et n'utilise pas la pile.",
        ),
    ),
    _c(
        "400.2",
        "400.2",
        None,
        None,
        ("Public and hidden zones", "Zones publiques et cachées"),
        (
            "Battlefield, stack, graveyard and exile are public zones where everyone sees the cards' faces unless a rule keeps one face down; library and hand are hidden zones.",
            "Champ de bataille, pile, cimetière et exil sont publics : tout le monde voit les cartes, sauf celles qu'une règle garde face cachée ; bibliothèque et main sont des zones cachées.",
        ),
    ),
    _c(
        "401.2",
        "401.2",
        None,
        None,
        ("The library stays face down", "La bibliothèque reste face cachée"),
        (
            "A library is one face-down pile: nobody may look through it or change its order; its cards can only be counted.",
            "Une bibliothèque est une pile face cachée : personne ne peut la consulter ni en changer l'ordre ; on peut seulement compter ses cartes.",
        ),
    ),
    _c(
        "402.3",
        "402.3",
        None,
        None,
        ("Looking at hands", "Regarder les mains"),
        (
            "You may look at your own hand as much as you like; another player's hand can be counted but not looked at.",
            "Vous pouvez regarder votre main autant que vous voulez ; la main d'un autre joueur peut être comptée mais pas regardée.",
        ),
    ),
    _c(
        "500.1",
        "500.1",
        None,
        None,
        ("Turn structure", "Structure du tour"),
        (
            "A turn goes through beginning, main, combat, second main and ending phases, and then the next player takes a turn.",
            "Un tour enchaîne les phases de début, principale, de combat, principale et de fin, puis le joueur suivant joue son tour.",
        ),
    ),
    _c(
        "502.3",
        "502.3",
        None,
        None,
        ("Untap step", "Étape de dégagement"),
        (
            "In their untap step, the active player untaps their permanents.",
            "Pendant son étape de dégagement, le joueur actif dégage ses permanents.",
        ),
    ),
    _c(
        "514.2",
        "514.2",
        None,
        None,
        ("Cleanup step", "Étape de nettoyage"),
        (
            'In the cleanup step, damage is removed and "until end of turn" effects end.',
            "Pendant l'étape de nettoyage, les blessures sont retirées et les effets « jusqu'à la fin du tour » prennent fin.",
        ),
    ),
    _c(
        "608.1",
        "608.1",
        None,
        None,
        ("Resolving the top of the stack", "Résolution du haut de la pile"),
        (
            "When all players pass in a row, the top object of the stack resolves; with an empty stack there is nothing to resolve.",
            "Quand tous les joueurs passent à la suite, l'objet au sommet de la pile se résout ; pile vide, rien ne se résout.",
        ),
    ),
    _c(
        "613.4c",
        "613.4c",
        None,
        None,
        ("Power and toughness effects", "Effets sur la force et l'endurance"),
        (
            "Effects and counters that raise or lower power and toughness apply in layer 7c, on top of the copiable values.",
            "Les effets et marqueurs qui modifient la force et l'endurance s'appliquent en sous-couche 7c, par-dessus les valeurs copiables.",
        ),
    ),
    _c(
        "704.5d",
        "704.5d",
        None,
        None,
        ("Tokens outside the battlefield", "Jetons hors du champ de bataille"),
        (
            "A token that is anywhere but the battlefield ceases to exist.",
            "Un jeton qui se trouve ailleurs que sur le champ de bataille cesse d'exister.",
        ),
    ),
)

CITATIONS: Mapping[str, Citation] = MappingProxyType({c.key: c for c in _ENTRIES})


def cite(key: str) -> Citation:
    """The citation for ``key``; ``KeyError`` if there is none."""
    try:
        return CITATIONS[key]
    except KeyError:
        raise KeyError(f"unknown rule key {key!r}") from None


def number(key: str, edition: Edition) -> str | None:
    """The number of ``key`` in ``edition``, or ``None`` when that edition has no such rule."""
    citation = cite(key)
    if edition == "current":
        return citation.current
    if edition == "seed":
        return citation.seed
    if edition == "2004":
        return citation.r2004
    raise ValueError(f"unknown edition {edition!r}")


def numbers_for_ruleset(keys: Iterable[str], ruleset: str) -> list[str]:
    """The rule numbers to show for ``keys`` in a game of ``ruleset``, de-duplicated, in order.

    * ``"mtg"``: each key's seed number, then its current number (``["707.5"]`` gives
      ``["707.5", "708.5"]``); a key with only one of them gives that one.
    * ``"mtg-2004"``: each key's 2004 number; when the 2004 edition had no such rule, the seed
      number, else the current one.
    * a key of the 2004 edition only (``2004.…``) gives its 2004 number under ``"mtg"`` too.
    * a card-text key (``card.…``) gives the card's name in every ruleset.
    * ``"riftbound"``, and any key this table doesn't know (e.g. Riftbound's "811.6.a"),
      pass through unchanged: such keys are already the numbers to show.
    """
    if ruleset not in ("mtg", "mtg-2004", "riftbound"):
        raise ValueError(f"unknown ruleset {ruleset!r}")
    result: list[str] = []
    for key in keys:
        citation = CITATIONS.get(key)
        if ruleset == "riftbound" or citation is None:
            found: list[str | None] = [key]
        elif citation.is_card_text:
            found = [citation.title_en]
        elif ruleset == "mtg":
            found = [citation.seed, citation.current]
            if not any(found):  # a rule only the 2004 edition has
                found = [citation.r2004]
        else:
            found = [citation.r2004 or citation.seed or citation.current]
        for value in found:
            if value is not None and value not in result:
                result.append(value)
    return result
