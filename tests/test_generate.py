"""The generator's search method, its counting, its bounds and the generate command."""

from __future__ import annotations

import random
import subprocess
import time
from importlib.metadata import version

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.cli import main
from conundrum.counting import JuniorTracker, StandardTracker
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, generate
from conundrum.generate.bounds import (
    EXACT_RUNS,
    EXACT_UP_TO,
    check_request,
    exact_runs,
    max_positions,
    max_runs,
)
from conundrum.generate.search import (
    HOPELESS_AFTER,
    Style,
    grow,
    new_tracker,
    pick_removable,
    run_search,
    target_cost,
)
from conundrum.placement import Placement, neighbours
from conundrum.puzzle import dump_puzzle, load_puzzle
from conundrum.rules import ruleset
from conundrum.solver import junior_positions, positions, standard_counts
from tests.support.program import CONUNDRUM
from tests.support.strategies import grow as grow_reference

STANDARD = ruleset("standard")
JUNIOR = ruleset("junior")


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def request(n: int, targets: tuple[int, ...], **kw) -> GenerateRequest:
    return GenerateRequest(tiles=n, given=len(targets), positions=targets, **kw)


def assert_exact(puzzle, n: int, targets: tuple[int, ...]) -> None:
    """Legal board of n tiles, distinct given tiles off it, each with its target count."""
    rs = puzzle.ruleset
    assert rs.board_faults(puzzle.board) == []
    assert len(puzzle.board) == n
    codes = [g.code for g in puzzle.given]
    assert len({min(c, c[::-1]) for c in codes}) == len(codes) == len(targets)
    for g, target in zip(puzzle.given, targets, strict=True):
        assert not puzzle.board.contains(g.code)
        assert rs.in_set(g.code)
        assert len(positions(puzzle.board, g.code, rs)) == target == g.positions


# ---- counting: the trackers agree with the solver -----------------------------------
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_standard_tracker_counts_every_tile_like_the_solver(seed):
    rng = random.Random(seed)
    tracker = new_tracker(STANDARD, Board([Placement("B*Y", (0, 0), "h")]))
    assert isinstance(tracker, StandardTracker)
    ids = []
    for _ in range(rng.randint(1, 30)):
        counts = tracker.counts()
        playable = sorted(code for code, n in counts.items() if n)
        code = rng.choice(playable)
        options = sorted(tracker.positions(code))
        assert options == sorted(positions(tracker.board, code, STANDARD))
        ids.append(tracker.add(rng.choice(options)))
        if len(ids) > 2 and rng.random() < 0.3:
            tracker.remove(ids.pop(rng.randrange(len(ids))))  # also on illegal boards
        off = [t for t in STANDARD.tiles if not tracker.board.contains(t)]
        assert tracker.counts() == standard_counts(tracker.board, off)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_junior_tracker_finds_the_solvers_positions(seed):
    board = grow_reference(seed, random.Random(seed).randint(1, 20), "junior")
    tracker = JuniorTracker(board, JUNIOR.tiles, JUNIOR)
    counts = tracker.counts()
    for code in JUNIOR.tiles:
        if board.contains(code):
            continue
        found = sorted(tracker.positions(code))
        assert found == sorted(junior_positions(board, code, JUNIOR))
        assert counts[code] == len(found)


def test_target_cost_is_zero_exactly_when_each_target_has_its_own_tile():
    counts = {"AAA": 3, "BBB": 3, "CCC": 5, "DDD": 0}
    assert target_cost(counts, [3, 5]) == 0
    assert target_cost(counts, [3, 3]) == 0
    assert target_cost(counts, [3, 3, 3]) == 2  # the third 3 must take the 5 or the 0
    assert target_cost(counts, [8]) == 3


# ---- bounds: proofs, never refusing a possible request -------------------------------
def test_exact_run_maxima_for_small_boards():
    # docs/generator.md: "a 2-tile board has at most 10 runs"
    assert [exact_runs(n) for n in (1, 2, 3)] == [6, 10, 14]
    assert max_positions(2) == 20 and max_positions(1) == 12


