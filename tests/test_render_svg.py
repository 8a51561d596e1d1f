"""`render -o sheet.svg`: the third painter of the same layout; `--part board`: board art."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from conundrum.cli import main
from conundrum.errors import ConundrumError
from conundrum.puzzle import Puzzle
from renderers.page.layout import Rect, Text
from renderers.page.palettes import get_palette, grey_level
from renderers.paint.colour_modes import grey_hex
from renderers.paint.svg import svg_bytes
from renderers.render import render_sheet
from renderers.sheet.board_art import ART_CELL, ART_MARGIN, board_page
from renderers.sheet.draw import label_band
from renderers.sheet.puzzle import Style, sheet_pages, solve
from tests.support.puzzles import busy_puzzle, grown_puzzle, small_puzzle, write_puzzle

NS = "{http://www.w3.org/2000/svg}"
MM_PER_PT = 25.4 / 72


def parse(path_or_bytes: Path | bytes) -> ET.Element:
    data = path_or_bytes if isinstance(path_or_bytes, bytes) else path_or_bytes.read_bytes()
    return ET.fromstring(data)  # raises on anything that is not well-formed XML


def tags(root: ET.Element) -> list[str]:
    return [el.get("data-tag", "") for el in root.iter()]


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}text")]


def every_square(puzzle: Puzzle) -> list[str]:
    return [f"square {c[0]},{c[1]} {colour}" for p in puzzle.board
            for c, colour in zip(p.cells, p.code, strict=True)]


def test_svg_sheet_has_every_tile_and_every_text_run_as_text(tmp_path) -> None:
    puzzle = grown_puzzle(20, 3, given=3)
    out = render_sheet(puzzle, tmp_path / "sheet.svg")
    assert [p.name for p in out] == ["sheet.svg"]
    root = parse(out[0])
    assert root.tag == f"{NS}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == \
        ("210mm", "297mm", "0 0 210 297")
    found = tags(root)
    for square in every_square(puzzle):
        assert square in found
    # one outline per board tile and per given tile
    assert found.count("tile outline") == len(puzzle.board) + len(puzzle.given)
    # text kept as text, in the font named PT Sans, exactly the layout's runs
    page = sheet_pages(puzzle)[0]
    assert texts(root) == page.texts()
    assert root.find(f"{NS}g").get("font-family") == "'PT Sans', sans-serif"
    assert root.find(f"{NS}path") is None and root.find(f".//{NS}path") is None
    for g in puzzle.given:
        assert g.code in texts(root)


def test_svg_sizes_and_places_text_like_the_layout() -> None:
    page = sheet_pages(small_puzzle())[0]
    root = parse(svg_bytes(page))
    runs = [i for i in page.items if isinstance(i, Text)]
    elements = list(root.iter(f"{NS}text"))
    assert len(elements) == len(runs)
    for run, el in zip(runs, elements, strict=True):
        assert float(el.get("x")) == pytest.approx(run.x, abs=1e-3)
        assert float(el.get("y")) == pytest.approx(run.y, abs=1e-3)
        assert float(el.get("font-size")) == pytest.approx(run.size * MM_PER_PT, abs=1e-3)
        assert (el.get("font-weight") == "bold") == run.bold
        assert el.get("text-anchor", "start") == \
            {"left": "start", "center": "middle", "right": "end"}[run.align]


def test_svg_answer_pages_parse_and_bytes_are_stable(tmp_path) -> None:
    out = render_sheet(busy_puzzle(), tmp_path / "s.svg", answers=True, lang="uk")
    assert [p.name for p in out][:3] == ["s.svg", "s-answers.svg", "s-answers-2.svg"]
    roots = [parse(p) for p in out]
    assert all(r.get("{http://www.w3.org/XML/1998/namespace}lang") == "uk" for r in roots)
    again = render_sheet(busy_puzzle(), tmp_path / "t.svg", answers=True, lang="uk")
    assert [p.read_bytes() for p in out] == [p.read_bytes() for p in again]


def test_markup_characters_in_a_title_stay_well_formed(tmp_path) -> None:
    puzzle = small_puzzle()
    puzzle.title = "Tom & <Jerry> \"quoted\" 'single'"
    root = parse(render_sheet(puzzle, tmp_path / "x.svg")[0])
    assert "Tom & <Jerry> \"quoted\" 'single'" in "".join(texts(root))


def test_a_control_character_in_a_title_is_refused_not_written(tmp_path) -> None:
    # XML 1.0 cannot hold \x01 at all; the font check refuses it before any painter runs.
    puzzle = small_puzzle()
    puzzle.title = "Tom \x01"
    with pytest.raises(ConundrumError, match="cannot draw"):
        render_sheet(puzzle, tmp_path / "x.svg")
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("suffix", [".svg", ".pdf", ".png"])
def test_part_board_is_the_board_alone_cropped(tmp_path, suffix: str) -> None:
    puzzle = grown_puzzle(16, 7, given=2)
    solved = solve(puzzle)
    art = board_page(solved, Style())
    band = label_band(ART_CELL, solved.grid)
    # cropped to the grid and its labels, not an A4 page
    assert art.width == pytest.approx(solved.grid.width * ART_CELL + 2 * (band + ART_MARGIN))
    assert art.height == pytest.approx(solved.grid.height * ART_CELL + 2 * (band + ART_MARGIN))
    label_texts = [i.text for i in art.items if isinstance(i, Text)]
    assert all(i.tag.startswith("label") for i in art.items if isinstance(i, Text))
    path = tmp_path / f"board{suffix}"
    src = tmp_path / "p.yaml"
    write_puzzle(src, puzzle)
    assert main(["render", str(src), "-o", str(path), "--part", "board"]) == 0
    if suffix == ".svg":
        root = parse(path)
        found = tags(root)
        for square in every_square(puzzle):
            assert square in found
        assert found.count("tile outline") == len(puzzle.board)  # no given tiles
        assert texts(root) == label_texts  # only the grid labels
        assert float(root.get("width")[:-2]) == pytest.approx(art.width, abs=1e-3)
    elif suffix == ".pdf":
        reader = PdfReader(path)
        assert len(reader.pages) == 1
        box = reader.pages[0].mediabox
        assert float(box.width) == pytest.approx(art.width / 25.4 * 72, abs=0.1)
        assert float(box.height) == pytest.approx(art.height / 25.4 * 72, abs=0.1)
        text = reader.pages[0].extract_text()
        assert puzzle.given[0].code not in text and "Test puzzle" not in text
    else:
        with Image.open(path) as img:
            assert img.size == (round(art.width / 25.4 * 300), round(art.height / 25.4 * 300))


def test_part_board_refuses_answers_and_unknown_parts(tmp_path, capsys) -> None:
    src = tmp_path / "p.yaml"
    write_puzzle(src, small_puzzle())
    assert main(["render", str(src), "-o", str(tmp_path / "b.svg"), "--part", "board",
                 "--answers"]) == 2
    assert "--part board draws the board alone" in capsys.readouterr().err
    assert main(["render", str(src), "-o", str(tmp_path / "b.html"), "--part", "board"]) == 2
    assert "write .svg, .pdf or .png" in capsys.readouterr().err
    assert main(["render", str(src), "-o", str(tmp_path / "b.svg"), "--part", "tiles"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--part" in err and "tiles" in err and "\n" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.yaml"]


# ---- board art (and sheets) in a print colour mode: read back from the bytes --------------
def _art(tmp_path: Path, suffix: str, colour: str, palette: str = "colourblind"
         ) -> tuple[Path, Puzzle]:
    puzzle = grown_puzzle(16, 7, given=2)
    src = tmp_path / "p.yaml"
    write_puzzle(src, puzzle)
    path = tmp_path / f"board{suffix}"
    assert main(["render", str(src), "-o", str(path), "--part", "board", "--colour", colour,
                 "--palette", palette]) == 0
    return path, puzzle


@pytest.mark.parametrize("colour,allowed", [("cmyk", {"k", "K"}), ("grey", {"g", "G"}),
                                            ("gray", {"g", "G"})])
def test_part_board_pdf_paints_in_the_colour_asked(tmp_path, colour, allowed) -> None:
    from tests.test_book_pdf import COLOUR_OPERATORS, SOLID_BLACK, operations, text_fills

    path, _ = _art(tmp_path, ".pdf", colour)
    data = path.read_bytes()
    assert {op for _, op in operations(data) if op in COLOUR_OPERATORS} == allowed
    mode = "grey" if colour == "gray" else colour
    assert text_fills(data) == SOLID_BLACK[mode]  # the grid labels: solid black ink
    if mode == "cmyk":  # the tiles in the palette's documented process inks (R: 0/80/100/0)
        fills = {tuple(round(float(v), 3) for v in operands)
                 for operands, op in operations(data) if op == "k"}
        assert (0.0, 0.8, 1.0, 0.0) in fills


def test_part_board_png_in_grey_is_an_8_bit_greyscale_image_of_the_books_grey_levels(
        tmp_path) -> None:
    path, puzzle = _art(tmp_path, ".png", "grey")
    art = board_page(solve(puzzle), Style(palette="colourblind"))
    scale = 300 / 25.4
    squares = [i for i in art.items if isinstance(i, Rect) and i.tag.startswith("square ")
               and i.tag[-1] in "RYGBP"]  # not the chameleon's pinwheel
    assert {s.tag[-1] for s in squares} == set("RYGBP")
    with Image.open(path) as img:
        assert img.mode == "L"
        for square in squares:
            fill = get_palette("colourblind").fill(square.tag[-1])
            # a point inside the square, clear of its symbol
            x, y = (square.x + square.w * 0.1) * scale, (square.y + square.h * 0.1) * scale
            assert img.getpixel((round(x), round(y))) == round(grey_level(fill) * 255)


def test_part_board_svg_in_grey_has_only_greys_and_black_text(tmp_path) -> None:
    path, puzzle = _art(tmp_path, ".svg", "grey")
    root = parse(path)
    paints = [el.get(attr) for el in root.iter() for attr in ("fill", "stroke")
              if el.get(attr) not in (None, "none")]
    assert paints and all(p[1:3] == p[3:5] == p[5:7] for p in paints)
    assert {el.get("fill") for el in root.iter(f"{NS}text")} == {"#000000"}
    squares = {el.get("data-tag"): el.get("fill") for el in root.iter(f"{NS}rect")
               if el.get("data-tag", "").startswith("square ")}
    tag, fill = next((t, f) for t, f in squares.items() if t.endswith(" B"))
    assert fill == grey_hex(get_palette("colourblind").fill("B")), tag
    # rgb art keeps its colours
    rgb = parse(svg_bytes(board_page(solve(puzzle), Style(palette="colourblind"))))
    assert get_palette("colourblind").fill("B") in {el.get("fill") for el in rgb.iter()}


@pytest.mark.parametrize("suffix,fmt", [(".png", "PNG"), (".svg", "SVG")])
def test_cmyk_is_refused_for_rgb_formats_in_one_line(tmp_path, capsys, suffix, fmt) -> None:
    src = tmp_path / "p.yaml"
    write_puzzle(src, small_puzzle())
    assert main(["render", str(src), "-o", str(tmp_path / f"b{suffix}"), "--part", "board",
                 "--colour", "cmyk"]) == 2
    err = capsys.readouterr().err.strip()
    assert "--colour cmyk" in err and f"{fmt} has no CMYK" in err and "\n" not in err
    assert main(["render", str(src), "-o", str(tmp_path / "p.html"), "--colour", "grey"]) == 2
    assert "--colour grey" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.yaml"]


def test_a_whole_sheet_takes_the_colour_too(tmp_path) -> None:
    from tests.test_book_pdf import COLOUR_OPERATORS, operations

    src = tmp_path / "p.yaml"
    write_puzzle(src, small_puzzle())
    assert main(["render", str(src), "-o", str(tmp_path / "s.pdf"), "--answers",
                 "--colour", "cmyk"]) == 0
    data = (tmp_path / "s.pdf").read_bytes()
    assert {op for _, op in operations(data) if op in COLOUR_OPERATORS} == {"k", "K"}
    assert main(["render", str(src), "-o", str(tmp_path / "s.png"), "--answers", "--dpi",
                 "40", "--colour", "grey"]) == 0
    for name in ("s.png", "s-answers.png"):
        with Image.open(tmp_path / name) as img:
            assert img.mode == "L"


def test_grey_printing_with_a_hue_only_palette_is_warned_about(tmp_path, capsys) -> None:
    """Sheets say what books say: in grey, the classic palette's tiles differ by shade
    alone; mono and colourblind add symbols, so they print without the warning."""
    from renderers.book.layout import render_book
    from tests.test_book_print import content

    src = tmp_path / "p.yaml"
    write_puzzle(src, small_puzzle())
    capsys.readouterr()
    for palette, warned in (("classic", True), ("mono", False), ("colourblind", False)):
        assert main(["render", str(src), "-o", str(tmp_path / f"{palette}.pdf"), "--colour",
                     "grey", "--palette", palette]) == 0
        err = capsys.readouterr().err
        assert ("told apart by shade only" in err) is warned
        assert err.count("\n") == warned
    assert main(["render", str(src), "-o", str(tmp_path / "c.pdf"), "--colour", "rgb"]) == 0
    assert capsys.readouterr().err == ""
    assert main(["render", str(src), "-o", str(tmp_path / "g.png"), "--colour", "gray",
                 "--dpi", "40"]) == 0
    assert "told apart by shade only" in capsys.readouterr().err
    notes: list[str] = []
    render_book(content("a4", False, "en", 2, colour="grey"), notes.append)
    assert any("told apart by shade only" in note for note in notes)
