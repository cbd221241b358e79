"""What every game's card has: a name (in English and French), a type line and a text.
Each family extends it with its own printed facts (app.rules.mtg.cards, app.rules.riftbound.cards)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.events import Text


class CardDef(BaseModel):
    """A card's printed identity. Catalog entries and inline definitions share each family's
    extension of this shape (docs/DESIGN.md, "The HTTP contract")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    name_fr: str | None = Field(default=None, max_length=120)
    types: tuple[str, ...] = Field(default=(), max_length=8)
    subtypes: tuple[str, ...] = Field(default=(), max_length=8)
    text: str = Field(default="", max_length=2000)
    # A note on facts the catalog could not verify, shown to the judge.
    unverified: str | None = Field(default=None, max_length=300)

    def shown_name(self) -> Text:
        """Its name in each language (English where the data has no French name)."""
        return Text(en=self.name, fr=self.name_fr or self.name)

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    def other_names(self) -> tuple[str, ...]:
        """Names printed elsewhere on the card (a flip card's other half, a back face): no
        other card may use them."""
        return ()

    def face_names(self) -> tuple[str, ...]:
        """The names of its halves and faces a search finds it by (after its own names)."""
        return ()
