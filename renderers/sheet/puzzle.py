"""Laying out a puzzle onto Pages (format-free, in millimetres).

`draw_puzzle` fills any rectangle of a page with one puzzle (a whole sheet,
or one of several on a book page); `sheet_pages` builds the pages of a
printable sheet, the puzzle then (with `answers`) its key from
`answer_key`. Every drawing function takes the puzzle already solved
(`solve`), so nothing is solved twice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from conundrum.notation import Grid
from conundrum.puzzle import Puzzle
from renderers.page.fonts import text_width
from renderers.page.layout import Page, Rect, Text, page_size
from renderers.page.parts import content_box, draw_footer, draw_header, header_height
from renderers.page.style import COMPACT, FULL, MAX_CELL, MIN_CELL, NOTATION_EXAMPLE, Sizes, Style
from renderers.page.text import draw_fitted, draw_paragraph, first_baseline, line_height
from renderers.page.wording import (
    count_text,
    footer_text,
    puzzle_id,
    puzzle_number,
    puzzle_title,
    reproduce_command,
)
from renderers.sheet.answer_key import AnswersDrawn, answer_blocks, answer_pages, draw_answers
from renderers.sheet.answer_space import (
    TIME_BOX_W,
    draw_time_box,
    draw_write_space,
    write_space_height,
)
from renderers.sheet.draw import BoardView, baseline_for_centre, draw_board, draw_tile, label_band
from renderers.sheet.legend import draw_legend
from renderers.sheet.qr import MIN_MODULE, draw_web_link
from renderers.sheet.solved import Solved, retitled, solve

__all__ = [  # what callers of the sheet have always found here
    "COMPACT", "FULL", "MAX_CELL", "MIN_CELL", "NOTATION_EXAMPLE", "AnswersDrawn", "PuzzleDrawn",
    "Sizes", "Solved", "Style", "answer_blocks", "answer_pages", "content_box", "count_text",
    "draw_answers", "draw_puzzle", "footer_text", "puzzle_id", "puzzle_number", "puzzle_title",
    "reproduce_command", "retitled", "sheet_pages", "solve",
]


@dataclass(frozen=True)
class PuzzleDrawn:
    """Where a puzzle landed: the board's view (cell size, origin) and the lowest y used."""

    view: BoardView
    bottom: float
    legible: bool  # cells at least MIN_CELL mm (or as large as the board could be)
    qr_left_out: bool = False  # a web address whose QR code found no room (`draw_puzzle`)


def _instruction(puzzle: Puzzle, style: Style) -> tuple[str, str]:
    """The task, then the two notes (the joker, how to write a position)."""
    key = "instruction_all" if puzzle.kind == "all" else puzzle.ruleset.instruction_key
    notes = " ".join((style.t("chameleon_note"),
                      style.t("notation_hint", example=NOTATION_EXAMPLE)))
    return style.t(key), notes


@dataclass(frozen=True)
class _GivenItem:
    code: str
    count: int | None  # None: no count under the tile (a `kind: all` puzzle's tiles)
    width: float
    height: float


def _given_items(solved: Solved, style: Style) -> list[_GivenItem]:
    sz = style.sizes
    items = []
    counted = solved.arrangements is None  # a `kind: all` tile has no count of its own
    for code, found in solved.solutions:
        lower = (text_width(style.t("positions_blank"), sz.count) + 16.0 if style.blank
                 else text_width(count_text(style, len(found)), sz.count)) if counted else 0.0
        width = max(3 * sz.given_tile, text_width(code, sz.code, True), lower)
        lower_h = (8.5 if style.blank else line_height(sz.count)) if counted else 0.0
        height = sz.given_tile + 1.8 + line_height(sz.code) + lower_h
        items.append(_GivenItem(code, len(found) if counted else None, width, height))
    return items


def _flow(items: list[_GivenItem], width: float, gap: float = 8.0
          ) -> tuple[list[tuple[float, float]], float]:
    """Offsets of each item flowed left to right into rows of `width`, and the total height."""
    offsets: list[tuple[float, float]] = []
    cx = cy = row_h = 0.0
    for it in items:
        if cx > 0 and cx + it.width > width:
            cx, cy, row_h = 0.0, cy + row_h + 4.0, 0.0
        offsets.append((cx, cy))
        cx += it.width + gap
        row_h = max(row_h, it.height)
    return offsets, (cy + row_h if items else 0.0)


