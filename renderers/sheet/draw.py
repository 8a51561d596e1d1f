"""Drawing tiles and boards onto a Page: squares, jokers, symbols, grid and labels.

Everything here places layout items at millimetre coordinates; nothing
knows about PDF or PNG. A tile is drawn as three squares inset by a small
gap from its cells (so neighbouring tiles read as separate pieces), thin
lines between its squares and a thick outline around the whole tile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from conundrum.board import Board
from conundrum.notation import Grid, column_label
from conundrum.placement import STEP, Cell, Placement
from conundrum.tiles import JOKER
from renderers.page.fonts import PT_TO_MM, fit_size, text_width
from renderers.page.layout import (
    MIN_LINE_MM,
    MIN_TEXT_PT,
    READ_PT,
    TEXT_ASCENT,
    TEXT_DESCENT,
    Circle,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
)
from renderers.page.palettes import SYMBOLS, Palette, mix

GAP = 0.06          # inset of a tile from its cells, as a fraction of the cell
CAP_HEIGHT = 0.70   # PT Sans capitals, as a fraction of the font size
FADE = 0.68         # how far faded tiles (answer keys) move towards the paper
LOCATOR_REACH = 1.0  # mm: how far an answer's locator marks reach outside its board


# ---- geometry -------------------------------------------------------------------
@dataclass(frozen=True)
class BoardView:
    """Where a grid of cells lands on a page: the top-left of its first cell and the cell size."""

    grid: Grid
    x: float
    y: float
    cell: float

    @property
    def width(self) -> float:
        """The drawn grid's width in mm."""
        return self.grid.width * self.cell

    @property
    def height(self) -> float:
        """The drawn grid's height in mm."""
        return self.grid.height * self.cell

    def origin(self, cell: Cell) -> tuple[float, float]:
        """Top-left corner of a board cell, in mm."""
        return (self.x + (cell[0] - self.grid.left) * self.cell,
                self.y + (cell[1] - self.grid.top) * self.cell)

    def cell_rect(self, cell: Cell) -> tuple[float, float, float, float]:
        """A board cell's square on the page: (x, y, width, height) in mm."""
        x, y = self.origin(cell)
        return (x, y, self.cell, self.cell)


@dataclass(frozen=True)
class TileLook:
    """How one tile is drawn: faded (the rest of the board in a key) or highlighted (an answer)."""

    faded: bool = False
    highlight: bool = False


PLAIN = TileLook()


def outline_width(cell: float) -> float:
    """A tile's outline in mm for cells `cell` mm wide (0.2 to 0.6)."""
    return min(0.6, max(0.2, cell * 0.07))


def separator_width(cell: float) -> float:
    """The line between a tile's squares in mm for cells `cell` mm wide."""
    return min(0.25, max(MIN_LINE_MM, cell * 0.02))


def baseline_for_centre(cy: float, size_pt: float) -> float:
    """The baseline that centres capitals of `size_pt` on `cy`."""
    return cy + CAP_HEIGHT * size_pt * PT_TO_MM / 2


# ---- squares ----------------------------------------------------------------------
def square_rects(x: float, y: float, cell: float, direction: str
                 ) -> list[tuple[float, float, float, float]]:
    """The three visible squares of a tile whose first cell's corner is (x, y)."""
    g = cell * GAP
    dx, dy = STEP[direction]
    rects = []
    for i in range(3):
        cx, cy = x + i * dx * cell, y + i * dy * cell
        left = g if (i == 0 or dy) else 0.0
        right = g if (i == 2 or dy) else 0.0
        top = g if (i == 0 or dx) else 0.0
        bottom = g if (i == 2 or dx) else 0.0
        rects.append((cx + left, cy + top, cell - left - right, cell - top - bottom))
    return rects


