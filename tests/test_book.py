"""`conundrum book` end to end: the PDF, the manifest, jobs, catalogue, resume, bad specs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conundrum.board import Board
from conundrum.book.canonical import puzzle_key
from conundrum.book.catalogues import open_catalogue
from conundrum.book.example import example_puzzle
from conundrum.book.make_book import BookOptions, make_book
from conundrum.book.make_puzzles import Hooks
from conundrum.book.spec import load_spec
from conundrum.cli import main
from conundrum.generate import GenerateRequest, generate
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from conundrum.rules import ruleset
from conundrum.solver import positions
from renderers.book.layout import grid_limits, render_book
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

pytestmark = pytest.mark.slow  # builds books or drives the browser

SMALL = """\
title: Test Conundrums
subtitle: Volume 1
seed: 3
per_page: 2
sections:
  - {name: Warm-up, count: 3, difficulty: 1}
  - {name: Middle, count: 2, difficulty: 2}
  - {name: Harder, count: 2, difficulty: 3}
"""


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def build(spec: Path, out: Path, *extra: str) -> int:
    return main(["book", str(spec), "-o", str(out), *extra])


def manifest(out: Path) -> dict:
    return yaml.safe_load(out.with_name(f"{out.stem}.manifest.yaml").read_text("utf-8"))


def puzzle_of(entry: dict) -> Puzzle:
    board = Board(Placement.make(p["code"], p["at"], p["dir"]) for p in entry["board"])
    return Puzzle(board, [Given(g["code"], g["positions"]) for g in entry["given"]])


def page_text(reader: PdfReader, number: int) -> str:
    return reader.pages[number - 1].extract_text()


@pytest.fixture(scope="module")
def small_book(tmp_path_factory) -> tuple[Path, str]:
    tmp = tmp_path_factory.mktemp("small")
    spec = write(tmp, "spec.yaml", SMALL)
    out = tmp / "book.pdf"
    assert build(spec, out, "--catalogue", str(tmp / "cat.sqlite")) == 0
    return out, spec.read_text()


# ---- the book -------------------------------------------------------------------
def test_small_book_pages_contents_and_answers(small_book, capsys) -> None:
    out, _ = small_book
    reader = PdfReader(out)
    # title, how to play, contents; sections 3+2+2 at 2 a page = 2+1+1; answers 1
    assert len(reader.pages) == 8
    title = page_text(reader, 1)
    assert "Test Conundrums" in title and "Volume 1" in title and "7 puzzles" in title
    how = page_text(reader, 2)
    assert "How to play" in how
    # the worked example: a real board, its tile's positions found by the solver
    example = example_puzzle(3)
    code = example.given[0].code
    found = positions(example.board, code)
    assert len(found) == example.given[0].positions >= 2
    assert f"the tile {code} can be laid in {len(found)} places" in " ".join(how.split())
    for p in found:
        assert Grid.of(example.board).text(p) in how
    contents = page_text(reader, 3)
    lines = [" ".join(line.replace(".", " ").split()) for line in contents.splitlines()]
    assert "Contents" in lines[0]
    for expected in ("How to play 2", "Warm-up 4", "Grade 1 · Puzzles 1–3",
                     "Middle 6", "Grade 2 · Puzzles 4–5", "Harder 7",
                     "Grade 3 · Puzzles 6–7", "Answers 8"):
        assert expected in lines
    assert "Warm-up" in page_text(reader, 4) and "Puzzle 1" in page_text(reader, 4)
    assert "Puzzle 7" in page_text(reader, 7)
    for n in range(2, 9):  # every page but the title is numbered (drawn last)
        assert page_text(reader, n).split()[-1] == str(n)
    assert title.split()[-1] != "1"
    answers = page_text(reader, 8)
    assert answers.startswith("Answers")
    # every position of every puzzle, in the reader's notation, is in the key
    for entry in manifest(out)["puzzles"]:
        pz = puzzle_of(entry)
        assert f"Puzzle {entry['number']}" in answers
        grid = Grid.of(pz.board)
        for g in pz.given:
            for p in positions(pz.board, g.code):
                assert grid.text(p) in answers


def test_manifest_is_legal_exact_and_ordered(small_book) -> None:
    out, _ = small_book
    doc = manifest(out)
    assert (doc["title"], doc["seed"]) == ("Test Conundrums", 3)
    entries = doc["puzzles"]
    assert [e["number"] for e in entries] == list(range(1, 8))
    assert [e["section"] for e in entries] == ["Warm-up"] * 3 + ["Middle"] * 2 + ["Harder"] * 2
    assert [e["difficulty"] for e in entries] == [1, 1, 1, 2, 2, 3, 3]
    rules = ruleset("standard")
    keys = set()
    for e in entries:
        pz = puzzle_of(e)
        assert rules.board_faults(pz.board) == []
        assert e["given"], "every puzzle gives a tile"
        for g in pz.given:
            assert not pz.board.contains(g.code)
            assert len(positions(pz.board, g.code)) == g.positions
        assert e["grade"] == e["difficulty"]
        keys.add(puzzle_key(pz))
    assert len(keys) == 7, "no puzzle twice in one book"
    for section in ("Warm-up", "Middle", "Harder"):  # difficulty rises within a section
        scores = [e["score"] for e in entries if e["section"] == section]
        assert scores == sorted(scores)
    text = out.with_name("book.manifest.yaml").read_text("utf-8")
    assert str(out.parent) not in text and "jobs" not in text


def test_each_puzzle_is_a_function_of_its_recorded_request(small_book) -> None:
    out, _ = small_book
    entry = manifest(out)["puzzles"][-1]
    req = dict(entry["generate"])
    again = generate(GenerateRequest(**req))
    assert [p.as_dict() for p in again.board] == \
        [{"code": p["code"], "at": p["at"], "dir": p["dir"]} for p in entry["board"]]
    assert req["seed"] == entry["seed"]


def test_finished_build_records_the_catalogue_and_leaves_no_work_file(small_book) -> None:
    out, _ = small_book
    assert not out.with_name("book.work.sqlite").exists()
    with open_catalogue(out.parent / "cat.sqlite") as cat:
        assert len(cat) == 7


# ---- reproducible -----------------------------------------------------------------
def test_same_book_whatever_jobs_and_output_path(tmp_path, small_book) -> None:
    out1, spec_text = small_book
    spec = write(tmp_path, "spec.yaml", spec_text)
    (tmp_path / "elsewhere").mkdir()
    out2 = tmp_path / "elsewhere" / "other.pdf"
    assert build(spec, out2, "--jobs", "2", "--catalogue", str(tmp_path / "c2.sqlite")) == 0
    assert manifest(out2) == manifest(out1)
    assert out2.with_name("other.manifest.yaml").read_bytes() == \
        out1.with_name("book.manifest.yaml").read_bytes()
    assert out2.read_bytes() == out1.read_bytes()


def test_second_volume_repeats_nothing_and_rebuilds_are_stable(tmp_path) -> None:
    cat = str(tmp_path / "shared.sqlite")
    spec1 = write(tmp_path, "v1.yaml", SMALL)
    # the same seed on purpose: every first try of volume 2 is a puzzle of volume 1
    spec2 = write(tmp_path, "v2.yaml", SMALL.replace("Volume 1", "Volume 2"))
    assert build(spec1, tmp_path / "v1.pdf", "--catalogue", cat) == 0
    assert build(spec2, tmp_path / "v2.pdf", "--catalogue", cat, "--jobs", "2") == 0
    first = {puzzle_key(puzzle_of(e)) for e in manifest(tmp_path / "v1.pdf")["puzzles"]}
    second = manifest(tmp_path / "v2.pdf")["puzzles"]
    assert first.isdisjoint(puzzle_key(puzzle_of(e)) for e in second)
    assert all(e["seed"] != e2["seed"] for e, e2 in
               zip(manifest(tmp_path / "v1.pdf")["puzzles"], second, strict=True))
    # jobs do not change volume 2 either, with duplicates to resolve
    (tmp_path / "copy").mkdir()
    assert build(spec2, tmp_path / "copy" / "v2.pdf", "--catalogue", cat) == 0
    assert manifest(tmp_path / "copy" / "v2.pdf") == manifest(tmp_path / "v2.pdf")
    # rebuilding volume 1 finds its own puzzles in the catalogue and gives the same book
    v1 = manifest(tmp_path / "v1.pdf")
    assert build(spec1, tmp_path / "v1.pdf", "--catalogue", cat) == 0
    assert manifest(tmp_path / "v1.pdf") == v1
    with open_catalogue(cat) as c:
        assert len(c) == 14


def test_the_catalogue_defaults_to_the_output_folder(tmp_path) -> None:
    spec = write(tmp_path, "s.yaml", "title: T\nsections: [{name: A, count: 2, difficulty: 1}]\n")
    assert build(spec, tmp_path / "a.pdf") == 0
    with open_catalogue(tmp_path / "conundrum-catalogue.sqlite") as cat:
        assert len(cat) == 2


# ---- resume --------------------------------------------------------------------------
class Interrupt(KeyboardInterrupt):
    """What Ctrl-C raises, injected after a number of stored puzzles."""


def test_an_interrupted_build_resumes_to_the_same_book(tmp_path, small_book) -> None:
    reference, spec_text = small_book
    spec_path = write(tmp_path, "spec.yaml", spec_text)
    spec = load_spec(spec_path)
    out = tmp_path / "book.pdf"
    cat = tmp_path / "cat.sqlite"

    def stop_after_three(stored: int) -> None:
        if stored == 3:
            raise Interrupt

    # as the book command does: boards within the page's grid
    options = BookOptions(output=out, catalogue=cat, jobs=2, max_grids=grid_limits(spec))
    with pytest.raises(Interrupt):
        make_book(spec, options, render_book, lambda m: None, Hooks(stored=stop_after_three))
    assert not out.exists() and not out.with_name("book.manifest.yaml").exists()
    assert out.with_name("book.work.sqlite").exists()
    with open_catalogue(cat) as c:
        assert len(c) == 0, "an unfinished book records nothing"

    # every try a build needs (attempt 0 of each slot, and the later ones variety or a
    # repeat asks for), counted on a fresh build of its own
    needed: list[int] = []
    fresh = BookOptions(output=tmp_path / "fresh" / "book.pdf", catalogue=tmp_path / "f.sqlite",
                        jobs=1, max_grids=grid_limits(spec))
    (tmp_path / "fresh").mkdir()
    make_book(spec, fresh, render_book, lambda m: None, Hooks(stored=needed.append))
    made_again: list[int] = []
    resumed = BookOptions(output=out, catalogue=cat, jobs=1, resume=True,
                          max_grids=grid_limits(spec))
    make_book(spec, resumed, render_book, lambda m: None, Hooks(stored=made_again.append))
    assert len(made_again) == len(needed) - 3, "the three stored puzzles are not made again"
    assert manifest(out) == manifest(reference)
    assert out.read_bytes() == reference.read_bytes()
    assert not out.with_name("book.work.sqlite").exists()


def test_resume_without_a_work_file_starts_afresh(tmp_path, capsys) -> None:
    spec = write(tmp_path, "s.yaml", "title: T\nsections: [{name: A, count: 1, difficulty: 1}]\n")
    assert build(spec, tmp_path / "b.pdf", "--resume") == 0
    assert "nothing to resume" in capsys.readouterr().err


# ---- print on demand, languages, fewer a page -----------------------------------------
def test_bleed_book_pages_sizes_and_fewer_a_page(tmp_path, capsys) -> None:
    spec = write(tmp_path, "pod.yaml", """\