def _givens_height(items: list[_GivenItem], width: float, style: Style) -> float:
    if not items:
        return 0.0
    return line_height(style.sizes.heading) + 1.5 + _flow(items, width)[1]


def _draw_givens(page: Page, items: list[_GivenItem], x: float, y: float, width: float,
                 style: Style) -> float:
    sz, pal = style.sizes, style.pal
    if not items:
        return y
    top = draw_fitted(page, style.t("tiles_heading"), x, y, width, sz.heading, pal.ink,
                      bold=True, tag="tiles heading") + 1.5
    offsets, height = _flow(items, width)
    for it, (dx, dy) in zip(items, offsets, strict=True):
        ix, iy = x + dx, top + dy
        page.later(partial(draw_tile, code=it.code, direction="h", x=ix, y=iy,
                           cell=sz.given_tile, palette=pal))
        ty = iy + sz.given_tile + 1.8
        page.add(Text(ix, first_baseline(ty, sz.code), it.code, sz.code, True,
                      colour=pal.ink, tag=f"given {it.code}"))
        ty += line_height(sz.code)
        if it.count is None:
            continue
        if style.blank:
            label = style.t("positions_blank")
            base = baseline_for_centre(ty + 3.5, sz.count)
            page.add(Text(ix, base, label, sz.count, colour=pal.ink, tag=f"blank {it.code}"))
            bx = ix + text_width(label, sz.count) + 2.0
            page.add(Rect(bx, ty, 14.0, 7.0, stroke=pal.ink, width=0.3, tag="blank box"))
        else:
            page.add(Text(ix, first_baseline(ty, sz.count), count_text(style, it.count),
                          sz.count, colour=pal.ink, tag=f"count {it.code}"))
    return top + height


CELL_TOLERANCE = 0.01  # mm: how close `_board_cell` comes to the largest cell that fits


def _board_cell(grid: Grid, w: float, h: float, max_cell: float) -> float:
    """The largest cell (up to max_cell, to CELL_TOLERANCE) at which the grid and its label
    bands fit w x h; at least 0.3 mm. The bands grow with the cell, so the cells that fit
    are those up to one size: found by bisection between the sizes the narrowest and the
    widest bands allow, and MIN_CELL is tried exactly, so whether a grid is legible only
    ever changes once as it grows (grid_fit.py relies on it)."""
    # only the grid's size matters (its labels' widths): a book lays out 50,000 trial
    # arrangements of a few hundred sizes in a few slots, each a bisection of 15 steps
    return _cell_of(grid.width, grid.height, w, h, max_cell)


@lru_cache(maxsize=8192)
def _cell_of(columns: int, rows: int, w: float, h: float, max_cell: float) -> float:
    grid = Grid(0, 0, columns, rows)

    def size(band: float) -> float:
        return min(max_cell, (w - 2 * band) / grid.width, (h - 2 * band) / grid.height)

    def fits(cell: float) -> bool:
        band = label_band(cell, grid)
        return grid.width * cell + 2 * band <= w + 1e-9 and \
            grid.height * cell + 2 * band <= h + 1e-9

    hi = size(label_band(0.3, grid))  # no larger cell fits: its bands are no narrower
    if hi <= 0.3:
        return 0.3
    lo = max(0.3, size(label_band(max_cell, grid)))  # its bands are no wider: it fits
    if lo < MIN_CELL < hi:
        lo, hi = (MIN_CELL, hi) if fits(MIN_CELL) else (lo, MIN_CELL)
    if fits(hi):
        return hi
    while hi - lo > CELL_TOLERANCE:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    return lo


@dataclass(frozen=True)
class _Arrangement:
    cell: float
    beside: bool
    givens_w: float