def test_the_stored_exact_maxima_are_the_computed_ones():
    assert EXACT_RUNS == {n: exact_runs(n) for n in range(1, EXACT_UP_TO + 1)}
    assert all(max_runs(n) == EXACT_RUNS[n] for n in EXACT_RUNS)


def runs_with_two_edges(board: Board) -> int:
    n = 0
    for at, d, *_ in board.candidate_runs():
        cells = Placement("RRR", at, d).cells
        edges = sum(1 for c in cells for nb in neighbours(c)
                    if nb not in cells and board.occupied(nb))
        n += edges >= 2
    return n


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 45))
def test_grown_boards_never_beat_the_bounds(seed, n):
    board = grow_reference(seed, n)
    assert runs_with_two_edges(board) <= max_runs(len(board))
    top = max_positions(len(board))
    assert max(standard_counts(board, [t for t in STANDARD.tiles
                                       if not board.contains(t)]).values()) <= top


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 30))
def test_junior_boards_never_beat_the_junior_bound(seed, n):
    board = grow_reference(seed, n, "junior")
    top = max_positions(len(board), "junior")
    for code in JUNIOR.tiles:
        if not board.contains(code):
            assert len(junior_positions(board, code, JUNIOR)) <= top


@pytest.mark.parametrize("args, words", [
    ((2, 1, [40]), "at most 20 positions"),
    ((0, 0, []), "1 to 80 tiles"),
    ((81, 0, []), "1 to 80 tiles"),
    ((70, 11, [0] * 11), "only 10 tiles remain"),
    ((10, -1, []), "cannot be negative"),
    ((10, 1, [-2]), "cannot be negative"),
])
def test_check_request_refuses_with_a_reason(args, words):
    with pytest.raises(GenerationError, match=words):
        check_request(*args)


def test_check_request_junior_bound():
    with pytest.raises(GenerationError, match="open end"):
        check_request(1, 1, [15], "junior")
    check_request(1, 1, [14], "junior")


# ---- the search method ---------------------------------------------------------------
ISSUE_CASES = [(8, (2,)), (12, (4,)), (20, (3, 3)), (20, (6,)), (30, (1,)), (30, (5, 5)),
               (40, (8,)), (25, (2, 2, 2)), (15, (0,))]


@pytest.mark.parametrize("n, targets", ISSUE_CASES)
def test_search_meets_the_issue_cases_exactly(n, targets):
    for seed in (1, 2):
        puzzle = generate(request(n, targets, seed=seed))
        assert_exact(puzzle, n, targets)


@pytest.mark.parametrize("n, targets", [(10, (16,)), (40, (8, 8, 8)), (20, (10, 10)),
                                        (14, (12,))])
def test_search_steers_to_targets_random_boards_rarely_hit(n, targets):
    # three tiles with 8 positions each share colours: only allowed when asked
    puzzle = generate(request(n, targets, seed=3, allow_similar=len(targets) > 2))
    assert_exact(puzzle, n, targets)


def test_steering_is_not_rejection_sampling():
    # no random 10-tile board has a tile with 16 positions; steering gets there
    grown = [grow(STANDARD, 10, random.Random(s), Style.draw(random.Random(s)))
             for s in range(30)]
    assert all(max(t.counts().values()) < 16 for t in grown)
    found = run_search(STANDARD, 10, [16], seed=4)
    assert len(positions(found.board, found.given[0], STANDARD)) == 16


def test_every_removal_the_search_makes_keeps_the_board_legal():
    rng = random.Random(5)
    tracker = grow(STANDARD, 25, rng, Style.draw(rng))
    for _ in range(40):
        victim = pick_removable(tracker.board, rng, STANDARD)
        if victim is None:
            continue
        tracker.remove(victim)
        assert STANDARD.board_faults(tracker.board) == []


def test_the_board_is_listed_in_an_order_it_can_be_laid_in():
    puzzle = generate(request(30, (5, 5), seed=2))
    placed = Board([puzzle.board.start])
    for p in list(puzzle.board)[1:]:
        assert STANDARD.is_legal(placed, p)
        placed.add(p)


def test_single_position_value_applies_to_every_given_tile():
    puzzle = generate(GenerateRequest(tiles=16, given=3, positions=(2,), seed=4))
    assert [g.positions for g in puzzle.given] == [2, 2, 2]


