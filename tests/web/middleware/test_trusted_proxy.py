"""The documented deployment (deploy/compose.yaml behind deploy/nginx.conf) resolves a client's
address from the proxy's own hop only: a client can't pick its address by sending its own
X-Forwarded-For, neither to read the demo links ("this machine only") nor to escape the rate
limits.

The app runs behind uvicorn's ProxyHeadersMiddleware trusting what compose's
FORWARDED_ALLOW_IPS trusts, reached from the proxy's address, with X-Forwarded-For written the
way nginx.conf writes it: the same chain a request takes in the deployment.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.main import create_app
from app.settings import Settings
from tests.test_deploy import COMPOSE, NGINX_CONF, app_servers, interpolate, parse_nginx

GAME = {
    "players": ["Alice", "Bob"],
    "setup": [{"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"}],
}
# A client somewhere on the internet (TEST-NET-3).
REMOTE = "203.0.113.7"


def _deployment() -> tuple[str, str, str]:
    """(the addresses the app servers trust, the proxy's address, nginx's X-Forwarded-For)."""
    import yaml

    compose = interpolate(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")))
    [trusted] = {s["environment"]["FORWARDED_ALLOW_IPS"] for s in app_servers(compose).values()}
    networks = compose["services"]["proxy"].get("networks") or {}
    fixed = [n.get("ipv4_address") for n in networks.values() if isinstance(n, dict)]
    # Without a fixed address the proxy gets whatever the network hands out.
    proxy_address = next((a for a in fixed if a), "172.18.0.5")
    server = parse_nginx(NGINX_CONF.read_text(encoding="utf-8")).one("http").one("server")
    headers = {args[0]: args[1] for args in server.values("proxy_set_header")}
    return trusted, proxy_address, headers["X-Forwarded-For"]


class Nginx:
    """The proxy's hop: the client's connection ends here; the app sees the proxy's address and
    the X-Forwarded-For header nginx.conf's directive writes."""

    def __init__(self, app: ASGIApp, proxy_address: str, directive: str, remote: str) -> None:
        self.app, self.proxy_address, self.directive, self.remote = (
            app,
            proxy_address,
            directive,
            remote,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            incoming = [v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-for"]
            if self.directive == "$remote_addr":
                forwarded = self.remote
            elif self.directive == "$proxy_add_x_forwarded_for":
                forwarded = ", ".join([*incoming, self.remote])
            else:
                raise AssertionError(f"unknown X-Forwarded-For directive {self.directive}")
            headers = [(k, v) for k, v in scope["headers"] if k != b"x-forwarded-for"]
            headers.append((b"x-forwarded-for", forwarded.encode("latin-1")))
            scope = {**scope, "headers": headers, "client": (self.proxy_address, 41000)}
        await self.app(scope, receive, send)


@pytest.fixture
def deployed(tmp_path) -> Iterator[Any]:
    """`through(remote)`: a client at that address, reaching the app through the proxy."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'proxy.db'}", demo=True, rate_create="2/minute"
    )
    app = create_app(settings)
    trusted, proxy_address, directive = _deployment()
    uvicorn_layer = ProxyHeadersMiddleware(app, trusted_hosts=trusted)  # type: ignore[arg-type]

    def through(remote: str) -> TestClient:
        return TestClient(Nginx(uvicorn_layer, proxy_address, directive, remote))

    yield through


def test_a_forged_first_forwarded_address_does_not_open_the_demo_links(deployed) -> None:
    stranger = deployed(REMOTE)
    for forged in ("127.0.0.1", "127.0.0.1, 10.0.0.1", "::1"):
        response = stranger.get("/api/demo", headers={"X-Forwarded-For": forged})
        assert response.status_code == 403, (forged, response.text)
        assert "token" not in response.text
    # The proxy's own hop still carries the real address: a browser on the proxy's machine.
    assert deployed("127.0.0.1").get("/api/demo").status_code == 200


def test_rotating_forged_addresses_do_not_reset_the_create_rate_limit(deployed) -> None:
    stranger = deployed(REMOTE)
    statuses = [
        stranger.post(
            "/api/games", json=GAME, headers={"X-Forwarded-For": f"198.51.100.{i}"}
        ).status_code
        for i in range(4)
    ]
    assert statuses == [201, 201, 429, 429]
    # Another real client has its own bucket.
    assert deployed("203.0.113.8").post("/api/games", json=GAME).status_code == 201
