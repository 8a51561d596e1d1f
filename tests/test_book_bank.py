"""Tries passed over, kept for a later slot (book/bank.py): offered once, to the first
slot they suit, from what the slot's plan knows; the book the same for any --jobs and
on --resume, each kept try's puzzle made again by its own recipe."""

from __future__ import annotations

from dataclasses import replace

from conundrum.book.bank import Bank
from conundrum.book.make_puzzles import make_puzzles
from conundrum.book.plan import LAG
from conundrum.book.seeds import slot_seed
from conundrum.book.spec import parse_spec
from conundrum.book.tasks import task_for
from conundrum.book.variety import ASPECT_TRIES, aspect_class, section_rules, tile_key
from conundrum.book.work import WorkFile
from conundrum.generate import GenerateRequest, generate
from renderers.book.layout import grid_limits
from tests.support.books import made_again, made_alike

SPEC = parse_spec("title: B\nseed: 1\nsections:\n  - {name: S, count: 30, difficulty: 1}\n",
                  "b.yaml")


def _kept_bank():
    """A bank holding one try of slot 0, its puzzle's tiles, and the section's rules."""
    puzzle = generate(GenerateRequest(seed=3, difficulty=1))
    bank = Bank()
    bank.keep(task_for(SPEC, 0, 0, 0), puzzle)
    return bank, puzzle, section_rules(SPEC)[0][0]


def test_a_kept_try_goes_once_to_the_first_slot_whose_plan_knows_it() -> None:
    bank, puzzle, variety = _kept_bank()
    # slot LAG - 1's plan knows no puzzle yet (plan.known): the try is not offered there
    early = task_for(SPEC, 0, LAG - 1, 0)
    assert bank.offer(early, variety) is early
    later = task_for(SPEC, 0, LAG, 0)
    offered = bank.offer(later, variety)
    assert offered.origin == task_for(SPEC, 0, 0, 0)
    assert (offered.slot, offered.attempt) == (LAG, 0)
    assert offered.seed == slot_seed(1, 0, 0, 0) and offered.key() == offered.origin.key()
    # a later slot the try would suit were it not offered already (its class has room)
    nxt = next(t for t in (task_for(SPEC, 0, s, 0) for s in range(LAG + 1, 30))
               if _kept_bank()[0].offer(t, variety).origin is not None)
    assert bank.offer(nxt, variety) is nxt, "offered once"


def test_a_kept_try_is_not_offered_where_the_plan_avoids_its_tiles_or_for_a_retry() -> None:
    bank, puzzle, variety = _kept_bank()
    tiles = tuple(tile_key(g.code) for g in puzzle.given)
    avoiding = replace(task_for(SPEC, 0, LAG, 0), avoid=tiles)
    assert bank.offer(avoiding, variety) is avoiding
    retry = task_for(SPEC, 0, LAG, 1)
    assert bank.offer(retry, variety) is retry
    edge = replace(task_for(SPEC, 0, LAG, 0), score=(0.0, 5.0))  # a band's edge
    assert bank.offer(edge, variety) is edge
    again = bank.offer(task_for(SPEC, 0, LAG, 0), variety)
    assert again.origin is not None, "still there for a slot it suits"


def test_a_kept_try_taken_from_a_tried_puzzle_is_not_kept_again() -> None:
    bank, puzzle, _variety = _kept_bank()
    taken = replace(task_for(SPEC, 0, LAG, 0), origin=task_for(SPEC, 0, 0, 0))
    bank.keep(taken, puzzle)
    assert len(bank.kept) == 1


def test_a_book_taking_kept_tries_is_the_same_for_any_jobs_after_resume_and_by_recipes(
        tmp_path) -> None:
    spec = parse_spec("title: G\nseed: 9\nper_page: 2\nsections:\n"
                      "  - {name: G, count: 8, difficulty: 5}\n", "g.yaml")
    made = made_alike(spec, tmp_path)
    kept = [m for m in made if m.seed != slot_seed(9, 0, m.slot, m.attempt)]
    assert kept, "some slot took a try an earlier slot passed over"
    for m in kept:  # the puzzle of an earlier slot's try: its recipe makes it again
        assert m.attempt == 0 and made_again(m)


def test_a_try_whose_board_fills_its_class_is_kept_without_weighing_alternates(
        tmp_path, monkeypatch) -> None:
    """Its board's other given tiles share its shape: none could be taken, so none is
    weighed (about 5 ms a try at grade 5); the try is kept for a later slot."""
    variety = section_rules(SPEC)[0][0]
    puzzle = generate(GenerateRequest(seed=3, difficulty=1))
    for _ in range(3):  # three boards of one class: full for a fourth (a third, at first)
        variety.take(puzzle)
    shape = aspect_class(puzzle.board)
    assert variety.full_class(puzzle, 0) == shape
    assert variety.full_class(puzzle, ASPECT_TRIES) is None  # forgiven by then
    assert any(shape in words for words in variety.faults(puzzle, None, 0)[0])
    from conundrum.book import make_puzzles as book

    weighed, kept = [], []
    real = book.offered
    monkeypatch.setattr(book, "offered", lambda task, *a: weighed.append(task) or real(task, *a))
    monkeypatch.setattr(Bank, "keep", lambda self, task, p: kept.append(task))
    spec = parse_spec("title: F\nseed: 2\nper_page: 2\nsections:\n"
                      "  - {name: F, count: 24, difficulty: 1}\n", "f.yaml")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=grid_limits(spec))
    assert len(made) == 24
    assert set(kept) - set(weighed), "a try passed over for its shape alone, not weighed"
