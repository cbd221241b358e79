"""`facedown cards fetch` against a local HTTP server on 127.0.0.1 (never the internet): the
download checked against its published SHA-256, a progress line, and a tampered or cut-short
download writing nothing, said in one line with exit status 1. Also `cards import` of several
files at once."""

from __future__ import annotations

import gzip
import hashlib
import http.server
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app import cli
from app.catalog.stored import CardCatalogs
from app.store.db import make_engine
from tests.test_cli_cards import stored

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
ATOMIC = FIXTURES / "AtomicCards.sample.json"
KHM_EXCERPT = FIXTURES / "KHM.excerpt.json"


@dataclass
class Served:
    """What the local server answers: path -> body; `cut` paths announce their full length
    and close the connection halfway."""

    files: dict[str, bytes] = field(default_factory=dict)
    cut: set[str] = field(default_factory=set)
    requests: list[str] = field(default_factory=list)
    port: int = 0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def served() -> Iterator[Served]:
    state = Served()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            state.requests.append(self.path)
            body = state.files.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.path in state.cut:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def publish(served: Served, body: bytes, path: str = "/api/v5/AtomicCards.json.gz") -> str:
    """Serve `body` and, beside it, MTGJSON's checksum file of the genuine bytes."""
    served.files[path] = body
    served.files[path + ".sha256"] = hashlib.sha256(body).hexdigest().encode() + b"\n"
    return served.url(path)


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) >= 1
    return lines[-1]


def test_cards_fetch_downloads_checks_and_imports(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "fetch", "--db", str(db), "--url", url]) == 0
    err = capsys.readouterr().err
    assert served.requests == ["/api/v5/AtomicCards.json.gz.sha256", "/api/v5/AtomicCards.json.gz"]
    # A progress line, then the check, then the import's counts.
    assert "facedown cards fetch: downloading AtomicCards.json.gz: " in err
    size = len(served.files["/api/v5/AtomicCards.json.gz"]) / 1e3
    assert f"downloading AtomicCards.json.gz: {size:.1f} kB of {size:.1f} kB (100%)" in err
    assert f"AtomicCards.json.gz ({size:.1f} kB) matches its SHA-256" in err
    assert "cards read from AtomicCards.json.gz (mtg: " in err
    engine = make_engine(f"sqlite:///{db}")
    try:
        catalog = CardCatalogs(engine).for_ruleset("mtg")
        assert catalog.resolve("Ange exalté").name == "Exalted Angel"
    finally:
        engine.dispose()
    assert stored(f"sqlite:///{db}") > 5


def test_cards_fetch_address_comes_from_the_environment(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()), "/mirror/AtomicCards.json.gz")
    monkeypatch.setenv(cli.ENV_CARDS_URL, url)
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "fetch", "--db", str(db)]) == 0
    assert served.requests[-1] == "/mirror/AtomicCards.json.gz"
    assert stored(f"sqlite:///{db}") > 5


def test_a_tampered_download_writes_nothing_and_exits_1_in_one_line(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    genuine = gzip.compress(ATOMIC.read_bytes())
    url = publish(served, genuine)
    # The file is swapped after its checksum was published: a valid archive, other cards.
    served.files["/api/v5/AtomicCards.json.gz"] = gzip.compress(KHM_EXCERPT.read_bytes())
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "fetch", "--db", str(db), "--url", url]) == 1
    err = capsys.readouterr().err
    line = one_line(err)
    assert line.startswith("facedown cards fetch: refused: AtomicCards.json.gz does not match")
    assert line.endswith("; nothing was imported")
    assert [e for e in err.splitlines() if "refused" in e] == [line]
    assert not db.exists()


def test_an_interrupted_download_writes_nothing_and_exits_1_in_one_line(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    served.cut.add("/api/v5/AtomicCards.json.gz")
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "fetch", "--db", str(db), "--url", url]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("facedown cards fetch: refused: the download of ")
    assert line.endswith("; nothing was imported")
    assert not db.exists()


@pytest.fixture
def temp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the command's temporary download goes: checked empty after a refusal."""
    import tempfile

    where = tmp_path / "tmp"
    where.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(where))
    return where


def test_a_download_interrupted_by_ctrl_c_leaves_nothing_and_says_so_in_one_line(
    served: Served, tmp_path: Path, temp_dir: Path, monkeypatch, capsys
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))

    def interrupt(self, size: int, total: int | None) -> None:
        assert list(temp_dir.glob("facedown-cards-*/AtomicCards.json.gz"))  # mid-download
        raise KeyboardInterrupt

    monkeypatch.setattr(cli._DownloadProgress, "__call__", interrupt)
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "fetch", "--db", str(db), "--url", url]) == 1
    line = one_line(capsys.readouterr().err)
    assert line == (
        "facedown cards fetch: refused: the download of AtomicCards.json.gz was interrupted; "
        "nothing was imported"
    )
    assert list(temp_dir.iterdir()) == [] and not db.exists()


