"""`conundrum extract`: a built book's puzzle back as a puzzle file, and the round trip
extract -> render giving the same puzzle id as the book."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conundrum.board import Board
from conundrum.book.extract import ExtractError, extract_puzzle
from conundrum.cli import main
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle, load_puzzle
from conundrum.solver import positions
from renderers.render import render_sheet
from renderers.sheet.puzzle import puzzle_id
from tests.support.paths import ROOT

pytestmark = pytest.mark.slow  # builds books or drives the browser

SPEC = """\
title: Extract test
seed: 11
sections:
  - {name: Made, count: 2, difficulty: 1}
  - {name: Mine, puzzles: [hand.yaml]}
"""


def entry_puzzle(entry: dict) -> Puzzle:
    board = Board(Placement.make(p["code"], p["at"], p["dir"]) for p in entry["board"])
    return Puzzle(board, [Given(g["code"], g["positions"]) for g in entry["given"]],
                  rules=entry["rules"])


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> tuple[Path, dict]:
    tmp = tmp_path_factory.mktemp("extract")
    shutil.copy(ROOT / "puzzles" / "chameleon-on-board.yaml", tmp / "hand.yaml")
    (tmp / "spec.yaml").write_text(SPEC)
    out = tmp / "book.pdf"
    assert main(["book", str(tmp / "spec.yaml"), "-o", str(out), "--draft"]) == 0
    manifest = tmp / "book.manifest.yaml"
    return manifest, yaml.safe_load(manifest.read_text("utf-8"))


def test_extract_then_render_gives_the_books_puzzle_id(book, tmp_path) -> None:
    manifest, doc = book
    for entry in doc["puzzles"]:
        n = entry["number"]
        out = tmp_path / f"p{n}.yaml"
        assert main(["extract", str(manifest), str(n), "-o", str(out)]) == 0
        extracted = load_puzzle(out)  # a valid puzzle file
        expected = puzzle_id(entry_puzzle(entry))
        assert puzzle_id(extracted) == expected
        sheet = render_sheet(out, tmp_path / f"p{n}.pdf")[0]
        text = PdfReader(sheet).pages[0].extract_text()
        assert expected in text  # the footer's puzzle id, after the round trip
        assert f"Puzzle {n}" in text and f"Puzzle id {expected}" in text
        assert extracted.extra["number"] == n and extracted.extra["section"] == entry["section"]
        if entry.get("source") == "file":
            assert extracted.extra["file"] == "hand.yaml"
            original = load_puzzle(ROOT / "puzzles" / "chameleon-on-board.yaml")
            assert puzzle_id(extracted) == puzzle_id(original)
        else:  # the footer says how to make it again
            assert extracted.extra["generator"]["seed"] == entry["seed"]
            assert f"--seed {entry['seed']}" in text


def test_extract_all_writes_every_puzzle_numbered(book, tmp_path) -> None:
    manifest, doc = book
    folder = tmp_path / "all"
    assert main(["extract", str(manifest), "--all", "-o", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["puzzle-001.yaml", "puzzle-002.yaml", "puzzle-003.yaml"]
    for entry in doc["puzzles"]:
        got = load_puzzle(folder / f"puzzle-{entry['number']:03d}.yaml")
        assert puzzle_id(got) == puzzle_id(entry_puzzle(entry))
    # and again into the same folder: the same bytes
    before = [(folder / n).read_bytes() for n in names]
    assert main(["extract", str(manifest), "--all", "-o", str(folder)]) == 0
    assert [(folder / n).read_bytes() for n in names] == before


@pytest.mark.parametrize("args, words", [
    (["9", "-o", "x.yaml"], "no puzzle 9 in this book (its puzzles: 1-3)"),
    (["1"], "give -o"),
    (["1", "--all", "-o", "d"], "a puzzle number, or --all (not both)"),
    (["-o", "x.yaml"], "a puzzle number, or --all"),
])
def test_bad_requests_are_one_line(book, tmp_path, capsys, args: list[str], words: str
                                   ) -> None:
    manifest, _ = book
    args = [str(tmp_path / a) if a in ("x.yaml", "d") else a for a in args]
    assert main(["extract", str(manifest), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_tampered_or_foreign_manifest_is_refused(book, tmp_path) -> None:
    manifest, doc = book
    bad = dict(doc)
    bad["puzzles"] = [dict(e) for e in doc["puzzles"]]
    bad["puzzles"][0]["given"] = [{"code": g["code"], "positions": g["positions"] + 1}
                                  for g in doc["puzzles"][0]["given"]]
    path = tmp_path / "bad.manifest.yaml"
    path.write_text(yaml.safe_dump(bad))
    with pytest.raises(ExtractError, match="puzzle 1: given tile .* the manifest says"):
        extract_puzzle(path, 1)
    bad["puzzles"][0]["board"] = bad["puzzles"][0]["board"] + bad["puzzles"][0]["board"][-1:]
    path.write_text(yaml.safe_dump(bad))
    with pytest.raises(Exception, match="bad.manifest.yaml: puzzle 1"):
        extract_puzzle(path, 1)
    puzzle_file = ROOT / "puzzles" / "spec-example.yaml"
    with pytest.raises(ExtractError, match="is this a book's manifest"):
        extract_puzzle(puzzle_file, 1)
    with pytest.raises(ExtractError, match="must be a whole number"):
        extract_puzzle(manifest, True)  # type: ignore[arg-type]


def test_check_grades_a_books_puzzle_by_its_number(book, tmp_path, capsys) -> None:
    manifest, doc = book
    entry = doc["puzzles"][0]
    puzzle = extract_puzzle(manifest, entry["number"])
    lines = [Grid.of(puzzle.board).text(p) for g in puzzle.given
             for p in positions(puzzle.board, g.code, rules=puzzle.ruleset)]
    (tmp_path / "a.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["check", str(manifest), str(entry["number"]), str(tmp_path / "a.txt")]) == 0
    assert "perfect" in capsys.readouterr().out
    (tmp_path / "b.txt").write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    assert main(["check", str(manifest), str(entry["number"]), str(tmp_path / "b.txt")]) == 1
    assert main(["check", str(manifest), "99", str(tmp_path / "a.txt")]) == 2
    assert "no puzzle 99 in this book" in capsys.readouterr().err
    # two arguments: the manifest read as a puzzle says how to go on, in one line
    assert main(["check", str(manifest), str(tmp_path / "a.txt")]) == 2
    err = capsys.readouterr().err
    assert "a book's manifest, not a puzzle" in err and err.count("\n") == 1
