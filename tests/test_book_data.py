"""The book's data side: spec, slot seeds, canonical form, catalogue, work file."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given, settings

from conundrum.board import Board
from conundrum.book.canonical import (
    TRANSFORMS,
    _normalised,
    board_form,
    canonical_form,
    key_of,
    puzzle_key,
    transform_board,
)
from conundrum.book.catalogue import CatalogueError, Entry, default_path
from conundrum.book.catalogues import open_catalogue
from conundrum.book.record import read_record, to_record
from conundrum.book.seeds import book_id, slot_seed
from conundrum.book.spec import (
    LANGUAGES,
    MAX_COUNT,
    PAGES,
    PALETTE_ALIASES,
    PALETTES,
    Section,
    SpecError,
    parse_spec,
)
from conundrum.book.variety import aspect_class
from conundrum.book.work import WorkFile, work_path
from conundrum.errors import ConundrumError
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from renderers.page import i18n, layout, palettes
from tests.support.strategies import boards

MINIMAL = "title: T\nsections:\n  - {name: A, count: 3}\n"


# ---- spec ---------------------------------------------------------------------
def test_minimal_spec_takes_the_documented_defaults() -> None:
    spec = parse_spec(MINIMAL)
    assert (spec.title, spec.subtitle, spec.language, spec.page, spec.bleed, spec.palette,
            spec.per_page, spec.seed, spec.answers) == \
        ("T", None, "en", "a4", False, "classic", 2, 1, "end")
    assert spec.sections == (Section("A", 3, 3, None, None, None),)


def test_full_spec_reads_every_key() -> None:
    spec = parse_spec("""
title: Chromino Conundrums
subtitle: Volume 1
language: cs
page: 6x9
bleed: true
palette: mono
per_page: 4
seed: 42
answers: none
sections:
  - {name: Warm-up, count: 20, difficulty: 1}
  - {name: Tricky, count: 20, difficulty: 3, tiles: 30, given: 2, positions: [3, 5]}
  - {name: Hard, count: 1, positions: "4"}
""")
    assert (spec.subtitle, spec.language, spec.page, spec.bleed, spec.palette, spec.per_page,
            spec.seed, spec.answers) == ("Volume 1", "cs", "6x9", True, "mono", 4, 42, "none")
    assert spec.sections[1] == Section("Tricky", 20, 3, 30, 2, (3, 5))
    assert spec.sections[2].positions == (4,)
    assert spec.total == 41


def _spec_with(key: str, value: str):
    return parse_spec(f"title: T\n{key}: {value}\nsections: [{{name: A, count: 1}}]")


def test_spec_accepts_the_same_names_as_the_renderers() -> None:
    """The spec's own lists (conundrum never imports the renderers) stay in step with them."""
    rendered = {
        "language": (set(i18n.LANGUAGES), i18n.check_language),
        "page": (set(layout.PAGE_SIZES), layout.page_size),
        "palette": (set(palettes.PALETTES) | set(palettes.ALIASES), palettes.get_palette),
    }
    spec_names = {"language": set(LANGUAGES), "page": set(PAGES),
                  "palette": set(PALETTES) | set(PALETTE_ALIASES)}
    for key, (names, check) in rendered.items():
        assert spec_names[key] == names, key
        for name in sorted(names):
            for spelling in (name, name.upper(), f" {name} "):
                value = getattr(_spec_with(key, f"'{spelling}'"), key)
                check(value)  # the renderer takes what the spec keeps
        with pytest.raises(SpecError):
            _spec_with(key, "nonesuch")
        with pytest.raises(ConundrumError):
            check("nonesuch")
    # an alias is kept as the palette's own name, as the renderer reads it
    for alias in sorted(palettes.ALIASES):
        assert _spec_with("palette", alias).palette == palettes.get_palette(alias).name


