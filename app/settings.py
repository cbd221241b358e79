"""Runtime settings, read from FACEDOWN_* environment variables."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FACEDOWN_", extra="ignore")

    database_url: str = "sqlite:///./facedown.db"
    # A snapshot every N versions bounds the replay needed to rebuild a state.
    snapshot_every: int = 50
    max_body_bytes: int = 65536
    demo: bool = False
    # Per client address and per process ("N/second|minute|hour", or "off"): see SECURITY.md.
    rate_create: str = "30/minute"
    rate_act: str = "600/minute"
