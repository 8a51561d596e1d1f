"""Books as a printer checks them: every page laid out within its safe area, nothing too
thin or too small, in every page size, with and without bleed, in every language.

Checked on the layout (pages in millimetres, before any painting), so every
combination is fast; tests/test_book_pdf.py reads the same facts back from PDF bytes.
"""

from __future__ import annotations

import functools

import pytest

from conundrum.book.example import example_puzzle
from conundrum.book.make_book import BookContent
from conundrum.book.make_puzzles import Made
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import parse_spec
from conundrum.puzzle import Puzzle
from renderers.book.geometry import BLEED, LARGE, Geometry
from renderers.book.layout import book_pages
from renderers.page.i18n import LANGUAGES
from renderers.page.layout import (
    BLEEDS,
    MIN_LINE_MM,
    MIN_TEXT_PT,
    PAGE_SIZES,
    Circle,
    Line,
    Page,
    Polygon,
    Rect,
    Text,
    extent,
)
from renderers.page.palettes import get_palette
from tests.support.pdf_audit import pool  # the audit's boards: one pool for both
from tests.support.registries import add_page_size

pytestmark = pytest.mark.slow  # builds books or drives the browser

SIZES = tuple(PAGE_SIZES)  # every page size there is
KINDS = {"title", "copyright", "how to play", "contents", "puzzles", "answers", "notes"}
EPS = 1e-6


@functools.cache
def example() -> Puzzle:
    return example_puzzle(1)


FRONT = {"author": "Ada Lovelace", "publisher": "Analytical Press", "edition": "First edition",
         "isbn": "978-3-16-148410-0", "copyright": "© 2026 Ada Lovelace. All rights reserved."}


def content(page: str, bleed: bool, lang: str, per_page: int, hard_counts: str = "print",
            **keys: str) -> BookContent:
    """A two-section book of the pool's puzzles; `keys`: more spec keys (colour: grey ...);
    `hard_counts`: the second section's counts (print or blank)."""
    extra = "".join(f"{k}: {v!r}\n" for k, v in keys.items())
    spec = parse_spec(f"title: Conundrums for the road, a long title\nsubtitle: Volume 2\n"
                      f"page: {page}\nbleed: {str(bleed).lower()}\nlanguage: {lang}\n"
                      f"per_page: {per_page}\n{extra}sections:\n"
                      "  - {name: Warm-up with a long section name, count: 3}\n"
                      f"  - {{name: Hard, count: 3, difficulty: 5, counts: {hard_counts}}}\n")
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
        keys = dict(FRONT) if k % 2 else {}
        keys["answers"] = ("end", "list", "end-drawn")[k % 3]
        pages, geo = book(page, bleed, lang, per_page, **keys)
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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_puzzle_page_has_the_colour_legend_and_the_how_to_page_explains_it(lang) -> None:
    # with web: the how-to page's longest text (a paragraph on the QR codes too)
    pages, _ = book("6x9", False, lang, 2, web="https://example.org/vol1/")
    puzzles = [p for p in pages if p.kind == "puzzles"]
    assert puzzles
    for p in puzzles:
        assert [i.text for i in p.tagged("legend letter")] == list("RYGBP")
        assert len(p.tagged("legend name")) == 6  # and the chameleon
    how = next(p for p in pages if p.kind == "how to play")
    assert [i.text for i in how.tagged("legend letter")] == list("RYGBP")
    # and the worked example still shows every position drawn, under the legend
    shown = [i for i in how.items if i.tag == "caption"]
    assert len(shown) == example().given[0].positions
    rules = " ".join(i.text for i in how.tagged("rule"))
    code = example().given[0].code
    code = code if code != code[::-1] else "BRP"
    assert code[::-1] in rules and "B*G" in rules  # either end, and what * means
    note = " ".join(i.text for i in how.tagged("legend note"))
    if lang == "en":
        assert not note  # R red, Y yellow ...: the letters are the initials
    else:
        assert "R" in note and len(note) > 40


