"""The drawn answer key (`answers: end`, issue 21): one small board a puzzle with every
position of every given tile outlined on it, each tile in its own outline, and the
positions in notation beneath; several columns a page, each block whole (no heading
apart from its board); a 60-puzzle 6x9 book's answers in 4 pages, cells of 1.5 mm
or more. The text-only key stays as `answers: list`."""

from __future__ import annotations

import re

import pytest

from conundrum.book.make_book import make_book
from renderers.page.layout import Line, Page, Rect
from renderers.page.palettes import get_palette
from renderers.sheet.overlay_key import MIN_KEY_CELL
from renderers.sheet.solved import solve
from tests.test_book_print import book, pool

pytestmark = pytest.mark.slow  # lays out and builds books


def drawn_answers(pages: list[Page]) -> set[tuple[str, tuple[int, int], str]]:
    found = set()
    for p in pages:
        for item in p.items:
            m = re.fullmatch(r"answer (\w+) (\S+) (-?\d+),(-?\d+) ([hv])", item.tag)
            if m:
                found.add((m.group(2), (int(m.group(3)), int(m.group(4))), m.group(5)))
    return found


def test_every_position_of_the_solver_is_outlined_on_its_board() -> None:
    pages, _ = book("6x9", True, "en", 2, answers="end")
    answers = [p for p in pages if p.kind == "answers"]
    expected = {(q.code, q.at, q.dir) for s in map(solve, pool()) for _c, found in s.solutions
                for q in found}
    assert drawn_answers(answers) == expected
    styles = {item.tag.split()[1] for p in answers for item in p.items
              if item.tag.startswith("answer ")}
    assert styles == {"solid", "dashed", "dotted"}  # one of the pool's puzzles has three


def test_the_text_key_stays_as_list() -> None:
    pages, _ = book("a4", False, "en", 2, answers="list")
    answers = [p for p in pages if p.kind == "answers"]
    assert answers and not drawn_answers(answers)
    assert any(p.tagged("key list") for p in answers)


def cells_of(page: Page) -> list[float]:
    """Each key board's cell size, read from its grid area and the lines inside it."""
    sizes = []
    for area in (i for i in page.items if isinstance(i, Rect) and i.tag == "grid area"):
        inner = [i for i in page.items if isinstance(i, Line) and i.x1 == i.x2
                 and i.stroke == get_palette("classic").grid_line
                 and area.x < i.x1 < area.x + area.w and area.y <= i.y1 < area.y + area.h]
        sizes.append(area.w / (len(inner) + 1))
    return sizes


def test_a_60_puzzle_6x9_book_s_answers_fit_7_pages(tmp_path) -> None:
    from conundrum.book.make_book import BookOptions
    from conundrum.book.spec import parse_spec
    from renderers.book.layout import grid_limits

    spec = parse_spec("title: Key\nseed: 4\npage: 6x9\nbleed: true\nper_page: 2\n"
                      "sections:\n" + "".join(
                          f"  - {{name: S{lv}, count: 15, difficulty: {lv}}}\n"
                          for lv in (1, 2, 4, 5)))
    pages: list[Page] = []

    def keep(content, warn):  # the book's pages, drawn whole (not lazily) to be read
        from renderers.book.layout import book_pages
        from renderers.paint.pdf import pdf_bytes
        pages[:] = book_pages(content, warn)
        return pdf_bytes(pages, "Key")

    make_book(spec, BookOptions(output=tmp_path / "k.pdf", draft=True,
                                max_grids=grid_limits(spec)), keep, lambda _m: None)
    answers = [p for p in pages if p.kind == "answers"]
    # 4 with 6.5 pt notation and unlabelled boards; now 8 pt and every board labelled
    assert len(answers) <= 7, len(answers)
    numbers = [i.text for p in answers for i in p.items if i.tag == "key number"]
    assert [t.split(" · ")[0] for t in numbers] == [f"Puzzle {n}" for n in range(1, 61)]
    # "see p. N" both ways (`answers: end` has them by default): each to the right page
    puzzle_page = {i.text: n for n, p in enumerate(pages, 1) if p.kind == "puzzles"
                   for i in p.items if i.tag == "title"}
    answer_page = {i.text.split(" · ")[0]: n for n, p in enumerate(pages, 1)
                   if p.kind == "answers" for i in p.items if i.tag == "key number"}
    for text in numbers:
        title, see = text.split(" · ")
        assert see == f"see p. {puzzle_page[title]}"
    for p in (p for p in pages if p.kind == "puzzles"):  # each title with its own label
        titles, labels = p.tagged("title"), p.tagged("number")
        assert len(titles) == len(labels)
        for title, label in zip(titles, labels, strict=True):
            assert label.text.endswith(f"see p. {answer_page[title.text]}"), label.text
    assert min(c for p in answers for c in cells_of(p)) >= MIN_KEY_CELL - 1e-9
    for p in answers:  # every heading has its board under it, on its page
        headings = [i for i in p.items if i.tag == "key number"]
        boards = [i for i in p.items if i.tag == "grid area"]
        assert len(headings) == len(boards)
        # under it, right of its row labels
        assert all(any(b.y > h.y and 0 <= b.x - h.x < 8.0 for b in boards) for h in headings)
