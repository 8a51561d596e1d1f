"""A book section of the second kind (`kind: all`, Lay them all, issue 23): its puzzles have
exactly one arrangement, print without counts under a section line that names the kind,
the how-to page explains the kind (only in a book that has it), and the manifest, extract
and check carry the kind through."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pypdf
import pytest
import yaml

from conundrum.book.spec import parse_spec
from conundrum.errors import ConundrumError
from conundrum.lay_all import puzzle_arrangements
from conundrum.puzzle import load_puzzle
from tests.support.program import CONUNDRUM

pytestmark = pytest.mark.slow  # builds books

MIXED = """title: Mixed
seed: 3
page: 6x9
sections:
  - {name: Warm-up, count: 3, difficulty: 1}
  - {name: All of them, count: 4, difficulty: 2, kind: all}
"""


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CONUNDRUM, *args], cwd=folder, capture_output=True, text=True)


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("mixed")
    (folder / "m.yaml").write_text(MIXED, encoding="utf-8")
    done = _run(folder, "book", "m.yaml", "-o", "m.pdf", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert _run(folder, "extract", "m.manifest.yaml", "--all", "-o", "ex").returncode == 0
    return folder


def _pages(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def test_a_lay_them_all_section_has_one_arrangement_a_puzzle(mixed: Path) -> None:
    entries = yaml.safe_load((mixed / "m.manifest.yaml").read_text("utf-8"))["puzzles"]
    kinds = [(e["section"], e.get("kind", "count")) for e in entries]
    assert kinds == [("Warm-up", "count")] * 3 + [("All of them", "all")] * 4
    for number in range(4, 8):
        puzzle = load_puzzle(mixed / "ex" / f"puzzle-{number:03d}.yaml")
        assert puzzle.kind == "all" and puzzle.solutions == 1
        assert puzzle_arrangements(puzzle).count == 1
        codes = [g.code for g in puzzle.given]
        assert 2 <= len(codes) == len(set(codes))


def test_its_pages_name_the_kind_and_the_how_to_page_explains_it(mixed: Path) -> None:
    pages = _pages(mixed / "m.pdf")
    how_to = next(p for p in pages if "How to play" in p)
    assert "Lay them all" in how_to and "Exactly one final arrangement" in how_to
    first = next(p for p in pages if "All of them" in p and "Puzzle 4" in p)
    assert "Grade 2 · Puzzles 4–7 · Lay them all" in first
    assert "positions" not in first.split("Puzzle 4", 1)[1]  # no count is printed


def test_a_book_without_the_kind_does_not_explain_it(tmp_path: Path) -> None:
    (tmp_path / "c.yaml").write_text(
        "title: C\nseed: 2\nsections:\n  - {name: A, count: 2, difficulty: 1}\n", "utf-8")
    assert _run(tmp_path, "book", "c.yaml", "-o", "c.pdf").returncode == 0
    assert not any("Lay them all" in p for p in _pages(tmp_path / "c.pdf"))


def test_check_judges_an_arrangement_of_a_book_puzzle(mixed: Path) -> None:
    puzzle = load_puzzle(mixed / "ex" / "puzzle-004.yaml")
    solved = _run(mixed, "solve", "ex/puzzle-004.yaml", "--json")
    assert solved.returncode == 0 and json.loads(solved.stdout)["kind"] == "all"
    sheet = [a["sheet"] for a in json.loads(solved.stdout)["arrangements"][0]]
    (mixed / "right.txt").write_text("; ".join(sheet) + "\n", "utf-8")
    right = _run(mixed, "check", "m.manifest.yaml", "4", "right.txt")
    assert right.returncode == 0, right.stdout + right.stderr
    (mixed / "short.txt").write_text(sheet[0] + "\n", "utf-8")
    short = _run(mixed, "check", "m.manifest.yaml", "4", "short.txt")
    assert short.returncode == 1  # a missing tile is named
    assert any(g.code in short.stdout + short.stderr for g in puzzle.given[1:])


@pytest.mark.parametrize("section, words", [
    ("{name: A, count: 2, kind: all, positions: 3}", "takes no `positions:`"),
    ("{name: A, count: 2, kind: all, given: 6}", "gives 2 to 5 tiles"),
    ("{name: A, count: 2, kind: some}", "unknown kind"),
])
def test_a_lay_them_all_section_refuses_what_it_cannot_mean(section: str, words: str) -> None:
    with pytest.raises(ConundrumError, match=words):
        parse_spec(f"title: T\nsections:\n  - {section}\n", "t.yaml")