def test_counts_blank_in_a_section_and_never_zero_positions_for_a_trick() -> None:
    pages, _ = book("a4", False, "en", 1, hard_counts="blank")
    texts = [t for p in pages if p.kind == "puzzles" for t in p.texts()]
    assert "0 positions" not in texts  # the trick puzzle (Puzzle 5) shows boxes instead
    by_puzzle = {}
    for p in pages:
        if p.kind == "puzzles":
            title = next(i.text for i in p.items if i.tag == "title")
            by_puzzle[title] = p
    assert by_puzzle["Puzzle 1"].tagged("count") and not by_puzzle["Puzzle 1"].tagged("blank")
    for n in (4, 5, 6):  # the Hard section: counts: blank
        assert by_puzzle[f"Puzzle {n}"].tagged("blank box")
        assert not by_puzzle[f"Puzzle {n}"].tagged("count")
    printed, _ = book("a4", False, "en", 1)
    trick = next(p for p in printed if "Puzzle 5" in p.texts())
    assert trick.tagged("blank box") and not trick.tagged("count")


@pytest.mark.parametrize("page", SIZES)
def test_answer_space_on_every_puzzle_holds_its_count(page) -> None:
    pages, _ = book(page, False, "en", 2)
    lines = {}
    for p in pages:
        if p.kind != "puzzles":
            continue
        titles = [i for i in p.items if i.tag == "title"]
        for k, title in enumerate(titles):
            below = titles[k + 1].y if k + 1 < len(titles) else p.height
            lines[title.text] = [i for i in p.tagged("write line") if title.y < i.y1 < below]
    assert len(lines) == len(pool()) and all(lines.values())
    counts = {f"Puzzle {n}": sum(g.positions or 0 for g in puz.given)
              for n, puz in enumerate(pool(), 1)}
    for title, found in lines.items():  # a short line for each answer, at least
        assert len(found) >= counts[title], (title, len(found), counts[title])


def test_end_drawn_answers_draw_every_position_on_a_small_board() -> None:
    from renderers.sheet.solved import solve

    pages, _ = book("6x9", True, "fr", 2, answers="end-drawn")
    answers = [p for p in pages if p.kind == "answers"]
    captions = [i.text for p in answers for i in p.items if i.tag == "caption"]
    expected = [s.grid.text(q) for s in map(solve, pool()) for _c, found in s.solutions
                for q in found]
    assert captions == expected
    assert any(p.tagged("locator ring") for p in answers)


def test_front_matter_prints_a_copyright_page_after_the_title() -> None:
    pages, _ = book("6x9", True, "en", 2, **FRONT)
    assert [p.kind for p in pages[:4]] == ["title", "copyright", "how to play", "contents"]
    text = " ".join(pages[1].texts())
    for expected in ("by Ada Lovelace", "Published by Analytical Press", "First edition",
                     "ISBN 978-3-16-148410-0", "All rights reserved."):
        assert expected in text
    contents = " ".join(pages[3].texts())
    assert "How to play" in contents
    plain, _ = book("6x9", True, "en", 2)
    assert [p.kind for p in plain[:3]] == ["title", "how to play", "contents"]


def test_the_generator_grows_boards_within_the_page_grid_it_is_given() -> None:
    from conundrum.errors import GenerationError
    from conundrum.generate import GenerateRequest, generate
    from conundrum.notation import Grid
    from renderers.page.wording import reproduce_command

    puzzle = generate(GenerateRequest(difficulty=5, seed=3, max_grid=(26, 26)))
    grid = Grid.of(puzzle.board)
    assert grid.width <= 26 and grid.height <= 26
    assert "--max-grid 26,26" in (reproduce_command(puzzle) or "")
    with pytest.raises(GenerationError, match="the page holds 9 x 9"):
        generate(GenerateRequest(tiles=30, given=1, positions=(3,), seed=3, max_grid=(9, 9)))


def test_a_6x9_book_of_hard_puzzles_prints_every_cell_at_4_mm_or_more(tmp_path) -> None:
    from conundrum.book.make_book import order_book
    from conundrum.book.make_puzzles import make_puzzles
    from conundrum.book.work import WorkFile
    from renderers.book.layout import grid_limits
    from renderers.page.style import MIN_CELL

    spec = parse_spec("title: T\nseed: 5\npage: 6x9\nbleed: true\nper_page: 1\nsections:\n"
                      "  - {name: Hard, count: 3, difficulty: 5}\n")
    limits = grid_limits(spec)
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=limits)
    for m in made:  # the section's grid, or within it where the slot leant to a shape
        asked = m.request["max_grid"]
        assert 0 < asked[0] <= limits[0][0] and 0 < asked[1] <= limits[0][1]
    notes: list[str] = []
    pages = book_pages(BookContent(spec, order_book(spec, made), example()), notes.append)
    assert not notes
    cells = []
    for p in pages:
        if p.kind == "puzzles":
            area = next(i for i in p.items if i.tag == "grid area")
            lines = [i for i in p.items if isinstance(i, Line) and i.x1 == i.x2
                     and i.stroke == get_palette("classic").grid_line
                     and i.y1 == area.y and area.x < i.x1 < area.x + area.w]
            cells.append(area.w / (len(lines) + 1))  # the grid's inner lines split it
    assert len(cells) == 3 and min(cells) >= MIN_CELL - 1e-6


