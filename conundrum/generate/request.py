"""A generator's request and what a found board becomes: the request (`GenerateRequest`)
and its sizes made definite (`Sizes`), the puzzle re-solved against its counts and graded
(`finish`, `verify`), with the options that make it again (`reproducing_args`); and the
board's other sets of given tiles meeting the same request (`alternates_of`), one of them
made a puzzle (`with_alternate`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import Board
from ..errors import GenerationError
from ..notation import Grid
from ..puzzle import Given, Puzzle
from ..rules import ruleset
from ..seeds import derive
from ..solver import Solutions, counts, given_positions
from ..version import program_version
from .choose import TRIVIAL_NEAR, Choice, alternates, avoid_mask, avoided, trivial
from .difficulty import grade_of_score
from .effort import Weights, default_weights, measure

TRIVIAL_TEXT = f"one position in all and fewer than {TRIVIAL_NEAR} near misses to reject"
# a found board's other sets of given tiles, each tile with its count (choose.alternates)
Alternates = Sequence[tuple[tuple[str, int], ...]]


@dataclass(frozen=True)
class GenerateRequest:
    """What to generate: sizes, or a difficulty level filling those left unset; the method,
    rules, seed and limits. Checked by `generate`, which raises GenerationError."""

    tiles: int | None = None  # N, start chameleon included
    given: int | None = None  # K
    positions: tuple[int, ...] | None = None  # one target per given tile (one value: all)
    seed: int = 1
    method: str = "search"  # "search" | "sat"
    difficulty: int | None = None  # 1-5; fills unset tiles/given/positions
    rules: str = "standard"  # "standard" | "junior"
    time_limit: float | None = None  # seconds; only decides when to give up
    weights: Weights | None = None  # effort weights for the grade (default: shipped)
    allow_trivial: bool = False  # allow one position in all with < 5 near misses
    allow_similar: bool = False  # allow given tiles sharing two colours in place
    max_grid: tuple[int, int] | None = None  # the drawn grid's most (columns, rows): a page
    kind: str = "count"  # "count" | "all" (Lay them all: lay_all.py)
    # with a difficulty: the kinds wanted for the first given tiles ("plain", "palindrome",
    # "chameleon"), as a book plans its mix (choose.py); unset ones are drawn
    kinds: tuple[str, ...] | None = None
    # with a difficulty: the part of the level's score band wanted, [low, high) (a book asks
    # its sections' first two puzzles for the band's edges, so grades meet)
    score: tuple[float, float] | None = None
    # tiles never to give, either reading (a book keeps a section's tiles apart: book/plan.py):
    # codes, or the mask a puzzle records (choose.avoid_mask)
    avoid: tuple[str, ...] | str | None = None
    later: tuple[str, ...] | str | None = None  # tiles offered after the others (the same)
    # the puzzle the board found offers with its n-th other set of given tiles (1, 2 ...:
    # choose.alternates): a book takes one where a puzzle made meanwhile gave a tile
    alternate: int | None = None


@dataclass(frozen=True)
class Sizes:
    """A request's sizes made definite: tiles, given tiles, a count range per given tile, and
    a level's effort bands and kinds when graded."""

    tiles: int
    given: int
    ranges: tuple[tuple[int, int], ...]  # [low, high] count of each given tile
    tile_effort: tuple[float, float] | None = None  # a level's range per given tile
    score: tuple[float, float] | None = None  # a level's score band
    kinds: tuple[str, ...] | None = None  # a level's kinds of given tile

    @property
    def targets(self) -> tuple[int, ...]:
        """Exact targets (each range's low end; exact when the ranges are exact)."""
        return tuple(lo for lo, _hi in self.ranges)

    @property
    def exact(self) -> bool:
        """True when every given tile's count is one exact number."""
        return all(lo == hi for lo, hi in self.ranges)


def reproducing_args(req: GenerateRequest, rules: str) -> dict:
    """The request as asked: `conundrum generate` with these options makes the puzzle again.

    Sizes a difficulty level picked stay None (the level and seed pick them
    again); the time limit is left out, as it never changes the puzzle. The
    program's version is recorded too: the same options make the same puzzle
    with the same version (a later version may make another).
    """
    return ({"kind": req.kind} if req.kind != "count" else {}) | {
        "method": req.method, "seed": req.seed, "tiles": req.tiles,
        "given": req.given,
        "positions": None if req.positions is None else list(req.positions),
        "difficulty": req.difficulty, "rules": rules,
    } | {name: True for name in ("allow_trivial", "allow_similar") if getattr(req, name)} \
      | ({"weights": req.weights.source} if req.weights is not None else {}) \
      | ({"max_grid": list(req.max_grid)} if req.max_grid is not None else {}) \
      | ({"kinds": list(req.kinds)} if req.kinds is not None else {}) \
      | ({"score": list(req.score)} if req.score is not None else {}) \
      | ({"avoid": avoid_mask(avoided(req.avoid))} if req.avoid is not None else {}) \
      | ({"later": avoid_mask(avoided(req.later))} if req.later is not None else {}) \
      | {"version": program_version()}


