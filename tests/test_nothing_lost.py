"""Issue 25: no command writes, replaces or deletes a file it reads, whether named directly,
through a symbolic or hard link, or inside an output folder; one build per output; the
smaller faults of output paths. Each case is the smallest command that once lost data."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conundrum.errors import ConundrumError
from conundrum.overwrite_guard import (
    command_inputs,
    note_input,
    output_lock,
    refuse_input,
    remove_output,
)
from renderers.web.site import shared_files
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM, run_program

SMALL = "title: Small\nseed: 1\nsections:\n  - {name: A, count: 2, difficulty: 1}\n"
WEIGHTS = ROOT / "conundrum" / "generate" / "weights.json"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "puzzles" / "spec-example.yaml", tmp_path / "puzzle.yaml")
    (tmp_path / "small.yaml").write_text(SMALL, encoding="utf-8")
    return tmp_path


def refused(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    for word in words:
        assert word in proc.stderr


def test_the_guard_knows_a_file_through_any_link(tmp_path: Path) -> None:
    read = tmp_path / "spec.yaml"
    read.write_text("x", encoding="utf-8")
    (tmp_path / "soft").symlink_to(read)
    os.link(read, tmp_path / "hard")
    refuse_input(read)  # outside a command nothing is remembered: no refusal
    with command_inputs():
        note_input(read, "spec")
        for path in (read, tmp_path / "soft", tmp_path / "hard"):
            with pytest.raises(ConundrumError, match="would replace the spec"):
                refuse_input(path)
        assert remove_output(tmp_path / "soft") is False and read.exists()
        refuse_input(tmp_path / "other")  # a new file is fine
    refuse_input(read)  # the command is over


def test_extract_onto_its_manifest_is_refused(folder: Path) -> None:
    assert run_program("book", "small.yaml", "-o", "book.pdf", "--draft", cwd=folder
                       ).returncode == 0
    before = (folder / "book.manifest.yaml").read_bytes()
    refused(run_program("extract", "book.manifest.yaml", "1", "-o", "book.manifest.yaml",
                        cwd=folder), "book.manifest.yaml")
    (folder / "out").mkdir()
    (folder / "out" / "puzzle-001.yaml").symlink_to(folder / "book.manifest.yaml")
    refused(run_program("extract", "book.manifest.yaml", "--all", "-o", "out", cwd=folder))
    assert (folder / "book.manifest.yaml").read_bytes() == before


def test_a_catalogue_export_onto_the_catalogue_is_refused(folder: Path) -> None:
    assert run_program("book", "small.yaml", "-o", "book.pdf", cwd=folder).returncode == 0
    cat = folder / "conundrum-catalogue.sqlite"
    before = cat.read_bytes()
    refused(run_program("catalogue", "export", str(cat), "--catalogue", str(cat), cwd=folder),
            "catalogue")
    assert cat.read_bytes() == before
    assert "published" in run_program("catalogue", "list", "--catalogue", str(cat)).stdout


def test_weights_and_records_are_never_replaced(folder: Path) -> None:
    shutil.copy(WEIGHTS, folder / "w.json")
    before = (folder / "w.json").read_bytes()
    refused(run_program("generate", "--tiles", "8", "--given", "1", "--positions", "2",
                        "--weights", "w.json", "-o", "w.json", cwd=folder), "weights")
    assert (folder / "w.json").read_bytes() == before
    (folder / "records").mkdir()
    record = folder / "records" / "r1.json"
    record.write_text('{"format": "conundrum-solving-record", "version": 1, "records": []}',
                      encoding="utf-8")
    kept = record.read_bytes()
    refused(run_program("calibrate", str(record), "--apply", "--weights-out", str(record),
                        cwd=folder))
    assert record.read_bytes() == kept


@pytest.mark.parametrize("option, inside", [("--web", "index.html"),
                                            ("--export", "puzzles.csv")])
def test_a_link_in_an_output_folder_never_reaches_the_spec(folder: Path, option: str,
                                                          inside: str) -> None:
    (folder / "out").mkdir()
    (folder / "out" / inside).symlink_to(folder / "small.yaml")
    refused(run_program("book", "small.yaml", "-o", "book.pdf", "--draft", option, "out",
                        cwd=folder), "small.yaml")
    assert (folder / "small.yaml").read_text(encoding="utf-8") == SMALL
    assert not (folder / "book.pdf").exists()


def test_a_hand_made_puzzle_in_the_export_folder_is_not_overwritten(folder: Path) -> None:
    (folder / "art").mkdir()
    shutil.copy(folder / "puzzle.yaml", folder / "art" / "puzzles.csv")
    (folder / "hand.yaml").write_text(
        SMALL + "  - {name: Mine, puzzles: [art/puzzles.csv]}\n", encoding="utf-8")
    before = (folder / "art" / "puzzles.csv").read_bytes()
    refused(run_program("book", "hand.yaml", "-o", "book.pdf", "--draft", "--export", "art",
                        cwd=folder), "puzzles.csv")
    assert (folder / "art" / "puzzles.csv").read_bytes() == before


def test_the_stale_key_cleanup_never_deletes_the_puzzle(folder: Path) -> None:
    shutil.copy(folder / "puzzle.yaml", folder / "u-answers-3.png")
    done = run_program("render", "u-answers-3.png", "-o", "u.png", "--answers", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert (folder / "u-answers-3.png").read_bytes() == (folder / "puzzle.yaml").read_bytes()


def test_a_second_build_of_the_same_output_is_refused_while_the_first_runs(folder: Path
                                                                            ) -> None:
    with output_lock(folder / "book.pdf", "book build"):
        refused(run_program("book", "small.yaml", "-o", "book.pdf", "--draft", cwd=folder),
                "another book build is writing it")
    assert not (folder / "book.pdf").exists()
    # and in real processes: two builds at once, one wins, the other is refused at once
    procs = [subprocess.Popen([*CONUNDRUM, "book", "small.yaml", "-o", "book.pdf"],
                              cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    results = [(p.wait(120), p.stderr.read()) for p in procs if p.stderr]
    assert sorted(code for code, _ in results) in ([0, 2], [0, 0])  # [0, 0]: one after
    assert not list(folder.glob(".book.pdf.lock"))
    assert "published" in run_program("catalogue", "list", cwd=folder).stdout


def test_a_shorter_book_leaves_no_page_of_the_longer_one(folder: Path) -> None:
    (folder / "four.yaml").write_text(SMALL.replace("count: 2", "count: 4"), encoding="utf-8")
    assert run_program("book", "four.yaml", "-o", "f.pdf", "--draft", "--web", "site",
                       cwd=folder).returncode == 0
    (folder / "site" / "notes.txt").write_text("mine", encoding="utf-8")  # not the program's
    assert run_program("book", "small.yaml", "-o", "s.pdf", "--draft", "--web", "site",
                       cwd=folder).returncode == 0
    names = sorted(p.name for p in (folder / "site").iterdir())
    shared = [name for name, _ in shared_files()]  # the languages' and palettes' files
    assert names == sorted([".conundrum-site.txt", "1.html", "2.html", "icon.svg",
                            "index.html", "manifest.webmanifest", "notes.txt", "play.html",
                            "sw.js", *shared])


def test_output_path_faults_are_one_line_each(folder: Path) -> None:
    refused(run_program("render", "puzzle.yaml", "-o", "-", cwd=folder), "-o -")
    assert not (folder / "-").exists()
    (folder / "ro.pdf").write_bytes(b"%PDF keep me")
    (folder / "ro.pdf").chmod(0o444)
    refused(run_program("render", "puzzle.yaml", "-o", "ro.pdf", cwd=folder), "read-only")
    assert (folder / "ro.pdf").read_bytes() == b"%PDF keep me"
    refused(run_program("render", "puzzle.yaml", "-o", "x.html", "--answers", cwd=folder),
            "--answers")
    refused(run_program("catalogue", "list", "--catalogue", "", cwd=folder), "--catalogue")


def test_a_huge_image_is_refused_before_a_pixel_is_allocated() -> None:
    from renderers.page.layout import Page
    from renderers.paint.png import pixel_size

    with pytest.raises(ConundrumError, match="million"):
        pixel_size(Page(800.0, 800.0), 1200)
    start = time.perf_counter()
    assert pixel_size(Page(210.0, 297.0), 300) == (2480, 3508)
    assert time.perf_counter() - start < 1


def test_the_shipped_weights_are_an_input_of_every_command_that_reads_them(folder: Path
                                                                           ) -> None:
    shipped = Path(__import__("conundrum.generate.effort").generate.effort.__file__
                   ).with_name("weights.json")
    before = shipped.read_bytes()
    link = folder / "w.json"
    link.symlink_to(shipped)
    for out in (shipped, link):
        refused(run_program("generate", "--tiles", "14", "--given", "2", "--positions",
                            "3,5", "--seed", "7", "-o", out, cwd=folder), "shipped weights")
    assert shipped.read_bytes() == before


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_a_catalogue_s_journal_is_never_an_output(folder: Path, suffix: str) -> None:
    assert run_program("book", "small.yaml", "-o", "b.pdf", cwd=folder).returncode == 0
    refused(run_program("catalogue", "export", f"conundrum-catalogue.sqlite{suffix}",
                        cwd=folder), "journal of conundrum-catalogue.sqlite")
    assert not (folder / f"conundrum-catalogue.sqlite{suffix}").exists()
    assert "published" in run_program("catalogue", "list", cwd=folder).stdout


def test_extract_all_takes_a_folder_never_dash(folder: Path) -> None:
    assert run_program("book", "small.yaml", "-o", "b.pdf", "--draft", cwd=folder
                       ).returncode == 0
    refused(run_program("extract", "b.manifest.yaml", "--all", "-o", "-", cwd=folder),
            "give a folder")
    assert not (folder / "-").exists()
    (folder / "out").mkdir()
    (folder / "out" / "puzzle-001.yaml").symlink_to(folder / "b.manifest.yaml")
    refused(run_program("extract", "b.manifest.yaml", "--all", "-o", "out", cwd=folder),
            "b.manifest.yaml")


@pytest.mark.parametrize("args", [
    ("render", "puzzle.yaml", "-o", ""), ("render", "puzzle.yaml", "--output="),
    ("book", "small.yaml", "-o", "b.pdf", "--web", ""),
    ("book", "small.yaml", "-o", "b.pdf", "--export="),
])
def test_an_empty_output_name_is_refused_not_taken_as_the_folder(folder: Path, args) -> None:
    refused(run_program(*args, cwd=folder), "an empty name")
    assert sorted(p.name for p in folder.iterdir()) == ["puzzle.yaml", "small.yaml"]


def test_two_names_for_one_output_share_its_lock(folder: Path) -> None:
    (folder / "link.pdf").symlink_to(folder / "book.pdf")
    with output_lock(folder / "book.pdf", "book build"):
        refused(run_program("book", "small.yaml", "-o", "link.pdf", "--draft", cwd=folder),
                "another book build is writing it")


def test_the_lock_never_takes_the_place_of_an_input(folder: Path) -> None:
    shutil.copy(folder / "small.yaml", folder / ".b.pdf.lock")
    refused(run_program("book", ".b.pdf.lock", "-o", "b.pdf", "--draft", cwd=folder),
            "lock")
    assert (folder / ".b.pdf.lock").read_text(encoding="utf-8") == SMALL
