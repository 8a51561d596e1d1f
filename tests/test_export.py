"""`book --export DIR`: board art per puzzle and a data-merge CSV whose answers are the
solver's, whose pages are where the book prints each puzzle."""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conundrum.board import Board
from conundrum.cli import main
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.rules import ruleset
from conundrum.solver import positions
from renderers.book.export import COLUMNS, PDF_COLUMN, export_book
from renderers.book.layout import DrawnBook, render_book
from tests.test_book_print import content

pytestmark = pytest.mark.slow  # builds books or drives the browser

SPEC = """\
title: Export test
language: cs
seed: 2
per_page: 2
sections:
  - {name: Zahřátí, count: 3, difficulty: 1}
  - {name: Těžší, count: 2, difficulty: 2}
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[Path, Path, dict]:
    tmp = tmp_path_factory.mktemp("export")
    (tmp / "spec.yaml").write_text(SPEC, encoding="utf-8")
    out = tmp / "book.pdf"
    folder = tmp / "art"
    assert main(["book", str(tmp / "spec.yaml"), "-o", str(out), "--draft",
                 "--export", str(folder)]) == 0
    doc = yaml.safe_load((tmp / "book.manifest.yaml").read_text("utf-8"))
    return out, folder, doc


def rows_of(folder: Path) -> list[dict]:
    with open(folder / "puzzles.csv", encoding="utf-8-sig", newline="") as f:
        return list(csv.DictReader(f))


def test_the_folder_holds_board_art_and_a_csv(exported) -> None:
    _, folder, doc = exported
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["puzzle-0001.svg", "puzzle-0002.svg", "puzzle-0003.svg",
                     "puzzle-0004.svg", "puzzle-0005.svg", "puzzles.csv"]
    raw = (folder / "puzzles.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte-order mark
    with open(folder / "puzzles.csv", encoding="utf-8-sig", newline="") as f:
        assert tuple(next(csv.reader(f))) == COLUMNS
    for entry in doc["puzzles"]:
        root = ET.fromstring((folder / f"puzzle-{entry['number']:04d}.svg").read_bytes())
        found = [el.get("data-tag", "") for el in root.iter()]
        for p in entry["board"]:
            placement = Placement.make(p["code"], p["at"], p["dir"])
            for cell, colour in zip(placement.cells, placement.code, strict=True):
                assert f"square {cell[0]},{cell[1]} {colour}" in found
        assert found.count("tile outline") == len(entry["board"])


def test_csv_rows_match_the_manifest_and_answers_are_the_solvers(exported) -> None:
    _, folder, doc = exported
    rows = rows_of(folder)
    assert [int(r["number"]) for r in rows] == [e["number"] for e in doc["puzzles"]]
    for row, entry in zip(rows, doc["puzzles"], strict=True):
        assert row["section"] == entry["section"]
        assert int(row["grade"]) == entry["grade"]
        assert row["@board"] == f"puzzle-{entry['number']:04d}.svg"
        assert row["tiles"].split() == [g["code"] for g in entry["given"]]
        assert [int(n) for n in row["counts"].split()] == [g["positions"] for g in entry["given"]]
        board = Board(Placement.make(p["code"], p["at"], p["dir"]) for p in entry["board"])
        grid = Grid.of(board)
        listed = [grid.parse(a) for a in row["answers"].split(";") if a.strip()]
        solver = [p for g in entry["given"]
                  for p in positions(board, g["code"], ruleset(entry["rules"]))]
        assert listed == solver
        assert len(listed) == sum(g["positions"] for g in entry["given"])


def test_csv_pages_are_where_the_book_prints_each_puzzle(exported) -> None:
    out, folder, _ = exported
    reader = PdfReader(out)
    for row in rows_of(folder):
        page = int(row["page"])
        text = reader.pages[page - 1].extract_text()  # "Hlavolam 7 Úroveň 1" (its grade)
        assert re.search(rf"^Hlavolam {row['number']}( |$)", text, re.M), text
    pages = [int(r["page"]) for r in rows_of(folder)]
    assert pages == sorted(pages) and pages[0] > 3  # after title, how to play, contents


@pytest.mark.parametrize("option", ["--export", "--web"])
def test_a_bad_export_folder_fails_before_building(tmp_path, capsys, option) -> None:
    """--export and --web (files.check_folder): a file, or a folder whose parent is
    missing, fails in one line naming the option, before any puzzle is made."""
    (tmp_path / "spec.yaml").write_text(SPEC, encoding="utf-8")
    (tmp_path / "taken").write_text("a file")
    assert main(["book", str(tmp_path / "spec.yaml"), "-o", str(tmp_path / "b.pdf"),
                 option, str(tmp_path / "taken")]) == 2
    err = capsys.readouterr().err
    assert option in err and "is a file" in err and err.count("\n") == 1
    assert main(["book", str(tmp_path / "spec.yaml"), "-o", str(tmp_path / "b.pdf"),
                 option, str(tmp_path / "no" / "such")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spec.yaml", "taken"]


# ---- print modes and reuse: export_book on a laid-out book (no generation) ----------------
def _export(tmp_path: Path, colour: str) -> tuple[Path, object, DrawnBook]:
    book = content("6x9", True, "en", 2, colour=colour, palette="colourblind")
    drawn = DrawnBook()
    render_book(book, lambda _m: None, drawn)
    folder = tmp_path / colour
    export_book(book, folder, drawn)
    return folder, book, drawn


@pytest.mark.parametrize("colour,allowed", [("cmyk", {"k", "K"}), ("grey", {"g", "G"})])
def test_a_print_mode_book_exports_pdf_art_in_its_colour_space(tmp_path, colour, allowed
                                                               ) -> None:
    from tests.test_book_pdf import COLOUR_OPERATORS, SOLID_BLACK, operations, text_fills

    folder, book, _ = _export(tmp_path, colour)
    rows = rows_of(folder)
    assert tuple(rows[0]) == (*COLUMNS, PDF_COLUMN)
    assert len(rows) == len(book.puzzles)
    for row in rows:
        assert row["@board_pdf"] == f"puzzle-{int(row['number']):04d}.pdf"
        data = (folder / row["@board_pdf"]).read_bytes()
        reader = PdfReader(folder / row["@board_pdf"])
        assert len(reader.pages) == 1 and reader.metadata.title == f"Puzzle {row['number']}"
        assert {op for _, op in operations(data) if op in COLOUR_OPERATORS} == allowed
        assert text_fills(data) == SOLID_BLACK[colour]
        root = ET.fromstring((folder / row["@board"]).read_bytes())
        paints = {el.get("fill") for el in root.iter()} - {None, "none"}
        greys = all(p[1:3] == p[3:5] == p[5:7] for p in paints)
        # grey: the SVG in the book's grey levels; cmyk: SVG has no CMYK, it stays RGB
        assert greys == (colour == "grey")


def test_export_reuses_the_books_layout_and_solutions(tmp_path, monkeypatch) -> None:
    import renderers.book.export as book_export

    book = content("a4", False, "fr", 2)
    drawn = DrawnBook()
    pdf = render_book(book, lambda _m: None, drawn)
    assert pdf == render_book(book, lambda _m: None)  # keeping them changes no byte
    assert sorted(drawn.solved) == [bp.number for bp in book.puzzles]
    alone = [p.read_bytes() for p in export_book(book, tmp_path / "alone")]

    def again(*_args, **_kw):
        raise AssertionError("laid out or solved again")

    monkeypatch.setattr(book_export, "book_pages", again)
    monkeypatch.setattr(book_export, "solve", again)
    reused = [p.read_bytes() for p in export_book(book, tmp_path / "reused", drawn)]
    assert reused == alone


def test_art_drawn_in_parts_by_workers_gives_the_same_files(tmp_path, monkeypatch) -> None:
    import renderers.book.export as book_export

    book = content("a4", False, "en", 2, colour="cmyk")
    drawn = DrawnBook()
    render_book(book, lambda _m: None, drawn)
    alone = [(p.name, p.read_bytes()) for p in export_book(book, tmp_path / "a", drawn)]
    monkeypatch.setattr(book_export, "ART_CHUNK", 4)  # 6 puzzles: parts of 4 and 2
    shared = [(p.name, p.read_bytes())
              for p in export_book(replace(book, jobs=2), tmp_path / "b", drawn)]
    assert [name for name, _ in shared] == [name for name, _ in alone]
    assert [data for name, data in shared if not name.endswith(".pdf")] == \
        [data for name, data in alone if not name.endswith(".pdf")]
    again = [(p.name, p.read_bytes())
             for p in export_book(book, tmp_path / "c", drawn)]  # jobs 1, same parts
    assert again == shared


def test_puzzle_pages_are_found_on_lazy_pages_too() -> None:
    """A long book is painted by workers, so the parent keeps lazy pages (boards not yet
    drawn): each puzzle's heading is laid out at once, so its page is still found."""
    from renderers.book.export import puzzle_pages
    from renderers.book.layout import book_pages

    book = content("6x9", True, "uk", 2)
    lazy = book_pages(book, lambda _m: None, lazy=True)
    assert any(page.deferred for page in lazy)
    found = puzzle_pages(book, lazy)
    assert sorted(found) == [bp.number for bp in book.puzzles]
    assert found == puzzle_pages(book, book_pages(book, lambda _m: None))
