"""Refusing hostile inputs (`make bench`): time and peak memory (tracemalloc).

1. The 9-level "billion laughs" alias file (about 500 bytes): refused by the event-stream
   scan in conundrum.files. Naive baseline in the same run: what reading used to do
   (yaml.safe_load, then json.dumps of the data) on a 5-level file, 9**4 times smaller
   once expanded; the 9-level file would need gigabytes that way.
2. A 5 MB puzzle file (a board list of ~140,000 placements) and a 5 MB title, read
   through load_puzzle. Naive baseline: PyYAML's pure-Python safe loader on 100 kB
   of the same board list (it was 53 s and 833 MB for 2.4 MB before).

Nothing is asserted; the figures are printed.
"""

from __future__ import annotations

import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import yaml

from conundrum.errors import ConundrumError
from conundrum.files import safe_yaml
from conundrum.puzzle import load_puzzle

PLACEMENT = "  - {code: YGB, at: [0, 1], dir: h}\n"


def laughs(levels: int) -> str:
    lines = ["a0: &a0 [" + ", ".join(['"lol"'] * 9) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def measure(work: Callable[[], object]) -> tuple[float, int, str]:
    """Seconds, peak traced bytes, and how it ended."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        work()
        outcome = "read"
    except ConundrumError as exc:
        outcome = f"refused: {str(exc).split(': ', 1)[-1][:60]}"
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return elapsed, peak, outcome


def report(name: str, figures: tuple[float, int, str]) -> None:
    elapsed, peak, outcome = figures
    print(f"  {name:<44} {elapsed * 1000:9.1f} ms {peak / 1e6:9.2f} MB  {outcome}")


def old_read(text: str) -> None:
    data = yaml.safe_load(text)
    json.dumps(data, default=str)


def main() -> None:
    nine = laughs(9)
    print(f"billion laughs ({len(nine)} bytes, 9 levels of 9 aliases):")
    report("safe_yaml, 9 levels", measure(lambda: safe_yaml(nine, "laughs.yaml")))
    report("baseline: safe_load + json, 5 levels", measure(lambda: old_read(laughs(5))))

    with tempfile.TemporaryDirectory() as tmp:
        board = Path(tmp) / "board.yaml"
        body = PLACEMENT * (5_000_000 // len(PLACEMENT) - 1)
        board.write_text("board:\n" + body)
        title = Path(tmp) / "title.yaml"
        title.write_text("title: " + "x" * 4_999_000 + "\nboard:\n" + PLACEMENT)
        print(f"5 MB puzzles ({board.stat().st_size:,} and {title.stat().st_size:,} bytes):")
        report("load_puzzle, 5 MB board list", measure(lambda: load_puzzle(board)))
        report("load_puzzle, 5 MB title", measure(lambda: load_puzzle(title)))
        small = "board:\n" + PLACEMENT * (30_000 // len(PLACEMENT))
        report("baseline: pure-Python safe_load, 30 kB",
               measure(lambda: yaml.load(small, Loader=yaml.SafeLoader)))


if __name__ == "__main__":
    main()
