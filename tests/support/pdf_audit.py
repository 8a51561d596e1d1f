"""A printer's eye on a book's PDF, read back (tests/support/pdf_read.py): type size, words that
overlap, words crowded by ink, everything inside the trim's safe area; and a book's
boards at one cell size a page. Reused by the layout audit (tests/test_book_audit.py).

Everything is measured in PDF points on the page as printed (after every text matrix),
so a 12 pt font scaled to 30% counts as 3.6 pt.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from conundrum.board import Board
from conundrum.book.example import example_puzzle
from conundrum.book.make_book import BookContent
from conundrum.book.make_puzzles import Made
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec, parse_spec
from conundrum.puzzle import Given, Puzzle
from renderers.page.layout import Line, Page, Rect, Text
from tests.support.pdf_read import PageRead, read_pdf
from tests.support.puzzles import busy_puzzle, grown_board, grown_puzzle, small_puzzle

MIN_PT = 7.0  # KDP's minimum type size ("Paperback fonts")
CLEAR_PT = 1.5  # paper between a word and ink that is not its own background
INCH = 72.0
SAFE_IN = 0.25  # inches kept clear inside the trim without bleed
SAFE_BLEED_IN = 0.375  # and with bleed (KDP's outside margin for a bleed book)
GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))  # pages -> inside, inches
TOUCH = 0.05  # pt: rounding in a PDF's numbers


@dataclass(frozen=True)
class Fault:
    """One thing a printer or a reader would object to, on page `page` (1-based)."""

    page: int
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.rule}: {self.detail}"


Box = tuple[float, float, float, float]  # x0, top, x1, bottom in pt, y down


def gutter_in(pages: int) -> float:
    """KDP's inside margin in inches for a book of `pages` pages."""
    return next((inches for most, inches in GUTTERS if pages <= most), 0.875)


def _overlap(a: Box, b: Box, by: float = 0.0) -> bool:
    return a[0] < b[2] + by and b[0] < a[2] + by and a[1] < b[3] + by and b[1] < a[3] + by


def _inside(inner: Box, outer: Box) -> bool:
    return (outer[0] - TOUCH <= inner[0] and outer[1] - TOUCH <= inner[1]
            and inner[2] <= outer[2] + TOUCH and inner[3] <= outer[3] + TOUCH)


ROW_PT = 24.0  # the bands of a page in `_near`'s index


def _near(boxes: list[Box], by: float) -> Callable[[Box], list[int]]:
    """A look-up: the indices, in order, of `boxes` that a box may overlap within `by` pt
    (every one `_overlap(box, b, by)` holds for, and maybe a few more). The boxes are
    filed by the bands of ROW_PT of the page they reach: checking every word of a page
    against every other word and every shape (a QR code is hundreds) was most of an
    audit's time, and a shape or word in no band of the box's can fault nothing."""
    rows: defaultdict[int, list[int]] = defaultdict(list)
    reach = max(by, 0.0)
    for k, b in enumerate(boxes):
        for row in range(math.floor((b[1] - reach) / ROW_PT),
                         math.floor((b[3] + reach) / ROW_PT) + 1):
            rows[row].append(k)

    def near(box: Box) -> list[int]:
        found: set[int] = set()
        for row in range(math.floor(box[1] / ROW_PT), math.floor(box[3] / ROW_PT) + 1):
            found.update(rows.get(row, ()))
        return sorted(found)
    return near


def _white(colour: object) -> bool:
    if colour is None:
        return True
    values = tuple(colour) if isinstance(colour, (list, tuple)) else (colour,)
    if len(values) == 4:  # cmyk
        return all(v <= 0.02 for v in values)
    return all(v >= 0.98 for v in values)


def _ink(page: PageRead) -> list[tuple[Box, bool]]:
    """Every painted graphic as (box, filled): filled shapes in a colour, and strokes."""
    out: list[tuple[Box, bool]] = []
    for obj in [*page.rects, *page.lines, *page.curves]:
        box = (obj["x0"], obj["top"], obj["x1"], obj["bottom"])
        filled = bool(obj.get("fill")) and not _white(obj.get("non_stroking_color"))
        stroked = bool(obj.get("stroke")) and not _white(obj.get("stroking_color"))
        if obj["object_type"] == "rect" and stroked and not filled:
            # a frame inks its four edges, not the paper it encloses
            half = float(obj.get("linewidth") or 0) / 2
            x0, top, x1, bottom = box
            out += [((x0 - half, top - half, x1 + half, top + half), False),
                    ((x0 - half, bottom - half, x1 + half, bottom + half), False),
                    ((x0 - half, top - half, x0 + half, bottom + half), False),
                    ((x1 - half, top - half, x1 + half, bottom + half), False)]
        elif filled or stroked:
            out.append((box, filled))
    return out


