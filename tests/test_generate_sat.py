"""The SAT method: exact puzzles, seeded variety, and proofs of impossibility."""

from __future__ import annotations

import random

import pytest
from pysat.solvers import Glucose4

from conundrum.board import Board
from conundrum.cli import main
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, TimeLimitError, generate
from conundrum.generate.sat import Encoding, half_width, proof_width, rounds_for, stages
from conundrum.placement import Placement
from conundrum.puzzle import dump_puzzle
from conundrum.rules import ruleset
from conundrum.solver import counts, positions, standard_positions

STANDARD = ruleset("standard")


def sat(n: int, targets: tuple[int, ...], seed: int = 1, **kw) -> GenerateRequest:
    return GenerateRequest(tiles=n, given=len(targets), positions=targets, seed=seed,
                           method="sat", **kw)


@pytest.mark.parametrize("n, targets", [(6, (3,)), (8, (2,)), (10, (2, 2)), (1, (8,))])
def test_sat_puzzles_are_exact_and_legal(n, targets):
    puzzle = generate(sat(n, targets))
    assert STANDARD.board_faults(puzzle.board) == []
    assert len(puzzle.board) == n
    codes = [g.code for g in puzzle.given]
    assert len(set(codes)) == len(codes)
    for g, t in zip(puzzle.given, targets, strict=True):
        assert not puzzle.board.contains(g.code)
        assert len(positions(puzzle.board, g.code, STANDARD)) == t == g.positions
    assert puzzle.extra["generator"]["method"] == "sat"


def test_sat_is_deterministic_and_seeds_vary_it():
    first = dump_puzzle(generate(sat(8, (2,), seed=3)))
    assert dump_puzzle(generate(sat(8, (2,), seed=3))) == first
    others = {dump_puzzle(generate(sat(8, (2,), seed=s))) for s in (1, 2, 4)}
    assert first not in others and len(others) == 3


def brute_force_two_tile_maximum() -> int:
    """The most positions any tile has on any legal 2-tile board (start laid flat: by
    symmetry every board is one of these)."""
    best = 0
    for cham in STANDARD.chameleons:
        for reading in (cham, cham[::-1]):
            board = Board([Placement(reading, (0, 0), "h")])
            for tile in STANDARD.tiles:
                if board.contains(tile):
                    continue
                for p in standard_positions(board, tile):
                    tid = board.add(p)
                    best = max(best, max(counts(board, STANDARD).values()))
                    board.remove(tid)
    return best


def test_sat_proofs_agree_with_brute_force_on_two_tiles():
    top = brute_force_two_tile_maximum()
    assert top == 9
    puzzle = generate(sat(2, (top,)))
    assert puzzle.given[0].positions == top
    with pytest.raises(GenerationError, match="no such puzzle exists"):
        generate(sat(2, (top + 1,)))


def test_lone_start_cannot_give_nine_positions(capsys, tmp_path):
    out = tmp_path / "p.yaml"
    code = main(["generate", "--tiles", "1", "--positions", "9", "--method", "sat",
                 "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "no such puzzle exists" in err and not out.exists()


def test_sat_file_validates(capsys, tmp_path):
    out = tmp_path / "p.yaml"
    assert main(["generate", "--tiles", "7", "--given", "2", "--positions", "2,3",
                 "--method", "sat", "--seed", "5", "-o", str(out)]) == 0
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()


def test_window_and_rounds_follow_the_notes():
    assert [half_width(n) for n in (1, 6, 14, 30)] == [2, 3, 4, 6]
    assert [rounds_for(n) for n in (2, 6, 14, 30)] == [1, 5, 8, 12]
    plan = stages(2)
    assert plan[0] == (2, 1, False) and plan[-1] == (proof_width(2), 1, True)
    # big boards: the last window is capped, so its unsatisfiability proves nothing
    assert stages(14)[-1][2] is False and stages(14)[-1][1] == 13


def test_a_model_can_be_cut_off_by_its_own_placements():
    enc = Encoding(STANDARD, 4, (2,), 2, 3, None)
    enc.build()
    with Glucose4(bootstrap_with=enc.clauses) as solver:
        solver.set_phases(enc.phases(random.Random(1)))
        assert solver.solve()
        first, _, own = enc.decode(solver.get_model())
        solver.add_clause([-x for x in own])
        assert solver.solve()
        second, _, _ = enc.decode(solver.get_model())
    assert set(first) != set(second)
    assert STANDARD.board_faults(first) == [] == STANDARD.board_faults(second)


def test_sat_time_limit_gives_up():
    with pytest.raises(TimeLimitError, match="time limit"):
        generate(sat(30, (4,), time_limit=0.05))
