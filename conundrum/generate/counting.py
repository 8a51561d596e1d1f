"""Position counts of every tile at once, kept up to date as the board changes.

The local search changes one tile at a time and needs, after each change, the
count of every tile not on the board (so it can *choose* given tiles whose
counts hit the targets). Recounting from scratch costs a pass over every
candidate run for every tile; here each run's contribution to all 80 counts
is one packed integer (16 bits a tile), cached by the run's score signature,
and a change only re-derives the few dozen runs near the changed tile.
"""

from __future__ import annotations

from ..board import Board
from ..placement import STEP, Cell, Placement, contact_count, neighbours, run_cells
from ..rules import JuniorRules, matches
from ..tiles import COLOUR_INDEX, JOKER

FIELD = 16  # bits per tile in a packed count vector
MASK = (1 << FIELD) - 1
_EMPTY = (0, 0, 0, 0, 0, 0)

RunKey = tuple[Cell, str]
_NOTHING = (_EMPTY, _EMPTY, _EMPTY)
# (dx, dy, dir) such that the run starting at cell - (dx, dy) contains the cell
_RUN_OFFSETS = tuple((k * sx, k * sy, d) for d, (sx, sy) in STEP.items() for k in (0, 1, 2))
Signature = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class StandardTracker:
    """A board plus the standard-rules position count of every tile, updated per change.

    Always change the board through `add` and `remove` of the tracker.
    """

    def __init__(self, board: Board, tiles: tuple[str, ...]) -> None:
        self.board = board
        self.tiles = tiles
        self._index = [(code, *(COLOUR_INDEX[ch] for ch in code), code == code[::-1])
                       for code in tiles]
        self._vectors: dict[Signature, int] = {}
        self._runs: dict[RunKey, Signature] = {}
        self._total = 0
        for at, d, s0, s1, s2 in board.candidate_runs():
            sig = (s0, s1, s2)
            self._runs[(at, d)] = sig
            self._total += self._vector(sig)

    # ---- changing ------------------------------------------------------
    def add(self, p: Placement) -> int:
        tile_id = self.board.add(p)
        self._refresh(p)
        return tile_id

    def remove(self, tile_id: int) -> Placement:
        p = self.board.remove(tile_id)
        self._refresh(p)
        return p

    def _refresh(self, p: Placement) -> None:
        """Re-derive every run whose cells' occupancy or scores the change touched."""
        touched: dict[Cell, None] = {}
        for x, y in p.cells:
            touched[(x, y)] = None
            touched[(x - 1, y)] = touched[(x + 1, y)] = None
            touched[(x, y - 1)] = touched[(x, y + 1)] = None
        keys: dict[RunKey, None] = {}
        for x, y in touched:
            for ox, oy, d in _RUN_OFFSETS:
                keys[((x - ox, y - oy), d)] = None
        occupied, score = self.board.occupied, self.board.score
        runs, vector = self._runs, self._vector
        total = self._total
        for key in keys:
            old = runs.pop(key, None)
            if old is not None:
                total -= vector(old)
            (x, y), d = key
            c1, c2 = ((x + 1, y), (x + 2, y)) if d == "h" else ((x, y + 1), (x, y + 2))
            if occupied((x, y)) or occupied(c1) or occupied(c2):
                continue
            sig = (score((x, y)), score(c1), score(c2))
            if sig == _NOTHING:
                continue
            runs[key] = sig
            total += vector(sig)
        self._total = total

    # ---- reading -------------------------------------------------------
    def _vector(self, sig: Signature) -> int:
        """Every tile's number of legal readings on a run with these scores, packed."""
        vec = self._vectors.get(sig)
        if vec is None:
            s0, s1, s2 = sig
            vec = 0
            for i, (_code, a, b, c, pal) in enumerate(self._index):
                n = (s0[a] + s1[b] + s2[c] >= 2) + (not pal and s0[c] + s1[b] + s2[a] >= 2)
                if n:
                    vec |= n << (FIELD * i)
            self._vectors[sig] = vec
        return vec

    def counts(self) -> dict[str, int]:
        """Position count of each tile of the set that is not on the board."""
        total = self._total
        board = self.board
        return {code: (total >> (FIELD * i)) & MASK
                for i, code in enumerate(self.tiles) if not board.contains(code)}

    def positions(self, code: str) -> list[Placement]:
        """Every legal position of one tile (in no particular order)."""
        a, b, c = (COLOUR_INDEX[ch] for ch in code)
        rev = code[::-1]
        out = []
        for (at, d), (s0, s1, s2) in self._runs.items():
            if s0[a] + s1[b] + s2[c] >= 2:
                out.append(Placement(code, at, d))
            if rev != code and s0[c] + s1[b] + s2[a] >= 2:
                out.append(Placement(rev, at, d))
        return out


class JuniorTracker:
    """The same interface under junior rules, recounted from the open ends on demand.

    A junior position has exactly one contact, against an open end, so it is
    fixed by a *slot*: three empty cells with exactly one board neighbour,
    an open end, and which of the three squares touches it. A reading is
    legal in a slot when that square may make the contact (an end square, or
    a chameleon's centre) and its colour matches the open end.
    """

    def __init__(self, board: Board, tiles: tuple[str, ...], rules: JuniorRules) -> None:
        self.board = board
        self.tiles = tiles
        self.rules = rules
        self._slots: list[tuple[Cell, str, int, str]] | None = None

    def add(self, p: Placement) -> int:
        self._slots = None
        return self.board.add(p)

    def remove(self, tile_id: int) -> Placement:
        self._slots = None
        return self.board.remove(tile_id)

    def slots(self) -> list[tuple[Cell, str, int, str]]:
        """(at, dir, index of the touching square, colour of the open end) for each slot."""
        if self._slots is None:
            self._slots = self._find_slots()
        return self._slots

    def _find_slots(self) -> list[tuple[Cell, str, int, str]]:
        board = self.board
        out = []
        for p in board:
            for end in (p.cells[0], p.cells[2]):
                if not self.rules.is_open_end(board, end):
                    continue
                colour = board.colour_at(end)
                for touch in neighbours(end):
                    if board.occupied(touch):
                        continue
                    out += self._slots_at(touch, colour)
        return out

    def _slots_at(self, touch: Cell, colour: str) -> list[tuple[Cell, str, int, str]]:
        board = self.board
        out = []
        for d, (dx, dy) in STEP.items():
            for idx in (0, 1, 2):
                at = (touch[0] - idx * dx, touch[1] - idx * dy)
                cells = run_cells(at, d)
                if any(board.occupied(c) for c in cells):
                    continue
                if contact_count(cells, board.occupied) == 1:
                    out.append((at, d, idx, colour))
        return out

    def counts(self) -> dict[str, int]:
        slots = self.slots()
        board = self.board
        return {code: len(self._legal(code, slots))
                for code in self.tiles if not board.contains(code)}

    def positions(self, code: str) -> list[Placement]:
        return self._legal(code, self.slots())

    @staticmethod
    def _legal(code: str, slots) -> list[Placement]:
        readings = (code,) if code == code[::-1] else (code, code[::-1])
        allowed = (1,) if code[1] == JOKER else (0, 2)
        out = []
        for at, d, idx, colour in slots:
            if idx not in allowed:
                continue
            for r in readings:
                if matches(r[idx], colour):
                    out.append(Placement(r, at, d))
        return out
