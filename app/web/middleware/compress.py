"""The response side of the edge middleware (app/web/middleware/edge.py): one `send` wrapper
that adds the security headers and the private-API headers, and gzips where it pays.

What it does, in the order the six middlewares it replaces did it:
- gzip: a response of at least `MINIMUM_SIZE` bytes to a client that accepts gzip is
  compressed (level 6: within a percent of level 9's size on our pages, at a fraction of the
  CPU); smaller ones go as they are. Never the event stream (nor an already encoded body, a
  206, or formats that are compressed already). A response that could have been compressed
  says `Vary: Accept-Encoding` either way.
- security headers (app/web/middleware/headers.py): each one only where the response set
  none; the Content-Security-Policy on every path but FastAPI's /docs and /redoc.
- private API headers (app/web/middleware/api_cache.py): `Cache-Control: private, no-store`
  and `Vary: Authorization` over whatever the response had, on /api/games and its kin.

The headers are pre-encoded byte pairs appended to the raw list: no header object per header.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import anyio.to_thread
from starlette.types import Message, Send

from app.lru import LRU

MINIMUM_SIZE = 500
COMPRESS_LEVEL = 6
# Compressing a body this large inline would hold the event loop: a worker thread does it.
THREAD_MINIMUM_SIZE = 128 * 1024

Header = tuple[bytes, bytes]

# A body sent whole, compressed once: the pages of one seat link (a phone and a laptop, every
# spectator on the spectators' link) are sent the same catch-up after a tap. Keyed by the body
# itself: the same bytes compress to the same bytes, so a client gets only the compression of
# what it was sent anyway.
PACKED_MAXIMUM_SIZE = 64 * 1024
PACKED: LRU[bytes, bytes] = LRU(128)

# Media types never compressed: the live stream (each event must leave at once), and
# formats that are compressed already (Starlette's list).
_EXCLUDED = (
    b"text/event-stream",
    b"application/grpc",
    b"application/gzip",
    b"application/x-gzip",
    b"application/zip",
    b"audio/",
    b"font/woff",
    b"image/avif",
    b"image/gif",
    b"image/jpeg",
    b"image/png",
    b"image/webp",
    b"video/",
)


def _excluded(content_type: bytes) -> bool:
    media = content_type.partition(b";")[0].strip().lower()
    return media.startswith(_EXCLUDED)


def _finish(
    headers: list[Header], defaults: Sequence[Header], replacing: Sequence[Header]
) -> list[Header]:
    """`defaults` where the response has no header of that name; `replacing` over the
    response's own headers of those names."""
    if defaults:
        present = {name.lower() for name, _ in headers}
        headers += [h for h in defaults if h[0] not in present]
    if replacing:
        names = {name for name, _ in replacing}
        headers = [h for h in headers if h[0].lower() not in names]
        headers += replacing
    return headers


def _add_vary(headers: list[Header], value: bytes) -> list[Header]:
    for i, (name, old) in enumerate(headers):
        if name.lower() == b"vary":
            headers[i] = (name, old + b", " + value)
            return headers
    headers.append((b"vary", value))
    return headers


def responding(
    send: Send,
    *,
    gzip: bool | None,
    defaults: Sequence[Header],
    replacing: Sequence[Header],
) -> Send:
    """`send` with the headers added and, when `gzip` is True (the client accepts it), the
    body compressed where it pays; `gzip` None leaves bodies alone (compression off)."""
    start: Message | None = None
    passing = gzip is None  # bodies go as they are
    compressor: zlib._Compress | None = None

    async def sending(message: Message) -> None:
        nonlocal start, passing, compressor
        kind = message["type"]
        if kind == "http.response.start":
            headers = list(message.get("headers", ()))
            if not passing:
                for name, value in headers:
                    lower = name.lower()
                    if lower == b"content-encoding" or (
                        lower == b"content-type" and _excluded(value)
                    ):
                        passing = True
                        break
                if message["status"] == 206:
                    passing = True
            if passing:
                await send({**message, "headers": _finish(headers, defaults, replacing)})
                return
            start = {**message, "headers": headers}  # held until the first body says its size
            return
        if start is None or kind != "http.response.body":
            if start is not None:  # e.g. pathsend: no compression
                await send({**start, "headers": _finish(start["headers"], defaults, replacing)})
                start = None
            if compressor is not None and kind == "http.response.body":
                message = {**message, "body": await _compress(compressor, message)}
            await send(message)
            return
        held, start = start, None
        headers = held["headers"]
        body = message.get("body", b"")
        more = message.get("more_body", False)
        if len(body) >= MINIMUM_SIZE or more:
            headers = _add_vary(headers, b"Accept-Encoding")
            if gzip:
                packed = None if more else PACKED.get(body)
                if packed is None:
                    window = zlib.MAX_WBITS if more else window_bits(len(body))
                    compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, 16 + window)
                    packed = await _compress(compressor, message)
                    if not more and len(body) <= PACKED_MAXIMUM_SIZE:
                        PACKED.put(body, packed)
                headers = [h for h in headers if h[0].lower() != b"content-length"]
                headers.append((b"content-encoding", b"gzip"))
                if not more and not held.get("trailers", False):
                    headers.append((b"content-length", str(len(packed)).encode()))
                message = {**message, "body": packed}
        await send({**held, "headers": _finish(headers, defaults, replacing)})
        await send(message)

    return sending


# deflate can refer back this many bytes less than its window (zlib's MIN_LOOKAHEAD).
_LOOKAHEAD = 262


def window_bits(size: int) -> int:
    """The smallest deflate window (9 to 15 bits) that holds a whole body of `size` bytes:
    what a back-reference can reach is the same, so is the compression, but zlib sets up
    (and clears) the window's memory for each response, and for a small JSON answer a 32 KB
    window was most of its compression's cost (33 -> 8 us for 1 KB). Any gzip reader
    decodes it (they keep a 32 KB window)."""
    bits = 9
    while bits < zlib.MAX_WBITS and (1 << bits) - _LOOKAHEAD < size:
        bits += 1
    return bits


async def _compress(compressor: zlib._Compress, message: Message) -> bytes:
    body = message.get("body", b"")
    more = message.get("more_body", False)
    if len(body) >= THREAD_MINIMUM_SIZE:
        return await anyio.to_thread.run_sync(_deflate, compressor, body, more)
    return _deflate(compressor, body, more)


def _deflate(compressor: zlib._Compress, body: bytes, more: bool) -> bytes:
    packed = compressor.compress(body)
    return packed + (compressor.flush(zlib.Z_SYNC_FLUSH) if more else compressor.flush())
