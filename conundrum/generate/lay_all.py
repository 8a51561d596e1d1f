"""Making `kind: all` puzzles (Lay them all): a board from a simulated game with its last K
laid tiles taken away, kept only when those tiles can be laid back in exactly one way.

A game's last tiles were laid legally, one after another, so their positions are always
one arrangement; the arrangement solver (`conundrum/lay_all.py`) proves there is no other before
the puzzle is written. The puzzle is graded by `effort.measure_all` on the count
puzzles' scale, and a difficulty level draws the board's size and K from its own table
(below), drawing games until one grades at the level. Everything is drawn from
`random.Random` seeded from the request, so the same request makes the same puzzle.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..board import Board
from ..errors import GenerationError
from ..game.grow import grow_board
from ..lay_all import Arranged, TooManyStates, drawn_grid, puzzle_arrangements
from ..puzzle import ALL_GIVEN, Given, Puzzle
from ..rules import RuleSet
from ..seeds import derive
from .difficulty import grade_of_score
from .effort import AllEffort, Weights, default_weights, measure_all

# Games drawn before giving up: a unique arrangement turns up in about 1 game in 3 for
# K = 2 and 1 in 15 for K = 5, and a level's grade in about 1 unique case in 5 at worst.
ATTEMPTS = 1500


@dataclass(frozen=True)
class AllLevel:
    """What a difficulty level draws for a `kind: all` puzzle: board tiles (start included)
    and given tiles, inclusive ranges."""

    tiles: tuple[int, int]
    given: tuple[int, int]
    decoys: int = 0  # the fewest decoys (effort.py): positions the reader must rule out


# Measured (tests/benchmarks/bench_lay_all.py): each level's sizes grade at the level in a
# fair share of the unique cases (grade 1 needs a tiny board: two tiles to lay are two
# tiles to find). Most unique cases of 2 or 3 tiles have nothing to rule out (each tile
# fits one place at every step): the hard levels ask for decoys, so they are deductions.
ALL_LEVELS = {
    1: AllLevel((3, 5), (2, 2)),
    2: AllLevel((4, 8), (2, 2)),
    3: AllLevel((6, 14), (2, 3), 1),
    4: AllLevel((10, 20), (3, 3), 1),
    5: AllLevel((18, 30), (4, 5), 2),
}


def check_all_request(tiles: int | None, given: int | None, difficulty: int | None,
                      positions: object, method: str, rules: RuleSet) -> None:
    """Refuse what a `kind: all` request cannot mean, with the option to change."""
    low, high = ALL_GIVEN
    if positions is not None:
        raise GenerationError("--kind all takes no --positions: its answer is one "
                              "arrangement of the given tiles")
    if method != "search":
        raise GenerationError("--kind all is made from game boards: use --method search")
    if not rules.legal_stays_legal:
        raise GenerationError(f"--kind all is made for standard rules only, not {rules.name}")
    if given is not None and not low <= given <= high:
        raise GenerationError(f"--given {given}: a `kind: all` puzzle gives {low} to {high} "
                              "tiles")
    if difficulty is None and (tiles is None or given is None):
        raise GenerationError("--kind all needs --tiles and --given (or --difficulty to "
                              "pick them)")
    if tiles is not None and not 1 <= tiles <= 80 - (given or low):
        raise GenerationError(f"--tiles {tiles}: a board of 1 to {80 - (given or low)} "
                              "tiles leaves room for the given ones in the set")


def generate_all(tiles: int | None, given: int | None, difficulty: int | None, seed: int,
                 rules: RuleSet, deadline: float, max_grid: tuple[int, int] | None = None,
                 weights: Weights | None = None) -> tuple[Puzzle, Arranged, AllEffort]:
    """A `kind: all` puzzle with exactly one arrangement (and its effort), graded at
    `difficulty` when one is asked for. GenerationError when none is found in ATTEMPTS
    games or before `deadline` (time.monotonic())."""
    rng = random.Random(derive(seed, "all", rules.name, tiles, given, difficulty))
    level = ALL_LEVELS[difficulty] if difficulty is not None else None
    unique = off_grid = 0
    for _attempt in range(ATTEMPTS):
        if time.monotonic() > deadline:
            break
        n = tiles if tiles is not None else rng.randint(*level.tiles)  # type: ignore[union-attr]
        k = given if given is not None else rng.randint(*level.given)  # type: ignore[union-attr]
        puzzle = _take_back(grow_board(n + k, rng, rules), n, rules)
        try:
            found = puzzle_arrangements(puzzle, stop_after=2)
        except TooManyStates:  # so many ways to lay them that no reader could deduce one
            continue
        if found.count != 1:
            continue
        unique += 1
        if max_grid is not None:
            grid = drawn_grid(puzzle, found)
            if grid.width > max_grid[0] or grid.height > max_grid[1]:
                off_grid += 1
                continue
        effort = measure_all(puzzle, found, weights or default_weights())
        grade = grade_of_score(effort.score)
        if level is not None and (grade != difficulty
                                  or effort.features["decoys"] < level.decoys):
            continue
        puzzle.extra["grade"] = grade
        puzzle.extra["score"] = effort.score
        return puzzle, found, effort
    why = (f"{unique} with one arrangement, {off_grid} of them too big for the grid"
           + (f", none of the rest grading {difficulty}" if difficulty is not None else ""))
    raise GenerationError(f"no `kind: all` puzzle found in the time or games allowed ({why}); "
                          "try another --seed or other sizes")


def _take_back(board: Board, n: int, rules: RuleSet) -> Puzzle:
    """The game's first `n` tiles as the board, the rest (its last laid) as the given tiles."""
    laid = board.placements
    return Puzzle(Board(laid[:n]), [Given(p.code) for p in laid[n:]], rules.name,
                  kind="all", solutions=1)


def verify_all(puzzle: Puzzle) -> Arranged:
    """Re-solve a made `kind: all` puzzle from scratch: a legal board, distinct given tiles,
    exactly one arrangement. GenerationError (a bug) otherwise."""
    problems = [str(f) for f in puzzle.faults()]
    found = puzzle_arrangements(puzzle)
    if found.count != 1 or not found.complete:
        problems.append(f"{found.count} arrangements, not 1")
    if problems:
        raise GenerationError("internal error: generated puzzle failed its re-solve: "
                              + "; ".join(problems))
    return found
