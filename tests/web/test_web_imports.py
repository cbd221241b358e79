"""app/web imports form no cycle, and only app/web/game_service.py holds a GameState.

The graph is read from the source with `ast` (every import, at module level or inside a
function), so a lazy import that dodges a cycle at run time still counts."""

from __future__ import annotations

import ast
from pathlib import Path

import app.web

WEB = Path(app.web.__file__).parent
ROOT = WEB.parents[1]


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in WEB.rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """The app.web modules `path` imports (`from pkg import mod` counts as pkg.mod)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in MODULES}


GRAPH = {name: _imports(path) - {name} for name, path in MODULES.items()}


def _cycle() -> list[str] | None:
    """One import cycle, as the modules along it; None if the graph is acyclic."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for target in sorted(GRAPH[name]):
            found = visit(target, [*path, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(GRAPH):
        found = visit(name, [])
        if found:
            return found
    return None


def test_the_graph_holds_every_room_of_app_web():
    assert {"app.web.api.games", "app.web.pages.game", "app.web.deps"} <= set(GRAPH)
    assert "app.web.game_service" in GRAPH["app.web.pages.seat_page"]


def test_app_web_modules_import_each_other_without_a_cycle():
    assert _cycle() is None, " -> ".join(_cycle() or [])


def test_only_the_game_service_loads_a_game_state():
    """Routes and templates get views and offers; `repository.load` is the service's."""
    loading = sorted(
        name
        for name, path in MODULES.items()
        if ".load(" in path.read_text(encoding="utf-8") and "repository" in path.read_text()
    )
    assert loading == ["app.web.game_service"]


def test_no_route_module_borrows_another_modules_private_name():
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("app.web"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, (name, node.module, private)
