"""The answer key as a flow: it fills rectangles, carries over pages, and never loses a block."""

from __future__ import annotations

from conundrum.notation import Grid
from conundrum.puzzle import Given, Puzzle
from renderers.page.layout import Page, Text
from renderers.sheet.answer_key import answer_blocks, answer_pages, draw_answers
from renderers.sheet.puzzle import Style
from renderers.sheet.solved import retitled, solve
from tests.support.puzzles import busy_puzzle, small_puzzle


def _captions(page: Page) -> list[str]:
    return [i.text for i in page.items if isinstance(i, Text) and i.tag == "caption"]


def test_a_key_flows_over_rectangles_without_losing_or_repeating_anything():
    puzzle = busy_puzzle()
    style = Style(compact=True)
    total = len(answer_blocks(solve(puzzle), 186, 90, style))
    start, pages = 0, []
    while True:
        page = Page(210, 297)
        result = draw_answers(page, solve(puzzle), 12, 12, 186, 90, style, start)
        assert result.bottom <= 12 + 90 + 1e-6
        pages.append(page)
        if result.done:
            break
        assert result.next_block > start  # always progress
        start = result.next_block
    assert len(pages) > 1 and start < total
    grid = Grid.of(puzzle.board)
    captions = [c for page in pages for c in _captions(page)]
    expected = [grid.text(p) for code, found in _solutions(puzzle) for p in found]
    assert captions == expected  # every picture once, in order


def _solutions(puzzle: Puzzle):
    from renderers.sheet.puzzle import solve

    return solve(puzzle).solutions


def test_a_carried_over_tile_gets_a_continued_heading():
    puzzle = busy_puzzle()
    pages = answer_pages(solve(puzzle), "6x9", Style())
    assert len(pages) > 2
    continued = [t for page in pages[1:] for t in page.texts() if "(continued)" in t]
    assert continued, "a later page should say which tile it continues"


def test_headings_stay_with_their_first_row():
    puzzle = busy_puzzle()
    for page in answer_pages(solve(puzzle), "6x9", Style()):
        headings = [i for i in page.items if i.tag.startswith("key heading")]
        captions = _captions(page)
        if headings:
            assert captions, "a page must not end with a lone heading"


def test_several_compact_keys_pack_down_one_page():
    a, b = small_puzzle(), small_puzzle()
    b.title = "Second"
    page = Page(210, 297)
    style = Style(compact=True)
    first = draw_answers(page, solve(a), 12, 12, 186, 273, style)
    second = draw_answers(page, solve(b), 12, first.bottom + 4, 186, 297 - 12 - first.bottom - 4,
                          style)
    assert first.done and second.done and second.bottom < 297 - 12
    assert "Answers: Conundrum 7" in page.texts() and "Answers: Second" in page.texts()


def test_tile_without_positions_and_sheet_without_tiles():
    puzzle = small_puzzle()
    puzzle.given = [Given("GGG", 0)]
    texts = answer_pages(solve(puzzle))[0].texts()
    assert "GGG · 0 positions" in texts and "This tile cannot be laid anywhere." in texts
    puzzle.given = []
    assert "No tiles to place on this sheet." in answer_pages(solve(puzzle))[0].texts()


def test_no_header_key_for_books():
    page = Page(210, 297)
    draw_answers(page, solve(small_puzzle()), 12, 12, 186, 273, Style(header=False, lang="es"))
    texts = page.texts()
    assert not any(t.startswith("Soluciones") for t in texts)
    assert "YYB · 5 posiciones" in texts


def _counting_solve(monkeypatch, *modules) -> list[Puzzle]:
    """Replace `solve` in each module by one that records what it solved."""
    import renderers.sheet.puzzle as sheet

    calls: list[Puzzle] = []
    real = sheet.solve

    def counted(puzzle: Puzzle):
        calls.append(puzzle)
        return real(puzzle)

    for module in modules:
        monkeypatch.setattr(module, "solve", counted)
    return calls


def test_a_sheet_and_its_key_over_several_pages_solve_the_puzzle_once(monkeypatch):
    import renderers.sheet.puzzle as sheet

    puzzle = busy_puzzle()
    expected = [p.items for p in sheet.sheet_pages(puzzle, answers=True, page="6x9")]
    calls = _counting_solve(monkeypatch, sheet)
    pages = sheet.sheet_pages(puzzle, answers=True, page="6x9")
    assert len(pages) > 2 and [p.items for p in pages] == expected
    assert calls == [puzzle]


def test_a_retitled_puzzle_draws_its_new_title_and_the_same_board_and_key():
    from renderers.sheet.puzzle import draw_puzzle

    solved = solve(busy_puzzle())
    renamed = retitled(solved, "Puzzle 12")
    assert renamed.solutions is solved.solutions and renamed.grid is solved.grid
    for style in (Style(), Style(compact=True, lang="uk")):
        first, second = Page(210, 297), Page(210, 297)
        assert draw_puzzle(first, solved, 12, 12, 186, 273, style) == \
            draw_puzzle(second, renamed, 12, 12, 186, 273, style)
        assert "Puzzle 12" in second.texts() and "Puzzle 12" not in first.texts()
        untitled = [i for i in first.items if i.tag != "title"]
        assert untitled == [i for i in second.items if i.tag != "title"]
        first, second = Page(210, 297), Page(210, 297)
        assert draw_answers(first, solved, 12, 12, 186, 90, style, 3) == \
            draw_answers(second, renamed, 12, 12, 186, 90, style, 3)
