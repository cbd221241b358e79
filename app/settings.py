"""Runtime settings, read from FACEDOWN_* environment variables."""

from __future__ import annotations

from pydantic import SecretStr
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
    # Keys the pages' CSRF tokens; set it when running several workers or hosts (any long
    # random string). Unset: a per-seat key derived from the seat token itself.
    secret_key: SecretStr | None = None
    # The benchmark's baseline (bench/, README "Performance"): a bare endpoint doing one SQLite
    # insert per request, POST /_bench/insert. Off in production; never in the OpenAPI page.
    bench_probe: bool = False
