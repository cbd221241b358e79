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


def run(url: str, *, cookie: str | None = None, timeout: float = 180.0) -> dict[str, Any]:
    """One Lighthouse run on url: category scores (0-100) and the audits that lost points."""
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
            f"--only-categories={','.join(CATEGORIES)}",
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
    return summarize(data)


def summarize(data: dict[str, Any]) -> dict[str, Any]:
    scores: dict[str, int | None] = {}
    lost: list[dict[str, Any]] = []
    for name in CATEGORIES:
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
        "lost": lost,
        "lighthouse": data.get("lighthouseVersion"),
        "form_factor": data.get("configSettings", {}).get("formFactor"),
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
