"""A scenario game keeps its question and authored answer, and the log shows the step the
rules refused, readable exactly as the refusal was (issue 17, item 2)."""

from __future__ import annotations

from app.rules.core.viewer import Viewer
from app.rules.redact import log_for
from app.scenarios.library import get_scenario
from app.scenarios.runner import create_scenario_game
from app.store.repository import GameRepository

REFUSAL_EN = "Bob tried an action the rules refuse."


def _texts(repository: GameRepository, game_id: str, viewer: Viewer) -> list[str]:
    entries = log_for(repository.log(game_id), viewer, "mtg")
    return [e.text for entry in entries for e in entry.events]


def test_a_scenario_game_keeps_its_question_and_answer_in_both_languages(repository):
    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    created = create_scenario_game(repository, scenario)
    brief = repository.brief(created.id)
    assert brief is not None
    assert (brief.title, brief.title_fr) == (scenario.title, scenario.title_fr)
    assert (brief.question, brief.question_fr) == (scenario.question, scenario.question_fr)
    assert (brief.answer, brief.answer_fr) == (scenario.answer, scenario.answer_fr)


def test_a_game_built_otherwise_has_no_brief(repository):
    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    bare = scenario.model_copy(
        update={"question": "", "answer": "", "question_fr": "", "answer_fr": ""}
    )
    created = create_scenario_game(repository, bare)
    assert repository.brief(created.id) is None


def test_bobs_refused_look_is_in_the_log_as_bob_was_told_707_5(repository):
    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    created = create_scenario_game(repository, scenario)
    bob = _texts(repository, created.id, Viewer.seat("Bob"))
    judge = _texts(repository, created.id, Viewer.judge())
    alice = _texts(repository, created.id, Viewer.seat("Alice"))
    spectator = _texts(repository, created.id, Viewer.spectator())
    refused_for_bob = [t for t in bob if t.startswith(REFUSAL_EN)]
    assert len(refused_for_bob) == 1 and len(refused_for_bob[0]) > len(REFUSAL_EN)
    assert refused_for_bob == [t for t in judge if t.startswith(REFUSAL_EN)]
    # The others read that it was refused, not the message written for Bob's eyes.
    assert REFUSAL_EN in alice and REFUSAL_EN in spectator
    for text in bob + spectator:
        assert "Exalted Angel" not in text


def test_the_refusal_cites_its_rules_only_with_its_details(repository):
    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    created = create_scenario_game(repository, scenario)

    def refusal_rules(viewer: Viewer) -> list[str]:
        entries = log_for(repository.log(created.id), viewer, "mtg")
        return [r for e in entries for ev in e.events if ev.kind == "refused" for r in ev.rules]

    assert "708.5" in refusal_rules(Viewer.seat("Bob"))
    assert refusal_rules(Viewer.spectator()) == []


def test_the_game_replays_to_the_same_state_after_a_noted_refusal(repository):
    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    created = create_scenario_game(repository, scenario)
    state = repository.load(created.id)
    repository.cache.clear()
    assert repository.load(created.id) == state


def test_an_exported_scenario_game_carries_its_question_and_answer(repository):
    from app.scenarios.export import export_game

    scenario = get_scenario("look-at-opponents-face-down")
    assert scenario is not None
    created = create_scenario_game(repository, scenario)
    exported = export_game(repository, created.id)
    assert (exported.question, exported.answer_fr) == (scenario.question, scenario.answer_fr)
    again = create_scenario_game(repository, exported)
    assert repository.brief(again.id) == repository.brief(created.id)
