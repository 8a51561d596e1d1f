"""A puzzle with every position of each given tile: what sheets, keys and books draw.

Solving is done once, by whoever draws first (`solve`), and the result is
handed to every drawing function, so a puzzle drawn and then keyed, or laid
out several times in a book, is never solved twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from conundrum.errors import ConundrumError
from conundrum.lay_all import Arrangement, claim_faults, drawn_grid, puzzle_arrangements
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.puzzle import Puzzle
from conundrum.solver import Solutions, given_positions


@dataclass(frozen=True)
class Solved:
    """A puzzle with its drawn area and every position of each given tile."""

    puzzle: Puzzle
    grid: Grid
    solutions: tuple[tuple[str, tuple[Placement, ...]], ...]
    # a `kind: all` puzzle's arrangements (None for a count puzzle); `solutions` then holds
    # each tile's positions over them: its one position when the answer is unique
    arrangements: tuple[Arrangement, ...] | None = None


def solve(puzzle: Puzzle, solutions: Solutions | None = None) -> Solved:
    """Positions of each given tile (`solutions` when the caller's solver found them
    already, e.g. a book's generator); a printed count that disagrees is refused.
    Raises ConundrumError."""
    if puzzle.kind == "all":
        return _solve_all(puzzle)
    found = given_positions(puzzle) if solutions is None else solutions
    for g, (_code, places) in zip(puzzle.given, found, strict=True):
        if g.positions is not None and g.positions != len(places):
            raise ConundrumError(
                f"given tile {g.code}: the file says {g.positions} positions but the solver "
                f"finds {len(places)}; fix the count (see `conundrum validate`)")
    grid = Grid.of(puzzle.board)
    grid.check_drawable()
    return Solved(puzzle, grid, found)


def _solve_all(puzzle: Puzzle) -> Solved:
    """A `kind: all` puzzle solved: its arrangements; a wrong `solutions:` claim is refused."""
    arranged = puzzle_arrangements(puzzle)
    for fault in claim_faults(puzzle, arranged):
        raise ConundrumError(f"{fault}; fix the claim (see `conundrum validate`)")
    per_tile = tuple((g.code, tuple(dict.fromkeys(a[i] for a in arranged.arrangements)))
                     for i, g in enumerate(puzzle.given))
    grid = drawn_grid(puzzle, arranged)
    grid.check_drawable()
    return Solved(puzzle, grid, per_tile, arranged.arrangements)


def retitled(solved: Solved, title: str) -> Solved:
    """The same solutions under another title (a book calls its puzzles "Puzzle 12")."""
    return replace(solved, puzzle=replace(solved.puzzle, title=title))
