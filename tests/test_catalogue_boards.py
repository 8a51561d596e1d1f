"""A board is printed once: a later volume (the catalogue) or another slot of the book
prints no board again with other given tiles, and a book rebuilt keeps its own boards."""

from __future__ import annotations

from pathlib import Path

import yaml

from conundrum.board import Board
from conundrum.book.canonical import board_form, board_key, canonical_form, key_of
from conundrum.book.catalogue import Entry
from conundrum.book.catalogues import open_catalogue
from conundrum.book.make_puzzles import make_puzzles
from conundrum.book.spec import parse_spec
from conundrum.book.work import WorkFile
from conundrum.cli import main
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle

# two volumes of this spec with one seed: without the board check the second printed 3 of
# the first's 40 boards again, with other given tiles
SPEC = """title: {title}
seed: 1
sections:
  - {{name: Easy, count: 20, difficulty: 2}}
  - {{name: Hard, count: 20, difficulty: 4}}
"""
BOOK_A, BOOK_B = "a" * 32, "b" * 32


def boards(manifest: Path) -> list[str]:
    """The forms of a manifest's boards (up to rotation and reflection)."""
    doc = yaml.safe_load(manifest.read_text("utf-8"))
    return [board_form(Placement.make(t["code"], t["at"], t["dir"]) for t in entry["board"])
            for entry in doc["puzzles"]]


def test_a_forms_board_key_leaves_its_tiles_and_kind_out() -> None:
    board = [Placement("B*Y", (0, 0), "h"), Placement("YYY", (1, -1), "h")]
    forms = [canonical_form(Puzzle(Board(board), [Given(code)], kind=kind))
             for code, kind in (("RGB", "count"), ("GGG", "count"), ("RGB", "all"))]
    assert len({key_of(f) for f in forms}) == 3  # three puzzles
    assert len({board_key(f) for f in forms}) == 1  # one board
    assert board_key(forms[0]) not in {key_of(f) for f in forms}


def test_a_book_prints_no_board_it_is_told_is_taken(tmp_path) -> None:
    spec = parse_spec(SPEC.format(title="T"), "t.yaml")
    first = make_puzzles(spec, WorkFile(tmp_path / "a.sqlite", fresh=True), frozenset())
    taken = frozenset(board_key(m.form) for m in first)
    again = make_puzzles(spec, WorkFile(tmp_path / "b.sqlite", fresh=True), taken)
    assert not {board_key(m.form) for m in again} & taken
    assert len({board_key(m.form) for m in again}) == len(again)


def test_the_catalogue_tells_other_books_boards_not_a_books_own(location) -> None:
    shared = "standard|default|RGB@0,0h;YYY@1,1h"
    mine, theirs = f"{shared}|GGG", f"{shared}|RGB"
    other = "standard|default|RRR@0,0h|GGG"
    with open_catalogue(location) as cat:
        cat.record(BOOK_A, "Volume 1", [Entry(key_of(mine), mine, 1)])
        cat.record(BOOK_B, "Volume 2", [Entry(key_of(theirs), theirs, 1)])
        cat.claim(BOOK_B, "Volume 2", key_of(other), other)
        # the board both printed is each one's own (made at the same time, say)
        assert cat.boards_except(BOOK_A) == {board_key(other)}
        assert cat.boards_except(BOOK_B) == frozenset()
        assert cat.boards_except("c" * 32) == {board_key(mine), board_key(other)}


def test_a_second_volume_prints_none_of_the_firsts_boards(tmp_path) -> None:
    catalogue = str(tmp_path / "cat.sqlite")
    books = {}
    for title in ("Volume One", "Volume Two"):
        spec = tmp_path / f"{title}.yaml"
        spec.write_text(SPEC.format(title=title), "utf-8")
        assert main(["book", str(spec), "-o", str(spec.with_suffix(".pdf")),
                     "--catalogue", catalogue]) == 0
        books[title] = boards(spec.with_suffix(".manifest.yaml"))
    assert not set(books["Volume One"]) & set(books["Volume Two"])
    # the first rebuilt now keeps its boards (none of them is the second's)
    again = tmp_path / "again"
    again.mkdir()
    assert main(["book", str(tmp_path / "Volume One.yaml"), "-o", str(again / "v1.pdf"),
                 "--catalogue", catalogue]) == 0
    assert (again / "v1.pdf").read_bytes() == (tmp_path / "Volume One.pdf").read_bytes()
