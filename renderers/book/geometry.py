"""Where things go on a book's pages: trim, bleed, margins, the gutter.

With `bleed: true` (print on demand) every PDF page is the trim size plus
0.125 in of bleed on its three outer edges (top, bottom and the edge away
from the spine), and the inside margin (gutter) grows with the page count:

    pages         gutter
    up to 150     0.375 in  (9.5 mm)
    151 - 300     0.5 in    (12.7 mm)
    301 - 500     0.625 in  (15.9 mm)
    501 - 700     0.75 in   (19.1 mm)
    over 700      0.875 in  (22.2 mm)

the table print-on-demand services publish for paperbacks; outside, top and
bottom margins are 0.5 in. Page 1 is a right-hand (recto) page: its spine is
on the left. A bleed book also has an even number of pages, at least 24
(the usual paperback minimum), padded with notes pages.

Without bleed (home printing) pages are the plain paper size with even
margins on every side.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from conundrum.errors import ConundrumError
from renderers.page.layout import (
    PAGE_SIZES,
    Item,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
    page_margin,
    page_size,
)

INCH = 25.4
BLEED = 0.125 * INCH
SAFE = 0.25 * INCH  # nothing but bleed art within this of the trim (the printer's cut wanders)
# with bleed, KDP asks 0.375 in on the outer edges (page numbers included)
SAFE_BLEED = 0.375 * INCH
POD_MARGIN = 0.5 * INCH
POD_MIN_PAGES = 24
GUTTER_TABLE: tuple[tuple[int, float], ...] = (
    (150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75),
)
GUTTER_MAX = 0.875
# The content box keeps this much more than the printer's gutter: rules and frames are
# stroked centred on the box's edge, and half a stroke beyond 0.375 in is ink in the gutter
# (preflight measured a contents-page rule at 0.365 in once its hidden tolerance went).
GUTTER_CLEAR = 0.5  # mm


# A large-print book: every type size and board cell this much larger, so that the least
# type (7 pt) prints at 12 pt and the body (9.5 pt) at 16 (large-print norms: 16 pt body,
# nothing under 12).
LARGE = 12.0 / 7.0
# large print needs a page at least 8 x 10 in (8x10, 8.5x11, A4 ...): the worked example
# and a level-5 board at 16 pt type do not fit a smaller one, 8.5x8.5 included
LARGE_LEAST = (8.0 * INCH, 10.0 * INCH)


def enlarged(page: Page, k: float) -> Page:
    """`page` (laid out on a page k times smaller: `Geometry.of(..., large=True)`) with
    every item, size and line width multiplied by k: the large-print page."""
    page.drawn()
    items = [_enlarged(item, k) for item in page.items]
    trim = None if page.trim is None else tuple(v * k for v in page.trim)
    big = Page(page.width * k, page.height * k, items, page.kind, trim)  # type: ignore[arg-type]
    return big


def _enlarged(item: Item, k: float) -> Item:
    if isinstance(item, Text):
        return replace(item, x=item.x * k, y=item.y * k, size=item.size * k)
    if isinstance(item, Rect):
        return replace(item, x=item.x * k, y=item.y * k, w=item.w * k, h=item.h * k,
                       width=item.width * k)
    if isinstance(item, Line):
        return replace(item, x1=item.x1 * k, y1=item.y1 * k, x2=item.x2 * k, y2=item.y2 * k,
                       width=item.width * k)
    if isinstance(item, Polygon):
        return replace(item, points=tuple((x * k, y * k) for x, y in item.points),
                       width=item.width * k)
    return replace(item, cx=item.cx * k, cy=item.cy * k, r=item.r * k, width=item.width * k)


def large_print_pages() -> list[str]:
    """The page sizes a large-print book may have (at least LARGE_LEAST)."""
    return [name for name, (w, h) in PAGE_SIZES.items()
            if min(w, h) >= LARGE_LEAST[0] - 0.01 and max(w, h) >= LARGE_LEAST[1] - 0.01]


def gutter_for(pages: int) -> float:
    """The inside margin in mm for a bleed book of `pages` pages (table above), with
    GUTTER_CLEAR to spare."""
    for most, inches in GUTTER_TABLE:
        if pages <= most:
            return inches * INCH + GUTTER_CLEAR
    return GUTTER_MAX * INCH + GUTTER_CLEAR


def padded_count(pages: int, bleed: bool) -> int:
    """How many pages the book must have: even and at least 24 for print on demand."""
    if not bleed:
        return pages
    return max(POD_MIN_PAGES, pages + pages % 2)


@dataclass(frozen=True)
class Geometry:
    """A book's page: the trim size, the bleed and the four margins, in mm."""

    trim_w: float
    trim_h: float
    bleed: float  # mm added on the outer edges (0 without bleed)
    inside: float
    outside: float
    top: float
    bottom: float
    # 1, or LARGE for a large-print book: this page is the real one shrunk by it (laid
    # out there, every item is then enlarged by it: `enlarged`)
    scale: float = 1.0

    @classmethod
    def of(cls, page: str, bleed: bool, pages: int = 0, large: bool = False) -> Geometry:
        """The geometry of a book on `page` (a size name): even margins without bleed; with bleed,
        print-on-demand margins and a gutter that grows with `pages`. `large`: the page a
        large-print book is laid out on, LARGE times smaller in every measure, so that
        enlarged to the real page every type size and board cell is LARGE times larger.
        ConundrumError for an unknown page size."""
        w, h = page_size(page)
        if large and page not in large_print_pages():
            raise ConundrumError(
                f"large_print: true: page {page} ({w / INCH:.3g} x {h / INCH:.3g} in) is too "
                f"small for boards and 16 pt type enlarged {LARGE:.2f} times; large print "
                f"needs a page of at least 8 x 10 in ({', '.join(large_print_pages())})")
        k = LARGE if large else 1.0
        if not bleed:
            m = page_margin(w, h)
            return cls(w / k, h / k, 0.0, m / k, m / k, m / k, m / k, k)
        return cls(w / k, h / k, BLEED / k, gutter_for(pages) / k, POD_MARGIN / k,
                   POD_MARGIN / k, POD_MARGIN / k, k)

    def new_page(self) -> Page:
        """An empty page of this book, the bleed included."""
        return Page(self.trim_w + self.bleed, self.trim_h + 2 * self.bleed)

    def trim_left(self, number: int) -> float:
        """x of the trim's left edge on page `number` (1-based): verso pages bleed on the left."""
        return self.bleed if number % 2 == 0 else 0.0

    def box(self, number: int) -> tuple[float, float, float, float]:
        """The content rectangle (x, y, w, h) of page `number`; the spine side gets the gutter."""
        left = self.inside if number % 2 == 1 else self.outside
        x = self.trim_left(number) + left
        y = self.bleed + self.top
        return (x, y, self.trim_w - self.inside - self.outside,
                self.trim_h - self.top - self.bottom)

    def trim(self, number: int) -> tuple[float, float, float, float]:
        """The trimmed page (x0, y0, x1, y1) of page `number` on its PDF page."""
        x0 = self.trim_left(number)
        return (x0, self.bleed, x0 + self.trim_w, self.bleed + self.trim_h)

    def safe(self, number: int) -> tuple[float, float, float, float]:
        """Where anything but bleed art may ink (x0, y0, x1, y1): the trim less SAFE on
        every side, and clear of the gutter on the spine side."""
        x0, y0, x1, y1 = self.trim(number)
        edge = (SAFE_BLEED if self.bleed else SAFE) / self.scale
        spine_left = number % 2 == 1
        left = max(edge, self.inside) if spine_left else edge
        right = edge if spine_left else max(edge, self.inside)
        return (x0 + left, y0 + edge, x1 - right, y1 - edge)
