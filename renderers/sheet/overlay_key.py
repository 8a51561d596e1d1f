"""One puzzle's answers on one small board: a book's answer key (`answers: end`).

The board is drawn small and faded, cropped to its tiles and answers, and every
position of every given tile is outlined on it, each given tile in its own outline
(solid, dashed, dotted: told apart in mono and in every palette, overlapping or not),
with a legend line and the positions in notation beneath. A block is drawn whole, so
a page never ends with a puzzle's heading away from its board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from conundrum.notation import Grid
from conundrum.placement import Placement
from renderers.page.fonts import wrap
from renderers.page.layout import Line, Page, Rect, Text
from renderers.page.palettes import Palette
from renderers.page.style import Style
from renderers.page.text import first_baseline, line_height, wrap_list
from renderers.sheet.draw import BoardView, TileLook, draw_grid, draw_placement, label_band
from renderers.sheet.solved import Solved

MIN_KEY_CELL = 1.5  # mm: the smallest cell an answer board is drawn at
MAX_KEY_CELL = 1.6  # mm: boards about as small as they may be (60 keys in 4 6x9 pages)
HEADING_PT = 9.0
TEXT_PT = 8.0  # the answers in notation: read, so 8 pt (KDP's least is 7)
SAMPLE = 5.0  # mm: the sample of a tile's outline before its positions
INDENT = SAMPLE + 1.2
FRAME = 0.2  # mm: the board's frame is stroked on its edge; kept inside the column
STYLES = ("solid", "dashed", "dotted")  # the given tiles' outlines, in the puzzle's order


@dataclass(frozen=True)
class KeyBlock:
    """One puzzle's key laid out for a column: its board's crop and cell, and its lines:
    for each given tile, a sample of its outline, then its positions in notation."""

    solved: Solved
    heading: str
    crop: Grid
    cell: float
    lines: list[tuple[str | None, str]]  # (the tile's outline style on its first line, text)

    @property
    def band(self) -> float:
        """The width of the board's label strips (the puzzle's column letters, row numbers)."""
        return label_band(self.cell, self.crop)

    @property
    def height(self) -> float:
        """The block's height in mm: heading, board and lines."""
        return board_part(self) + len(self.lines) * line_height(TEXT_PT)


def crop_of(solved: Solved) -> Grid:
    """The board's tiles and every answer, edge to edge (the frame is the margin)."""
    cells = [c for p in solved.puzzle.board.placements for c in p.cells]
    cells += [c for _code, found in solved.solutions for p in found for c in p.cells]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return Grid(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def key_band(crop: Grid) -> float:
    """The label strip's width above and left of a key board of `crop` (at the least cell:
    the widest)."""
    return label_band(MIN_KEY_CELL, crop)


def key_cell(solved: Solved, width: float) -> float:
    """The cell size the key's board takes in a column `width` mm wide, its label strips
    beside it (may be under MIN_KEY_CELL when the column is too narrow: the caller picks
    wider columns)."""
    crop = crop_of(solved)
    return min(MAX_KEY_CELL, (width - 2 * FRAME - key_band(crop)) / crop.width)


def key_block(solved: Solved, heading: str, width: float, style: Style) -> KeyBlock:
    """`solved`'s key laid out for a column `width` mm wide."""
    lines: list[tuple[str | None, str]] = []
    for i, (_code, found) in enumerate(solved.solutions):
        wrapped = wrap_list([solved.grid.text(p) for p in found], width - INDENT, TEXT_PT) \
            if found else wrap(style.t("no_positions"), TEXT_PT, width - INDENT)
        lines += [(STYLES[i % len(STYLES)] if k == 0 else None, t)
                  for k, t in enumerate(wrapped)]
    return KeyBlock(solved, heading, crop_of(solved), key_cell(solved, width), lines)


def board_part(block: KeyBlock) -> float:
    """The height of a block's heading and board: what must stay together."""
    return line_height(HEADING_PT) + 0.8 + block.crop.height * block.cell + block.band + 1.5


def draw_key_block(page: Page, block: KeyBlock, x: float, y: float, style: Style,
                   lines: int | None = None) -> float:
    """Draw `block` (with only its first `lines` lines, when given) with its top left at
    (x, y); returns the y below it."""
    pal = style.pal
    page.add(Text(x, first_baseline(y, HEADING_PT), block.heading, HEADING_PT, True,
                  colour=pal.ink, tag="key number"))
    y += line_height(HEADING_PT) + 0.8
    band = block.band
    view = BoardView(block.crop, x + FRAME + band, y + band, block.cell)
    # the board drawn when the page is painted (a lazy book's page: `Page.later`)
    page.later(partial(_draw_key_board, view=view, solved=block.solved, pal=pal))
    y += view.height + band + 1.5
    return draw_board_key_lines(page, block.lines[:lines], x, y, style)


def _draw_key_board(page: Page, view: BoardView, solved: Solved, pal: Palette) -> None:
    """A key's board at `view`: faded tiles, every answer outlined in its tile's style."""
    # labelled as the puzzle's own board, so "C4" in the key is found on it
    draw_grid(page, view, pal, labels=True, named=solved.grid, sides=2)
    for p in solved.puzzle.board.placements:
        draw_placement(page, view, p, pal, TileLook(faded=True))
    for i, (_code, found) in enumerate(solved.solutions):
        for p in found:
            _outline(page, view, p, STYLES[i % len(STYLES)], pal.ink)


def draw_board_key_lines(page: Page, lines: list[tuple[str | None, str]], x: float, y: float,
                   style: Style) -> float:
    """A key's lines from (x, y) down; returns the y below them."""
    pal = style.pal
    for outline, text in lines:
        if outline is not None:  # the tile's first line: a sample of its outline
            mid = y + line_height(TEXT_PT) / 2
            _stroke(page, x, mid, x + SAMPLE, mid, outline, pal.ink, 0.35,
                    f"key sample {outline}")
        page.add(Text(x + INDENT, first_baseline(y, TEXT_PT), text, TEXT_PT,
                      colour=pal.ink, tag="caption"))
        y += line_height(TEXT_PT)
    return y


def _outline(page: Page, view: BoardView, p: Placement, outline: str, ink: str) -> None:
    """An answer's outline round its three cells, in `outline` style."""
    (x0, y0), (x1, y1) = view.origin(p.cells[0]), view.origin(p.cells[2])
    x1, y1 = x1 + view.cell, y1 + view.cell
    inset = view.cell * 0.22  # two answers sharing an edge keep two lines, paper between
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    width = max(0.25, view.cell * 0.13)
    tag = f"answer {outline} {p.code} {p.at[0]},{p.at[1]} {p.dir}"
    if outline == "solid":
        page.add(Rect(x0, y0, x1 - x0, y1 - y0, stroke=ink, width=width, tag=tag))
        return
    for a, b, c, d in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        _stroke(page, a, b, c, d, outline, ink, width, tag)


def _stroke(page: Page, x0: float, y0: float, x1: float, y1: float, outline: str, ink: str,
            width: float, tag: str) -> None:
    """A line from (x0, y0) to (x1, y1): whole, or as dashes or dots (drawn as segments, so
    every painter draws them alike)."""
    if outline == "solid":
        page.add(Line(x0, y0, x1, y1, stroke=ink, width=width, tag=tag))
        return
    on, off = (1.2, 0.6) if outline == "dashed" else (0.3, 0.5)
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    t = 0.0
    while t < length - 1e-9:
        end = min(t + on, length)
        page.add(Line(x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length,
                      x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length,
                      stroke=ink, width=width, tag=tag))
        t = end + off