@pytest.mark.parametrize("text, words", [
    ("sections: [{name: A, count: 1}]", "no `title:`"),
    ("title: T\npage: a3\nsections: [{name: A, count: 1}]", "unknown page 'a3'"),
    ("title: T\nlanguage: de\nsections: [{name: A, count: 1}]", "unknown language 'de'"),
    ("title: T\nsections: [{name: A, count: -3}]", "section 1: `count` is -3"),
    ("title: T\nsections: [{name: A, count: 0}]", "`count` is 0"),
    ("title: T\ncolur: red\nsections: [{name: A, count: 1}]", "unknown key `colur`"),
    ("title: T\nsections: [{name: A, count: 1, size: 3}]", "section 1: unknown key `size`"),
    ("title: T\nsections: [{count: 1}]", "section 1: no `name:`"),
    ("title: T\nsections: []", "non-empty list"),
    ("title: T", "no `sections:`"),
    ("title: T\nper_page: 3\nsections: [{name: A, count: 1}]", "per_page 3"),
    ("title: T\nanswers: after\nsections: [{name: A, count: 1}]", "unknown answers"),
    ("title: T\nbleed: maybe\nsections: [{name: A, count: 1}]", "`bleed` must be true"),
    ("title: T\nseed: -1\nsections: [{name: A, count: 1}]", "`seed` is -1"),
    ("title: T\nsections: [{name: A, count: 1, difficulty: 6}]", "`difficulty` is 6"),
    ("title: T\nsections: [{name: A, count: 1, given: 2, positions: [1, 2, 3]}]",
     "3 position targets for 2 given tiles"),
    (f"title: T\nsections: [{{name: A, count: {MAX_COUNT + 1}}}]", "`count` is 10001"),
    ("title: [T\n", "not valid YAML"),
    ("- a list\n", "expected a mapping"),
    ("", "the spec is empty"),
])
def test_bad_specs_name_the_file_and_the_fault(text: str, words: str) -> None:
    with pytest.raises(SpecError) as err:
        parse_spec(text, "book.yaml")
    message = str(err.value)
    assert message.startswith("book.yaml: ")
    assert words in message
    assert "\n" not in message


# ---- seeds --------------------------------------------------------------------
def test_slot_seeds_are_stable_and_distinct() -> None:
    # A fixed value: a change here would silently change every published book.
    assert (slot_seed(1, 0, 0), slot_seed(1, 2, 7, 1)) == (827107906, 221125035)
    seeds = {slot_seed(1, s, k, a) for s in range(3) for k in range(50) for a in range(3)}
    assert len(seeds) == 450
    assert slot_seed(1, 0, 0) != slot_seed(2, 0, 0)
    assert all(0 <= s < 1_000_000_000 for s in seeds)


def test_slot_seed_does_not_depend_on_the_process() -> None:
    # sha256, not hash(): the value is the same in any interpreter.
    import subprocess
    import sys
    code = "from conundrum.book.seeds import slot_seed; print(slot_seed(7, 1, 2, 3))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "123"})
    assert int(out.stdout) == slot_seed(7, 1, 2, 3)


def test_book_id_ignores_layout_but_not_title_or_puzzles() -> None:
    base = parse_spec(MINIMAL)
    assert book_id(base) == book_id(parse_spec(MINIMAL + "page: letter\nper_page: 6\n"))
    assert book_id(base) != book_id(parse_spec(MINIMAL + "subtitle: Volume 2\n"))
    assert book_id(base) != book_id(parse_spec(MINIMAL + "seed: 2\n"))
    assert book_id(base) != book_id(parse_spec(MINIMAL.replace("count: 3", "count: 4")))


# ---- canonical form -------------------------------------------------------------
BOARD = [Placement("Y*B", (0, 0), "h"), Placement("YGB", (0, 1), "h"),
         Placement("BRP", (3, -1), "v"), Placement("GGR", (1, 2), "h")]


