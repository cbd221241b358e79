"""The rules packages import each other in one direction only: no module of app.rules imports
another inside a function (the way a cycle is dodged), and the imports at module level form no
cycle, so any module can be imported first."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[3] / "app" / "rules"


def _module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        return [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return [alias.name for alias in node.names]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            found.extend(n for n in node.body if isinstance(n, (ast.Import, ast.ImportFrom)))
    return found


def _sources() -> dict[str, ast.Module]:
    return {_module_name(p): ast.parse(p.read_text()) for p in sorted(RULES.rglob("*.py"))}


def test_no_rules_module_imports_inside_a_function():
    nested = []
    for name, tree in _sources().items():
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                    m.startswith("app.") for m in _imported(node)
                ):
                    nested.append(f"{name}:{node.lineno}")
    assert nested == []


def test_rules_modules_import_each_other_without_a_cycle():
    sources = _sources()
    edges = {
        name: sorted(
            {m for node in _top_level_imports(tree) for m in _imported(node) if m in sources}
            - {name}
        )
        for name, tree in sources.items()
    }
    done: set[str] = set()
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycles.append([*path[path.index(name) :], name])
            return
        if name in done:
            return
        for target in edges[name]:
            visit(target, [*path, name])
        done.add(name)

    for name in edges:
        visit(name, [])
    assert cycles == []
