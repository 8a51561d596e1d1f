"""The arrangement search's local step (standard rules, complete searches): after laying a
tile only the runs beside it are read again, and the result is the same, field for field,
as the step that reads every run of the board again (a stopped search, `stop_after`)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.lay_all import arrange
from conundrum.rules import ruleset
from tests.support.program import run_program
from tests.support.strategies import boards, grow

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NEVER = 10**9  # a stop the search never reaches: the whole-board step, run to its end


def _same(board: Board, codes: list[str], rules: str = "standard") -> None:
    rs = ruleset(rules)
    local = arrange(board, codes, rs)
    whole = arrange(board, codes, rs, stop_after=NEVER)
    assert local == whole  # arrangements, tried, dead ends, states, complete


@pytest.mark.parametrize("k", [2, 3, 4])
def test_game_boards_give_the_same_search_both_ways(k: int) -> None:
    for seed in range(30):
        laid = grow(seed, 10 + seed % 12).placements
        _same(Board(laid[:-k]), [p.code for p in laid[-k:]])


@FAST
@given(boards(20), st.randoms(use_true_random=False), st.integers(2, 4))
def test_any_board_gives_the_same_search_both_ways(board: Board, rng, k: int) -> None:
    rs = ruleset("standard")
    _same(board, rng.sample([t for t in rs.tiles if not board.contains(t)], k))


def test_junior_boards_keep_the_whole_board_step() -> None:
    for seed in range(5):
        laid = grow(seed, 9, "junior").placements
        _same(Board(laid[:-2]), [p.code for p in laid[-2:]], "junior")


def test_a_77_tile_board_reads_its_runs_once(monkeypatch) -> None:
    """The editor's case (tests/benchmarks/bench_studio.py): 3 tiles with 39 arrangements
    on a 77-tile board visit 88 partial arrangements; the board's runs are read once, not
    once a visit."""
    game = json.loads(run_program("simulate", "--players", "1", "--seed", "1",
                                  "--json").stdout)
    board = Board([tuple(p[k] for k in ("code", "at", "dir")) for p in game["board"][:77]])
    codes = [p["code"] for p in game["board"][77:]]
    reads = []
    real = Board.candidate_runs
    monkeypatch.setattr(Board, "candidate_runs", lambda self: reads.append(1) or real(self))
    found = arrange(board, codes, ruleset("standard"))
    assert (found.count, found.states) == (39, 88)
    assert len(reads) == 1