title: Hlavolamy
language: cs
page: 6x9
bleed: true
per_page: 6
palette: mono
sections:
  - {name: Těžké, count: 2, difficulty: 5}
""")
    out = tmp_path / "pod.pdf"
    assert build(spec, out) == 0
    err = capsys.readouterr().err
    assert "does not fit 6 a page on 6x9" in err and "printing 1 a page" in err
    reader = PdfReader(out)
    assert len(reader.pages) == 24, "padded to an even count, at least 24"
    box = reader.pages[0].mediabox
    # 6 x 9 in trim, plus 0.125 in bleed outside, top and bottom (72 pt an inch)
    assert (round(float(box.width), 1), round(float(box.height), 1)) == (441.0, 666.0)
    contents = page_text(reader, 3)
    assert "Obsah" in contents and "Úroveň 5" in contents and "Řešení" in contents
    assert "Jak hrát" in page_text(reader, 2)


# A web address too long for the QR codes' room: every slot of a section finds it so
LONG_WEB = "https://example.org/" + "a" * 60 + "/" + "b" * 60 + "/"


def test_a_section_laid_out_again_says_each_note_once(tmp_path, capsys) -> None:
    """Grade 5 at 6 a page on 6x9 is laid out again at 1 a page (renderers/book/sections.py
    `_section`), every slot of both layouts finding the address too dense for its QR code:
    each note reaches stderr once, kept once where it is made (book_pages repeats what it
    is given)."""
    spec = write(tmp_path, "again.yaml", "title: T\npage: 6x9\nbleed: true\nper_page: 6\n"
                 f"web: {LONG_WEB}\nsections:\n  - {{name: Hard, count: 2, difficulty: 5}}\n")
    assert build(spec, tmp_path / "again.pdf") == 0
    lines = capsys.readouterr().err.splitlines()
    assert sum("does not fit 6 a page on 6x9" in line for line in lines) == 1
    assert sum("QR codes are left out" in line for line in lines) == 1


def test_two_large_print_sections_of_one_name_each_say_their_note(tmp_path, capsys) -> None:
    """Two sections may share a name and grade: each says it keeps answer lines only where
    its boards leave room (a note each, as each has its own puzzles; none is folded into
    the other's)."""
    spec = write(tmp_path, "twice.yaml", "title: T\npage: 8.5x11\nbleed: true\n"
                 "large_print: true\nseed: 4\nsections:\n"
                 + "  - {name: Hard, count: 1, difficulty: 5}\n" * 2)
    assert build(spec, tmp_path / "twice.pdf") == 0
    lines = capsys.readouterr().err.splitlines()
    assert sum("section 'Hard' (grade 5): large print" in line for line in lines) == 2


# ---- failures ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ("title: T\npage: a3\nsections: [{name: A, count: 1}]", "unknown page 'a3'"),
    ("title: T\nsections: [{name: A, count: -1}]", "`count` is -1"),
    ("sections: [{name: A, count: 1}]", "no `title:`"),
    ("title: T\nlanguage: de\nsections: [{name: A, count: 1}]", "unknown language 'de'"),
    ("title: T\nfont: big\nsections: [{name: A, count: 1}]", "unknown key `font`"),
])
def test_bad_specs_one_line_exit_2_no_output(tmp_path, capsys, text: str, words: str) -> None:
    spec = write(tmp_path, "bad.yaml", text)
    out = tmp_path / "bad.pdf"
    assert build(spec, out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and str(spec) in err
    assert list(tmp_path.iterdir()) == [spec]


def test_cli_errors_are_one_line_without_traceback(tmp_path) -> None:
    spec = write(tmp_path, "bad.yaml", "title: T\npage: a3\nsections: [{name: A, count: 1}]\n")
    run = subprocess.run([*CONUNDRUM, "book", str(spec), "-o", str(tmp_path / "b.pdf")],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "unknown page 'a3'" in run.stderr
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_a_book_that_cannot_be_completed_writes_nothing(tmp_path) -> None:
    # two tiles cannot give a tile 40 positions: every seed is refused
    spec = write(tmp_path, "imp.yaml", "title: T\nsections:\n"
                 "  - {name: Easy, count: 1, difficulty: 1}\n"
                 "  - {name: Impossible, count: 2, tiles: 2, given: 1, positions: 40}\n")
    out = tmp_path / "imp.pdf"
    cat = tmp_path / "cat.sqlite"
    run = subprocess.run([*CONUNDRUM, "book", str(spec), "-o", str(out), "--catalogue",
                          str(cat)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "cannot be completed" in run.stderr and "'Impossible'" in run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert not out.exists() and not out.with_name("imp.manifest.yaml").exists()
    # no work file (nothing can be resumed); the first section's claim is released
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.sqlite", "imp.yaml"]
    with open_catalogue(cat) as c:
        assert len(c) == 0 and c.count("claimed") == 0 and c.books() == []


def test_output_must_be_a_pdf(tmp_path, capsys) -> None:
    spec = write(tmp_path, "s.yaml", "title: T\nsections: [{name: A, count: 1}]\n")
    assert build(spec, tmp_path / "book.png") == 2
    assert "name the output *.pdf" in capsys.readouterr().err


def test_sample_spec_is_valid() -> None:
    spec = load_spec(ROOT / "puzzles" / "book-sample.yaml")
    assert spec.total >= 10 and len(spec.sections) >= 3


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))


def test_long_contents_run_over_pages_and_answers_can_be_left_out(tmp_path) -> None:
    sections = "".join(f"  - {{name: S{i}, count: 1, difficulty: 1}}\n" for i in range(1, 41))
    spec = write(tmp_path, "many.yaml", f"title: Many\nper_page: 1\nanswers: none\n"
                 f"sections:\n{sections}")
    out = tmp_path / "many.pdf"
    assert build(spec, out) == 0
    reader = PdfReader(out)
    # title, how to play, two contents pages, one page per section, no answers
    assert len(reader.pages) == 44
    contents = " ".join((page_text(reader, 3) + page_text(reader, 4)).replace(".", " ").split())
    assert "S1 5" in contents and "S40 44" in contents
    assert "Answers" not in contents
    assert "Puzzle 40" in page_text(reader, 44) and "Answers" not in page_text(reader, 44)
