"""A puzzle's canonical form: the same text for all 8 rotations and reflections of its board.

A symmetry moves every cell, and it can also turn a tile round: after a
reflection the cell that was a tile's leftmost may be its rightmost, so its
`at` and the reading of its code change. Each placement is therefore rebuilt
from its transformed first and last cells (`from_cells` picks the new
leftmost/topmost cell and reverses the code when needed), the board is
translated so that its smallest cell is (0, 0), and the form is the
lexicographically smallest serialisation over the 8 transforms. Given tiles
are tile names, which no symmetry changes: they are listed canonically.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

from ..placement import Cell, Placement, from_cells
from ..puzzle import Puzzle
from ..tiles import canonical

Transform = Callable[[Cell], Cell]

# The dihedral group of the square: 4 rotations, each with and without a mirror.
TRANSFORMS: tuple[Transform, ...] = (
    lambda c: (c[0], c[1]),
    lambda c: (-c[1], c[0]),
    lambda c: (-c[0], -c[1]),
    lambda c: (c[1], -c[0]),
    lambda c: (-c[0], c[1]),
    lambda c: (c[0], -c[1]),
    lambda c: (c[1], c[0]),
    lambda c: (-c[1], -c[0]),
)


def transform_placement(p: Placement, t: Transform) -> Placement:
    first, _, last = p.cells
    return from_cells(p.code, t(first), t(last))


def transform_board(placements: Iterable[Placement], t: Transform) -> list[Placement]:
    return [transform_placement(p, t) for p in placements]


def _normalised(placements: list[Placement]) -> str:
    """Translate so the smallest cell is (0, 0); sort; write one line per tile."""
    min_x = min(c[0] for p in placements for c in p.cells)
    min_y = min(c[1] for p in placements for c in p.cells)
    moved = sorted((p.at[0] - min_x, p.at[1] - min_y, p.dir, p.code) for p in placements)
    return ";".join(f"{code}@{x},{y}{d}" for x, y, d, code in moved)


def board_form(placements: Iterable[Placement]) -> str:
    """The board's form up to symmetry and translation (which tile started is left out:
    two boards that look the same on the page are the same puzzle to a reader)."""
    tiles = list(placements)
    if not tiles:
        return ""
    return min(_normalised(transform_board(tiles, t)) for t in TRANSFORMS)


def canonical_form(puzzle: Puzzle) -> str:
    """The puzzle's form: rule set, chameleon set, board up to symmetry, given tiles."""
    chams = "default" if puzzle.chameleons is None else ",".join(sorted(puzzle.chameleons))
    given = ",".join(sorted(canonical(g.code) for g in puzzle.given))
    return f"{puzzle.rules}|{chams}|{board_form(puzzle.board)}|{given}"


def key_of(form: str) -> str:
    """A short fixed-size key for a canonical form (what the catalogue indexes)."""
    return hashlib.sha256(form.encode("utf-8")).hexdigest()


def puzzle_key(puzzle: Puzzle) -> str:
    """The key of the puzzle's canonical form: `key_of(canonical_form(puzzle))`."""
    return key_of(canonical_form(puzzle))
