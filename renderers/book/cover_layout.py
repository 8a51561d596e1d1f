"""The cover's sheet and the `plain` design: where the panels lie, and the words.

Its size follows the interior: width = 2 x trim width + spine + 2 x 0.125 in of bleed,
height = trim height + 2 x 0.125 in, the spine being pages x the paper's thickness
(renderers/page/printers/kdp.yaml, or the spec's `paper_thickness`). The plain front
holds the title, subtitle, volume, author and a board drawn from the book's own puzzles;
the spine, where the printer's rule allows words (`CoverGeometry.spine_words`), its title
and author; the back the
blurb and the sections. Type scales with the trim (a 6x9 cover's sizes times the shorter
of width / 6 in and height / 9 in; renderers/book/cover.py adds large print's 1.3).
Every text keeps 0.25 in from the trim and the folds (0.0625 in from the folds on the
spine).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from conundrum.book.spec import BookSpec
from conundrum.errors import ConundrumError
from conundrum.notation import Grid
from conundrum.puzzle import Puzzle
from renderers.page.fonts import fit_size, text_width
from renderers.page.layout import Page, Rect, Text, page_size
from renderers.page.printers import paper_thickness, printer_rules, spine_text_allowed
from renderers.page.style import Style
from renderers.page.text import draw_fitted, draw_paragraph, line_height
from renderers.sheet.draw import BoardView, draw_board

INCH = 25.4
BLEED = 0.125 * INCH
SAFE = 0.25 * INCH  # text from the trim and the folds
SPINE_SAFE = 0.0625 * INCH  # spine text from each fold
SPINE_SMALLEST = 7.0  # pt: the smallest spine type (capitals only): KDP's least type size
# of the type size, PT Sans Bold's capitals as ink: 0.714 above the baseline and 0.014
# below (round letters overshoot), each with 0.02 more for the glyph boxes a printer's
# check measures (pdfium's: 0.0612 in from the fold where 0.0625 was laid out); Q's tail
# and a comma or semicolon reach 0.215 below
CAP_TOP, CAP_LOW, TAIL_LOW = 0.734, 0.034, 0.235
CAP_HEIGHT = CAP_TOP + CAP_LOW
PT = 25.4 / 72  # mm a point
BARCODE = (2.0 * INCH, 1.2 * INCH)  # the clear area the printer puts the barcode in
MAX_PAGES = 1_200  # more than any print-on-demand printer binds (KDP: 828)
MAX_SIDE = 200 * INCH  # PDF's page limit: 14,400 units of 1/72 in
FRAME_INSET = 0.3  # mm: a frame or outline stroked on a box's edge keeps its ink inside it


@dataclass(frozen=True)
class CoverGeometry:
    """Where a cover's panels lie on its page, in mm from the page's top left."""

    trim_w: float
    trim_h: float
    spine: float
    pages: int = 0  # the interior's
    printer: str = "kdp"  # whose spine rule the cover keeps (renderers/page/printers/)

    @property
    def spine_words(self) -> bool:
        """Whether the spine carries the title: where the printer's rule allows words
        (KDP: a book of 80 pages or more; IngramSpark: a spine of 0.35 in or more) and the
        spine holds SPINE_SMALLEST capitals SPINE_SAFE from each fold (KDP on white
        paper: 89 pages)."""
        room = self.spine - 2 * SPINE_SAFE
        return spine_text_allowed(printer_rules(self.printer), self.pages,
                                  self.spine / INCH) and \
            room >= SPINE_SMALLEST * PT * CAP_HEIGHT

    @classmethod
    def of(cls, spec: BookSpec, pages: int, printer: str | None = None) -> CoverGeometry:
        """The cover of `spec`'s book with `pages` interior pages, printed by `printer`
        (kdp or ingram: its spine rule; ConundrumError for another; default: the spec's
        `printer:`)."""
        printer = printer or spec.printer
        printer_rules(printer)  # an unknown printer is refused before anything is drawn
        if isinstance(pages, bool) or not isinstance(pages, int) or \
                not 1 <= pages <= MAX_PAGES:
            shown = pages if isinstance(pages, int) and len(str(pages)) <= 12 else "that many"
            raise ConundrumError(f"a cover for {shown} interior pages: a printer binds 1 to "
                                 f"{MAX_PAGES:,} pages (KDP: 24 to 828)")
        w, h = page_size(spec.page)
        inches = spec.paper_thickness or paper_thickness(spec.paper)
        geo = cls(w, h, pages * inches * INCH, pages, printer)
        if geo.width > MAX_SIDE:  # not reached within MAX_PAGES; kept as PDF's own rule
            raise ConundrumError(f"a cover {geo.width / INCH:.1f} in wide: past PDF's page "
                                 "limit of 200 in")
        return geo

    @property
    def scale(self) -> float:
        """The type's scale: 1 on 6x9, larger on larger trims (8.5x11: 1.22)."""
        return min(self.trim_w / (6 * INCH), self.trim_h / (9 * INCH))

    @property
    def width(self) -> float:
        """The whole page: back, spine, front and the bleed at both ends."""
        return 2 * self.trim_w + self.spine + 2 * BLEED

    @property
    def height(self) -> float:
        """The trim height and the bleed above and below."""
        return self.trim_h + 2 * BLEED

    @property
    def back(self) -> tuple[float, float]:
        """The back panel's left and right trim edges (x)."""
        return BLEED, BLEED + self.trim_w

    @property
    def front(self) -> tuple[float, float]:
        """The front panel's left and right trim edges (x)."""
        return BLEED + self.trim_w + self.spine, self.width - BLEED

    @property
    def barcode(self) -> tuple[float, float, float, float]:
        """The barcode's clear area (x, y, w, h): the back's lower right, 0.25 in from the
        trim and from the spine."""
        w, h = BARCODE
        return (self.back[1] - SAFE - w, self.height - BLEED - SAFE - h, w, h)


