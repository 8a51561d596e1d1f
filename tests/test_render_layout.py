"""Layout: every square lands in its cell, labels match the notation, big boards fit."""

from __future__ import annotations

import pytest

from conundrum.notation import Grid, column_label
from conundrum.puzzle import Given, Puzzle
from renderers.page.layout import Circle, Line, Page, Polygon, Rect, Text, page_size
from renderers.page.palettes import PALETTES, get_palette
from renderers.sheet.draw import BoardView
from renderers.sheet.puzzle import (
    MIN_CELL,
    Style,
    draw_puzzle,
    footer_text,
    puzzle_id,
    reproduce_command,
    sheet_pages,
    solve,
)
from tests.support.puzzles import busy_puzzle, grown_puzzle, small_puzzle


def _square_rects(page: Page) -> dict[tuple[int, int], Rect]:
    out = {}
    for item in page.items:
        if isinstance(item, Rect) and item.tag.startswith("square ") and "#" not in item.tag:
            x, y = item.tag.split()[1].split(",")
            out[(int(x), int(y))] = item
    return out


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("palette", PALETTES)
def test_every_square_sits_in_its_own_cell(palette):
    puzzle = grown_puzzle(14, 3)
    page = Page(*page_size("a4"))
    drawn = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273, Style(palette=palette))
    view = drawn.view
    squares = _square_rects(page)
    fills = get_palette(palette).fills
    for p in puzzle.board:
        for cell, colour in p.squares:
            if colour == "*":
                wedges = [i for i in page.items
                          if isinstance(i, Polygon) and i.tag == f"square {cell[0]},{cell[1]} *"]
                xs = [pt[0] for w in wedges for pt in w.points]
                ys = [pt[1] for w in wedges for pt in w.points]
                box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            else:
                rect = squares[cell]
                assert rect.fill == fills[colour]
                box = (rect.x, rect.y, rect.w, rect.h)
            target = view.cell_rect(cell)
            # The square fills (nearly all of) its cell and nothing of any other cell.
            assert _overlap(box, target) >= 0.8 * view.cell ** 2
            assert _overlap(box, target) == pytest.approx(box[2] * box[3])


def test_cell_coordinates_follow_the_grid_exactly():
    puzzle = small_puzzle()
    page = Page(210, 297)
    view = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273).view
    grid = Grid.of(puzzle.board)
    assert view.grid == grid
    # Y*B at (0,0) h: its first cell is column D, row 4 of the drawn area.
    assert grid.name((0, 0)) == "D4"
    x, y = view.origin((0, 0))
    assert x == pytest.approx(view.x + 3 * view.cell)
    assert y == pytest.approx(view.y + 3 * view.cell)
    rect = _square_rects(page)[(2, 1)]  # the B of YGB, last square of a horizontal tile
    assert rect.x == pytest.approx(view.x + 5 * view.cell)
    assert rect.x + rect.w < view.x + 6 * view.cell  # inset from the cell's right edge


def test_a_moved_tile_would_be_caught():
    # Draw the board with one tile shifted by a cell: the check above must notice.
    puzzle = small_puzzle()
    page = Page(210, 297)
    view = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273).view
    squares = _square_rects(page)
    wrong = BoardView(view.grid, view.x + view.cell, view.y, view.cell)
    rect = squares[(2, 1)]
    assert _overlap((rect.x, rect.y, rect.w, rect.h), wrong.cell_rect((2, 1))) == 0


def test_labels_on_all_four_sides_match_the_notation():
    puzzle = small_puzzle()
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    grid = Grid.of(puzzle.board)
    columns = [i.text for i in page.items if i.tag == "label column"]
    rows = [i.text for i in page.items if i.tag == "label row"]
    names = [column_label(i) for i in range(grid.width)]
    assert columns == names * 2  # top, then bottom
    assert rows == [str(j + 1) for j in range(grid.height)] * 2  # left, then right


def test_wide_grids_get_double_letter_columns():
    puzzle = busy_puzzle(50, 5, 1)
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    grid = Grid.of(puzzle.board)
    columns = [i.text for i in page.items if i.tag == "label column"]
    assert columns[:grid.width] == [column_label(i) for i in range(grid.width)]
    if grid.width > 26:
        assert "AA" in columns


def test_a_big_board_fits_the_page_with_legible_cells():
    puzzle = grown_puzzle(75, 3)
    page = Page(210, 297)
    drawn = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    assert drawn.legible and drawn.view.cell >= MIN_CELL
    _assert_inside(page, 12, 12, 186, 273)


def test_a_huge_board_still_fits_even_below_the_legible_size():
    # A straight snake of tiles, far wider than any page at 4 mm a cell.
    from conundrum.board import Board
    from conundrum.placement import Placement

    board = Board([Placement("B*Y", (0, 0), "h")])
    codes = ["YYY", "YRR", "RGG", "GBB", "BPP", "PPY", "YGG", "GPP", "PRR", "RBB", "BYY",
             "YBB", "BGG", "GYY", "YPP", "PBB", "BRR", "RYY", "YRG", "GRB", "BGP", "PGY"]
    x = 3
    for code in codes:
        board.add(Placement(code, (x, 0), "h"))
        x += 3
    puzzle = Puzzle(board, [], title="Snake")
    page = Page(210, 297)
    drawn = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    assert drawn.view.width <= 186
    assert not drawn.legible
    _assert_inside(page, 12, 12, 186, 273)


