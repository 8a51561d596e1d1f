"""A 100-puzzle book with answers, built with 1 and 2 jobs (`make bench`).

Prints the wall time of each build and where it went (making the puzzles,
then laying out and painting the PDF), and checks that both builds gave the
same bytes. The issue's bounds, for reference: a 30-puzzle book in at most
120 s with 2 jobs; aim for 100 puzzles in 30 s. Nothing is asserted on time.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from conundrum.book.build import Hooks
from conundrum.book.make import BookOptions, make_book
from conundrum.book.spec import parse_spec
from renderers.book import render_book

SPEC = """\
title: Benchmark Conundrums
seed: 2024
per_page: 2
answers: end
sections:
  - {name: Warm-up, count: 30, difficulty: 1}
  - {name: Easy, count: 30, difficulty: 2}
  - {name: Tricky, count: 25, difficulty: 3}
  - {name: Hard, count: 15, difficulty: 4}
"""


class _Clock:
    """When the last puzzle was made: the rest of the build is the PDF."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.generated = self.start

    def __call__(self, done: int, total: int) -> None:
        if done == total:
            self.generated = time.perf_counter()


def build(jobs: int, folder: Path) -> tuple[float, float, bytes]:
    spec = parse_spec(SPEC, "bench")
    out = folder / f"book-{jobs}.pdf"
    options = BookOptions(output=out, jobs=jobs, catalogue=folder / f"cat-{jobs}.sqlite")
    clock = _Clock()
    make_book(spec, options, render_book, lambda _m: None, Hooks(progress=clock))
    end = time.perf_counter()
    return end - clock.start, clock.generated - clock.start, out.read_bytes()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        results = {}
        for jobs in (1, 2):
            total, generating, data = build(jobs, folder)
            results[jobs] = data
            print(f"100-puzzle book with answers, --jobs {jobs}: {total:6.2f} s "
                  f"(puzzles {generating:5.2f} s, layout and PDF {total - generating:5.2f} s, "
                  f"{len(data) / 1024:.0f} KiB)")
        same = "identical" if results[1] == results[2] else "DIFFERENT (a bug)"
        print(f"PDF bytes with 1 and 2 jobs: {same}")


if __name__ == "__main__":
    main()
