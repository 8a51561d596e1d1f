"""The slot scheduler and the page geometry, below the CLI."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from conundrum.book.canonical import puzzle_key
from conundrum.book.example import example_puzzle
from conundrum.book.make_book import BookContent, order_book, stored_score
from conundrum.book.make_puzzles import (
    MAX_ATTEMPTS,
    BookError,
    Made,
    make_puzzles,
    run_task,
    slot_task,
    task_for,
)
from conundrum.book.manifest import BookPuzzle, dump_manifest
from conundrum.book.plan import lane_later
from conundrum.book.record import from_record, read_record, read_sizes, to_record
from conundrum.book.spec import parse_spec
from conundrum.book.variety import SectionVariety, plan_kinds
from conundrum.book.work import WorkFile
from conundrum.generate.difficulty import score
from conundrum.solver import given_positions
from renderers.book.geometry import (
    BLEED,
    GUTTER_CLEAR,
    INCH,
    Geometry,
    gutter_for,
    padded_count,
)

pytestmark = pytest.mark.slow  # builds books or drives the browser

SPEC = parse_spec("title: T\nseed: 9\nsections:\n"
                  "  - {name: A, count: 3, difficulty: 1}\n"
                  "  - {name: B, count: 2, difficulty: 2}\n")


def keys_of(made: list[Made]) -> list[str]:
    return [m.key for m in made]


@pytest.fixture
def no_variety(monkeypatch) -> None:
    """The scheduler alone: no try passed over for the book's variety (test_book_variety)."""
    monkeypatch.setattr(SectionVariety, "faults", lambda self, *args: ([], []))


def candidate_key(section: int, slot: int, attempt: int) -> str:
    task = slot_task(SPEC, plan_kinds(SPEC), section, slot, attempt)
    if attempt == 0:  # a first try asks for its lane's tiles first (book/plan.py)
        task = replace(task, later=lane_later(SPEC.seed, section, slot, (), ()))
    text, error = run_task(task.request())
    assert error is None
    return puzzle_key(from_record(text))


def test_slots_come_in_spec_order_from_their_own_seeds(tmp_path, no_variety) -> None:
    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    assert [(m.section, m.slot, m.attempt) for m in made] == \
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0)]
    assert keys_of(made)[4] == candidate_key(1, 1, 0)


def test_the_book_is_ordered_by_the_stored_score_which_is_the_measured_one(tmp_path) -> None:
    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    for m in made:  # read back from the work-file record, exactly as measured
        assert m.puzzle.extra["score"] == score(m.puzzle) == stored_score(m.puzzle)
    stored = order_book(SPEC, made)
    for m in made:
        del m.puzzle.extra["score"]  # a puzzle without one is measured again
    measured = order_book(SPEC, made)
    assert [(bp.number, bp.made.slot, bp.score) for bp in stored] == \
        [(bp.number, bp.made.slot, bp.score) for bp in measured]
    assert dump_manifest(SPEC, stored) == dump_manifest(SPEC, measured)


def test_a_repeat_moves_the_slot_to_its_next_seed_whatever_the_jobs(tmp_path,
                                                                    no_variety) -> None:
    taken = frozenset({candidate_key(0, 1, 0), candidate_key(0, 1, 1)})
    results = []
    for jobs in (1, 2):
        made = make_puzzles(SPEC, WorkFile(tmp_path / f"w{jobs}.sqlite", fresh=True), taken,
                            jobs=jobs)
        assert made[1].attempt == 2 and made[1].key == candidate_key(0, 1, 2)
        assert made[0].attempt == made[2].attempt == 0, "other slots keep their own seeds"
        results.append(keys_of(made))
    assert results[0] == results[1]


def test_too_few_distinct_puzzles_is_a_clear_error(tmp_path, no_variety) -> None:
    taken = frozenset(candidate_key(0, 0, a) for a in range(MAX_ATTEMPTS))
    with pytest.raises(BookError, match="cannot be completed: section 'A', puzzle 1 of 3"):
        make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), taken, source="s.yaml")


def test_jobs_out_of_range_are_refused(tmp_path) -> None:
    with pytest.raises(Exception, match="--jobs 0"):
        make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(), jobs=0)


# ---- geometry ---------------------------------------------------------------------
@pytest.mark.parametrize("pages, inches", [
    (1, 0.375), (24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625),
    (500, 0.625), (501, 0.75), (700, 0.75), (701, 0.875), (5000, 0.875),
])
def test_gutter_grows_with_the_page_count(pages: int, inches: float) -> None:
    # the printer's gutter, and half a mm more for strokes centred on the content's edge
    assert gutter_for(pages) == pytest.approx(inches * INCH + GUTTER_CLEAR)


