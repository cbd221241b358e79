"""The routes every tap and every open page ask for, matched first.

The app's router tries its routes in order, and an included router's routes are tried twice
(once to pick the router, once to pick the route in it): an action posted from a page
passed about 40 patterns before its own, some 70 µs a request (bench/). So the few routes a
game is played through are put at the head of the app's own route list, where each is one
pattern to try: routing them costs what FastAPI's own costs for a one-route app.

Each is the very route its router declared (same endpoint, dependencies, checks, response),
copied to the head, left out of the OpenAPI page (the router's own still documents it). A
path matched by a hot route is matched by nothing before it in its router: the order in
which a path's routes are tried is unchanged.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterable

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute

log = logging.getLogger(__name__)

# (method, path): a seat's taps and pages, the JSON API's actions and views.
HOT: tuple[tuple[str, str], ...] = (
    ("POST", "/api/games/{game_id}/actions"),
    ("POST", "/g/{game_id}/act"),
    ("GET", "/g/{game_id}"),
    ("GET", "/g/{game_id}/objects/{object_id}"),
    ("GET", "/api/games/{game_id}/view"),
)


def hot_routes(
    routers: Iterable[APIRouter], wanted: tuple[tuple[str, str], ...] = HOT
) -> list[APIRoute]:
    """The routes of `routers` that serve `wanted`, in that order; a missing one is left out
    (with a warning: it is then routed as any other)."""
    by_key: dict[tuple[str, str], APIRoute] = {}
    for router in routers:
        for declared in router.routes:
            if isinstance(declared, APIRoute):
                for method in declared.methods or ():
                    by_key.setdefault((method, declared.path), declared)
    found: list[APIRoute] = []
    for key in wanted:
        hot = by_key.get(key)
        if hot is None:
            log.warning("hot route %s %s: no such route", *key)
            continue
        found.append(hot)
    return found


def route_hot_first(app: FastAPI, routes: Iterable[APIRoute]) -> None:
    """Put a copy of each of `routes` at the head of `app`'s routes (hidden from OpenAPI)."""
    head = []
    for route in routes:
        hot = copy.copy(route)
        hot.include_in_schema = False
        head.append(hot)
    app.router.routes[:0] = head
