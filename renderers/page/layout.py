"""A page as a flat list of shapes and text runs, in millimetres.

The sheet is laid out once as these items; `pdf.py` and `png.py` only paint
them, so the PDF and the PNG cannot drift apart. Coordinates grow right and
down from the page's top-left corner. Colours are "#rrggbb" strings; `None`
means "not filled" or "not stroked". `tag` names what an item shows (e.g.
"square 3,-1 R") so tests can check where things landed; painters ignore it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar, dataclass_transform

from conundrum.errors import ConundrumError
from conundrum.options import PAGE_SIZES
from renderers.page.fonts import PT_TO_MM, text_width

Align = Literal["left", "center", "right"]
Point = tuple[float, float]
_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def _item(cls: type[_T]) -> type[_T]:
    """An item class: a dataclass with slots, equal and hashed by its fields, read-only to
    the type checker (mypy refuses an assignment to a field). Not frozen at run time: a
    frozen dataclass sets each field through object.__setattr__, and a book makes 700,000
    items (0.5 s of a 1,600-puzzle book's CPU)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@_item
class Rect:
    """A rectangle from (x, y), its top left, w by h mm; filled and outlined when given."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2  # stroke width, mm
    tag: str = ""


@_item
class Line:
    """A straight line from (x1, y1) to (x2, y2), in mm."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.2
    tag: str = ""


@_item
class Polygon:
    """A closed polygon through `points` (mm); filled and outlined when given."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2
    tag: str = ""


@_item
class Circle:
    """A circle centred on (cx, cy), radius r mm; filled and outlined when given."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.2
    tag: str = ""


@_item
class Text:
    """A run of text on one line; `y` is its baseline, `size` in points."""

    x: float
    y: float
    text: str
    size: float = 10.0
    bold: bool = False
    align: Align = "left"
    colour: str = "#000000"
    tag: str = ""
    angle: float = 0.0  # degrees anticlockwise about (x, y): 90 reads upwards (a spine)


Item = Rect | Line | Polygon | Circle | Text


@dataclass
class Page:
    """One page: its size in millimetres and the items painted in order.

    `kind` says what the page is in a book ("title", "puzzles", "answers" ...),
    for tests and for painters that treat some pages differently; `trim` is set
    on the pages of a book printed with bleed.
    """

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    kind: str = ""
    # the trimmed page (x0, y0, x1, y1) when the page carries bleed: the PDF gets a TrimBox
    trim: tuple[float, float, float, float] | None = None

    # A lazy page keeps its heaviest drawing (boards, tiles) as calls to make when it is
    # painted (`drawn`): a book is laid out in one process, then painted in several, and
    # the boards are drawn where they are painted, in parallel. Each call keeps its place
    # among the items, so a lazy page paints exactly as an eager one.
    lazy: bool = False
    deferred: list[tuple[int, Callable[[Page], None]]] = field(default_factory=list)

    def add(self, *items: Item) -> None:
        """Append items to the page, drawn in that order over what is there."""
        self.items.extend(items)

    def later(self, draw: Callable[[Page], None]) -> None:
        """`draw(page)` now, or, on a lazy page, when the page is painted (`drawn`)."""
        if self.lazy:
            self.deferred.append((len(self.items), draw))
        else:
            draw(self)

    def drawn(self) -> Page:
        """The page with every deferred drawing made, each at its place among the items."""
        if self.deferred:
            self.items, self.deferred = self.all_items(), []
        return self

    def all_items(self) -> list[Item]:
        """Every item, the deferred drawings made at their places, the page left as it is:
        what a painter paints and lets go (a lazy book's pages stay small while painted)."""
        if not self.deferred:
            return self.items
        items: list[Item] = []
        done = 0
        for index, draw in self.deferred:
            items += self.items[done:index]
            done = index
            scratch = Page(self.width, self.height)
            draw(scratch)
            items += scratch.items
        items += self.items[done:]
        return items

    def texts(self) -> list[str]:
        """Every text run, in drawing order (what a PDF's text layer will hold)."""
        return [i.text for i in self.items if isinstance(i, Text)]

    def tagged(self, prefix: str) -> list[Item]:
        """The page's items whose tag starts with `prefix`, in drawing order."""
        return [i for i in self.items if i.tag.startswith(prefix)]


# ---- page sizes ---------------------------------------------------------------
# the registry: conundrum/options.py PAGE_SIZES (name -> width, height in mm)


def page_size(name: str) -> tuple[float, float]:
    """(width, height) in millimetres of a named page size; `letter` is `8.5x11`.
    ConundrumError for an unknown name."""
    key = str(name).strip().lower()
    if key not in PAGE_SIZES:
        raise ConundrumError(f"unknown page size {name!r}; choose one of {', '.join(PAGE_SIZES)}")
    return PAGE_SIZES[key]


def page_margin(width: float, height: float) -> float:
    """A margin that suits the page: 12 mm on A4/Letter, less on small trade pages."""
    return 12.0 if min(width, height) >= 200 else 10.0


def new_page(name: str) -> Page:
    """An empty page of the named size (a4, letter, ...); ConundrumError for an unknown name."""
    width, height = page_size(name)
    return Page(width, height)


# ---- what a printer checks ---------------------------------------------------------
MIN_TEXT_PT = 7.0  # the smallest type on any page (KDP's "Paperback fonts": 7 pt at least)
READ_PT = 8.0  # the smallest type a reader must read: grid labels, legend, answers
MIN_LINE_MM = 0.25 * PT_TO_MM  # the thinnest line a press holds (0.25 pt)
TEXT_ASCENT = 0.95  # the top of accented capitals above the baseline, in font sizes
TEXT_DESCENT = 0.25  # descenders below the baseline, in font sizes
# mm of paper a word keeps from ink not its own (the layout audit's 1.5 pt, 0.53 mm, and a
# hair): the cover's words and its barcode's digits
WORD_CLEAR = 0.6
BLEEDS = "bleed"  # the tag prefix of items meant to run past the trim


def extent(item: Item) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) in mm that an item can ink, strokes and glyphs included."""
    if isinstance(item, Text):
        width = text_width(item.text, item.size, item.bold)
        x0 = item.x - {"left": 0.0, "center": width / 2, "right": width}[item.align]
        mm = item.size * PT_TO_MM
        return (x0, item.y - TEXT_ASCENT * mm, x0 + width, item.y + TEXT_DESCENT * mm)
    if isinstance(item, Rect):
        half = item.width / 2 if item.stroke else 0.0
        return (item.x - half, item.y - half, item.x + item.w + half, item.y + item.h + half)
    if isinstance(item, Line):
        # butt caps (the PDF default): the stroke ends square at each end point
        dx, dy = item.x2 - item.x1, item.y2 - item.y1
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * item.width / 2, dx / length * item.width / 2
        xs = (item.x1 + nx, item.x1 - nx, item.x2 + nx, item.x2 - nx)
        ys = (item.y1 + ny, item.y1 - ny, item.y2 + ny, item.y2 - ny)
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Circle):
        r = item.r + (item.width / 2 if item.stroke else 0.0)
        return (item.cx - r, item.cy - r, item.cx + r, item.cy + r)
    half = item.width / 2 if item.stroke else 0.0
    px = [p[0] for p in item.points]
    py = [p[1] for p in item.points]
    return (min(px) - half, min(py) - half, max(px) + half, max(py) + half)
