"""`python -m bench.cards`: the card database's figures.

1. Import: a generated MTGJSON-shaped AtomicCards file (~100 MB, 30,000 cards with
   foreign data, rulings, legalities as the real one has) through `facedown cards import`
   in a child process: wall time and the child's peak memory (RSS).
2. Search: the app's catalog over those 30,000 imported cards (60,000 English and French
   spellings): latency of `Catalog.search` for typed prefixes, names with a typo and French
   names, p50 / p95 / max; and the time to build the name index (first lookup after an import).

Prints a table and writes bench/results/<date>_<commit>_cards.json|md and latest-cards.json|md.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from bench.report import RESULTS_DIR, commit

SEARCH_TARGET_MS = 50.0

_SYLLABLES = [
    "ka",
    "ro",
    "mi",
    "tu",
    "an",
    "gel",
    "ex",
    "al",
    "ted",
    "vor",
    "dra",
    "gon",
    "sha",
    "dow",
    "fi",
    "re",
    "sto",
    "ne",
    "wi",
    "nd",
    "bri",
    "sk",
    "he",
    "ig",
    "ar",
    "ch",
    "ti",
    "de",
    "mor",
    "ph",
    "lo",
    "th",
    "ur",
    "za",
    "ne",
    "ka",
    "ya",
    "gob",
    "lin",
    "elf",
    "kor",
    "mer",
    "fo",
    "lk",
    "sa",
    "pro",
    "bel",
    "ith",
    "ul",
    "mo",
    "ra",
]
_FRENCH = [
    "ange",
    "dragon",
    "ombre",
    "feu",
    "pierre",
    "vent",
    "hauteurs",
    "esprit",
    "gardien",
    "éclaireur",
    "sombre",
    "lumière",
    "forêt",
    "chevalier",
    "sorcière",
    "géant",
    "élémental",
    "démon",
    "prêtre",
    "seigneur",
    "héraut",
    "épée",
    "bouclier",
    "rôdeur",
    "marée",
    "écume",
    "cendre",
    "brûlant",
    "glacé",
    "éternel",
    "ancien",
]
_TYPES = (
    ("Creature", ("Angel",)),
    ("Creature", ("Goblin", "Shaman")),
    ("Creature", ("Elf", "Warrior")),
    ("Instant", ()),
    ("Sorcery", ()),
    ("Artifact", ()),
    ("Enchantment", ("Aura",)),
    ("Land", ()),
)
_LANGUAGES = (
    "French",
    "German",
    "Italian",
    "Spanish",
    "Portuguese (Brazil)",
    "Japanese",
    "Chinese Simplified",
    "Russian",
)
_FORMATS = [
    "commander",
    "duel",
    "legacy",
    "modern",
    "oathbreaker",
    "pauper",
    "penny",
    "pioneer",
    "vintage",
    "historic",
    "timeless",
    "explorer",
    "brawl",
    "alchemy",
    "gladiator",
    "premodern",
    "predh",
    "oldschool",
]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- the generated card set ----------------------------------------------------------------


def card_names(count: int, seed: int = 15) -> list[tuple[str, str]]:
    """`count` distinct (English, French) names, one to four words each."""
    rng = random.Random(seed)
    seen: set[str] = set()
    names: list[tuple[str, str]] = []

    def word() -> str:
        return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()

    while len(names) < count:
        english = " ".join(word() for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.3:
            english = f"{word()}, {english}"
        if english.casefold() in seen:
            continue
        seen.add(english.casefold())
        french = " ".join(rng.choice(_FRENCH) for _ in range(rng.randint(1, 3)))
        names.append((english, f"{french.capitalize()} {english.split()[-1].lower()}"))
    return names


def _face(rng: random.Random, english: str, french: str, pad: int) -> dict[str, Any]:
    card_type, subtypes = rng.choice(_TYPES)
    creature = card_type == "Creature"
    text = "Flying\nWhen this creature enters, draw a card." if creature else "Draw two cards."
    keywords = ["Flying"]
    if rng.random() < 0.05:
        text += "\nMorph {2}{W}"
        keywords.append("Morph")
    type_line = f"{card_type} — {' '.join(subtypes)}" if subtypes else card_type
    power = rng.choice(["1", "2", "3", "4", "*", "1+*"]) if creature else None
    face: dict[str, Any] = {
        "name": english,
        "asciiName": english,
        "colorIdentity": ["W"],
        "colors": ["W"],
        "convertedManaCost": 3.0,
        "manaValue": 3.0,
        "manaCost": "{2}{W}",
        "type": type_line,
        "types": [card_type],
        "subtypes": list(subtypes),
        "supertypes": [],
        "text": text,
        "keywords": keywords,
        "layout": "normal",
        "edhrecRank": rng.randint(1, 30000),
        "firstPrinting": "ABC",
        "printings": [f"S{rng.randint(10, 99)}" for _ in range(rng.randint(2, 12))],
        "legalities": {fmt: "Legal" for fmt in _FORMATS},
        "identifiers": {
            "scryfallOracleId": f"{rng.getrandbits(128):032x}",
            "mtgjsonV4Id": f"{rng.getrandbits(128):032x}",
        },
        "purchaseUrls": {
            shop: f"https://mtgjson.com/links/{rng.getrandbits(64):016x}"
            for shop in ("cardKingdom", "cardmarket", "tcgplayer")
        },
        "foreignData": [
            {
                "language": language,
                "name": french if language == "French" else f"{english} ({language})",
                "type": type_line,
                "text": text,
                "identifiers": {"multiverseId": str(rng.randint(1, 999999))},
            }
            for language in _LANGUAGES
        ],
        "rulings": [
            {"date": "2024-02-02", "text": "A ruling about this card. " * (pad // 26 + 1)},
        ],
    }
    if creature:
        face["power"] = power
        face["toughness"] = "3"
    return face


def write_atomic_cards(path: Path, count: int, target_bytes: int, seed: int = 15) -> int:
    """An MTGJSON AtomicCards-shaped file of `count` cards, about `target_bytes` long
    (rulings pad each card), written as a stream. Returns its size."""
    rng = random.Random(seed)
    base = len(json.dumps(_face(random.Random(0), "Xxxxxx Xxxxxx", "Xxxx xxxx", 0)))
    pad = max(0, target_bytes // count - base - 40)
    with path.open("w", encoding="utf-8") as out:
        _write_cards(out, rng, card_names(count, seed), pad)
    return path.stat().st_size


def _write_cards(out: IO[str], rng: random.Random, names: list[tuple[str, str]], pad: int) -> None:
    out.write('{"meta": {"date": "2026-11-01", "version": "5.2.2+bench"}, "data": {')
    for number, (english, french) in enumerate(names):
        if number:
            out.write(", ")
        out.write(json.dumps(english))
        out.write(": ")
        out.write(json.dumps([_face(rng, english, french, pad)], ensure_ascii=False))
    out.write("}}")


# -- the measures ----------------------------------------------------------------------------


def measure_import(path: Path, db: Path) -> dict[str, Any]:
    """`facedown cards import` in a child process: wall time, its peak RSS, its summary."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "cards", "import", "--db", str(db), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"cards import failed: {done.stderr.strip()}")
    # Linux reports ru_maxrss in KiB; the largest child so far is this one (the only one).
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "seconds": round(seconds, 1),
        "peak_rss_mb": round(peak_kib / 1024, 1),
        "summary": done.stderr.strip().splitlines()[-1],
    }


