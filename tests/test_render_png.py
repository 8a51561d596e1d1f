"""PNG sheets: size from page and dpi, colours where the layout says, answer files named right."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from renderers.page.layout import Page, Rect, page_size
from renderers.page.palettes import PALETTES, get_palette
from renderers.paint.png import page_image, png_bytes, write_png
from renderers.render import answer_paths, render_sheet
from renderers.sheet.puzzle import Style, draw_puzzle, solve
from tests.support.puzzles import busy_puzzle, grown_puzzle, small_puzzle


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


@pytest.mark.parametrize("name, dpi, size", [
    ("a4", 72, (595, 842)), ("a4", 300, (2480, 3508)), ("letter", 100, (850, 1100)),
    ("6x9", 50, (300, 450)),
])
def test_pixel_size_matches_page_and_dpi(name, dpi, size, tmp_path):
    out = render_sheet(small_puzzle(), tmp_path / "s.png", page=name, dpi=dpi)[0]
    with Image.open(out) as img:
        assert img.size == size
        assert img.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)  # PNG stores pixels per metre


def test_square_colours_sit_at_their_cell_centres():
    # Sample the classic PNG where the layout puts each board cell: the fill must be there.
    puzzle = grown_puzzle(14, 3)
    page = Page(*page_size("a4"))
    view = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273).view
    dpi = 100
    img = page_image(page, dpi)
    pal = get_palette("classic")
    scale = dpi / 25.4
    for p in puzzle.board:
        for cell, colour in p.squares:
            if colour == "*":
                continue
            x, y, w, h = view.cell_rect(cell)
            # a quarter of the way in from the corner: inside the square, clear of any symbol
            px = img.getpixel((round((x + w * 0.3) * scale), round((y + h * 0.3) * scale)))
            assert px == _rgb(pal.fill(colour)), (cell, colour)
    # and an empty corner cell of the grid shows the grid's fill
    x, y, w, h = view.cell_rect((view.grid.left, view.grid.top))
    assert img.getpixel((round((x + w / 2) * scale), round((y + h / 2) * scale))) == \
        _rgb(pal.grid_fill)


def test_joker_centre_is_white_and_multicoloured_around():
    puzzle = small_puzzle()  # Y*B at (0,0): the joker is cell (1,0)
    page = Page(*page_size("a4"))
    view = draw_puzzle(page, solve(puzzle), 12, 12, 186, 273).view
    img = page_image(page, 150)
    s = 150 / 25.4
    x, y, w, h = view.cell_rect((1, 0))
    assert img.getpixel((round((x + w / 2) * s), round((y + h / 2) * s))) == (255, 255, 255)
    ring = set()
    for k in range(10):
        a = -math.pi / 2 + (k + 0.5) * math.pi / 5
        ring.add(img.getpixel((round((x + w / 2 + 0.35 * w * math.cos(a)) * s),
                               round((y + h / 2 + 0.35 * h * math.sin(a)) * s))))
    assert {_rgb(c) for c in get_palette("classic").fills.values()} <= ring


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_each_palette_renders(palette, tmp_path):
    out = render_sheet(grown_puzzle(14, 3), tmp_path / "s.png", palette=palette, dpi=40,
                       answers=True)
    assert [p.name for p in out] == ["s.png", "s-answers.png"]
    with Image.open(out[0]) as img:
        colours = {c for _, c in img.getcolors(1 << 20)}
    fills = {_rgb(c) for c in get_palette(palette).fills.values()}
    assert fills - {(255, 255, 255)} <= colours


def test_several_key_pages_get_numbered_files(tmp_path):
    out = render_sheet(busy_puzzle(), tmp_path / "book.png", answers=True, dpi=30)
    names = [p.name for p in out]
    assert names[:3] == ["book.png", "book-answers.png", "book-answers-2.png"]
    assert names == ["book.png", *[p.name for p in answer_paths(tmp_path / "book.png",
                                                                len(out) - 1)]]
    assert all(p.is_file() for p in out)


def test_answer_paths():
    from pathlib import Path

    assert [p.name for p in answer_paths(Path("x/sheet.png"), 3)] == \
        ["sheet-answers.png", "sheet-answers-2.png", "sheet-answers-3.png"]


def test_png_is_deterministic_and_highlights_answers():
    puzzle = grown_puzzle(14, 3)
    from renderers.sheet.puzzle import answer_pages

    key = answer_pages(solve(puzzle), "a4", Style())[0]
    assert png_bytes(key, 40) == png_bytes(key, 40)
    assert key.tagged("locator ring") and key.tagged("locator column")


def test_write_png_paints_rects_exactly(tmp_path):
    page = Page(25.4, 25.4, [Rect(5.08, 5.08, 5.08, 5.08, fill="#ff0000")])
    path = write_png(page, tmp_path / "r.png", dpi=100)
    with Image.open(path) as img:
        assert img.size == (100, 100)
        assert img.getpixel((20, 20)) == (255, 0, 0) and img.getpixel((39, 39)) == (255, 0, 0)
        assert img.getpixel((19, 19)) == (255, 255, 255)
        assert img.getpixel((40, 40)) == (255, 255, 255)


def test_png_bytes_open_as_png():
    img = Image.open(io.BytesIO(png_bytes(Page(50, 50), 50)))
    assert img.format == "PNG" and img.mode == "RGB"