def test_print_on_demand_pages_are_even_and_at_least_24() -> None:
    assert [padded_count(n, True) for n in (1, 23, 24, 25, 151)] == [24, 24, 24, 26, 152]
    assert padded_count(7, False) == 7


def test_bleed_goes_on_the_outer_edges_and_the_gutter_on_the_spine_side() -> None:
    geo = Geometry.of("6x9", True, 100)
    page = geo.new_page()
    assert (page.width, page.height) == pytest.approx((6 * INCH + BLEED, 9 * INCH + 2 * BLEED))
    x1, y1, w1, _ = geo.box(1)  # recto: spine on the left, bleed on the right
    x2, y2, w2, _ = geo.box(2)  # verso: bleed on the left, spine on the right
    assert x1 == pytest.approx(0.375 * INCH + GUTTER_CLEAR)
    assert page.width - (x1 + w1) == pytest.approx(BLEED + 0.5 * INCH)
    assert x2 == pytest.approx(BLEED + 0.5 * INCH)
    assert page.width - (x2 + w2) == pytest.approx(0.375 * INCH + GUTTER_CLEAR)
    assert y1 == y2 == pytest.approx(BLEED + 0.5 * INCH)
    plain = Geometry.of("a4", False)
    assert (plain.new_page().width, plain.new_page().height) == (210.0, 297.0)
    assert plain.box(1) == plain.box(2)


def test_a_record_gives_back_the_same_puzzle() -> None:
    from conundrum.puzzle import dump_puzzle

    text, _ = run_task(task_for(SPEC, 1, 0, 0).request())
    puzzle, solutions = read_record(text)
    # the worker solved it: every position of each given tile, as the solver finds them
    assert solutions == given_positions(puzzle) and solutions
    # and the sizes it was made to, from which a slot names the board's alternates
    sizes = read_sizes(text)
    assert sizes is not None and len(sizes.ranges) == len(puzzle.given) == sizes.given
    assert sizes.tiles == len(puzzle.board)
    assert to_record(puzzle, solutions, sizes) == text
    assert read_sizes(to_record(puzzle, solutions)) is None
    assert dump_puzzle(from_record(to_record(puzzle))) == dump_puzzle(puzzle)
    assert read_record(to_record(puzzle))[1] is None  # an older record: solve again
    with pytest.raises(Exception, match="cannot be read"):
        from_record('{"board": 3}')
    wrong = json.loads(text)
    wrong["solutions"][0][0] = "RRR" if wrong["solutions"][0][0] != "RRR" else "GGG"
    with pytest.raises(Exception, match="not its given tiles"):
        read_record(json.dumps(wrong))


def test_the_book_draws_the_solutions_its_workers_found(tmp_path, monkeypatch) -> None:
    """Each made puzzle carries its solutions from the worker; the layout solves only the
    how-to page's example, and draws the same book as when it solves every puzzle."""
    import renderers.sheet.solved as solved_module
    from conundrum.book.make_book import book_content
    from renderers.book.layout import render_book

    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    assert all(m.solutions == given_positions(m.puzzle) for m in made)
    content = book_content(SPEC, order_book(SPEC, made))
    calls = []
    real = solved_module.given_positions
    monkeypatch.setattr(solved_module, "given_positions",
                        lambda puzzle: calls.append(puzzle) or real(puzzle))
    carried = render_book(content, lambda _m: None)
    assert calls == [content.example]
    for m in made:
        m.solutions = None
    assert render_book(content, lambda _m: None) == carried
    assert len(calls) == 2 + len(made)  # the example, in each render


def test_progress_bar_shows_done_rate_and_time_left() -> None:
    import io
    import time

    from rich.console import Console

    from renderers.book.progress import BookProgress

    sink = io.StringIO()
    progress = BookProgress(Console(file=sink, force_terminal=True, width=100))
    for done in range(4):
        progress(done, 3)
        time.sleep(0.02)
    progress.stop()
    shown = sink.getvalue()
    assert "3/3" in shown and "puzzles/s" in shown and "0:00:00" in shown
    quiet = io.StringIO()
    off = BookProgress(Console(file=quiet, force_terminal=False))
    off(1, 2)
    off.stop()
    assert quiet.getvalue() == "", "no bar when stderr is not a terminal"