@pytest.mark.parametrize("fault", ["tampered", "cut"])
def test_a_refused_download_leaves_no_file_behind(
    served: Served, tmp_path: Path, temp_dir: Path, capsys, fault: str
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    if fault == "tampered":
        served.files["/api/v5/AtomicCards.json.gz"] = gzip.compress(KHM_EXCERPT.read_bytes())
    else:
        served.cut.add("/api/v5/AtomicCards.json.gz")
    assert cli.main(["cards", "fetch", "--db", str(tmp_path / "x.db"), "--url", url]) == 1
    assert list(temp_dir.iterdir()) == []


def test_an_address_sending_far_more_than_a_card_file_is_refused(
    served: Served, tmp_path: Path, temp_dir: Path, monkeypatch, capsys
):
    from app.catalog import card_fetch

    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    monkeypatch.setattr(card_fetch, "MAX_BYTES", 100)
    assert cli.main(["cards", "fetch", "--db", str(tmp_path / "x.db"), "--url", url]) == 1
    assert "more than a card file (100" in one_line(capsys.readouterr().err)
    assert list(temp_dir.iterdir()) == []


def test_a_failed_fetch_keeps_the_cards_already_imported(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "import", "--db", str(db), str(ATOMIC)]) == 0
    before = stored(f"sqlite:///{db}")
    url = publish(served, gzip.compress(KHM_EXCERPT.read_bytes()))
    served.files["/api/v5/AtomicCards.json.gz"] += b"tampered"
    assert cli.main(["cards", "fetch", "--db", str(db), "--url", url]) == 1
    assert stored(f"sqlite:///{db}") == before


@pytest.mark.parametrize(
    ("missing", "expected"),
    [
        (".sha256", "can't get the checksum"),
        ("", "the download of"),
    ],
)
def test_a_missing_file_or_checksum_is_one_line(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str], missing, expected
):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    del served.files["/api/v5/AtomicCards.json.gz" + missing]
    assert cli.main(["cards", "fetch", "--db", str(tmp_path / "x.db"), "--url", url]) == 1
    line = one_line(capsys.readouterr().err)
    assert expected in line and "HTTP 404" in line
    assert not (tmp_path / "x.db").exists()


def test_a_checksum_file_without_a_checksum_is_refused(served: Served, tmp_path: Path, capsys):
    url = publish(served, gzip.compress(ATOMIC.read_bytes()))
    served.files["/api/v5/AtomicCards.json.gz.sha256"] = b"<html>Not here</html>"
    assert cli.main(["cards", "fetch", "--db", str(tmp_path / "x.db"), "--url", url]) == 1
    assert "holds no SHA-256 checksum" in one_line(capsys.readouterr().err)


def test_only_http_addresses_are_fetched(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    local = tmp_path / "AtomicCards.json.gz"
    local.write_bytes(gzip.compress(ATOMIC.read_bytes()))
    assert (
        cli.main(["cards", "fetch", "--db", str(tmp_path / "x.db"), "--url", local.as_uri()]) == 1
    )
    assert "not an http(s) address" in one_line(capsys.readouterr().err)


# -- `cards import` of several files ---------------------------------------------------------


def test_cards_import_takes_several_set_files_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    packed = tmp_path / "KHM.json.gz"
    packed.write_bytes(gzip.compress(KHM_EXCERPT.read_bytes()))
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "import", "--db", str(db), str(packed), str(ATOMIC)]) == 0
    err = capsys.readouterr().err
    assert "cards read from KHM.json.gz, AtomicCards.sample.json (mtg: " in err
    engine = make_engine(f"sqlite:///{db}")
    try:
        catalog = CardCatalogs(engine).for_ruleset("mtg")
        assert catalog.resolve("Île enneigée").name == "Snow-Covered Island"
        assert catalog.resolve("Ange exalté").name == "Exalted Angel"
    finally:
        engine.dispose()


def test_one_bad_file_among_several_imports_none(tmp_path: Path, capsys):
    bad = tmp_path / "groceries.json"
    bad.write_text('[{"name": "My grocery list"}]', encoding="utf-8")
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "import", "--db", str(db), str(KHM_EXCERPT), str(bad)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("facedown cards import: refused: groceries.json: ")
    assert "AtomicCards" in line
    assert not db.exists()