def plain(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
          style: Style, scale: float) -> str:
    """The `plain` design: the palette's board colour all over, the words in ink, the
    fullest board on the front; returns the spine's ink."""
    page.add(Rect(0, 0, geo.width, geo.height, fill=style.pal.grid_fill,
                  tag="bleed background"))
    _front(page, geo, spec, puzzles, style, scale)
    _back(page, geo, spec, style, scale)
    return style.pal.ink


def _front(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
           style: Style, scale: float) -> None:
    pal = style.pal
    x0, x1 = geo.front[0] + SAFE, geo.front[1] - SAFE
    top, bottom = BLEED + SAFE, geo.height - BLEED - SAFE
    w = x1 - x0
    y = front_words(page, spec, x0, top + 4.0 * scale, w, scale, pal.ink, pal.muted)
    author_h = line_height(15.0 * scale) if spec.author else 0.0
    if spec.author:
        draw_fitted(page, spec.author, x0, bottom - author_h, w, 15.0 * scale, pal.ink,
                    align="center", tag="cover author")
    if puzzles:
        board_art(page, max(puzzles, key=_tiles), x0, y + 8.0 * scale, w,
                  bottom - author_h - 8.0 * scale - (y + 8.0 * scale), style, 8.0 * scale)


def front_words(page: Page, spec: BookSpec, x0: float, top: float, w: float, scale: float,
                ink: str, muted: str) -> float:
    """Title, subtitle and volume, centred from `top` down; returns the y below them."""
    y = draw_paragraph(page, spec.title, x0, top, w, 30.0 * scale, ink, bold=True,
                       align="center", tag="cover title") + 2.0 * scale
    if spec.subtitle:
        y = draw_paragraph(page, spec.subtitle, x0, y, w, 15.0 * scale, ink, align="center",
                           tag="cover subtitle") + 1.0 * scale
    if spec.volume:
        y = draw_fitted(page, spec.volume, x0, y + 1.0 * scale, w, 13.0 * scale, muted,
                        bold=True, align="center", tag="cover volume")
    return y


