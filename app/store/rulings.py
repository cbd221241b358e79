"""Rulings and briefs: a game pinned at one version from chosen viewpoints (a ruling, which
later actions never change), and the question a scenario game answers with its authored
answer (a brief)."""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from sqlalchemy import Engine
from sqlmodel import Session

from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.rules.families import load_state
from app.store.db import read_only
from app.store.errors import RulingNotFound
from app.store.event_log import EventLog, LogEntry
from app.store.retry import with_retry
from app.store.rows import row_by_key
from app.store.tables import Game, Ruling, ScenarioBrief


@dataclass(frozen=True)
class RulingRecord:
    slug: str
    game_id: str
    title: str
    note: str
    version: int
    ruleset: str
    viewpoints: list[Viewer]
    state: GameState
    log: list[LogEntry]
    created_at: str


@dataclass(frozen=True)
class Brief:
    """The question a scenario game answers and its authored answer, in both languages."""

    title: str
    title_fr: str
    question: str
    question_fr: str
    answer: str
    answer_fr: str

    @classmethod
    def of(cls, title: str, source: object) -> Brief:
        """The brief `source` holds in attributes of the same names (a scenario, a stored
        row), under the English `title` (once stored, the game's title)."""
        return cls(title=title, **{name: getattr(source, name) for name in _TEXTS})


# What a brief keeps besides its English title (which is the game's title once stored).
_TEXTS = ("title_fr", "question", "question_fr", "answer", "answer_fr")


# A ruling's columns its record holds as they are stored (the rest are JSON, read back).
_AS_STORED = ("slug", "game_id", "title", "note", "version", "ruleset")


def _ruling_record(ruling: Ruling) -> RulingRecord:
    return RulingRecord(
        **{name: getattr(ruling, name) for name in _AS_STORED},
        viewpoints=[Viewer.model_validate(v) for v in orjson.loads(ruling.viewpoints)],
        state=load_state(ruling.state),
        log=[
            (v, actor, [Event.model_validate(e) for e in events])
            for v, actor, events in orjson.loads(ruling.log)
        ],
        created_at=ruling.created_at.isoformat(),
    )


class Rulings:
    """The rulings and scenario briefs tables; a ruling copies its game from `events`."""

    def __init__(self, engine: Engine, events: EventLog, retries: int = 4) -> None:
        self._engine = engine
        self._read_engine = read_only(engine)
        self._events = events
        self._retries = max(1, retries)

    def create_ruling(
        self, game_id: str, version: int, viewpoints: list[Viewer], title: str, note: str
    ) -> RulingRecord:
        """Pin a copy of the game at `version`: later actions never change it."""
        state = self._events.load(game_id, version)
        log = self._events.log(game_id, up_to=version)
        ruling = Ruling(
            game_id=game_id,
            version=version,
            ruleset=state.ruleset,
            title=title,
            note=note,
            viewpoints=orjson.dumps([v.model_dump() for v in viewpoints]).decode(),
            state=state.model_dump_json(),
            log=orjson.dumps(
                [
                    [v, actor, [e.model_dump(mode="json") for e in events]]
                    for v, actor, events in log
                ]
            ).decode(),
        )
        record = _ruling_record(ruling)

        def write() -> None:
            with Session(self._engine) as session, session.begin():
                session.add(ruling)

        with_retry(write, self._retries, retry_integrity=True)
        return record

    def get_ruling(self, slug: str) -> RulingRecord:
        missing = RulingNotFound(slug)
        return _ruling_record(row_by_key(self._read_engine, Ruling, slug, missing, self._retries))

    def save_brief(self, game_id: str, brief: Brief) -> None:
        """Keep the question a scenario game answers (the game's title is its English title)."""
        row = ScenarioBrief(game_id=game_id, **{name: getattr(brief, name) for name in _TEXTS})

        def write() -> None:
            with Session(self._engine) as session, session.begin():
                session.merge(row)

        with_retry(write, self._retries, retry_integrity=True)

    def brief(self, game_id: str) -> Brief | None:
        """The scenario's question and answer, or None for a game built any other way."""

        def read() -> Brief | None:
            with Session(self._read_engine) as session:
                game = session.get(Game, game_id)
                row = session.get(ScenarioBrief, game_id)
                if game is None or row is None:
                    return None
                return Brief.of(game.title, row)

        return with_retry(read, self._retries)
