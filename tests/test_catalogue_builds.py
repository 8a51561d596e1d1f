"""Many builds at once against one catalogue (SQLite file and real PostgreSQL database):
no puzzle in two volumes, kill -9 and resume, a stress run, and a locked catalogue at the
end of a build.

Builds run in forked processes calling the CLI's main function: separate processes with
their own catalogue connections, like separate `conundrum book` commands, without paying
the program's start-up (imports, bound tables) once per build on the test machine's two
cores. The books are small and cheap to draw (difficulty 1, five tiles, no answers).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from conundrum.board import Board
from conundrum.book import catalogue as catalogue_module
from conundrum.book.canonical import puzzle_key
from conundrum.book.catalogue import CatalogueError
from conundrum.book.catalogues import open_catalogue
from conundrum.book.make_book import BookOptions, make_book
from conundrum.book.plan import LAG
from conundrum.book.seeds import book_id, slot_seed
from conundrum.book.spec import load_spec
from conundrum.cli import main
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from renderers.book.layout import render_book

pytestmark = pytest.mark.slow  # builds books or drives the browser

FORK = multiprocessing.get_context("fork")
SEED = 5


def spec_text(title: str, count: int, seed: int = SEED) -> str:
    return (f"title: {title}\nseed: {seed}\nanswers: none\nper_page: 6\n"
            f"sections: [{{name: A, count: {count}, difficulty: 1, tiles: 5}}]\n")


def write_spec(folder: Path, name: str, count: int, seed: int = SEED) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(spec_text(name, count, seed), encoding="utf-8")
    return path


def _child(argv: list[str], err: str) -> None:
    with open(err, "w", encoding="utf-8") as stream:
        os.dup2(stream.fileno(), 2)
        sys.stderr = stream
        code = main(argv)
        stream.flush()
    os._exit(code)  # leave the test process's exit handlers alone


def start_build(spec: Path, catalogue: str, *extra: str) -> multiprocessing.process.BaseProcess:
    out = spec.with_suffix(".pdf")
    argv = ["book", str(spec), "-o", str(out), "--catalogue", catalogue, *extra]
    proc = FORK.Process(target=_child, args=(argv, str(spec.with_suffix(".err"))))
    proc.start()
    return proc


def finish(procs: list, timeout: float = 240) -> list[int]:
    for p in procs:
        p.join(timeout)
    return [p.exitcode for p in procs]


def stderr_of(spec: Path) -> str:
    return spec.with_suffix(".err").read_text("utf-8")


def manifest_keys(spec: Path) -> list[str]:
    doc = yaml.safe_load(spec.with_name(f"{spec.stem}.manifest.yaml").read_text("utf-8"))
    return [puzzle_key(Puzzle(Board(Placement.make(p["code"], p["at"], p["dir"])
                                    for p in e["board"]),
                              [Given(g["code"], g["positions"]) for g in e["given"]]))
            for e in doc["puzzles"]]


def manifest_requests(spec: Path) -> list[dict]:
    doc = yaml.safe_load(spec.with_name(f"{spec.stem}.manifest.yaml").read_text("utf-8"))
    return [e["generate"] for e in doc["puzzles"]]


def manifest_seeds(spec: Path) -> list[int]:
    doc = yaml.safe_load(spec.with_name(f"{spec.stem}.manifest.yaml").read_text("utf-8"))
    return [e["seed"] for e in doc["puzzles"]]


def check_books_against_catalogue(specs: list[Path], catalogue: str, count: int) -> None:
    """No puzzle in two books; each book complete; the catalogue holds exactly each
    manifest's puzzles as that book's, and no claims are left."""
    keys = {spec: manifest_keys(spec) for spec in specs}
    every = [k for ks in keys.values() for k in ks]
    assert all(len(ks) == count for ks in keys.values())
    assert len(set(every)) == len(every), "a puzzle appears in two volumes"
    with open_catalogue(catalogue) as cat:
        rows = [item["puzzle"] for item in cat.dump() if "puzzle" in item]
        for spec in specs:
            book = book_id(load_spec(spec))
            assert cat.keys_of(book) == set(keys[spec])
            numbered = sorted((r["number"], r["key"]) for r in rows if r["book"] == book)
            assert [key for _n, key in numbered] == keys[spec], "numbers as printed"
        assert len(cat) == len(every) and cat.count("claimed") == 0
        assert not any(b.unfinished for b in cat.books())


@pytest.fixture(scope="module", autouse=True)
def warm(tmp_path_factory) -> None:
    """One small build in this process first: the forked builds inherit what it loaded."""
    tmp = tmp_path_factory.mktemp("warm")
    assert main(["book", str(write_spec(tmp, "Warm", 1)), "-o", str(tmp / "w.pdf"),
                 "--catalogue", str(tmp / "w.sqlite")]) == 0


def test_four_builds_at_once_print_no_puzzle_twice(tmp_path, location) -> None:
    count = 10
    specs = [write_spec(tmp_path, f"Volume {n}", count) for n in range(1, 5)]
    codes = finish([start_build(spec, location) for spec in specs])
    assert codes == [0, 0, 0, 0], [stderr_of(s) for s in specs]
    check_books_against_catalogue(specs, location, count)
    # the same seed everywhere: a try asking what another book's try asked went to one
    # book, the others moved on. A slot's first try is planned from the book's own puzzles
    # LAG slots back (plan.py), so the first LAG slots' first tries ask the same in every
    # book; later ones may ask for other tiles than another book's with the same seed
    first_tries = {slot_seed(SEED, 0, slot, 0) for slot in range(LAG)}
    used = [seed for spec in specs for seed in manifest_seeds(spec)]
    assert sum(seed in first_tries for seed in used) <= LAG < count < len(used)
    asked = [json.dumps(request, sort_keys=True) for spec in specs
             for request in manifest_requests(spec)]
    assert len(set(asked)) == len(asked), "one try's puzzle in two books"
    # finished, a book's puzzles are its own: rebuilt now, it is the same bytes
    again = tmp_path / "again"
    again.mkdir()
    assert main(["book", str(specs[0]), "-o", str(again / "v1.pdf"), "--catalogue",
                 location]) == 0
    assert (again / "v1.pdf").read_bytes() == specs[0].with_suffix(".pdf").read_bytes()


def test_kill_9_then_another_build_then_resume(tmp_path, location) -> None:
    count = 12
    first, second = write_spec(tmp_path, "First", count), write_spec(tmp_path, "Second", count)
    first_id = book_id(load_spec(first))
    proc = start_build(first, location)
    held: frozenset[str] = frozenset()
    deadline = time.monotonic() + 120
    with open_catalogue(location) as cat:
        while len(held) < 4 and proc.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
            held = cat.keys_of(first_id, "claimed")
    os.kill(proc.pid, signal.SIGKILL)
    proc.join()
    assert proc.exitcode == -signal.SIGKILL and len(held) >= 4
    assert not first.with_suffix(".pdf").exists()
    assert first.with_name("First.work.sqlite").exists()

    assert finish([start_build(second, location)]) == [0], stderr_of(second)
    assert held.isdisjoint(manifest_keys(second)), "the stopped build's claims were respected"
    assert finish([start_build(first, location, "--resume")]) == [0], stderr_of(first)
    assert held <= set(manifest_keys(first)), "resume took its claims back"
    check_books_against_catalogue([first, second], location, count)
    assert not first.with_name("First.work.sqlite").exists()


def test_stress_eight_builds_of_fifty(tmp_path) -> None:
    location = str(tmp_path / "cat.sqlite")
    count = 50
    # different seeds: the contention here is on the database, not on the puzzles
    specs = [write_spec(tmp_path, f"Stress {n}", count, seed=100 + n) for n in range(8)]
    codes = finish([start_build(spec, location) for spec in specs], timeout=600)
    assert codes == [0] * 8, [stderr_of(s) for s in specs]
    check_books_against_catalogue(specs, location, count)
    db = sqlite3.connect(location)
    assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert db.execute("SELECT COUNT(*) FROM puzzles WHERE status = 'published'").fetchone() == \
        (8 * count,)
    assert db.execute("SELECT SUM(puzzles) FROM books").fetchone() == (8 * count,)


# ---- the end of a build: a book exists only if it is recorded ----------------------------
LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


def locking_renderer(catalogue: Path, hold: float, lockers: list):
    """The real renderer, after which another process takes the catalogue's write lock."""

    def render(content, warn) -> bytes:
        pdf = render_book(content, warn)
        proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(catalogue), str(hold)],
                                stdout=subprocess.PIPE, text=True)
        lockers.append(proc)
        assert proc.stdout is not None and proc.stdout.readline() == "locked\n"
        return pdf

    return render