def _typo(rng: random.Random, name: str) -> str:
    position = rng.randrange(len(name))
    return name[:position] + rng.choice("aeiouxz") + name[position + 1 :]


def queries(names: list[tuple[str, str]], per_kind: int, seed: int = 8) -> dict[str, list[str]]:
    rng = random.Random(seed)
    sample = rng.sample(names, per_kind * 3)
    return {
        "prefix": [e[: rng.randint(2, 10)] for e, _ in sample[:per_kind]],
        "typo": [_typo(rng, e) for e, _ in sample[per_kind : 2 * per_kind]],
        "french": [
            _typo(rng, f) if i % 2 else f[: rng.randint(4, 14)]
            for i, (_, f) in enumerate(sample[2 * per_kind :])
        ],
    }


def measure_search(db: Path, names: list[tuple[str, str]], per_kind: int) -> dict[str, Any]:
    from app.catalog.stored import CardCatalogs
    from app.store.db import make_engine

    engine = make_engine(f"sqlite:///{db}")
    try:
        catalog = CardCatalogs(engine, recheck_seconds=3600).for_ruleset("mtg")
        started = time.perf_counter()
        catalog.names()
        build_ms = (time.perf_counter() - started) * 1000
        result: dict[str, Any] = {
            "cards": len(catalog),
            "imported": catalog.imported,
            "index_build_ms": round(build_ms),
        }
        found = 0
        every: list[float] = []
        for kind, typed in queries(names, per_kind).items():
            times: list[float] = []
            for query in typed:
                started = time.perf_counter()
                hits = catalog.search(query)
                times.append((time.perf_counter() - started) * 1000)
                found += bool(hits)
            every += times
            result[kind] = _percentiles(times)
        result["all"] = _percentiles(every)
        result["answered"] = f"{found}/{len(every)}"
        started = time.perf_counter()
        catalog.get(names[len(names) // 2][0])
        result["first_get_ms"] = round((time.perf_counter() - started) * 1000, 2)
        return result
    finally:
        engine.dispose()


def _percentiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 2),
        "max_ms": round(ordered[-1], 2),
    }


