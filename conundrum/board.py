"""Board: the cells of placed tiles, with contact tables kept up to date.

For every empty cell next to the board the board keeps how many of its four
neighbours show each colour. From that, a candidate square's matching-contact
count and clash are one table look-up, so the solver never rescans the board,
and adding or removing one tile touches at most a dozen table entries.

A board made from placements at once (a record read back, a copy) makes those
tables in one pass when first read: most such boards are only drawn and checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, KeysView, Mapping

from .errors import BoardError
from .frontier_runs import CELL_BITS, NO_CONTACT, FrontierRuns, Run, Scores
from .placement import Cell, Placement, as_placement, neighbours
from .tiles import COLOUR_INDEX, JOKER, canonical

CLASH = -100  # a score so low that no run containing it reaches 2 matching contacts
_JOKER_I = COLOUR_INDEX[JOKER]


def _scores(counts: list[int]) -> tuple[int, ...]:
    """Per square colour (R, Y, G, B, P, *): matching contacts, or CLASH.

    >>> _scores([1, 0, 0, 0, 0, 1])  # an R and a joker around the cell
    (2, -100, -100, -100, -100, 2)
    """
    # written out colour by colour: a board makes this for every changed cell
    r, y, g, b, p, j = counts
    total = r + y + g + b + p + j
    return (r + j if r + j == total else CLASH, y + j if y + j == total else CLASH,
            g + j if g + j == total else CLASH, b + j if b + j == total else CLASH,
            p + j if p + j == total else CLASH, total)  # a joker square matches all


class Board:
    """Placed tiles (the first is the start) and their cells.

    Tiles are identified by an integer id that stays valid until removed.
    Duplicated tiles are allowed here so that `validate` can load and report
    them; the rules (see rules.py) decide what a legal board is.

    >>> board = Board([Placement("B*Y", (0, 0), "h")])
    >>> board.add(("YYY", (1, -1), "h"))
    1
    >>> len(board), board.contains("YYY"), board.bbox()
    (2, True, (0, -1, 3, 0))
    >>> board.remove(1)
    Placement(code='YYY', at=(1, -1), dir='h')
    """

    def __init__(self, placements: Iterable[Placement] = ()) -> None:
        self._tiles: dict[int, Placement] = {}
        self._next_id = 0
        self._cells: dict[Cell, tuple[str, int]] = {}
        self._codes: Counter[str] = Counter()
        # the bounding box, widened as tiles are laid; None: find it again (after a removal)
        self._bbox: tuple[int, int, int, int] | None = None
        for p in placements:
            self._place(p if isinstance(p, Placement) else as_placement(p))
        self.release_tables()  # none made yet: made when first asked for (_make_tables)

    def release_tables(self) -> None:
        """Forget the contact tables, made again when next asked for (as a board read from a
        file makes them): a board kept long after it was searched (a book holds every
        puzzle it makes) holds only its tiles, a third of the memory."""
        self._counts: dict[Cell, list[int]] = {}
        self._score: dict[Cell, tuple[int, ...]] = {}
        self._dirty: set[Cell] = set()  # cells whose counts changed since scores were made
        self._runs: list[Run] | None = None
        # the runs kept in order as tiles are laid (frontier_runs.py): the tiles laid and the
        # cells they brought to the frontier since the runs were last read; None: scan again
        self._frontier_runs: FrontierRuns | None = None
        self._laid: list[Placement] = []
        self._fresh: list[Cell] = []
        self._fitting: list[Run] | None = None
        self._packed_runs: list[int] | None = None
        self._stale = bool(self._tiles)  # the contact tables not made yet (_make_tables)

    # ---- reading -------------------------------------------------------
    def __len__(self) -> int:
        return len(self._tiles)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self._tiles.values())

    @property
    def placements(self) -> list[Placement]:
        """The placements on the board, the start first, in the order they were laid."""
        return list(self._tiles.values())

    def items(self) -> Iterator[tuple[int, Placement]]:
        """Each tile on the board as (tile id, placement), the start first."""
        return iter(self._tiles.items())

    @property
    def start(self) -> Placement | None:
        """The start tile's placement (the first laid), or None on an empty board."""
        return next(iter(self._tiles.values()), None)

    @property
    def start_id(self) -> int | None:
        """The start tile's id, or None on an empty board."""
        return next(iter(self._tiles), None)

    def placement(self, tile_id: int) -> Placement:
        """The placement of tile `tile_id`; KeyError for an id not on the board."""
        return self._tiles[tile_id]

    def colour_at(self, cell: Cell) -> str | None:
        """The colour on a cell, or None when it is empty.

        >>> board = Board([Placement("B*Y", (0, 0), "h")])
        >>> board.colour_at((1, 0)), board.colour_at((3, 0))
        ('*', None)
        """
        hit = self._cells.get(cell)
        return hit[0] if hit else None

    def tile_at(self, cell: Cell) -> int | None:
        """The id of the tile on a cell, or None when it is empty."""
        hit = self._cells.get(cell)
        return hit[1] if hit else None

    def colour_of(self, cell: Cell) -> str:
        """The colour on a cell known to be occupied (KeyError when it is empty)."""
        return self._cells[cell][0]

    def tile_of(self, cell: Cell) -> int:
        """The id of the tile on a cell known to be occupied (KeyError when it is empty)."""
        return self._cells[cell][1]

    def occupied(self, cell: Cell) -> bool:
        """Whether a tile covers the cell."""
        return cell in self._cells

    @property
    def cells(self) -> dict[Cell, str]:
        """Every occupied cell with its colour (a new dict each time)."""
        return {c: v[0] for c, v in self._cells.items()}

    def contains(self, tile: str) -> bool:
        """Whether a tile (any reading of its code) is on the board."""
        return self._codes[canonical(tile)] > 0

    def tiles_laid(self) -> KeysView[str]:
        """The tiles on the board by their canonical codes (a live view: no copy)."""
        return self._codes.keys()

    def tile_codes(self) -> Counter[str]:
        """How many times each tile is on the board, by canonical code (a copy)."""
        return Counter(self._codes)

    def bbox(self) -> tuple[int, int, int, int]:
        """(min x, min y, max x, max y) of the occupied cells."""
        if not self._cells:
            return (0, 0, 0, 0)
        if self._bbox is None:  # a growth asks this at every move: kept as tiles are laid
            xs = [c[0] for c in self._cells]
            ys = [c[1] for c in self._cells]
            self._bbox = (min(xs), min(ys), max(xs), max(ys))
        return self._bbox

    def score(self, cell: Cell) -> tuple[int, ...]:
        """Matching contacts per colour for an empty cell (CLASH where it would clash)."""
        self._refresh()
        return self._score.get(cell, NO_CONTACT)

    def match_clash(self, cell: Cell, colour: str) -> tuple[int, int]:
        """For an empty cell: the contacts a square of `colour` there would make that
        match and that clash, read from the tables (no rescan).

        >>> board = Board([Placement("B*Y", (0, 0), "h")])
        >>> board.match_clash((3, 0), "Y"), board.match_clash((3, 0), "R")
        ((1, 0), (0, 1))
        """
        if self._stale:
            self._make_tables()
        counts = self._counts.get(cell)
        if counts is None:
            return (0, 0)
        total = sum(counts)
        if colour == JOKER:
            return (total, 0)
        match = counts[COLOUR_INDEX[colour]] + counts[_JOKER_I]
        return (match, total - match)

    def contact_counts(self, cell: Cell) -> tuple[int, ...]:
        """For an empty cell: its occupied neighbours by colour (R, Y, G, B, P, *)."""
        if self._stale:
            self._make_tables()
        counts = self._counts.get(cell)
        return tuple(counts) if counts is not None else NO_CONTACT

    def squares(self) -> Mapping[Cell, tuple[str, int]]:
        """For hot loops, read only: every occupied cell's (colour, tile id). Live: it
        changes with the board."""
        return self._cells

    def tables(self) -> tuple[Mapping[Cell, tuple[str, int]], Mapping[Cell, Scores]]:
        """For hot loops, read only: `squares`, and every frontier cell's scores (as
        `score`, which is `NO_CONTACT` for cells not in it). Valid until the board next
        changes."""
        self._refresh()
        return self._cells, self._score

    def frontier(self) -> Iterator[Cell]:
        """Empty cells with at least one occupied neighbour."""
        if self._stale:
            self._make_tables()
        return iter(self._counts)

    def _refresh(self) -> None:
        # Scores are made lazily: one tile changes a cell's counts up to three times.
        if self._stale:
            self._make_tables()
        if self._dirty:
            for cell in self._dirty:
                self._score[cell] = _scores(self._counts[cell])
            self._dirty.clear()

    def copy(self) -> Board:
        """A new board with the same placements in the same order (the ids start again at 0)."""
        return Board(self._tiles.values())

    # ---- changing ------------------------------------------------------
    def add(self, p: Placement) -> int:
        """Lay a placement; raises BoardError if a cell is taken.

        A plain `(code, at, dir)` tuple or a `{code, at, dir}` mapping is read as
        a placement (and checked like one from a file).
        """
        if not isinstance(p, Placement):
            p = as_placement(p)
        if self._stale:
            self._make_tables()
        squares = p.squares  # a property that builds its tuple: read once
        tile_id = self._place(p, squares)
        cells, all_counts, dirty = self._cells, self._counts, self._dirty
        for cell, _colour in squares:  # a covered cell is no longer a neighbour
            if all_counts.pop(cell, None) is not None:
                self._score.pop(cell, None)
                dirty.discard(cell)
        fresh = self._fresh if self._frontier_runs is not None else None
        for cell, colour in squares:
            ci = COLOUR_INDEX[colour]
            x, y = cell
            for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):  # neighbours, inline
                if n in cells:
                    continue
                counts = all_counts.get(n)
                if counts is None:
                    counts = all_counts[n] = [0] * 6
                    if fresh is not None:
                        fresh.append(n)
                counts[ci] += 1
                dirty.add(n)
        if fresh is not None:
            self._laid.append(p)
        self._runs = self._fitting = self._packed_runs = None
        return tile_id

    def _place(self, p: Placement, squares: tuple[tuple[Cell, str], ...] | None = None
               ) -> int:
        """Lay `p` on the cells (its `squares`, where read already), without the contact
        tables (`add` keeps those); its tile id. BoardError if a cell is taken."""
        cells = self._cells
        if squares is None:
            squares = p.squares  # a property that builds its tuple: read once
        for cell, _colour in squares:
            if cell in cells:
                other = self._tiles[cells[cell][1]]
                raise BoardError(f"tile {p.code} overlaps tile {other.code} at {cell}")
        tile_id = self._next_id
        self._next_id += 1
        self._tiles[tile_id] = p
        self._codes[p.tile] += 1
        for cell, colour in squares:
            cells[cell] = (colour, tile_id)
        if self._bbox is not None:
            (xa, ya), (xb, yb) = squares[0][0], squares[-1][0]  # its first and last cells
            x0, y0, x1, y1 = self._bbox
            self._bbox = (min(x0, xa), min(y0, ya), max(x1, xb), max(y1, yb))
        return tile_id

    def _make_tables(self) -> None:
        """The contact tables of the tiles placed at once, in one pass: what `add` would have
        made laying them in turn, the frontier cells in the same order (where a cell
        first touched the board: the order the candidate runs, and so the generator's
        choices, follow)."""
        cells, all_counts = self._cells, self._counts
        for (x, y), (colour, _tile) in cells.items():  # tile by tile, square by square
            ci = COLOUR_INDEX[colour]
            for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):  # as add, inline
                if n not in cells:
                    counts = all_counts.get(n)
                    if counts is None:
                        counts = all_counts[n] = [0] * 6
                    counts[ci] += 1
        self._dirty.update(all_counts)
        self._stale = False

    def remove(self, tile_id: int) -> Placement:
        """Take a tile off the board; its cells become empty again."""
        if self._stale:
            self._make_tables()
        p = self._tiles.pop(tile_id)
        self._codes[p.tile] -= 1
        if not self._codes[p.tile]:
            del self._codes[p.tile]
        for cell in p.cells:
            del self._cells[cell]
        for cell, colour in p.squares:
            ci = COLOUR_INDEX[colour]
            for n in neighbours(cell):
                counts = self._counts.get(n)
                if counts is None or n in self._cells:
                    continue
                counts[ci] -= 1
                if any(counts):
                    self._dirty.add(n)
                else:
                    del self._counts[n]
                    self._score.pop(n, None)
                    self._dirty.discard(n)
        for cell in p.cells:
            counts = [0] * 6
            for n in neighbours(cell):
                hit = self._cells.get(n)
                if hit:
                    counts[COLOUR_INDEX[hit[0]]] += 1
            if any(counts):
                self._counts[cell] = counts
                self._dirty.add(cell)
        self._runs = self._fitting = self._packed_runs = self._frontier_runs = None
        self._bbox = None
        self._laid.clear()
        self._fresh.clear()
        return p

    # ---- what the solver reads ----------------------------------------
    def candidate_runs(self) -> list[Run]:
        """Every run of three empty cells that touches the board, with each cell's scores.

        Only such runs can hold a legal tile (it needs contacts). Cached until
        the board changes.
        """
        if self._runs is None:
            self._refresh()
            if self._frontier_runs is None:
                self._frontier_runs = FrontierRuns(self._cells, self._score)
                self._frontier_runs.scan(self._counts)
            else:
                self._frontier_runs.catch_up(self._laid, self._fresh)
            self._laid.clear()
            self._fresh.clear()
            self._runs = list(self._frontier_runs.runs.values())
        return self._runs

    def fitting_runs(self) -> list[Run]:
        """The candidate runs (same order) with two or more contacts in all: the only runs a
        standard reading can fit (it needs two matching contacts), about half of them.
        Cached until the board changes."""
        if self._fitting is None:
            self._fitting = [run for run in self.candidate_runs()
                             if run[2][-1] + run[3][-1] + run[4][-1] >= 2]
        return self._fitting

    def packed_runs(self) -> list[int]:
        """The candidate runs (same order), each as one integer: its three cells' contacts
        by colour (`CONTACT_BITS` each; `run_matches` reads them back). What grading reads: a
        reading's matches and clashes follow from them, and an integer is a cheap key for
        the process's cache of run vectors (rules.reading_census). Cached until the board
        changes."""
        if self._packed_runs is None:
            self._packed_runs = self.pack_runs(run[:2] for run in self.candidate_runs())
        return self._packed_runs

    def pack_runs(self, runs: Iterable[tuple[Cell, str]]) -> list[int]:
        """Runs given by (first cell, dir), each packed as `packed_runs` packs it, in the
        order given: for a caller that keeps the candidate runs itself (the generator's
        position tracker), without the board finding them again after a removal."""
        if self._stale:
            self._make_tables()
        get = {cell: r | y << 3 | g << 6 | b << 9 | p << 12 | j << 15  # CONTACT_BITS
               for cell, (r, y, g, b, p, j) in self._counts.items()}.get
        out: list[int] = []
        for (x, y), d in runs:
            c1, c2 = ((x + 1, y), (x + 2, y)) if d == "h" else ((x, y + 1), (x, y + 2))
            out.append(get((x, y), 0) | get(c1, 0) << CELL_BITS | get(c2, 0) << 2 * CELL_BITS)
        return out
