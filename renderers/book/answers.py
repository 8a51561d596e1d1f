"""A book's answer keys: compact, several to a page, referenced by puzzle number.

A sheet's key draws a small board for every position; a book prints dozens
of keys, so here each key is the puzzle's number, each given tile (drawn
small, with its count) and every position written in the reader's notation
(`YYB C4 h`), on the same grid labels as the puzzle's page. The positions
come from the solver, never from the file.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from renderers.book.geometry import Geometry
from renderers.book.pages import GAP, BookPages
from renderers.page.fonts import wrap
from renderers.page.layout import Page, Text
from renderers.page.style import Style
from renderers.page.text import (
    first_baseline,
    line_height,
    wrap_list,
)
from renderers.page.wording import count_text
from renderers.sheet.answer_key import answer_blocks, flow_answers, needed
from renderers.sheet.draw import baseline_for_centre, draw_tile
from renderers.sheet.overlay_key import (
    FRAME,
    MIN_KEY_CELL,
    TEXT_PT,
    board_part,
    crop_of,
    draw_board_key_lines,
    draw_key_block,
    key_band,
    key_block,
)
from renderers.sheet.solved import Solved, retitled

LABEL_PT = 10.0
BODY_PT = 8.5
TILE_MM = 3.2
GAP_MM = 4.0  # below each key
KEY_COLUMN = 34.0  # mm: the narrowest column of answer boards
KEY_LIST_COLUMN = 45.0  # mm: the narrowest column of `answers: list` keys
MAX_KEY_COLUMNS = 4


@dataclass(frozen=True)
class KeyLine:
    """One line of a key: a heading (the number, or a tile) or a line of positions."""

    kind: str  # "number" | "tile" | "list"
    text: str
    code: str = ""

    @property
    def height(self) -> float:
        """The line's height in mm: a number heading, a tile heading (the tile drawn) or text."""
        if self.kind == "number":
            return line_height(LABEL_PT)
        if self.kind == "tile":
            return max(TILE_MM, line_height(BODY_PT)) + 1.0
        return line_height(BODY_PT)


def key_lines(solved: Solved, heading: str, width: float, style: Style) -> list[KeyLine]:
    """The key of one puzzle, under `heading`, as lines for a column `width` mm wide."""
    grid = solved.grid
    lines = [KeyLine("number", heading)]
    for code, found in solved.solutions:
        lines.append(KeyLine("tile", f"{code} · {count_text(style, len(found))}", code))
        # positions never break inside one; the sentence for none wraps as words do
        wrapped = wrap_list([grid.text(p) for p in found], width - 4.0, BODY_PT) if found \
            else wrap(style.t("no_positions"), BODY_PT, width - 4.0)
        lines += [KeyLine("list", t) for t in wrapped]
    return lines


def key_height(lines: list[KeyLine]) -> float:
    """The height in mm of a whole key: its lines, then the gap below it."""
    return sum(line.height for line in lines) + GAP_MM


def draw_key_lines(page: Page, lines: list[KeyLine], x: float, y: float, style: Style) -> float:
    """Draw lines from (x, y) down; returns the y below them."""
    pal = style.pal
    for line in lines:
        if line.kind == "number":
            page.add(Text(x, first_baseline(y, LABEL_PT), line.text, LABEL_PT, True,
                          colour=pal.ink, tag="key number"))
        elif line.kind == "tile":
            draw_tile(page, line.code, "h", x, y + 0.5, TILE_MM, pal)
            page.add(Text(x + 3 * TILE_MM + 2.0, baseline_for_centre(y + 0.5 + TILE_MM / 2,
                                                                     BODY_PT),
                          line.text, BODY_PT, True, colour=pal.ink, tag=f"key tile {line.code}"))
        else:
            page.add(Text(x + 4.0, first_baseline(y, BODY_PT), line.text, BODY_PT,
                          colour=pal.ink, tag="key list"))
        y += line.height
    return y


