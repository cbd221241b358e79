"""Events: what happened, the rules that made it so, and who may read the details."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.rules.core.words import elide_fr


class Text(BaseModel):
    model_config = ConfigDict(frozen=True)

    en: str
    fr: str

    @field_validator("fr")
    @classmethod
    def _elided(cls, fr: str) -> str:
        # Names are filled in by f-strings everywhere: "de Alice" is fixed here, once.
        return elide_fr(fr)


class Event(BaseModel):
    """One thing that happened. `public` is for everyone; `private` (if any) only for
    the players in `private_to` and the judge. Ids in `objects` are public ids."""

    model_config = ConfigDict(frozen=True)

    kind: str
    rules: tuple[str, ...] = ()
    public: Text
    private: Text | None = None
    private_to: tuple[str, ...] = ()
    # Rule keys that would tell a hidden card apart (megamorph is cast like morph): shown
    # with the private details only, after the public ones.
    private_rules: tuple[str, ...] = ()
    objects: tuple[str, ...] = Field(default=())
