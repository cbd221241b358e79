"""The shared game state: plain data, no behaviour beyond look-ups.

Everything here is server-side truth. It leaves the core only through app.rules.redact
(the one door). Each family extends GameObject and GameState with its own fields and zones
(app.rules.mtg.state, app.rules.riftbound.state); nothing here names a family.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import UnionType
from typing import Annotated, Any, ClassVar, Generic, Self, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr
from typing_extensions import TypeVar

from app.rules.core.cards import CardDef
from app.rules.core.copy_on_read import CopyOnRead
from app.rules.core.events import Text

_set = object.__setattr__


class GameObject(BaseModel):
    """A card or token in a zone. A new object (new id) on every zone change (400.7)
    and whenever it turns face down (docs/DESIGN.md invariant 3)."""

    id: str
    card: CardDef
    is_token: bool = False
    owner: str
    controller: str
    # One of the family's zones (a StrEnum in each family's state module).
    zone: str
    # Order within a zone: library top = lowest; elsewhere order of arrival.
    position: int
    face_down: bool = False
    tapped: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    # Players allowed to see its face right now (beyond what its zone makes public).
    known_to: list[str] = Field(default_factory=list)

    # The family's zones a setup can't place an object in (the stack, the chain).
    UNPLACEABLE: ClassVar[frozenset[str]] = frozenset()

    def arriving(self, **fields: Any) -> Self:
        """400.7: the new object this card becomes in another zone: same card, owner and
        token-ness, and none of the old object's status. Families add what a new object
        of theirs starts with."""
        return type(self)(card=self.card, is_token=self.is_token, owner=self.owner, **fields)

    def as_setup_entry(self) -> dict[str, Any] | None:
        """This object as a setup entry that would rebuild it (None: a setup can't place it),
        e.g. to export a forked game as a scenario."""
        if self.zone in self.UNPLACEABLE:
            return None
        return {
            "owner": self.owner,
            "zone": str(self.zone),
            "card": self.card.model_dump(exclude_defaults=True),
            "controller": self.controller if self.controller != self.owner else None,
            "tapped": self.tapped,
            "counters": dict(self.counters),
            "is_token": self.is_token,
            **self.setup_facts(),
        }

    def setup_facts(self) -> dict[str, Any]:
        """What the family's setup entry adds (or says otherwise) of this object."""
        return {}

    def hide_face(self, placeholder: CardDef) -> None:
        """A fork of a ruling: this card was seen by no published viewpoint, so it becomes
        the family's anonymous placeholder (and forgets whatever it copied)."""
        self.card = placeholder

    def copy_for_change(self) -> Self:
        """A copy safe to change: its lists and dicts copied, frozen values shared (several
        times faster than model_copy: pages try each candidate action on a clone, so this
        runs for every object of the game for every button shown; bench/'s profile). Only
        the fields that can hold a list or a dict are looked at (`container_fields`)."""
        cls = type(self)
        new = cls.__new__(cls)
        fields = self.__dict__.copy()
        for key in container_fields(cls):
            value = fields[key]
            if isinstance(value, list):
                fields[key] = list(value)
            elif isinstance(value, dict):
                fields[key] = dict(value)
        _set(new, "__dict__", fields)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        _set(new, "__pydantic_private__", None)
        return new


_CONTAINER_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}