def test_a_board_alone_with_no_given_tiles():
    puzzle = generate(GenerateRequest(tiles=12, given=0, seed=2))
    assert len(puzzle.board) == 12 and puzzle.given == []
    assert STANDARD.board_faults(puzzle.board) == []


def test_full_set_board_grows():
    puzzle = generate(GenerateRequest(tiles=80, given=0, seed=1))
    assert len(puzzle.board) == 80 and STANDARD.board_faults(puzzle.board) == []


def test_the_file_records_how_to_make_it_again_and_its_grade():
    puzzle = generate(request(14, (3, 5), seed=7))
    gen = puzzle.extra["generator"]
    assert gen == {"method": "search", "seed": 7, "tiles": 14, "given": 2,
                   "positions": [3, 5], "difficulty": None, "rules": "standard",
                   "version": version("conundrum")}
    assert puzzle.extra["grade"] in (1, 2, 3, 4, 5)
    options = {k: v for k, v in gen.items() if k != "version"}
    again = generate(GenerateRequest(**{**options, "positions": tuple(gen["positions"])}))
    assert dump_puzzle(again) == dump_puzzle(puzzle)


# ---- determinism and variety ---------------------------------------------------------
def test_same_request_same_bytes_and_time_limit_does_not_matter():
    a = dump_puzzle(generate(request(20, (6,), seed=9)))
    b = dump_puzzle(generate(request(20, (6,), seed=9, time_limit=500)))
    assert a == b


def test_different_seeds_give_different_puzzles():
    dumps = {dump_puzzle(generate(request(15, (4,), seed=s))) for s in range(1, 7)}
    assert len(dumps) == 6


def test_boards_vary_across_seeds():
    shapes, mixes, extra_chameleons = set(), set(), []
    for seed in range(1, 21):
        board = generate(request(20, (3,), seed=seed)).board
        x0, y0, x1, y1 = board.bbox()
        shapes.add((x1 - x0, y1 - y0))
        colours = "".join(p.code for p in board).replace("*", "")
        mixes.add(max("RYGBP", key=colours.count))
        extra_chameleons.append(sum(p.code[1] == "*" for p in board) - 1)
    assert len(shapes) >= 10  # different sizes of bounding box
    assert len(mixes) >= 3  # different dominant colours
    assert any(extra_chameleons) and not all(extra_chameleons)


def test_derived_seeds_do_not_use_python_hash(tmp_path):
    # a fresh interpreter with another hash seed writes the same bytes
    out = [tmp_path / "a.yaml", tmp_path / "b.yaml"]
    for path, hashseed in zip(out, ("1", "2"), strict=True):
        subprocess.run([*CONUNDRUM, "generate", "--tiles", "12", "--positions", "3",
                        "--seed", "4", "-o", str(path)], check=True, capture_output=True,
                       env={"PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin"})
    assert out[0].read_bytes() == out[1].read_bytes()


# ---- junior rules --------------------------------------------------------------------
@pytest.mark.parametrize("n, targets", [(8, (2,)), (20, (3, 3)), (15, (0,)), (10, (12,)),
                                        (30, (1, 4))])
def test_junior_puzzles_are_exact_and_legal(n, targets):
    puzzle = generate(request(n, targets, seed=2, rules="junior"))
    assert puzzle.rules == "junior"
    assert_exact(puzzle, n, targets)


# ---- the command ---------------------------------------------------------------------
def test_demo_command_writes_a_file_validate_accepts(capsys, tmp_path):
    out = tmp_path / "demo.yaml"
    code, text, err = run(capsys, "generate", "--tiles", 14, "--given", 2, "--positions",
                          "3,5", "--seed", 7, "-o", out)
    assert code == 0, err
    assert f"wrote {out}: 14 tiles" in text
    puzzle = load_puzzle(out)
    assert [g.positions for g in puzzle.given] == [3, 5]
    assert run(capsys, "validate", out)[0] == 0


