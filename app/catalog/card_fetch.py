"""`facedown cards fetch`: MTGJSON's AtomicCards downloaded to a temporary file and checked
against the SHA-256 MTGJSON publishes beside it, before anything reads it.

Only the download lives here (standard library only: no client to install on a server). The
CLI then imports the checked file like `facedown cards import` does: read to the end, then
one transaction. A download cut short, a checksum that doesn't match, or an address that
doesn't answer raises FetchError with one line, and the temporary file goes with its
directory: nothing is written anywhere else.
"""

from __future__ import annotations

import hashlib
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from http.client import HTTPException
from pathlib import Path
from urllib.parse import urlsplit

# The address is app.settings' cards_url: MTGJSON's AtomicCards.json.gz (gzip: Python's
# standard library reads it, app/catalog/importers/card_file.py), its .sha256 beside it.
CHECKSUM_SUFFIX = ".sha256"
# Bytes read at a time; the progress callback hears after each.
CHUNK = 1 << 16
# Seconds without a byte before the download is given up.
TIMEOUT_SECONDS = 60
# AtomicCards.json.gz is tens of MB: an address that sends far more is not it (and must not
# fill the disk).
MAX_BYTES = 1_000_000_000
_SHA256 = re.compile(r"\b([0-9a-fA-F]{64})\b")

# (bytes so far, total bytes or None when the server doesn't say)
Progress = Callable[[int, int | None], None]


class FetchError(Exception):
    """A download that can't be used; the message is one line, ready for a terminal."""


@dataclass(frozen=True)
class Fetched:
    path: Path
    size: int
    sha256: str


def checksum_url(url: str) -> str:
    return url + CHECKSUM_SUFFIX


def file_name(url: str) -> str:
    return Path(urlsplit(url).path).name or "AtomicCards.json.gz"


def fetch(url: str, directory: Path, progress: Progress | None = None) -> Fetched:
    """Download `url` into `directory` and check it against `url`.sha256. Raises FetchError
    (the partial file left in `directory`, which the caller removes)."""
    _check_scheme(url)
    expected = _expected_sha256(checksum_url(url))
    target = directory / file_name(url)
    digest = hashlib.sha256()
    size = 0
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            if total is not None and total > MAX_BYTES:
                raise FetchError(f"{url} is {total} bytes, more than a card file ({MAX_BYTES})")
            with target.open("wb") as out:
                while chunk := response.read(CHUNK):
                    if size + len(chunk) > MAX_BYTES:
                        raise FetchError(f"{url} sends more than a card file ({MAX_BYTES} bytes)")
                    out.write(chunk)
                    digest.update(chunk)
                    size += len(chunk)
                    if progress is not None:
                        progress(size, total)
    except (urllib.error.URLError, HTTPException, OSError, ValueError) as exc:
        raise FetchError(f"the download of {url} failed ({_reason(exc)})") from exc
    if total is not None and size != total:
        raise FetchError(f"the download of {url} was cut short ({size} of {total} bytes)")
    actual = digest.hexdigest()
    if actual != expected:
        raise FetchError(
            f"{file_name(url)} does not match its published SHA-256 (expected {expected[:12]}…, "
            f"got {actual[:12]}…): a damaged or altered download"
        )
    return Fetched(path=target, size=size, sha256=actual)


def _expected_sha256(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            text = response.read(4096).decode("ascii", errors="replace")
    except (urllib.error.URLError, HTTPException, OSError, ValueError) as exc:
        raise FetchError(f"can't get the checksum {url} ({_reason(exc)})") from exc
    found = _SHA256.search(text)
    if found is None:
        raise FetchError(f"{url} holds no SHA-256 checksum")
    return found.group(1).lower()


def _check_scheme(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise FetchError(f"not an http(s) address: {url!r}")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, urllib.error.HTTPError):
        return f"HTTP {exc.code} {exc.reason}"
    if isinstance(exc, urllib.error.URLError):
        return str(exc.reason)
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]
