"""Lay them all (`kind: all`): every final arrangement of the given tiles.

An arrangement puts each given tile on one position so that the tiles can be
laid one by one, in some order, each legal when laid on the board plus the
tiles laid before it (docs/rules.md's placement rule, unchanged: the rule set's
own `fits`). The order is part of the proof, not of the answer: two orders
ending on the same cells and colours are one arrangement.

The search lays tiles in every order, but visits each set of laid positions
once (a set reached by two orders has the same future), so its work is the
number of distinct partial arrangements, not of orders. What it saw is kept
for the effort model: every position the reader could have laid at some
point (`tried`) and the partial arrangements with no way on (`dead_ends`).

Under standard rules a complete search reads the board's runs once: a run's legality
depends only on its cells' contacts, and laying a tile changes only the contacts beside
it, so each partial arrangement's moves are its parent's, less those on or beside the
tile laid, plus those the runs beside it now allow (`_moves_after`). A complete search
visits every reachable partial arrangement whatever the order of its moves, so its
result is the same as reading every run again; a stopped one (`stop_after`) reads every
run again, as the order of its moves decides where it stops.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from .board import Board
from .errors import ConundrumError
from .fits import reading_table, standard_fits
from .frontier_runs import Run
from .notation import Grid
from .placement import STEP, Cell, Placement, neighbours, run_cells
from .puzzle import Puzzle
from .rules import RuleSet, StandardRules
from .solver import check_tile, reading_order
from .tiles import canonical

# An arrangement: one position per given tile, in the order the tiles are given.
Arrangement = tuple[Placement, ...]
Move = tuple[int, Placement]  # (index of the given tile, a position it may be laid at)
# Partial arrangements visited beyond this mean a puzzle no reader could deduce; the
# search stops and says so rather than run for minutes. Measured on a crowded junior board
# with its most placeable tiles given: about 2 s and 45 MB for 4 tiles, 3 s and 60 MB for 5
# (at 2,000,000 it took 434 s and 2.4 GB); the generator's puzzles visit under 100 states,
# and 3 tiles with 9,838 arrangements visit 11,079.
MAX_STATES = 30_000


class TooManyStates(ConundrumError):
    """The search passed MAX_STATES partial arrangements (docs/reference/limits.md)."""


@contextmanager
def naming(source: object) -> Iterator[None]:
    """Inside, a search beyond the limit names the puzzle file `source` (a command's
    message names the file it read)."""
    try:
        yield
    except TooManyStates as exc:
        raise TooManyStates(f"{source}: {exc}") from None


@dataclass(frozen=True)
class Arranged:
    """The search's result: every final arrangement (sorted), and what the search saw."""

    arrangements: tuple[Arrangement, ...]
    tried: frozenset[tuple[int, Placement]]  # (tile index, position) laid at some point
    dead_ends: int  # partial arrangements from which no tile can be laid
    states: int  # distinct partial arrangements visited (the empty one included)
    complete: bool  # False when stopped early (`stop_after` reached)

    @property
    def count(self) -> int:
        """How many arrangements were found (all of them when `complete`)."""
        return len(self.arrangements)


def arrangement_order(a: Arrangement) -> tuple:
    """A stable order for listing arrangements: tile by tile, in reading order."""
    return tuple(reading_order(p) for p in a)


def arrange(board: Board, codes: Sequence[str], rules: RuleSet,
            stop_after: int | None = None) -> Arranged:
    """Every final arrangement of `codes` on `board` under `rules`; the search stops once
    `stop_after` arrangements are found (then `complete` is False). ConundrumError for a
    bad or repeated code; TooManyStates for a search beyond MAX_STATES partial arrangements."""
    norm = [check_tile(board, c, rules) for c in codes]
    if len({canonical(c) for c in norm}) != len(norm):
        raise ConundrumError("the given tiles must be distinct")
    return _Search(board.copy(), norm, rules, stop_after).run()


def puzzle_arrangements(puzzle: Puzzle, stop_after: int | None = None) -> Arranged:
    """Every arrangement of a puzzle's given tiles on its board (`arrange`)."""
    return arrange(puzzle.board, [g.code for g in puzzle.given], puzzle.ruleset, stop_after)


def claim_faults(puzzle: Puzzle, arranged: Arranged | None = None) -> list[str]:
    """A `kind: all` puzzle's printed claim (`solutions:`) against the solver's count, in
    words: empty when right, or when nothing is claimed."""
    if puzzle.kind != "all" or puzzle.solutions is None:
        return []
    found = (arranged or puzzle_arrangements(puzzle)).count
    if found == puzzle.solutions:
        return []
    return [f"the file says solutions: {puzzle.solutions}, the solver finds {found} "
            f"arrangement{'s' if found != 1 else ''} (printed claim)"]


