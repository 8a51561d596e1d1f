"""The largest board a puzzle's rectangle prints legibly: what a book asks the generator for.

`largest_grid` draws a stand-in puzzle (a drawn grid of a chosen size, given
tiles with the most answers the section can ask for) with `draw_puzzle`
itself, on a scratch page, and finds the largest grid whose cells are at
least MIN_CELL mm. The bound so follows the layout code (header, label
bands, given tiles, answer space, QR code) instead of copying its numbers.

The bound is one rectangle (columns, rows), while `draw_puzzle` puts the
given tiles below the board or in a column beside it, whichever gives bigger
cells: what prints legibly is the union of two rectangles, and the bound is
the roomier of them (`largest_grid`). A board outside it may still print
legibly in the other arrangement: the bound is conservative there, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from conundrum.board import Board
from conundrum.notation import MARGIN, Grid
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from conundrum.tiles import tile_set
from renderers.page.fonts import text_width
from renderers.page.layout import Page
from renderers.page.style import MIN_CELL, Style
from renderers.sheet.puzzle import draw_puzzle
from renderers.sheet.solved import Solved

Drawn = Callable[[int, int], bool]  # (columns, rows) -> legible


def stand_in(counts: Sequence[int], columns: int, rows: int) -> Solved:
    """A puzzle drawn as `columns` x `rows` cells whose given tiles have these counts;
    the codes are the set's widest in print (at any size: widths scale with it), so no
    real puzzle's tiles take more room."""
    codes = sorted(tile_set(), key=lambda c: (-text_width(c, 10.0, True), c))[:len(counts)]
    start = Placement(tile_set()[0], (0, 0), "h")
    puzzle = Puzzle(Board([start]), [Given(c, n) for c, n in zip(codes, counts, strict=True)])
    found = tuple((c, (Placement(c, (0, 1), "h"),) * n)
                  for c, n in zip(codes, counts, strict=True))
    return Solved(puzzle, Grid(-MARGIN, -MARGIN, columns, rows), found)


def draws_legibly(counts: Sequence[int], w: float, h: float,
                  style_for: Callable[[Solved], Style]) -> Drawn:
    """Whether `draw_puzzle` draws the stand-in of a grid size in a w x h rectangle with
    cells of MIN_CELL mm or more (its `legible`), in the style `style_for` gives it."""

    def drawn(columns: int, rows: int) -> bool:
        solved = stand_in(counts, columns, rows)
        scratch = Page(w, h, lazy=True)  # the board is never drawn: only where it goes
        return draw_puzzle(scratch, solved, 0.0, 0.0, w, h, style_for(solved)).legible

    return drawn


def largest_grid(drawn: Drawn, w: float, h: float) -> tuple[int, int]:
    """The roomiest (columns, rows) `drawn` calls legible, bounded by a w x h rectangle.

    What is legible falls as the grid grows either way (a staircase: with the given
    tiles below the board wide and less tall, beside it narrow and taller; with
    several slots, their intersection). The walk along its edge visits every
    corner, and the corner whose smaller side (less the margin) is largest wins,
    then the larger area: boards grow as blobs, so a roomy square beats a long
    strip. (0, 0) when not even one cell is legible."""
    most_columns = int(w // MIN_CELL) + 1  # never legible: the cells would be too small
    rows = _most(partial(_at_columns, drawn, 1), 0, int(h // MIN_CELL) + 1)
    columns, corners = 1, []
    while rows:
        columns = _most(partial(_at_rows, drawn, rows), columns, most_columns)
        corners.append((columns, rows))
        # down the edge to the last row count at which one more column is legible
        wider = columns + 1
        rows = _most(partial(_at_columns, drawn, wider), 0, rows) \
            if wider < most_columns else 0
        columns = wider if rows else columns
    return max(corners, key=_roominess, default=(0, 0))


def _at_columns(drawn: Drawn, columns: int, rows: int) -> bool:
    return drawn(columns, rows)


def _at_rows(drawn: Drawn, rows: int, columns: int) -> bool:
    return drawn(columns, rows)


def _roominess(grid: tuple[int, int]) -> tuple[int, int]:
    columns, rows = grid[0] - 2 * MARGIN, grid[1] - 2 * MARGIN
    return (min(columns, rows), columns * rows)


def everywhere(drawns: Sequence[Drawn]) -> Drawn:
    """Legible in every one of several slots."""
    return lambda columns, rows: all(drawn(columns, rows) for drawn in drawns)


def _most(ok: Callable[[int], bool], known: int, beyond: int) -> int:
    """The largest n in [known, beyond) with ok(n), where ok(known) holds (or known is 0)
    and ok falls from True to False as n grows: by bisection."""
    lo, hi = known, beyond
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid
    return lo