def draw_symbol(page: Page, colour: str, cx: float, cy: float, side: float, ink: str,
                tag: str = "") -> None:
    """The palette shape of `colour`, centred on (cx, cy), sized to a square of `side`."""
    kind = SYMBOLS[colour]
    s = side
    if kind == "circle":
        page.add(Circle(cx, cy, 0.24 * s, fill=ink, tag=tag))
        return
    if kind == "triangle":
        pts = [(cx, cy - 0.29 * s), (cx + 0.3 * s, cy + 0.23 * s), (cx - 0.3 * s, cy + 0.23 * s)]
    elif kind == "diamond":
        pts = [(cx, cy - 0.31 * s), (cx + 0.25 * s, cy), (cx, cy + 0.31 * s), (cx - 0.25 * s, cy)]
    elif kind == "plus":
        a, t = 0.29 * s, 0.1 * s
        pts = [(cx - t, cy - a), (cx + t, cy - a), (cx + t, cy - t), (cx + a, cy - t),
               (cx + a, cy + t), (cx + t, cy + t), (cx + t, cy + a), (cx - t, cy + a),
               (cx - t, cy + t), (cx - a, cy + t), (cx - a, cy - t), (cx - t, cy - t)]
    else:  # star: five points, pointing up
        outer, inner = 0.31 * s, 0.13 * s
        pts = []
        for k in range(10):
            r = outer if k % 2 == 0 else inner
            ang = -math.pi / 2 + k * math.pi / 5
            pts.append((cx + r * math.cos(ang), cy + 0.04 * s + r * math.sin(ang)))
    page.add(Polygon(tuple(pts), fill=ink, tag=tag))


def _perimeter_point(cx: float, cy: float, hw: float, hh: float, angle: float
                     ) -> tuple[float, float]:
    """Where a ray from the centre at `angle` (radians) leaves the w x h rectangle."""
    dx, dy = math.cos(angle), math.sin(angle)
    t = min(hw / abs(dx) if abs(dx) > 1e-12 else math.inf,
            hh / abs(dy) if abs(dy) > 1e-12 else math.inf)
    return (cx + dx * t, cy + dy * t)


def joker_wedges(x: float, y: float, w: float, h: float, count: int, start_deg: float
                 ) -> list[tuple[tuple[float, float], ...]]:
    """The square cut into `count` equal wedges around its centre (a pinwheel)."""
    # a book draws thousands of jokers at a few sizes: the shape is worked out once a size
    return [tuple((x + px, y + py) for px, py in wedge)
            for wedge in _wedges_at_origin(w, h, count, start_deg)]


