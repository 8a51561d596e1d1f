"""generate --kind all: puzzles with exactly one arrangement, from game boards with their
last tiles taken away, graded 1-5 and reproducible from the seed."""

from __future__ import annotations

import copy

import pytest

from conundrum.check import judge
from conundrum.cli import main
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, generate
from conundrum.generate.effort import measure_all
from conundrum.generate.lay_all import ALL_LEVELS
from conundrum.lay_all import drawn_grid, puzzle_arrangements
from conundrum.puzzle import Given, dump_puzzle, load_puzzle
from tests.support.reference import reference_arrangements, single_tile_moves

SEEDS = range(1, 7)


@pytest.fixture(scope="module")
def made():
    """Puzzles of every grade, a few seeds each."""
    return {(level, seed): generate(GenerateRequest(kind="all", difficulty=level, seed=seed))
            for level in ALL_LEVELS for seed in SEEDS}


def test_every_generated_puzzle_has_exactly_one_arrangement(made):
    for (level, _seed), puzzle in made.items():
        found = puzzle_arrangements(puzzle)
        assert found.complete and found.count == 1
        assert (puzzle.kind, puzzle.solutions) == ("all", 1)
        assert puzzle.extra["grade"] == level
        assert puzzle.extra["score"] == measure_all(puzzle, found).score
        low, high = ALL_LEVELS[level].given
        assert low <= len(puzzle.given) <= high
        assert not puzzle.faults()
        # what the reader must rule out: the hard levels are deductions
        assert measure_all(puzzle, found).features["decoys"] >= ALL_LEVELS[level].decoys


def test_small_ones_agree_with_the_simple_enumerator(made):
    for (_level, _seed), puzzle in made.items():
        if len(puzzle.given) <= 3:
            codes = [g.code for g in puzzle.given]
            assert len(reference_arrangements(list(puzzle.board), codes)) == 1


def test_the_same_request_makes_the_same_file(made):
    again = generate(GenerateRequest(kind="all", difficulty=4, seed=2))
    assert dump_puzzle(again) == dump_puzzle(made[(4, 2)])
    other = generate(GenerateRequest(kind="all", difficulty=4, seed=3))
    assert dump_puzzle(other) != dump_puzzle(again)


def test_explicit_sizes(made):
    puzzle = generate(GenerateRequest(kind="all", tiles=12, given=3, seed=5))
    assert len(puzzle.board) == 12 and len(puzzle.given) == 3
    assert puzzle_arrangements(puzzle).count == 1
    assert puzzle.extra["generator"]["kind"] == "all"


def test_grades_rise_with_the_level(made):
    scores = {level: [made[(level, s)].extra["score"] for s in SEEDS] for level in ALL_LEVELS}
    for level in (1, 2, 3, 4):
        assert max(scores[level]) <= min(scores[level + 1])


def test_mutating_a_given_tile_is_solved_afresh(made):
    """Every single-colour change of every given tile of the small puzzles: the solver's
    count is the simple enumerator's, and in most cases the count changes or the tile
    is refused. (Not in all: a colour on an end that touches nothing, or touches a joker,
    is no clue; about one change in six leaves one arrangement.)"""
    changed = kept = 0
    for (level, seed), puzzle in made.items():
        if level > 3 or seed > 3:
            continue
        for i, g in enumerate(puzzle.given):
            for k in range(3):
                for colour in "RYGBP*":
                    code = g.code[:k] + colour + g.code[k + 1:]
                    if code == g.code:
                        continue
                    mutant = copy.copy(puzzle)
                    mutant.given = [*puzzle.given[:i], Given(code), *puzzle.given[i + 1:]]
                    if mutant.faults():  # a tile on the board, given twice, not in the set
                        changed += 1
                        continue
                    count = puzzle_arrangements(mutant).count
                    ref = reference_arrangements(list(puzzle.board),
                                                 [h.code for h in mutant.given])
                    assert count == len(ref), (level, seed, code)
                    changed += count != 1
                    kept += count == 1
    print(f"single-colour changes: {changed} change the count or are refused, {kept} keep "
          "one arrangement")
    assert changed >= 3 * kept


def test_check_accepts_the_answer_and_rejects_every_single_tile_move(made):
    # one puzzle a grade (a second seed a grade doubled the fast set's largest test for the
    # same moves judged on the same kind of boards)
    for (level, seed), puzzle in made.items():
        if seed > 1:
            continue
        answer = puzzle_arrangements(puzzle).arrangements[0]
        grid = drawn_grid(puzzle)
        assert judge(puzzle, "; ".join(grid.text(p) for p in answer)).right
        for moved in single_tile_moves(answer, grid):
            text = "; ".join(grid.text(p) for p in moved)
            verdict = judge(puzzle, text, grid)
            assert not verdict.right and verdict.fault, (level, text)


@pytest.mark.parametrize(("request_", "message"), [
    (GenerateRequest(kind="all", tiles=10, given=1), "2 to 5"),
    (GenerateRequest(kind="all", tiles=10, given=6), "2 to 5"),
    (GenerateRequest(kind="all", tiles=10, given=2, positions=(3,)), "no --positions"),
    (GenerateRequest(kind="all", tiles=10, given=2, method="sat"), "--method search"),
    (GenerateRequest(kind="all", tiles=10, given=2, rules="junior"), "standard rules"),
    (GenerateRequest(kind="all", tiles=10), "--tiles and --given"),
    (GenerateRequest(kind="some", tiles=10), "choose count or all"),
])
def test_requests_it_cannot_meet_are_refused(request_, message):
    with pytest.raises(GenerationError, match=message):
        generate(request_)


def test_the_command_writes_a_puzzle_validate_accepts(tmp_path, capsys):
    out = tmp_path / "p.yaml"
    code = main(["generate", "--kind", "all", "--difficulty", "3", "--seed", "4", "-o",
                 str(out)])
    said = capsys.readouterr().out
    assert code == 0 and "one arrangement (grade 3)" in said
    assert main(["validate", str(out)]) == 0
    assert "1 arrangement as claimed" in capsys.readouterr().out
    puzzle = load_puzzle(out)
    assert puzzle.kind == "all" and puzzle.extra["generator"]["difficulty"] == 3


def test_a_board_too_big_for_the_grid_is_refused():
    with pytest.raises(GenerationError, match="too big for the grid"):
        generate(GenerateRequest(kind="all", tiles=30, given=4, max_grid=(8, 8),
                                 time_limit=1))



def test_grade_measures_a_kind_all_puzzle_as_the_generator_did(made, tmp_path, capsys):
    import json

    from conundrum.puzzle import save_puzzle

    puzzle = made[(5, 1)]
    path = tmp_path / "p.yaml"
    save_puzzle(puzzle, path)
    assert main(["grade", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["grade"], doc["score"]) == (5, puzzle.extra["score"])
    assert {"decoys", "dead_ends", "leaning"} <= set(doc["features"])