def _puzzle(placements: list[Placement], given: tuple[str, ...] = ("YYB",)) -> Puzzle:
    return Puzzle(Board(placements), [Given(code) for code in given])


def test_transforms_are_the_eight_symmetries() -> None:
    images = {tuple(t(c) for c in [(1, 2), (3, 0)]) for t in TRANSFORMS}
    assert len(images) == 8


def test_canonical_form_is_equal_for_all_eight_transforms_and_shifts() -> None:
    form = canonical_form(_puzzle(BOARD))
    for t in TRANSFORMS:
        moved = transform_board(BOARD, t)
        shifted = [Placement(p.code, (p.at[0] + 17, p.at[1] - 5), p.dir) for p in moved]
        assert canonical_form(_puzzle(moved)) == form
        assert canonical_form(_puzzle(shifted)) == form
        # a transformed board is the same board, cell for cell, up to the transform
        cells = {c: col for p in moved for c, col in p.squares}
        assert cells == {t(c): col for p in BOARD for c, col in p.squares}


@settings(max_examples=60, deadline=None)
@given(boards(24))
def test_the_board_form_is_its_definition(board) -> None:
    """board_form works on plain numbers; its text is the definition's: the smallest
    normalised serialisation over the eight transformed boards (also shifted)."""
    tiles = board.placements
    definition = min(_normalised(transform_board(tiles, t)) for t in TRANSFORMS)
    assert board_form(tiles) == definition
    shifted = [Placement(p.code, (p.at[0] - 31, p.at[1] + 9), p.dir) for p in tiles]
    assert board_form(shifted) == definition


@pytest.mark.parametrize("tiles", [
    [Placement("RRR", (0, 0), "h")],  # every transform ties on every tile
    [Placement("RYR", (0, 0), "h"), Placement("RYR", (1, -1), "v")],  # a cross: four tie
    [Placement("RGB", (0, 0), "h"), Placement("BGR", (0, 1), "h")],  # turned half: the same
    [Placement("GGG", (0, 0), "h"), Placement("GGG", (3, 0), "h"), Placement("YYY", (1, 1), "h")],
])
def test_the_board_form_of_a_symmetric_board_is_its_definition(tiles) -> None:
    """Transforms that give the same first tiles (a symmetric board: all the way through)
    are compared on to the end, as the definition's joined texts are."""
    definition = min(_normalised(transform_board(tiles, t)) for t in TRANSFORMS)
    assert board_form(tiles) == definition


@settings(max_examples=40, deadline=None)
@given(boards(24))
def test_a_workers_board_form_is_the_parents(board) -> None:
    """A worker hands back the form of the board it made (worker.py, `timed_task`): the
    board its record reads back has that form, and the canonical form the parent makes
    with it is the one it would make itself; and the board's aspect class, read from its
    kept bounding box, is its cells' (variety.py)."""
    puzzle = _puzzle(board.placements)
    form = board_form(board.placements)
    assert board_form(read_record(to_record(puzzle))[0].board) == form
    assert canonical_form(read_record(to_record(puzzle))[0], form) == canonical_form(puzzle)
    cells = [c for p in board.placements for c in p.cells]
    wide = (max(x for x, _ in cells) - min(x for x, _ in cells) + 1) / \
        (max(y for _, y in cells) - min(y for _, y in cells) + 1)
    assert aspect_class(Board(board.placements)) == \
        ("wide" if wide > 1.25 else "tall" if wide < 0.8 else "square")


def test_given_tiles_are_compared_as_tiles() -> None:
    assert canonical_form(_puzzle(BOARD, ("YYB", "GRB"))) == \
        canonical_form(_puzzle(BOARD, ("BRG", "byy".upper())))


def test_key_of_is_the_puzzle_key_of_its_form() -> None:
    puzzle = _puzzle(BOARD)
    key = key_of(canonical_form(puzzle))
    assert key == puzzle_key(puzzle)
    assert len(key) == 64 and int(key, 16) >= 0
    assert key_of("") != key


