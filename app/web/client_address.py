"""The client's address, as the server's connection (or uvicorn's proxy-headers layer, on a
connection from a trusted proxy) resolved it: the one source for rate limits and the demo
links' "this machine only".

Never read X-Forwarded-For or X-Real-IP here: a client writes those itself. Behind a proxy,
uvicorn's FORWARDED_ALLOW_IPS names the proxy's own address, and the proxy replaces the header
with the address it saw (deploy/nginx.conf; SECURITY.md "Deployment").
"""

from __future__ import annotations

from ipaddress import ip_address

from starlette.types import Scope

# Starlette's TestClient connects as "testclient": a test on this machine.
_LOCAL_NAMES = frozenset({"testclient", "localhost"})


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def is_this_machine(scope: Scope) -> bool:
    address = client_address(scope)
    try:
        return ip_address(address).is_loopback
    except ValueError:
        return address in _LOCAL_NAMES
