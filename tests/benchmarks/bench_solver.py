"""Solver speed against the naive bounding-box scan, on the same boards in one run.

The naive scan (tests/reference.py) tries every cell of the bounding box grown
by 3, both directions, both readings, and checks each from scratch.
"""

from __future__ import annotations

import random
import time

from conundrum import Board, counts, positions, ruleset
from tests.support.reference import reference_positions
from tests.support.strategies import grow


def _time(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t0) / repeat)
    return best


def bench_board(n_tiles: int, seed: int) -> tuple[int, float, float, float, float, float]:
    board = grow(seed, n_tiles)
    rs = ruleset("standard")
    free = [t for t in rs.tiles if not board.contains(t)]
    sample = random.Random(seed).sample(free, min(8, len(free)))
    placements = board.placements

    def naive_one():
        for code in sample:
            reference_positions(placements, code)

    def fast_warm():
        for code in sample:
            positions(board, code, rs)

    def fast_cold():  # tables and runs rebuilt from scratch every time
        fresh = Board(placements)
        for code in sample:
            positions(fresh, code, rs)

    def naive_all():
        for code in free:
            reference_positions(placements, code)

    def fast_all():
        counts(Board(placements), rs)

    n = len(board)
    return (n, _time(naive_one, 1) / 8, _time(fast_warm, 20) / 8, _time(fast_cold, 20) / 8,
            _time(naive_all, 1), _time(fast_all, 5))


def main() -> None:
    print(f"{'tiles':>5} {'naive/tile':>11} {'fast/tile':>10} {'ratio':>7} "
          f"{'cold/tile':>10} {'ratio':>7} {'naive all':>10} {'fast all':>9} {'ratio':>7}")
    ratios = []
    for n_tiles, seed in ((10, 1), (20, 2), (30, 3), (40, 4), (60, 5), (70, 6)):
        n, naive, warm, cold, naive_all, fast_all = bench_board(n_tiles, seed)
        ratios.append(naive / warm)
        print(f"{n:>5} {naive * 1e3:>9.2f}ms {warm * 1e6:>8.1f}us {naive / warm:>6.0f}x "
              f"{cold * 1e6:>8.1f}us {naive / cold:>6.0f}x {naive_all * 1e3:>8.1f}ms "
              f"{fast_all * 1e3:>7.2f}ms {naive_all / fast_all:>6.0f}x")
    print(f"single-tile solve, warm tables: {min(ratios):.0f}x to {max(ratios):.0f}x faster "
          "than the naive scan")


if __name__ == "__main__":
    main()
