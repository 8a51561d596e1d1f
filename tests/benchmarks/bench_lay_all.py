"""Lay them all (`kind: all`): generation time per grade, and what the search does.

`python -m tests.benchmarks lay_all` (or `make bench`). Prints figures only; nothing here
asserts a time. The issue asks for a median under 1 s at every grade, in process.
"""

from __future__ import annotations

import statistics
import time

from conundrum.generate import GenerateRequest, generate
from conundrum.generate.difficulty import LEVELS
from conundrum.generate.effort import measure_all
from conundrum.lay_all import puzzle_arrangements

SEEDS = range(1, 31)


def main() -> None:
    print(f"generate --kind all --difficulty G, seeds {SEEDS.start}-{SEEDS.stop - 1}, in "
          "process: seconds per puzzle; the puzzles' sizes, score and search")
    print(f"{'grade':<6}{'median s':>9}{'p90 s':>7}{'max s':>7}{'tiles':>8}{'K':>6}"
          f"{'score':>12}{'states':>8}{'decoys':>8}")
    for level in LEVELS:
        times, tiles, given, scores, states, decoys = [], [], [], [], [], []
        for seed in SEEDS:
            t0 = time.perf_counter()
            puzzle = generate(GenerateRequest(kind="all", difficulty=level, seed=seed))
            times.append(time.perf_counter() - t0)
            found = puzzle_arrangements(puzzle)
            effort = measure_all(puzzle, found)
            assert found.count == 1 and puzzle.extra["grade"] == level
            tiles.append(len(puzzle.board))
            given.append(len(puzzle.given))
            scores.append(effort.score)
            states.append(found.states)
            decoys.append(effort.features["decoys"])
        times.sort()
        print(f"{level:<6}{statistics.median(times):>9.3f}"
              f"{times[int(0.9 * (len(times) - 1))]:>7.3f}{times[-1]:>7.3f}"
              f"{min(tiles):>4}-{max(tiles):<3}{min(given):>3}-{max(given):<2}"
              f"{min(scores):>6.0f}-{max(scores):<5.0f}{statistics.median(states):>8.0f}"
              f"{statistics.median(decoys):>8.0f}", flush=True)


if __name__ == "__main__":
    main()
