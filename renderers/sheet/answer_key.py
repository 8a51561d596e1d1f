"""A puzzle's answer key laid out onto Pages: every position listed and drawn in.

`answer_blocks` cuts the key into unbreakable strips for a column;
`draw_answers` flows them into a rectangle and says where it stopped, so a
caller can pack several keys down a page or carry one key over several
pages; `answer_pages` is the key of a single sheet on its own pages.
Every function takes the puzzle already solved (`solved.solve`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from conundrum.lay_all import Arrangement
from conundrum.notation import Grid
from conundrum.placement import Placement
from renderers.page.fonts import text_width
from renderers.page.layout import Page, Text, page_size
from renderers.page.parts import content_box, draw_footer, draw_header, header_height
from renderers.page.style import Style
from renderers.page.text import first_baseline, line_height, wrap_list
from renderers.page.wording import count_text, puzzle_number, puzzle_title
from renderers.sheet.draw import (
    LOCATOR_REACH,
    BoardView,
    baseline_for_centre,
    draw_board,
    draw_tile,
    label_band,
)
from renderers.sheet.solved import Solved


@dataclass(frozen=True)
class AnswersDrawn:
    """How far an answer key got: `next_block` to pass as `start` on the next page, or None."""

    next_block: int | None
    bottom: float

    @property
    def done(self) -> bool:
        """True when every block of the key was drawn."""
        return self.next_block is None


@dataclass
class _Block:
    """One unbreakable strip of an answer key: drawn at (x, y), `height` tall."""

    height: float
    paint: Callable[[Page, float, float], None]
    tile: str | None = None
    heading: bool = False  # kept on the same page as the block after it


def _thumb_cell(grid: Grid, w: float, h: float, style: Style) -> float:
    """Cells of the small boards: about four to a row, within the size's bounds.

    When slightly smaller cells would fit one more board in each row, take
    them: fewer rows means fewer pages for the same legibility.
    """
    low, high = style.sizes.thumb_cell
    cell = min(high, max(low, (w / 4 - 4.0) / grid.width))
    per_row = max(1, int((w + 4.0) / (grid.width * cell + 4.0) + 1e-6))
    tighter = (w + 4.0) / (per_row + 1) - 4.0
    if tighter > 0 and tighter / grid.width >= max(0.85 * cell, 1.0):
        cell = tighter / grid.width
    return max(0.4, min(cell, w / grid.width, (h * 0.55) / grid.height))


def _tile_heading(solved: Solved, code: str, n: int, style: Style, continued: bool = False
                  ) -> _Block:
    sz, pal = style.sizes, style.pal
    mini = sz.given_tile * 0.6
    height = max(mini, line_height(sz.heading)) + 2.0
    text = style.t("continued", code=code) if continued else f"{code} · {count_text(style, n)}"

    def paint(page: Page, x: float, y: float) -> None:
        draw_tile(page, code, "h", x, y, mini, pal)
        page.add(Text(x + 3 * mini + 2.5, baseline_for_centre(y + mini / 2, sz.heading), text,
                      sz.heading, True, colour=pal.ink, tag=f"key heading {code}"))

    return _Block(height, paint, code, heading=True)


def _text_blocks(lines: list[str], size: float, colour: str, code: str | None, tag: str
                 ) -> list[_Block]:
    blocks = []
    for line in lines:
        def paint(page: Page, x: float, y: float, line: str = line) -> None:
            page.add(Text(x, first_baseline(y, size), line, size, colour=colour, tag=tag))
        blocks.append(_Block(line_height(size), paint, code))
    return blocks


def _list_lines(solved: Solved, found: tuple[Placement, ...], w: float, style: Style
                ) -> list[str]:
    """The full list of positions in notation, wrapped to the key's width (never inside one)."""
    return wrap_list([solved.grid.text(p) for p in found], w, style.sizes.body)


def _thumb_rows(solved: Solved, code: str, found: tuple[Placement, ...], w: float, h: float,
                style: Style) -> list[_Block]:
    """Small copies of the board, each with one answer drawn in, in rows across the width."""
    sz, pal = style.sizes, style.pal
    grid = solved.grid
    # the locator's bars and ring reach LOCATOR_REACH outside each small board: keep them in
    edge = LOCATOR_REACH
    w -= 2 * edge
    cell = _thumb_cell(grid, w, h, style)
    caption_w = max(text_width(grid.span_text(p), sz.caption) for p in found)
    slot = max(grid.width * cell, caption_w) + 4.0
    per_row = max(1, int((w + 4.0) / slot + 1e-6))
    pitch = (w + 4.0) / per_row
    height = grid.height * cell + 2 * edge + 1.2 + 2 * line_height(sz.caption) + 3.0
    rows = []
    for start in range(0, len(found), per_row):
        chunk = found[start:start + per_row]

        def paint(page: Page, x: float, y: float, chunk: tuple[Placement, ...] = chunk) -> None:
            x, y = x + edge, y + edge
            for k, p in enumerate(chunk):
                sx = x + k * pitch + (pitch - 4.0 - grid.width * cell) / 2
                view = BoardView(grid, sx, y, cell)
                draw_board(page, view, solved.puzzle.board, pal, labels=False, answer=p)
                cy = y + grid.height * cell + edge + 1.2
                cx = x + k * pitch + (pitch - 4.0) / 2
                page.add(Text(cx, first_baseline(cy, sz.caption), grid.text(p), sz.caption,
                              True, "center", pal.ink, tag="caption"))
                page.add(Text(cx, first_baseline(cy + line_height(sz.caption), sz.caption),
                              grid.span_text(p), sz.caption, False, "center", pal.label,
                              tag="caption span"))

        rows.append(_Block(height, paint, code))
    return rows


