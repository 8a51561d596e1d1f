"""A puzzle book as pages: title, how to play, contents, sections, answers; then one PDF.

The parts live beside this module (front.py, contents.py, sections.py, answers.py, on
the shared base of pages.py); this one joins them into the book and paints it.

`render_book(content, warn)` is the renderer `conundrum.book.make_book.make_book`
takes; the content (spec, ordered puzzles, the worked example) is made by
the book builder, the renderer only lays it out and paints it. Everything
is laid out as `Page`s first (so the page count, and with it the gutter, is
known before a byte is written), then painted by the same PDF painter as
the sheets. Page numbers run through the book from the title
page (which shows none); puzzles are numbered through the book.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from conundrum.book.make_book import BookContent
from conundrum.book.spec import BookSpec
from conundrum.cycle_collector import no_collection
from renderers.book.answers import AnswerPages
from renderers.book.contents import Contents, Entry
from renderers.book.front import FrontMatter
from renderers.book.geometry import Geometry, enlarged, gutter_for, padded_count
from renderers.book.pages import Warn
from renderers.book.sections import Sections
from renderers.page.layout import Page
from renderers.page.palettes import shade_only
from renderers.paint.pdf import pdf_bytes
from renderers.sheet.solved import Solved, solve

# the copyright page, as trade books print it, and the blank left-hand page before a
# section that starts on the right carry no number
UNNUMBERED = ("copyright", "blank")
WIDEST_GUTTER = 10**6  # pages: a book this long has the widest gutter of the table


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
    book = _Book(spec, [], None, Geometry.of(spec.page, spec.bleed, WIDEST_GUTTER,
                                             spec.large_print), {})
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
        geo = Geometry.of(spec.page, spec.bleed, known_pages, spec.large_print)
        book = _Book(spec, puzzles, example, geo, solved, lazy)
        pages = book.pages()
        # a wider gutter can only add pages, so this settles in a few rounds
        if spec.bleed and gutter_for(len(pages)) / geo.scale > geo.inside:
            known_pages = len(pages)
            continue
        book.fill_in_see()  # "see page N" to each answer, now that they are laid out
        for note in book.notes:
            warn(note)
        return pages if geo.scale == 1 else [enlarged(p, geo.scale) for p in pages]


class _Book(FrontMatter, Contents, Sections, AnswerPages):
    """One layout attempt of the whole book: its parts in order, numbered, padded."""

    def _start(self, body: list[Page], number: int) -> int:
        """The page a section (or the answers) starts on, `number` or, when the spec
        starts them on the right (`section_start`) and it is a left-hand page, the next,
        with a blank page added to `body` before it."""
        if self.spec.starts_right and number % 2 == 0:
            body.append(self._new("blank"))
            return number + 1
        return number

    def pages(self) -> list[Page]:
        sections = [[bp for bp in self.puzzles if bp.section == i]
                    for i in range(len(self.spec.sections))]
        how = self.how_to_play_page
        n_contents = self._contents_pages_needed(len(sections) + 2)
        number = self.contents_page + n_contents  # how to play, contents, then the sections
        entries = [Entry(self.t("book_intro"), None, how - 1)] if self.spec.intro else []
        entries.append(Entry(self.t("book_how_to_play"), None, how))
        body: list[Page] = []
        for index, items in enumerate(sections):
            if not items:
                continue
            number = self._start(body, number)
            entries.append(Entry(self.spec.sections[index].name,
                                  self._section_detail(index, items), number))
            made = self._section(index, items, number)
            body += made
            number += len(made)
        if self.spec.answers != "none":
            number = self._start(body, number)
            entries.append(Entry(self.t("book_answers"), None, number))
            keys = {"end": self._answers_boards, "list": self._answers,
                    "end-drawn": self._answers_drawn}[self.spec.answers]
            body += keys(number)
        front = [self._title_page()]
        if self.spec.has_front_matter:
            front.append(self._copyright_page())
        if self.spec.intro:
            front.append(self._intro_page(how - 1))
        pages = [*front, *self.how_to_play, *self._contents(entries, n_contents), *body]
        pages += [self._notes(n) for n in range(len(pages) + 1,
                                                padded_count(len(pages), self.spec.bleed) + 1)]
        for n, page in enumerate(pages[1:], 2):
            if page.kind not in UNNUMBERED:
                self._page_number(page, n)
        if self.geo.bleed:
            for n, page in enumerate(pages, 1):
                page.trim = self.geo.trim(n)
        return pages
