"""Grades that separate, and a given-tile mix like the tile set, over a book-like batch.

One batch of 200 puzzles (40 per level, fixed seeds) is generated once per
test session; the grade tests read the first 20 of each level.
"""

from __future__ import annotations

import statistics
from itertools import product

import pytest

from conundrum.generate import GenerateRequest, generate
from conundrum.generate.choose import MAX_OVERLAP, similar, trivial
from conundrum.generate.difficulty import LEVELS, MAX_POSITIONS, grade
from conundrum.generate.effort import measure
from conundrum.solver import positions

PER_LEVEL = 40
GRADED = 20

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def batch():
    return {level: [generate(GenerateRequest(difficulty=level, seed=seed))
                    for seed in range(1, PER_LEVEL + 1)] for level in LEVELS}


def test_every_puzzle_is_exact_graded_and_capped(batch):
    for level, puzzles in batch.items():
        for pz in puzzles:
            assert pz.ruleset.board_faults(pz.board) == []
            for g in pz.given:
                assert len(positions(pz.board, g.code, pz.ruleset)) == g.positions
            assert sum(g.positions for g in pz.given) <= MAX_POSITIONS  # docs/generator.md
            assert grade(pz) == level == pz.extra["grade"]
            assert pz.extra["score"] == measure(pz).score


def test_median_effort_per_given_tile_rises_strictly_with_the_grade(batch):
    medians = [statistics.median(measure(pz).per_tile for pz in batch[level][:GRADED])
               for level in LEVELS]
    assert all(a < b for a, b in zip(medians, medians[1:], strict=False)), medians


@pytest.mark.parametrize("level", LEVELS[:-1])
def test_a_harder_grade_needs_more_effort_nine_times_in_ten(batch, level):
    easy = [measure(pz).score for pz in batch[level][:GRADED]]
    hard = [measure(pz).score for pz in batch[level + 1][:GRADED]]
    wins = sum(h > e for h, e in product(hard, easy))
    assert wins >= 0.9 * len(hard) * len(easy)


def given_codes(batch) -> list[str]:
    return [g.code for puzzles in batch.values() for pz in puzzles for g in pz.given]


def test_given_tiles_are_chameleons_and_palindromes_about_as_often_as_in_the_set(batch):
    codes = given_codes(batch)
    chameleons = sum(c[1] == "*" for c in codes) / len(codes)
    palindromes = sum(c == c[::-1] for c in codes) / len(codes)
    assert 0.04 <= chameleons <= 0.09, chameleons
    assert palindromes >= 0.20, palindromes


def test_given_tiles_of_one_puzzle_differ_and_overlap_little(batch):
    multi = [pz for puzzles in batch.values() for pz in puzzles if len(pz.given) > 1]
    assert multi
    for pz in multi:
        codes = [g.code for g in pz.given]
        assert not any(similar(a, b) for i, a in enumerate(codes) for b in codes[i + 1:])
        assert measure(pz).puzzle_features["overlap"] <= MAX_OVERLAP


def test_no_puzzle_is_trivial(batch):
    for puzzles in batch.values():
        for pz in puzzles:
            assert not trivial(measure(pz).tiles)


def test_count_one_puzzles_need_an_explicit_allowance_to_be_trivial():
    """On three tiles there is often almost nothing to reject: refused, unless asked for."""
    for seed in range(1, 9):
        req = GenerateRequest(tiles=3, positions=(1,), seed=seed)
        try:
            pz = generate(req)
        except Exception as exc:
            assert "--allow-trivial" in str(exc) or "no puzzle found" in str(exc)
        else:
            assert not trivial(measure(pz).tiles)
    made = [generate(GenerateRequest(tiles=3, positions=(1,), seed=s, allow_trivial=True))
            for s in range(1, 9)]
    assert any(trivial(measure(pz).tiles) for pz in made)
    assert all(pz.extra["generator"]["allow_trivial"] is True for pz in made)
