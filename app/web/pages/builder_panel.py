"""The judge's "Add a card" panel and a card sheet's "Move / edit" form: the choices they
offer (every zone of the game, the ways face down, the players, a Riftbound game's
battlefields), what the judge last chose (kept, so six cards take few taps), and the search
hits of a plain (no JavaScript) search, each with the card's own ways of being hidden (one tap
adds it face down or foretold). Built from the judge's view: public models only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from app.catalog import Catalog
from app.catalog.loader import CardHit, catalog_for
from app.rules.redact import View
from app.web.judge_forms import EXILE_PREFIX, JudgeSpec
from app.web.pages.family_pages import judge_spec, turn_step, view_locations

# The placement fields a judge chose, kept between two cards (in the URL without JavaScript).
PLACEMENT_FIELDS = (
    "owner",
    "controller",
    "zone",
    "library_position",
    "face_down",
    "location",
    "counters",
    "tapped",
    "exhausted",
    "flipped",
    "attacking",
    "phased_out",
    "hidden_this_turn",
    "token",
)
# Search hits a phone shows at once.
HITS = 8


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class FormRefusal:
    """A judge's form refused: which form, the field it is about (None: the form
    as a whole), the reason in the page's language, and what the judge had typed, shown again
    so nothing is lost (the page works the same without JavaScript)."""

    form: Literal["add", "edit", "turn"]
    field: str | None
    message: str
    typed: Mapping[str, str]
    rules: tuple[str, ...] = ()

    def value(self, name: str, default: Any = "") -> Any:
        """What the judge typed in `name`, or `default` where the form had no such field."""
        return self.typed.get(name, default)

    def ticked(self, name: str) -> bool:
        return str(self.typed.get(name) or "") not in ("", "0", "false", "off")


@dataclass(frozen=True)
class TurnNow:
    """The turn as the judge's "Turn and step" form starts from."""

    turn: int
    active_player: str
    step: str


@dataclass(frozen=True)
class BuilderPanel:
    ruleset: str
    spec: JudgeSpec
    players: list[str]
    zones: list[Choice]
    face_down: list[Choice]  # empty: the game has no face-down way to choose
    locations: list[Choice]  # a Riftbound game's battlefields
    boxes: list[Choice]  # status checkboxes: tapped, flipped, attacking, phased out
    placement: dict[str, str]
    # Exiled face down: the ways, who may look, the permanents a card can be under.
    exile_ways: list[Choice] = field(default_factory=list)
    looks: list[Choice] = field(default_factory=list)
    under_sources: list[Choice] = field(default_factory=list)
    # The permanents something can be attached to (301.5, 303.4).
    hosts: list[Choice] = field(default_factory=list)
    # "Turn and step": the steps (or phases) and the turn now.
    steps: list[Choice] = field(default_factory=list)
    turn_now: TurnNow | None = None
    # A form refused, shown again with the reason beside its field.
    refusal: FormRefusal | None = None
    query: str = ""
    hits: list[CardHit] = field(default_factory=list)
    # Each hit's own ways of being hidden, by card name (own_ways).
    ways: dict[str, list[Choice]] = field(default_factory=dict)
    searched: bool = False
    # A plain form's add just came back (the redirect's `added=1`): say so beside the form.
    added: bool = False

    @property
    def score_key(self) -> str | None:
        """The label of "Set life / points", when the game has such an edit."""
        return f"builder.score.{self.spec.score[1]}" if self.spec.score else None


def placement_from(params: Mapping[str, str], players: list[str]) -> dict[str, str]:
    """The kept placement: what the URL says, each value short; the first player owns by
    default, on the battlefield."""
    kept = {name: str(params.get(name) or "")[:120] for name in PLACEMENT_FIELDS}
    if kept["owner"] not in players:
        kept["owner"] = players[0] if players else ""
    kept["zone"] = kept["zone"] or "battlefield"
    return kept


def builder_panel(
    view: View,
    t: Callable[..., str],
    params: Mapping[str, str],
    catalog: Catalog | None,
) -> BuilderPanel:
    """The panel for the judge's page; `params`: the page's query (a plain search's `q` and
    the kept placement)."""
    spec = judge_spec(view.ruleset)
    players = [p.name for p in view.players]
    query = str(params.get("q", ""))[:120].strip()
    hits = catalog_for(view.ruleset, catalog).search(query, HITS) if query and catalog else []
    return BuilderPanel(
        ruleset=view.ruleset,
        spec=spec,
        players=players,
        zones=[Choice(z, t(f"builder.zone.{z}")) for z in spec.zones],
        face_down=[Choice(v, t(f"builder.via.{v}")) for v in spec.face_down],
        locations=[Choice(v, label) for v, label in view_locations(view)] if spec.location else [],
        boxes=[Choice(b, t(f"builder.box.{b}")) for b in spec.boxes],
        placement=placement_from(params, players),
        exile_ways=[Choice(f"exile:{w}", t(f"builder.exile.{w}")) for w in spec.exile_ways],
        looks=[Choice(v, t(f"builder.exile.look.{v}")) for v in spec.looks],
        under_sources=[Choice(*s) for s in spec.under.sources(view)] if spec.under else [],
        hosts=_hosts(view) if spec.attach else [],
        steps=[Choice(s, t(f"builder.step.{s}")) for s in spec.steps],
        turn_now=TurnNow(view.turn, view.active_player, turn_step(view)) if spec.turn else None,
        query=query,
        hits=hits,
        ways=own_ways(catalog_for(view.ruleset, catalog), hits, spec, t) if hits else {},
        searched=bool(query),
        added=params.get("added") == "1",
    )


def own_ways(
    catalog: Catalog, hits: list[CardHit], spec: JudgeSpec, t: Callable[..., str]
) -> dict[str, list[Choice]]:
    """Each hit's own ways of being hidden, as one-tap buttons beside it: a way face down the
    card prints a cost for (morph 702.37, megamorph 702.37b, disguise 702.168), an exile way it
    prints (foretell 702.143a). The value is what the form's face choice would say."""
    ways: dict[str, list[Choice]] = {}
    for hit in hits:
        card = catalog.get(hit.name)
        if card is None:
            continue
        own = [
            Choice(v, t("builder.hit.face_down", way=t(f"builder.via.{v}")))
            for v in spec.face_down
            if getattr(card, v, None)
        ]
        own += [
            Choice(EXILE_PREFIX + w, t(f"builder.exile.{w}"))
            for w in spec.exile_ways
            if getattr(card, w, None)
        ]
        if own:
            ways[hit.name] = own
    return ways


def _hosts(view: View) -> list[Choice]:
    """The permanents on the battlefield, named as the judge sees them."""
    return [
        Choice(o.id, o.name or o.label)
        for o in view.objects
        if o.zone in ("battlefield", "phased_out")
    ]
