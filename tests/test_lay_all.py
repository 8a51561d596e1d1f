"""Lay them all (`kind: all`): the puzzle file's keys and the arrangement solver, checked
against a deliberately simple enumerator (tests/support/reference.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.errors import ConundrumError, PuzzleFileError
from conundrum.lay_all import arrange, puzzle_arrangements
from conundrum.placement import Placement
from conundrum.puzzle import dump_puzzle, parse_puzzle
from conundrum.rules import ruleset
from tests.support.reference import reference_arrangements
from tests.support.strategies import boards, grow

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ALL_PUZZLE = """\
title: Lay them
rules: standard
kind: all
solutions: 1
board:
- {code: B*Y, at: [0, 0], dir: h}
given:
- {code: YYY}
- {code: BYG}
"""


def game_case(seed: int, k: int, rules: str = "standard") -> tuple[list[Placement], list[str]]:
    """A board laid as a game lays it, with its last k tiles taken away (and their codes)."""
    laid = grow(seed, 8 + seed % 10, rules).placements
    return laid[:-k], [p.code for p in laid[-k:]]


# ---- the file -------------------------------------------------------------------------
def test_kind_all_reads_and_writes_back_the_same_bytes():
    puzzle = parse_puzzle(ALL_PUZZLE)
    assert (puzzle.kind, puzzle.solutions) == ("all", 1)
    assert "kind" not in puzzle.extra and "solutions" not in puzzle.extra
    assert dump_puzzle(puzzle) == ALL_PUZZLE
    assert dump_puzzle(parse_puzzle(dump_puzzle(puzzle))) == ALL_PUZZLE


def test_a_count_puzzle_is_written_without_a_kind():
    text = ALL_PUZZLE.replace("kind: all\nsolutions: 1\n", "")
    puzzle = parse_puzzle(text)
    assert (puzzle.kind, puzzle.solutions) == ("count", None)
    assert dump_puzzle(puzzle) == text


@pytest.mark.parametrize(("change", "message"), [
    (("kind: all", "kind: some"), "must be count"),
    (("kind: all\nsolutions: 1\n", "solutions: 1\n"), "claim of a `kind: all` puzzle"),
    (("solutions: 1", "solutions: one"), "whole number"),
    (("solutions: 1", "solutions: true"), "whole number"),
    (("- {code: BYG}\n", ""), "2 to 5 tiles, not 1"),
    (("- {code: BYG}\n", "- {code: BYG}\n- RRR\n- GGG\n- PPP\n- RYB\n"), "not 6"),
    (("- {code: BYG}", "- {code: BYG, positions: 4}"), "prints no `positions:`"),
])
def test_a_bad_kind_all_file_is_refused_with_a_reason(change, message):
    with pytest.raises(PuzzleFileError, match=message):
        parse_puzzle(ALL_PUZZLE.replace(*change))


def test_a_tile_given_twice_is_a_fault():
    puzzle = parse_puzzle(ALL_PUZZLE.replace("{code: BYG}", "{code: YYY}"))
    assert any("given twice" in str(f) for f in puzzle.faults())


# ---- the solver -----------------------------------------------------------------------
def test_the_start_alone_has_every_pair_of_compatible_positions():
    puzzle = parse_puzzle(ALL_PUZZLE)
    found = puzzle_arrangements(puzzle)
    assert found.complete
    assert set(found.arrangements) == reference_arrangements(list(puzzle.board),
                                                             ["YYY", "BYG"])
    # the tiles are listed in the order given, YYY first
    assert all(a[0].tile == "YYY" and a[1].tile == "BYG" for a in found.arrangements)


def test_a_tile_may_lean_on_a_tile_laid_before_it():
    """Some arrangements hold a position illegal on the board alone: legal only once another
    given tile is laid (the order is the proof); the answer still lists the tiles as given."""
    rs = ruleset("standard")
    leaning = 0
    for seed in range(20):
        base, codes = game_case(seed, 3)
        board = Board(base)
        for a in arrange(board, codes, rs).arrangements:
            assert [p.tile for p in a] == [min(c, c[::-1]) for c in codes]
            leaning += any(not rs.is_legal(board, p) for p in a)
    assert leaning > 0


def test_stop_after_stops_early():
    puzzle = parse_puzzle(ALL_PUZZLE)
    assert puzzle_arrangements(puzzle).count > 2
    early = puzzle_arrangements(puzzle, stop_after=2)
    assert early.count == 2 and not early.complete


def test_bad_codes_are_refused():
    board = Board([Placement("B*Y", (0, 0), "h")])
    with pytest.raises(ConundrumError, match="distinct"):
        arrange(board, ["RYG", "GYR"], ruleset("standard"))
    with pytest.raises(ConundrumError, match="already on the board"):
        arrange(board, ["RYG", "Y*B"], ruleset("standard"))


# three tiles: slow (the reference enumerator's scan, about 5 CPU s); the fast set keeps two
# tiles here and three on random boards (test_any_board_and_tiles_agree_...)
@pytest.mark.parametrize("k", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_fifty_game_boards_agree_with_the_simple_enumerator(k):
    rs = ruleset("standard")
    counts = []
    for seed in range(50):
        base, codes = game_case(seed, k)
        found = arrange(Board(base), codes, rs)
        assert set(found.arrangements) == reference_arrangements(base, codes), seed
        counts.append(found.count)
    assert 1 in counts and max(counts) > 1  # unique ones and several-answer ones both met


@pytest.mark.slow
def test_fifty_game_boards_of_four_tiles_agree_with_the_simple_enumerator():
    rs = ruleset("standard")
    for seed in range(50):
        base, codes = game_case(seed, 4)
        found = arrange(Board(base), codes, rs)
        assert set(found.arrangements) == reference_arrangements(base, codes), seed


def test_junior_boards_agree_with_the_simple_enumerator():
    rs = ruleset("junior")
    for seed in range(10):
        base, codes = game_case(seed, 2, "junior")
        found = arrange(Board(base), codes, rs)
        assert set(found.arrangements) == reference_arrangements(base, codes, "junior"), seed


@FAST
@given(boards(16), st.randoms(use_true_random=False), st.integers(2, 3))
def test_any_board_and_tiles_agree_with_the_simple_enumerator(board, rng, k):
    rs = ruleset("standard")
    codes = rng.sample([t for t in rs.tiles if not board.contains(t)], k)
    found = arrange(board, codes, rs)
    assert found.complete
    assert set(found.arrangements) == reference_arrangements(list(board), codes)
    # every position the search laid is in some order legal; the answers' ones among them
    assert {(i, p) for a in found.arrangements for i, p in enumerate(a)} <= found.tried
