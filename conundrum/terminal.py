"""The board drawn in a terminal, labelled as on a printed sheet."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from .board import Board
from .notation import Grid, column_label
from .placement import Placement

# C0 controls but tab and newline, DEL, and the C1 controls (a terminal acts on them)
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def shown(text: object) -> str:
    r"""Text from a file or a person, safe to print on a terminal: every control character
    shown as an escape (`\x1b`), so a title cannot set the window's title, clear the
    screen or move the cursor over the lines printed before.

    >>> shown("Vol. 1\x1b]0;PWNED\x07\x1b[2J")
    'Vol. 1\\x1b]0;PWNED\\x07\\x1b[2J'
    """
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


STYLES = {
    "R": "bold white on red3",
    "Y": "bold black on yellow1",
    "G": "bold white on green4",
    "B": "bold white on blue3",
    "P": "bold white on dark_magenta",
    "*": "bold black on grey85",
}
EMPTY = "grey42"


def board_picture(board: Board, highlight: Iterable[Placement] = (),
                  grid: Grid | None = None) -> Text:
    """Coloured cells with their letters; `highlight` placements drawn in lower case."""
    grid = grid or Grid.of(board)
    if not grid.drawable:
        return Text(f"(the board spans {grid.width} x {grid.height} cells: too large to "
                    "draw here; positions are listed below)\n")
    extra = {cell: colour for p in highlight for cell, colour in p.squares}
    width = max(2, len(str(grid.height)))
    out = Text()
    out.append(" " * width)
    for col in range(grid.width):
        out.append(f"{column_label(col):^3}", style="bold")
    out.append("\n")
    for row in range(grid.height):
        out.append(f"{row + 1:>{width}}", style="bold")
        for col in range(grid.width):
            cell = (grid.left + col, grid.top + row)
            colour = board.colour_at(cell)
            if colour:
                out.append(f" {colour} ", style=STYLES[colour])
            elif cell in extra:
                out.append(f"[{extra[cell].lower()}]", style=STYLES[extra[cell]])
            else:
                out.append(" · ", style=EMPTY)
        out.append("\n")
    return out
