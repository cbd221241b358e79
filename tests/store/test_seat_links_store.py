"""Seat links shown again: derived from the judge's token, stored hashed, reissued on demand
(app/store/seat_keys.py)."""

from __future__ import annotations

from sqlalchemy import text

from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.redact import Viewer
from app.store.repository import GameRepository, hash_token

ALICE, BOB, SPECTATORS = Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer(kind="spectator")


def _game(repository: GameRepository):
    return repository.create_game(GameSetup(players=["Alice", "Bob"], cards=[]), "A game")


def test_the_judge_token_shows_every_seat_link_again_in_seat_order(repository):
    created = _game(repository)
    shown = repository.seat_links(created.id, created.judge_token)
    assert [(s.viewer, s.token) for s in shown] == [
        (ALICE, created.seats[0].token),
        (BOB, created.seats[1].token),
        (SPECTATORS, created.spectator_token),
    ]
    for s in shown:
        assert repository.viewer_for_token(created.id, s.token) == s.viewer


def test_only_the_judge_of_that_game_may_see_the_links(repository):
    created, other = _game(repository), _game(repository)
    assert repository.seat_links(created.id, created.seats[0].token) is None
    assert repository.seat_links(created.id, created.spectator_token) is None
    assert repository.seat_links(created.id, other.judge_token) is None
    assert repository.seat_links(created.id, "") is None


def test_the_database_holds_no_raw_token(repository, engine):
    created = _game(repository)
    with engine.connect() as conn:
        dump = " ".join(str(r) for r in conn.execute(text("SELECT * FROM seats")))
    for token in [created.judge_token, created.spectator_token, *(s.token for s in created.seats)]:
        assert token not in dump
        assert hash_token(token) in dump


def test_a_game_whose_tokens_were_not_derived_says_its_links_cannot_be_shown(repository, engine):
    created = _game(repository)
    with engine.begin() as conn:  # a game from before derived links: random seat tokens
        conn.execute(
            text("UPDATE seats SET token_hash = :h WHERE game_id = :g AND player = 'Bob'"),
            {"h": hash_token("an-old-random-token"), "g": created.id},
        )
    shown = {s.viewer: s.token for s in repository.seat_links(created.id, created.judge_token)}
    assert shown[BOB] is None
    assert shown[ALICE] == created.seats[0].token


def test_a_reissued_link_opens_the_seat_and_the_old_one_no_longer_does(repository):
    created = _game(repository)
    old = created.seats[1].token
    assert repository.viewer_for_token(created.id, old) == BOB  # remembered in this process
    new = repository.reissue_link(created.id, created.judge_token, BOB)
    assert new is not None and new != old
    assert repository.viewer_for_token(created.id, old) is None
    assert repository.viewer_for_token(created.id, new) == BOB
    shown = {s.viewer: s.token for s in repository.seat_links(created.id, created.judge_token)}
    assert shown[BOB] == new
    # The others' links are untouched.
    assert shown[ALICE] == created.seats[0].token


def test_only_the_judge_may_reissue_a_link_and_never_the_judges_own(repository):
    created = _game(repository)
    assert repository.reissue_link(created.id, created.seats[0].token, BOB) is None
    assert repository.reissue_link(created.id, created.judge_token, Viewer(kind="judge")) is None
    assert repository.reissue_link(created.id, created.judge_token, Viewer.seat("Carol")) is None
    assert repository.viewer_for_token(created.id, created.seats[1].token) == BOB