def test_a_locked_catalogue_at_the_end_writes_no_book_and_resume_finishes(
        tmp_path, monkeypatch) -> None:
    spec = load_spec(write_spec(tmp_path, "Locked", 4))
    out, cat = tmp_path / "locked.pdf", tmp_path / "cat.sqlite"
    monkeypatch.setattr(catalogue_module, "BUSY_TIMEOUT", 0.2)
    lockers: list[subprocess.Popen] = []
    try:
        with pytest.raises(CatalogueError) as caught:
            make_book(spec, BookOptions(output=out, catalogue=cat),
                      locking_renderer(cat, 60, lockers), lambda m: None)
    finally:
        for proc in lockers:
            proc.kill()
            proc.wait()
    message = str(caught.value)
    assert "cannot record the book: the catalogue is locked by another process" in message
    assert f"{out} was not written" in message and "--resume" in message
    assert "\n" not in message
    assert not out.exists() and not out.with_name("locked.manifest.yaml").exists()
    with open_catalogue(cat) as c:
        assert len(c) == 0 and c.count("claimed") == 4, "its puzzles stay claimed for it"
    result = make_book(spec, BookOptions(output=out, catalogue=cat, resume=True), render_book,
                       lambda m: None)
    assert out.exists() and result.recorded == 4
    with open_catalogue(cat) as c:
        assert len(c) == 4 and c.count("claimed") == 0


