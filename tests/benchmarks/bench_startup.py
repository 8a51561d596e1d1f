"""Start-up time: `conundrum --help` and `conundrum solve` against a bare interpreter.

The budget (issue 15): both start in under 0.3 s. Each is timed as a fresh
process, best of several runs, beside `python -c pass` on the same machine in
the same run (the ratio says how much the program itself costs). The modules
costing the most at start-up come from `python -X importtime`.
"""

from __future__ import annotations

import subprocess
import sys
import time

from tests.support.paths import ROOT

EXAMPLE = ROOT / "puzzles" / "spec-example.yaml"
RUNS = 7
BUDGET = 0.3  # seconds


def _best(argv: list[str]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        t0 = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=True)
        best = min(best, time.perf_counter() - t0)
    return best


def heaviest_imports(argv: list[str], n: int = 8) -> list[tuple[float, str]]:
    """The top-level imports with the largest cumulative time, in seconds."""
    err = subprocess.run([sys.executable, "-X", "importtime", *argv], capture_output=True,
                         text=True, check=True).stderr
    rows = []
    for line in err.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        _self, cumulative, name = line.split(":", 1)[1].split("|")
        if not name.startswith("  "):  # only imports made by the program itself, not nested
            rows.append((int(cumulative) / 1e6, name.strip()))
    return sorted(rows, reverse=True)[:n]


def main() -> None:
    bare = _best([sys.executable, "-c", "pass"])
    print(f"python -c pass: {bare * 1000:.0f} ms (the floor)")
    for label, args in (("conundrum --help", ["--help"]),
                        ("conundrum solve", ["solve", str(EXAMPLE)])):
        argv = [sys.executable, "-m", "conundrum", *args]
        took = _best(argv)
        verdict = "within" if took < BUDGET else "OVER"
        print(f"{label}: {took * 1000:.0f} ms, {took / bare:.1f}x bare python "
              f"({verdict} the {BUDGET * 1000:.0f} ms budget)")
    print("heaviest imports of `conundrum solve` (cumulative):")
    for seconds, name in heaviest_imports(["-m", "conundrum", "solve", str(EXAMPLE)]):
        print(f"  {seconds * 1000:6.1f} ms  {name}")


if __name__ == "__main__":
    main()
