"""The section-counting tool of tests/benchmarks (section_counts.py): its counts add up and
it leaves the generator and the book's decision as it found them."""

from __future__ import annotations

from conundrum.book import make_puzzles as book
from conundrum.generate import driver, search
from tests.benchmarks.section_counts import counted


def test_a_section_s_counts_add_up_and_the_generator_is_restored() -> None:
    make, grow, generate, decide = driver._make, search.grow, driver._generate, book._decide
    counts = counted(1, 2024, 4)
    assert (driver._make, search.grow, driver._generate, book._decide) == \
        (make, grow, generate, decide)
    tries, searches, failed, boards = (counts[k] for k in ("tries", "searches", "failed",
                                                           "boards"))
    assert isinstance(tries, int) and isinstance(searches, int)
    assert isinstance(failed, int) and isinstance(boards, int)
    assert 4 <= tries <= searches and 0 <= failed <= searches
    assert boards >= searches - failed, "every search that found a puzzle grew a board"
    phases = counts["phases (tries, boards, searches, failed)"]
    assert isinstance(phases, dict)
    assert [sum(row[i] for row in phases.values()) for i in range(4)] == \
        [tries, boards, searches, failed]
    over = counts["passed over"]
    assert isinstance(over, dict) and set(over) == {"refused", "tile", "shape", "repeat"}
    assert sum(over.values()) == tries - 4, "every try but the 4 taken was passed over once"
    assert isinstance(counts["alternates"], int) and 0 <= counts["alternates"] <= 4
    assert counts["repeats 15/40/all"] == (0, 0, 0)
    assert counts == counted(1, 2024, 4) | {"ms": counts["ms"]}, "the same section again"
