"""A ruling's chat preview is a PNG of 1200×630 that draws French accents (issue 17, item 5):
decoded here with pypng, pixel by pixel."""

from __future__ import annotations

import re
import unicodedata

import png
import pytest
from test_ruling_pages import browsers, publish, scenario_game, slug_of

from app.web.ruling_image import HEIGHT, WIDTH, font_dir, svg_to_png

pytestmark = pytest.mark.engine

Pixels = list[list[tuple[int, ...]]]


def decode(data: bytes) -> tuple[int, int, Pixels]:
    """Width, height and RGBA pixels of a PNG."""
    width, height, rows, _info = png.Reader(bytes=data).asRGBA8()
    pixels = [[tuple(row[i : i + 4]) for i in range(0, len(row), 4)] for row in rows]
    return width, height, pixels


def without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def ink_rows(pixels: Pixels, background: tuple[int, ...]) -> set[int]:
    return {y for y, row in enumerate(pixels) if any(p != background for p in row)}


def test_the_ruling_page_links_a_png_preview_that_decodes_to_1200_by_630(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob"]))
    page = client.get(f"/r/{slug}").text
    image = re.search(r'<meta property="og:image" content="([^"]+)">', page).group(1)
    assert image.endswith(f"/r/{slug}/preview.png")
    assert '<meta property="og:image:type" content="image/png">' in page
    assert f'<meta name="twitter:image" content="{image}">' in page
    response = client.get(image)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert "immutable" in response.headers["cache-control"]
    assert "Accept-Language" in response.headers["vary"]
    width, height, pixels = decode(response.content)
    assert (width, height) == (1200, 630) == (WIDTH, HEIGHT)
    # Not a blank canvas: the dark header band and text drawn on the light page.
    assert pixels[45][600][:3] == (0x16, 0x18, 0x1D)
    assert len({p for row in pixels[150:600] for p in row}) > 10


def test_an_unknown_rulings_preview_is_a_404(client):
    assert client.get("/r/AAAAAAAAAAAAAAAA/preview.png").status_code == 404


def test_the_french_preview_draws_its_accents(client):
    """The French image differs from the same card drawn with the accents taken off its text:
    the accents are drawn, not dropped (a missing glyph draws nothing with resvg)."""
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    note = "Décision : non, ça reste caché à Bob — règle 708.5 (côté, où, être)."
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob"], note=note))
    client.cookies.set("lang", "en")
    english = client.get(f"/r/{slug}/preview.png")
    client.cookies.set("lang", "fr")
    french = client.get(f"/r/{slug}/preview.png")
    assert french.content != english.content  # one image per language
    svg = client.get(f"/r/{slug}/preview.svg").text
    assert "Décision" in svg and "ça reste caché" in svg
    assert french.content == svg_to_png(svg)
    assert decode(french.content)[2] != decode(svg_to_png(without_accents(svg)))[2]


@pytest.mark.skipif(font_dir() is None, reason="fonts-dejavu-core is not installed")
@pytest.mark.parametrize(("plain", "accented"), [("e", "é"), ("a", "à"), ("c", "ç"), ("o", "ô")])
def test_an_accented_letter_is_its_plain_letter_and_a_mark(plain, accented):
    """Drawn alone, "é" has the same body as "e" plus ink where "e" has none (above it for
    é, à, ô; below it for ç): the glyph is DejaVu's, not a blank or a box."""

    def draw(letter: str) -> tuple[set[int], Pixels]:
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">'
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>'
            f'<text x="500" y="400" font-size="200" font-family="DejaVu Sans" fill="#000">'
            f"{letter}</text></svg>"
        )
        _w, _h, pixels = decode(svg_to_png(svg))
        return ink_rows(pixels, (255, 255, 255, 255)), pixels

    plain_rows, _ = draw(plain)
    accented_rows, _ = draw(accented)
    assert plain_rows and accented_rows > plain_rows
    extra = accented_rows - plain_rows
    if accented == "ç":
        assert min(extra) > max(plain_rows) - 5  # the cedilla hangs below the c
    else:
        assert max(extra) < min(plain_rows) + 5  # the mark sits above the letter
