"""Lay them all (`kind: all`) through the commands: solve lists arrangements, validate checks
the claim, check judges a reader's arrangement and names its first fault."""

from __future__ import annotations

import json

import pytest

from conundrum.board import Board
from conundrum.check import judge
from conundrum.cli import main
from conundrum.lay_all import drawn_grid, puzzle_arrangements
from conundrum.puzzle import Given, Puzzle, save_puzzle
from tests.support.reference import single_tile_moves
from tests.support.strategies import grow

START_ALONE = """\
kind: all
board:
- {code: B*Y, at: [0, 0], dir: h}
given: [YYY, BYG]
"""


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def unique_puzzle(k: int = 3) -> Puzzle:
    """A game's board with its last k tiles taken away, the first seed where they can be
    laid back in one way only."""
    for seed in range(200):
        laid = grow(seed, 10 + seed % 8).placements
        puzzle = Puzzle(Board(laid[:-k]), [Given(p.code) for p in laid[-k:]], kind="all",
                        solutions=1)
        if puzzle_arrangements(puzzle, stop_after=2).count == 1:
            return puzzle
    raise AssertionError("no unique case in 200 seeds")


@pytest.fixture(scope="module")
def unique():
    puzzle = unique_puzzle()
    return puzzle, puzzle_arrangements(puzzle).arrangements[0]


# ---- solve ----------------------------------------------------------------------------
def test_solve_lists_arrangements_up_to_the_limit_with_the_exact_count(capsys, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(START_ALONE)
    code, out, _ = run(capsys, "solve", path, "--limit", 2)
    assert code == 0
    assert "lay all of YYY, BYG: 4 arrangements" in out
    assert "  1: YYY E3 h; BYG E5 h" in out and "  3:" not in out
    assert "... and 2 more (--limit 2)" in out


def test_solve_json_has_the_spec_shape(capsys, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(START_ALONE)
    code, out, _ = run(capsys, "solve", path, "--json", "--limit", 1)
    doc = json.loads(out)
    assert code == 0 and doc["kind"] == "all" and doc["count"] == 4
    assert len(doc["arrangements"]) == 1
    first = doc["arrangements"][0]
    assert [p["code"] for p in first] == ["YYY", "BYG"]  # in the order given
    assert first[0] == {"code": "YYY", "at": [1, -1], "dir": "h", "sheet": "YYY E3 h",
                        "cells": "YYY E3-G3"}


def test_solve_tile_still_lists_positions(capsys, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(START_ALONE)
    code, out, _ = run(capsys, "solve", path, "--tile", "YYY")
    assert code == 0 and "YYY: 2 positions" in out


# ---- validate -------------------------------------------------------------------------
def test_validate_checks_the_claim(capsys, tmp_path, unique):
    puzzle, _answer = unique
    path = tmp_path / "p.yaml"
    save_puzzle(puzzle, path)
    code, out, _ = run(capsys, "validate", path)
    assert code == 0 and "1 arrangement as claimed" in out
    path.write_text(START_ALONE.replace("kind: all", "kind: all\nsolutions: 1"))
    code, out, _ = run(capsys, "validate", path)
    assert code == 1
    assert "the file says solutions: 1, the solver finds 4 arrangements" in out


# ---- check ----------------------------------------------------------------------------
def test_check_accepts_the_answer_in_lines_semicolons_and_json(capsys, tmp_path, unique):
    puzzle, answer = unique
    path = tmp_path / "p.yaml"
    save_puzzle(puzzle, path)
    grid = drawn_grid(puzzle)
    forms = ["\n".join(grid.text(p) for p in answer),
             "; ".join(grid.span_text(p) for p in reversed(answer)),
             json.dumps([p.as_dict() for p in answer])]
    for i, text in enumerate(forms):
        answers = tmp_path / f"a{i}.txt"
        answers.write_text(text)
        code, out, _ = run(capsys, "check", path, answers)
        assert code == 0 and out.startswith("right: every tile laid"), text
    code, out, _ = run(capsys, "check", path, tmp_path / "a0.txt", "--json")
    doc = json.loads(out)
    assert doc["right"] and doc["fault"] is None
    assert {(p["code"], tuple(p["at"]), p["dir"]) for p in doc["order"]} == \
        {(p.code, p.at, p.dir) for p in answer}


def test_every_single_tile_change_is_rejected_with_a_reason(unique):
    puzzle, answer = unique
    grid = drawn_grid(puzzle)
    assert judge(puzzle, "\n".join(grid.text(p) for p in answer)).right
    changes = 0
    for moved in single_tile_moves(answer, grid):
        text = "\n".join(grid.text(p) for p in moved)
        verdict = judge(puzzle, text, grid)
        assert not verdict.right and verdict.fault, text
        changes += 1
    assert changes > 1000


@pytest.mark.parametrize(("mangle", "fault"), [
    (lambda lines: lines[1:], "missing tile"),
    (lambda lines: [*lines, "RRR A1 h"], "RRR is not a given tile"),
    (lambda lines: [*lines, "nonsense"], "unreadable line"),
    (lambda lines: [lines[0].split()[0] + " A1 h", *lines], "has two positions"),
])
def test_check_names_the_first_fault(capsys, tmp_path, unique, mangle, fault):
    puzzle, answer = unique
    path = tmp_path / "p.yaml"
    save_puzzle(puzzle, path)
    grid = drawn_grid(puzzle)
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(mangle([grid.text(p) for p in answer])))
    code, out, _ = run(capsys, "check", path, answers)
    assert code == 1 and out.startswith("wrong: ") and fault in out


def test_check_names_an_overlap_and_a_tile_that_fits_no_order(unique):
    puzzle, answer = unique
    grid = drawn_grid(puzzle)
    first, rest = answer[0], answer[1:]
    on_board = type(first)(first.code, puzzle.board.placements[0].at, "h")
    verdict = judge(puzzle, "\n".join(grid.text(p) for p in (on_board, *rest)), grid)
    assert "overlap at" in verdict.fault and "taken by the board's" in verdict.fault
    far = type(first)(first.code, (grid.left + grid.width + 5, grid.top), "h")
    verdict = judge(puzzle, "\n".join(grid.text(p) for p in (far, *rest)), grid)
    assert "fits no order: too few matching contacts" in verdict.fault


def test_junior_arrangements_are_judged_in_every_order():
    """Junior contacts can spoil a tile laid earlier, so check tries every order: each of
    the solver's arrangements is right, and a tile moved off its open end is not."""
    for seed in range(5):
        laid = grow(seed, 8, "junior").placements
        puzzle = Puzzle(Board(laid[:-2]), [Given(p.code) for p in laid[-2:]], "junior",
                        kind="all")
        grid = drawn_grid(puzzle)
        found = puzzle_arrangements(puzzle).arrangements
        assert found
        for a in found[:20]:
            assert judge(puzzle, "; ".join(grid.text(p) for p in a), grid).right
        far = type(found[0][0])(found[0][0].code, (grid.left, grid.top), "h")
        assert not judge(puzzle, "; ".join(grid.text(p) for p in (far, found[0][1])),
                         grid).right
