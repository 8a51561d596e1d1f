"""A puzzle with every position of each given tile: what sheets, keys and books draw.

Solving is done once, by whoever draws first (`solve`), and the result is
handed to every drawing function, so a puzzle drawn and then keyed, or laid
out several times in a book, is never solved twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from conundrum.errors import ConundrumError
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


def solve(puzzle: Puzzle, solutions: Solutions | None = None) -> Solved:
    """Positions of each given tile (`solutions` when the caller's solver found them
    already, e.g. a book's generator); a printed count that disagrees is refused.
    Raises ConundrumError."""
    found = given_positions(puzzle) if solutions is None else solutions
    for g, (_code, places) in zip(puzzle.given, found, strict=True):
        if g.positions is not None and g.positions != len(places):
            raise ConundrumError(
                f"given tile {g.code}: the file says {g.positions} positions but the solver "
                f"finds {len(places)}; fix the count (see `conundrum validate`)")
    grid = Grid.of(puzzle.board)
    grid.check_drawable()
    return Solved(puzzle, grid, found)




def retitled(solved: Solved, title: str) -> Solved:
    """The same solutions under another title (a book calls its puzzles "Puzzle 12")."""
    return replace(solved, puzzle=replace(solved.puzzle, title=title))
