"""The manifest family's actions (701.40 manifest, 701.58 cloak, 701.62 manifest dread), one
pydantic model per JSON `type` (handlers: app.rules.mtg.manifest)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlayerName


class Manifest(ActionModel):
    """`player` manifests the top `count` cards of `from_player`'s library (default: their
    own), one at a time (701.40e). Thieving Amalgam: Alice manifests from Bob's library."""

    type: Literal["manifest"]
    player: PlayerName
    from_player: PlayerName | None = None
    count: int = Field(default=1, ge=1, le=10)


class Cloak(ActionModel):
    """701.58a: like manifest, and the face-down permanent has ward {2}."""

    type: Literal["cloak"]
    player: PlayerName
    from_player: PlayerName | None = None
    count: int = Field(default=1, ge=1, le=10)


class ManifestCards(ActionModel):
    """Manifest (or cloak) chosen cards from exile, a graveyard or a hand: Jeskai Infiltrator's
    face-down pile (it and the top card of the library: `from_library`), Ghastly
    Conscription's graveyard cards. `random_order`: the pile is
    shuffled first, so nobody but the manifesting player knows which card went where."""

    type: Literal["manifest_cards"]
    objects: list[ObjectId] = Field(default_factory=list, max_length=60)
    player: PlayerName | None = None
    random_order: bool = False
    via: Literal["manifest", "cloak"] = "manifest"
    # The top N cards of `player`'s library join the pile (Jeskai Infiltrator's top card).
    from_library: int = Field(default=0, ge=0, le=10)


class ManifestDread(ActionModel):
    """701.62a: `player` looks at the top two cards of their library; the game waits for
    `manifest_dread_choose`."""

    type: Literal["manifest_dread"]
    player: PlayerName


class ManifestDreadChoose(ActionModel):
    """The card the looking player manifests; the other goes to their graveyard."""

    type: Literal["manifest_dread_choose"]
    object: ObjectId