@lru_cache(maxsize=256)
def _wedges_at_origin(w: float, h: float, count: int, start_deg: float
                      ) -> tuple[tuple[tuple[float, float], ...], ...]:
    cx, cy, hw, hh = w / 2, h / 2, w / 2, h / 2
    corners = [math.atan2(sy * hh, sx * hw) for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
    wedges = []
    step = 2 * math.pi / count
    for k in range(count):
        a0 = math.radians(start_deg) + k * step
        a1 = a0 + step
        inside = sorted(a for c in corners for a in (c + 2 * math.pi * n for n in (-2, -1, 0, 1))
                        if a0 < a < a1)
        pts = [(cx, cy), *(_perimeter_point(cx, cy, hw, hh, a) for a in (a0, *inside, a1))]
        wedges.append(tuple(pts))
    return tuple(wedges)


def draw_joker(page: Page, x: float, y: float, w: float, h: float, palette: Palette,
               look: TileLook = PLAIN, tag: str = "") -> None:
    """A chameleon centre: a pinwheel of every colour around a white dot (it matches them all)."""
    colours = palette.joker_wedges
    for colour, pts in zip(colours, joker_wedges(x, y, w, h, len(colours), palette.joker_start),
                           strict=True):
        page.add(Polygon(pts, fill=_fade(colour, palette, look), tag=tag))
    dot = min(w, h) * 0.16
    page.add(Circle(x + w / 2, y + h / 2, dot, fill=palette.paper,
                    stroke=_fade(palette.ink, palette, look), width=separator_width(min(w, h)),
                    tag=tag))


def _fade(colour: str, palette: Palette, look: TileLook) -> str:
    return mix(colour, palette.paper, FADE) if look.faded else colour


def draw_square(page: Page, rect: tuple[float, float, float, float], colour: str,
                palette: Palette, look: TileLook = PLAIN, tag: str = "") -> None:
    """One square of a tile: its fill, or a joker, plus its symbol when the palette has them."""
    x, y, w, h = rect
    if colour == JOKER:
        draw_joker(page, x, y, w, h, palette, look, tag=tag)
        return
    fill = palette.fill(colour)
    page.add(Rect(x, y, w, h, fill=_fade(fill, palette, look), tag=tag))
    if palette.symbols:
        ink = palette.symbol_ink(colour)
        if look.faded:
            ink = mix(ink, _fade(fill, palette, look), 0.45)
        draw_symbol(page, colour, x + w / 2, y + h / 2, min(w, h), ink, tag=f"symbol {colour}")


# ---- tiles ---------------------------------------------------------------------------
def draw_tile(page: Page, code: str, direction: str, x: float, y: float, cell: float,
              palette: Palette, look: TileLook = PLAIN, cells: tuple[Cell, ...] | None = None
              ) -> None:
    """A tile whose first cell's top-left corner is (x, y); `cells` name its squares in tags."""
    rects = square_rects(x, y, cell, direction)
    for i, (rect, colour) in enumerate(zip(rects, code, strict=True)):
        name = f"{cells[i][0]},{cells[i][1]}" if cells else f"#{i}"
        draw_square(page, rect, colour, palette, look, tag=f"square {name} {colour}")
    ink = _fade(palette.ink, palette, look)
    thin = separator_width(cell)
    for b in rects[1:]:
        if direction == "h":
            page.add(Line(b[0], b[1], b[0], b[1] + b[3], stroke=ink, width=thin))
        else:
            page.add(Line(b[0], b[1], b[0] + b[2], b[1], stroke=ink, width=thin))
    x0, y0 = rects[0][0], rects[0][1]
    x1, y1 = rects[2][0] + rects[2][2], rects[2][1] + rects[2][3]
    width = outline_width(cell)
    stroke = ink
    if look.highlight:
        # Two rings: a wide paper halo, then the ink outline, so the answer pops out of the board.
        page.add(Rect(x0 - width, y0 - width, x1 - x0 + 2 * width, y1 - y0 + 2 * width,
                      stroke=palette.paper, width=width * 1.5))
        width *= 1.8
        stroke = palette.highlight
    page.add(Rect(x0, y0, x1 - x0, y1 - y0, stroke=stroke, width=width, tag="tile outline"))


def draw_placement(page: Page, view: BoardView, p: Placement, palette: Palette,
                   look: TileLook = PLAIN) -> None:
    """Draw a placed tile on the page, in its cells of `view`."""
    x, y = view.origin(p.at)
    draw_tile(page, p.code, p.dir, x, y, view.cell, palette, look, cells=p.cells)


# ---- the board --------------------------------------------------------------------
LABEL_GAP = 0.75  # mm: 1.5 pt of paper (0.53 mm) between a grid label and the next label or
# the grid, and room for the grid's frame and a label centred on its capitals


def label_size(cell: float, grid: Grid) -> float:
    """Point size of the grid labels: readable, but never wider than a cell."""
    widest = column_label(grid.width - 1)
    size = READ_PT  # a reader reads the labels: 8 pt, down to 7 only where a cell is narrow
    return fit_size(widest, size, cell * 0.92, bold=False, smallest=MIN_TEXT_PT)


def label_band(cell: float, grid: Grid) -> float:
    """Width of the label strip on each side of the board."""
    size = label_size(cell, grid)
    widest_row = text_width(str(grid.height), size)
    # at the largest label size, so the band never shrinks as the grid grows (grid_fit.py)
    tall = (TEXT_ASCENT + TEXT_DESCENT) * READ_PT * PT_TO_MM  # 1.5 pt of paper either side
    return max(min(6.0, max(3.5, cell)), widest_row + 1.6, tall + 2 * LABEL_GAP)


def draw_grid(page: Page, view: BoardView, palette: Palette, labels: bool = True,
              named: Grid | None = None, sides: int = 4) -> None:
    """The light grid of the drawn area, with labels on all four sides when asked (or, with
    `sides=2`, above and at the left only): those of `named` (the puzzle's whole grid, for
    a crop of it), else the area's own."""
    grid, c = view.grid, view.cell
    page.add(Rect(view.x, view.y, view.width, view.height, fill=palette.grid_fill,
                  tag="grid area"))
    thin = max(MIN_LINE_MM, min(0.15, c * 0.02))
    for i in range(1, grid.width):
        x = view.x + i * c
        page.add(Line(x, view.y, x, view.y + view.height, stroke=palette.grid_line, width=thin))
    for j in range(1, grid.height):
        y = view.y + j * c
        page.add(Line(view.x, y, view.x + view.width, y, stroke=palette.grid_line, width=thin))
    page.add(Rect(view.x, view.y, view.width, view.height, stroke=palette.label,
                  width=thin * 2))
    if labels:
        _draw_labels(page, view, palette, named or view.grid, sides)


def _draw_labels(page: Page, view: BoardView, palette: Palette, named: Grid,
                 sides: int = 4) -> None:
    grid, c = view.grid, view.cell
    dx, dy = grid.left - named.left, grid.top - named.top  # a crop's place in the named grid
    size = label_size(c, grid)
    band = label_band(c, grid)
    # cells too small for a label each (7 pt is the least type): every second or third one,
    # so that no two labels touch
    tall = (TEXT_ASCENT + TEXT_DESCENT) * size * PT_TO_MM + LABEL_GAP
    wide = max(text_width(column_label(i), size) for i in range(grid.width)) + LABEL_GAP
    row_step, column_step = math.ceil(tall / c - 1e-9), math.ceil(wide / c - 1e-9)
    # Each side in reading order, so a PDF's text layer reads "A B C ..." and "1 2 3 ...".
    for cy in (view.y - band / 2, view.y + view.height + band / 2)[:sides // 2]:
        for i in range(0, grid.width, column_step):
            page.add(Text(view.x + (i + 0.5) * c, baseline_for_centre(cy, size),
                          column_label(i + dx), size, align="center", colour=palette.label,
                          tag="label column"))
    for cx in (view.x - band / 2, view.x + view.width + band / 2)[:sides // 2]:
        for j in range(0, grid.height, row_step):
            cy = baseline_for_centre(view.y + (j + 0.5) * c, size)
            page.add(Text(cx, cy, str(j + dy + 1), size, align="center", colour=palette.label,
                          tag="label row"))


def draw_board(page: Page, view: BoardView, board: Board, palette: Palette,
               labels: bool = True, answer: Placement | None = None,
               laid: tuple[Placement, ...] = ()) -> None:
    """The grid, every tile of the board, and (in a key) the answer tile highlighted, or
    every tile of an arrangement (`laid`, a `kind: all` key) highlighted in place."""
    draw_grid(page, view, palette, labels)
    look = TileLook(faded=answer is not None or bool(laid))
    for p in board.placements:
        draw_placement(page, view, p, palette, look)
    for p in laid:
        draw_placement(page, view, p, palette, TileLook(highlight=True))
    if answer is not None:
        draw_placement(page, view, answer, palette, TileLook(highlight=True))
        draw_locator(page, view, answer, palette)


def draw_locator(page: Page, view: BoardView, p: Placement, palette: Palette) -> None:
    """Bars on the frame over the answer's columns and rows, so the eye finds it on a big board."""
    (x0, y0), (x1, y1) = view.origin(p.cells[0]), view.origin(p.cells[2])
    x1, y1 = x1 + view.cell, y1 + view.cell
    bar = max(0.5, min(LOCATOR_REACH, view.cell * 0.35))
    top, left = view.y, view.x
    bottom, right = view.y + view.height, view.x + view.width
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ring = max(0.25, view.cell * 0.12)
    # round the answer, but never further out than the bars (near the board's edge)
    room = min(cx - left, right - cx, cy - top, bottom - cy) + LOCATOR_REACH - ring / 2
    radius = min(2.3 * view.cell, room)
    page.add(Circle(cx, cy, radius, stroke=palette.highlight, width=ring, tag="locator ring"))
    for y in (top - bar, bottom):
        page.add(Rect(x0, y, x1 - x0, bar, fill=palette.highlight, tag="locator column"))
    for x in (left - bar, right):
        page.add(Rect(x, y0, bar, y1 - y0, fill=palette.highlight, tag="locator row"))