def test_the_title_page_shows_the_volume_and_the_author() -> None:
    pages, _ = book("6x9", True, "en", 2, volume="Volume 2", **FRONT)
    title = pages[0]
    assert [i.text for i in title.tagged("book volume")] == ["Volume 2"]
    assert [i.text for i in title.tagged("book author")] == [FRONT["author"]]


# on 5x8 the Czech rules leave the worked example no room: it has a page of its own
@pytest.mark.parametrize("page,how", [("6x9", 1), ("5x8", 2)])
def test_an_intro_page_follows_the_copyright_page(page, how) -> None:
    intro = "Welcome to the puzzles.\n\n" + "A long paragraph of the author's. " * 56
    pages, geo = book(page, True, "cs", 2, intro=intro, **FRONT)
    assert [p.kind for p in pages[:4 + how]] == ["title", "copyright", "intro",
                                                 *["how to play"] * how, "contents"]
    shown = [i for i in pages[2 + how].items if i.tag == "caption"]
    assert len(shown) == example().given[0].positions  # the worked example, whole
    text = " ".join(i.text for i in pages[2].tagged("intro"))
    assert text.startswith("Welcome to the puzzles.") and text.endswith("of the author's.")
    contents = " ".join(pages[3 + how].texts())
    assert "Úvod" in contents and "Jak hrát" in contents
    for number, p in enumerate(pages, 1):
        assert not faults(p, number, geo), (number, p.kind)


def test_each_puzzle_shows_its_grade_and_with_time_box_a_box_for_its_time() -> None:
    pages, geo = book("6x9", True, "fr", 2, time_box=True)
    puzzles = [p for p in pages if p.kind == "puzzles"]
    titles = [i for p in puzzles for i in p.items if i.tag == "title"]
    grades = [i.text for p in puzzles for i in p.tagged("number")]
    assert len(grades) == len(titles) and all(g.startswith("Niveau ") for g in grades)
    assert sum(len(p.tagged("time box")) for p in puzzles) == len(titles)
    assert {i.text for p in puzzles for i in p.tagged("time word")} == {"Temps"}
    for number, p in enumerate(pages, 1):
        assert not faults(p, number, geo), (number, p.kind)
    plain, _ = book("6x9", True, "fr", 2)
    assert not any(p.tagged("time box") for p in plain)


@pytest.mark.parametrize("page", [*SIZES, "8.5x8.5"])  # square pages mixed them before
@pytest.mark.parametrize("per_page", [1, 2])
def test_the_given_tiles_sit_in_one_place_throughout_a_section(page, per_page) -> None:
    """Beside the board or below it: the same for every puzzle of a section, read from where
    each puzzle's "Tiles to place" heading lands against its board."""
    pages, _ = book(page, True, "en", per_page)
    places: dict[str, set[str]] = {}
    for p in (q for q in pages if q.kind == "puzzles"):
        section = next(i.text for i in p.items if i.tag in ("heading", "running"))
        areas = sorted((i for i in p.items if i.tag == "grid area"), key=lambda a: a.y)
        for heading in p.tagged("tiles heading"):
            area = max((a for a in areas if a.y <= heading.y + 1.0), key=lambda a: a.y,
                       default=areas[0])
            beside = heading.x >= area.x + area.w - 1e-6
            places.setdefault(section, set()).add("beside" if beside else "below")
    assert places and all(len(where) == 1 for where in places.values()), places


