"""A puzzle book as pages: title, how to play, contents, sections, answers; then one PDF.

`render_book(content, warn)` is the renderer `conundrum.book.make.make_book`
takes; the content (spec, ordered puzzles, the worked example) is made by
the book builder, the renderer only lays it out and paints it. Everything
is laid out as `Page`s first (so the page count, and with it the gutter, is
known before a byte is written), then painted by the same PDF painter as
the sheets. Page numbers run through the book from the title
page (which shows none); puzzles are numbered through the book.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from conundrum.book.make import BookContent
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from conundrum.generate import GenerateRequest, most_answers, roomy
from conundrum.heap import no_collection
from conundrum.puzzle import Puzzle
from renderers.book.answers import KeyLine, draw_key_lines, key_height, key_lines
from renderers.book.geometry import Geometry, gutter_for, padded_count
from renderers.book.grid_fit import Drawn, draws_legibly, everywhere, largest_grid
from renderers.page.fonts import PT_TO_MM, text_width
from renderers.page.layout import BLEEDS, TEXT_DESCENT, Align, Line, Page, Rect, Text
from renderers.page.palettes import shade_only
from renderers.page.style import MIN_CELL, NOTATION_EXAMPLE, Style
from renderers.page.text import (
    draw_fitted,
    draw_paragraph,
    first_baseline,
    line_height,
    paragraph_height,
)
from renderers.paint.pdf import pdf_bytes
from renderers.sheet.answer_key import answer_blocks, flow_answers, needed
from renderers.sheet.draw import draw_tile
from renderers.sheet.legend import STRIP, LegendLook, draw_legend, legend_height
from renderers.sheet.puzzle import draw_puzzle
from renderers.sheet.qr import page_address, short_address
from renderers.sheet.solved import Solved, retitled, solve

Warn = Callable[[str], None]

GRID = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # per_page -> (columns, rows)
FEWER = {6: 4, 4: 2, 2: 1}
GAP = 6.0  # mm between puzzles, and between answer columns
RULES = 5  # book_rule_1 .. book_rule_5
HEADING_PT = 18.0
RUNNING_PT = 8.0
PAGE_NUMBER_PT = 9.0
ENTRY_PT = 11.0
DETAIL_PT = 8.5
COPYRIGHT_PT = 9.0
WIDEST_GUTTER = 10**6  # pages: a book this long has the widest gutter of the table


class Illegible(Exception):
    """A puzzle cannot be drawn at a legible size in its slot."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


# ---- the whole book ----------------------------------------------------------------
@dataclass
class DrawnBook:
    """What a book's PDF was drawn from, kept for `book --export` so the art and the CSV
    reuse it instead of laying the book out and solving every puzzle again."""

    pages: list[Page] = field(default_factory=list)
    solved: dict[int, Solved] = field(default_factory=dict)  # by puzzle number


def render_book(content: BookContent, warn: Warn, drawn: DrawnBook | None = None) -> bytes:
    """The book's PDF bytes; `warn` hears about any change from the spec (fewer a page);
    `drawn`, when given, receives the pages and the solved puzzles."""
    spec = content.spec
    shades = shade_only(spec.colour, spec.palette)
    if shades:
        warn(shades)
    drawn = DrawnBook() if drawn is None else drawn
    with no_collection():  # a long book: thousands of pages of long-lived items
        drawn.pages = book_pages(content, warn, lazy=True, solved=drawn.solved)
    return pdf_bytes(drawn.pages, spec.title, spec.language, spec.colour, spec.palette,
                     content.jobs)


def grid_limits(spec: BookSpec) -> tuple[tuple[int, int] | None, ...]:
    """Per section, the largest drawn grid (columns, rows) the generator may grow a board
    to (`BookOptions.max_grids`): one that prints at the spec's puzzles a page with cells
    of MIN_CELL mm or more in the section's smallest slot (`_Book.grid_limit`). Where the
    section's boards cannot grow that small (`conundrum.generate.roomy`), the limit of
    fewer a page, which the section then prints at (`_Book._section`); None for a
    section of hand-made puzzles, which are printed as they are."""
    book = _Book(spec, [], None, Geometry.of(spec.page, spec.bleed, WIDEST_GUTTER), {})
    return tuple(None if section.hand_made else book.section_limit(index)
                 for index, section in enumerate(spec.sections))