def char_size(char: dict) -> float:
    """A glyph's type size as printed: pdfminer's `size` is the glyph box's height, which
    for text turned a quarter (a spine's) is its advance; there, the box's width."""
    a, b = char["matrix"][:2]
    return float(char["width"] if abs(b) > abs(a) else char["size"])


def _words(page: PageRead) -> list[dict]:
    """Words as printed: split where the size changes, and box by box of their glyphs."""
    return page.extract_words(extra_attrs=["size"], keep_blank_chars=False,
                              use_text_flow=True, x_tolerance=1.0, return_chars=True)


def _glyph_box(word: dict, height: float) -> Box:
    """Where a word can ink: from its baseline (the text matrix) up to accented capitals
    and down to descenders (layout.TEXT_ASCENT, TEXT_DESCENT), not the font's whole box."""
    size = float(word["size"])
    baseline = max(height - float(c["matrix"][5]) for c in word["chars"])
    return (word["x0"], baseline - 0.95 * size, word["x1"], baseline + 0.25 * size)


def _safe(page: PageRead, number: int, count: int) -> tuple[Box, Box, bool]:
    """(trim, safe area, bleed?) of page `number`, in pdfplumber's y-down points."""
    media = page.mediabox
    trim_box = page.trimbox or media
    h = float(media[3])
    trim = (float(trim_box[0]), h - float(trim_box[3]), float(trim_box[2]),
            h - float(trim_box[1]))
    bleed = tuple(trim_box) != tuple(media)
    edge = (SAFE_BLEED_IN if bleed else SAFE_IN) * INCH
    inside = max(edge, gutter_in(count) * INCH) if bleed else edge
    left, right = (inside, edge) if number % 2 else (edge, inside)
    return trim, (trim[0] + left, trim[1] + edge, trim[2] - right, trim[3] - edge), bleed


Panel = tuple[Box, Box]  # a panel of a page (its trim) and its safe area, in pt


def audit_page(page: PageRead, number: int, count: int, min_pt: float = MIN_PT,
               panels: list[Panel] | None = None) -> list[Fault]:
    """The faults of one page of a `count`-page book (see the module's docstring).
    `panels`: a cover's back, spine and front, each with its own safe area; a word must
    lie in one of them, and ink within a panel inside its safe area (ink across the trim
    or a fold is bleed art). None: the page's trim and safe area."""
    faults: list[Fault] = []
    trim, safe, _bleed = _safe(page, number, count)
    panels = panels or [(trim, safe)]
    words = [w for w in _words(page) if w["text"].strip() and w.get("upright", True)]
    for char in page.chars:
        if char["text"].strip() and char_size(char) < min_pt - 0.01:
            faults.append(Fault(number, f"type under {min_pt:g} pt",
                                f"{char['text']!r} at {char_size(char):.2f} pt"))
            break
    boxes = [_glyph_box(w, float(page.height)) for w in words]
    near_words = _near(boxes, -TOUCH)
    for i, a in enumerate(boxes):
        for j in near_words(a):
            if j > i and _overlap(a, boxes[j], -TOUCH):
                faults.append(Fault(number, "words overlap",
                                    f"{words[i]['text']!r} and {words[j]['text']!r}"))
    ink = _ink(page)
    near_ink = _near([shape for shape, _filled in ink], CLEAR_PT - TOUCH)
    for word, box in zip(words, boxes, strict=True):
        # only ink near the word: a shape further off is neither its own nor too close
        for shape, filled in (ink[k] for k in near_ink(box)):
            if filled and _inside(box, shape):
                continue  # the word's own background (a legend swatch, a badge)
            if _inside(shape, box) and filled:
                continue  # a symbol drawn inside the word's box belongs to it
            if _overlap(box, shape, CLEAR_PT - TOUCH):
                faults.append(Fault(number, f"less than {CLEAR_PT:g} pt of paper round a word",
                                    f"{word['text']!r} at {box} near ink at {shape}"))
                break
        if not any(_inside(box, area) for _panel, area in panels):
            faults.append(Fault(number, "text outside the safe area",
                                f"{word['text']!r} at {box}, safe {[a for _p, a in panels]}"))
    for shape, _filled in ink:
        within = [area for panel, area in panels if _inside(shape, panel)]
        if within and not _inside(shape, within[0]):
            faults.append(Fault(number, "ink outside the safe area",
                                f"{shape}, safe {within[0]}"))
    return faults


