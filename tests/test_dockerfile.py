"""Lint the Dockerfile for the properties we promise, since no Docker engine runs here."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.cli import build_parser, database_url

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"

# Commands that only root may run in a Debian-based image; they must all come before USER.
NEEDS_ROOT = re.compile(
    r"\b(apt-get|apt|dpkg|useradd|adduser|groupadd|addgroup|chown|chmod|pip3?\s+install"
    r"|python3?\s+-m\s+pip\s+install)\b"
)


@dataclass(frozen=True)
class Instruction:
    line: int
    keyword: str
    args: str


def parse(text: str) -> list[Instruction]:
    """A small Dockerfile reader: comments, blank lines and backslash continuations."""
    instructions: list[Instruction] = []
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if pending and stripped.startswith("#"):
            continue  # comment lines inside a continuation are dropped by Docker
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending.append(stripped[:-1].strip())
            continue
        pending.append(stripped)
        joined = " ".join(part for part in pending if part)
        pending = []
        keyword, _, args = joined.partition(" ")
        instructions.append(Instruction(start, keyword.upper(), args.strip()))
    assert not pending, "the Dockerfile ends inside a line continuation"
    return instructions


def exec_form(args: str) -> list[str]:
    """JSON exec form if the arguments are a JSON array, else shell words."""
    if args.startswith("["):
        value = json.loads(args)
        assert isinstance(value, list) and all(isinstance(v, str) for v in value)
        return value
    return shlex.split(args)


def without_flags(words: list[str]) -> list[str]:
    return [w for w in words if not w.startswith("--")]


@pytest.fixture(scope="module")
def instructions() -> list[Instruction]:
    assert DOCKERFILE.is_file(), "no Dockerfile at the repository root"
    return parse(DOCKERFILE.read_text(encoding="utf-8"))


def only(instructions: list[Instruction], keyword: str) -> list[Instruction]:
    return [i for i in instructions if i.keyword == keyword]


def test_parser_joins_continuations_and_skips_comments() -> None:
    parsed = parse("# c\nFROM x\n\nRUN a \\\n  # inner\n  && b\nUSER 1\n")
    assert [(i.line, i.keyword, i.args) for i in parsed] == [
        (2, "FROM", "x"),
        (4, "RUN", "a && b"),
        (7, "USER", "1"),
    ]


def test_base_image_is_slim_python(instructions: list[Instruction]) -> None:
    froms = only(instructions, "FROM")
    assert froms, "no FROM"
    image = without_flags(froms[-1].args.split())[0]
    assert image in {"python:3.11-slim", "python:3.12-slim"}, image


def test_runs_as_a_non_root_user_after_every_root_step(instructions: list[Instruction]) -> None:
    users = [(n, i) for n, i in enumerate(instructions) if i.keyword == "USER"]
    assert users, "no USER: the app would run as root"
    last_index, last_user = users[-1]
    name = last_user.args.split(":")[0].strip()
    assert name not in {"root", "0"}, f"USER {last_user.args} is root"
    late_root_runs = [
        i
        for i in instructions[last_index + 1 :]
        if i.keyword == "RUN" and NEEDS_ROOT.search(i.args)
    ]
    assert not late_root_runs, f"RUN needing root after USER: {late_root_runs}"


def env_values(instructions: list[Instruction]) -> dict[str, str]:
    """The image's ENV settings: `ENV K=V K2=V2` or the legacy `ENV K V`."""
    values: dict[str, str] = {}
    for env in only(instructions, "ENV"):
        words = shlex.split(env.args)
        if words and "=" not in words[0]:
            values[words[0]] = " ".join(words[1:])
            continue
        for word in words:
            key, _, value = word.partition("=")
            values[key] = value
    return values


def test_env_parser_reads_both_forms() -> None:
    parsed = parse('ENV A=1 \\\n  B="two words"\nENV C 3\n')
    assert env_values(parsed) == {"A": "1", "B": "two words", "C": "3"}


def test_database_lives_on_the_data_volume(instructions: list[Instruction]) -> None:
    volumes = only(instructions, "VOLUME")
    paths: list[str] = []
    for v in volumes:
        paths += exec_form(v.args)
    assert "/data" in paths, f"no VOLUME /data (got {paths})"
    envs = env_values(instructions)
    assert envs.get("DATABASE_URL", "").startswith("sqlite:////data/"), envs
    # FACEDOWN_DATABASE_URL wins over DATABASE_URL: set in the image, it would silently
    # override `docker run -e DATABASE_URL=postgresql+psycopg://...`.
    assert "FACEDOWN_DATABASE_URL" not in envs


def test_the_default_database_url_is_what_the_cli_would_serve(
    instructions: list[Instruction],
) -> None:
    envs = env_values(instructions)
    assert database_url(None, envs) == envs["DATABASE_URL"]
    postgres = "postgresql+psycopg://facedown:pw@postgres:5432/facedown"
    assert database_url(None, {**envs, "DATABASE_URL": postgres}) == postgres


def test_healthcheck_asks_healthz(instructions: list[Instruction]) -> None:
    checks = only(instructions, "HEALTHCHECK")
    assert len(checks) == 1, "exactly one HEALTHCHECK"
    args = checks[0].args
    assert "CMD" in args.split(), args
    assert "/healthz" in args
    assert "curl" not in args and "wget" not in args, "slim images have neither curl nor wget"
    assert "urllib" in args


def test_exposes_8000(instructions: list[Instruction]) -> None:
    ports = [p.split("/")[0] for i in only(instructions, "EXPOSE") for p in i.args.split()]
    assert "8000" in ports


def test_cmd_serves_on_all_interfaces_with_real_flags(instructions: list[Instruction]) -> None:
    cmds = only(instructions, "CMD")
    assert cmds, "no CMD"
    assert not only(instructions, "ENTRYPOINT"), "CMD is expected to be the whole command"
    assert cmds[-1].args.startswith("["), "CMD should use the exec (JSON) form"
    argv = exec_form(cmds[-1].args)
    assert argv[:2] == ["facedown", "serve"], argv
    args = build_parser().parse_args(argv[1:])  # exits (fails the test) on an unknown flag
    assert args.host == "0.0.0.0"
    exposed = {p.split("/")[0] for i in only(instructions, "EXPOSE") for p in i.args.split()}
    assert str(args.port) in exposed
    # --db would win over DATABASE_URL: the database must come from the environment.
    assert args.db is None, args.db


def test_every_copy_source_exists(instructions: list[Instruction]) -> None:
    copies = only(instructions, "COPY") + only(instructions, "ADD")
    assert copies, "nothing is copied into the image"
    for copy in copies:
        words = exec_form(copy.args)
        if any(w.startswith("--from=") for w in words):
            continue  # copies from another stage, not from the build context
        *sources, _destination = without_flags(words)
        assert sources, f"line {copy.line}: COPY without a source"
        for source in sources:
            matches = list(ROOT.glob(source)) if any(c in source for c in "*?[") else []
            assert (ROOT / source).exists() or matches, (
                f"line {copy.line}: {source} is not in the repository"
            )


def test_dockerignore_keeps_copied_paths(instructions: list[Instruction]) -> None:
    ignore = ROOT / ".dockerignore"
    assert ignore.is_file(), "no .dockerignore"
    patterns = {
        line.strip().rstrip("/")
        for line in ignore.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    for must_ignore in (".git", ".venv"):
        assert must_ignore in patterns
    for copy in only(instructions, "COPY"):
        *sources, _ = without_flags(exec_form(copy.args))
        for source in sources:
            assert source.rstrip("/") not in patterns, f"{source} is copied but .dockerignore'd"
