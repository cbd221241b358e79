"""Shared code names no game family's own concept: the pages, the store, the catalog and the
scenarios reach a family's mechanics, rulesets and labels through its registration
(app.rules.core.family.GameFamily), so a third family plugs in without touching them.

The words come from the registered families: each one's key and rulesets (as a literal), the
action types only one family has (a compound name like `mulligan_bottom`; a one-word type
such as "draw" or "move" is an everyday word the pages use for their own things), and the
mechanics they bring (hideaway, foretell, manifest...). Comments and docstrings may name them
as examples; code, strings, templates and message files may not."""

from __future__ import annotations

import io
import re
import tokenize
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.rules.families import FAMILIES

ROOT = Path(__file__).resolve().parents[1]
SHARED = (
    "app/web",
    "app/store",
    "app/catalog",
    "app/scenarios",
    "templates/pages",
    "templates/partials",
    "templates/layout.html",
)
SUFFIXES = (".py", ".html", ".toml", ".js")
# The mechanics the families bring (Magic's 702.75 hideaway, 702.143 foretell, 701.40
# manifest, 702.37 morph and megamorph, 702.168 disguise, 701.58 cloak, Lorwyn's hideaway
# edition; Riftbound's own name and its showdowns).
MECHANICS = (
    "hideaway",
    "foretell",
    "manifest",
    "morph",
    "disguise",
    "cloak",
    "lorwyn",
    "riftbound",
    "showdown",
)
# Where a word means something else: the PWA's web app manifest (W3C), not 701.40's.
ALLOWED: dict[str, tuple[str, ...]] = {
    "app/web/pages/manifest.py": ("manifest",),
    "app/web/pages/install.py": ("manifest",),  # the manifest page's router
    "app/web/middleware/headers.py": ("manifest",),  # CSP's manifest-src
    "app/web/i18n/offline.toml": ("manifest",),  # the manifest's description
    "templates/layout.html": ("manifest",),  # <link rel="manifest">
}


def own_action_types() -> list[str]:
    """The compound action types exactly one registered family has."""
    types = Counter(t for f in FAMILIES for t in f.rules.moves_by_type)
    return sorted(t for t, n in types.items() if n == 1 and "_" in t)


def family_words() -> re.Pattern[str]:
    """Every registered family's key and rulesets as a quoted literal, its own compound
    action types as whole names, and the mechanics."""
    literals = {name for f in FAMILIES for name in (f.key, *f.rulesets)}
    quoted = [rf"[\"']{re.escape(name)}[\"']" for name in sorted(literals)]
    types = [rf"(?<![\w]){re.escape(t)}(?![\w])" for t in own_action_types()]
    return re.compile("|".join([*MECHANICS, *quoted, *types]), re.IGNORECASE)


def python_code(text: str) -> Iterator[tuple[int, str]]:
    """The lines' code and strings, without comments and docstrings."""
    before = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL):
            continue
        starts_statement = before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
        before = tok.type
        if tok.type == tokenize.STRING and starts_statement:
            continue  # a docstring (or a bare string: one says why, as a comment would)
        yield tok.start[0], tok.string


def other_code(path: Path, text: str) -> Iterator[tuple[int, str]]:
    """A template's or a message file's lines, without their comments."""
    if path.suffix == ".html":
        text = re.sub(r"\{#.*?#\}", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for number, line in enumerate(text.splitlines(), 1):
        if path.suffix in (".toml", ".js") and line.lstrip().startswith(("#", "//")):
            continue
        yield number, line


def mentions(path: Path, text: str, words: re.Pattern[str]) -> list[str]:
    """Each family word found in a file's code, as "path:line: word"."""
    name = path.relative_to(ROOT).as_posix() if path.is_absolute() else path.as_posix()
    allowed = ALLOWED.get(name, ())
    parts = python_code(text) if path.suffix == ".py" else other_code(path, text)
    return [
        f"{name}:{line}: {found.group(0)}"
        for line, code in parts
        for found in words.finditer(code)
        if found.group(0).strip("\"'").lower() not in allowed
    ]


def shared_files() -> list[Path]:
    found: list[Path] = []
    for place in SHARED:
        path = ROOT / place
        found += [path] if path.is_file() else sorted(path.rglob("*"))
    return [p for p in found if p.is_file() and p.suffix in SUFFIXES]


def test_shared_code_names_no_family_concept():
    words = family_words()
    found = [m for path in shared_files() for m in mentions(path, path.read_text(), words)]
    assert found == [], "shared code names a family's concept:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("app/web/x.py", 'HIDE = "hideaway"\n', ["app/web/x.py:1: hideaway"]),
        ("app/web/x.py", "def f(hideaway_of):\n    return 1\n", ["app/web/x.py:1: hideaway"]),
        ("app/web/x.py", 'RULESET = "mtg"\n', ['app/web/x.py:1: "mtg"']),
        ("app/web/x.py", "# a hideaway look\nx = 1\n", []),
        ("app/web/x.py", 'def f():\n    """A hideaway look."""\n', []),
        ("app/web/x.py", 'ruleset = "mtg-2004-ish"\n', []),
        ("templates/partials/x.html", '{# hideaway #}<b>{{ t("x") }}</b>\n', []),
        (
            "templates/partials/x.html",
            '<option value="foretell">\n',
            ["templates/partials/x.html:1: foretell"],
        ),
        (
            "app/web/i18n/x.toml",
            '# manifest\n[messages."a"]\nen = "Manifest"\n',
            ["app/web/i18n/x.toml:3: Manifest"],
        ),
        ("app/web/pages/manifest.py", 'PATH = "/manifest.webmanifest"\n', []),
        ("app/web/x.py", 'if kind == "mulligan_bottom":\n', ["app/web/x.py:1: mulligan_bottom"]),
        (
            "templates/partials/x.html",
            '{{ t("stack.choose_targets") }}\n',
            ["templates/partials/x.html:1: choose_targets"],
        ),
        ("app/web/x.py", 'judge_set_turn = "turn_face_upward"\n', []),
    ],
)
def test_the_check_finds_a_family_word_in_code_not_in_comments(name, text, expected):
    assert mentions(Path(name), text, family_words()) == expected
