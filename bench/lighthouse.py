"""(4) Lighthouse 12.2.3 (npm) driving Debian's Chromium, mobile emulation (its default).

Lighthouse is installed with npm into bench/.lighthouse/ (ignored by git), never into the
repository's own files; Chromium is /usr/bin/chromium (CHROME_PATH), never a downloaded one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

LIGHTHOUSE_VERSION = "12.2.3"
HERE = Path(__file__).resolve().parent
INSTALL_DIR = HERE / ".lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
CHROME_FLAGS = " ".join(
    [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        # This machine reaches no outside host: keep Chromium from trying.
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
    ]
)


class LighthouseUnavailable(Exception):
    pass


def chromium() -> str | None:
    path = os.environ.get("CHROME_PATH") or "/usr/bin/chromium"
    return path if os.access(path, os.X_OK) else None


def cli_path(install_dir: Path = INSTALL_DIR) -> Path:
    return install_dir / "node_modules" / "lighthouse" / "cli" / "index.js"


def installed_version(install_dir: Path = INSTALL_DIR) -> str | None:
    manifest = install_dir / "node_modules" / "lighthouse" / "package.json"
    try:
        return json.loads(manifest.read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_installed(install_dir: Path = INSTALL_DIR) -> Path:
    """Lighthouse at the pinned version in install_dir (npm install on first use)."""
    if installed_version(install_dir) == LIGHTHOUSE_VERSION:
        return cli_path(install_dir)
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise LighthouseUnavailable("node and npm are needed (apt-get install nodejs npm)")
    install_dir.mkdir(parents=True, exist_ok=True)
    (install_dir / "package.json").write_text(
        json.dumps(
            {
                "private": True,
                "description": "Lighthouse for bench/ (installed by python -m bench)",
                "dependencies": {"lighthouse": LIGHTHOUSE_VERSION},
            },
            indent=2,
        )
        + "\n"
    )
    done = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--no-package-lock", "--omit=dev"],
        cwd=install_dir,
        capture_output=True,
        text=True,
        timeout=900,
    )
    if done.returncode != 0 or installed_version(install_dir) != LIGHTHOUSE_VERSION:
        raise LighthouseUnavailable(f"npm install lighthouse failed:\n{done.stderr[-2000:]}")
    return cli_path(install_dir)


def run(
    url: str,
    *,
    cookie: str | None = None,
    timeout: float = 180.0,
    categories: tuple[str, ...] = CATEGORIES,
) -> dict[str, Any]:
    """One Lighthouse run on url: category scores (0-100), the metrics in numbers, the
    diagnostics that explain them, and the audits that lost points."""
    browser = chromium()
    if browser is None:
        raise LighthouseUnavailable("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    cli = ensure_installed()
    with tempfile.TemporaryDirectory(prefix="facedown-lighthouse-") as tmp:
        report = Path(tmp) / "report.json"
        command = [
            "node",
            str(cli),
            url,
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(categories)}",
            f"--chrome-flags={CHROME_FLAGS} --user-data-dir={tmp}/profile",
            "--quiet",
        ]
        if cookie:
            command.append(f"--extra-headers={json.dumps({'Cookie': cookie})}")
        env = {**os.environ, "CHROME_PATH": browser}
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0 or not report.exists():
            raise LighthouseUnavailable(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
        data = json.loads(report.read_text())
    return summarize(data, categories)


def summarize(data: dict[str, Any], categories: tuple[str, ...] = CATEGORIES) -> dict[str, Any]:
    scores: dict[str, int | None] = {}
    lost: list[dict[str, Any]] = []
    for name in categories:
        category = data["categories"].get(name)
        score = category.get("score") if category else None
        scores[name] = None if score is None else round(score * 100)
        for ref in category["auditRefs"] if category else []:
            audit = data["audits"][ref["id"]]
            if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
                lost.append(
                    {
                        "category": name,
                        "audit": ref["id"],
                        "score": audit["score"],
                        "title": audit.get("title", ""),
                        "value": audit.get("displayValue", ""),
                        "items": _items(audit),
                    }
                )
    metrics = {
        key: data["audits"][key].get("displayValue", "")
        for key in (
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "cumulative-layout-shift",
            "speed-index",
        )
        if key in data["audits"]
    }
    return {
        "scores": scores,
        "metrics": metrics,
        "numbers": numbers(data),
        "diagnostics": diagnostics(data),
        "lost": lost,
        "lighthouse": data.get("lighthouseVersion"),
        "form_factor": data.get("configSettings", {}).get("formFactor"),
    }


# Lighthouse's audit ids -> our short names; the values are milliseconds, CLS a plain number.
NUMBERS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "si_ms",
    "server-response-time": "server_ms",
    "max-potential-fid": "max_fid_ms",
}


def numbers(data: dict[str, Any]) -> dict[str, float]:
    """The metrics as numbers (the median of several runs is taken of these)."""
    audits = data["audits"]
    out = {
        short: float(audits[key]["numericValue"])
        for key, short in NUMBERS.items()
        if audits.get(key, {}).get("numericValue") is not None
    }
    observed = ((audits.get("metrics") or {}).get("details") or {}).get("items") or [{}]
    for key, short in (
        ("observedFirstContentfulPaint", "observed_fcp_ms"),
        ("observedLargestContentfulPaint", "observed_lcp_ms"),
    ):
        if observed[0].get(key) is not None:
            out[short] = float(observed[0][key])
    return out


def diagnostics(data: dict[str, Any]) -> dict[str, Any]:
    """What explains TBT and LCP: main-thread work by kind, long tasks, scripts' CPU, the
    requests that ended before the observed LCP (Lantern's LCP graph counts them all)."""
    audits = data["audits"]

    def items(key: str) -> list[dict[str, Any]]:
        return list(((audits.get(key) or {}).get("details") or {}).get("items") or [])

    observed = items("metrics")[0] if items("metrics") else {}
    lcp_at = observed.get("observedLargestContentfulPaint")
    requests = [
        {
            "url": r["url"].split("?")[0],
            "bytes": r.get("transferSize", 0),
            "end_ms": round(r.get("networkEndTime", 0)),
        }
        for r in items("network-requests")
    ]
    return {
        "main_thread": {
            i["groupLabel"]: round(i["duration"]) for i in items("mainthread-work-breakdown")
        },
        "long_tasks": [
            {
                "url": str(i.get("url", ""))[:100],
                "ms": round(i["duration"]),
                "at_ms": round(i.get("startTime", 0)),
            }
            for i in items("long-tasks")
        ],
        "scripts": [
            {"url": str(i["url"]).split("?")[0], "ms": round(i["total"])}
            for i in items("bootup-time")
        ],
        "before_lcp": [r for r in requests if lcp_at is not None and 0 < r["end_ms"] <= lcp_at],
        "requests": requests,
    }


def _items(audit: dict[str, Any]) -> list[str]:
    """A few words per failing item (an URL, a selector), for the report."""
    out = []
    for item in (audit.get("details") or {}).get("items", [])[:5]:
        where = item.get("url") or (item.get("sourceLocation") or {}).get("url")
        node = item.get("node") or {}
        text = where or node.get("selector") or item.get("description") or ""
        if text:
            out.append(str(text)[:160])
    return out


def median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Several runs of one page: the median score per category (Lighthouse's own advice for
    a noisy machine), and the details of the run whose performance score is the median."""
    ordered = sorted(runs, key=lambda r: r["scores"].get("performance") or 0)
    middle = dict(ordered[len(ordered) // 2])
    scores = {}
    for name in CATEGORIES:
        values = sorted(r["scores"][name] for r in runs if r["scores"].get(name) is not None)
        scores[name] = values[len(values) // 2] if values else None
    middle["scores"] = scores
    middle["runs"] = [r["scores"] for r in runs]
    return middle
