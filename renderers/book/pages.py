"""What every page of a book shares: the book being laid out, its page geometry, the
heading, running header and page number of a page, and the notes pages that pad it.

The book's parts (front.py, contents.py, sections.py, answers.py) each add the pages
they lay out to this base; layout.py joins them into one layout of the whole book.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from conundrum.puzzle import Puzzle
from renderers.book.geometry import Geometry
from renderers.page.fonts import PT_TO_MM
from renderers.page.layout import TEXT_ASCENT, TEXT_DESCENT, Align, Line, Page, Text
from renderers.page.style import Style
from renderers.page.text import (
    draw_fitted,
    first_baseline,
    line_height,
)
from renderers.sheet.puzzle import draw_puzzle_header
from renderers.sheet.solved import Solved, solve

Warn = Callable[[str], None]

GRID = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # per_page -> (columns, rows)
FEWER = {6: 4, 4: 2, 2: 1}
GAP = 6.0  # mm between puzzles, and between answer columns
HEADING_PT = 18.0
RUNNING_PT = 8.0
PAGE_NUMBER_PT = 9.0
CLEAR = 2.0  # mm between the page number and the page's lowest content


@dataclass(frozen=True)
class SeeLater:
    """A puzzle whose header says "see p. N" to its answer, drawn before the answers are
    laid out: its header's first item is `page.items[start]`, drawn by `draw_puzzle_header`
    at (x, y), w mm wide, in `style`."""

    number: int  # the puzzle's
    page: Page
    start: int
    solved: Solved
    x: float
    y: float
    w: float
    style: Style


class Illegible(Exception):
    """A puzzle cannot be drawn at a legible size in its slot."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


