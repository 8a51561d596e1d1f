"""Exact counts of one section made for a book, as `bench_book_scale.per_grade` makes it
(a section of `count` puzzles, two a page, `--jobs 1`, the page's grid), for measuring a
change to the plan or the search on a shared machine: tries, the generator's searches
(`driver._make`) and those that failed, the boards grown (`search.grow`), the tries whose
plan avoided many tiles (more than RECENT puzzles give: the section's kinds not yet run
out) apart, the tries passed over by why (the generator gave up; a tile a puzzle decided
meanwhile gave, its board's alternates no help; the shape class full; a repeated
puzzle), the alternates taken, the tries passed over that a later slot took (bank.py),
repeated tiles in the first 15 and 40 puzzles (slot order),
palindromes, CPU a puzzle, and a hash of the puzzles (the same hash: the same section).

    python -m tests.benchmarks.section_counts GRADE SEED [COUNT]

Not a `bench_` module: `make bench` does not run it. It counts by wrapping the generator's
functions and the book's decision in this process (a tool, not a test).
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from conundrum.book import make_puzzles as book
from conundrum.book.make_puzzles import make_puzzles
from conundrum.book.plan import RECENT
from conundrum.book.record import read_record
from conundrum.book.seeds import slot_seed
from conundrum.book.tasks import Task
from conundrum.book.work import WorkFile
from conundrum.errors import GenerationError
from conundrum.generate import driver, search
from conundrum.generate.choose import avoided, kind
from conundrum.tiles import canonical
from renderers.book.layout import grid_limits
from tests.benchmarks.bench_book_scale import _spec


def counted(grade: int, seed: int, count: int) -> dict[str, object]:
    """The counts of one section (see the module's docstring)."""
    tally = {"searches": 0, "failed": 0, "boards": 0}
    phases: dict[str, list[int]] = {}
    over = dict.fromkeys(("refused", "tile", "shape", "repeat"), 0)
    make, grow, generate, decide = driver._make, search.grow, driver._generate, book._decide

    def make_counted(*args, **kwargs):
        tally["searches"] += 1
        try:
            return make(*args, **kwargs)
        except GenerationError:
            tally["failed"] += 1
            raise

    def grow_counted(*args, **kwargs):
        tracker = grow(*args, **kwargs)
        tally["boards"] += tracker is not None
        return tracker

    def generate_counted(req):
        before = dict(tally)
        try:
            return generate(req)
        finally:
            phase = "many avoided" if len(avoided(req.avoid)) > 2 * RECENT else "few"
            row = phases.setdefault(phase, [0, 0, 0, 0])
            row[0] += 1
            for i, name in enumerate(("boards", "searches", "failed"), 1):
                row[i] += tally[name] - before[name]

    def decide_counted(state, task):
        made = decide(state, task)
        if made is None:
            over[_why(state, task)] += 1
        return made

    driver._make, search.grow, driver._generate = make_counted, grow_counted, \
        generate_counted
    book._decide = decide_counted
    try:
        spec = replace(_spec(((grade, count),)), seed=seed)
        with tempfile.TemporaryDirectory() as tmp:
            start = time.process_time()
            made = make_puzzles(spec, WorkFile(Path(tmp) / "s.sqlite", fresh=True),
                                frozenset(), max_grids=grid_limits(spec))
            cpu = (time.process_time() - start) / count
    finally:
        driver._make, search.grow, driver._generate = make, grow, generate
        book._decide = decide
    made = sorted(made, key=lambda m: m.slot)
    codes = [[canonical(g.code) for g in m.puzzle.given] for m in made]

    def repeats(first: int) -> int:
        flat = [c for cs in codes[:first] for c in cs]
        return len(flat) - len(set(flat))

    flat = [c for cs in codes for c in cs]
    return {**tally, "tries": sum(m.attempt + 1 for m in made), "ms": cpu * 1000,
            "phases (tries, boards, searches, failed)": phases,
            "passed over": over,
            "alternates": sum(m.alternate is not None for m in made),
            "kept tries taken": sum(m.seed != slot_seed(spec.seed, 0, m.slot, m.attempt)
                                    for m in made),
            "repeats 15/40/all": (repeats(15), repeats(40), repeats(len(codes))),
            "palindromes": sum(kind(c) == "palindrome" for c in flat) / max(1, len(flat)),
            "hash": hashlib.sha256(" ".join(m.key for m in made).encode()).hexdigest()[:12]}


def _why(state: book._State, task: Task) -> str:
    """Why the book passed a try over: the generator gave up (refused), a tile a puzzle
    decided meanwhile gave (with its shape or not), its shape class full, or else the
    puzzle repeats one the book holds."""
    text, _error = state.results[task.key()]
    if text is None:
        return "refused"
    faults = book._faults(state, task, read_record(text)[0])[0]
    if any(" again" in words for words in faults):
        return "tile"
    return "shape" if faults else "repeat"


def main(argv: list[str]) -> None:
    """Print the counts of the section `GRADE SEED [COUNT]` (COUNT 100 by default)."""
    grade, seed = int(argv[0]), int(argv[1])
    count = int(argv[2]) if len(argv) > 2 else 100
    for name, value in counted(grade, seed, count).items():
        print(f"{name}: {value:.3g}" if isinstance(value, float) else f"{name}: {value}")


if __name__ == "__main__":
    main(sys.argv[1:])