def _tiles(puzzle: Puzzle) -> int:
    """How many tiles the puzzle's board holds (the cover shows the fullest)."""
    return len(puzzle.board)


def board_art(page: Page, puzzle: Puzzle, x: float, y: float, w: float, h: float,
              style: Style, largest: float = 8.0) -> None:
    """The board, as large as fits w x h (cells at most `largest` mm), centred, without
    labels."""
    grid = Grid.of(puzzle.board)
    # the grid's frame is stroked on its edge: half a stroke in from the safe area's
    w, h = w - 2 * FRAME_INSET, h - 2 * FRAME_INSET
    cell = min(largest, w / grid.width, h / grid.height)
    if cell <= 0:
        return
    view = BoardView(grid, x + FRAME_INSET + (w - grid.width * cell) / 2,
                     y + FRAME_INSET + (h - grid.height * cell) / 2, cell)
    draw_board(page, view, puzzle.board, style.pal, labels=False)


def spine(page: Page, geo: CoverGeometry, spec: BookSpec, ink: str) -> None:
    """Title (and author) in capitals, reading down the spine: their ink keeps SPINE_SAFE
    from each fold (on the thinnest spines that hold them, 89 pages of white paper, that
    is 7 pt type: `CoverGeometry.spine_words`)."""
    room = geo.spine - 2 * SPINE_SAFE
    text = (spec.title + (f"  ·  {spec.author}" if spec.author else "")).upper()
    low = TAIL_LOW if any(c in text for c in "Q,;") else CAP_LOW
    length = geo.trim_h - 2 * SAFE
    size = min(fit_size(text, 14.0, length, bold=True, smallest=SPINE_SMALLEST),
               room / (PT * (CAP_TOP + low)))
    if size < SPINE_SMALLEST or text_width(text, size, True) > length:
        return  # too thin a spine for legible text: none (a printer's rule too)
    cx = geo.back[1] + geo.spine / 2
    # turned -90 degrees: the baseline runs down the spine and the capitals stand to its
    # right, so the ink (CAP_TOP right of the baseline, `low` left) centres on the spine
    page.add(Text(cx - size * PT * (CAP_TOP - low) / 2, geo.height / 2, text, size, True,
                  "center", ink, "cover spine", angle=-90.0))


def _back(page: Page, geo: CoverGeometry, spec: BookSpec, style: Style, scale: float) -> None:
    x0, x1 = geo.back[0] + SAFE, geo.back[1] - SAFE
    back_words(page, spec, style, x0, BLEED + SAFE + 4.0 * scale, x1 - x0, scale,
               style.pal.ink)


def back_words(page: Page, spec: BookSpec, style: Style, x0: float, top: float, w: float,
               scale: float, ink: str) -> float:
    """The blurb's paragraphs and the sections (name, grade, count) from `top` down;
    returns the y below them."""
    y = blurb_words(page, spec, x0, top, w, scale, ink)
    return section_words(page, spec, style, x0, y + 4.0 * scale, w, scale, ink)


def blurb_words(page: Page, spec: BookSpec, x0: float, top: float, w: float, scale: float,
                ink: str) -> float:
    """The blurb's paragraphs from `top` down; returns the y below them."""
    y = top
    if spec.blurb:
        for paragraph in spec.blurb.split("\n\n"):
            y = draw_paragraph(page, " ".join(paragraph.split()), x0, y, w, 11.0 * scale, ink,
                               tag="cover blurb") + 2.5 * scale
    return y


def section_words(page: Page, spec: BookSpec, style: Style, x0: float, top: float, w: float,
                  scale: float, ink: str) -> float:
    """One line a section (name, grade, count) from `top` down; returns the y below."""
    y = top
    for section in spec.sections:
        line = (f"{section.name} · {style.t('book_level', n=section.difficulty)} · "
                f"{style.t('book_count', n=section.count)}")
        y = draw_fitted(page, line, x0, y, w, 10.0 * scale, ink, tag="cover section") + \
            1.0 * scale
    return y
