"""The one-pass middleware (app/web/middleware/edge.py) on a small app of its own: what it
adds to responses, what it compresses and what it refuses."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from app.web.middleware.edge import Edge
from app.web.middleware.headers import CSP
from app.web.middleware.ratelimit import Rate, RateLimits

BIG = "facedown " * 200  # 1,800 bytes


async def big(_request: Request) -> Response:
    return PlainTextResponse(BIG)


async def small(_request: Request) -> Response:
    return PlainTextResponse("ok", headers={"X-Frame-Options": "SAMEORIGIN"})


async def stream(_request: Request) -> Response:
    async def events():
        yield "data: " + BIG + "\n\n"

    return StreamingResponse(events(), media_type="text/event-stream")


async def echo(request: Request) -> Response:
    return JSONResponse({"size": len(await request.body()), "pad": BIG})


def _client(**limits: Rate | None) -> TestClient:
    routes = [
        Route("/big", big),
        Route("/small", small),
        Route("/stream", stream),
        Route("/api/games/x/echo", echo, methods=["POST"]),
        Route("/api/games/x/actions", echo, methods=["POST"]),
        Route("/docs", small),
    ]
    app = Edge(Starlette(routes=routes), max_bytes=100, limits=RateLimits(dict(limits)))
    return TestClient(app)


def test_a_large_response_is_gzipped_for_a_client_that_accepts_it():
    response = _client().get("/big", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.text == BIG  # httpx decoded it
    assert int(response.headers["content-length"]) < len(BIG) / 5  # the compressed size


def test_a_small_response_or_a_client_without_gzip_gets_it_as_it_is():
    client = _client()
    assert (
        "content-encoding" not in client.get("/small", headers={"Accept-Encoding": "gzip"}).headers
    )
    plain = client.get("/big", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == BIG
    assert plain.headers["vary"] == "Accept-Encoding"


def test_the_event_stream_is_never_compressed():
    response = _client().get("/stream", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in response.headers
    assert response.headers["content-type"].startswith("text/event-stream")


def test_security_headers_fill_in_and_never_override_the_responses_own():
    client = _client()
    response = client.get("/small")
    assert response.headers["x-frame-options"] == "SAMEORIGIN"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"] == CSP
    assert "content-security-policy" not in client.get("/docs").headers


def test_api_answers_are_private_and_their_refusals_too():
    client = _client()
    ok = client.post("/api/games/x/echo", content=b"{}", headers={"Accept-Encoding": "gzip"})
    assert ok.headers["cache-control"] == "private, no-store"
    assert ok.headers["vary"] == "Authorization"
    assert ok.headers["content-encoding"] == "gzip" and ok.json()["size"] == 2
    too_large = client.post("/api/games/x/echo", content=b"x" * 101)
    assert (
        too_large.status_code == 413 and too_large.headers["cache-control"] == "private, no-store"
    )
    nul = client.post(
        "/api/games/x/echo",
        content=b'{"a": "\\u0000"}',
        headers={"Content-Type": "application/json"},
    )
    assert nul.status_code == 422 and nul.headers["x-content-type-options"] == "nosniff"


def test_a_limited_route_answers_429_with_retry_after():
    client = _client(act=Rate(1, 60.0))
    assert client.post("/api/games/x/actions", content=b"{}").status_code == 200
    refused = client.post("/api/games/x/actions", content=b"{}")
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
    # Every write draws on a limit (the same bucket here); a read never does.
    assert client.post("/api/games/x/echo", content=b"{}").status_code == 429
    assert client.get("/small").status_code == 200


def test_a_body_is_compressed_with_the_smallest_window_that_holds_it_and_no_worse():
    """A deflate window that holds the whole body reaches every byte a 32 KB one would: the
    same compressed size, for a fraction of zlib's set-up (most of a small answer's cost)."""
    import gzip
    import zlib

    from app.web.middleware.compress import COMPRESS_LEVEL, window_bits

    sizes = (0, 250, 251, 762, 763, 16_122, 16_123, 10**6)  # 2**bits - 262 fits
    assert [window_bits(n) for n in sizes] == [9, 9, 10, 10, 11, 14, 15, 15]
    text = " ".join(f"card {i % 37} taps, counters {i % 11}" for i in range(4000)).encode()
    for size in (600, 1_000, 3_000, 9_000, 20_000, 60_000):
        body = text[:size]
        whole = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        fitted = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, 16 + window_bits(size))
        packed = fitted.compress(body) + fitted.flush()
        assert gzip.decompress(packed) == body
        assert len(packed) == len(whole.compress(body) + whole.flush())
    # Through the middleware: a client's gzip reader takes it.
    response = _client().get("/big", headers={"Accept-Encoding": "gzip"})
    assert response.text == BIG and response.headers["content-encoding"] == "gzip"


def test_a_body_sent_again_is_compressed_once_and_only_the_same_body_shares_it(monkeypatch):
    # The pages of one seat link get the same catch-up: its compression is kept by the body.
    from app.web.middleware import compress

    packed: list[int] = []
    real = compress._deflate

    def counting(compressor, body, more):
        packed.append(len(body))
        return real(compressor, body, more)

    monkeypatch.setattr(compress, "_deflate", counting)
    monkeypatch.setattr(compress, "PACKED", compress.LRU(8))
    client = _client()
    first = client.get("/big", headers={"Accept-Encoding": "gzip"})
    again = client.get("/big", headers={"Accept-Encoding": "gzip"})
    assert packed == [len(BIG)]
    assert first.content == again.content == BIG.encode()
    assert first.headers["content-length"] == again.headers["content-length"]
    # Another body is compressed for itself: nothing of the first answers for it.
    other = client.post("/api/games/x/echo", content=b"{}", headers={"Accept-Encoding": "gzip"})
    assert other.json()["size"] == 2 and len(packed) == 2
