"""Whole games under random options: every invariant of the issue, replayed independently."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.game import GameOptions, GameRecord, play_game
from conundrum.rules import ruleset
from conundrum.scoring import expert_score


def replay(record: GameRecord) -> Board:
    """Lay the record's tiles again, asserting each was legal when laid; return the board."""
    rules = ruleset(record.options["rules"], record.options.get("chameleons"))
    first = record.moves[0]
    assert (first.player, first.action) == (None, "start")
    assert first.placement is not None and first.placement.code[1] == "*"
    board = Board([first.placement])
    points = Counter()
    for m in record.moves[1:]:
        assert m.action in ("play", "draw", "pass")
        assert 0 <= m.player < record.options["players"]
        if m.action != "play":
            assert m.placement is None
            continue
        assert rules.explain(board, m.placement) is None, m
        assert m.points == expert_score(board, m.placement)
        points[m.player] += m.points
        board.add(m.placement)
    assert board.placements == record.board  # the board lists tiles in laying order
    assert [points[i] for i in range(record.options["players"])] == record.points
    return board


def check_record(record: GameRecord) -> None:
    board = replay(record)
    rules = ruleset(record.options["rules"], record.options.get("chameleons"))
    assert rules.board_faults(board) == []
    tiles = [p.tile for p in board]
    assert len(set(tiles)) == len(tiles)  # no tile twice
    held = Counter(tiles) + Counter(t for h in record.hands for t in h)
    assert sum(held.values()) + record.bag == 80 and max(held.values()) == 1
    n = record.options["players"]
    assert record.winners and set(record.winners) <= set(range(n))
    if record.options["scoring"] == "expert":
        assert record.scores == record.points
        assert record.winners == [i for i, s in enumerate(record.scores)
                                  if s == max(record.scores)]
    else:
        assert record.scores == [len(h) for h in record.hands]
        if record.end == "blocked":
            assert record.winners == [i for i, s in enumerate(record.scores)
                                      if s == min(record.scores)]
        else:
            assert all(record.scores[w] == 0 for w in record.winners)
    if record.end == "blocked":
        assert record.bag == 0
        assert [m.action for m in record.moves[-n:]] == ["pass"] * n
    doc = json.loads(record.to_json())
    assert list(doc)[:4] == ["moves", "board", "winners", "scores"]
    assert doc["moves"][0]["player"] is None and doc["moves"][0]["action"] == "start"
    assert list(doc["scores"]) == [str(i) for i in range(n)]


@st.composite
def options(draw) -> GameOptions:
    players = draw(st.integers(1, 8))
    bots = draw(st.lists(st.sampled_from(["random", "greedy", "cautious"]), max_size=players))
    return GameOptions(
        players=players,
        rules=draw(st.sampled_from(["standard", "junior"])),
        scoring=draw(st.sampled_from(["standard", "expert"])),
        draw=draw(st.sampled_from(["one", "until-playable", "up-to:1", "up-to:3"])),
        open_hands=draw(st.booleans()),
        chameleon_last=draw(st.booleans()),
        bots=tuple(bots),
    )


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=options(), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(opts, seed):
    record = play_game(opts, seed, check=True)
    check_record(record)


@settings(max_examples=10, deadline=None)
@given(opts=options(), seed=st.integers(0, 2**32))
def test_same_seed_same_bytes(opts, seed):
    assert play_game(opts, seed).to_json() == play_game(opts, seed).to_json()


def test_many_seats_and_bots():
    for players in (2, 4, 8):
        opts = GameOptions(players=players, bots=("random", "greedy", "cautious")[:players])
        for seed in range(3):
            check_record(play_game(opts, seed, check=True))


def test_different_seeds_give_different_games():
    opts = GameOptions(players=2)
    assert play_game(opts, 1).to_json() != play_game(opts, 2).to_json()
