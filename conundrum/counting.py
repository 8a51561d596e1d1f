"""Position counts of every tile at once, kept up to date as the board changes.

A core module (the rule sets hand out these trackers; the generator's search
drives them): it imports only the board, the fits and the tiles.

The local search changes one tile at a time and needs, after each change, the
count of every tile not on the board (so it can *choose* given tiles whose
counts hit the targets). Recounting from scratch costs a pass over every
candidate run for every tile; here each run's contribution to all 80 counts
is one packed integer (16 bits a tile), cached by the run's score signature,
and a change only re-derives the few dozen runs near the changed tile.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable

from .board import Board
from .fits import (
    HasOpenEnds,
    Slot,
    cached_table,
    junior_fits,
    junior_slots,
    standard_fits,
)
from .placement import STEP, Cell, Placement, run_cells
from .tiles import canonical

FIELD = 16  # bits per tile in a packed count vector
MASK = (1 << FIELD) - 1
_EMPTY = (0, 0, 0, 0, 0, 0)

RunKey = tuple[Cell, str]
_NOTHING = (_EMPTY, _EMPTY, _EMPTY)
# (dx, dy, dir) such that the run starting at cell - (dx, dy) contains the cell
_RUN_OFFSETS = tuple((k * sx, k * sy, d) for d, (sx, sy) in STEP.items() for k in (0, 1, 2))


def _changed_runs(d: str) -> tuple[tuple[int, int, str], ...]:
    """The runs a tile laid at (0, 0) in direction `d` may change, as (x, y, dir) of their
    first cell: every run holding one of its cells or their neighbours, in the order
    `StandardTracker._refresh` has always visited them (cell by cell, then each cell's runs)."""
    touched: dict[Cell, None] = {}
    for x, y in run_cells((0, 0), d):
        touched[(x, y)] = None
        touched[(x - 1, y)] = touched[(x + 1, y)] = None
        touched[(x, y - 1)] = touched[(x, y + 1)] = None
    keys: dict[tuple[int, int, str], None] = {}
    for x, y in touched:
        for ox, oy, run_dir in _RUN_OFFSETS:
            keys[(x - ox, y - oy, run_dir)] = None
    return tuple(keys)


def _with_cells(runs: tuple[tuple[int, int, str], ...]
                ) -> tuple[tuple[int, int, str, int, int, int, int], ...]:
    """Each run (x, y, dir) with the offsets of its second and third cells beside it."""
    return tuple((x, y, d, x + STEP[d][0], y + STEP[d][1], x + 2 * STEP[d][0],
                  y + 2 * STEP[d][1]) for x, y, d in runs)


# by the laid tile's direction, relative to its first cell: made once, not per change
_CHANGED_RUNS = {d: _with_cells(_changed_runs(d)) for d in STEP}
Signature = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# A run's counts: its scores, every tile's readings on it packed, and the tiles (canonical
# codes) with one: `positions` asks which runs a tile has a reading on, a set look-up, not
# a shift of the packed integer (a new integer of a thousand bits) a run. Made once a
# signature and kept as they are for every run with it (no new tuple a run refreshed).
RunCounts = tuple[Signature, int, frozenset[str]]
# Run counts by tile set, shared by every tracker of the process: a book's generator
# meets the same few thousand run signatures on board after board. A pure function of
# (tiles, signature), so sharing changes no result; cleared when it grows past the cap.
_VECTORS: dict[tuple[str, ...], dict[Signature, RunCounts]] = {}
VECTOR_CAP = 200_000


class StandardTracker:
    """A board plus the standard-rules position count of every tile, updated per change.

    Always change the board through `add` and `remove` of the tracker.
    """

    def __init__(self, board: Board, tiles: tuple[str, ...]) -> None:
        self.board = board
        self.tiles = tiles
        self._table = cached_table(tiles)  # a search makes a tracker a board grown
        self._shifts = [(canonical(code), FIELD * i) for i, code in enumerate(tiles)]
        self._shift = dict(self._shifts)
        self._vectors = _VECTORS.setdefault(tiles, {})
        if len(self._vectors) > VECTOR_CAP:
            self._vectors.clear()
        # each candidate run's scores and its packed counts (kept beside them: a change
        # takes a run's counts off the total, and `positions` skips the runs a tile has
        # no reading on, without hashing the scores again)
        self._runs: dict[RunKey, RunCounts] = {}
        self._total = 0
        for at, d, s0, s1, s2 in board.candidate_runs():
            counts = self._vector((s0, s1, s2))
            self._runs[(at, d)] = counts
            self._total += counts[1]

    # ---- changing ------------------------------------------------------
    def add(self, p: Placement) -> int:
        """Lay `p` on the board and update the counts; returns its tile id.
        BoardError when a cell is taken."""
        tile_id = self.board.add(p)
        self._refresh(p)
        return tile_id

    def remove(self, tile_id: int) -> Placement:
        """Take tile `tile_id` off the board and update the counts; returns its placement.
        KeyError for an id not on the board."""
        p = self.board.remove(tile_id)
        self._refresh(p)
        return p

    def _refresh(self, p: Placement) -> None:
        """Re-derive every run whose cells' occupancy or scores the change touched."""
        x0, y0 = p.at
        occupied, scores = self.board.tables()
        score = scores.get
        runs, vector, known = self._runs, self._vector, self._vectors.get
        pop = runs.pop
        total = self._total
        # a change touches a few dozen runs and the search makes thousands of changes a
        # board: each run's cells from offsets made once, read cell by cell
        for ox, oy, d, x1, y1, x2, y2 in _CHANGED_RUNS[p.dir]:
            at = (x0 + ox, y0 + oy)
            key = (at, d)
            old = pop(key, None)
            if old is not None:
                total -= old[1]
            if at in occupied:
                continue
            c1 = (x0 + x1, y0 + y1)
            if c1 in occupied:
                continue
            c2 = (x0 + x2, y0 + y2)
            if c2 in occupied:
                continue
            sig = (score(at, _EMPTY), score(c1, _EMPTY), score(c2, _EMPTY))
            if sig == _NOTHING:
                continue
            counts = known(sig)
            if counts is None:
                counts = vector(sig)
            runs[key] = counts
            total += counts[1]
        self._total = total

    # ---- reading -------------------------------------------------------
    def _vector(self, sig: Signature) -> RunCounts:
        """Every tile's number of legal readings on a run with these scores, packed, and the
        tiles with one."""
        counts = self._vectors.get(sig)
        if counts is None:
            vec = 0
            names = []
            # a run's cell and direction do not change which readings fit it
            for i, code, *_ in standard_fits((((0, 0), "h", *sig),), self._table):
                vec += 1 << (FIELD * i)
                names.append(canonical(code))
            counts = self._vectors[sig] = (sig, vec, frozenset(names))
        return counts

    def counts(self) -> dict[str, int]:
        """Position count of each tile of the set that is not on the board."""
        laid = self.board.tiles_laid()  # canonical codes, as the set's tiles are
        return {code: n for (code, _shift), n in zip(self._shifts, self._fields(), strict=True)
                if code not in laid}

    def playable(self) -> list[str]:
        """The tiles of the set off the board that have a position, in the set's order (as
        `counts` lists them): what a growth draws from at every move."""
        laid = self.board.tiles_laid()
        return [code for (code, _shift), n in zip(self._shifts, self._fields(), strict=True)
                if n and code not in laid]

    def _fields(self) -> array:
        # the packed total's fields (FIELD = 16 bits: an "H" each) read all at once, not
        # shifted out tile by tile: the search asks this before every move
        fields = array("H", self._total.to_bytes(2 * len(self.tiles), "little"))
        if sys.byteorder == "big":
            fields.byteswap()
        return fields

    def run_keys(self) -> Iterable[RunKey]:
        """The board's candidate runs as (first cell, dir), in no particular order (a live
        view: read it before the next change), kept here as the board changes: after a
        removal the board would scan its frontier again to give them in its order."""
        return self._runs.keys()

    def positions(self, code: str) -> list[Placement]:
        """Every legal position of one tile (in no particular order)."""
        tile = canonical(code)
        if tile in self._shift:
            runs = [(at, d, *sig) for (at, d), (sig, _vec, names) in self._runs.items()
                    if tile in names]
        else:  # not a tile of the set: every run
            runs = [(at, d, *counts[0]) for (at, d), counts in self._runs.items()]
        return [Placement(r, at, d)
                for _i, r, at, d, _n in standard_fits(runs, cached_table((code,)))]

    def within(self, lo: Cell, hi: Cell) -> Within:
        """The positions whose three cells all lie between the cells `lo` and `hi` (corners
        included): where a book's page leaves room (generate/search.py, `Room`). One pass
        over the runs, then each tile asked reads only those: a growth within a room
        draws half its tiles again for want of a place there, and asked `positions` of
        each in full."""
        (xl, yl), (xh, yh) = lo, hi
        runs = []
        total = 0
        for (at, d), (sig, vec, names) in self._runs.items():
            x, y = at
            if (xl <= x and x + 2 <= xh and yl <= y <= yh if d == "h"
                    else xl <= x <= xh and yl <= y and y + 2 <= yh):
                runs.append((at, d, sig, names))
                total += vec
        return Within(runs, total, self._shift)


class Within:
    """The legal positions within a window of cells (`StandardTracker.within`), as
    `StandardTracker.positions` gives them, in the same order."""

    def __init__(self, runs: list[tuple[Cell, str, Signature, frozenset[str]]], total: int,
                 shifts: dict[str, int]) -> None:
        self._runs, self._total, self._shift = runs, total, shifts

    def positions(self, code: str) -> list[Placement]:
        """Every legal position of one tile within the window (in no particular order)."""
        tile = canonical(code)
        shift = self._shift.get(tile)
        if shift is not None and not (self._total >> shift) & MASK:
            return []
        runs = [(at, d, *sig) for at, d, sig, names in self._runs
                if shift is None or tile in names]
        return [Placement(r, at, d)
                for _i, r, at, d, _n in standard_fits(runs, cached_table((code,)))]


class JuniorTracker:
    """The same interface under junior rules, recounted from the open ends on demand.

    A junior position has exactly one contact, against an open end, so it is
    fixed by a *slot* (solver.junior_slots); the slots are kept until the
    board changes, and each tile's readings are checked against them.
    """

    def __init__(self, board: Board, tiles: tuple[str, ...], rules: HasOpenEnds) -> None:
        self.board = board
        self.tiles = tiles
        self.rules = rules
        self._slots: list[Slot] | None = None

    def add(self, p: Placement) -> int:
        """Lay `p` on the board (slots are found again when next asked); returns its tile id.
        BoardError when a cell is taken."""
        self._slots = None
        return self.board.add(p)

    def remove(self, tile_id: int) -> Placement:
        """Take tile `tile_id` off the board; returns its placement. KeyError for an id not on
        the board."""
        self._slots = None
        return self.board.remove(tile_id)

    def slots(self) -> list[Slot]:
        """(at, dir, index of the touching square, colour of the open end) for each slot."""
        if self._slots is None:
            self._slots = junior_slots(self.board, self.rules)
        return self._slots

    def counts(self) -> dict[str, int]:
        """The number of junior positions of every tile of the set that is not on the board."""
        board = self.board
        wanted = [code for code in self.tiles if not board.contains(code)]
        found = dict.fromkeys(wanted, 0)
        for i, *_ in junior_fits(self.slots(), wanted):
            found[wanted[i]] += 1
        return found

    def playable(self) -> list[str]:
        """The tiles of the set off the board that have a position, in the set's order."""
        return [code for code, n in self.counts().items() if n]

    def positions(self, code: str) -> list[Placement]:
        """Every junior position of `code` on the board, slot by slot."""
        return [Placement(r, at, d) for _i, r, at, d, _n in junior_fits(self.slots(), [code])]
