"""Runtime settings, read from FACEDOWN_* environment variables."""

from __future__ import annotations

from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# psycopg 3 is the PostgreSQL driver we ship; plain postgres URLs (as most hosts hand them out)
# would make SQLAlchemy look for psycopg2.
_POSTGRES_SCHEMES = ("postgres://", "postgresql://")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FACEDOWN_", extra="ignore")

    # FACEDOWN_DATABASE_URL, or the conventional DATABASE_URL: SQLite by default, or
    # postgresql+psycopg://user:password@host:5432/dbname (README "Deployment").
    database_url: str = Field(
        default="sqlite:///./facedown.db",
        validation_alias=AliasChoices("FACEDOWN_DATABASE_URL", "DATABASE_URL", "database_url"),
    )
    # A snapshot every N versions bounds the replay needed to rebuild a state.
    # PostgreSQL connections per app process: a pool of db_pool_size kept open, up to
    # db_max_overflow more under load, plus one for LISTEN. Keep processes x (size + overflow
    # + 1) under the server's max_connections (100 by default). Ignored on SQLite.
    db_pool_size: int = Field(default=10, ge=1, le=1000)
    db_max_overflow: int = Field(default=30, ge=0, le=1000)
    # Threads that run the routes' blocking work (anyio's default: 40). On SQLite the work is
    # Python under one GIL and writes queue on one lock: more threads than a few only take
    # turns, and each switch costs CPU (bench/, 50 clients: page actions +25% with 4 than
    # with 40). On PostgreSQL a request also waits on the network: 16. None: that default.
    threads: int | None = Field(default=None, ge=1, le=1000)
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
    # Bench only: the parts of the middleware to leave out, comma-separated (names in
    # app/web/middleware/install.py, or "all"), to measure each one's cost. Honoured only with
    # bench_probe on; otherwise ignored with a warning, so it can never weaken a deployment.
    bench_skip_middleware: str = ""
    # Live pages re-read their game's version this often when nothing told them of a change:
    # the only cross-process channel on SQLite, a safety net under LISTEN/NOTIFY on PostgreSQL.
    live_poll_seconds: float | None = Field(default=None, gt=0)
    # A live stream ends after this long and the browser opens another, which carries on from
    # the last version it was told (Last-Event-ID): shorter behind a proxy that cuts long
    # responses sooner.
    live_stream_seconds: float = Field(default=300.0, gt=0)
    # The address players open (https://facedown.example.org): absolute links (seat links,
    # a ruling's link, og:url, og:image, its canonical link) are built from it, never from
    # the request's Host header. Unset: the request's address is used, and ruling pages are
    # then sent with Vary: Host and not as immutable (README "Configuration").
    public_base_url: str | None = None
    # `facedown cards fetch` downloads this (gzip), with its SHA-256 at the same address plus
    # ".sha256" (docs/card-data.md); a mirror or a local copy can stand in for MTGJSON.
    cards_url: str = "https://mtgjson.com/api/v5/AtomicCards.json.gz"

    @field_validator("database_url")
    @classmethod
    def _driver(cls, value: str) -> str:
        return psycopg_url(value)

    @field_validator("public_base_url")
    @classmethod
    def _origin(cls, value: str | None) -> str | None:
        return public_origin(value) if value else None


def public_origin(url: str) -> str:
    """An http(s) origin with an optional path prefix, without its trailing slash."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"a public base URL looks like https://facedown.example.org, not {url!r}")
    if parts.path.rstrip("/"):
        raise ValueError(f"a public base URL has no path: {url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def psycopg_url(url: str) -> str:
    """postgres:// and postgresql:// URLs (as hosts hand them out) with the psycopg 3 driver."""
    for scheme in _POSTGRES_SCHEMES:
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url
