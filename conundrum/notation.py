"""Sheet coordinates and the reader's notation: `RYG C4 h`, `RYG C4-E4`.

The drawn area of a sheet is the board's bounding box grown by MARGIN cells;
columns are labelled A, B, ... Z, AA, AB ... from its left edge and rows
1, 2, ... from its top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .board import Board
from .errors import ConundrumError
from .placement import MAX_COORD, Cell, Placement, from_cells
from .tiles import normalise_code

MARGIN = 3
# A legal board of all 80 tiles in one line spans 240 cells, 246 with the margin;
# only far-apart tiles on a hand-drawn (--allow-illegal) board can need more.
MAX_DRAWN = 250


def column_label(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (bijective base 26); ValueError for a negative index.

    >>> column_label(0), column_label(25), column_label(26)
    ('A', 'Z', 'AA')
    """
    if index < 0:
        raise ValueError("column index must be >= 0")
    label = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        label = chr(ord("A") + rem) + label
    return label


def column_index(label: str) -> int:
    """A column's index from its label: the inverse of `column_label`, any case.

    >>> column_index("D"), column_index("aa")
    (3, 26)
    """
    n = 0
    for ch in label.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


@dataclass(frozen=True)
class Grid:
    """The drawn area of a board's sheet: origin cell and size in cells."""

    left: int
    top: int
    width: int
    height: int

    @classmethod
    def of(cls, board: Board) -> Grid:
        """The drawn area of `board`: its bounding box grown by MARGIN cells on every side.

        >>> from conundrum.board import Board
        >>> Grid.of(Board([Placement("B*Y", (0, 0), "h")]))
        Grid(left=-3, top=-3, width=9, height=7)
        """
        x0, y0, x1, y1 = board.bbox()
        return cls(x0 - MARGIN, y0 - MARGIN, x1 - x0 + 1 + 2 * MARGIN, y1 - y0 + 1 + 2 * MARGIN)

    def name(self, cell: Cell) -> str:
        """Sheet name of a cell, e.g. `C4`; `(x,y)` for a cell left of or above the area."""
        col, row = cell[0] - self.left, cell[1] - self.top
        if col < 0 or row < 0:
            return f"({cell[0]},{cell[1]})"
        return f"{column_label(col)}{row + 1}"

    def cell(self, name: str) -> Cell:
        """The cell a sheet name such as `C4` stands for (any case). ConundrumError when it is
        not a cell name, or lies beyond the coordinate limit and outside the drawn area."""
        m = re.fullmatch(r"([A-Za-z]{1,3})([0-9]{1,7})", name.strip(), re.ASCII)
        if not m or int(m.group(2)) < 1:
            raise ConundrumError(f"{name!r} is not a cell such as C4")
        x = self.left + column_index(m.group(1))
        y = self.top + int(m.group(2)) - 1
        # the drawn area reaches MARGIN cells past a board at the limit: its cells are read
        if not self.inside((x, y)) and (abs(x) > MAX_COORD or abs(y) > MAX_COORD):
            raise ConundrumError(f"cell {name} is beyond the limit")
        return (x, y)

    @property
    def drawable(self) -> bool:
        """Whether the drawn area is small enough to draw cell by cell."""
        return self.width <= MAX_DRAWN and self.height <= MAX_DRAWN

    def check_drawable(self) -> None:
        """Raise ConundrumError, naming the board's size, when the drawn area is too big to draw."""
        if not self.drawable:
            raise ConundrumError(
                f"the board spans {self.width} x {self.height} cells; a sheet draws at most "
                f"{MAX_DRAWN} a side (are some tiles far from the others?)")

    def inside(self, cell: Cell) -> bool:
        """Whether the cell lies in the drawn area."""
        return (0 <= cell[0] - self.left < self.width) and (0 <= cell[1] - self.top < self.height)

    def text(self, p: Placement) -> str:
        """`RYG C4 h`."""
        return f"{p.code} {self.name(p.at)} {p.dir}"

    def span_text(self, p: Placement) -> str:
        """`RYG C4-E4`."""
        return f"{p.code} {self.name(p.cells[0])}-{self.name(p.cells[2])}"

    def parse(self, line: str) -> Placement:
        """Read `RYG C4 h`, `RYG C4-E4` or `GYR E4-C4` into a placement.

        TileCodeError for a bad code, ConundrumError for any other unreadable part.

        >>> from conundrum.board import Board
        >>> grid = Grid.of(Board([Placement("B*Y", (0, 0), "h")]))
        >>> grid.parse("YYY E3 h")
        Placement(code='YYY', at=(1, -1), dir='h')
        >>> p = grid.parse("GYB G3-E3")
        >>> p, grid.text(p), grid.span_text(p)
        (Placement(code='BYG', at=(1, -1), dir='h'), 'BYG E3 h', 'BYG E3-G3')
        """
        parts = line.replace("–", "-").split()
        if len(parts) == 2 and "-" in parts[1]:
            code = normalise_code(parts[0])
            first, _, last = parts[1].partition("-")
            return from_cells(code, self.cell(first), self.cell(last))
        if len(parts) == 4 and parts[2] == "-":
            code = normalise_code(parts[0])
            return from_cells(code, self.cell(parts[1]), self.cell(parts[3]))
        if len(parts) == 3 and parts[2].lower() in ("h", "v"):
            code = normalise_code(parts[0])
            return Placement(code, self.cell(parts[1]), parts[2].lower())
        raise ConundrumError("expected a position such as `RYG C4 h` or `RYG C4-E4`")