def markdown(results: dict[str, Any]) -> str:
    imp, search = results["import"], results["search"]
    lines = [
        f"# Card database bench — {results['meta']['date']} ({results['meta']['commit']})",
        "",
        "| measure | result | target |",
        "|---|---|---|",
        f"| generated AtomicCards file | {results['file_mb']} MB, {results['cards']} cards | ~100 MB |",
        f"| import wall time | {imp['seconds']} s | |",
        f"| import peak RSS | {imp['peak_rss_mb']} MB | |",
        f"| name index build ({search['cards']} cards) | {search['index_build_ms']} ms | |",
    ]
    for kind in ("prefix", "typo", "french", "all"):
        p = search[kind]
        lines.append(
            f"| search {kind}: p50 / p95 / max | {p['p50_ms']} / {p['p95_ms']} / "
            f"{p['max_ms']} ms | < {SEARCH_TARGET_MS:.0f} ms |"
        )
    lines += [
        f"| queries answered | {search['answered']} | |",
        f"| first get (database read) | {search['first_get_ms']} ms | |",
        "",
        f"Import summary: `{imp['summary']}`",
        "",
        f"Machine load before/after: {results['meta']['load']}",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cards", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--cards", type=int, default=30_000, help="cards in the generated set")
    parser.add_argument("--megabytes", type=int, default=100, help="size of the generated file")
    parser.add_argument("--queries", type=int, default=200, help="queries per kind")
    parser.add_argument("--out", type=Path, default=RESULTS_DIR, help="where results are written")
    args = parser.parse_args(argv)
    import os

    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="facedown-bench-cards-") as tmp:
        path = Path(tmp) / "AtomicCards.json"
        log(f"writing {args.cards} cards to {path} ...")
        size = write_atomic_cards(path, args.cards, args.megabytes * 1024 * 1024)
        db = Path(tmp) / "cards.db"
        log(f"importing {size / 1e6:.0f} MB ...")
        imported = measure_import(path, db)
        log(imported["summary"])
        log("searching ...")
        searched = measure_search(db, card_names(args.cards), args.queries)
    stamp = datetime.now(UTC)
    results = {
        "meta": {
            "date": stamp.isoformat(timespec="seconds"),
            "commit": commit(),
            "load": f"{load_before} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
            "argv": argv if argv is not None else sys.argv[1:],
        },
        "cards": args.cards,
        "file_mb": round(size / 1024 / 1024, 1),
        "import": imported,
        "search": searched,
    }
    table = markdown(results)
    print(table)
    args.out.mkdir(parents=True, exist_ok=True)
    name = f"{stamp:%Y-%m-%d_%H%M%S}_{results['meta']['commit']}_cards"
    for stem in (name, "latest-cards"):
        (args.out / f"{stem}.json").write_text(json.dumps(results, indent=2) + "\n", "utf-8")
        (args.out / f"{stem}.md").write_text(table, "utf-8")
    return 0 if searched["all"]["p95_ms"] < SEARCH_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