def _arrange(grid: Grid, items: list[_GivenItem], w: float, h: float, style: Style,
             write: Callable[[float], float] | None = None) -> _Arrangement:
    """Given tiles below the board, or in a column beside it: whichever gives bigger cells.

    `write(width)` is the room the reader's answers need at that width (None: no
    answer space): below the given tiles, in whichever place they go.
    """
    below_h = _givens_height(items, w, style)
    reserve = write(w) + 6.0 if write and items else 0.0
    below = _Arrangement(_board_cell(grid, w, h - below_h - (4.0 if items else 0) - reserve,
                                     style.max_cell), False, w)
    if not items:
        return below
    # a column as narrow as the tiles allow, or wider where the answer lines then fit in
    # fewer rows: the one giving the biggest cells
    widest = max(it.width for it in items) + 4.0
    columns = sorted({max(widest, share * w if write else 0.0) for share in BESIDE_SHARES})
    options = [_Arrangement(_board_cell(grid, w - col - 6.0, h, style.max_cell), True, col)
               for col in columns if col <= w * 0.4 and _givens_height(items, col, style)
               + (write(col) + 6.0 if write else 0.0) <= h]
    if not options:
        return below
    beside = max(options, key=lambda a: a.cell)
    # a section keeps its given tiles in one place where that place is legible
    if style.givens == "beside" and beside.cell >= MIN_CELL:
        return beside
    if style.givens == "below" and below.cell >= MIN_CELL:
        return below
    # beside only when clearly bigger, or when only it is legible (so legibility only
    # ever falls as the grid grows: grid_fit.py relies on it)
    if beside.cell > below.cell + 0.25 or below.cell < MIN_CELL <= beside.cell:
        return beside
    return below


def givens_places(solved: Solved, w: float, h: float, style: Style) -> dict[str, bool]:
    """Where `draw_puzzle` may put the given tiles in a w x h rectangle: for "beside" and
    "below", whether the board is legible so; for "auto", whether it would pick beside.
    A book picks one place for a whole section from these."""
    style = replace(style.checked(), givens=None)
    top = header_height(style) if style.header else 0.0
    write = (lambda width: write_space_height(solved, width, style)) \
        if style.write_space and style.answer_room_kept else None
    items = _given_items(solved, style)
    found = {"auto": _arrange(solved.grid, items, w, h - top, style, write).beside}
    for place in ("beside", "below"):
        plan = _arrange(solved.grid, items, w, h - top, replace(style, givens=place), write)
        found[place] = plan.beside == (place == "beside") and plan.cell >= MIN_CELL
    return found


BESIDE_SHARES = (0.25, 0.33, 0.4)  # a column of given tiles and answer lines: these shares of w


def draw_puzzle(page: Page, solved: Solved, x: float, y: float, w: float, h: float,
                style: Style = Style()) -> PuzzleDrawn:
    """Draw one puzzle (header, instructions, board, given tiles, footer) into a rectangle."""
    style = style.checked()
    puzzle = solved.puzzle
    sz, pal = style.sizes, style.pal
    top, bottom = y, y + h
    if style.header:
        top = draw_puzzle_header(page, puzzle, x, top, w, style)
    if style.instructions:
        task, notes = _instruction(puzzle, style)
        top = draw_paragraph(page, task, x, top, w, sz.body * 1.05, pal.ink, bold=True,
                             tag="instruction") + 0.8
        top = draw_paragraph(page, notes, x, top, w, sz.body, pal.muted, tag="notes") + 2.0
        top = draw_legend(page, x, top, w, style, note=True) + 4.0
    if style.footer:
        bottom = draw_footer(page, puzzle, x, bottom, w, style) - 2.0
    if style.web_url and not style.write_space:  # else it goes beside the answer lines
        bottom = draw_web_link(page, style.web_url, x, bottom, w, style) - 3.0
    items = _given_items(solved, style)

    def write(width: float) -> float:
        return write_space_height(solved, width, style)

    plan = _arrange(solved.grid, items, w, bottom - top, style,
                    write if style.write_space and style.answer_room_kept else None)
    view, used = _place_board(page, solved, plan, x, top, w, style)
    board_bottom = used
    if plan.beside:
        gx = x + w - plan.givens_w
        given_bottom = _draw_givens(page, items, gx, top, plan.givens_w, style)
        below = max(board_bottom, given_bottom)
    else:
        below = _draw_givens(page, items, x, board_bottom + 4.0, w, style) if items \
            else board_bottom
        given_bottom = below
    left_out = False
    if style.write_space:
        left_out = _draw_answer_space(page, solved, plan, x, w, (given_bottom, below, bottom),
                                      bool(items), style)
    fits_at_all = plan.cell >= style.max_cell - 1e-9
    return PuzzleDrawn(view, below, plan.cell >= MIN_CELL or fits_at_all, left_out)


