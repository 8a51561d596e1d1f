"""Fit enumeration: every legal position of many tiles on a board, in one pass.

Standard rules read the board's contact tables (board.py): a candidate run of
three empty cells is legal for a reading when its three per-cell scores add
up to 2 or more (a clash scores -100). Junior rules start from the open ends,
which are few. The rule sets (rules.py) pick their own enumeration here, and
the solver, the game and the generator's counting build on the same
functions; this module imports neither the rule sets nor the solver, so the
layers point one way: fits <- rules <- solver.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Protocol

from .board import Board
from .frontier_runs import Run
from .placement import STEP, Cell, contact_count, neighbours, run_cells
from .tiles import COLOUR_INDEX, JOKER, matches

# A fit: (index of the code in the list asked about, reading, at, dir, matching contacts).
Fit = tuple[int, str, Cell, str, int]
# A code's row in a reading table: (index, code, reversed code, colour indices a b c, palindrome)
Reading = tuple[int, str, str, int, int, int, bool]
# A junior slot: (at, dir, index of the square touching the open end, the end's colour).
Slot = tuple[Cell, str, int, str]


class HasOpenEnds(Protocol):
    """What junior slot finding needs from a rule set: the board's open ends."""

    def open_ends(self, board: Board) -> list[Cell]:
        """The cells of the board's open ends, where a junior tile may touch."""
        ...


def reading_table(codes: Iterable[str]) -> list[Reading]:
    """The per-code look-up row `standard_fits` reads, for each of `codes` in order.

    >>> reading_table(["RYG", "RYR"])
    [(0, 'RYG', 'GYR', 0, 1, 2, False), (1, 'RYR', 'RYR', 0, 1, 0, True)]
    """
    table = []
    for i, code in enumerate(codes):
        a, b, c = (COLOUR_INDEX[ch] for ch in code)
        rev = code[::-1]
        table.append((i, code, rev, a, b, c, code == rev))
    return table


@lru_cache(maxsize=4096)
def cached_table(codes: tuple[str, ...]) -> tuple[Reading, ...]:
    """`reading_table(codes)`, kept per process: a game asks for its hands' moves every
    turn and grading for a tile's positions on every board, from a few thousand lists."""
    return tuple(reading_table(codes))


def standard_fits(runs: Sequence[Run], table: Sequence[Reading]) -> Iterator[Fit]:
    """Standard rules: every legal reading of every code of `table` on each run.

    `runs` are (at, dir, s0, s1, s2) as Board.candidate_runs gives them: a
    reading is legal when its three per-cell scores add up to 2 or more (its
    matching contacts; a clash scores -100). Code by code in table order, run
    by run, each code's own reading before its reverse (a palindrome once).

    >>> from conundrum.placement import Placement
    >>> board = Board([Placement("B*Y", (0, 0), "h")])
    >>> list(standard_fits(board.candidate_runs(), reading_table(["YYY", "GGG"])))
    [(0, 'YYY', (1, -1), 'h', 2), (0, 'YYY', (1, 1), 'h', 2)]
    """
    for i, code, rev, a, b, c, palindrome in table:
        for at, d, s0, s1, s2 in runs:
            n = s0[a] + s1[b] + s2[c]
            if n >= 2:
                yield i, code, at, d, n
            if not palindrome:
                n = s0[c] + s1[b] + s2[a]
                if n >= 2:
                    yield i, rev, at, d, n


def junior_slots(board: Board, rules: HasOpenEnds) -> list[Slot]:
    """Every run of three empty cells whose one contact with the board is an open end.

    A junior position has exactly one contact, against an open end, so it is
    fixed by its slot; which readings fit is then a cheap test per code
    (`junior_fits`).
    """
    occupied = board.occupied
    out = []
    for end in rules.open_ends(board):
        colour = board.colour_of(end)
        for touch in neighbours(end):
            if occupied(touch):
                continue
            for d, (dx, dy) in STEP.items():
                for idx in (0, 1, 2):
                    at = (touch[0] - idx * dx, touch[1] - idx * dy)
                    cells = run_cells(at, d)
                    if any(occupied(c) for c in cells):
                        continue
                    if contact_count(cells, occupied) == 1:
                        out.append((at, d, idx, colour))
    return out


def junior_fits(slots: list[Slot], codes: Iterable[str]) -> Iterator[Fit]:
    """Junior rules: every legal reading of every code in the slots (one contact each).

    A reading fits a slot when the touching square may make the contact (an
    end square; a chameleon's centre) and its colour matches the open end.

    >>> from conundrum.placement import Placement
    >>> from conundrum.rules import JuniorRules
    >>> board = Board([Placement("B*Y", (0, 0), "h")])
    >>> fits = junior_fits(junior_slots(board, JuniorRules()), ["P*Y"])
    >>> [str(Placement(reading, at, d)) for _i, reading, at, d, _n in fits]
    ['P*Y@-1,-1v', 'Y*P@-1,-1v', 'P*Y@3,-1v', 'Y*P@3,-1v']
    """
    for i, code in enumerate(codes):
        readings = (code,) if code == code[::-1] else (code, code[::-1])
        allowed = (1,) if code[1] == JOKER else (0, 2)
        for at, d, idx, colour in slots:
            if idx not in allowed:
                continue
            for r in readings:
                if matches(r[idx], colour):
                    yield i, r, at, d, 1
