"""Every citation of the design in the code points at docs/DESIGN.md, in the repository, and
what it cites is there: "docs/DESIGN.md invariant N" names one of its numbered rules of the
house, 'docs/DESIGN.md, "Heading"' one of its headings. A citation of a file outside the
repository (a bare "DESIGN invariant 3", STYLE.md) can't be read by whoever clones it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "docs" / "DESIGN.md"
CODE = ("app", "templates", "static", "scripts")
SUFFIXES = {".py", ".html", ".toml", ".css", ".js", ""}

# A citation may run over a line break inside a comment or a docstring.
_BREAK = re.compile(r"\s*\n\s*(?:#\s*|\*\s*)?")
_INVARIANTS = re.compile(r"docs/DESIGN\.md invariants? (\d+(?:(?:, | and )\d+)*)")
_SECTION = re.compile(r'docs/DESIGN\.md, "([^"]+)"')
_ANY = re.compile(r"DESIGN|STYLE\.md")


def _code_files() -> list[Path]:
    files = []
    for top in CODE:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                files.append(path)
    return files


def _text(path: Path) -> str:
    return _BREAK.sub(" ", path.read_text(encoding="utf-8", errors="replace"))


def _design() -> tuple[set[int], set[str]]:
    text = DESIGN.read_text(encoding="utf-8")
    rules = text.split("## The rules of the house", 1)[1].split("\n## ", 1)[0]
    numbers = {int(n) for n in re.findall(r"^(\d+)\. \*\*", rules, flags=re.MULTILINE)}
    headings = set(re.findall(r"^#+ (.+?)\s*$", text, flags=re.MULTILINE))
    return numbers, headings


def citations(text: str) -> tuple[list[int], list[str], int]:
    """The invariant numbers and headings cited, and how many mentions of the design (or of
    STYLE.md) are not in one of the two forms."""
    numbers = [int(n) for found in _INVARIANTS.findall(text) for n in re.split(r", | and ", found)]
    sections = _SECTION.findall(text)
    stray = len(_ANY.findall(_SECTION.sub("", _INVARIANTS.sub("", text))))
    return numbers, sections, stray


def test_design_has_numbered_invariants_and_headings():
    numbers, headings = _design()
    assert numbers == set(range(1, len(numbers) + 1)) and len(numbers) >= 9
    assert "The HTTP contract" in headings


def test_every_design_citation_points_at_docs_design_and_resolves():
    numbers, headings = _design()
    wrong: list[str] = []
    cited = 0
    for path in _code_files():
        found, sections, stray = citations(_text(path))
        name = path.relative_to(ROOT)
        cited += len(found) + len(sections)
        wrong += [f"{name}: invariant {n}" for n in found if n not in numbers]
        wrong += [f'{name}: "{s}"' for s in sections if s not in headings]
        if stray:
            wrong.append(f"{name}: {stray} citation(s) not of docs/DESIGN.md")
    assert wrong == []
    assert cited >= 20, "the code's citations of the design were not found"


def test_a_citation_outside_the_repository_or_of_a_missing_number_is_caught():
    assert citations("kept (DESIGN invariant 3)")[2] == 1
    assert citations("see STYLE.md")[2] == 1
    assert citations("(docs/DESIGN.md invariants 6 and 7)") == ([6, 7], [], 0)
    assert citations('(docs/DESIGN.md, "The HTTP contract")') == ([], ["The HTTP contract"], 0)
    numbers, headings = _design()
    assert 12 not in numbers and "One door for secrets" not in headings
