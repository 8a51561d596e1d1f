"""Difficulty: what each level asks for, and a grade measured on the finished puzzle.

The grade is computed from features a solver (human or program) meets:

- `board`: tiles on the board (N);
- `cells`: empty cells touching the board, the candidate cells one must
  look at;
- `near`: near misses of the given tiles, placements that look right but
  are not: under standard rules a reading with exactly one matching contact
  and no clash, or one with a clash beside two or more matching contacts;
  under junior rules a reading that touches an open end with a matching
  square but is still illegal;
- `chameleons`: chameleons on the board besides the start (jokers make
  contacts harder to read);
- `positions`: the sum of the given tiles' counts (each one must be found);
- `zero`: given tiles with no position at all (one must rule out everything);
- `palindromes`: given tiles that read the same both ways (half the readings
  to try, so easier);
- `given`: the number of given tiles (K).

    score = 0.4·board + 0.04·cells + 0.06·near + 1.5·chameleons
            + 0.8·positions + 2·zero + 1.5·(given − 1) − 1.5·palindromes

and the grade is the band the score falls in (BANDS).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from ..board import Board
from ..errors import GenerationError
from ..placement import Placement, neighbours
from ..puzzle import Puzzle
from ..rules import JuniorRules, RuleSet, matches
from ..solver import positions
from ..tiles import JOKER

LEVELS = (1, 2, 3, 4, 5)
# Upper score limits of grades 1-4; a score at or above BANDS[-1] is grade 5.
BANDS = (9.5, 15.0, 24.5, 34.0)
WEIGHTS = {
    "board": 0.4, "cells": 0.04, "near": 0.06, "chameleons": 1.5, "positions": 0.8,
    "zero": 2.0, "given": 1.5, "palindromes": -1.5,
}


@dataclass(frozen=True)
class LevelParams:
    """Ranges a level draws its sizes from (inclusive)."""

    tiles: tuple[int, int]
    given: tuple[int, int]
    positions: tuple[int, int]


STANDARD_LEVELS = {
    1: LevelParams((5, 8), (1, 1), (1, 3)),
    2: LevelParams((10, 14), (1, 1), (2, 5)),
    3: LevelParams((16, 22), (1, 1), (4, 8)),
    4: LevelParams((20, 28), (2, 2), (4, 8)),
    5: LevelParams((28, 40), (2, 3), (5, 10)),
}


def level_params(level: int) -> LevelParams:
    if level not in LEVELS:
        raise GenerationError(f"--difficulty {level}: choose a level from 1 to 5")
    return STANDARD_LEVELS[level]


def params_for(level: int, rng_or_seed: random.Random | int,
               rules: str = "standard") -> tuple[int, int, tuple[int, ...]]:
    """(tiles, given, positions) drawn for a level, from a seeded generator."""
    rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
    lp = level_params(level)
    tiles = rng.randint(*lp.tiles)
    given = rng.randint(*lp.given)
    targets = tuple(rng.randint(*lp.positions) for _ in range(given))
    return tiles, given, targets


@dataclass(frozen=True)
class Features:
    board: int
    cells: int
    near: int
    chameleons: int
    positions: int
    zero: int
    palindromes: int
    given: int

    def score(self) -> float:
        raw = sum(WEIGHTS[k] * v for k, v in asdict(self).items() if k != "given")
        raw += WEIGHTS["given"] * max(0, self.given - 1)
        return round(raw, 2)


def features(puzzle: Puzzle, counts: list[int] | None = None) -> Features:
    """The puzzle's features; `counts` are the given tiles' position counts when already
    solved (the generator's re-solve), else they are solved here."""
    rs = puzzle.ruleset
    board = puzzle.board
    codes = [g.code for g in puzzle.given]
    if counts is None:
        counts = [len(positions(board, c, rs)) for c in codes]
    start = board.start_id
    return Features(
        board=len(board),
        cells=sum(1 for _ in board.frontier()),
        near=sum(near_misses(board, c, rs) for c in codes),
        chameleons=sum(1 for tid, p in board.items() if tid != start and p.code[1] == JOKER),
        positions=sum(counts),
        zero=sum(1 for n in counts if n == 0),
        palindromes=sum(1 for c in codes if c == c[::-1]),
        given=len(codes),
    )


def score(puzzle: Puzzle, counts: list[int] | None = None) -> float:
    """The raw difficulty score (see the module text for the formula)."""
    return features(puzzle, counts).score()


def grade_of_score(value: float) -> int:
    for level, limit in zip(LEVELS, BANDS, strict=False):
        if value < limit:
            return level
    return LEVELS[-1]


def grade(puzzle: Puzzle) -> int:
    """The puzzle's difficulty level, 1 (easy) to 5 (hard)."""
    return grade_of_score(score(puzzle))


def near_misses(board: Board, code: str, rules: RuleSet) -> int:
    """Readings of `code` on runs touching the board that look legal but are not."""
    junior = isinstance(rules, JuniorRules)
    readings = (code,) if code == code[::-1] else (code, code[::-1])
    n = 0
    for at, d, *_ in board.candidate_runs():
        for r in readings:
            p = Placement(r, at, d)
            if junior and isinstance(rules, JuniorRules):
                n += _junior_near(board, p, rules)
            else:
                n += _standard_near(board, p)
    return n


def _standard_near(board: Board, p: Placement) -> bool:
    # the board's contact tables give each square's matches and clashes directly
    match = clash = 0
    for cell, colour in p.squares:
        m, c = board.match_clash(cell, colour)
        match += m
        clash += c
    return (match == 1 and not clash) or (clash > 0 and match >= 2)


def _junior_near(board: Board, p: Placement, rules: JuniorRules) -> bool:
    own = p.cells
    touches_end = False
    for cell, colour in p.squares:
        for nb in neighbours(cell):
            if nb in own:
                continue
            other = board.colour_at(nb)
            if other is not None and matches(colour, other) and rules.is_open_end(board, nb):
                touches_end = True
    return touches_end and not rules.is_legal(board, p)