def test_canonical_form_differs_for_different_puzzles() -> None:
    base = puzzle_key(_puzzle(BOARD))
    other_colour = BOARD[:3] + [Placement("GGP", (1, 2), "h")]
    other_place = BOARD[:3] + [Placement("GGR", (0, 2), "h")]
    turned_tile = BOARD[:3] + [Placement("RGG", (1, 2), "h")]
    assert puzzle_key(_puzzle(other_colour)) != base
    assert puzzle_key(_puzzle(other_place)) != base
    assert puzzle_key(_puzzle(turned_tile)) != base
    assert puzzle_key(_puzzle(BOARD, ("YYG",))) != base
    assert puzzle_key(_puzzle(BOARD, ("YYB", "RRR"))) != base
    junior = _puzzle(BOARD)
    junior.rules = "junior"
    assert puzzle_key(junior) != base


def test_a_mirror_image_that_is_no_rotation_is_still_the_same_puzzle() -> None:
    # An L of tiles: its mirror image cannot be rotated back onto it.
    board = [Placement("Y*B", (0, 0), "h"), Placement("BBG", (2, 1), "v")]
    mirror = transform_board(board, TRANSFORMS[4])
    rotations = {_normalised(transform_board(board, t)) for t in TRANSFORMS[:4]}
    assert _normalised(mirror) not in rotations
    assert board_form(mirror) == board_form(board)


