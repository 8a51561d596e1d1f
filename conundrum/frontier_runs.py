"""A board's candidate runs in a fixed order, caught up as tiles are laid.

The candidate runs (board.py) are the runs of three empty cells touching the
board, in the order a scan of the frontier cells meets them: each frontier
cell's runs horizontal then vertical, starting at it, one before, two before,
each run where first met. The generator's choices follow that order, so it
never changes. A game lays a tile a turn and asks for the runs each turn;
rescanning the whole frontier each time was the game's largest cost. After
tiles are only *laid*, the scan's answer follows from the last one:

- frontier cells only gain contacts, and a cell leaves the frontier only when
  covered, so every run still free keeps its first frontier cell, and its
  place: the runs through a covered cell go, the others stay in order (those
  near the new tile with their new scores);
- a run that touches the board only now has none but new frontier cells, and
  new frontier cells come after the old ones in the scan: the new runs come
  last, in the order the scan meets them at the new cells.

A removal changes the frontier's order: the board scans again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .placement import Cell, Placement, neighbours

Scores = tuple[int, ...]  # per square colour (R, Y, G, B, P, *): matching contacts, or CLASH
# A candidate run: (first cell, dir, scores of its three cells)
Run = tuple[Cell, str, Scores, Scores, Scores]
NO_CONTACT = (0, 0, 0, 0, 0, 0)
_DIRECTIONS = (("h", 1, 0), ("v", 0, 1))

Matches = tuple[int, ...]  # per square colour (R, Y, G, B, P, *): matching contacts, clash or not
# A run's contacts packed in one integer (`Board.packed_runs`): each cell's neighbours by
# colour (R, Y, G, B, P, *), CONTACT_BITS a colour (a cell has 4 neighbours), first cell lowest
CONTACT_BITS = 3
CELL_BITS = 6 * CONTACT_BITS


def _matches(counts: list[int]) -> Matches:
    """Per square colour (R, Y, G, B, P, *): the contacts that would match, clash or not.

    >>> _matches([1, 0, 0, 0, 0, 1])
    (2, 1, 1, 1, 1, 2)
    """
    r, y, g, b, p, j = counts
    return (r + j, y + j, g + j, b + j, p + j, r + y + g + b + p + j)


def run_matches(packed: int) -> tuple[Matches, Matches, Matches]:
    """A packed run's (`Board.packed_runs`) matches per square colour, cell by cell.

    >>> above_b_joker_y = 1 << 9 | 1 << 15 << CELL_BITS | 1 << 3 << 2 * CELL_BITS
    >>> run_matches(above_b_joker_y)  # the three cells above a tile B*Y: B, *, Y below
    ((0, 0, 0, 1, 0, 1), (1, 1, 1, 1, 1, 1), (0, 1, 0, 0, 0, 1))
    """
    cells = []
    for k in range(3):
        bits = packed >> (k * CELL_BITS)
        cells.append(_matches([(bits >> (i * CONTACT_BITS)) & 7 for i in range(6)]))
    return cells[0], cells[1], cells[2]


class FrontierRuns:
    """The candidate runs by (first cell, dir), in the scan's order (a dict keeps it)."""

    def __init__(self, occupied: Mapping[Cell, object], score: Mapping[Cell, Scores]) -> None:
        # the board's own tables, read live: occupied cells, and the frontier cells' scores
        self.occupied, self.score = occupied, score
        self.runs: dict[tuple[Cell, str], Run] = {}

    def scan(self, frontier: Iterable[Cell]) -> None:
        """Add each frontier cell's free runs not met yet, in the order a plain scan of its
        six runs meets them. The five cells around a frontier cell are looked up once."""
        occupied, score, none, found = self.occupied, self.score, NO_CONTACT, self.runs
        for cell in frontier:
            x, y = cell
            for d, dx, dy in _DIRECTIONS:
                b1, a1 = (x - dx, y - dy), (x + dx, y + dy)
                free_b1, free_a1 = b1 not in occupied, a1 not in occupied
                if free_a1:
                    a2 = (x + 2 * dx, y + 2 * dy)
                    if (cell, d) not in found and a2 not in occupied:
                        found[(cell, d)] = (cell, d, score[cell], score.get(a1, none),
                                            score.get(a2, none))
                    if free_b1 and (b1, d) not in found:
                        found[(b1, d)] = (b1, d, score.get(b1, none), score[cell],
                                          score.get(a1, none))
                if free_b1:
                    b2 = (x - 2 * dx, y - 2 * dy)
                    if (b2, d) not in found and b2 not in occupied:
                        found[(b2, d)] = (b2, d, score.get(b2, none), score.get(b1, none),
                                          score[cell])

    def catch_up(self, laid: Iterable[Placement], fresh: Iterable[Cell]) -> None:
        """After tiles `laid` (nothing removed) brought the cells `fresh` to the frontier, in
        order: the runs as a new scan would find them (the module's opening says why)."""
        runs, occupied, score = self.runs, self.occupied, self.score
        laid = list(laid)
        for p in laid:
            for x, y in p.cells:
                for key in _runs_through(x, y):
                    runs.pop(key, None)
        for p in laid:
            for cell in p.cells:
                for x, y in neighbours(cell):
                    if (x, y) in occupied:
                        continue
                    for key in _runs_through(x, y):
                        if key in runs:
                            runs[key] = _run(key, score)
        self.scan(cell for cell in fresh if cell in score)


def _run(key: tuple[Cell, str], score: Mapping[Cell, Scores]) -> Run:
    """The run starting at key's cell in key's direction, with its cells' scores."""
    at, d = key
    x, y = at
    c1, c2 = ((x + 1, y), (x + 2, y)) if d == "h" else ((x, y + 1), (x, y + 2))
    none = NO_CONTACT
    return (at, d, score.get(at, none), score.get(c1, none), score.get(c2, none))


def _runs_through(x: int, y: int) -> tuple[tuple[Cell, str], ...]:
    """The (first cell, dir) of the six runs holding cell (x, y)."""
    return (((x, y), "h"), ((x - 1, y), "h"), ((x - 2, y), "h"),
            ((x, y), "v"), ((x, y - 1), "v"), ((x, y - 2), "v"))