@pytest.mark.parametrize("page", ["8x10", "a4"])
def test_large_print_raises_every_type_size_and_the_smallest_cell(page) -> None:
    normal, _ = book(page, True, "en", 2)
    large, geo = book(page, True, "en", 2, large_print=True)
    # the smallest type any page sets is 7 pt: in large print, 12 (the cells: test_trims)
    assert min(i.size for p in large for i in p.items if isinstance(i, Text)) >= 12 - 1e-9
    rules = [i.size for p in large for i in p.tagged("rule")]
    assert rules and min(rules) >= 16 - 1e-9  # the body: large-print norms
    numbers = {i.size for p in normal for i in p.tagged("page number")}
    assert {round(i.size, 6) for p in large for i in p.tagged("page number")} == \
        {round(size * LARGE, 6) for size in numbers}
    assert {(round(p.width, 6), round(p.height, 6)) for p in large} == \
        {(round(p.width, 6), round(p.height, 6)) for p in normal}
    for number, p in enumerate(large, 1):
        assert not faults(p, number, geo), (number, p.kind)
    how = [p for p in large if p.kind == "how to play"]
    assert len(how) == 2  # the rules, then the worked example on a page of its own
    shown = [i for i in how[1].items if i.tag == "caption"]
    assert len(shown) == example().given[0].positions  # the worked example, whole


def test_a_page_too_short_for_the_example_gives_it_a_page_of_its_own(monkeypatch) -> None:
    add_page_size(monkeypatch, "4.25x6.75", (4.25 * 25.4, 6.75 * 25.4))  # under 5x8
    pages, geo = book("4.25x6.75", True, "en", 2)
    assert [p.kind for p in pages[:4]] == ["title", "how to play", "how to play", "contents"]
    for number, p in enumerate(pages, 1):
        assert not faults(p, number, geo), (number, p.kind)
    shown = [i for i in pages[2].items if i.tag == "caption"]
    assert len(shown) == example().given[0].positions  # the worked example, whole
    smallest, _ = book("5x8", True, "en", 2)  # the smallest real trim: all on one page
    assert [p.kind for p in smallest].count("how to play") == 1

def test_sections_start_on_the_right_and_the_copyright_page_has_no_number() -> None:
    pages, _ = book("6x9", True, "en", 2, **FRONT)  # print on demand: section_start right
    starts = [n for n, p in enumerate(pages, 1) if p.tagged("heading") and p.kind in
              ("puzzles", "answers")]
    assert starts and all(n % 2 for n in starts), starts
    blanks = [n for n, p in enumerate(pages, 1) if p.kind == "blank"]
    assert all(not pages[n - 1].items for n in blanks)  # blank, unnumbered
    copyright_page = next(p for p in pages if p.kind == "copyright")
    assert not copyright_page.tagged("page number")
    anywhere, _ = book("6x9", True, "en", 2, section_start="any")
    assert not any(p.kind == "blank" for p in anywhere)


def test_the_time_box_sits_above_the_header_rule_on_5x8() -> None:
    pages, _ = book("5x8", True, "en", 2, time_box=True)
    for p in (q for q in pages if q.kind == "puzzles"):
        rules = [i for i in p.items if isinstance(i, Line) and i.width == 0.35]
        for box in p.tagged("time box"):
            rule = min((r for r in rules if r.y1 >= box.y), key=lambda r: r.y1)
            assert box.y + box.h < rule.y1 and rule.x1 <= box.x and box.x + box.w <= rule.x2


def test_qr_modules_print_at_half_a_millimetre_or_the_codes_are_left_out() -> None:
    from renderers.book.layout import book_pages

    pages, _ = book("5x8", True, "en", 2, web="https://e.org/v/")
    modules = [i for p in pages for i in p.drawn().items if i.tag == "qr module"]
    assert modules and min(i.h for i in modules) >= 0.5
    notes: list[str] = []
    long = book_pages(content("5x8", True, "en", 2,
                              web="https://puzzles.example.com/a/long/address/for/books/"),
                      notes.append)
    assert not any(i.tag == "qr module" for p in long for i in p.drawn().items)
    assert any("QR codes are left out" in n for n in notes)


@pytest.mark.parametrize("answers", ["end-drawn", "list"])
def test_no_key_heading_ends_a_page_without_its_answer(answers) -> None:
    pages, _ = book("5x8", True, "en", 1, answers=answers)
    for p in (q for q in pages if q.kind == "answers"):
        for heading in p.tagged("title") + p.tagged("key number"):
            below = [i for i in p.items if getattr(i, "y", -1) > heading.y + 1.0
                     and not i.tag.startswith("page number")]
            assert below, f"{heading.text} alone at the foot of its page"
    if answers == "list":  # in columns: keys side by side
        xs = {round(i.x) for p in pages if p.kind == "answers" for i in p.tagged("key number")}
        assert len(xs) >= 2