def test_output_path_does_not_change_the_bytes(capsys, tmp_path):
    (tmp_path / "deep").mkdir()
    paths = [tmp_path / "one.yaml", tmp_path / "deep" / "other-name.yaml"]
    for p in paths:
        assert run(capsys, "generate", "--tiles", 18, "--positions", "4", "-o", p)[0] == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert yaml.safe_load(paths[0].read_text())["generator"]["seed"] == 1  # the default


@pytest.mark.parametrize("argv", [
    ["--tiles", 14, "--positions", 3, "--rules", "junior"],
    ["--tiles", 9, "--given", 3, "--positions", "1,2,3"],
    ["--difficulty", 2, "--seed", 3],
])
def test_every_generated_file_validates(capsys, tmp_path, argv):
    out = tmp_path / "p.yaml"
    assert run(capsys, "generate", *argv, "-o", out)[0] == 0
    assert run(capsys, "validate", out)[0] == 0


@pytest.mark.parametrize("argv, words", [
    (["--tiles", 2, "--given", 1, "--positions", 40], "no such puzzle exists"),
    (["--tiles", 78, "--given", 3, "--positions", 1], "only 2 tiles remain"),
    (["--tiles", 0, "--positions", 1], "1 to 80 tiles"),
    (["--tiles", 81, "--positions", 1], "1 to 80 tiles"),
    (["--tiles", 10, "--positions", -1], "cannot be negative"),
    (["--tiles", 10, "--given", -1], "cannot be negative"),
    (["--tiles", 10, "--given", 3, "--positions", "1,2"], "2 targets for 3 given"),
    (["--tiles", 10, "--positions", "3,x"], "whole numbers"),
    (["--tiles", 10], "--positions is required"),
    (["--positions", 3], "--tiles is required"),
    (["--tiles", 10, "--positions", 3, "--method", "magic"], "'magic'"),
    (["--tiles", 10, "--positions", 3, "--rules", "chess"], "'chess'"),
    (["--tiles", 10, "--positions", 3, "--method", "sat", "--rules", "junior"],
     "standard rules only"),
    (["--difficulty", 6], "'--difficulty'"),
    (["--tiles", 10, "--positions", 3, "--time-limit", 0], "positive"),
])
def test_impossible_requests_exit_2_with_a_reason_and_no_file(capsys, tmp_path, argv, words):
    out = tmp_path / "p.yaml"
    code, text, err = run(capsys, "generate", *argv, "-o", out)
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_far_off_targets_are_given_up_in_seconds(capsys, tmp_path):
    # work is counted in boards, not seconds: a hopeless request stops after the first
    # HOPELESS_AFTER boards instead of the whole budget (no timer: the suite shares CPUs)
    out = tmp_path / "p.yaml"
    code, _, err = run(capsys, "generate", "--tiles", 20, "--positions", 40, "-o", out)
    assert code == 2 and "no puzzle found" in err and not out.exists()
    assert f"after {HOPELESS_AFTER} boards" in err


def test_missing_output_folder_is_refused_before_any_work(capsys, tmp_path):
    code, _, err = run(capsys, "generate", "--tiles", 10, "--positions", 3,
                       "-o", tmp_path / "nope" / "p.yaml")
    assert code == 2 and "does not exist" in err


@pytest.mark.parametrize("argv, words", [
    (["--tiles", "2", "--given", "1", "--positions", "40"], "no such puzzle exists"),
    (["--tiles", "40", "--positions", "30,30,30,30", "--given", "4", "--time-limit", "0.2"],
     "time limit"),
])
def test_real_process_errors_one_line_exit_2_no_file(tmp_path, argv, words):
    out = tmp_path / "p.yaml"
    t0 = time.perf_counter()
    proc = subprocess.run([*CONUNDRUM, "generate", *argv, "-o", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert words in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == "" and not out.exists() and list(tmp_path.iterdir()) == []
    assert time.perf_counter() - t0 < 15


def test_given_tiles_are_varied_not_mostly_chameleons():
    # Chameleons hit high counts easily; left to chance they were 39% of given tiles.
    given = [g.code for seed in range(1, 31)
             for g in generate(GenerateRequest(difficulty=3, seed=seed)).given]
    chameleons = sum("*" in code for code in given)
    assert chameleons / len(given) < 0.2
    assert len(set(given)) >= 20
