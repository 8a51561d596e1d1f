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
from renderers.board_art import ART_CELL, ART_MARGIN, board_page
from renderers.draw import label_band
from renderers.layout import Text
from renderers.render import render_sheet
from renderers.sheet import Style, sheet_pages, solve
from renderers.svg import svg_bytes
from tests.test_render_common import busy_puzzle, grown_puzzle, small_puzzle, write_puzzle

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