def book_pages(content: BookContent, warn: Warn, lazy: bool = False,
               solved: dict[int, Solved] | None = None) -> list[Page]:
    """The book laid out; `lazy` pages leave their boards and tiles to be drawn when painted
    (`Page.later`), so the painting processes draw them in parallel; `solved` (by puzzle
    number) is filled with every puzzle solved."""
    spec, puzzles = content.spec, content.puzzles
    example = solve(content.example)
    # by puzzle number: each solved once, for every layout
    solved = {} if solved is None else solved
    known_pages = 0
    while True:
        geo = Geometry.of(spec.page, spec.bleed, known_pages)
        book = _Book(spec, puzzles, example, geo, solved, lazy)
        pages = book.pages()
        # a wider gutter can only add pages, so this settles in a few rounds
        if spec.bleed and gutter_for(len(pages)) > geo.inside:
            known_pages = len(pages)
            continue
        for note in book.notes:
            warn(note)
        return pages


@dataclass(frozen=True)
class _Entry:
    """A line of the contents: what, a detail line, and its first page."""

    title: str
    detail: str | None
    page: int


class _Book:
    """One layout attempt at a given geometry and number of puzzles a page."""

    def __init__(self, spec: BookSpec, puzzles: list[BookPuzzle], example: Solved | None,
                 geo: Geometry, solved: dict[int, Solved], lazy: bool = False) -> None:
        self.spec, self.puzzles = spec, puzzles
        self._example = example  # None: only measuring sections (`grid_limits`)
        self.solved = solved  # shared by every layout attempt of the book
        self.geo = geo
        self.lazy = lazy
        self.notes: list[str] = []  # what differs from the spec, for stderr
        self.style = Style(lang=spec.language, palette=spec.palette).checked()
        self.pal = self.style.pal

    def t(self, key: str, **kw: object) -> str:
        return self.style.t(key, **kw)

    @property
    def example_solved(self) -> Solved:
        assert self._example is not None, "a layout of the whole book has its example"
        return self._example

    @property
    def example(self) -> Puzzle:
        return self.example_solved.puzzle

    def _solved(self, bp: BookPuzzle) -> Solved:
        """The puzzle's solutions, found the first time any layout asks."""
        found = self.solved.get(bp.number)
        if found is None:
            found = self.solved[bp.number] = solve(bp.puzzle, bp.made.solutions)
        return found

    @property
    def how_to_play_page(self) -> int:
        """The title page, the copyright page (when the spec has front matter), then this."""
        return 3 if self.spec.has_front_matter else 2

    def pages(self) -> list[Page]:
        sections = [[bp for bp in self.puzzles if bp.section == i]
                    for i in range(len(self.spec.sections))]
        how = self.how_to_play_page
        n_contents = self._contents_pages_needed(len(sections) + 2)
        number = how + 1 + n_contents  # how to play, contents, then the sections
        entries = [_Entry(self.t("book_how_to_play"), None, how)]
        body: list[Page] = []
        for index, items in enumerate(sections):
            if not items:
                continue
            entries.append(_Entry(self.spec.sections[index].name,
                                  self._section_detail(index, items), number))
            made = self._section(index, items, number)
            body += made
            number += len(made)
        if self.spec.answers in ("end", "end-drawn"):
            entries.append(_Entry(self.t("book_answers"), None, number))
            body += (self._answers(number) if self.spec.answers == "end"
                     else self._answers_drawn(number))
        front = [self._title_page()]
        if self.spec.has_front_matter:
            front.append(self._copyright_page())
        pages = [*front, self._how_to_play(), *self._contents(entries, n_contents), *body]
        pages += [self._notes(n) for n in range(len(pages) + 1,
                                                padded_count(len(pages), self.spec.bleed) + 1)]
        for n, page in enumerate(pages[1:], 2):
            self._page_number(page, n)
        if self.geo.bleed:
            for n, page in enumerate(pages, 1):
                page.trim = self.geo.trim(n)
        return pages

    # ---- helpers ---------------------------------------------------------------
    def _new(self, kind: str) -> Page:
        page = self.geo.new_page()
        page.kind = kind
        page.lazy = self.lazy
        return page

    def _heading(self, page: Page, text: str, number: int) -> float:
        """A page heading with a rule under it; returns the y below."""
        x, y, w, _ = self.geo.box(number)
        y = draw_fitted(page, text, x, y, w, HEADING_PT, self.pal.ink, bold=True,
                        tag="heading")
        page.add(Line(x, y + 1.0, x + w, y + 1.0, stroke=self.pal.accent, width=0.4))
        return y + 6.0

    def _running(self, page: Page, text: str, number: int) -> float:
        """A small header repeating where the reader is; returns the y below."""
        x, y, w, _ = self.geo.box(number)
        align: Align = "right" if number % 2 else "left"  # on the outside edge
        ax = x + w if number % 2 else x
        page.add(Text(ax, first_baseline(y, RUNNING_PT), text, RUNNING_PT, align=align,
                      colour=self.pal.muted, tag="running"))
        y += line_height(RUNNING_PT) + 0.5
        page.add(Line(x, y, x + w, y, stroke=self.pal.grid_line, width=0.25))
        return y + 4.0

    def _page_number(self, page: Page, number: int) -> None:
        geo = self.geo
        cx = geo.trim_left(number) + geo.trim_w / 2
        # in the bottom margin, its lowest ink just inside the safe area
        y = geo.safe(number)[3] - TEXT_DESCENT * PAGE_NUMBER_PT * PT_TO_MM
        page.add(Text(cx, y, str(number), PAGE_NUMBER_PT, align="center",
                      colour=self.pal.muted, tag="page number"))

    def _section_detail(self, index: int, items: list[BookPuzzle]) -> str:
        return self._detail_text(index, items[0].number, items[-1].number)

    def _detail_text(self, index: int, first: int, last: int) -> str:
        span = (self.t("book_puzzles_one", first=first) if first == last
                else self.t("book_puzzles_range", first=first, last=last))
        return f"{self.t('book_level', n=self.spec.sections[index].difficulty)} · {span}"

    # ---- title -------------------------------------------------------------------
    def _title_page(self) -> Page:
        page = self._new("title")
        x, y, w, h = self.geo.box(1)
        codes = ["RYG", "B*Y", "GBP", "YPR", "P*R"]
        pitch = len(codes) * 3 + len(codes) - 1  # cells across: three a tile, one between
        cell = min(9.0, w / pitch)
        row_w = pitch * cell
        tx = x + (w - row_w) / 2
        for code in codes:
            draw_tile(page, code, "h", tx, y + h * 0.22, cell, self.pal)
            tx += 4 * cell
        top = y + h * 0.22 + cell + 14.0
        top = draw_paragraph(page, self.spec.title, x, top, w, 30.0, self.pal.ink, bold=True,
                             align="center", tag="book title") + 4.0
        if self.spec.subtitle:
            top = draw_paragraph(page, self.spec.subtitle, x, top, w, 17.0, self.pal.ink,
                                 align="center", tag="book subtitle") + 4.0
        draw_fitted(page, self.t("book_count", n=len(self.puzzles)), x, top + 6.0, w, 12.0,
                    self.pal.muted, align="center", tag="book count")
        if self.geo.bleed:
            self._bleed_band(page)
        return page

    def _bleed_band(self, page: Page) -> None:
        """The five tile colours as stripes across the foot of the cover page, printed past
        the trim so the cut never leaves a white sliver (bleed books only)."""
        geo, colours = self.geo, "RYGBP"
        x0, _, x1, y1 = geo.trim(1)
        right = x1 + geo.bleed  # page 1 bleeds on the right, away from the spine
        band = 6.0
        stripe = (right - x0) / len(colours)
        for k, colour in enumerate(colours):
            page.add(Rect(x0 + k * stripe, y1 - band, stripe, band + geo.bleed,
                          fill=self.pal.fill(colour), tag=f"{BLEEDS} band {colour}"))

    # ---- copyright -----------------------------------------------------------------
    def _copyright_page(self) -> Page:
        """What trade paperbacks print on the back of the title page, set at its foot."""
        page = self._new("copyright")
        spec = self.spec
        x, y, w, h = self.geo.box(2)
        parts: list[tuple[str, bool]] = [(spec.title, True)]
        if spec.subtitle:
            parts.append((spec.subtitle, False))
        if spec.author:
            parts.append((self.t("book_by", author=spec.author), False))
        if spec.edition:
            parts.append((spec.edition, False))
        if spec.publisher:
            parts.append((self.t("book_published_by", publisher=spec.publisher), False))
        if spec.isbn:
            parts.append((self.t("book_isbn", isbn=spec.isbn), False))
        if spec.copyright:
            parts.append((spec.copyright, False))
        gap = 2.0
        height = sum(paragraph_height(text, w, COPYRIGHT_PT, bold) + gap for text, bold in parts)
        top = max(y, y + h - height)
        for text, bold in parts:
            top = draw_paragraph(page, text, x, top, w, COPYRIGHT_PT, self.pal.ink, bold=bold,
                                 tag="copyright") + gap
        return page

    # ---- how to play -------------------------------------------------------------
    def _how_to_play(self) -> Page:
        page = self._new("how to play")
        number = self.how_to_play_page
        x, _, w, h = self.geo.box(number)
        bottom = self.geo.box(number)[1] + h
        top = self._heading(page, self.t("book_how_to_play"), number)
        body = 10.0 if w > 140 else 9.0
        example = self._example_notation()
        for i in range(1, RULES + 1):
            text = self.t(f"book_rule_{i}", example=example)
            top = draw_paragraph(page, text, x, top, w, body, self.pal.ink, tag="rule") + 2.0
        if self.spec.web:  # the QR codes beside the puzzles lead to pages that check answers
            top = draw_paragraph(page, self.t("web_howto", address=short_address(self.spec.web)),
                                 x, top, w, body, self.pal.ink, tag="web howto") + 2.0
        top = draw_paragraph(page, self.t("book_colours"), x, top + 1.0, w, body, self.pal.ink,
                             bold=True, tag="colours heading") + 1.0
        look = LegendLook(body, 3.6)
        top = draw_legend(page, x, top, w, self.style, look, note=True) + 3.0
        given = self.example.given[0]
        top = draw_paragraph(page, self.t("book_example", code=given.code, n=given.positions),
                             x, top + 2.0, w, body, self.pal.ink, bold=True,
                             tag="example") + 2.0
        plain = replace(self.style, header=False, instructions=False, footer=False,
                        write_space=False, max_cell=7.0)
        key = replace(plain, compact=w < 140)  # full-size small multiples where they fit
        # the board takes what the whole key (every position drawn) leaves
        blocks = answer_blocks(self.example_solved, w, (bottom - top) * 0.5, key)
        key_h = sum(block.height for block in blocks) + 6.0  # and the gap above it
        board_h = max(40.0, min(80.0, bottom - top - key_h))
        drawn = draw_puzzle(page, self.example_solved, x, top, w, board_h, plain)
        flow_answers(page, blocks, self.example_solved, x, drawn.bottom + 4.0,
                     bottom - drawn.bottom - 4.0, key, 0)
        return page

    def _example_notation(self) -> str:
        """The first position of the example's tile, as the reader would write it."""
        _code, found = self.example_solved.solutions[0]
        return self.example_solved.grid.text(found[0]) if found else NOTATION_EXAMPLE

    # ---- contents ---------------------------------------------------------------
    def _entry_height(self) -> float:
        return line_height(ENTRY_PT) + line_height(DETAIL_PT) + 3.0

    def _contents_pages_needed(self, entries: int) -> int:
        _, _, _, h = self.geo.box(self.how_to_play_page + 1)
        heading = line_height(HEADING_PT) + 6.0
        per_page = max(1, int((h - heading) // self._entry_height()))
        return max(1, -(-entries // per_page))

    def _contents(self, entries: list[_Entry], n_pages: int) -> list[Page]:
        pages = []
        per_page = -(-len(entries) // n_pages)
        for k in range(n_pages):
            number = self.how_to_play_page + 1 + k
            page = self._new("contents")
            top = self._heading(page, self.t("book_contents"), number)
            x, _, w, _ = self.geo.box(number)
            for entry in entries[k * per_page:(k + 1) * per_page]:
                self._contents_entry(page, entry, x, top, w)
                top += self._entry_height()
            pages.append(page)
        return pages

    def _contents_entry(self, page: Page, entry: _Entry, x: float, top: float, w: float
                        ) -> None:
        pal = self.pal
        base = first_baseline(top, ENTRY_PT)
        number = str(entry.page)
        number_w = text_width(number, ENTRY_PT, True)
        title_w = min(text_width(entry.title, ENTRY_PT, True), w - number_w - 12.0)
        draw_fitted(page, entry.title, x, top, w - number_w - 12.0, ENTRY_PT, pal.ink, bold=True,
                    tag="contents title")
        dots_from, dots_to = x + title_w + 3.0, x + w - number_w - 3.0
        dot = text_width(". ", ENTRY_PT)
        if dots_to > dots_from + dot:
            count = int((dots_to - dots_from) // dot)
            page.add(Text(dots_to, base, ". " * count, ENTRY_PT, align="right",
                          colour=pal.grid_line, tag="contents dots"))
        page.add(Text(x + w, base, number, ENTRY_PT, True, "right", pal.ink,
                      tag="contents page"))
        if entry.detail:
            draw_fitted(page, entry.detail, x, top + line_height(ENTRY_PT), w - number_w - 12.0,
                        DETAIL_PT, pal.muted, tag="contents detail")

    # ---- sections -----------------------------------------------------------------
    def _puzzle_style(self, per_page: int, slot_h: float, blank: bool) -> Style:
        return replace(self.style, header=True, instructions=False, footer=False,
                       write_space=True, compact=per_page >= 4 or slot_h < 120, blank=blank)

    def _blank(self, section: int, solved: Solved) -> bool:
        """Boxes to fill in instead of counts: when the section asks, and for a trick
        puzzle (a tile with no position), whose "0 positions" would give the answer away."""
        return self.spec.sections[section].counts == "blank" or \
            any(not found for _code, found in solved.solutions)

    def _section(self, index: int, items: list[BookPuzzle], number: int) -> list[Page]:
        """The section's pages at the spec's puzzles a page, or fewer where they would be
        illegible (decided per section, so one big board does not thin out the book)."""
        per_page = self.spec.per_page
        too_big: list[int] = []
        while True:
            try:
                pages = self._section_at(index, items, number, per_page)
                break
            except Illegible as exc:
                too_big.append(exc.number)
                per_page = FEWER[per_page]
        if too_big:
            self.notes.append(
                f"section {self.spec.sections[index].name!r}: puzzle {too_big[0]} does not fit "
                f"{self.spec.per_page} a page on {self.spec.page} with cells of at least "
                f"{MIN_CELL:g} mm; printing {per_page} a page in this section")
        return pages

    def _section_at(self, index: int, items: list[BookPuzzle], number: int, per_page: int
                    ) -> list[Page]:
        section = self.spec.sections[index]
        pages = []
        for start in range(0, len(items), per_page):
            page = self._new("puzzles")
            detail = self._section_detail(index, items) if start == 0 else None
            top = self._section_top(page, section.name, detail, number)
            bottom = self._legend_strip(page, number)
            self._slots(page, items[start:start + per_page], number, top, bottom, per_page)
            pages.append(page)
            number += 1
        return pages

    def _section_top(self, page: Page, name: str, detail: str | None, number: int) -> float:
        """A section's heading and `detail` line (its first page) or its running header
        (the others); returns the y below, where the puzzles start."""
        if detail is None:
            return self._running(page, name, number)
        top = self._heading(page, name, number)
        x, _, w, _ = self.geo.box(number)
        return draw_fitted(page, detail, x, top - 3.0, w, 10.0, self.pal.muted,
                           tag="section detail") + 3.0

    def section_limit(self, index: int) -> tuple[int, int]:
        """The grid limit of section `index` at the spec's puzzles a page, or at fewer
        where its boards could not grow within that (see `grid_limits`)."""
        section, per_page = self.spec.sections[index], self.spec.per_page
        request = GenerateRequest(tiles=section.tiles, given=section.given,
                                  positions=section.positions, difficulty=section.difficulty)
        while True:
            limit = self.grid_limit(index, per_page, most_answers(request))
            if per_page == 1 or roomy(replace(request, max_grid=limit)):
                return limit
            per_page = FEWER[per_page]

    def grid_limit(self, index: int, per_page: int, counts: tuple[int, ...]
                   ) -> tuple[int, int]:
        """The largest drawn grid (columns, rows) a puzzle of section `index` with given
        tiles of these `counts` prints with cells of MIN_CELL mm at `per_page` puzzles a
        page, wherever the section puts it: the slots of its first page (under its
        heading) and of the pages after (whose type may be larger), drawn by
        `draw_puzzle` itself (grid_fit.py)."""
        section = self.spec.sections[index]
        last = sum(s.count for s in self.spec.sections)  # the longest puzzle number
        slots: list[Drawn] = []
        most_w = most_h = 0.0
        for detail in (self._detail_text(index, last, last), None):
            page = self._new("puzzles")
            top = self._section_top(page, section.name, detail, 1)
            bottom = self._legend_strip(page, 1)
            slot_w, slot_h = self._slot_size(1, top, bottom, per_page)

            def style_for(solved: Solved, slot_h: float = slot_h) -> Style:
                style = self._puzzle_style(per_page, slot_h, self._blank(index, solved))
                return replace(style, web_url=page_address(self.spec.web, last)) \
                    if self.spec.web else style

            slots.append(draws_legibly(counts, slot_w, slot_h, style_for))
            most_w, most_h = max(most_w, slot_w), max(most_h, slot_h)
        return largest_grid(everywhere(slots), most_w, most_h)

    def _slot_size(self, number: int, top: float, bottom: float, per_page: int
                   ) -> tuple[float, float]:
        """Each puzzle's rectangle (width, height) between `top` and `bottom` of a page."""
        cols, rows = GRID[per_page]
        _, _, w, _ = self.geo.box(number)
        return (w - (cols - 1) * GAP) / cols, (bottom - top - (rows - 1) * GAP) / rows

    def _legend_strip(self, page: Page, number: int) -> float:
        """The colour legend in one small strip at the foot of a puzzle page; returns the
        y above it, where the puzzles end."""
        x, y, w, h = self.geo.box(number)
        height = legend_height(self.style, w, STRIP)
        top = y + h - height
        draw_legend(page, x, top, w, self.style, STRIP)
        return top - 3.0

    def _slots(self, page: Page, items: list[BookPuzzle], number: int, top: float,
               bottom: float, per_page: int) -> None:
        cols, _rows = GRID[per_page]
        x, _, w, _ = self.geo.box(number)
        slot_w, slot_h = self._slot_size(number, top, bottom, per_page)
        for k, bp in enumerate(items):
            r, c = divmod(k, cols)
            sx, sy = x + c * (slot_w + GAP), top + r * (slot_h + GAP)
            solved = self._solved(bp)
            style = self._puzzle_style(per_page, slot_h, self._blank(bp.section, solved))
            titled = retitled(solved, self.t("book_puzzle", n=bp.number))
            linked = replace(style, web_url=page_address(self.spec.web, bp.number)) \
                if self.spec.web else style
            drawn = draw_puzzle(page, titled, sx, sy, slot_w, slot_h, linked)
            if not drawn.legible and per_page > 1:
                raise Illegible(bp.number)
            if r and c == 0:
                ly = sy - GAP / 2
                page.add(Line(x, ly, x + w, ly, stroke=self.pal.grid_line, width=0.25))
        if cols > 1 and len(items) > 1:
            lx = x + slot_w + GAP / 2
            page.add(Line(lx, top, lx, bottom, stroke=self.pal.grid_line, width=0.25))

    # ---- answers ------------------------------------------------------------------
    def _answers(self, number: int) -> list[Page]:
        title = self.t("book_answers")
        pages: list[Page] = []
        page = self._new("answers")
        top = self._heading(page, title, number)
        pages.append(page)
        packer = _Columns(self.geo, number, top)
        for bp in self.puzzles:
            lines = key_lines(self._solved(bp), bp.number, packer.col_w, self.style)
            need = key_height(lines)
            if not packer.fits(need) and not packer.empty:
                packer.next_column()
            while lines:
                if packer.new_page:
                    page = self._new("answers")
                    packer.start_page(self._running(page, title, packer.number))
                    pages.append(page)
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
            solved = retitled(self._solved(bp), self.t("book_puzzle", n=bp.number))
            blocks = answer_blocks(solved, packer.col_w, column_h, style)
            start: int | None = 0
            while start is not None:
                if packer.new_page:
                    page = self._new("answers")
                    packer.start_page(self._running(page, title, packer.number))
                    pages.append(page)
                if not packer.fits(needed(blocks, start)) and not packer.empty:
                    packer.next_column()
                    continue
                drawn = flow_answers(page, blocks, solved, packer.x, packer.y,
                                     packer.bottom - packer.y, style, start)
                packer.y, start = drawn.bottom, drawn.next_block
                if start is not None:
                    packer.next_column()
            packer.y += 3.0
        return pages

    # ---- padding ------------------------------------------------------------------
    def _notes(self, number: int) -> Page:
        page = self._new("notes")
        top = self._heading(page, self.t("book_notes"), number)
        x, y, w, h = self.geo.box(number)
        while top + 9.0 < y + h:
            top += 9.0
            page.add(Line(x, top, x + w, top, stroke=self.pal.grid_line, width=0.25))
        return page


class _Columns:
    """Where the next answer key line goes: columns across a page, pages down the book."""

    def __init__(self, geo: Geometry, number: int, top: float) -> None:
        self.geo = geo
        _, _, w, _ = geo.box(number)
        self.cols = 2 if w >= 140 else 1
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
        return max(1, k)

    def next_column(self) -> None:
        if self.col + 1 < self.cols:
            self.col += 1
            self.y = self.top
        else:
            self.number += 1
            self.new_page = True
            self.col = 0