class BookPages:
    """One layout attempt at a given geometry: the state the book's parts share."""

    def __init__(self, spec: BookSpec, puzzles: list[BookPuzzle], example: Solved | None,
                 geo: Geometry, solved: dict[int, Solved], lazy: bool = False) -> None:
        self.spec, self.puzzles = spec, puzzles
        self._example = example  # None: only measuring sections (`grid_limits`)
        self.solved = solved  # shared by every layout attempt of the book
        self.geo = geo
        self.lazy = lazy
        self.notes: list[str] = []  # what differs from the spec, for stderr
        self.style = Style(lang=spec.language, palette=spec.palette).checked()
        # "see page N" (`see_page`): the pages this layout puts each puzzle and its answer
        # on (by puzzle number); the puzzles come first, so an answer's reference to its
        # puzzle is known when it is laid out, and a puzzle's to its answer is filled in
        # when the book is laid out (`SeeLater`, `fill_in_see`)
        self.placed: dict[str, dict[int, int]] = {"puzzle": {}, "answer": {}}
        self.see_later: list[SeeLater] = []
        self.pal = self.style.pal
        self._lines: dict[int, bool] = {}  # by section: answer lines kept (sections.py)
        self._no_qr: list[int] = []  # puzzles of a section whose QR code had no room
        self._places: dict[tuple, dict[str, bool]] = {}  # sections.py, `_givens_places`

    def t(self, key: str, **kw: object) -> str:
        """The book's text for message `key` in its language, formatted with `kw`."""
        return self.style.t(key, **kw)

    @property
    def example_solved(self) -> Solved:
        """The solved example puzzle the book's how-to page shows (a layout of the whole book has
        one; a measuring layout does not, and asking is a bug)."""
        assert self._example is not None, "a layout of the whole book has its example"
        return self._example

    @property
    def example(self) -> Puzzle:
        """The example puzzle itself."""
        return self.example_solved.puzzle

    @property
    def per_page(self) -> int:
        """Puzzles a page: the spec's, or one in large print (its boards and type are too
        large for two on any trim it allows)."""
        return 1 if self.geo.scale > 1 else self.spec.per_page

    def see(self, kind: str, number: int) -> str | None:
        """"see p. N" to the page of puzzle `number` ("puzzle") or its answer ("answer"),
        when the book prints them (`see_page`) and this layout has placed it."""
        page = self.placed[kind].get(number)
        return self.t("book_see_page", n=page) if page and self.spec.sees_page else None

    def seen_as(self, heading: str, kind: str, number: int) -> str:
        """`heading` with "· see p. N" to puzzle `number`'s `kind` page, when printed."""
        see = self.see(kind, number)
        return f"{heading} · {see}" if see else heading

    def fill_in_see(self) -> None:
        """Each puzzle's header drawn again in its place with "see p. N" to its answer, now
        that the answers are laid out (drawn first with a stand-in: the header's items
        and height are the same whatever its label says, so nothing else moves)."""
        for later in self.see_later:
            see = self.see("answer", later.number)
            header = Page(later.page.width, later.page.height)
            draw_puzzle_header(header, later.solved.puzzle, later.x, later.y, later.w,
                               replace(later.style, see=see))
            later.page.items[later.start:later.start + len(header.items)] = header.items
        self.see_later = []

    def _solved(self, bp: BookPuzzle) -> Solved:
        """The puzzle's solutions, found the first time any layout asks."""
        found = self.solved.get(bp.number)
        if found is None:
            found = self.solved[bp.number] = solve(bp.puzzle, bp.made.solutions)
        return found

    @property
    def how_to_play_pages(self) -> int:
        """Pages of how to play: as many as the front matter (front.py's `how_to_play`)
        lays them out on, one, or two when the worked example needs a page of its own."""
        raise NotImplementedError("the front matter lays out how to play")

    @property
    def contents_page(self) -> int:
        """The first contents page, after how to play."""
        return self.how_to_play_page + self.how_to_play_pages

    @property
    def how_to_play_page(self) -> int:
        """The title page, the copyright page (when the spec has front matter), the
        introduction (when it has `intro:`), then this."""
        return 2 + self.spec.has_front_matter + (self.spec.intro is not None)

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

    def _page_number_baseline(self, number: int) -> float:
        """In the bottom margin, the page number's lowest ink just inside the safe area."""
        return self.geo.safe(number)[3] - TEXT_DESCENT * PAGE_NUMBER_PT * PT_TO_MM

    def content_bottom(self, number: int) -> float:
        """The lowest y the page's content may ink: the box's foot, or higher where the page
        number (in the margin) would come within CLEAR mm of it."""
        _, y, _, h = self.geo.box(number)
        number_top = self._page_number_baseline(number) - TEXT_ASCENT * PAGE_NUMBER_PT * PT_TO_MM
        return min(y + h, number_top - CLEAR)

    def _page_number(self, page: Page, number: int) -> None:
        geo = self.geo
        cx = geo.trim_left(number) + geo.trim_w / 2
        y = self._page_number_baseline(number)
        page.add(Text(cx, y, str(number), PAGE_NUMBER_PT, align="center",
                      colour=self.pal.muted, tag="page number"))

    def _section_detail(self, index: int, items: list[BookPuzzle]) -> str:
        return self._detail_text(index, items[0].number, items[-1].number)

    def _detail_text(self, index: int, first: int, last: int) -> str:
        span = (self.t("book_puzzles_one", first=first) if first == last
                else self.t("book_puzzles_range", first=first, last=last))
        section = self.spec.sections[index]
        kind = f" · {self.t('book_kind_all')}" if section.kind == "all" else ""
        return f"{self.t('book_level', n=section.difficulty)} · {span}{kind}"

    def _notes(self, number: int) -> Page:
        page = self._new("notes")
        top = self._heading(page, self.t("book_notes"), number)
        x, _, w, _ = self.geo.box(number)
        while top + 9.0 < self.content_bottom(number):
            top += 9.0
            page.add(Line(x, top, x + w, top, stroke=self.pal.grid_line, width=0.25))
        return page