class AnswerPages(BookPages):
    """The answers at the end of the book: compact keys (`answers: end`) or drawn ones."""

    def _answers(self, number: int) -> list[Page]:
        title = self.t("book_answers")
        pages: list[Page] = []
        page = self._new("answers")
        top = self._heading(page, title, number)
        pages.append(page)
        # as many columns as KEY_LIST_COLUMN mm allows: the notation is short
        w = self.geo.box(number)[2]
        packer = _Columns(self.geo, number, top,
                          cols=max(1, min(MAX_KEY_COLUMNS, int((w + GAP) // (KEY_LIST_COLUMN
                                                                            + GAP)))))
        for bp in self.puzzles:
            heading = self.seen_as(self.t("book_puzzle", n=bp.number), "puzzle", bp.number)
            lines = key_lines(self._solved(bp), heading, packer.col_w, self.style)
            need = key_height(lines)
            if not packer.fits(need) and not packer.empty:
                packer.next_column()
            while lines:
                if packer.new_page:
                    page = self._new("answers")
                    packer.start_page(self._running(page, title, packer.number))
                    pages.append(page)
                self.placed["answer"].setdefault(bp.number, packer.number)
                k = packer.lines_that_fit(lines)
                y = draw_key_lines(page, lines[:k], packer.x, packer.y, self.style)
                packer.y = y
                lines = lines[k:]
                if lines:  # a key longer than a column goes on, under its number again
                    packer.next_column()
                    again = self.t("continued", code=self.t("book_puzzle", n=bp.number))
                    lines.insert(0, KeyLine("number", again))
            packer.y += 4.0
        return pages

    def _answers_drawn(self, number: int) -> list[Page]:
        """`answers: end-drawn`: each key as a single sheet's, every position a small board
        with the tile drawn in, flowed down columns and pages."""
        title = self.t("book_answers")
        page = self._new("answers")
        pages = [page]
        packer = _Columns(self.geo, number, self._heading(page, title, number))
        style = replace(self.style, compact=True, footer=False)
        column_h = packer.bottom - packer.top
        for bp in self.puzzles:
            heading = self.seen_as(self.t("book_puzzle", n=bp.number), "puzzle", bp.number)
            solved = retitled(self._solved(bp), heading)
            blocks = answer_blocks(solved, packer.col_w, column_h, style)
            start: int | None = 0
            while start is not None:
                if packer.new_page:
                    page = self._new("answers")
                    packer.start_page(self._running(page, title, packer.number))
                    pages.append(page)
                again = line_height(LABEL_PT) if start else 0.0
                if not packer.fits(needed(blocks, start) + again) and not packer.empty:
                    packer.next_column()
                    continue
                if start:  # a key carried over: its puzzle named again, as the other keys do
                    self._carried_over(page, packer, heading)
                self.placed["answer"].setdefault(bp.number, packer.number)
                drawn = flow_answers(page, blocks, solved, packer.x, packer.y,
                                     packer.bottom - packer.y, style, start)
                packer.y, start = drawn.bottom, drawn.next_block
                if start is not None:
                    packer.next_column()
            packer.y += 3.0
        return pages


    def _answers_boards(self, number: int) -> list[Page]:
        """`answers: end`: each puzzle's answers on one small board (overlay_key.py), as
        many columns a page as the widest board allows at MIN_KEY_CELL, each block whole."""
        title = self.t("book_answers")
        page = self._new("answers")
        pages = [page]
        w = self.geo.box(number)[2]
        col_w = max((crop_of(s).width * MIN_KEY_CELL + key_band(crop_of(s)) + 2 * FRAME
                     for s in (self._solved(bp) for bp in self.puzzles)), default=KEY_COLUMN)
        col_w = max(col_w, KEY_COLUMN)
        packer = _Columns(self.geo, number, self._heading(page, title, number),
                          cols=max(1, min(MAX_KEY_COLUMNS, int((w + GAP) // (col_w + GAP)))))
        def next_column() -> None:
            nonlocal page
            packer.next_column()
            if packer.new_page:
                page = self._new("answers")
                packer.start_page(self._running(page, title, packer.number))
                pages.append(page)

        for bp in self.puzzles:
            heading = self.seen_as(self.t("book_puzzle", n=bp.number), "puzzle", bp.number)
            block = key_block(self._solved(bp), heading, packer.col_w, self.style)
            if not packer.fits(block.height) and not packer.empty:
                next_column()
            self.placed["answer"][bp.number] = packer.number
            lines = block.lines
            k = self._lines_fitting(lines, packer.bottom - packer.y - board_part(block))
            packer.y = draw_key_block(page, block, packer.x, packer.y, self.style, k)
            lines = lines[k:]
            while lines:  # a key longer than a column goes on under its number again
                next_column()
                self._carried_over(page, packer, block.heading)
                k = self._lines_fitting(lines, packer.bottom - packer.y)
                packer.y = draw_board_key_lines(page, lines[:k], packer.x, packer.y,
                                                self.style)
                lines = lines[k:]
            packer.y += 3.0
        return pages

    def _carried_over(self, page: Page, packer: _Columns, heading: str) -> None:
        """A key carried over to a new column: its puzzle's heading again, "(continued)"."""
        page.add(Text(packer.x, first_baseline(packer.y, LABEL_PT),
                      self.t("continued", code=heading), LABEL_PT, True,
                      colour=self.pal.ink, tag="key number"))
        packer.y += line_height(LABEL_PT)

    @staticmethod
    def _lines_fitting(lines: list, room: float) -> int:
        """How many key lines fit in `room` mm (at least one, so the key moves on)."""
        return max(1, min(len(lines), int(room // line_height(TEXT_PT))))


class _Columns:
    """Where the next answer key line goes: columns across a page, pages down the book."""

    def __init__(self, geo: Geometry, number: int, top: float, cols: int | None = None
                 ) -> None:
        self.geo = geo
        _, _, w, _ = geo.box(number)
        self.cols = cols or (2 if w >= 140 else 1)
        self.col_w = (w - (self.cols - 1) * GAP) / self.cols
        self.number = number
        self.new_page = False
        self.start_page(top)

    def start_page(self, top: float) -> None:
        self.new_page = False
        self.top = top
        self.col = 0
        self.y = top

    @property
    def x(self) -> float:
        return self.geo.box(self.number)[0] + self.col * (self.col_w + GAP)

    @property
    def bottom(self) -> float:
        _, y, _, h = self.geo.box(self.number)
        return y + h

    @property
    def empty(self) -> bool:
        return self.y <= self.top

    def fits(self, height: float) -> bool:
        return self.y + height <= self.bottom

    def lines_that_fit(self, lines: list[KeyLine]) -> int:
        """How many of `lines` fit below y (at least one, so a key always moves on)."""
        y, k = self.y, 0
        while k < len(lines) and y + lines[k].height <= self.bottom:
            y += lines[k].height
            k += 1
        while 1 < k < len(lines) and lines[k - 1].kind != "list":
            k -= 1  # a heading (number or tile) stays with its first line of positions
        return max(1, k)

    def next_column(self) -> None:
        if self.col + 1 < self.cols:
            self.col += 1
            self.y = self.top
        else:
            self.number += 1
            self.new_page = True
            self.col = 0