@pytest.mark.parametrize("mode", ["list", "end"])
def test_a_key_longer_than_a_column_goes_on_under_its_number(mode) -> None:
    from conundrum.board import Board
    from conundrum.placement import Placement
    from conundrum.puzzle import Given, Puzzle
    from conundrum.tiles import tile_set
    from renderers.book.layout import book_pages

    # the start alone and every other tile given: a key of about 160 lines
    board = Board([Placement("B*Y", (0, 0), "h")])
    puzzle = Puzzle(board, [Given(code) for code in tile_set() if code != "B*Y"])
    spec = parse_spec(f"title: T\npage: 6x9\nanswers: {mode}\n"
                      "sections: [{name: A, count: 1}]\n")
    made = Made(0, 0, 0, 1, puzzle, "key", "form", {})
    content = BookContent(spec, [BookPuzzle(1, 0, made, 1.0)], example_puzzle(spec.seed))
    pages = book_pages(content, lambda _m: None)
    answers = pages[4:]
    assert len(answers) >= (2 if mode == "list" else 1)  # boards' keys: three columns a page
    texts = [t for page in answers for t in page.texts()]
    # `end` keys say "see p. N" back to the puzzle (see_page, on by default for `end`)
    assert any(t == "Puzzle 1" or t.startswith("Puzzle 1 · see p. ") for t in texts)
    assert any(t.startswith("Puzzle 1") and t.endswith(" (continued)") for t in texts)
    if mode == "list":
        headings = [t.split(" ·")[0] for t in texts if " · " in t]
        assert sorted(headings) == sorted(g.code for g in puzzle.given)
    else:  # every position of every tile is written, none lost at a column's foot
        written = sum(len(re.findall(r"[A-Z*]{3} [A-Z]+\d+ [hv]", i.text))
                      for page in answers for i in page.tagged("caption"))
        assert written == sum(len(found) for _code, found in given_positions(puzzle))


def test_a_book_solves_each_puzzle_once_whatever_its_layouts(tmp_path, monkeypatch) -> None:
    import renderers.book.layout as book
    import renderers.book.pages as pages
    import renderers.sheet.puzzle as sheet
    import renderers.sheet.solved as solved

    spec = parse_spec("title: T\nseed: 9\npage: 6x9\nbleed: true\nper_page: 6\nsections:\n"
                      "  - {name: A, count: 3, difficulty: 1}\n"
                      "  - {name: B, count: 2, difficulty: 4}\n")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    puzzles = order_book(spec, made)
    notes: list[str] = []
    content = BookContent(spec, puzzles, example_puzzle(spec.seed))
    expected = [p.items for p in book.book_pages(content, notes.append)]
    assert notes, "a retry at fewer a page is part of what is checked"
    calls = []
    real = solved.solve

    def counted(puzzle, solutions=None):
        calls.append(puzzle)
        return real(puzzle, solutions)

    for module in (solved, sheet, book, pages):
        monkeypatch.setattr(module, "solve", counted)
    assert [p.items for p in book.book_pages(content, lambda _m: None)] == expected
    assert len(calls) == len(puzzles) + 1  # and the how-to-play example
    assert [id(p) for p in calls[1:]] == [id(bp.puzzle) for bp in puzzles]



