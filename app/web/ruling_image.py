"""A ruling's chat preview as a PNG: WhatsApp and X show no SVG
`og:image`, so the preview SVG (app/web/pages/rulings.py, `preview_svg`) is drawn with resvg.

Fonts: resvg draws text only with fonts it is given. Debian's `fonts-dejavu-core` (installed
by the Dockerfile and .ci/run) is looked for where Debian and other systems put it; only its
regular and bold faces are loaded (the same glyphs on every machine: é, à, ç, « » included).
Without it, resvg falls back to the system's fonts.

Rulings are immutable, so each (ruling, language) is drawn once per process and kept in a
small in-memory LRU (a PNG is ~40 KB; the HTTP cache headers keep browsers and chat servers
from asking again). No database or disk cache: a restart draws again, in tens of
milliseconds."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

import resvg_py

from app.lru import LRU

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 1200, 630
FONT_FAMILY = "DejaVu Sans"
# Where systems keep DejaVu: Debian/Ubuntu, Fedora/Arch, Alpine; FACEDOWN_FONT_DIR first.
FONT_DIR_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
)
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
CACHE_SIZE = 256

_images: LRU[tuple[str, str], bytes] = LRU(CACHE_SIZE)


@cache
def font_dir() -> str | None:
    """The folder holding DejaVu Sans, resolved once at run time; None if there is none."""
    override = os.environ.get("FACEDOWN_FONT_DIR")
    for candidate in (override, *FONT_DIR_CANDIDATES):
        if candidate and (Path(candidate) / "DejaVuSans.ttf").is_file():
            return candidate
    log.warning("DejaVu Sans not found (fonts-dejavu-core): previews use the system's fonts")
    return None


def svg_to_png(svg: str) -> bytes:
    """The SVG drawn at 1200×630."""
    folder = font_dir()
    files = [str(Path(folder) / name) for name in FONT_FILES] if folder else None
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            width=WIDTH,
            height=HEIGHT,
            font_family=FONT_FAMILY,
            sans_serif_family=FONT_FAMILY,
            font_files=files,
            skip_system_fonts=files is not None,
        )
    )


def preview_png(slug: str, lang: str, svg_of: Callable[[], str]) -> bytes:
    """The ruling's preview in `lang`, drawn once per process (a ruling never changes)."""
    key = (slug, lang)
    found = _images.get(key)
    if found is None:
        found = svg_to_png(svg_of())
        _images.put(key, found)
    return found
