"""The board alone, as art for layout tools: the grid, its labels and the tiles, no text
around it, on a page cropped to the board (`render --part board`, `book --export`)."""

from __future__ import annotations

from renderers.page.layout import Page
from renderers.page.style import Style
from renderers.sheet.draw import BoardView, draw_board, label_band
from renderers.sheet.solved import Solved

ART_MARGIN = 1.0  # mm of paper around the labels, so nothing touches the art's edge
ART_CELL = 6.0  # mm: about a book page's board; vector art scales freely in a layout tool


def board_page(solved: Solved, style: Style = Style(), cell: float = ART_CELL) -> Page:
    """A page exactly the size of the board with its label bands (plus a hair of margin)."""
    style = style.checked()
    grid = solved.grid
    band = label_band(cell, grid)
    edge = band + ART_MARGIN
    page = Page(grid.width * cell + 2 * edge, grid.height * cell + 2 * edge)
    draw_board(page, BoardView(grid, edge, edge, cell), solved.puzzle.board, style.pal)
    return page
