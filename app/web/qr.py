"""QR codes for seat links, drawn on the server as inline SVG (segno): no script, no image
request, nothing for the CSP to allow. The SVG holds path data only, never the text it
encodes as text, so a player's name can't inject markup through it."""

from __future__ import annotations

import segno
from markupsafe import Markup


def qr_svg(url: str) -> Markup:
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, dark="#111", light="#fff", omitsize=True)
    return Markup(svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1))
