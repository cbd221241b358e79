"""FACEDOWN_BENCH_SKIP_MIDDLEWARE (bench/middleware_costs.py) leaves a middleware part out on
the bench's own server only: anywhere else it is ignored, so it can never weaken a deployment."""

from __future__ import annotations

import logging

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings


def _headers(tmp_path, **settings) -> dict[str, str]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'x.db'}", **settings))
    with TestClient(app) as client:
        return dict(client.get("/healthz").headers)


def test_without_the_bench_probe_the_skip_setting_is_ignored_with_a_warning(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        headers = _headers(tmp_path, bench_skip_middleware="all")
    assert "content-security-policy" in headers
    assert headers["x-content-type-options"] == "nosniff"
    assert "FACEDOWN_BENCH_SKIP_MIDDLEWARE is ignored" in caplog.text


def test_on_the_bench_server_a_skipped_part_is_left_out(tmp_path):
    headers = _headers(tmp_path, bench_probe=True, bench_skip_middleware="headers")
    assert "content-security-policy" not in headers
    assert "x-content-type-options" not in headers


def test_on_the_bench_server_the_other_parts_stay(tmp_path):
    headers = _headers(tmp_path, bench_probe=True, bench_skip_middleware="gzip")
    assert "content-security-policy" in headers