def answer_blocks(solved: Solved, w: float, h: float, style: Style = Style()) -> list[_Block]:
    """The answer key as unbreakable strips for a column `w` wide on pages `h` tall."""
    style = style.checked()
    puzzle = solved.puzzle
    sz, pal = style.sizes, style.pal
    blocks: list[_Block] = []
    if style.header:
        title = style.t("answers_for", title=puzzle_title(puzzle, style))
        number = puzzle_number(puzzle, style)
        label = style.t("puzzle_number", n=number) if number is not None else None

        def paint_title(page: Page, x: float, y: float) -> None:
            draw_header(page, title, label, x, y, w, style)

        # the title stays with what follows: never "Answers: Puzzle 25" alone at a foot
        blocks.append(_Block(header_height(style), paint_title, heading=True))
    if solved.arrangements is not None:
        return blocks + _arrangement_blocks(solved, w, h, style)
    if not solved.solutions:
        blocks += _text_blocks([style.t("no_given")], sz.body, pal.ink, None, "no given")
    for code, found in solved.solutions:
        blocks.append(_tile_heading(solved, code, len(found), style))
        if not found:
            blocks += _text_blocks([style.t("no_positions")], sz.body, pal.ink, code, "none")
        lines = _text_blocks(_list_lines(solved, found, w, style), sz.body, pal.ink, code,
                             f"key list {code}")
        for block in lines:
            block.heading = True  # the list stays with the first row of pictures
        blocks += lines
        if found:
            blocks[-1].height += 1.5
            blocks += _thumb_rows(solved, code, found, w, h, style)
        blocks[-1].height += 3.0
    return blocks


MAX_DRAWN_ARRANGEMENTS = 12  # a printed `kind: all` puzzle has one; a study file may have more


def _arrangement_blocks(solved: Solved, w: float, h: float, style: Style) -> list[_Block]:
    """A `kind: all` key: how many arrangements, then each one in notation above a board
    with its tiles laid and outlined (the first MAX_DRAWN_ARRANGEMENTS of them)."""
    sz, pal = style.sizes, style.pal
    grid, board = solved.grid, solved.puzzle.board
    found = solved.arrangements or ()
    heading = style.t("arrangements", n=len(found)) if found else style.t("no_arrangement")
    blocks = _text_blocks([heading], sz.heading, pal.ink, None, "key heading arrangements")
    blocks[-1].heading = bool(found)
    blocks[-1].height += 1.5
    low, high = sz.thumb_cell
    cell = max(0.4, min(2 * high, w / (grid.width + 2), 0.6 * h / (grid.height + 2)))
    band = label_band(cell, grid)
    for a in found[:MAX_DRAWN_ARRANGEMENTS]:
        lines = _text_blocks(wrap_list([grid.text(p) for p in a], w, sz.body),
                             sz.body, pal.ink, None, "key arrangement")
        for block in lines:
            block.heading = True  # the notation stays with its board
        blocks += lines

        def paint(page: Page, x: float, y: float, a: Arrangement = a) -> None:
            view = BoardView(grid, x + (w - grid.width * cell) / 2, y + band, cell)
            draw_board(page, view, board, pal, labels=True, laid=a)

        blocks.append(_Block(grid.height * cell + 2 * band + 4.0, paint))
    return blocks


def needed(blocks: list[_Block], i: int) -> float:
    """Height of block i plus every block it must stay with (a heading and its list,
    the list and the first row of pictures)."""
    need = blocks[i].height
    while blocks[i].heading and i + 1 < len(blocks):
        i += 1
        need += blocks[i].height
    return need


def draw_answers(page: Page, solved: Solved, x: float, y: float, w: float, h: float,
                 style: Style = Style(), start: int = 0) -> AnswersDrawn:
    """Flow the answer key into a rectangle from block `start`.

    Returns where it stopped (`next_block`, None when the key is complete) and
    the lowest y used, so a caller can pack several keys down a page or carry
    one key over several pages. At least one block is always drawn.
    """
    style = style.checked()
    return flow_answers(page, answer_blocks(solved, w, h, style), solved, x, y, h, style,
                         start)


def flow_answers(page: Page, blocks: list[_Block], solved: Solved, x: float, y: float,
                  h: float, style: Style, start: int) -> AnswersDrawn:
    """`draw_answers` with the key's blocks already built (once for all its pages)."""
    cursor, limit, placed = y, y + h, 0
    i = start
    code = blocks[i].tile if 0 < i < len(blocks) else None
    if code and not blocks[i].heading:
        count = len(dict(solved.solutions)[code])
        cont = _tile_heading(solved, code, count, style, continued=True)
        cont.paint(page, x, cursor)
        cursor += cont.height
    while i < len(blocks):
        need = needed(blocks, i)
        if placed and cursor + need > limit:
            break
        blocks[i].paint(page, x, cursor)
        cursor += blocks[i].height
        placed += 1
        i += 1
    return AnswersDrawn(None if i >= len(blocks) else i, cursor)


def answer_pages(solved: Solved, page: str = "a4", style: Style = Style()) -> list[Page]:
    """The answer key on as many pages as it needs, each with the footer."""
    style = style.checked()
    width, height = page_size(page)
    pages: list[Page] = []
    blocks: list[_Block] | None = None  # every page has the same column: built once
    start: int | None = 0
    while start is not None:
        sheet = Page(width, height)
        x, y, w, h = content_box(sheet)
        bottom = y + h
        if style.footer:
            bottom = draw_footer(sheet, solved.puzzle, x, bottom, w, style) - 3.0
        if blocks is None:
            blocks = answer_blocks(solved, w, bottom - y, style)
        start = flow_answers(sheet, blocks, solved, x, y, bottom - y, style, start).next_block
        pages.append(sheet)
    return pages
