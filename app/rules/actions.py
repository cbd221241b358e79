"""The action vocabulary: one pydantic model per JSON `type`, joined in a discriminated union."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

ObjectId = Annotated[str, Field(min_length=1, max_length=64)]
PlayerName = Annotated[str, Field(min_length=1, max_length=40)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CastFaceDown(_Action):
    type: Literal["cast_face_down"]
    object: ObjectId
    via: Literal["morph", "megamorph", "disguise"]


class Cast(_Action):
    type: Literal["cast"]
    object: ObjectId


class PlayLand(_Action):
    type: Literal["play_land"]
    object: ObjectId


class Resolve(_Action):
    type: Literal["resolve"]


class Counter(_Action):
    type: Literal["counter"]
    object: ObjectId


class TurnFaceUp(_Action):
    type: Literal["turn_face_up"]
    object: ObjectId
    # Which permission to use when several apply (a manifested card with morph).
    via: Literal["morph", "megamorph", "disguise", "mana_cost"] | None = None
    # 708.11: the choice made *as* it turns face up (Vesuvan Shapeshifter's copy).
    choice: ObjectId | None = None


class Manifest(_Action):
    type: Literal["manifest"]
    player: PlayerName


class Cloak(_Action):
    type: Literal["cloak"]
    player: PlayerName


class PutOntoBattlefieldFaceDown(_Action):
    type: Literal["put_onto_battlefield_face_down"]
    object: ObjectId
    via: Literal["illusionary_mask", "effect"]


class TurnFaceDown(_Action):
    type: Literal["turn_face_down"]
    # Omitted with via=ixidron: every other nontoken face-up creature.
    objects: list[ObjectId] | None = Field(default=None, max_length=200)
    via: Literal["ixidron", "effect"]
    source: ObjectId | None = None


class Move(_Action):
    type: Literal["move"]
    object: ObjectId
    to: Literal["hand", "graveyard", "exile", "library_top", "library_bottom"]


class Look(_Action):
    type: Literal["look"]
    object: ObjectId


class Copy(_Action):
    type: Literal["copy"]
    object: ObjectId
    source: ObjectId


class GainControl(_Action):
    type: Literal["gain_control"]
    object: ObjectId
    player: PlayerName


class Attack(_Action):
    type: Literal["attack"]
    objects: list[ObjectId] = Field(min_length=1, max_length=200)


class Tap(_Action):
    type: Literal["tap"]
    object: ObjectId


class Untap(_Action):
    type: Literal["untap"]
    object: ObjectId


class AddCounter(_Action):
    type: Literal["add_counter"]
    object: ObjectId
    counter: Literal["+1/+1", "-1/-1"] = "+1/+1"
    amount: int = Field(default=1, ge=1, le=99)


class Pump(_Action):
    type: Literal["pump"]
    object: ObjectId
    power: int = Field(default=0, ge=-99, le=99)
    toughness: int = Field(default=0, ge=-99, le=99)


class PhaseOut(_Action):
    type: Literal["phase_out"]
    object: ObjectId


class PhaseIn(_Action):
    type: Literal["phase_in"]
    object: ObjectId


class Flip(_Action):
    type: Literal["flip"]
    object: ObjectId


class HideawayExile(_Action):
    """The hideaway trigger's choice: the card to exile face down, and (Lorwyn) the order
    the others go to the bottom in, top first. Today the order is random."""

    type: Literal["hideaway_exile"]
    object: ObjectId
    bottom_order: list[ObjectId] | None = Field(default=None, max_length=20)


class HideawayPlay(_Action):
    """Use a hideaway permanent's ability that plays the card it hid (source: that
    permanent). `via` is refused: no alternative cost (morph, evoke) when playing a card
    without paying its mana cost. `condition_met` answers a condition Facedown doesn't
    track (e.g. damage dealt this turn)."""

    type: Literal["hideaway_play"]
    source: ObjectId
    via: Literal["morph", "megamorph", "disguise", "evoke"] | None = None
    condition_met: bool | None = None


class NextTurn(_Action):
    type: Literal["next_turn"]


class EndGame(_Action):
    type: Literal["end_game"]


class Concede(_Action):
    type: Literal["concede"]
    player: PlayerName | None = None


# --- Riftbound (seed 001: Hidden; rules 2026-03-30) ----------------------------------------
class Hide(_Action):
    """811.1.b: place a card with Hidden face down at a battlefield you control, paying [A]
    (one Power of any domain: a rune is recycled; `rune` picks which, else the engine does)."""

    type: Literal["hide"]
    object: ObjectId
    battlefield: Annotated[str, Field(min_length=1, max_length=40)]
    rune: ObjectId | None = None


class Play(_Action):
    """Play a card: from hand (811.3, its cost paid with runes) or from face down (811.1.b,
    base cost ignored). `targets` are the choices of the spell or of the play effect;
    `to` is where a unit played from hand goes ("base" or a battlefield you control)."""

    type: Literal["play"]
    object: ObjectId
    targets: list[ObjectId] = Field(default_factory=list, max_length=4)
    to: Annotated[str, Field(min_length=1, max_length=40)] | None = None


class MoveUnit(_Action):
    """A standard move: exhaust a ready unit to move it from base to a battlefield or back."""

    type: Literal["move_unit"]
    object: ObjectId
    to: Annotated[str, Field(min_length=1, max_length=40)]


class ResolveShowdown(_Action):
    """Every player passes in the showdown: a combat deals damage and decides control."""

    type: Literal["resolve_showdown"]


class SetControl(_Action):
    """Judge only: rebuild a table by giving a battlefield to a player (or to nobody)."""

    type: Literal["set_control"]
    battlefield: Annotated[str, Field(min_length=1, max_length=40)]
    player: PlayerName | None = None


Action = Annotated[
    CastFaceDown
    | Cast
    | PlayLand
    | Resolve
    | Counter
    | TurnFaceUp
    | Manifest
    | Cloak
    | PutOntoBattlefieldFaceDown
    | TurnFaceDown
    | Move
    | Look
    | Copy
    | GainControl
    | Attack
    | Tap
    | Untap
    | AddCounter
    | Pump
    | PhaseOut
    | PhaseIn
    | Flip
    | HideawayExile
    | HideawayPlay
    | NextTurn
    | EndGame
    | Concede
    | Hide
    | Play
    | MoveUnit
    | ResolveShowdown
    | SetControl,
    Field(discriminator="type"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
ACTION_TYPES: tuple[str, ...] = tuple(
    m.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
    for m in (
        CastFaceDown,
        Cast,
        PlayLand,
        Resolve,
        Counter,
        TurnFaceUp,
        Manifest,
        Cloak,
        PutOntoBattlefieldFaceDown,
        TurnFaceDown,
        Move,
        Look,
        Copy,
        GainControl,
        Attack,
        Tap,
        Untap,
        AddCounter,
        Pump,
        PhaseOut,
        PhaseIn,
        Flip,
        HideawayExile,
        HideawayPlay,
        NextTurn,
        EndGame,
        Concede,
        Hide,
        Play,
        MoveUnit,
        ResolveShowdown,
        SetControl,
    )
)


def parse_action(data: object) -> Action:
    """Validate a JSON-like value into an Action (raises pydantic.ValidationError)."""
    return ACTION_ADAPTER.validate_python(data)