def cover_panels(spec: BookSpec, pages: int) -> list[Panel]:
    """The back, spine and front of `spec`'s cover for a book of `pages` pages, each with
    its safe area (renderers/book/cover_layout.py's margins: SAFE from the trim and the
    folds, SPINE_SAFE from the folds on the spine), in pdfplumber's y-down points."""
    from renderers.book.cover_layout import BLEED, SAFE, SPINE_SAFE, CoverGeometry

    geo = CoverGeometry.of(spec, pages)
    pt = INCH / 25.4
    top, bottom = BLEED * pt, (geo.height - BLEED) * pt
    back, front = geo.back, geo.front
    spine = (back[1], front[0])
    found = []
    for (x0, x1), edge in ((back, SAFE), (spine, SPINE_SAFE), (front, SAFE)):
        panel = (x0 * pt, top, x1 * pt, bottom)
        found.append((panel, ((x0 + edge) * pt, top + SAFE * pt, (x1 - edge) * pt,
                              bottom - SAFE * pt)))
    return found


def audit_cover(data: bytes, spec: BookSpec, pages: int, min_pt: float = MIN_PT
                ) -> list[Fault]:
    """Every fault of the cover PDF `data` of `spec`'s book of `pages` pages (page 0)."""
    (page,) = read_pdf(data)
    return audit_page(page, 0, pages, min_pt, cover_panels(spec, pages))


def audit_pdf(data: bytes, min_pt: float = MIN_PT) -> list[Fault]:
    """Every fault of every page of the PDF `data`."""
    return audit_pages(read_pdf(data), min_pt)


def audit_pages(pdf: list[PageRead], min_pt: float = MIN_PT) -> list[Fault]:
    """Every fault of every page of the read `pdf` (read once, for a test that reads its
    pages again)."""
    faults: list[Fault] = []
    count = len(pdf)
    for number, page in enumerate(pdf, 1):
        faults += audit_page(page, number, count, min_pt)
    return faults


def smallest_type(data: bytes, kinds: Iterable[int] | None = None) -> float:
    """The smallest type size in the PDF `data` (pages `kinds`, 1-based, or all)."""
    return smallest_on(read_pdf(data), kinds)


def smallest_on(pdf: list[PageRead], kinds: Iterable[int] | None = None) -> float:
    """The smallest type size on the read `pdf`'s pages `kinds` (1-based, or all)."""
    wanted = None if kinds is None else set(kinds)
    return min(char_size(c) for n, p in enumerate(pdf, 1)
               if wanted is None or n in wanted for c in p.chars if c["text"].strip())


def board_cell_faults(pages: list[Page]) -> list[Fault]:
    """Boards of one page drawn at different cell sizes, and boards without their puzzle
    (split from it over a page break), read from the laid-out pages."""
    faults: list[Fault] = []
    for number, page in enumerate(pages, 1):
        if page.kind != "puzzles":
            continue
        page.drawn()
        cells = set()
        for area, line in zip(page.items, page.items[1:], strict=False):
            # draw_grid: the board's area, then its first inner grid line, one cell in
            if area.tag == "grid area" and isinstance(area, Rect) and isinstance(line, Line):
                step = line.x1 - area.x if line.x1 == line.x2 else line.y1 - area.y
                cells.add(round(step, 2))
        if len(cells) > 1:
            faults.append(Fault(number, "boards at different cell sizes", str(sorted(cells))))
        if cells and not any(i.tag == "title" for i in page.items):
            faults.append(Fault(number, "a board without its puzzle", "no title on the page"))
    return faults


# ---- small books to audit -------------------------------------------------------
@functools.cache
def pool() -> tuple[Puzzle, ...]:
    """Small, middling and big boards, and a trick puzzle (a tile with no position)."""
    trick = small_puzzle()
    trick = Puzzle(trick.board, [*trick.given, Given("RRR", 0)], title="Trick")
    return (small_puzzle(), grown_puzzle(8, 3), grown_puzzle(20, 4), busy_puzzle(45, 5, 2),
            trick, grown_puzzle(30, 9, 3))