def _assert_inside(page: Page, x: float, y: float, w: float, h: float) -> None:
    eps = 0.01
    for item in page.items:
        if isinstance(item, Rect):
            box = (item.x, item.y, item.x + item.w, item.y + item.h)
        elif isinstance(item, Line):
            box = (min(item.x1, item.x2), min(item.y1, item.y2),
                   max(item.x1, item.x2), max(item.y1, item.y2))
        elif isinstance(item, Polygon):
            xs = [p[0] for p in item.points]
            ys = [p[1] for p in item.points]
            box = (min(xs), min(ys), max(xs), max(ys))
        elif isinstance(item, Circle):
            box = (item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)
        else:
            assert isinstance(item, Text)
            box = (item.x, item.y, item.x, item.y)
        assert box[0] >= x - eps and box[2] <= x + w + eps, item
        assert box[1] >= y - eps and box[3] <= y + h + eps, item


@pytest.mark.parametrize("page_name", ["a4", "letter", "8.5x11", "6x9"])
def test_every_page_size_keeps_the_sheet_inside_its_margins(page_name):
    puzzle = grown_puzzle(40, 3, given=3)
    pages = sheet_pages(puzzle, answers=True, page=page_name)
    width, height = page_size(page_name)
    for page in pages:
        assert (page.width, page.height) == (width, height)
        margin = 12 if width >= 200 else 10
        _assert_inside(page, margin - 2.5, margin - 2.5, width - 2 * margin + 5,
                       height - 2 * margin + 5)


def test_page_sizes():
    assert page_size("a4") == (210, 297)
    assert page_size("letter") == page_size("8.5x11") == pytest.approx((215.9, 279.4))
    assert page_size("6x9") == pytest.approx((152.4, 228.6))


def test_given_tiles_show_code_and_count_or_a_blank():
    puzzle = small_puzzle()
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    assert "YYB" in page.texts() and "5 positions" in page.texts()
    blank = Page(210, 297)
    draw_puzzle(blank, solve(puzzle), 12, 12, 186, 273, Style(blank=True))
    assert "5 positions" not in blank.texts()
    assert "Number of positions:" in blank.texts()
    assert blank.tagged("blank box")


def test_sheet_shows_title_number_instruction_legend_and_footer():
    puzzle = grown_puzzle(14, 3)
    puzzle.extra["number"] = 42
    puzzle.extra["generator"] = {"tiles": 14, "given": 2, "positions": [3, 5], "seed": 9}
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    text = " ".join(page.texts())
    assert "Test puzzle" in page.texts() and "Puzzle 42" in page.texts()
    assert "at least two matching sides, no clashing side." in text
    assert [i.text for i in page.tagged("legend letter")] == list("RYGBP")
    footer = page.tagged("footer")[0].text
    assert puzzle_id(puzzle) in footer
    assert "conundrum generate --tiles 14 --given 2 --positions 3,5 --seed 9" in footer


def test_default_title_and_style_number():
    puzzle = small_puzzle()
    puzzle.title = None
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273, Style(lang="fr", number=3))
    assert "Problème Chromino" in page.texts() and "Problème n° 3" in page.texts()


def test_footer_without_generator_is_a_content_fingerprint():
    puzzle = small_puzzle()
    assert reproduce_command(puzzle) is None
    assert footer_text(puzzle, Style()) == f"Puzzle id {puzzle_id(puzzle)}"
    other = small_puzzle()
    other.given = [Given("RRR")]
    assert puzzle_id(other) != puzzle_id(puzzle)
    other.extra["seed"] = 4
    assert reproduce_command(other) == "conundrum generate --seed 4"


def test_junior_puzzles_get_the_junior_instruction():
    puzzle = small_puzzle()
    puzzle.rules = "junior"
    puzzle.given = [Given("YRR")]
    page = Page(210, 297)
    draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    assert "Junior rules" in " ".join(page.texts())


def test_compact_puzzles_fit_half_a_page_for_a_book():
    puzzle = grown_puzzle(14, 3)
    page = Page(210, 297)
    style = Style(compact=True, instructions=False, write_space=False)
    top = draw_puzzle(page, solve(puzzle), 12, 12, 186, 130, style)
    bottom = draw_puzzle(page, solve(puzzle), 12, 155, 186, 130, style)
    assert top.legible and bottom.legible
    assert top.bottom <= 12 + 130 and bottom.bottom <= 155 + 130
    _assert_inside(page, 12, 12, 186, 273)


def test_a_tall_board_gets_its_tiles_beside_it():
    from conundrum.board import Board
    from conundrum.placement import Placement

    board = Board([Placement("B*Y", (0, 0), "v")])
    y = 3
    for code in ["YYY", "YRR", "RGG", "GBB", "BPP", "PPY", "YGG", "GPP", "PRR", "RBB", "BYY"]:
        board.add(Placement(code, (0, y), "v"))
        y += 3
    puzzle = Puzzle(board, [Given("YRY"), Given("BRB")], title="Tall")
    page = Page(210, 297)
    drawn = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273)
    right_of_board = drawn.view.x + drawn.view.width
    givens = page.tagged("given ")
    assert givens and all(t.x > right_of_board for t in givens)
    _assert_inside(page, 12, 12, 186, 273)
