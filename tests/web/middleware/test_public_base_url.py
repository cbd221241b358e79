"""Ruling pages name their own address (og:url, og:image, the canonical link): from
FACEDOWN_PUBLIC_BASE_URL when set, never from a Host header a shared cache would keep for
everyone. Without the setting the request's address is used, and the page then says so to
caches (Vary: Host) and is not immutable."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import _make_game, bearer

PUBLIC = "https://facedown.example.org"


def _ruling(client: TestClient) -> str:
    game_id, tokens = _make_game(client)
    response = client.post(
        f"/api/games/{game_id}/rulings",
        json={"viewpoint": "spectator", "title": "Q"},
        headers=bearer(tokens["judge"]),
    )
    assert response.status_code == 201, response.text
    return response.json()["slug"]


def _addresses(page: str) -> set[str]:
    found = re.findall(r'(?:og:url|og:image)" content="([^"]+)"', page)
    found += re.findall(r'rel="canonical" href="([^"]+)"', page)
    assert len(found) == 3, found
    return {re.sub(r"/r/.*$", "", url) for url in found}


def test_with_a_public_base_url_the_host_header_is_ignored(tmp_path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}", public_base_url=PUBLIC + "/")
    client = TestClient(create_app(settings))
    slug = _ruling(client)
    page = client.get(f"/r/{slug}", headers={"Host": "evil.example"})
    assert page.status_code == 200
    assert _addresses(page.text) == {PUBLIC}
    assert "evil.example" not in page.text
    assert "immutable" in page.headers["cache-control"]


def test_without_it_the_page_varies_by_host_and_is_not_immutable(client) -> None:
    slug = _ruling(client)
    page = client.get(f"/r/{slug}", headers={"Host": "other.example"})
    assert _addresses(page.text) == {"http://other.example"}
    assert "host" in [v.strip().lower() for v in page.headers["vary"].split(",")]
    assert "immutable" not in page.headers["cache-control"]


def test_new_game_links_use_the_public_base_url(tmp_path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'c.db'}", public_base_url=PUBLIC)
    client = TestClient(create_app(settings))
    page = client.post(
        "/games",
        data={"ruleset": "mtg", "player": ["Alice", "Bob"]},
        headers={"Sec-Fetch-Site": "same-origin", "Origin": "null", "Host": "evil.example"},
    )
    assert page.status_code == 200, page.text[:300]
    assert f"{PUBLIC}/join/" in page.text and "evil.example" not in page.text


@pytest.mark.parametrize("bad", ["facedown.example.org", "ftp://x", "https://x/path?q=1"])
def test_a_public_base_url_is_an_http_origin(bad: str) -> None:
    with pytest.raises(ValueError):
        Settings(database_url="sqlite://", public_base_url=bad)


def test_an_empty_public_base_url_means_unset() -> None:
    assert Settings(database_url="sqlite://", public_base_url="").public_base_url is None
