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
    riftbound: str | None = None  # Riftbound's rule number (keys "rb.…"), if it has one

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
    # --- Flip cards: seed 709 (French CR) / today 710 ---------------------------------------
    _c(
        "709.1",
        "710.1",
        "709.1",
        None,
        ("Flip cards", "Cartes à inversion"),
        (
            "A flip card is one card with two sets of characteristics: the normal ones read "
            "the right way up, the alternative ones printed upside down; its back is a normal "
            "Magic back.",
            "Une carte à inversion est une seule carte avec deux jeux de caractéristiques : les "
            "normales à l'endroit, les alternatives imprimées à l'envers ; son dos est un dos "
            "de Magic normal.",
        ),
        ("709.1a", "709.1b", "709.2"),
    ),
    _c(
        "709.1a",
        "710.1a",
        "709.1a",
        None,
        ("The top half", "La partie supérieure"),
        (
            "The top half holds the normal name, text, type line, power and toughness; its text "
            "usually says when the permanent flips.",
            "La partie supérieure porte le nom, le texte, la ligne de type, la force et "
            "l'endurance normaux ; son texte dit d'habitude quand le permanent s'inverse.",
        ),
        ("709.1",),
    ),
    _c(
        "709.1b",
        "710.1b",
        "709.1b",
        None,
        ("The upside-down half", "La partie inversée"),
        (
            "The bottom half holds an alternative name, text, type line, power and toughness, "
            "used only by a permanent on the battlefield that has flipped.",
            "La partie inférieure porte un nom, un texte, une ligne de type, une force et une "
            "endurance alternatifs, utilisés seulement par un permanent inversé sur le champ "
            "de bataille.",
        ),
        ("709.2",),
    ),
    _c(
        "709.1c",
        "710.1c",
        "709.1c",
        None,
        ("What flipping keeps", "Ce que l'inversion garde"),
        (
            "Flipping changes neither colour nor mana cost, and changes made by outside effects "
            "keep applying.",
            "L'inversion ne change ni la couleur ni le coût de mana, et les changements dus à "
            "des effets extérieurs continuent de s'appliquer.",
        ),
        ("709.2",),
    ),
    _c(
        "709.2",
        "710.2",
        "709.2",
        None,
        ("Which half applies", "Quelle partie s'applique"),
        (
            "Everywhere but the battlefield, and there until it flips, a flip card has only its "
            "normal characteristics; once flipped, the alternative name, text, type line, power "
            "and toughness replace them (a search for a legendary card can't find Akki "
            "Lavarunner; Tok-Tok, Volcano Born is legendary).",
            "Partout sauf sur le champ de bataille, et là tant qu'elle n'est pas inversée, une "
            "carte à inversion n'a que ses caractéristiques normales ; une fois inversée, le "
            "nom, le texte, la ligne de type, la force et l'endurance alternatifs les "
            "remplacent (chercher une carte légendaire ne trouve pas Akki coureur des laves ; "
            "Tok-Tok, né du volcan est légendaire).",
        ),
        ("709.1b", "709.1c", "709.4"),
    ),
    _c(
        "709.3",
        "710.3",
        "709.3",
        None,
        ("Showing flipped status", "Montrer le statut inversé"),
        (
            "It must be clear at all times whether a permanent you control is flipped, tapped "
            "or untapped; a die or a coin is a common marker.",
            "On doit voir à tout moment si un permanent que vous contrôlez est inversé, qu'il "
            "soit engagé ou non ; un dé ou une pièce sert souvent de marqueur.",
        ),
        ("110.5",),
    ),
    _c(
        "709.4",
        "710.4",
        "709.4",
        None,
        ("Flipping is one-way", "L'inversion est à sens unique"),
        (
            "A flipped permanent can never unflip or flip again, but one that leaves the "
            "battlefield keeps no memory of having flipped.",
            "Un permanent inversé ne peut ni revenir ni s'inverser à nouveau, mais s'il quitte "
            "le champ de bataille, il ne garde aucun souvenir de son inversion.",
        ),
        ("110.5", "400.7"),
    ),
    _c(
        "709.5",
        "710.5",
        "709.5",
        None,
        ("Naming a flip card", "Nommer une carte à inversion"),
        (
            "A player told to choose a card name may choose the alternative name of a flip card.",
            "Un joueur qui doit choisir un nom de carte peut choisir le nom alternatif d'une "
            "carte à inversion.",
        ),
        ("709.2",),
    ),
    _c(
        "706.3",
        "707.3",
        "706.3",
        None,
        ("A copy's own status", "Le statut propre d'une copie"),
        (
            "A copy takes the copied information as changed by its own status: copying a flip "
            "card copies both halves, and the copy uses the flipped half only if it is itself "
            "flipped.",
            "Une copie prend l'information copiée modifiée par son propre statut : copier une "
            "carte à inversion copie les deux parties, et la copie n'utilise la partie inversée "
            "que si elle est elle-même inversée.",
        ),
        ("707.2-copy", "110.5", "709.2"),
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
            "their library (four for the Lorwyn lands, N today), exiles one face down and puts "
            "the rest on the bottom; in Lorwyn the keyword also made it enter tapped.",
            "Quand un permanent avec la cachette arrive, son contrôleur regarde les cartes du "
            "dessus de sa bibliothèque (quatre pour les terrains de Lorwyn, N aujourd'hui), en "
            "exile une face cachée et met le reste au-dessous ; dans Lorwyn, le mot-clé le "
            "faisait aussi arriver engagé.",
        ),
        ("702.75-exile-one", "702.75-look", "702.75-lorwyn-look", "406.3"),
    ),
    _c(
        "702.75-exile-one",
        "702.75a",
        "502.75a",
        None,
        ("Look, then exile one", "Regarder, puis en exiler une"),
        (
            "The controller must look at the top cards and must exile one of them; with fewer "
            "cards left than the number, they look at all and still exile one.",
            "Le contrôleur doit regarder les cartes du dessus et doit en exiler une ; s'il en "
            "reste moins que le nombre indiqué, il les regarde toutes et en exile quand même "
            "une.",
        ),
        ("702.75",),
    ),
    _c(
        "702.75-bottom-order",
        "702.75a",
        "502.75a",
        None,
        ("The other cards go to the bottom", "Les autres cartes vont au-dessous"),
        (
            "The cards not exiled go to the bottom of the library: in any order the player "
            "chooses under the Lorwyn wording, in a random order under today's rule.",
            "Les cartes non exilées vont au-dessous de la bibliothèque : dans l'ordre choisi "
            "par le joueur selon le texte de Lorwyn, dans un ordre aléatoire selon la règle "
            "actuelle.",
        ),
        ("702.75",),
    ),
    _c(
        "702.75-look",
        "702.75a",
        None,
        None,
        ("Who may look today", "Qui peut regarder aujourd'hui"),
        (
            "Today the exiled card can be looked at by any player who has controlled the "
            "permanent that exiled it, and 406.3 lets them keep looking while it stays in exile, "
            "even after that permanent is gone.",
            "Aujourd'hui, la carte exilée peut être regardée par tout joueur qui a contrôlé le "
            "permanent qui l'a exilée, et la 406.3 leur permet de continuer tant qu'elle reste "
            "en exil, même une fois ce permanent parti.",
        ),
        ("406.3", "702.75-lorwyn-look"),
    ),
    _c(
        "702.75-lorwyn-look",
        None,
        "502.75",
        None,
        ("Who may look (Lorwyn release notes)", "Qui peut regarder (notes de Lorwyn)"),
        (
            "The Lorwyn release notes let the player who controls the hideaway land now and "
            "every player who controlled it before look at the exiled card.",
            "Les notes de sortie de Lorwyn permettent au joueur qui contrôle le terrain à "
            "cachette et à tout joueur qui l'a contrôlé auparavant de regarder la carte exilée.",
        ),
        ("702.75-lorwyn-leaves", "702.75-look"),
    ),
    _c(
        "702.75-lorwyn-leaves",
        None,
        "502.75",
        None,
        ("When the land leaves (Lorwyn)", "Quand le terrain part (Lorwyn)"),
        (
            "Under the Lorwyn release notes, once the hideaway land leaves the battlefield nobody "
            "may look at the exiled card any more; today 406.3 says otherwise.",
            "Selon les notes de Lorwyn, une fois le terrain à cachette parti du champ de "
            "bataille, plus personne ne peut regarder la carte exilée ; aujourd'hui la 406.3 "
            "dit le contraire.",
        ),
        ("702.75-lorwyn-look", "406.3"),
    ),
    _c(
        "702.75-who-plays",
        None,
        "502.75",
        None,
        ("Who plays the hidden card", "Qui joue la carte cachée"),
        (
            "The player who controls the ability that plays the exiled card is the one who "
            "plays it, whoever owns the card or exiled it.",
            "C'est le joueur qui contrôle la capacité qui joue la carte exilée qui la joue, "
            "quel que soit son propriétaire ou celui qui l'a exilée.",
        ),
        ("702.75-lose-control",),
    ),
    _c(
        "702.75-linked",
        None,
        "502.75",
        None,
        ("Only the card it hid", "Seulement la carte qu'il a cachée"),
        (
            "The ability that plays the exiled card refers only to the card exiled by that "
            "permanent's own hideaway ability.",
            "La capacité qui joue la carte exilée ne concerne que la carte exilée par la "
            "capacité de cachette de ce même permanent.",
        ),
        ("702.75",),
    ),
    _c(
        "702.75-play-timing",
        None,
        "502.75",
        None,
        ("Playing it as the ability resolves", "La jouer pendant la résolution"),
        (
            "The card is played while the ability resolves: timing restrictions of its card "
            "type are ignored, other restrictions (such as 'only during combat') are not.",
            "La carte est jouée pendant la résolution de la capacité : les restrictions de "
            "moment liées à son type sont ignorées, pas les autres (comme « seulement pendant "
            "le combat »).",
        ),
        ("702.75-play-land", "702.75-cant-play"),
    ),
    _c(
        "702.75-play-land",
        None,
        "502.75",
        None,
        ("A hidden land", "Un terrain caché"),
        (
            "A hidden land can be played this way only during your own turn while you still "
            "have a land play left, and it uses that land play.",
            "Un terrain caché ne peut être joué ainsi que pendant votre tour s'il vous reste un "
            "terrain à jouer, et il compte comme votre terrain du tour.",
        ),
        ("305.2", "702.75-cant-play"),
    ),
    _c(
        "702.75-cant-play",
        None,
        "502.75",
        None,
        ("When it can't be played", "Quand elle ne peut pas être jouée"),
        (
            "If the card can't be played (a restriction, a condition not met, no legal target), "
            "nothing happens and it stays exiled face down; the ability can be tried again later.",
            "Si la carte ne peut pas être jouée (une restriction, une condition non remplie, "
            "aucune cible légale), rien ne se passe et elle reste exilée face cachée ; on peut "
            "réessayer plus tard.",
        ),
        ("702.75-play-timing",),
    ),
    _c(
        "702.75-no-alt-costs",
        None,
        "502.75",
        None,
        ("No alternative costs", "Pas de coût alternatif"),
        (
            "Playing a card without paying its mana cost rules out alternative costs such as "
            "evoke or morph; additional costs may still be paid.",
            "Jouer une carte sans payer son coût de mana exclut les coûts alternatifs comme "
            "l'évocation ou la mue ; les coûts supplémentaires peuvent être payés.",
        ),
        ("702.75-play-timing",),
    ),
    _c(
        "702.75-lose-control",
        None,
        "502.75",
        None,
        ("Control lost in response", "Contrôle perdu en réponse"),
        (
            "If you lose control of the hideaway land after activating its ability, you still "
            "play the exiled card as the ability resolves.",
            "Si vous perdez le contrôle du terrain à cachette après avoir activé sa capacité, "
            "vous jouez quand même la carte exilée à la résolution.",
        ),
        ("702.75-who-plays",),
    ),
    _c(
        "702.75-left-exile",
        None,
        "502.75",
        None,
        ("The card has left exile", "La carte a quitté l'exil"),
        (
            "If the hidden card was played or otherwise left exile, the ability that plays it "
            "does nothing.",
            "Si la carte cachée a été jouée ou a quitté l'exil d'une autre façon, la capacité "
            "qui la joue n'a aucun effet.",
        ),
        ("400.7",),
    ),
    _c(
        "406.3",
        "406.3",
        None,
        None,
        ("Cards exiled face down", "Cartes exilées face cachée"),
        (
            "A card exiled face down has no characteristics and can't be looked at unless an "
            "instruction allows it; a player once allowed to look may keep looking while it "
            "stays in exile.",
            "Une carte exilée face cachée n'a aucune caractéristique et ne peut pas être "
            "regardée sauf si une instruction le permet ; un joueur autorisé une fois peut "
            "continuer tant qu'elle reste en exil.",
        ),
        ("702.75-look",),
    ),
    _c(
        "305.2",
        "305.2",
        None,
        None,
        ("One land per turn", "Un terrain par tour"),
        (
            "A player normally plays one land during their own turn; effects may allow more.",
            "Un joueur joue normalement un terrain pendant son propre tour ; des effets peuvent "
            "en permettre davantage.",
        ),
        ("305.1", "702.75-play-land"),
    ),
    _c(
        "602.2",
        "602.2",
        None,
        None,
        ("Activating an ability", "Activer une capacité"),
        (
            "Activating an ability puts it on the stack and pays its costs; only the controller "
            "of an object can activate its abilities unless it says otherwise.",
            "Activer une capacité la met sur la pile et en paie les coûts ; seul le contrôleur "
            "d'un objet peut activer ses capacités, sauf indication contraire.",
        ),
    ),
    _c(
        "107.5",
        "107.5",
        None,
        None,
        ("The tap symbol", "Le symbole d'engagement"),
        (
            "{T} in a cost means 'tap this permanent'; an already tapped permanent can't pay it.",
            "{T} dans un coût signifie « engagez ce permanent » ; un permanent déjà engagé ne "
            "peut pas le payer.",
        ),
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


# --- Riftbound: core rules 2026-03-30 ------------------------------------------------------
# Seed 001 is that version's 811 (Hidden). Numbers outside 811 are those of the later English
# core rules we could read; the rules renumber between versions, so those summaries say so.
RIFTBOUND_RULES_VERSION = "2026-03-30"
_LATER = (
    " (Number as read in a later English edition of the core rules; not checked against "
    "version 2026-03-30.)",
    " (Numéro lu dans une édition anglaise plus récente des règles ; non vérifié pour la "
    "version 2026-03-30.)",
)


def _rb(
    key: str,
    number: str | None,
    title: tuple[str, str],
    summary: tuple[str, str],
    cites: tuple[str, ...] = (),
) -> Citation:
    later = number is not None and not number.startswith("811")
    return Citation(
        key=key,
        current=None,
        seed=None,
        r2004=None,
        riftbound=number,
        title_en=title[0],
        title_fr=title[1],
        summary_en=summary[0] + (_LATER[0] if later else ""),
        summary_fr=summary[1] + (_LATER[1] if later else ""),
        cites=cites,
    )


_RIFTBOUND: tuple[Citation, ...] = (
    _rb(
        "rb.811.1",
        "811.1",
        ("Hidden", "Caché"),
        (
            "Hidden is a keyword whose only job is to let a player take the optional Hide action.",
            "Caché est un mot-clé dont le rôle est de permettre l'action facultative de Cacher.",
        ),
    ),
    _rb(
        "rb.811.1.a",
        "811.1.a",
        ("Hidden: on which cards", "Caché : sur quelles cartes"),
        (
            "Spells, units and gear can have Hidden.",
            "Les sorts, les unités et les équipements peuvent avoir Caché.",
        ),
    ),
    _rb(
        "rb.811.1.b",
        "811.1.b",
        ("What Hidden means", "Ce que signifie Caché"),
        (
            "From your hand or champion zone, on your turn, in an Open State, pay [A] to put the card "
            "face down at a battlefield you control that has no facedown card yet, for as long as you "
            "control it; from the next turn it has Reaction and can be played ignoring its base cost.",
            "Depuis votre main ou votre zone de champion, pendant votre tour, dans un état ouvert, "
            "payez [A] pour la placer face cachée sur un champ de bataille que vous contrôlez et sans "
            "carte face cachée, tant que vous le contrôlez ; dès le tour suivant elle a Réaction et se "
            "joue en ignorant son coût de base.",
        ),
    ),
    _rb(
        "rb.811.1.c",
        "811.1.c",
        ("The Hide action", "L'action Cacher"),
        (
            "Hidden lets its owner take the optional Hide action.",
            "Caché permet à son propriétaire de réaliser l'action facultative de Cacher.",
        ),
    ),
    _rb(
        "rb.811.1.c.1",
        "811.1.c.1",
        ("Hiding is not playing", "Cacher n'est pas jouer"),
        (
            "Hiding a card is not a way of playing it.",
            "Cacher une carte n'est pas une façon de la jouer.",
        ),
    ),
    _rb(
        "rb.811.1.c.2",
        "811.1.c.2",
        ("Hiding starts no chain", "Cacher ne démarre pas de chaîne"),
        (
            "Hiding a card does not start a chain, so nobody can respond to it.",
            "Cacher une carte ne démarre pas de chaîne : personne ne peut y répondre.",
        ),
    ),
    _rb(
        "rb.811.1.c.3",
        "811.1.c.3",
        ("Playing from hidden starts a chain", "Jouer une carte cachée démarre une chaîne"),
        (
            "Playing a card from its facedown zone starts a chain, which can be answered.",
            "Jouer une carte depuis la zone face cachée démarre une chaîne, à laquelle on peut répondre.",
        ),
    ),
    _rb(
        "rb.811.1.d",
        "811.1.d",
        ("Choices limited to its battlefield", "Choix limités à son champ de bataille"),
        (
            "Some choices made while playing a card from hidden are limited to the battlefield where it "
            "was hidden; a spell with no legal target under those limits can't be played from hidden.",
            "Certains choix faits en jouant une carte cachée sont limités au champ de bataille où elle "
            "était cachée ; un sort sans cible valide sous ces limites ne peut pas être joué.",
        ),
    ),
    _rb(
        "rb.811.1.d.1",
        "811.1.d.1",
        ("A hidden permanent enters there", "Un permanent caché arrive là"),
        (
            "A hidden unit or gear must be played to the battlefield where it was hidden.",
            "Une unité ou un équipement caché doit être joué sur le champ de bataille où il était caché.",
        ),
    ),
    _rb(
        "rb.811.1.d.1.a",
        "811.1.d.1.a",
        ("Hidden gear too", "Les équipements aussi"),
        (
            "This includes gear, overriding the rule that gear is played only to your base.",
            "Cela inclut les équipements, malgré la règle qui les limite à la base.",
        ),
    ),
    _rb(
        "rb.811.1.d.2",
        "811.1.d.2",
        ("Targets at its battlefield", "Cibles sur son champ de bataille"),
        (
            "Targets chosen by a hidden spell or by a hidden permanent's play effect must be at that "
            "battlefield, unless the card's own wording makes that impossible (Tideturner: a unit at "
            "another location), in which case they are chosen freely.",
            "Les cibles d'un sort caché ou de l'effet de jeu d'un permanent caché doivent être sur ce "
            "champ de bataille, sauf si le texte de la carte le rend impossible (Maître des marées : "
            "une unité à un autre endroit) ; elles sont alors choisies librement.",
        ),
    ),
    _rb(
        "rb.811.1.d.3",
        "811.1.d.3",
        ("A unit it makes you play", "Une unité qu'il fait jouer"),
        (
            "A unit that a hidden spell or play effect makes you play enters at that battlefield.",
            "Une unité qu'un sort ou un effet de jeu caché vous fait jouer arrive sur ce champ de "
            "bataille.",
        ),
    ),
    _rb(
        "rb.811.2",
        "811.2",
        ("Everything else works normally", "Le reste fonctionne normalement"),
        (
            "Apart from those choices, a hidden card's abilities work as usual: Stand United's buff "
            "must choose a unit there, but its +1 applies to buffed friendly units everywhere.",
            "Hors de ces choix, les capacités d'une carte cachée fonctionnent normalement : le buff de "
            "Soutien indéfectible choisit une unité sur place, mais son +1 vaut pour les unités alliées "
            "buffées partout.",
        ),
    ),
    _rb(
        "rb.811.3",
        "811.3",
        ("Or play it normally", "Ou la jouer normalement"),
        (
            "A card with Hidden can instead be played from hand for its cost, at its normal timing, "
            "with no limit on its targets.",
            "Une carte avec Caché peut aussi être jouée de la main pour son coût, au moment normal, "
            "sans limite de cibles.",
        ),
    ),
    _rb(
        "rb.811.4",
        "811.4",
        ("Redundant instances", "Instances redondantes"),
        (
            "Several instances of Hidden on one object change nothing.",
            "Plusieurs instances de Caché sur un même objet ne changent rien.",
        ),
    ),
    _rb(
        "rb.811.5",
        "811.5",
        ("Hidden is a characteristic", "Caché est une caractéristique"),
        (
            "Whether a card has Hidden is a characteristic other effects may check.",
            "Le fait qu'une carte ait Caché est une caractéristique que d'autres effets peuvent vérifier.",
        ),
    ),
    _rb(
        "rb.811.5.a",
        "811.5.a",
        ("Face down or not", "Face cachée ou non"),
        (
            "The seed's French text says this counts only while the object is face down; the English "
            "text we read says it is independent of being face down. Facedown assumes the French seed.",
            "Le texte français de la source dit que cela ne compte que face cachée ; le texte anglais "
            "lu dit que c'est indépendant de l'état face cachée. Facedown suit la source française.",
        ),
    ),
    _rb(
        "rb.811.6",
        "811.6",
        ("Reaction while hidden", "Réaction une fois cachée"),
        (
            "A hidden card has Reaction while face down and as it is played from face down, so it can "
            "be played whenever a Reaction card can: in a Closed State and on any player's turn.",
            "Une carte cachée a Réaction face cachée et quand elle est jouée depuis la zone face "
            "cachée : elle se joue quand une carte avec Réaction le peut, en état fermé et à tout tour.",
        ),
    ),
    _rb(
        "rb.811.6.a",
        "811.6.a",
        ("Not public", "Pas publique"),
        (
            "That Reaction belongs to the card while it is face down and is not public: only its "
            "controller may look at a hidden card.",
            "Cette Réaction appartient à la carte face cachée et n'est pas publique : seul son "
            "contrôleur peut regarder une carte cachée.",
        ),
    ),
    _rb(
        "rb.107.3.b",
        "107.3.b",
        ("One card per facedown zone", "Une carte par zone face cachée"),
        (
            "Each battlefield's facedown zone holds at most one card (a battlefield's text may allow "
            "more).",
            "La zone face cachée de chaque champ de bataille contient au plus une carte (le "
            "texte d'un champ de bataille peut en permettre plus).",
        ),
    ),
    _rb(
        "rb.107.3.c",
        "107.3.c",
        ("Only the battlefield's controller", "Seul le contrôleur du champ"),
        (
            "A card can be put or stay in a facedown zone only if its controller controls that "
            "battlefield.",
            "Une carte ne peut être ou rester dans une zone face cachée que si son "
            "contrôleur contrôle ce champ de bataille.",
        ),
    ),
    _rb(
        "rb.107.3.d",
        "107.3.d",
        ("Losing the battlefield", "Perdre le champ de bataille"),
        (
            "When its controller loses control of the battlefield, the facedown card there is removed "
            "at the next cleanup.",
            "Quand son contrôleur perd le contrôle du champ de bataille, la "
            "carte face cachée y est retirée au nettoyage suivant.",
        ),
    ),
    _rb(
        "rb.190.3",
        "190.3",
        ("Contested: control frozen", "Contesté : contrôle gelé"),
        (
            "A battlefield becomes contested when a unit arrives whose controller doesn't control it; "
            "while contested, its control can't change.",
            "Un champ de bataille devient contesté quand "
            "y arrive une unité dont le contrôleur ne le contrôle pas ; tant qu'il est contesté, son "
            "contrôle ne change pas.",
        ),
    ),
    _rb(
        "rb.190.4",
        "190.4",
        ("Gaining and losing control", "Gagner et perdre le contrôle"),
        (
            "Control is established by having units at a battlefield when a showdown or combat there "
            "ends; a player with no units there loses it unless it is contested.",
            "Le contrôle "
            "s'établit en ayant des unités sur le champ de bataille à la fin de l'affrontement ou du "
            "combat ; sans unité sur place on le perd, sauf s'il est contesté.",
        ),
    ),
    _rb(
        "rb.323",
        "323",
        ("Cleanup", "Nettoyage"),
        (
            "A cleanup follows every action: control is updated, hidden cards are checked, and a "
            "contested battlefield opens a showdown when no chain exists.",
            "Un nettoyage suit chaque "
            "action : le contrôle est mis à jour, les cartes cachées vérifiées, et un champ contesté "
            "ouvre un affrontement s'il n'y a pas de chaîne.",
        ),
    ),
    _rb(
        "rb.323.7",
        "323.7",
        ("Cleanup: hidden cards", "Nettoyage : cartes cachées"),
        (
            "Every hidden card at a battlefield not controlled by its controller goes to its owner's "
            "trash.",
            "Toute carte cachée sur un champ de bataille que son contrôleur ne contrôle pas "
            "va dans la défausse de son propriétaire.",
        ),
    ),
    _rb(
        "rb.421.4",
        "421.4",
        ("Revealed", "Révélée"),
        (
            "A facedown card that changes zone, and every facedown card when the game ends, is "
            "revealed to all players.",
            "Une carte face cachée qui change de zone, et toute carte face "
            "cachée à la fin de la partie, est révélée à tous.",
        ),
    ),
    _rb(
        "rb.466",
        "466",
        ("Combat resolution", "Résolution du combat"),
        (
            "Each side deals its total Might to the other side's units; survivors heal; attackers "
            "facing surviving defenders are recalled; whoever alone has units left wins and controls "
            "the battlefield.",
            "Chaque camp inflige sa puissance totale aux unités adverses ; les "
            "survivantes guérissent ; des attaquants face à des défenseurs survivants sont rappelés ; "
            "le seul camp avec des unités gagne et contrôle le champ de bataille.",
        ),
    ),
    _rb(
        "rb.466.5.c",
        "466.5.c",
        ("Combat removes hidden cards", "Le combat retire les cartes cachées"),
        (
            "When a combat ends, hidden cards at that battlefield that don't share its controller are "
            "removed.",
            "À la fin d'un combat, les cartes cachées de ce champ de bataille qui n'ont pas "
            "le même contrôleur que lui sont retirées.",
        ),
    ),
    _rb(
        "rb.806",
        "806",
        ("Action", "Action"),
        (
            "A card with Action can also be played during showdowns, on any player's turn.",
            "Une carte avec Action peut aussi être jouée pendant les affrontements, à tout tour.",
        ),
    ),
    _rb(
        "rb.813",
        "813",
        ("Reaction", "Réaction"),
        (
            "A card with Reaction has Action's permissions and can also be played in a Closed State, "
            "on any player's turn; it changes nothing else (a unit still goes to your base or a "
            "battlefield you control).",
            "Une carte avec Réaction a les permissions d'Action et peut "
            "aussi être jouée en état fermé, à tout tour ; elle ne change rien d'autre.",
        ),
    ),
    _rb(
        "rb.states",
        None,
        ("States of the turn", "États du tour"),
        (
            "With a chain the turn is Closed (only Reaction), without one Open; with a showdown it is "
            "a Showdown State (only Action or Reaction), otherwise Neutral.",
            "Avec une chaîne le tour est fermé (Réaction seulement), sans chaîne ouvert ; pendant un "
            "affrontement, seules Action et Réaction se jouent.",
        ),
    ),
    _rb(
        "rb.chain",
        None,
        ("The chain", "La chaîne"),
        (
            "Played spells and play effects go on the chain and resolve newest first once every player "
            "passes.",
            "Les sorts et effets de jeu vont sur la chaîne et se résolvent du plus récent au "
            "plus ancien quand tous passent.",
        ),
    ),
    _rb(
        "rb.showdown",
        None,
        ("Showdowns", "Affrontements"),
        (
            "A contested battlefield opens a showdown (a combat if the other player has units there) "
            "when no chain exists; it ends when every player passes.",
            "Un champ contesté ouvre un affrontement (un combat si l'autre joueur y a des unités) sans "
            "chaîne ; il finit quand tous passent.",
        ),
    ),
    _rb(
        "rb.turn",
        None,
        ("Turn structure", "Structure du tour"),
        (
            "Awaken (ready your runes and permanents), beginning (score the battlefields you hold), "
            "channel two runes, draw one, main phase, ending (this turn's effects end).",
            "Réveil (redressez runes et permanents), début (marquez les champs tenus), canalisez deux "
            "runes, piochez une carte, phase principale, fin (les effets du tour cessent).",
        ),
    ),
    _rb(
        "rb.runes",
        None,
        ("Runes: Energy and Power", "Runes : énergie et puissance"),
        (
            "Exhaust a rune for one Energy; recycle a rune (to the bottom of its rune deck) for one "
            "Power of its domain; [A] is a Power of any domain.",
            "Épuisez une rune pour une énergie ; recyclez-la (sous son deck de runes) pour une "
            "puissance de son domaine ; [A] est une puissance de n'importe quel domaine.",
        ),
    ),
    _rb(
        "rb.play",
        None,
        ("Playing cards", "Jouer des cartes"),
        (
            "A card is played for its Energy and Power cost; a unit enters exhausted at your base or a "
            "battlefield you control, gear at your base, a spell goes on the chain.",
            "Une carte se joue pour son coût ; une unité arrive épuisée dans votre base ou sur un champ "
            "que vous contrôlez, un équipement dans la base, un sort sur la chaîne.",
        ),
    ),
    _rb(
        "rb.move",
        None,
        ("Standard move", "Déplacement standard"),
        (
            "On your turn in a Neutral Open State, exhaust a ready unit to move it between your base "
            "and a battlefield.",
            "Pendant votre tour, en état neutre ouvert, épuisez une unité prête "
            "pour la déplacer entre votre base et un champ de bataille.",
        ),
    ),
    _rb(
        "rb.targets",
        None,
        ("Targets", "Cibles"),
        (
            "A spell or play effect chooses only what its own text allows.",
            "Un sort ou un effet de jeu ne choisit que ce que son texte permet.",
        ),
    ),
    _rb(
        "rb.conquer-hold",
        None,
        ("Conquer and hold", "Conquérir et tenir"),
        (
            "Gaining control of a battlefield (conquer) or controlling it at the start of your turn "
            "(hold) scores one point, once per battlefield per turn.",
            "Prendre le contrôle d'un champ (conquérir) ou le contrôler au début de son tour (tenir) "
            "rapporte un point, une fois par champ et par tour.",
        ),
    ),
    _rb(
        "rb.privacy",
        None,
        ("Public and private information", "Informations publiques et privées"),
        (
            "The board is public; a hand is private to its owner; decks are secret.",
            "Le plateau est public ; une main est privée ; les decks sont secrets.",
        ),
    ),
    _rb(
        "rb.end-game",
        None,
        ("End of the game", "Fin de la partie"),
        (
            "A player wins at the victory score; a player may concede; the judge may end a game.",
            "Un joueur gagne au score de victoire ; un joueur peut concéder ; l'arbitre peut terminer "
            "la partie.",
        ),
    ),
)

CITATIONS: Mapping[str, Citation] = MappingProxyType({c.key: c for c in (*_ENTRIES, *_RIFTBOUND)})


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
        if ruleset == "riftbound" and citation is not None and citation.key.startswith("rb."):
            # Riftbound keys give their rule number, or their title when unnumbered.
            found: list[str | None] = [citation.riftbound or citation.title_en]
        elif ruleset == "riftbound" or citation is None:
            found = [key]
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
