"""Run bounds: how many runs of three empty cells can touch an N-tile board twice.

Colour-free geometry (the proof is in generate/bounds.py's opening comment),
in the core because the standard rule set states its position bound with it.
"""

from __future__ import annotations

from functools import cache

from .placement import STEP, Cell, contact_count, neighbours, run_cells

EXACT_UP_TO = 5

Shape = frozenset[Cell]


def _triples_touching(cells: Shape) -> list[tuple[Cell, Cell, Cell]]:
    """Empty triples with at least 2 edges against `cells`."""
    seen: set[tuple[Cell, Cell, Cell]] = set()
    out = []
    for cell in cells:
        for n in neighbours(cell):
            if n in cells:
                continue
            for d, (dx, dy) in STEP.items():
                for k in (0, 1, 2):
                    t = run_cells((n[0] - k * dx, n[1] - k * dy), d)
                    if t in seen:
                        continue
                    seen.add(t)
                    if any(c in cells for c in t) or contact_count(t, cells.__contains__) < 2:
                        continue
                    out.append(t)
    return out


def _normal(cells: Shape) -> Shape:
    """The shape moved so its smallest cell is at the origin (translation-free key)."""
    ox, oy = min(cells)
    return frozenset((x - ox, y - oy) for x, y in cells)


@cache
def exact_runs(n_tiles: int) -> int:
    """The most runs with >= 2 board edges over every colour-free N-tile shape."""
    start: Shape = frozenset({(0, 0), (1, 0), (2, 0)})
    layer = {start}
    for _ in range(n_tiles - 1):
        nxt: dict[Shape, None] = {}
        for cells in layer:
            for t in _triples_touching(cells):
                nxt[_normal(cells | set(t))] = None
        layer = set(nxt)
    return max(len(_triples_touching(cells)) for cells in layer)


# exact_runs(1..EXACT_UP_TO), worked out once (a second for 5 tiles, in every worker of a
# book otherwise); tests/test_generate.py checks the table against exact_runs
EXACT_RUNS = {1: 6, 2: 10, 3: 14, 4: 18, 5: 22}


def max_runs(n_tiles: int) -> int:
    """An upper bound (exact for small boards) on runs with >= 2 edges against the board."""
    if n_tiles <= EXACT_UP_TO:
        return EXACT_RUNS[n_tiles]
    return 8 * n_tiles + 8