def container_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of `cls` whose value may be a list or a dict (by annotation; an `Any` or
    untyped field counts), computed once per class."""
    found = _CONTAINER_FIELDS.get(cls)
    if found is None:
        found = tuple(
            name for name, info in cls.model_fields.items() if _may_hold_container(info.annotation)
        )
        _CONTAINER_FIELDS[cls] = found
    return found


def _may_hold_container(annotation: Any) -> bool:
    if annotation is None or annotation is Any:
        return True
    origin = get_origin(annotation)
    if origin is None:
        return isinstance(annotation, type) and issubclass(annotation, (list, dict))
    if origin in (list, dict):
        return True
    if origin in (Union, UnionType, Annotated):
        return any(_may_hold_container(a) for a in get_args(annotation))
    return isinstance(origin, type) and issubclass(origin, (list, dict))


class Proposal(BaseModel):
    """A pending proposal: who asks whom, to do what, by what (app.rules.core.proposals)."""

    model_config = ConfigDict(frozen=True)

    id: str
    by: str
    to: tuple[str, ...]
    action: dict[str, Any]
    # What does it: free text ("Threads of Disloyalty") or the name of a card of the proposer's.
    source: str
    # The public description (only public facts).
    text: Text
    # The addressees who have accepted so far: it applies once every one of `to` has.
    accepted: tuple[str, ...] = ()

    def waiting_for(self) -> list[str]:
        """The addressees whose word is still missing, in the order they were named."""
        return [p for p in self.to if p not in self.accepted]


class TakeBackRequest(BaseModel):
    """A seat asks to take the game back to version `to`: it happens once every other
    player still in the game has agreed (or the judge does it)."""

    model_config = ConfigDict(frozen=True)

    by: str
    to: int
    agreed: tuple[str, ...] = ()

    def waiting_for(self, state: GameState) -> list[str]:
        """The players whose word is still missing, in seat order."""
        return [p for p in state.still_playing() if p != self.by and p not in self.agreed]


# A family's object type; `GameState` alone (shared code) holds objects of any family.
Obj = TypeVar("Obj", bound=GameObject, default=Any)


class PlayerState(BaseModel):
    name: str
    left_game: bool = False


class _IdIndex(dict[str, int]):
    """Where each object id was in `objects` when `GameState.get` last had to scan: a cache,
    never trusted (each hit is checked against the list), so two states that differ only in
    it are equal."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return other is None or isinstance(other, _IdIndex)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)


