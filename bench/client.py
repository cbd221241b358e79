"""A small HTTP/1.1 keep-alive client on asyncio streams: the load generator's transport.

A general-purpose client spends more CPU per request than a bare endpoint does, and then the
client, not the server, sets the pace. This one does only what the bench needs: one request
at a time per connection, Content-Length or chunked bodies, raw (still compressed) bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlsplit


class HttpError(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    # The body exactly as it crossed the wire (gzip stays gzip; chunks are joined).
    body: bytes
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def header_bytes(self) -> int:
        return sum(len(k) + len(v) + 4 for k, v in self.headers.items())

    def text(self) -> str:
        if self.headers.get("content-encoding") == "gzip":
            import gzip

            return gzip.decompress(self.body).decode()
        return self.body.decode()

    def json(self) -> object:
        import orjson

        return orjson.loads(self.text())


class Connection:
    """One keep-alive connection to host:port; reopened after the server closes it."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        self._reader, self._writer = await asyncio.open_connection(self.host, self.port)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None

    async def request(
        self,
        method: str,
        path: str,
        headers: dict[str, str] | None = None,
        body: bytes | None = None,
    ) -> Response:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body or b'')}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")
        for attempt in (1, 2):
            reused = self._writer is not None
            if self._writer is None:
                await self._open()
            assert self._reader is not None and self._writer is not None
            self._writer.write(message)
            try:
                response = await self._read_response(method)
                break
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                await self.close()
                nothing_read = isinstance(exc, asyncio.IncompleteReadError) and not exc.partial
                # The server closes idle keep-alive connections: such a request never
                # arrived, so send it again, once, on a new connection.
                if attempt == 1 and reused and (nothing_read or isinstance(exc, ConnectionError)):
                    continue
                raise HttpError(f"{method} {path}: connection lost") from exc
        if response.headers.get("connection", "").lower() == "close":
            await self.close()
        return response

    async def _read_response(self, method: str) -> Response:
        assert self._reader is not None
        raw = await self._reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = raw.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, str] = {}
        cookies: dict[str, str] = {}
        for line in header_lines:
            if not line:
                continue
            name, _, value = line.partition(":")
            key, value = name.strip().lower(), value.strip()
            if key == "set-cookie":
                jar: SimpleCookie = SimpleCookie()
                jar.load(value)
                cookies.update({k: m.value for k, m in jar.items()})
            headers[key] = f"{headers[key]}, {value}" if key in headers else value
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            return Response(status, headers, b"", cookies)
        if "chunked" in headers.get("transfer-encoding", "").lower():
            chunks = []
            while True:
                size_line = await self._reader.readuntil(b"\r\n")
                size = int(size_line.split(b";", 1)[0].strip(), 16)
                if size == 0:
                    await self._reader.readuntil(b"\r\n")
                    break
                chunks.append(await self._reader.readexactly(size))
                await self._reader.readexactly(2)
            return Response(status, headers, b"".join(chunks), cookies)
        length = int(headers.get("content-length", "0"))
        body = await self._reader.readexactly(length) if length else b""
        return Response(status, headers, body, cookies)
