"""Book sections ask the generator for boards that fit their page (renderers/book/grid_fit.py).

The limit is checked against the book's own section layout (`_Book._section_at`,
at the widest gutter), never against the code that found it: a stand-in board
exactly at the limit prints legibly in every slot of the section, one a cell
larger either way does not.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.book.make_book import order_book
from conundrum.book.make_puzzles import Made, make_puzzles
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import parse_spec
from conundrum.book.work import WorkFile
from conundrum.generate import GenerateRequest, explicit_sizes, most_answers, most_tiles
from conundrum.generate.difficulty import LEVELS, params_for
from conundrum.generate.search import Room, Style, grow
from conundrum.notation import Grid
from conundrum.rules import ruleset
from renderers.book.geometry import Geometry
from renderers.book.grid_fit import stand_in
from renderers.book.layout import WIDEST_GUTTER, _Book, book_pages, grid_limits
from renderers.book.pages import FEWER, Illegible
from renderers.page.layout import PAGE_SIZES, Page
from renderers.page.style import MIN_CELL
from renderers.sheet.solved import Solved

from .test_book_print import example


def _one_name_per_size() -> tuple[str, ...]:
    first: dict[tuple[float, float], str] = {}
    for name, size in PAGE_SIZES.items():
        first.setdefault(size, name)
    return tuple(first.values())


SIZES = _one_name_per_size()  # every page size, once (letter is 8.5x11)
SECTIONS = ("  - {{name: Easy, count: {n}, difficulty: 2}}\n"
            "  - {{name: Hard, count: {n}, difficulty: 5}}\n"
            "  - {{name: Many, count: {n}, difficulty: 3, given: 3, counts: blank}}\n")


def spec_of(page: str, bleed: bool, per_page: int, web: bool = False):
    """Sections of a page and a bit: a first page under the heading, then a running one."""
    return parse_spec(f"title: T\nseed: 5\npage: {page}\nbleed: {str(bleed).lower()}\n"
                      f"per_page: {per_page}\n" + ("web: https://example.org/v/\n" if web else "")
                      + "sections:\n" + SECTIONS.format(n=per_page + 1))


def section_pages(spec, index: int, columns: int, rows: int, per_page: int) -> list[Page]:
    """The section laid out by the book's own code with every puzzle a stand-in of that
    grid (the widest gutter: the narrowest slots); raises Illegible as the book would."""
    counts = most_answers(GenerateRequest(tiles=spec.sections[index].tiles,
                                          given=spec.sections[index].given,
                                          positions=spec.sections[index].positions,
                                          difficulty=spec.sections[index].difficulty))
    solved: dict[int, Solved] = {}
    items = []
    for number in range(1, spec.sections[index].count + 1):
        board = stand_in(counts, columns, rows)
        solved[number] = board
        made = Made(index, number - 1, 0, 0, board.puzzle, "", "", {})
        items.append(BookPuzzle(number, index, made, 0.0))
    book = _Book(spec, items, None, Geometry.of(spec.page, spec.bleed, WIDEST_GUTTER), solved)
    return book._section_at(index, items, 3, per_page)


def legible(spec, index: int, columns: int, rows: int, per_page: int) -> bool:
    try:
        pages = section_pages(spec, index, columns, rows, per_page)
    except Illegible:
        return False
    sizes = board_cells(pages)
    assert len(sizes) == spec.sections[index].count
    return min(sizes) >= MIN_CELL - 1e-9


def test_every_page_size_is_covered() -> None:
    assert {PAGE_SIZES[name] for name in SIZES} == set(PAGE_SIZES.values())
    assert "letter" in SIZES and "8.5x11" not in SIZES


@pytest.mark.parametrize("page", SIZES)
@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
@pytest.mark.parametrize("bleed", [False, True])
def test_a_board_at_the_limit_prints_legibly_and_one_a_cell_larger_does_not(
        page, per_page, bleed) -> None:
    spec = spec_of(page, bleed, per_page, web=per_page == 2)
    book = _Book(spec, [], None, Geometry.of(page, bleed, WIDEST_GUTTER), {})
    for index, section in enumerate(spec.sections):
        counts = most_answers(GenerateRequest(given=section.given,
                                              difficulty=section.difficulty))
        columns, rows = book.grid_limit(index, per_page, counts)
        if (columns, rows) == (0, 0):  # not one legible cell: the section prints fewer a page
            assert not legible(spec, index, 1, 1, per_page)
            continue
        assert legible(spec, index, columns, rows, per_page), (section.name, columns, rows)
        # exact both ways: the limit is a corner of what prints legibly (grid_fit.py)
        assert not legible(spec, index, columns + 1, rows, per_page)
        assert not legible(spec, index, columns, rows + 1, per_page)


# 5x8 is left out: its "Many" section (three given tiles, a line for each of up to 21
# answers) has no legible board even at one a page; the next test says what happens then
@pytest.mark.parametrize("page", [s for s in SIZES if s != "5x8"])
@pytest.mark.parametrize("per_page", [2, 4, 6])
def test_a_section_asks_for_the_limit_of_fewer_a_page_only_where_its_boards_cannot_grow(
        page, per_page) -> None:
    spec = spec_of(page, True, per_page)
    book = _Book(spec, [], None, Geometry.of(page, True, WIDEST_GUTTER), {})
    for index, (section, limit) in enumerate(zip(spec.sections, grid_limits(spec),
                                                 strict=True)):
        request = GenerateRequest(given=section.given, difficulty=section.difficulty)
        counts = most_answers(request)
        at = per_page
        while book.grid_limit(index, at, counts) != limit:
            assert not Room.of(book.grid_limit(index, at, counts)).roomy_for(most_tiles(request))
            at = FEWER[at]
        assert at == 1 or Room.of(limit).roomy_for(most_tiles(request))


def test_a_section_no_page_of_its_size_can_hold_is_refused_in_one_line(tmp_path) -> None:
    from conundrum.book.make_book import BookOptions, make_book
    from conundrum.book.make_puzzles import BookError

    spec = parse_spec("title: T\nseed: 3\npage: 5x8\nsections:\n"
                      "  - {name: Many, count: 1, difficulty: 3, given: 3, counts: blank}\n")
    with pytest.raises(BookError, match="section 'Many'.*the page holds"):
        make_book(spec, BookOptions(output=tmp_path / "b.pdf", draft=True,
                                    max_grids=grid_limits(spec)),
                  lambda content, warn: b"", lambda _m: None)
    assert not (tmp_path / "b.pdf").exists()


def test_hand_made_sections_have_no_limit(tmp_path) -> None:
    spec = parse_spec("title: T\nsections:\n  - {name: Mine, puzzles: [a.yaml]}\n"
                      "  - {name: Made, count: 1, difficulty: 1}\n", base=str(tmp_path))
    limits = grid_limits(spec)
    assert limits[0] is None and limits[1] is not None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("given_", [None, 1, 3])
def test_most_answers_and_tiles_bound_every_size_a_level_picks(level, given_) -> None:
    req = GenerateRequest(difficulty=level, given=given_)
    most = most_answers(req)
    for seed in range(200):
        sizes = explicit_sizes(req, params_for(level, seed))
        assert sizes.given <= len(most) and sizes.tiles <= most_tiles(req)
        assert all(hi <= most[0] for _lo, hi in sizes.ranges)


# ---- the generator grows within the limit -------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), columns=st.integers(9, 16), rows=st.integers(9, 16),
       tiles=st.integers(4, 14))
def test_growth_stays_within_the_room(seed, columns, rows, tiles) -> None:
    rs = ruleset("standard")
    room = Room.of((columns, rows))
    rng = random.Random(seed)
    style = Style.draw(rng)
    tracker = grow(rs, tiles, rng, style, room=room)
    if tracker is not None:  # stuck: None, and the search restarts
        grid = Grid.of(tracker.board)
        assert grid.width <= columns and grid.height <= rows
        assert rs.board_faults(tracker.board) == []


def test_a_game_board_too_big_for_the_room_is_replaced_by_a_grown_one() -> None:
    rs = ruleset("standard")
    room = Room.of((19, 19))  # 20 tiles fill 35% of it: a game is played, and may fit
    assert room.fits_a_game(20)
    style = Style(1.0, (1.0,) * 5, 0.5, bot="random")
    replaced = kept = 0
    for seed in range(12):
        played = grow(rs, 20, random.Random(seed), style)  # the game's board, any size
        assert played is not None
        tracker = grow(rs, 20, random.Random(seed), style, room=room)
        if tracker is None:  # stuck within the room: the search restarts
            continue
        grid = Grid.of(tracker.board)
        assert grid.width <= 19 and grid.height <= 19
        if room.holds(played.board):
            kept += 1
            assert tracker.board.placements == played.board.placements
        else:
            replaced += 1
            assert tracker.board.placements != played.board.placements
    assert replaced >= 2 and kept >= 2


def test_no_game_is_played_for_a_room_too_tight_for_its_boards(monkeypatch) -> None:
    import conundrum.generate.search as search

    def no_game(*_args: object) -> None:
        raise AssertionError("a game was played")

    room = Room.of((17, 17))  # 20 tiles would fill half of it
    assert not room.fits_a_game(20)
    monkeypatch.setattr(search, "game_board", no_game)
    style = Style(1.0, (1.0,) * 5, 0.5, bot="random")
    grown = [grow(ruleset("standard"), 20, random.Random(s), style, room=room)
             for s in range(12)]
    assert any(tracker is not None for tracker in grown)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_generate_with_a_max_grid_gives_boards_within_it(seed) -> None:
    from conundrum.generate import generate

    puzzle = generate(GenerateRequest(difficulty=3, seed=seed, max_grid=(15, 15)))
    grid = Grid.of(puzzle.board)
    assert grid.width <= 15 and grid.height <= 15
    assert puzzle.extra["generator"]["max_grid"] == [15, 15]


# ---- a whole small book ----------------------------------------------------------------
@pytest.mark.parametrize(("page", "per_page", "levels", "fewer"), [
    ("a4", 2, (4, 5), ()),
    # a line for every answer (up to 14 at level 4) leaves a half 6x9 page or a quarter
    # A4 too little board for levels 4-5: those sections print fewer a page (docs/guide)
    ("6x9", 2, (4, 5), (0, 1)),
    ("a4", 4, (4, 5), (0, 1)),
])
def test_a_small_book_prints_at_the_specs_per_page_with_cells_of_4_mm(
        tmp_path, page, per_page, levels, fewer) -> None:
    sections = "".join(f"  - {{name: L{lv}, count: 3, difficulty: {lv}}}\n" for lv in levels)
    spec = parse_spec(f"title: T\nseed: 9\npage: {page}\nper_page: {per_page}\n"
                      f"sections:\n{sections}")
    limits = grid_limits(spec)
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=limits)
    for m in made:
        grid = Grid.of(m.puzzle.board)
        # the section's grid, or within it where the slot leant to a shape (variety.lean)
        asked = m.request["max_grid"]
        assert asked[0] <= limits[m.section][0] and asked[1] <= limits[m.section][1]
        assert grid.width <= limits[m.section][0] and grid.height <= limits[m.section][1]
    notes: list[str] = []
    pages = book_pages_of(spec, made, notes)
    assert [n for n in notes if "a page in this section" in n] == \
        [n for n in notes if any(f"section 'L{levels[i]}'" in n for i in fewer)]
    assert len(notes) == len(fewer)
    sizes = board_cells(pages)
    assert len(sizes) == sum(s.count for s in spec.sections)
    assert min(sizes) >= MIN_CELL - 1e-6


def book_pages_of(spec, made: list[Made], notes: list[str]) -> list[Page]:
    from conundrum.book.make_book import BookContent

    return book_pages(BookContent(spec, order_book(spec, made), example()), notes.append)


def board_cells(pages: list[Page]) -> list[float]:
    """Every puzzle board's cell size, read back from the layout: the grid area split by
    its inner lines (as the 6x9 test in test_book_print does)."""
    from renderers.page.layout import Line
    from renderers.page.palettes import get_palette

    found = []
    for p in pages:
        if p.kind != "puzzles":
            continue
        for area in (i for i in p.items if i.tag == "grid area"):
            lines = [i for i in p.items if isinstance(i, Line) and i.x1 == i.x2
                     and i.stroke == get_palette("classic").grid_line
                     and i.y1 == area.y and area.x < i.x1 < area.x + area.w]
            found.append(area.w / (len(lines) + 1))
    return found


def test_the_generate_command_grows_within_max_grid(run_cli, tmp_path) -> None:
    from conundrum.puzzle import load_puzzle

    out = tmp_path / "p.yaml"
    done = run_cli("generate", "--difficulty", "4", "--seed", "8", "--max-grid", "18,17",
                   "-o", str(out))
    assert done.returncode == 0, done.stderr
    grid = Grid.of(load_puzzle(out).board)
    assert grid.width <= 18 and grid.height <= 17
    tight = run_cli("generate", "--tiles", "30", "--positions", "3", "--max-grid", "12,12",
                    "-o", str(tmp_path / "q.yaml"))
    assert tight.returncode == 2 and "the page holds 12 x 12" in tight.stderr
    assert not (tmp_path / "q.yaml").exists()


@pytest.mark.parametrize(("web", "at"), [(False, 6), (True, 4)])
def test_a_book_keeps_room_for_qr_codes_only_when_it_prints_them(web, at) -> None:
    """A grade-1 A4 book at 6 a page kept a QR code's room beside every answer block,
    `web:` or not, and fell to 4 a page; without `web:` it now prints 6."""
    spec = parse_spec("title: T\npage: a4\nper_page: 6\n"
                      + ("web: https://example.org/v/\n" if web else "")
                      + "sections:\n  - {name: Easy, count: 8, difficulty: 1}\n")
    book = _Book(spec, [], None, Geometry.of("a4", False, WIDEST_GUTTER), {})
    assert book._puzzle_style(6, 100.0, False).qr_room == web
    per_page, limit = book.section_fit(0)
    assert per_page == at and grid_limits(spec) == (limit,)


def large_spec(page: str, levels: tuple[int, ...], web: bool = False):
    sections = "".join(f"  - {{name: L{lv}, count: 2, difficulty: {lv}}}\n" for lv in levels)
    return parse_spec(f"title: T\nseed: 4\npage: {page}\nbleed: true\nlarge_print: true\n"
                      + ("web: https://example.org/v/\n" if web else "")
                      + f"sections:\n{sections}")


def test_large_print_grades_4_and_5_grow_one_a_page_on_8_5x11_and_grade_4_on_8x10() -> None:
    """A line for each of up to 18 answers left a large-print grade-5 board 23 x 5 cells on
    8.5x11 (the generator then failed: "the page holds 0 x 0 cells" on 8x10); such
    sections keep their lines only where the board leaves room, and their boards grow."""
    for page, levels in (("8.5x11", (4, 5)), ("8x10", (3, 4))):
        spec = large_spec(page, levels)
        for level, limit in zip(levels, grid_limits(spec), strict=True):
            assert Room.of(limit).roomy_for(most_tiles(GenerateRequest(difficulty=level))), \
                (page, level, limit)


def test_large_print_refuses_a_grade_whose_boards_no_page_of_its_trim_holds(tmp_path) -> None:
    from conundrum.errors import ConundrumError
    from tests.support.program import run_program

    with pytest.raises(ConundrumError, match=r"large_print: true: section 'L5' \(grade 5\) "
                       r"on 8x10: boards of up to 40 tiles .* 6\.9 mm .* 12 pt .*8\.25x11"):
        grid_limits(large_spec("8x10", (5,)))
    (tmp_path / "big.yaml").write_text("title: Big\npage: 8x10\nbleed: true\nlarge_print: true\n"
                                       "sections:\n  - {name: Hard, count: 1, difficulty: 5}\n")
    done = run_program("book", "big.yaml", "-o", "big.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert all(w in line for w in ("large_print", "'Hard'", "grade 5", "8x10", "12 pt"))
    assert not (tmp_path / "big.pdf").exists()


@pytest.mark.slow
@pytest.mark.parametrize(("page", "levels"), [("8.5x11", (4, 5)), ("8x10", (4,))])
def test_a_large_print_book_of_grades_4_and_5_reads_back_large(tmp_path, page, levels
                                                               ) -> None:
    """Generated boards, laid out and read back from the PDF: nothing under 12 pt, no
    fault of the layout audit, board cells at least 12/7 of MIN_CELL, QR codes kept."""
    from renderers.book.geometry import LARGE
    from renderers.paint.pdf import pdf_bytes
    from tests.support.pdf_audit import audit_pdf, smallest_type

    spec = large_spec(page, levels, web=True)
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=grid_limits(spec))
    notes: list[str] = []
    pages = book_pages_of(spec, made, notes)
    lined = [n for n in notes if "answer lines only where the board leaves room" in n]
    left_out = [n for n in notes if "no room for the QR code" in n]
    assert lined == [n for n in notes if "section 'L" in n] and len(lined) == len(levels)
    assert len(notes) == len(lined) + len(left_out)
    assert min(board_cells(pages)) >= MIN_CELL * LARGE - 1e-6
    # a code is printed for each puzzle but those the build says it left out
    dropped = sum(len(n.split("puzzle", 1)[1].split(":")[0].split(",")) for n in left_out)
    assert sum(1 for p in pages if p.tagged("qr module")) == 2 * len(levels) - dropped
    data = pdf_bytes(pages, "T", "en")
    assert audit_pdf(data, 12.0) == [] and smallest_type(data) >= 12.0 - 0.01