def verify(puzzle: Puzzle, sizes: Sizes) -> Solutions:
    """Re-solve the puzzle from scratch and fill in the counts; refuse any mismatch.
    Returns every position of each given tile. Raises GenerationError (a bug)."""
    faults = puzzle.faults()
    problems = [str(f) for f in faults]
    if len(puzzle.board) != sizes.tiles:
        problems.append(f"{len(puzzle.board)} tiles, not {sizes.tiles}")
    solutions = given_positions(puzzle)
    for g, (_code, found), (lo, hi) in zip(puzzle.given, solutions, sizes.ranges, strict=True):
        g.positions = len(found)
        if not lo <= g.positions <= hi:
            wanted = str(lo) if lo == hi else f"{lo}-{hi}"
            problems.append(f"{g.code} has {g.positions} positions, not {wanted}")
    if problems:
        raise GenerationError("internal error: generated puzzle failed its re-solve: "
                              + "; ".join(problems))
    return solutions


def finish(req: GenerateRequest, rules: str, board: Board, codes: Sequence[str],
           sizes: Sizes) -> tuple[Puzzle, Solutions]:
    """The puzzle `board` (laid in order) and the given tiles `codes` make, re-solved
    against `sizes` (`verify`), within the request's grid, graded, with the options that
    make it again. GenerationError for a board beyond the grid or a trivial puzzle."""
    puzzle = Puzzle(board, [Given(c) for c in codes], rules)
    if req.max_grid is not None:
        # the search grows within the grid; a SAT board (or any slip) too big is refused here
        grid = Grid.of(puzzle.board)
        if grid.width > req.max_grid[0] or grid.height > req.max_grid[1]:
            raise GenerationError(f"the board's grid is {grid.width} x {grid.height} cells; "
                                  f"the page holds {req.max_grid[0]} x {req.max_grid[1]}")
    solutions = verify(puzzle, sizes)
    effort = measure(puzzle, req.weights or default_weights())
    if not req.allow_trivial and trivial(effort.tiles):
        raise GenerationError(f"the puzzle found is trivial ({TRIVIAL_TEXT}); "
                              "pass --allow-trivial to accept such puzzles")
    puzzle.extra["generator"] = reproducing_args(req, rules)
    puzzle.extra["grade"] = grade_of_score(effort.score)
    puzzle.extra["score"] = effort.score
    return puzzle, solutions


def choice_of(req: GenerateRequest, sizes: Sizes) -> Choice:
    """What the given tiles of a puzzle made for `req` to `sizes` must be besides their
    counts: the search's choice, and the alternates' (`alternates_of`) to match it."""
    return Choice(req.weights or default_weights(), req.allow_similar, req.allow_trivial,
                  sizes.tile_effort, sizes.score, sizes.kinds, avoided(req.avoid),
                  avoided(req.later, "--later"))


def alternates_of(puzzle: Puzzle, req: GenerateRequest, sizes: Sizes) -> Alternates:
    """The other sets of given tiles `puzzle`'s board offers for `req` made to `sizes`
    (`generate_sized`), each tile with its count: as the search's choice would have taken
    them (choose.alternates). Asked only where a book needs one: a board's tiles weighed
    again cost a tenth of a try (grade 5), and a try seldom clashes."""
    rules = ruleset(puzzle.rules)
    found = counts(puzzle.board, rules)
    choice = choice_of(req, sizes)
    kinds = sizes.kinds or ("plain",) * len(sizes.ranges)  # the wanted kind only orders
    codes = alternates(puzzle.board, rules, found, sizes.ranges,
                       random.Random(derive(req.seed, "alternates")), choice, kinds,
                       [g.code for g in puzzle.given])
    return [tuple((code, found[code]) for code in other) for other in codes]


def with_alternate(puzzle: Puzzle, alternates: Alternates, req: GenerateRequest
                   ) -> tuple[Puzzle, Solutions]:
    """`puzzle`'s board with its `req.alternate`-th other set of given tiles (1, 2 ...),
    re-solved against the counts the search found and graded: what `generate` gives for
    `req` (the request that found `puzzle`, with `alternate`). GenerationError where the
    board offers fewer, or that set grades outside the request's level or score window."""
    n = req.alternate
    assert n is not None  # only a request for an alternate has one
    if not 1 <= n <= len(alternates):
        raise GenerationError(f"--alternate {n}: the board found offers "
                              f"{len(alternates)} other sets of given tiles")
    codes = [code for code, _count in alternates[n - 1]]
    sizes = Sizes(len(puzzle.board), len(codes),
                  tuple((count, count) for _code, count in alternates[n - 1]))
    out, solutions = finish(req, puzzle.rules, puzzle.board, codes, sizes)
    recipe = dict(puzzle.extra["generator"])  # the found puzzle's, as it was normalised
    version = recipe.pop("version")
    out.extra["generator"] = recipe | {"alternate": n, "version": version}
    score, window = out.extra["score"], req.score
    if req.difficulty is not None and out.extra["grade"] != req.difficulty or \
            window is not None and not window[0] <= score < window[1]:
        raise GenerationError(f"--alternate {n}: its given tiles score {score:.1f}, "
                              "outside the level or the --score window")
    return out, solutions