# ---- catalogue ----------------------------------------------------------------
def test_catalogue_records_in_one_transaction_and_excludes_its_own_book(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    with open_catalogue(path) as cat:
        assert cat.keys_except("book1") == frozenset()
        assert cat.record("book1", "Vol 1", [Entry("k1", "f1", 1), Entry("k2", "f2", 2)]) == 2
        assert cat.record("book1", "Vol 1", [Entry("k1", "f1", 1)]) == 0  # idempotent
    with open_catalogue(path) as cat:
        assert cat.keys_except("book2") == {"k1", "k2"}
        assert cat.keys_except("book1") == frozenset()
        assert len(cat) == 2


def test_a_failed_record_leaves_the_catalogue_unchanged(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    with open_catalogue(path) as cat:
        cat.record("b", "t", [Entry("k1", "f", 1)])

        def entries():
            yield Entry("k2", "f", 2)
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            cat.record("b", "t", entries())
        assert len(cat) == 1


def test_a_file_that_is_no_catalogue_is_refused(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    path.write_text("not a database, just text " * 100)
    with pytest.raises(CatalogueError, match="not a catalogue"):
        open_catalogue(path).keys_except("b")


def test_default_catalogue_is_shared_by_books_in_one_folder(tmp_path) -> None:
    assert default_path(tmp_path / "a.pdf") == default_path(tmp_path / "b.pdf")


# ---- work file ----------------------------------------------------------------
def test_work_file_keeps_results_and_fresh_discards_them(tmp_path) -> None:
    path = work_path(tmp_path / "book.pdf")
    assert path.name == "book.work.sqlite"
    work = WorkFile(path, fresh=True)
    work.store("t1", "board: []", None)
    work.store("t2", None, "gave up")
    work.close()
    kept = WorkFile(path, fresh=False)
    assert kept.load() == {"t1": ("board: []", None), "t2": (None, "gave up")}
    kept.close()
    again = WorkFile(path, fresh=True)
    assert again.load() == {}
    again.discard()
    assert not path.exists()


def test_each_stored_result_is_committed_at_once(tmp_path) -> None:
    path = tmp_path / "w.sqlite"
    work = WorkFile(path, fresh=True)
    work.store("t1", "x", None)
    # another connection (as after a kill) sees it without any close or commit
    rows = sqlite3.connect(path).execute("SELECT task FROM results").fetchall()
    assert rows == [("t1",)]
    work.close()


def test_a_tasks_request_is_made_once_and_handed_out_as_a_copy() -> None:
    """Task.request is asked several times a try (planning, its key, submitting): its
    tiles' masks are made once, and a caller changing what it got changes no later ask."""
    from conundrum.book.tasks import Task

    task = Task(0, 0, 0, 5, 3, None, None, None, avoid=("RYG",), later=("BBB",))
    first = task.request()
    asked = dict(first)
    first["seed"] = 6
    first |= {"alternate": 1}
    assert task.request() == asked and asked["seed"] == 5 and "alternate" not in asked
    assert task.request() is not task.request()


def test_a_worker_hands_back_its_results_board_form() -> None:
    """A try run by a worker comes back with its board's form (the parent deciding the
    slot forms none) and not its puzzle (the record is the puzzle between processes); run
    inline (--jobs 1), with no form (the parent forms those it takes) but the puzzle itself,
    which is what its record reads back, its board holding no contact tables."""
    from conundrum.book.record import read_record, read_sizes
    from conundrum.book.tasks import Task
    from conundrum.book.worker import timed_task

    request = Task(0, 0, 0, 3, 1, None, None, None).request()
    (text, error), seconds, form, made = timed_task(request)
    assert error is None and text is not None and seconds >= 0 and made is None
    assert form == board_form(read_record(text)[0].board.placements)
    (again, _), _, form, made = timed_task(request, False)
    assert form is None and again == text and made is not None
    puzzle, solutions, sizes = made
    back, back_solutions = read_record(text)
    assert to_record(puzzle, solutions, sizes) == text
    assert (puzzle.board.placements, puzzle.extra, solutions, sizes) == \
        (back.board.placements, back.extra, back_solutions, read_sizes(text))
    assert puzzle.board._stale  # kept as light as a board read back


@pytest.mark.parametrize("kind", ["count", "all"])
def test_a_puzzle_made_inline_is_its_record_read_back_to_the_byte(kind) -> None:
    """Everything of the puzzle a try made inline is what its record reads back, down to
    the order of its extra's keys and their plain types (the generator sets them in its
    own order, a spec's difficulty an int subclass): a puzzle file or record written from
    either is the same bytes (json.dumps without sort_keys, and dump_puzzle)."""
    import json

    from conundrum.book.record import read_record
    from conundrum.book.tasks import Task
    from conundrum.book.worker import timed_task
    from conundrum.puzzle import dump_puzzle

    task = Task(0, 0, 0, 5, 2, None, None, None, kind=kind)
    (text, error), _, _, made = timed_task(task.request(), False)
    assert error is None and text is not None and made is not None
    back = read_record(text)[0]
    for mine, theirs in ((made[0].extra, back.extra), (made[0].solutions, back.solutions)):
        assert json.dumps(mine) == json.dumps(theirs)
    assert dump_puzzle(made[0]) == dump_puzzle(back)


def test_a_book_made_inline_reads_back_no_record_of_its_own(tmp_path, monkeypatch) -> None:
    """--jobs 1 decides each try on the puzzle it made (reading its record back cost the
    parent 0.25 ms a grade-5 puzzle); resumed, on the records the work file holds: the
    same puzzles either way."""
    from conundrum.book import make_puzzles as build
    from conundrum.book.spec import parse_spec
    from conundrum.book.work import WorkFile

    spec = parse_spec("title: T\nseed: 3\nsections:\n  - {name: A, count: 4, difficulty: 2}\n",
                      "t.yaml")
    read = []
    real = build.read_record
    monkeypatch.setattr(build, "read_record", lambda text: read.append(text) or real(text))
    first = build.make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    assert read == []
    again = build.make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=False), frozenset())
    assert len(read) >= spec.sections[0].count
    assert [(m.key, to_record(m.puzzle, m.solutions)) for m in first] == \
        [(m.key, to_record(m.puzzle, m.solutions)) for m in again]