def drawn_grid(puzzle: Puzzle, arranged: Arranged | None = None) -> Grid:
    """The grid a sheet draws and names cells on: the board's (`Grid.of`), grown where a
    `kind: all` puzzle's arrangements reach further, so every answer cell is on the sheet
    with one empty cell beyond it. `arranged`: the arrangements already found."""
    grid = Grid.of(puzzle.board)
    if puzzle.kind != "all":
        return grid
    if arranged is None:
        arranged = puzzle_arrangements(puzzle)
    cells = [c for a in arranged.arrangements for p in a for c in p.cells]
    if not cells:
        return grid
    left = min(grid.left, min(x for x, _ in cells) - 1)
    top = min(grid.top, min(y for _, y in cells) - 1)
    right = max(grid.left + grid.width, max(x for x, _ in cells) + 2)
    bottom = max(grid.top + grid.height, max(y for _, y in cells) + 2)
    return Grid(left, top, right - left, bottom - top)


class _Search:
    """Depth-first over laying orders, each set of laid positions expanded once."""

    def __init__(self, board: Board, codes: list[str], rules: RuleSet,
                 stop_after: int | None) -> None:
        self.board, self.codes, self.rules, self.stop_after = board, codes, rules, stop_after
        self.laid: dict[int, Placement] = {}
        self.seen: set[frozenset[tuple[int, Placement]]] = set()
        self.finals: set[frozenset[tuple[int, Placement]]] = set()
        self.tried: set[tuple[int, Placement]] = set()
        self.dead_ends = 0
        # the local step (module docstring): standard rules' fits, a complete search
        self.local = stop_after is None and type(rules).fits is StandardRules.fits

    def run(self) -> Arranged:
        self._visit()
        k = len(self.codes)
        found = [tuple(dict(s)[i] for i in range(k)) for s in self.finals]
        found.sort(key=arrangement_order)
        return Arranged(tuple(found), frozenset(self.tried), self.dead_ends, len(self.seen),
                        not self._stopped())

    def _stopped(self) -> bool:
        return self.stop_after is not None and len(self.finals) >= self.stop_after

    def _visit(self, parent: list[Move] | None = None, laid: Placement | None = None
               ) -> None:
        """Expand the current partial arrangement; `parent`: the moves of the one before
        it, which `laid` was laid on (the local step), or None to read every run."""
        key = frozenset(self.laid.items())
        if key in self.seen:
            return
        self._see(key)
        if len(self.laid) == len(self.codes):
            self.finals.add(key)
            return
        rest = [i for i in range(len(self.codes)) if i not in self.laid]
        if parent is None or laid is None:
            moves = [(rest[j], Placement(r, at, d)) for j, r, at, d, _n
                     in self.rules.fits(self.board, [self.codes[i] for i in rest])]
        else:
            moves = self._moves_after(parent, laid, rest)
        if not moves:
            self.dead_ends += 1
        last = len(rest) == 1
        for i, p in moves:
            self.tried.add((i, p))
            if last:  # a final arrangement: legal as laid, nothing to lay after it, so the
                # board is not touched (most states of a search are finals)
                final = key | {(i, p)}
                if final not in self.seen:
                    self._see(final)
                    self.finals.add(final)
            else:
                tile_id = self.board.add(p)
                self.laid[i] = p
                self._visit(moves if self.local else None, p)
                del self.laid[i]
                self.board.remove(tile_id)
            if self._stopped():
                return

    def _moves_after(self, parent: list[Move], laid: Placement, rest: list[int]
                     ) -> list[Move]:
        """The moves once `laid` is on the board (standard rules): the parent's moves of
        the tiles in `rest`, less those on or beside `laid`, plus every legal reading on
        the runs of empty cells that touch it (their contacts are the ones it changed)."""
        board = self.board
        near: dict[Cell, None] = {}  # the empty cells beside the tile laid, in order
        for cell in laid.cells:
            for n in neighbours(cell):
                if not board.occupied(n):
                    near[n] = None
        runs: dict[tuple[Cell, str], Run] = {}
        for cx, cy in near:
            for d, (dx, dy) in STEP.items():
                for k in (0, 1, 2):
                    at = (cx - k * dx, cy - k * dy)
                    if (at, d) in runs:
                        continue
                    c0, c1, c2 = run_cells(at, d)
                    if board.occupied(c0) or board.occupied(c1) or board.occupied(c2):
                        continue
                    runs[(at, d)] = (at, d, board.score(c0), board.score(c1), board.score(c2))
        left, taken = set(rest), set(laid.cells)
        kept = [(i, q) for i, q in parent if i in left and (q.at, q.dir) not in runs
                and taken.isdisjoint(q.cells)]
        table = reading_table([self.codes[i] for i in rest])
        fresh = [(rest[j], Placement(r, at, d))
                 for j, r, at, d, _n in standard_fits(list(runs.values()), table)]
        return kept + fresh

    def _see(self, key: frozenset[tuple[int, Placement]]) -> None:
        self.seen.add(key)
        if len(self.seen) > MAX_STATES:
            raise TooManyStates(f"more than {MAX_STATES:,} partial arrangements (the "
                                "solver's limit): too many ways to lay these tiles to list "
                                "them")
