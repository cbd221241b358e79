"""Every data file the app reads from its own package (labels, card catalogs, scenarios,
rules data) is listed in pyproject's package-data, so a non-editable install carries it."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _shipped(path: Path, package_data: dict[str, list[str]]) -> bool:
    for package, patterns in package_data.items():
        folder = ROOT.joinpath(*package.split("."))
        if path.is_relative_to(folder):
            parts = path.relative_to(folder).parts
            # setuptools' globs don't cross folders: match part by part.
            for pattern in patterns:
                wanted = pattern.split("/")
                if len(wanted) == len(parts) and all(map(fnmatch, parts, wanted)):
                    return True
    return False


def test_every_data_file_under_app_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    data_files = [
        p
        for p in (ROOT / "app").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    ]
    assert len(data_files) >= 5
    assert [p for p in data_files if not _shipped(p, package_data)] == []