@pytest.mark.parametrize("answers", ["end", "list", "end-drawn"])
def test_see_page_both_ways_from_one_layout_of_the_book(tmp_path, monkeypatch, answers) -> None:
    import renderers.book.layout as book

    # 6 a page retried at fewer (a section's pages laid out twice), bleed, lazy pages
    spec = parse_spec(f"title: T\nseed: 9\npage: 6x9\nbleed: true\nper_page: 6\n"
                      f"answers: {answers}\nsee_page: true\nsections:\n"
                      "  - {name: A, count: 3, difficulty: 1}\n"
                      "  - {name: B, count: 2, difficulty: 4}\n")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    content = BookContent(spec, order_book(spec, made), example_puzzle(spec.seed))
    rounds = []
    real = book._Book.pages
    monkeypatch.setattr(book._Book, "pages", lambda self: rounds.append(1) or real(self))
    notes: list[str] = []
    pages = [p.drawn() for p in book.book_pages(content, notes.append, lazy=True)]
    assert notes, "a retry at fewer a page is part of what is checked"
    assert len(rounds) == 1, "the references cost no second layout of the book"
    puzzle_page, answer_page = {}, {}
    for n, page in enumerate(pages, 1):
        for text in page.texts():
            found = re.search(r"\bPuzzle (\d+)(?: ·|$)", text)  # end-drawn: "Answers: ..."
            if found and page.kind == "answers":
                answer_page.setdefault(int(found.group(1)), n)
        for title in page.tagged("title") if page.kind == "puzzles" else ():
            puzzle_page[int(title.text.split()[1])] = n
    assert sorted(puzzle_page) == sorted(answer_page) == [1, 2, 3, 4, 5]
    carried: list[str] = []  # keys carried over to another column name their puzzle again
    for page in pages:
        if page.kind == "puzzles":  # each puzzle's label to its answer's page
            titles, labels = page.tagged("title"), page.tagged("number")
            assert len(titles) == len(labels) > 0
            for title, label in zip(titles, labels, strict=True):
                number = int(title.text.split()[1])
                assert label.text.endswith(f" · see p. {answer_page[number]}"), label.text
        keys = page.texts() if page.kind == "answers" else []
        assert not keys or any(" · see p. " in text for text in keys)
        for text in page.tagged("key number") if page.kind == "answers" else ():
            carried.append(text.text)
        for text in keys:  # each key to its puzzle's page
            found = re.search(r"\bPuzzle (\d+) · see p\. (\d+)$", text)
            if found:
                assert int(found.group(2)) == puzzle_page[int(found.group(1))], text
    if answers == "end-drawn":  # a drawn key of this book runs over a column
        assert any(re.match(r"Puzzle \d+ · see p\. \d+ \(continued\)", t) for t in carried), \
            carried


def test_the_renderer_draws_the_worked_example_the_builder_hands_it(monkeypatch) -> None:
    import conundrum.generate as generate
    from renderers.book.layout import book_pages
    from tests.support.puzzles import small_puzzle

    def refuse(*_a, **_k):
        raise AssertionError("the renderer must not generate anything")

    monkeypatch.setattr(generate, "generate", refuse)
    spec = parse_spec("title: T\npage: 6x9\nsections: [{name: A, count: 1}]\n")
    example = small_puzzle()
    made = Made(0, 0, 0, 1, small_puzzle(), "key", "form", {})
    pages = book_pages(BookContent(spec, [BookPuzzle(1, 0, made, 1.0)], example),
                       lambda _m: None)
    how = " ".join(pages[1].texts())
    assert f"the tile {example.given[0].code} can be laid" in how


def test_the_manifest_written_meanwhile_is_the_manifest(tmp_path, monkeypatch) -> None:
    """ManifestSoon writes the manifest in a forked process while the book is drawn: the
    same text; a writer that dies is replaced by writing here; leaving stops the writer."""
    from conundrum.book.manifest import ManifestSoon

    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    puzzles = order_book(SPEC, made)
    expected = dump_manifest(SPEC, puzzles)
    with ManifestSoon(SPEC, puzzles, background=True) as soon:
        assert soon.child is not None
        assert soon.text() == expected
    import os

    import conundrum.book.manifest as manifest_module

    with monkeypatch.context() as patch:  # a writer that dies before writing a byte
        patch.setattr(manifest_module, "_send_dump", lambda *book_and_pipe: os._exit(1))
        with ManifestSoon(SPEC, puzzles, background=True) as soon:
            assert soon.text() == expected
    with ManifestSoon(SPEC, puzzles, background=False) as soon:
        assert soon.child is None and soon.text() == expected
    with ManifestSoon(SPEC, puzzles, background=True) as soon:
        child = soon.child
    assert not child.is_alive()  # never asked for: stopped on leaving


def test_the_manifest_written_in_chunks_is_the_manifest_in_one_piece(tmp_path,
                                                                      monkeypatch) -> None:
    """The puzzles are written DUMP_CHUNK at a time (a long book's representer graph is
    never whole): the text is that of one piece, anchors never, shared objects or not."""
    import yaml

    import conundrum.book.manifest as manifest

    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset())
    # 25 puzzles, the 5 made reused: one request object under several puzzles
    puzzles = [BookPuzzle(n, m.section, m, 1.0) for n, m in enumerate(made * 5, 1)]
    doc = manifest.manifest_doc(SPEC, puzzles)
    whole = yaml.dump(doc, Dumper=manifest._ManifestDumper, sort_keys=False,
                      allow_unicode=True, width=100)
    monkeypatch.setattr(manifest, "DUMP_CHUNK", 4)
    assert manifest.dump_manifest(SPEC, puzzles) == whole
    assert "&id" not in whole and whole.count("\n- number: ") == 25
    assert manifest.dump_manifest(SPEC, []).endswith("puzzles: []\n")