def test_a_briefly_locked_catalogue_is_waited_for(tmp_path) -> None:
    spec = load_spec(write_spec(tmp_path, "Waits", 2))
    out, cat = tmp_path / "waits.pdf", tmp_path / "cat.sqlite"
    lockers: list[subprocess.Popen] = []
    result = make_book(spec, BookOptions(output=out, catalogue=cat),
                       locking_renderer(cat, 1.0, lockers), lambda m: None)
    for proc in lockers:
        proc.wait()
    assert out.exists() and result.recorded == 2


def test_a_build_killed_between_writing_and_recording_is_finished_by_resume(
        tmp_path, monkeypatch) -> None:
    """The book is written, then recorded (make_book.py): killed between the two, its PDF
    and manifest are there, the catalogue does not list it but holds its puzzles claimed,
    and its work file is kept, so --resume records the same book."""
    spec = load_spec(write_spec(tmp_path, "Between", 3))
    out, cat = tmp_path / "between.pdf", tmp_path / "cat.sqlite"
    options = BookOptions(output=out, catalogue=cat)

    def killed(*args, **kwargs):
        raise SystemExit(137)  # what the process sees of a kill: nothing after this runs

    monkeypatch.setattr(catalogue_module.Catalogue, "record", killed)
    for cls in catalogue_module.Catalogue.__subclasses__():
        monkeypatch.setattr(cls, "record", killed)
    with pytest.raises(SystemExit):
        make_book(spec, options, render_book, lambda m: None)
    written = out.read_bytes()
    manifest = out.with_name("between.manifest.yaml").read_bytes()
    assert out.with_name("between.work.sqlite").exists(), "kept for --resume"
    with open_catalogue(cat) as c:
        assert len(c) == 0 and c.count("claimed") == 3, "its puzzles stay claimed for it"
    monkeypatch.undo()
    result = make_book(spec, replace(options, resume=True), render_book, lambda m: None)
    assert result.recorded == 3 and out.read_bytes() == written
    assert out.with_name("between.manifest.yaml").read_bytes() == manifest
    assert not out.with_name("between.work.sqlite").exists()
    with open_catalogue(cat) as c:
        assert len(c) == 3 and c.count("claimed") == 0
