"""Books as a printer checks them: every page laid out within its safe area, nothing too
thin or too small, in every page size, with and without bleed, in every language.

Checked on the layout (pages in millimetres, before any painting), so every
combination is fast; tests/test_book_pdf.py reads the same facts back from PDF bytes.
"""

from __future__ import annotations

import functools

import pytest

from conundrum.book.build import Made
from conundrum.book.example import example_puzzle
from conundrum.book.make import BookContent
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import parse_spec
from conundrum.puzzle import Given, Puzzle
from renderers.book import book_pages
from renderers.book_geometry import BLEED, Geometry
from renderers.i18n import LANGUAGES
from renderers.layout import (
    BLEEDS,
    MIN_LINE_MM,
    MIN_TEXT_PT,
    Circle,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
    extent,
)
from tests.test_render_common import busy_puzzle, grown_puzzle, small_puzzle

SIZES = ("a4", "letter", "6x9")
KINDS = {"title", "how to play", "contents", "puzzles", "answers", "notes"}
EPS = 1e-6


@functools.cache
def pool() -> tuple[Puzzle, ...]:
    """Small, middling and big boards, and a trick puzzle (a tile with no position)."""
    trick = small_puzzle()
    trick = Puzzle(trick.board, [*trick.given, Given("RRR", 0)], title="Trick")
    return (small_puzzle(), grown_puzzle(8, 3), grown_puzzle(20, 4), busy_puzzle(45, 5, 2),
            trick, grown_puzzle(30, 9, 3))


@functools.cache
def example() -> Puzzle:
    return example_puzzle(1)


def content(page: str, bleed: bool, lang: str, per_page: int, **keys: str) -> BookContent:
    """A two-section book of the pool's puzzles; `keys`: more spec keys (colour: grey ...)."""
    extra = "".join(f"{k}: {v}\n" for k, v in keys.items())
    spec = parse_spec(f"title: Conundrums for the road, a long title\nsubtitle: Volume 2\n"
                      f"page: {page}\nbleed: {str(bleed).lower()}\nlanguage: {lang}\n"
                      f"per_page: {per_page}\n{extra}sections:\n"
                      "  - {name: Warm-up with a long section name, count: 3}\n"
                      "  - {name: Hard, count: 3, difficulty: 5}\n")
    puzzles = [BookPuzzle(n, (n - 1) // 3, Made((n - 1) // 3, n, 0, n, p, f"k{n}", "f", {}), 1.0)
               for n, p in enumerate(pool(), 1)]
    return BookContent(spec, puzzles, example())


def book(page: str, bleed: bool, lang: str, per_page: int, **keys: str
         ) -> tuple[list[Page], Geometry]:
    pages = book_pages(content(page, bleed, lang, per_page, **keys), lambda _m: None)
    return pages, Geometry.of(page, bleed, len(pages))


def faults(page: Page, number: int, geo: Geometry) -> list[str]:
    """Every item that inks outside the safe area (unless it is bleed art reaching past the
    trim), every line under 0.25 pt and every text under 6 pt."""
    sx0, sy0, sx1, sy1 = geo.safe(number)
    tx0, ty0, tx1, ty1 = geo.trim(number)
    found = []
    for item in page.items:
        x0, y0, x1, y1 = extent(item)
        if item.tag.startswith(BLEEDS):
            past = x0 < tx0 - EPS or y0 < ty0 - EPS or x1 > tx1 + EPS or y1 > ty1 + EPS
            inside_page = x0 >= -EPS and y0 >= -EPS and x1 <= page.width + EPS \
                and y1 <= page.height + EPS
            if not (past and inside_page):
                found.append(f"bleed art that does not bleed: {item}")
        elif x0 < sx0 - EPS or y0 < sy0 - EPS or x1 > sx1 + EPS or y1 > sy1 + EPS:
            found.append(f"outside the safe area {(sx0, sy0, sx1, sy1)}: "
                         f"{(x0, y0, x1, y1)} {item}")
        if isinstance(item, Text) and item.size < MIN_TEXT_PT - EPS:
            found.append(f"text under {MIN_TEXT_PT} pt: {item}")
        stroked = isinstance(item, Line) or (isinstance(item, (Rect, Circle, Polygon))
                                             and item.stroke)
        if stroked and item.width < MIN_LINE_MM - EPS:
            found.append(f"line under 0.25 pt: {item}")
    return found


@pytest.mark.parametrize("page", SIZES)
@pytest.mark.parametrize("bleed", [False, True])
def test_every_page_of_every_book_keeps_to_its_safe_area(page, bleed) -> None:
    kinds = set()
    for k, lang in enumerate(LANGUAGES):
        per_page = (1, 2, 4, 6)[k % 4]
        pages, geo = book(page, bleed, lang, per_page)
        for number, p in enumerate(pages, 1):
            kinds.add(p.kind)
            problems = faults(p, number, geo)
            assert not problems, f"{page} bleed={bleed} {lang} page {number} ({p.kind}): " \
                f"{problems[:3]}"
    expected = KINDS if bleed else KINDS - {"notes"}  # only print-on-demand books are padded
    assert expected <= kinds


def test_the_title_row_fits_the_6x9_trim_and_the_band_bleeds() -> None:
    pages, geo = book("6x9", True, "en", 2)
    title = pages[0]
    tiles = [extent(i) for i in title.items if i.tag == "tile outline"]
    assert len(tiles) == 5
    sx0, _, sx1, _ = geo.safe(1)
    assert sx0 <= min(t[0] for t in tiles) and max(t[2] for t in tiles) <= sx1
    assert max(t[2] for t in tiles) - min(t[0] for t in tiles) > 0.9 * (sx1 - sx0)
    band = [i for i in title.items if i.tag.startswith(BLEEDS)]
    assert band and max(extent(i)[2] for i in band) == pytest.approx(title.width)
    assert max(extent(i)[3] for i in band) == pytest.approx(title.height)
    assert geo.trim(1)[3] + BLEED == pytest.approx(title.height)