def _draw_answer_space(page: Page, solved: Solved, plan: _Arrangement, x: float, w: float,
                       ys: tuple[float, float, float], items: bool, style: Style) -> bool:
    """"Your answers" in the column under the given tiles beside the board, or under
    everything, where there is room for its heading and one line (and, with a web address,
    its QR code): returns True when the QR code had no room anywhere and was left out (the
    lines are drawn without it where they fit)."""
    given_bottom, below, bottom = ys

    def room(width: float, kept: Style) -> float:  # a heading, one line, the QR code
        return write_space_height(solved, width, replace(kept, answer_room=1, qr_room=False))

    for kept in ((style, replace(style, web_url=None)) if style.web_url else (style,)):
        if plan.beside and bottom - given_bottom - 6.0 >= room(plan.givens_w, kept) - 1e-6:
            draw_write_space(page, x + w - plan.givens_w, given_bottom + 6.0, plan.givens_w,
                             bottom, kept)
            return kept is not style
        if (items or kept.web_url) and bottom - below - 6.0 >= room(w, kept) - 1e-6:
            draw_write_space(page, x, below + 6.0, w, bottom, kept)
            return kept is not style
    return bool(style.web_url)


def draw_puzzle_header(page: Page, puzzle: Puzzle, x: float, y: float, w: float,
                       style: Style) -> float:
    """The header `draw_puzzle` draws over a puzzle w mm wide (style.header): its title, its
    label on the right (number, grade, "see p. N"), the time box when asked, a rule under
    them; returns the y below. Its items are the same in number and kind whatever the
    label says, so a book draws it again in place once its answer pages are known."""
    number = puzzle_number(puzzle, style)
    label = style.t("puzzle_number", n=number) if number is not None else None
    if style.grade is not None:
        grade = style.t("book_level", n=style.grade)
        label = f"{label} · {grade}" if label else grade
    if style.see:
        label = f"{label} · {style.see}" if label else style.see
    if style.time_box:
        w_box = TIME_BOX_W + 2.0
        draw_time_box(page, x + w - TIME_BOX_W - 0.2, y, style)  # the stroke inside
    else:
        w_box = 0.0
    # the rule runs under the time box too: the box is part of the header
    return draw_header(page, puzzle_title(puzzle, style), label, x, y, w, style, w_box)


def _place_board(page: Page, solved: Solved, plan: _Arrangement, x: float, top: float,
                 w: float, style: Style) -> tuple[BoardView, float]:
    """Centre the board (with its label bands) in its column; returns the view and its bottom."""
    grid, cell = solved.grid, plan.cell
    band = label_band(cell, grid)
    column_w = w - plan.givens_w - 6.0 if plan.beside else w
    full_w = grid.width * cell + 2 * band
    bx = x + (column_w - full_w) / 2 + band
    view = BoardView(grid, bx, top + band, cell)
    page.later(partial(draw_board, view=view, board=solved.puzzle.board, palette=style.pal))
    return view, top + 2 * band + grid.height * cell


def sheet_pages(puzzle: Puzzle, answers: bool = False, page: str = "a4",
                style: Style = Style(), warn: Callable[[str], None] | None = None
                ) -> list[Page]:
    """The puzzle page, then (with `answers`) the answer key's pages; solved once here.
    `warn` hears when the web address's QR code had no room and was left out."""
    style = style.checked()
    width, height = page_size(page)
    solved = solve(puzzle)
    first = Page(width, height)
    drawn = draw_puzzle(first, solved, *content_box(first), style)
    if drawn.qr_left_out and warn is not None:
        warn(f"--web-url: the {page} page has no room for the QR code (modules of "
             f"{MIN_MODULE} mm) under the given tiles; the sheet is printed without it "
             "(a larger --page has room)")
    return [first, *(answer_pages(solved, page, style) if answers else [])]
