"""A game family, the way boardgame.io's `Game` object holds setup, moves and playerView in
one place: everything the engine, the one redaction door, the store and the pages need to
know of one game, so that nothing outside the family's package names it. It comes in two
parts: `GameRules` (models, moves, visibility, the view, offers, consent), all the engine and
the redaction door read, and `GamePages` (buttons, forms, places, the starter table), all the
pages read. Both are generic over the family's state and view types, so a family's functions
are checked against its own models.

A new family is a package under app/rules/ that builds one GameFamily and is listed in
app.rules.families.FAMILIES, with its templates under templates/families/<key>/."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar, get_args

from app.rules.core.actions import ActionModel
from app.rules.core.card_formats import CardFormat
from app.rules.core.cards import CardDef
from app.rules.core.choice import PendingChoices, no_choices
from app.rules.core.citations import Citation, CitationBook
from app.rules.core.context import Ctx
from app.rules.core.events import Event, Text
from app.rules.core.proposals import default_subjects
from app.rules.core.setup import GameOptions, GameSetup
from app.rules.core.state import GameObject, GameState
from app.rules.core.timing import OffTiming
from app.rules.core.view import ViewBase
from app.rules.core.viewer import Viewer

A = TypeVar("A", bound=ActionModel)
S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=ViewBase)
# A family's object type (the objects its state `S` holds). Python's types can't say "the
# object type of S", so a family's functions that take one are checked by their own
# annotations (MtgObject, RiftboundObject), not against S.
FamilyObject = Any


# Whether the actor may take an action now, read from the state and changing nothing: it
# raises the RuleError the move would, and returns what the judge is warned of when acting off
# timing (app.rules.core.timing), else None.
Precondition = Callable[[Ctx[Any], A], OffTiming | None]


def always(ctx: Ctx[Any], action: ActionModel) -> None:
    """The precondition of a move nothing refuses (a die, a coin): it applies whenever the
    game does (the engine's own checks still come first)."""


@dataclass(frozen=True)
class Move(Generic[A]):
    """One action model and the handler that applies it: the pair is typed together, so a
    handler always receives the model it was registered with.

    `precondition`, when declared, is the whole of what the handler may refuse, and the handler
    calls it first: the pages offer a game-wide button when it holds (app.rules.offers) instead
    of trying the move on a copy of the game, so the engine and the buttons share one check.
    A move without one is tried through the engine."""

    model: type[A]
    handler: Callable[[Ctx[Any], A], None]
    precondition: Precondition[A] | None = None

    @property
    def type(self) -> str:
        return str(get_args(self.model.model_fields["type"].annotation)[0])


# A candidate action worth offering (the engine decides whether it is legal) and its label.
Offer = tuple[dict[str, Any], Text]


def offer_target(action: dict[str, Any]) -> str | None:
    """The object an offer's button belongs to (None: a game-wide action); a proposal's is
    its action's."""
    if action["type"] == "propose":
        return offer_target(action["action"])
    target: str | None = (
        action.get("object") or action.get("source") or (action.get("objects") or [None])[0]
    )
    return target


@dataclass(frozen=True)
class Visibility(Generic[S]):
    """Who may see what in this family: the rules behind every redaction."""

    # Does the object itself (its id, its place) reach this player at all?
    in_view: Callable[[S, FamilyObject, str], bool]
    # The players who may see its face now, and the rule key that says so.
    face_known_to: Callable[[S, FamilyObject], tuple[set[str], str]]
    # The same two questions for any viewer (a seat, the judge, a spectator).
    reaches: Callable[[S, FamilyObject, Viewer], bool]
    may_see_face: Callable[[S, FamilyObject, Viewer], bool]
    # Zones whose cards are counts only, seen by nobody (libraries, decks).
    secret_zones: frozenset[str]

    @classmethod
    def of(cls, rules: ModuleType, secret_zones: Iterable[str]) -> Visibility[Any]:
        """A family's visibility module (its in_view, face_known_to, reaches and may_see_face,
        by those names) and its secret zones."""
        return cls(
            in_view=rules.in_view,
            face_known_to=rules.face_known_to,
            reaches=rules.reaches,
            may_see_face=rules.may_see_face,
            secret_zones=frozenset(secret_zones),
        )


@dataclass(frozen=True)
class Citations:
    """The family's rule book (its citations.toml) and a key's numbers as a game of
    `ruleset` shows them."""

    book: CitationBook
    numbers: Callable[[Iterable[str], str], list[str]]
    # The rules the engine cites for the checks every game shares: "players" (two players
    # with different names), "game_over" (nothing happens after the end of the game).
    core_rules: Mapping[str, str]
    # The rules reference's sections for this book, in order: (section id, which belong);
    # the last one takes the rest.
    groups: tuple[tuple[str, Callable[[Citation], bool]], ...] = ()
    # Paragraphs a URL may also name by their title (as the log shows unnumbered ones).
    titled: Callable[[Citation], bool] = lambda c: c.is_card_text


@dataclass(frozen=True)
class GameRules(Generic[S, V]):
    """The rules of a family: its models, its moves, who may see what, its one view, what is
    worth offering, how things are named, and its consent policy (proposals). The engine, the
    redaction door and the proposals read only this part."""

    state_model: type[S]
    setup_model: type[GameSetup]
    options_model: type[GameOptions]
    view_model: type[V]
    moves: Sequence[Move[Any]]
    new_game: Callable[[GameSetup, str], tuple[S, list[Event]]]
    visibility: Visibility[S]
    view: Callable[[S, Viewer], V]
    # Everything worth offering an actor (None: the judge), legal or not, and the object
    # each offer's button belongs to.
    offers: Callable[[S, str | None], list[Offer]]
    # How an event or a ruling row names an object: its face when `face`, else its public label.
    describe: Callable[[S, FamilyObject, bool], Text]
    citations: Citations
    # A card no published viewpoint of a ruling may see becomes this in a fork.
    placeholder: CardDef
    offer_target: Callable[[dict[str, Any]], str | None] = offer_target
    # The offers whose button belongs to one object (None: the game-wide ones), in `offers`'
    # order: what a page asks when it shows them (a card's sheet, the action bar), without
    # building every object's. None: `offers`, filtered by `offer_target`.
    offers_about: Callable[[S, str | None, str | None], list[Offer]] | None = None
    # Refuses any action the game is not ready for (e.g. a choice it waits for).
    check: Callable[[S, ActionModel], None] = lambda state, action: None
    # Proposals (app.rules.core.proposals): the action types a seat may not apply to another
    # player's object but may propose; the objects an action acts on; the zones where its
    # controller (elsewhere its owner) is whose it is; the actions whose `player` field names
    # the player acted on (manifest their library); and a public description of an action.
    proposable: frozenset[str] = frozenset()
    subjects: Callable[[S, ActionModel], Sequence[GameObject]] = default_subjects
    controlled_zones: frozenset[str] = frozenset()
    acts_on_named_player: frozenset[str] = frozenset()
    # The players an action touches through something that is not a card (an ability on the
    # stack: its controller), who consent for it as for their objects.
    addressed: Callable[[S, ActionModel], set[str]] = lambda state, action: set()
    # Actions whose handler itself decides whether the actor has the right (look: the rules
    # may let a player look at another's card); a refusal from it is proposed instead.
    checks_own_right: frozenset[str] = frozenset()
    describe_action: Callable[[S, ActionModel], Text] = lambda state, action: Text(
        en=action.type, fr=action.type
    )
    # A card whose face is not public and that is not face down (a card in a hand or a
    # library), as every viewer may name it: whose and where, never its face.
    describe_unseen: Callable[[S, FamilyObject], Text] = lambda state, obj: Text(
        en=f"a hidden card ({obj.owner}'s)", fr=f"une carte cachée (à {obj.owner})"
    )

    @cached_property
    def moves_by_type(self) -> dict[str, Move[Any]]:
        return {m.type: m for m in self.moves}


@dataclass(frozen=True)
class HiddenUnder:
    """A way the judge's edits exile a card face down under a permanent (as Magic's hideaway
    does): the face choice that says it (also its label's key, "builder.exile.<face>"), the
    edit's field naming the permanent (a refusal's key, "builder.error.<field>"), the
    permanents that can hold one in the judge's view as (id, name), and whether an object of
    that view is held so."""

    face: str
    field: str
    sources: Callable[[Any], list[tuple[str, str]]]
    holds: Callable[[Any], bool]


def boxes_by_name(view: Any, obj: Any, boxes: Sequence[str]) -> dict[str, bool]:
    """Each status box as an object holds it: its attribute of that name."""
    return {box: bool(getattr(obj, box, False)) for box in boxes}


@dataclass(frozen=True)
class JudgeForms:
    """What the judge's forms show of a family beyond its models: its status boxes in the
    forms' order (None: every boolean of its judge_add_card but its face and token choices)
    and whether a card of its view holds each now (by default its attribute of that name),
    the card model's costs, numbers and flags a card defined by hand takes, and the zones its
    setup names by a synonym (the forms offer each place once: a card there shows at it)."""

    boxes: tuple[str, ...] | None = None
    boxes_now: Callable[[Any, Any, Sequence[str]], Mapping[str, bool]] = boxes_by_name
    card_costs: tuple[str, ...] = ()
    card_numbers: tuple[str, ...] = ()
    card_flags: tuple[str, ...] = ()
    zone_synonyms: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GamePages(Generic[V]):
    """What the pages show of a family: its buttons' places, the new-game form's choices, the
    places a card can be at, and the table a casual game starts from."""

    # The game-wide buttons always in sight (the others wait behind "More", so a stray tap
    # can't end the game), and those about one place, shown on that place's card.
    primary_actions: tuple[str, ...] = ("resolve", "next_turn")
    place_actions: tuple[str, ...] = ()
    # A casual table's actions (draw, shuffle, dice...): shown in the pages' "Table" panel,
    # where a number typed beside the button sets how many.
    table_actions: tuple[str, ...] = ()
    # The places a card can be "at" in a view, as (value, label) — a Riftbound game's
    # battlefields — for the judge's placement forms; none for a family without them.
    locations: Callable[[V], list[tuple[str, str]]] = lambda view: []
    # The step (or phase) the turn is at in a view, as the judge's turn form starts from it.
    turn_step: Callable[[V], str | None] = lambda view: None
    # The new-game form's choices of game options (option -> its values), and the options a
    # game of `ruleset` takes from what the form asked.
    form_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    options_from_form: Callable[[str, Mapping[str, str]], dict[str, Any]] = lambda ruleset, asked: {}
    # The table a casual game starts from when no setup is given, and the message key when
    # that table can't seat these players (None: it can).
    starter: Callable[[list[str]], list[dict[str, Any]]] = lambda players: []
    players_refusal: Callable[[list[str]], str | None] = lambda players: None
    # Where each card of a seat's pasted decklist starts (its setup zone); a card given no
    # zone stays out of the game. By default, every card in the library.
    deck_zones: Callable[[Sequence[CardDef]], list[tuple[CardDef, str | None]]] = lambda cards: [
        (card, "library") for card in cards
    ]
    # The home page's groups of its judge questions, in order (each labelled by the message
    # "home.group.<key>"), and a question's group from the rules it cites (None: "other").
    question_groups: tuple[str, ...] = ()
    question_group: Callable[[Sequence[str]], str | None] = lambda rules: None
    # The choices its view holds that wait for one player (a "you may", a pick among cards
    # looked at): the pages show and post them all the same way (app.rules.core.choice).
    pending_choices: PendingChoices = no_choices
    # What the judge's forms show of it beyond its models (its boxes, a defined card's fields).
    judge_forms: JudgeForms = field(default_factory=JudgeForms)
    # The judge's way to exile a card face down under a permanent (None: the family has none).
    hidden_under: HiddenUnder | None = None
    # The other values of its game options this game can be judged again under, beside its
    # other rulesets (the judge's tools: one link each, labelled by "editions.under.<value>"),
    # as (option, value); e.g. a rule whose edition is a game option, once the game uses it.
    option_editions: Callable[[V], list[tuple[str, str]]] = lambda view: []
    # Its own labels for the pages (an i18n.toml beside its code: keys no other file uses).
    messages: Path | None = None
    # The folder of its templates (board.html, tile_stats.html, tile_flags.html,
    # face_text.html), which the pages include as families/<key>/…; None: the app's own
    # templates/families/<key>/.
    templates: Path | None = None


@dataclass(frozen=True)
class GameFamily(Generic[S, V]):
    """One game: its name and editions, its rules, its pages, and what it ships (its card
    catalog and its judge questions)."""

    key: str
    # The `ruleset` values that select this family (editions of one game share a family).
    rulesets: tuple[str, ...]
    title: Text
    rules: GameRules[S, V]
    pages: GamePages[V]
    card_model: type[CardDef]
    catalog_path: Path
    # The judge questions it ships (scenario files, one tap each on the home page).
    scenarios_dir: Path
    # The card data files it reads (`facedown cards import`, app/catalog/importers).
    card_formats: tuple[CardFormat, ...] = ()