class GameState(BaseModel, Generic[Obj]):
    """The whole game. `seed` and `id_counter` make ids unpredictable yet replayable. Generic
    over its family's object type, so a family's look-ups give its own objects."""

    # GameState.get's positions by id (see there). A private attribute: never dumped, stored
    # or shown; a copy of the state starts with its original's (same order), checked per hit.
    _ids: _IdIndex | None = PrivateAttr(default=None)

    # The family's key in app.rules.families.FAMILIES (an edition may have its own key).
    ruleset: str
    # Number of actions applied; the store's optimistic lock compares it.
    version: int = 0
    seed: str
    id_counter: int = 0
    position_counter: int = 0
    # A sequence here, a list in each family's state (which may narrow it: Magic's life).
    players: Sequence[PlayerState]
    objects: list[Obj] = Field(default_factory=list)
    turn: int = 1
    active_player: str
    finished: bool = False
    winner: str | None = None
    # Shuffles drawn so far: with `seed`, makes each random order replayable.
    shuffle_counter: int = 0
    # Effects on another player's objects waiting for that player's (or the judge's) word
    # (app.rules.core.proposals).
    proposals: list[Proposal] = Field(default_factory=list)
    # A seat's request to take the game back to an earlier version (app.rules.core.take_back).
    take_back: TakeBackRequest | None = None

    def clone(self, *, lazy_objects: bool = False) -> Self:
        """A copy safe to change: the objects and players copied one level down (their
        lists and dicts too), the state's own lists and dicts copied, frozen values shared.
        Families with nested mutable parts copy those in their override.

        `lazy_objects` (a legality trial's working copy, never stored): each object is
        copied only when first read (app/rules/core/copy_on_read.py)."""
        new = self.__copy__()
        fields = new.__dict__
        for key, value in fields.items():
            if key == "objects":
                continue  # below
            if isinstance(value, dict):
                fields[key] = dict(value)
            elif isinstance(value, list):
                fields[key] = list(value)
        fields["players"] = [p.__copy__() for p in self.players]
        if lazy_objects:
            fields["objects"] = CopyOnRead(list.__iter__(self.objects))
        else:
            fields["objects"] = [o.copy_for_change() for o in self.objects]
        return new

    def settle(self) -> None:
        """A copy-on-read working copy made plain once its move is done: the objects the move
        read are its own copies, the others stay shared with the state it started from. Safe
        because no state is changed once made (docs/DESIGN.md invariant 1: the next move works
        on its own copy again), and it spares a move on a board of 200 copying the 199 objects
        it never touched."""
        objects = self.objects
        if type(objects) is CopyOnRead:
            self.__dict__["objects"] = list.copy(objects)

    def in_zone_read_only(self, zone: str, player: str | None = None) -> list[Obj]:
        """`in_zone`'s objects without copying a working copy's shared ones: for a scan that
        only reads them (the state-based actions' check after each move)."""
        objects = self.objects
        found = [
            o
            for o in list.__iter__(objects)
            if o.zone == zone and (player is None or o.owner == player)
        ]
        return sorted(found, key=lambda o: o.position)

    @classmethod
    def from_legacy(cls, data: dict[str, Any]) -> dict[str, Any]:
        """A state stored in the one-shape-for-every-game format: every card carried every
        family's fields. Keep the ones this family's card model knows."""
        object_model = get_args(cls.model_fields["objects"].annotation)[0]
        card_fields = object_model.model_fields["card"].annotation.model_fields
        for obj in data.get("objects", []):
            obj["card"] = {k: v for k, v in obj["card"].items() if k in card_fields}
        return data

    def game_options(self) -> dict[str, Any]:
        """The options this game was set up with (the family's setup options)."""
        return {}

    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def still_playing(self) -> list[str]:
        """The players who have not left the game, in seat order."""
        return [p.name for p in self.players if not p.left_game]

    def next_player(self) -> str:
        """Who takes the next turn: the next seat still in the game after the active player."""
        players = self.still_playing()
        return players[(players.index(self.active_player) + 1) % len(players)]

    def remove_object(self, obj: Obj) -> None:
        """Take `obj` itself out of the game (a zone change makes a new one: 400.7). By
        identity: list.remove compares whole pydantic models field by field, which cost every
        move and every button trial a few percent of a page (bench/'s profile)."""
        objects = self.objects
        for index in range(len(objects)):
            # list's own read: a trial's CopyOnRead must not copy what it only compares.
            if list.__getitem__(objects, index) is obj:
                del objects[index]
                return
        raise ValueError(f"object {obj.id!r} is not in this game")

    def get(self, object_id: str) -> Obj | None:
        """The object with this id, or None. Pages look every candidate's objects up, so a
        scan per look-up made a board's page cost grow with its square. Positions by id are
        kept from the last scan and each hit is checked against the list itself (the object
        there still has that id), so a move, a removal or an id renewed in place (400.7,
        face down) can make a look-up scan again, never return a stale object. Ids are
        unique in a game (app/rules/core/ids.py): the first match is the only one."""
        objects = self.objects
        private = self.__pydantic_private__
        kept: _IdIndex | None = private.get("_ids") if private is not None else None
        if kept is not None:
            at = kept.get(object_id)
            # list's own read: a trial's CopyOnRead must not copy what it only compares.
            if (
                at is not None
                and at < len(objects)
                and list.__getitem__(objects, at).id == object_id
            ):
                return objects[at]  # a trial's CopyOnRead copies it here
        index = _IdIndex()
        for i in range(len(objects)):
            index.setdefault(list.__getitem__(objects, i).id, i)
        if private is not None:
            private["_ids"] = index
        found = index.get(object_id)
        return None if found is None else objects[found]

    def in_zone(self, zone: str, player: str | None = None) -> list[Obj]:
        """Objects of a zone in position order; player filters by owner for owned zones."""

        def keep(o: Obj) -> bool:
            return o.zone == zone and (player is None or o.owner == player)

        objects = self.objects
        found = (
            objects.matching(keep) if type(objects) is CopyOnRead else list(filter(keep, objects))
        )
        return sorted(found, key=lambda o: o.position)