@functools.cache
def all_pool() -> tuple[Puzzle, ...]:
    """Puzzles for a `kind: all` section: every given tile laid, one arrangement each."""
    made = []
    for tiles, seed in ((8, 3), (12, 5), (16, 7)):
        placed = list(grown_board(tiles, seed))
        made.append(Puzzle(Board(placed[:-2]), [Given(p.code) for p in placed[-2:]],
                           title="Lay them all", kind="all"))
    return tuple(made)


def small_book(keys: dict[str, object], kind: str = "count",
               boards: tuple[Puzzle, ...] | None = None) -> BookContent:
    """A two-section book (three puzzles each) of the pool's puzzles with spec `keys`
    (page, bleed, language, palette, answers, large_print, web ...); or of `boards`, half
    of them in each section."""
    lines = "".join(f"{k}: {str(v).lower() if isinstance(v, bool) else repr(v)}\n"
                    for k, v in keys.items())
    section_kind = ", kind: all" if kind == "all" else ""
    made = [*(boards or pool())] if kind == "count" else [*all_pool(), *all_pool()]
    count = len(boards) // 2 if boards else 3
    spec = parse_spec("title: Conundrums for the road\nsubtitle: Volume 2\n"
                      f"{lines}sections:\n"
                      f"  - {{name: Warm-up with a long section name, count: {count}"
                      f"{section_kind}}}\n"
                      f"  - {{name: Hard, count: {count}, difficulty: 5{section_kind}}}\n")
    puzzles = [BookPuzzle(n, (n - 1) // count,
                          Made((n - 1) // count, n, 0, n, p, f"k{n}", "f", {}), 1.0)
               for n, p in enumerate(made[:2 * count], 1)]
    return BookContent(spec, puzzles, example_puzzle(1))


@dataclass(frozen=True)
class Case:
    """One book of the layout audit's matrix."""

    page: str
    large: bool
    language: str
    palette: str
    answers: str
    kind: str
    bleed: bool
    qr: bool
    theme: str = "plain"  # the cover's (every book's cover is audited too)

    def keys(self) -> dict[str, object]:
        """The book's spec keys."""
        keys: dict[str, object] = {"page": self.page, "bleed": self.bleed,
                                   "language": self.language, "palette": self.palette,
                                   "answers": self.answers, "large_print": self.large,
                                   "time_box": self.qr, "per_page": 2,
                                   "cover_theme": self.theme, "isbn": "978-0-306-40615-7",
                                   "barcode": True, "barcode_price": "90000",
                                   "author": "Ada Lovelace", "blurb": BLURB}
        if self.qr:
            keys["web"] = "https://e.org/v/"
        return keys


BLURB = "Sixty puzzles for the patient, from a gentle warm-up to fiendish boards."


@dataclass
class Audited:
    """What the audit of one book found: its faults (its cover's on page 0), its page
    count, its smallest type."""

    faults: list[Fault]
    pages: int
    smallest: float
    rules: list[float]  # the how-to page's rule sizes (pt)


def audit_case(case: Case) -> Audited:
    """Draw the small book of `case` and its cover, and audit every page of its PDF, its
    boards, and the cover's PDF (7 pt: a cover's least type is not the interior's)."""
    from renderers.book.cover import cover_pdf
    from renderers.book.layout import book_pages
    from renderers.paint.pdf import pdf_bytes

    content = small_book(case.keys(), case.kind)
    pages = book_pages(content, lambda _m: None)
    data = pdf_bytes(pages, "Audit", case.language, "rgb", case.palette)
    least = 12.0 if case.large else MIN_PT
    pdf = read_pdf(data)  # read once for both readings
    faults = audit_pages(pdf, least) + board_cell_faults(pages)
    smallest = smallest_on(pdf)
    puzzles = [bp.puzzle for bp in content.puzzles]
    faults += audit_cover(cover_pdf(content.spec, len(pages), puzzles), content.spec,
                          len(pages))
    rules = [i.size for p in pages for i in p.items if isinstance(i, Text) and i.tag == "rule"]
    return Audited(faults, len(pages), smallest, rules)
