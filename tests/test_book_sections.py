"""A book's sections decided side by side give the puzzles book order gives (make_puzzles)."""

from __future__ import annotations

import pytest

import conundrum.book.make_puzzles as build
import conundrum.book.worker as worker
from conundrum.book.made import MAX_REFUSALS
from conundrum.book.make_puzzles import MAX_ATTEMPTS, BookError, Made, make_puzzles
from conundrum.book.spec import parse_spec
from conundrum.book.tasks import Task
from conundrum.book.work import WorkFile
from tests.test_book_build import SPEC, candidate_key, no_variety  # noqa: F401 (a fixture)

pytestmark = pytest.mark.slow  # generates books' puzzles

THREE = parse_spec("title: T\nseed: 5\nper_page: 2\nsections:\n"
                   "  - {name: A, count: 6, difficulty: 1}\n"
                   "  - {name: B, count: 5, difficulty: 3}\n"
                   "  - {name: C, count: 5, difficulty: 2}\n")


def decided(made: list[Made]) -> list[tuple[int, int, int, str]]:
    return [(m.section, m.slot, m.attempt, m.key) for m in made]


def in_book_order(monkeypatch, spec, path, jobs: int = 1) -> list[Made]:
    """The puzzles deciding every slot in book order gives (the side-by-side run is made
    to find a clash, so the slots are decided again in book order)."""
    with monkeypatch.context() as patch:
        patch.setattr(build, "_clash", lambda made: True)
        return make_puzzles(spec, WorkFile(path, fresh=True), frozenset(), jobs=jobs)


@pytest.mark.parametrize("jobs", [1, 2])
def test_sections_side_by_side_give_the_puzzles_of_book_order(tmp_path, monkeypatch,
                                                               jobs) -> None:
    expected = in_book_order(monkeypatch, THREE, tmp_path / "order.sqlite")
    clashes: list[bool] = []
    real = build._clash

    def watched(made):
        clashes.append(real(made))
        return clashes[-1]

    monkeypatch.setattr(build, "_clash", watched)
    made = make_puzzles(THREE, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        jobs=jobs)
    assert clashes == [False], "decided side by side once, found no clash"
    assert decided(made) == decided(expected)


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_sections_meeting_on_a_puzzle_are_decided_again_in_book_order(
        tmp_path, monkeypatch, jobs) -> None:
    first = make_puzzles(SPEC, WorkFile(tmp_path / "first.sqlite", fresh=True), frozenset())
    # section B's first board made to read as section A's first (a clash side by side)
    real = build.board_key
    twin = {first[3].form: real(first[0].form)}
    monkeypatch.setattr(build, "board_key", lambda form: twin.get(form) or real(form))
    made = make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        jobs=jobs)
    keys = [m.key for m in made]
    assert len(set(keys)) == len(keys), "no puzzle twice in the book"
    assert (made[3].section, made[3].slot, made[3].attempt) == (1, 0, 1), \
        "book order: the later section's slot moves to its next seed"
    assert made[0].key == first[0].key
    assert decided(made) == decided(in_book_order(monkeypatch, SPEC, tmp_path / "o.sqlite",
                                                  jobs))


def test_the_first_slot_in_book_order_that_cannot_be_filled_is_named(
        tmp_path, monkeypatch, no_variety) -> None:  # noqa: F811 (the fixture)
    # section A's first slot runs out of seeds (every try repeats a catalogued puzzle), and
    # section B's is refused by the generator, five seeds sooner: A is named all the same
    taken = frozenset(candidate_key(0, 0, a) for a in range(MAX_ATTEMPTS))
    real = worker.made_task
    refused: list[dict] = []

    def refusing(request: dict):
        if request["difficulty"] == 2:
            refused.append(request)
            return (None, "no board of that size"), None
        return real(request)

    monkeypatch.setattr(worker, "made_task", refusing)
    monkeypatch.setattr(Task, "asks", property(lambda self: False))
    with pytest.raises(BookError, match="section 'A', puzzle 1 of 3: 25 seeds"):
        make_puzzles(SPEC, WorkFile(tmp_path / "w.sqlite", fresh=True), taken)
    # B's first slot was refused until it gave up (it ran out first, and was not named)
    assert len({r["seed"] for r in refused}) >= MAX_REFUSALS
