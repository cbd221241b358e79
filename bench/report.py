"""The results table (printed, and written as Markdown) and the JSON record under
bench/results/: `<date>_<time>_<commit>.json|md` per run, and `latest.json|md`; a run on
PostgreSQL writes `<date>_<time>_<commit>_postgresql.json|md` and `latest-postgresql.json|md`."""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

RESULTS_DIR = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parents[1]

# The targets of issues 8 and 18 (ratios against the bare app, bench/bare_app.py).
TARGETS = {
    "probe_ratio": 0.8,
    "api_ratio": 0.5,
    "pages_ratio": 0.25,
    "view_ratio": 1.5,
    "first_load_bytes": 60 * 1024,
    "action_bytes": 6 * 1024,
    "performance": 95,
    "accessibility": 100,
    "best-practices": 100,
}


@dataclass
class Row:
    section: str
    measure: str
    result: str
    target: str
    status: str  # "ok", "MISSED", "skipped", "info"


def commit() -> str:
    """The checked-out commit (short), with -dirty when the tree has changes."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{sha}-dirty" if dirty else sha


def _status(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _short(n: int) -> str:
    return f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


def _line(text: str, width: int = 90) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _kb(n: int) -> str:
    return f"{n / 1024:.1f} KB"


def _spread(r: dict[str, Any]) -> str:
    per_round = r.get("per_round", [])
    return f"; {len(per_round)} rounds {r['min']:.2f}–{r['max']:.2f}" if len(per_round) > 1 else ""


def _throughput_rows(t: dict[str, Any]) -> list[Row]:
    out: list[Row] = []
    bare, probe, api, pages = t["bare"], t["probe"], t["api"], t.get("pages")
    ratios = t["ratios"]
    checks = [
        ("in-app probe ÷ bare app, throughput", "probe", probe, "probe_ratio"),
        (
            f"JSON action mix ÷ bare app, throughput ({t['clients']} clients)",
            "api",
            api,
            "api_ratio",
        ),
    ]
    if pages:
        checks.append(
            ("HTMX page action mix ÷ bare app, throughput", "pages", pages, "pages_ratio")
        )
    for measure, key, mix, target in checks:
        r = ratios[key]
        p95 = f", p95 {mix['p95_ms']:.0f} ms" if key == "pages" else ""
        out.append(
            Row(
                "1 actions",
                measure,
                f"{r['ratio']:.2f} ({mix['throughput']:.0f} / {bare['throughput']:.0f} req/s"
                f"{p95}{_spread(r)})",
                f">= {TARGETS[target]}",
                _status(r["ratio"] >= TARGETS[target]),
            )
        )
    r = ratios["api_probe"]
    out.append(
        Row(
            "1 actions",
            "JSON action mix ÷ in-app probe (the old ratio)",
            f"{r['ratio']:.2f} ({api['throughput']:.0f} / {probe['throughput']:.0f} req/s"
            f"{_spread(r)})",
            "-",
            "info",
        )
    )
    mixes = [("bare app", bare), ("in-app probe", probe), ("JSON action mix", api)]
    if pages:
        mixes.append(("HTMX page action mix", pages))
    out.append(
        Row(
            "1 actions",
            "server CPU per request: " + " / ".join(name for name, _ in mixes),
            " / ".join(f"{mix['server_cpu_ms']:.2f}" for _, mix in mixes) + " ms",
            "-",
            "info",
        )
    )
    for name, mix in mixes:
        out.append(
            Row(
                "1 actions",
                f"{name} latency p50 / p95 / p99",
                f"{mix['p50_ms']:.0f} / {mix['p95_ms']:.0f} / {mix['p99_ms']:.0f} ms",
                "-",
                "info",
            )
        )
    return out


def _middleware_rows(m: dict[str, Any]) -> list[Row]:
    out: list[Row] = []
    on = next(c for c in m["configs"] if c["skip"] == "")
    out.append(
        Row(
            "1b middleware",
            "in-app probe ÷ bare app, all middleware on",
            f"{on['ratio']:.2f} ({on['probe_cpu_ms']:.3f} ms CPU per request)",
            "-",
            "info",
        )
    )
    for cost in m["costs"]:
        c = next(c for c in m["configs"] if c["skip"] == cost["name"])
        out.append(
            Row(
                "1b middleware",
                f"cost of {cost['name']}: probe ÷ bare without it",
                f"{c['ratio']:.2f} ({cost['ratio_gain']:+.2f}; "
                f"{cost['cpu_ms_saved']:+.3f} ms CPU per request saved)",
                "-",
                "info",
            )
        )
    return out


def rows(results: dict[str, Any]) -> list[Row]:
    out: list[Row] = []
    db = results.get("meta", {}).get("database")
    if db:
        out.append(Row("0 setup", "database (app and in-app probe)", db, "-", "info"))
    t = results.get("throughput")
    if t:
        out += _throughput_rows(t)
    m = results.get("middleware")
    if m:
        out += _middleware_rows(m)
    v = results.get("views")
    if v:
        lengths = v["lengths"]
        names = {
            "json_warm": "seat view (JSON), warm",
            "json_cold": "seat view (JSON), cold",
            "page_warm": "seat page (HTML), warm",
            "page_cold": "seat page (HTML), cold",
        }
        for key, label in names.items():
            if key not in v["ms"]:
                continue
            ms = v["ms"][key]
            ratio = v["ratio"][key]
            curve = " / ".join(f"{ms[str(n)]:.1f}" for n in lengths)
            out.append(
                Row(
                    "2 views",
                    f"{label}, {_short(lengths[-1])} ÷ {_short(lengths[0])} actions",
                    f"{ratio:.2f} ({curve} ms)",
                    f"<= {TARGETS['view_ratio']}",
                    _status(ratio <= TARGETS["view_ratio"]),
                )
            )
    w = results.get("wire")
    if w is not None and "skipped" in w:
        out.append(Row("3 bytes", "seat page and HTMX action", w["skipped"], "-", "skipped"))
    elif w:
        out.append(
            Row(
                "3 bytes",
                f"seat page first load, compressed ({len(w['files'])} files)",
                f"{_kb(w['first_load_bytes'])} ({_kb(w['first_load_plain_bytes'])} plain)",
                f"< {_kb(TARGETS['first_load_bytes'])}",
                _status(w["first_load_bytes"] < TARGETS["first_load_bytes"]),
            )
        )
        out.append(
            Row(
                "3 bytes",
                f"HTMX action response, compressed (largest {_kb(w['action_max_bytes'])})",
                _kb(w["action_bytes"]),
                f"< {_kb(TARGETS['action_bytes'])}",
                _status(w["action_bytes"] < TARGETS["action_bytes"]),
            )
        )
    lh = results.get("lighthouse")
    if lh is not None:
        for page in lh.get("pages", []):
            if "skipped" in page:
                out.append(
                    Row("4 lighthouse", page["name"], _line(page["skipped"]), "-", "skipped")
                )
                continue
            for category in ("performance", "accessibility", "best-practices"):
                score = page["scores"].get(category)
                target = TARGETS[category]
                out.append(
                    Row(
                        "4 lighthouse",
                        f"{page['name']}: {category}",
                        "n/a" if score is None else str(score),
                        f">= {target}",
                        "MISSED" if score is None else _status(score >= target),
                    )
                )
        if "skipped" in lh:
            out.append(Row("4 lighthouse", "all pages", lh["skipped"], "-", "skipped"))
    if results.get("streams"):  # targets: bench/live_streams.py
        from bench import live_streams

        out += live_streams.rows(results["streams"])
    if results.get("fanout"):
        from bench import fanout

        out += fanout.rows(results["fanout"])
    from bench import profile

    out += profile.all_rows(results)
    if results.get("growth"):
        from bench import growth

        out += growth.rows(results["growth"])
    if results.get("floor"):
        from bench import floor

        t = results.get("throughput") or {}
        bare_cpu = (t.get("bare") or {}).get("server_cpu_ms")
        # The page mix's target (÷ bare ≥ 0.25) leaves a page action 4 bare requests' CPU.
        budget = bare_cpu / TARGETS["pages_ratio"] if bare_cpu else None
        out += floor.rows(results["floor"], budget)
    return out


def table(rows_: list[Row]) -> str:
    header = ("", "measure", "result", "target", "")
    body = [(r.section, r.measure, r.result, r.target, r.status) for r in rows_]
    widths = [max(len(str(x[i])) for x in [header, *body]) for i in range(5)]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(header, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for line in body:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
    return "\n".join(lines)


def markdown(results: dict[str, Any], rows_: list[Row]) -> str:
    meta = results["meta"]
    out = [
        f"# Facedown bench — {meta['started']} — {meta['commit']}",
        "",
        f"`{meta['command']}` on {meta['machine']}"
        + (f", database: {meta['database']}" if meta.get("database") else "")
        + "; load average before / after: "
        f"{meta['load_before']} / {meta['load_after']}. Ratios are measured in one run, "
        "on one server: compare them across commits, not the absolute times."
        + (f" {meta['note']}" if meta.get("note") else ""),
        "",
        "| | measure | result | target | |",
        "|---|---|---|---|---|",
    ]
    for r in rows_:
        measure = r.measure.replace("|", "\\|")
        out.append(f"| {r.section} | {measure} | {r.result} | {r.target} | {r.status} |")
    t = results.get("throughput")
    if t:
        out += ["", "## 1. Actions under load, against the bare app", ""]
        per_round = "; ".join(
            f"{key} ÷ {'probe' if key == 'api_probe' else 'bare'}: "
            + ", ".join(str(x) for x in r["per_round"])
            for key, r in t["ratios"].items()
            if r
        )
        out.append(
            f"{t['clients']} clients, each on its own keep-alive connection, closed loop; "
            "both servers run as deployed behind a reverse proxy that logs: no access log "
            "(`facedown serve --no-access-log`, and the same for the bare app); "
            f"{t['rounds']} rounds of {t['warmup_s']:g} s warm-up + {t['duration_s']:g} s "
            "measured per slice. The bare app (bench/bare_app.py: FastAPI, one sync route, "
            "one sqlite3 insert in WAL mode, no middleware, same uvicorn, its own process and "
            "file) and our mixes run back to back in an order that alternates each round: a "
            "ratio is the median over blocks of two rounds of their geometric mean. Per-round "
            f"ratios: {per_round}."
        )
        out += [
            "",
            "| mix | req/s | p50 ms | p95 ms | p99 ms | server CPU | CPU ms/request | requests by kind |",
        ]
        out.append("|---|---|---|---|---|---|---|---|")
        for mix in (t["bare"], t["probe"], t["api"], t.get("pages")):
            if not mix:
                continue
            kinds = ", ".join(f"{k} {n}" for k, n in mix["by_kind"].items())
            out.append(
                f"| {mix['name']} | {mix['throughput']} | {mix['p50_ms']} | {mix['p95_ms']} | "
                f"{mix['p99_ms']} | {mix['server_cpu']} | {mix['server_cpu_ms']} | {kinds} |"
            )
            if mix["unexpected"]:
                out.append(f"| ↳ unexpected answers | {mix['unexpected']} | | | | | | |")
    m = results.get("middleware")
    if m:
        out += ["", "## 1b. What each middleware part costs", ""]
        out.append(
            f"The app started once per configuration (FACEDOWN_BENCH_SKIP_MIDDLEWARE, honoured "
            f"only with FACEDOWN_BENCH_PROBE=1); its in-app probe against the bare app, "
            f"{m['rounds']} alternating rounds of {m['warmup_s']:g} s + {m['duration_s']:g} s, "
            f"{m['clients']} clients."
        )
        out += [
            "",
            "| configuration | probe ÷ bare | probe req/s | bare req/s | probe CPU ms/request |",
        ]
        out.append("|---|---|---|---|---|")
        for c in m["configs"]:
            out.append(
                f"| {c['name']} | {c['ratio']} | {c['probe_rps']} | {c['bare_rps']} | "
                f"{c['probe_cpu_ms']} |"
            )
    v = results.get("views")
    if v:
        out += ["", "## 2. View cost against log length (median ms per request)", ""]
        out.append("| | " + " | ".join(f"{n:,} actions" for n in v["lengths"]) + " | ratio |")
        out.append("|---|" + "---|" * (len(v["lengths"]) + 1))
        for key, ms in v["ms"].items():
            cells = " | ".join(str(ms[str(n)]) for n in v["lengths"])
            out.append(f"| {key} | {cells} | {v['ratio'][key]} |")
        replay = ", ".join(
            f"{int(n):,}: snapshot {d['snapshot_version']:,} + {d['replayed_on_cold_load']}"
            for n, d in v["detail"].items()
        )
        out += ["", f"Cold loads rebuild from the latest snapshot plus a replay ({replay})."]
    w = results.get("wire")
    if w and "files" in w:
        out += ["", "## 3. Bytes on the wire", "", "| file | sent | uncompressed | cache |"]
        out.append("|---|---|---|---|")
        for f in w["files"]:
            out.append(
                f"| `{f['url']}` | {f['sent']} ({f['encoding']}) | {f['plain']} | "
                f"{f.get('cache_control', '')} |"
            )
        out += ["", "| HTMX action | status | sent | uncompressed |", "|---|---|---|---|"]
        for a in w["actions"]:
            out.append(f"| {a['action']} | {a['status']} | {a['sent']} | {a['plain']} |")
    lh = results.get("lighthouse")
    if lh and lh.get("pages"):
        out += ["", "## 4. Lighthouse (mobile emulation, simulated throttling)", ""]
        for page in lh["pages"]:
            if "skipped" in page:
                out.append(f"- {page['name']}: {page['skipped']}")
                continue
            metrics = ", ".join(f"{k} {v}" for k, v in page["metrics"].items())
            out.append(f"- **{page['name']}** (`{page['path']}`): {page['scores']}; {metrics}")
            for lost in page["lost"]:
                where = f" — {', '.join(lost['items'])}" if lost["items"] else ""
                out.append(
                    f"  - {lost['category']}: `{lost['audit']}` {lost['title']} "
                    f"{lost['value']}{where}"
                )
    curves = results.get("curves")
    if curves:
        out += ["", "## Curves", ""]
        if curves.get("concurrency"):
            out += [
                "| clients | JSON mix req/s | p50 | p95 | p99 ms | in-app probe req/s | ratio |"
            ]
            out.append("|---|---|---|---|---|---|---|")
            for c in curves["concurrency"]:
                out.append(
                    f"| {c['clients']} | {c['api_rps']} | {c['api_p50_ms']} | {c['api_p95_ms']} | "
                    f"{c['api_p99_ms']} | {c['baseline_rps']} | {c['ratio']} |"
                )
        if curves.get("games"):
            out += ["", "| games in the database | view ms | action ms | db size MB |"]
            out.append("|---|---|---|---|")
            for g in curves["games"]:
                out.append(f"| {g['games']:,} | {g['view_ms']} | {g['action_ms']} | {g['db_mb']} |")
    if results.get("growth"):  # (8) bench/growth.py
        from bench import growth

        out += ["", growth.markdown(results["growth"]).rstrip()]
    if results.get("floor"):  # (9) bench/floor.py
        from bench import floor

        out += ["", floor.markdown(results["floor"]).rstrip()]
    from bench import profile  # the top frames (bench/profile.py)

    for section in profile.all_markdown(results):
        out += ["", section]
    return "\n".join(out) + "\n"


def write(results: dict[str, Any], rows_: list[Row], out_dir: Path = RESULTS_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.fromisoformat(results["meta"]["started"]).astimezone(UTC)
    name = f"{stamp:%Y-%m-%d_%H%M%S}_{results['meta']['commit']}"
    latest = "latest"
    # Runs on another database than the default SQLite file keep their own "latest".
    kind = results["meta"].get("database_kind", "sqlite")
    if kind != "sqlite":
        name, latest = f"{name}_{kind}", f"latest-{kind}"
    text = json.dumps({**results, "table": [r.__dict__ for r in rows_]}, indent=2) + "\n"
    md = markdown(results, rows_)
    paths = []
    for stem in (name, latest):
        (out_dir / f"{stem}.json").write_text(text)
        (out_dir / f"{stem}.md").write_text(md)
        paths += [out_dir / f"{stem}.json", out_dir / f"{stem}.md"]
    return paths
