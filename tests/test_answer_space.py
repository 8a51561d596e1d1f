"""Layouts that never cramp (issue 21): wherever a puzzle prints legibly, every position
of every given tile has its own ruled line to be written on, at any page size, puzzles a
page, bleed, language and with or without QR codes; a blank-count section rules lines for
its largest count, so the lines tell no count."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.options import LANGUAGES
from conundrum.puzzle import Given, Puzzle
from conundrum.solver import counts
from conundrum.tiles import tile_set
from renderers.page.layout import Page
from renderers.page.style import Style
from renderers.sheet.puzzle import draw_puzzle
from renderers.sheet.solved import solve
from tests.support.strategies import boards
from tests.test_book_print import SIZES, book, pool

CODES = ["RRR", "BYY", "GPR", "Y*B", "PYP", "GGB", "RBP"]


def lines_in(page: Page) -> int:
    return len(page.tagged("write line"))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(board=boards(25), codes=st.lists(st.sampled_from(CODES), min_size=1, max_size=3,
                                        unique=True),
       w=st.floats(60, 190), h=st.floats(70, 260), compact=st.booleans(),
       web=st.sampled_from([None, "qr room", "https://example.org/v/123.html"]),
       lang=st.sampled_from(tuple(LANGUAGES)))
def test_a_legible_puzzle_has_a_line_for_every_answer(board, codes, w, h, compact, web,
                                                      lang) -> None:
    codes = [c for c in codes if not board.contains(c)] or \
        [next(c for c in tile_set() if not board.contains(c))]
    found = counts(board, codes=codes)
    puzzle = Puzzle(board, [Given(c, found[c]) for c in codes])
    solved = solve(puzzle)
    style = Style(lang=lang, header=True, instructions=False, footer=False,
                  compact=compact, qr_room=web is not None,
                  web_url=web if web and web.startswith("http") else None)
    page = Page(w + 20, h + 20)
    drawn = draw_puzzle(page, solved, 10, 10, w, h, style)
    answers = sum(len(found) for _code, found in solved.solutions)
    if drawn.legible:
        assert lines_in(page) >= answers, (lines_in(page), answers)
    if style.web_url:  # where the room for the answers is kept, the QR code has its room
        assert bool(page.tagged("qr module")) == (not drawn.qr_left_out)
        assert not (drawn.legible and drawn.qr_left_out)


def test_blank_counts_rule_lines_for_the_largest_count() -> None:
    few, many = pool()[0], pool()[3]
    most = sum(g.positions or 0 for g in many.given)
    style = Style(header=True, instructions=False, footer=False, blank=True, answer_room=most)
    drawn = []
    for puzzle in (few, many):
        page = Page(200, 280)
        draw_puzzle(page, solve(puzzle), 10, 10, 180, 260, style)
        drawn.append(lines_in(page))
    assert min(drawn) >= most  # the few-answer puzzle too: its lines tell no count


@pytest.mark.slow
@pytest.mark.parametrize("page", SIZES)
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_every_slot_of_a_book_has_a_line_for_every_answer(page, per_page) -> None:
    pages, _ = book(page, True, "en", per_page, web="https://example.org/vol1/")
    needed = {f"Puzzle {n}": sum(g.positions or 0 for g in p.given)
              for n, p in enumerate(pool(), 1)}
    found: dict[str, int] = {}
    for p in pages:
        if p.kind != "puzzles":
            continue
        titles = sorted((i for i in p.items if i.tag == "title"), key=lambda i: (i.x, i.y))
        for title in titles:
            # the slot under this title: same column, down to the next title in it
            lower = [t.y for t in titles if abs(t.x - title.x) < 1 and t.y > title.y]
            below = min(lower, default=p.height)
            found[title.text] = sum(1 for i in p.tagged("write line")
                                    if title.y < i.y1 < below and title.x - 1 <= i.x1)
    assert set(found) == set(needed)
    for name, n in needed.items():
        assert found[name] >= n, (name, found[name], n)
    assert max(needed.values()) >= 8  # the case: 8 answers, 8 lines at least


def test_the_qr_code_room_is_the_same_with_and_without_an_address() -> None:
    solved = solve(pool()[1])
    style = Style(header=True, instructions=False, footer=False, qr_room=True)
    bottoms = []
    for url in (None, "https://example.org/vol1/12.html"):
        page = Page(200, 280)
        bottoms.append(draw_puzzle(page, solved, 10, 10, 180, 130,
                                   replace(style, web_url=url)).view)
    assert bottoms[0] == bottoms[1]  # the board lands in the same place, the same size


def test_a_sheet_with_no_room_for_its_qr_code_leaves_it_out_and_says_so() -> None:
    """Ten given tiles fill a 5x8 sheet: the QR code went over the footer and out of the
    safe area; it is left out (a warning says so), and an A4 sheet still has it."""
    from renderers.paint.pdf import pdf_bytes
    from renderers.sheet.puzzle import sheet_pages
    from tests.support.pdf_audit import audit_pdf
    from tests.support.puzzles import grown_puzzle

    puzzle = grown_puzzle(30, 2, given=10, low=1)
    assert len(puzzle.given) == 10
    style = Style(web_url="https://example.org/puzzles/volume-one/17.html")
    for size, room in (("5x8", False), ("a4", True)):
        notes: list[str] = []
        pages = sheet_pages(puzzle, page=size, style=style, warn=notes.append)
        assert bool(pages[0].tagged("qr module")) == room, size
        assert audit_pdf(pdf_bytes(pages, "Q", "en")) == [], size
        if room:
            assert notes == []
        else:
            (note,) = notes
            assert "--web-url" in note and "5x8" in note and "QR code" in note
