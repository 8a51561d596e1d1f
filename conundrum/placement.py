"""Placement: a tile code laid on three cells in a row."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import BoardError, ConundrumError
from .tiles import canonical, normalise_code

Cell = tuple[int, int]
MAX_COORD = 1_000_000
STEP = {"h": (1, 0), "v": (0, 1)}


class Placement(NamedTuple):
    """`code` read left to right (h) or top to bottom (v) from `at`, its leftmost/topmost cell.

    Because `at` is always the first cell, two placements that put the same
    colours on the same cells are equal: a Placement *is* a position.

    >>> p = Placement("RYG", (2, 0), "v")
    >>> p.cells
    ((2, 0), (2, 1), (2, 2))
    >>> p.squares[1], p.tile, str(p)
    (((2, 1), 'Y'), 'GYR', 'RYG@2,0v')
    """

    code: str
    at: Cell
    dir: str

    @classmethod
    def make(cls, code: object, at: object, dir: object, limit: int = MAX_COORD) -> Placement:
        """Build a placement from loose input (e.g. YAML), checking every part.

        `limit` bounds |x| and |y|: MAX_COORD for a board; answers may reach a
        little beyond it, as positions next to a board at the limit do. Raises
        TileCodeError for a bad code, ConundrumError for a bad `at` or `dir`.

        >>> Placement.make("ryg", [2, 0], "V")
        Placement(code='RYG', at=(2, 0), dir='v')
        >>> Placement.make("RYG", [2, 0], "d")
        Traceback (most recent call last):
        ...
        conundrum.errors.ConundrumError: tile RYG: direction 'd' must be h or v
        """
        norm = normalise_code(code)
        if not (isinstance(at, (list, tuple)) and len(at) == 2):
            raise ConundrumError(f"tile {norm}: `at` must be two integers [x, y], not {at!r}")
        x, y = at
        for v in (x, y):
            if isinstance(v, bool) or not isinstance(v, int):
                raise ConundrumError(f"tile {norm}: coordinate {v!r} is not an integer")
            if abs(v) > limit:
                raise ConundrumError(
                    f"tile {norm}: coordinate {v} is beyond the limit of {limit:,}"
                )
        d = dir.strip().lower() if isinstance(dir, str) else None
        if d not in STEP:
            raise ConundrumError(f"tile {norm}: direction {dir!r} must be h or v")
        return cls(norm, (x, y), d)

    @property
    def tile(self) -> str:
        """The canonical tile code (the same for both readings)."""
        return canonical(self.code)

    @property
    def cells(self) -> tuple[Cell, Cell, Cell]:
        """The three cells, from `at` rightwards (h) or downwards (v)."""
        return run_cells(self.at, self.dir)

    @property
    def squares(self) -> tuple[tuple[Cell, str], ...]:
        """Each cell with the colour it gets."""
        return tuple(zip(self.cells, self.code, strict=True))

    def as_dict(self) -> dict[str, Any]:
        """The placement as a puzzle file writes it: `{code, at: [x, y], dir}`.

        >>> Placement("RYG", (2, 0), "v").as_dict()
        {'code': 'RYG', 'at': [2, 0], 'dir': 'v'}
        """
        return {"code": self.code, "at": [self.at[0], self.at[1]], "dir": self.dir}

    def __str__(self) -> str:
        return f"{self.code}@{self.at[0]},{self.at[1]}{self.dir}"


def from_cells(code: str, first: Cell, last: Cell) -> Placement:
    """The placement reading `code` from cell `first` to cell `last` (either way round).

    ConundrumError unless the two cells are two apart in one row or column.

    >>> from_cells("RYG", (4, 0), (2, 0))
    Placement(code='GYR', at=(2, 0), dir='h')
    """
    (x0, y0), (x1, y1) = first, last
    if y0 == y1 and abs(x1 - x0) == 2:
        d = "h"
    elif x0 == x1 and abs(y1 - y0) == 2:
        d = "v"
    else:
        raise ConundrumError("the first and last cells must be two apart in one row or column")
    if (x1, y1) < (x0, y0):
        return Placement(code[::-1], (x1, y1), d)
    return Placement(code, (x0, y0), d)


def run_cells(at: Cell, d: str) -> tuple[Cell, Cell, Cell]:
    """The three cells of the run starting at `at` (its leftmost/topmost cell) in direction `d`."""
    x, y = at
    dx, dy = STEP[d]
    return ((x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with `cell`: left, right, above, below.

    >>> neighbours((0, 0))
    ((-1, 0), (1, 0), (0, -1), (0, 1))
    """
    x, y = cell
    return ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))


def contact_count(cells: tuple[Cell, ...], occupied: Callable[[Cell], bool]) -> int:
    """Edges between `cells` (a run) and the occupied cells around them (`occupied(cell)`).

    >>> taken = set(run_cells((0, 0), "h"))
    >>> contact_count(run_cells((1, -1), "h"), taken.__contains__)
    2
    """
    return sum(1 for c in cells for n in neighbours(c) if n not in cells and occupied(n))


def as_placement(item: object) -> Placement:
    """A placement from its loose forms: (code, at, dir) or {code, at, dir}.

    BoardError for anything else; a bad part raises as `Placement.make` does.

    >>> as_placement({"code": "RYG", "at": [0, 2], "dir": "h"})
    Placement(code='RYG', at=(0, 2), dir='h')
    """
    try:
        if isinstance(item, dict):
            return Placement.make(item["code"], item["at"], item["dir"])
        if isinstance(item, (tuple, list)) and len(item) == 3:
            return Placement.make(*item)
    except KeyError:
        pass
    raise BoardError(f"{item!r} is not a placement: give Placement(code, (x, y), dir), "
                     "(code, (x, y), dir) or {code, at, dir}")
