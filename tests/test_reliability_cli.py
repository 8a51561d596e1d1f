"""Faults that once ended in a traceback, a wrong exit status or a destroyed input."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conundrum.board import Board
from conundrum.book.work import WorkFile
from conundrum.cli import INTERNAL_ERROR, main
from conundrum.errors import BoardError, ConundrumError
from conundrum.files import atomic_write_many, refuse_inputs, remove_stale_temps
from conundrum.placement import Placement
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

SPEC = ROOT / "puzzles" / "spec-example.yaml"
BOOK = "title: T\nsections: [{name: A, count: 1, difficulty: 1}]\n"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
    return code, out, err


def cli(*argv, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*CONUNDRUM, *map(str, argv)], capture_output=kwargs.pop(
        "capture_output", True), timeout=120, **kwargs)


# ---- the guard -------------------------------------------------------------------
def test_an_unexpected_exception_is_one_line_and_exit_3(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise AttributeError("'NoneType' object has no attribute 'cells'")

    monkeypatch.setattr("conundrum.cli.core.load_puzzle", broken)
    code, _, err = run(capsys, "validate", SPEC)
    assert code == INTERNAL_ERROR == 3
    assert "internal error in `conundrum validate" in err and str(SPEC) in err
    assert "AttributeError" in err and "report" in err


def test_running_out_of_memory_is_reported_as_such(capsys, monkeypatch):
    def greedy(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr("conundrum.cli.core.load_puzzle", greedy)
    code, _, err = run(capsys, "solve", SPEC)
    # not a bug: exit 2 (no output), one line saying what to do
    assert code == 2 and err.startswith("conundrum: ran out of memory") and "--jobs" in err


def test_debug_variable_shows_the_traceback(capsys, monkeypatch):
    monkeypatch.setenv("CONUNDRUM_DEBUG", "1")
    monkeypatch.setattr("conundrum.cli.core.load_puzzle", lambda *a, **k: 1 / 0)
    assert main(["validate", str(SPEC)]) == 3
    assert "Traceback" in capsys.readouterr().err


# ---- standard streams ------------------------------------------------------------
def test_output_to_a_full_device_is_exit_2_not_1():
    with open("/dev/full", "wb") as full:
        for argv in (("validate", SPEC), ("solve", SPEC), ("solve", SPEC, "--json")):
            proc = cli(*argv, stdout=full, capture_output=False, stderr=subprocess.PIPE)
            err = proc.stderr.decode()
            assert proc.returncode == 2, err
            assert err.strip() == "conundrum: cannot write the output: No space left on device"


def test_output_to_a_closed_pipe_is_exit_2():
    read, write = os.pipe()
    os.close(read)
    try:
        proc = cli("solve", SPEC, "--json", stdout=write, capture_output=False,
                   stderr=subprocess.PIPE)
    finally:
        os.close(write)
    assert proc.returncode == 2
    assert proc.stderr.decode().strip() == "conundrum: cannot write the output: the pipe was closed"


def test_check_with_stdin_closed():
    proc = subprocess.run([*CONUNDRUM, "check", str(SPEC), "-"], capture_output=True,
                          timeout=120, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2
    assert proc.stderr.decode().strip().startswith("conundrum: stdin: closed")


def test_check_with_no_stdin_in_process(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, "check", SPEC, "-")
    assert code == 2 and "stdin: closed" in err


# ---- the API -----------------------------------------------------------------------
def test_board_from_raw_tuples_and_mappings():
    board = Board([("y*b", (0, 0), "h"), {"code": "YGB", "at": [0, 1], "dir": "v"}])
    assert board.placements == [Placement("Y*B", (0, 0), "h"), Placement("YGB", (0, 1), "v")]
    for bad in (1, ("YYB", (0, 0)), {"code": "YYB"}, None):
        with pytest.raises(BoardError, match="is not a placement"):
            Board([bad])
    with pytest.raises(ConundrumError, match="direction"):
        Board([("YYB", (0, 0), "x")])


# ---- the work file -----------------------------------------------------------------
def test_work_file_of_another_layout_under_resume(capsys, tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text(BOOK)
    db = sqlite3.connect(tmp_path / "b.work.sqlite")
    db.execute("CREATE TABLE results (something TEXT)")
    db.commit()
    db.close()
    code, _, err = run(capsys, "book", spec, "-o", tmp_path / "b.pdf", "--resume")
    assert code == 2 and "not a work file of this program" in err
    assert not (tmp_path / "b.pdf").exists()


def test_a_full_disk_while_the_work_file_grows(tmp_path):
    work = WorkFile(tmp_path / "w.work.sqlite", fresh=True)
    work._db.execute("PRAGMA max_page_count = 8")  # a disk with room for 8 pages
    with pytest.raises(ConundrumError, match="cannot store a made puzzle.*--resume"):
        for i in range(1000):
            work.store(f"task{i}", "x" * 4000, None)
    work.close()


# ---- outputs that would destroy inputs ----------------------------------------------
def test_render_onto_its_own_input(capsys, tmp_path):
    puzzle = tmp_path / "in.pdf"
    puzzle.write_bytes(SPEC.read_bytes())
    (tmp_path / "link.pdf").symlink_to(puzzle)
    for out in (puzzle, tmp_path / "link.pdf", tmp_path / "." / "in.pdf"):
        code, _, err = run(capsys, "render", puzzle, "-o", out)
        assert code == 2 and "would replace the puzzle" in err
    assert puzzle.read_bytes() == SPEC.read_bytes()


def test_render_png_key_onto_its_input(capsys, tmp_path):
    puzzle = tmp_path / "s-answers.png"
    puzzle.write_bytes(SPEC.read_bytes())
    code, _, err = run(capsys, "render", puzzle, "-o", tmp_path / "s.png", "--answers")
    assert code == 2 and "would replace the puzzle" in err
    assert puzzle.read_bytes() == SPEC.read_bytes()
    assert not (tmp_path / "s.png").exists()


@pytest.mark.parametrize("argv, fragment", [
    (["vol.manifest.yaml", "-o", "vol.pdf"], "the manifest would replace the spec"),
    (["vol.manifest.yaml", "-o", "b.pdf", "--catalogue", "b.work.sqlite"],
     "the catalogue would replace the work file"),
    (["vol.manifest.yaml", "-o", "b.pdf", "--catalogue", "vol.manifest.yaml"],
     "the catalogue would replace the spec"),
    (["vol.manifest.yaml", "-o", "b.pdf", "--catalogue", "b.pdf"],
     "the catalogue would replace the book"),
    (["vol.manifest.yaml", "-o", "b.pdf", "--catalogue", "b.manifest.yaml"],
     "the catalogue would replace the manifest"),
])
def test_book_outputs_onto_inputs(capsys, tmp_path, monkeypatch, argv, fragment):
    monkeypatch.chdir(tmp_path)
    Path("vol.manifest.yaml").write_text(BOOK)
    code, _, err = run(capsys, "book", *argv)
    assert code == 2 and fragment in err
    assert Path("vol.manifest.yaml").read_text() == BOOK
    assert sorted(os.listdir()) == ["vol.manifest.yaml"]


def test_book_output_onto_a_hand_made_puzzle(capsys, tmp_path):
    (tmp_path / "p.manifest.yaml").write_bytes(SPEC.read_bytes())
    spec = tmp_path / "s.yaml"
    spec.write_text("title: T\nsections: [{name: A, count: 1, puzzles: [p.manifest.yaml]}]\n")
    code, _, err = run(capsys, "book", spec, "-o", tmp_path / "p.pdf")
    assert code == 2 and "the manifest would replace the puzzle file" in err


def test_refuse_inputs_lets_distinct_paths_through(tmp_path):
    refuse_inputs([("book", tmp_path / "a.pdf"), ("manifest", tmp_path / "a.manifest.yaml")],
                  [("spec", tmp_path / "a.yaml"), ("spec again", tmp_path / "a.yaml")])


# ---- publishing --------------------------------------------------------------------
def test_killed_between_the_renames_leaves_no_stale_manifest(tmp_path, monkeypatch):
    pdf, manifest = tmp_path / "b.pdf", tmp_path / "b.manifest.yaml"
    atomic_write_many([(pdf, b"old pdf"), (manifest, "old manifest")])
    real_replace = os.replace
    calls = []

    def dies_after_first(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise KeyboardInterrupt  # the process stops between the two renames
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", dies_after_first)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_many([(pdf, b"new pdf"), (manifest, "new manifest")])
    assert pdf.read_bytes() == b"new pdf"
    assert not manifest.exists()  # unfinished: never the old manifest beside the new PDF
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.setattr(os, "replace", real_replace)
    atomic_write_many([(pdf, b"new pdf"), (manifest, "new manifest")])
    assert manifest.read_text() == "new manifest"


def test_temporary_files_of_dead_writers_are_removed(tmp_path):
    target = tmp_path / "book.pdf"
    dead = tmp_path / ".book.pdf.999999999.x1y2.tmp"  # beyond pid_max: no such process
    legacy = tmp_path / ".book.pdf.k3j4h5g6.tmp"  # the older naming, without a process id
    mine = tmp_path / f".book.pdf.{os.getpid()}.abcd.tmp"  # a writer that still runs
    other = tmp_path / ".other.pdf.1.abcd.tmp"
    for p in (dead, legacy, mine, other):
        p.write_bytes(b"partial")
    assert sorted(remove_stale_temps(target)) == sorted([dead, legacy])
    assert mine.exists() and other.exists()
    dead.write_bytes(b"partial")
    atomic_write_many([(target, b"pdf")])
    assert not dead.exists() and target.read_bytes() == b"pdf"
