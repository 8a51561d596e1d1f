"""The SAT method: the whole puzzle as one formula (python-sat, Glucose 4).

Follows the measured advice in docs/generator.md:

- a square *window* of cells around the start tile, half-width
  h = max(2, ceil((sqrt(5N) - 1) / 2)), grown when the formula is
  unsatisfiable, up to a window every N-tile board fits in (3N - 2);
- one variable per (cell triple, reading of a tile) in the window; a cell
  holds at most one tile and one colour, a tile is laid at most once,
  exactly N - 1 tiles besides the start, and no clash across any edge
  between two different tiles;
- reachability by unrolling the greedy closure (docs/rules.md, legal board rule
  4) for L = min(N - 1, ceil(N / 4) + 4) rounds, at triple level: a triple
  is reached at round r if it was at r - 1 or touches cells reached at
  r - 1 on at least 2 edges (every contact between laid tiles matches,
  since clashes are excluded, so this part needs no colours);
- for each target, a *choice* of given tile (one of the set, not on the
  board, distinct from the other given tiles), a "legal here" variable per
  run of three cells and reading, defined from the cells' colours and
  occupancy, and an exact cardinality (sequential counter, `pysat.card`,
  one shared IDPool) of P over them;
- phases seeded from `random.Random`, so seeds give different puzzles.

Because the given tiles and the start chameleon are chosen *inside* the
formula, an unsatisfiable formula in the largest window with L = N - 1 is a
proof: no such puzzle exists. The model's board is checked by the rules
engine; a board the closure rejects (never seen) is cut off by a clause over
its own placement variables and the solver runs again.

Longer than 400 lines on purpose: the encoding's clauses only make sense
together, and split over files they would hide which variable means what.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Glucose4

from ..board import Board
from ..errors import GenerationError
from ..placement import STEP, Cell, Placement, neighbours, run_cells
from ..rules import RuleSet
from ..seeds import derive
from ..tiles import COLOURS, JOKER
from .search import TimeLimitError, check_deadline

Triple = tuple[Cell, Cell, Cell]
START_CELLS: Triple = ((0, 0), (1, 0), (2, 0))
CENTRE = (1, 0)
MAX_HALF_WIDTH = 12  # beyond this the formula is too big to build in reasonable time
REFINEMENTS = 50
ALL_COLOURS = COLOURS + JOKER


def half_width(n_tiles: int) -> int:
    """The first window's half-width for an N-tile board: max(2, ceil((sqrt(5N) - 1) / 2))."""
    return max(2, math.ceil((math.sqrt(5 * n_tiles) - 1) / 2))


def proof_width(n_tiles: int) -> int:
    """A half-width every legal N-tile board fits in: each tile reaches at most 3 cells further."""
    return max(1, 3 * n_tiles - 2)


def rounds_for(n_tiles: int) -> int:
    """Closure rounds unrolled in a window before the last: min(N - 1, ceil(N / 4) + 4)."""
    return min(n_tiles - 1, math.ceil(n_tiles / 4) + 4)


def stages(n_tiles: int) -> list[tuple[int, int, bool]]:
    """(half-width, closure rounds, is-a-proof) for each window tried, smallest first.

    The last stage unrolls the closure for all N - 1 rounds; when its window
    also reaches `proof_width`, an unsatisfiable formula there is a proof.
    """
    h0, top = half_width(n_tiles), proof_width(n_tiles)
    last = max(h0, min(top, MAX_HALF_WIDTH))
    widths = []
    h = h0
    while h < last:
        widths.append(h)
        h += max(2, h // 2)
    out = [(w, rounds_for(n_tiles), False) for w in widths]
    out.append((last, n_tiles - 1, last >= top))
    return out


class Encoding:
    """The clauses for one window; `decode` turns a model back into a puzzle."""

    def __init__(self, ruleset: RuleSet, n_tiles: int, targets: Sequence[int], h: int,
                 rounds: int, deadline: float | None) -> None:
        self.ruleset = ruleset
        self.n_tiles = n_tiles
        self.targets = tuple(targets)
        self.h = h
        self.rounds = rounds
        self.deadline = deadline
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.tiles = ruleset.tiles
        self.chameleons = ruleset.chameleons
        self.cells = [(x, y) for y in range(-h, h + 1) for x in range(CENTRE[0] - h,
                                                                         CENTRE[0] + h + 1)]
        self.in_window = set(self.cells)
        self.triples = self._triples()
        self.placements: dict[tuple[int, str], int] = {}  # (triple index, reading) -> var
        self.readings_of: dict[str, list[int]] = {t: [] for t in self.tiles}

    def var(self, *key: object) -> int:
        """The formula's variable for `key` (the same number every time it is asked)."""
        return self.pool.id(key)

    def _triples(self) -> list[Triple]:
        out = [START_CELLS]
        for (x, y) in self.cells:
            for d in ("h", "v"):
                t = run_cells((x, y), d)
                if t != START_CELLS and all(c in self.in_window for c in t):
                    out.append(t)
        return out

    # ---- building --------------------------------------------------------
    def build(self) -> None:
        """Add every clause: the board, its reachability and the given tiles' counts.
        TimeLimitError when the deadline passes while building."""
        self._board()
        check_deadline(self.deadline)
        self._closure()
        check_deadline(self.deadline)
        self._given()

    def _board(self) -> None:
        add = self.clauses.append
        cover: dict[Cell, list[int]] = {c: [] for c in self.cells}
        colour_sources: dict[tuple[Cell, str], list[int]] = {}
        for ti, t in enumerate(self.triples):
            if ti % 64 == 0:
                check_deadline(self.deadline)  # big windows take seconds to build
            y = self.var("y", ti)
            for c in t:
                cover[c].append(y)
            codes = self.chameleons if ti == 0 else self.tiles
            xs = []
            for tile in codes:
                for r in dict.fromkeys((tile, tile[::-1])):
                    x = self.var("x", ti, r)
                    self.placements[(ti, r)] = x
                    self.readings_of[tile].append(x)
                    xs.append(x)
                    add([-x, y])
                    for c, colour in zip(t, r, strict=True):
                        add([-x, self.var("col", c, colour)])
                        colour_sources.setdefault((c, colour), []).append(x)
            add([-y, *xs])
            if ti == 0:
                add([y])
        for c in self.cells:
            occ = self.var("occ", c)
            add([-occ, *cover[c]])
            for y in cover[c]:
                add([-y, occ])
            for i, a in enumerate(cover[c]):
                for b in cover[c][i + 1:]:
                    add([-a, -b])
            cols = [self.var("col", c, k) for k in ALL_COLOURS]
            for k, col in zip(ALL_COLOURS, cols, strict=True):
                add([-col, *colour_sources.get((c, k), [])])
            for i, a in enumerate(cols):
                for b in cols[i + 1:]:
                    add([-a, -b])
        self._no_clash()
        for tile in self.tiles:
            self._at_most_one(self.readings_of[tile])
        laid = [self.var("y", ti) for ti in range(1, len(self.triples))]
        self._cardinality(laid, self.n_tiles - 1)

    def _no_clash(self) -> None:
        """Two squares of different tiles sharing an edge must match (or one is a joker)."""
        sharing: dict[tuple[Cell, Cell], list[int]] = {}
        for ti, t in enumerate(self.triples):
            for a, b in ((t[0], t[1]), (t[1], t[2])):
                sharing.setdefault((a, b), []).append(self.var("y", ti))
        for c in self.cells:
            for d in ((c[0] + 1, c[1]), (c[0], c[1] + 1)):
                if d not in self.in_window:
                    continue
                same = sharing.get((c, d), [])
                for ka in COLOURS:
                    for kb in COLOURS:
                        if ka != kb:
                            self.clauses.append([-self.var("col", c, ka),
                                                 -self.var("col", d, kb), *same])

    def _at_most_one(self, lits: list[int]) -> None:
        if len(lits) > 1:
            cnf = CardEnc.atmost(lits=lits, bound=1, vpool=self.pool, encoding=EncType.seqcounter)
            self.clauses.extend(cnf.clauses)

    def _cardinality(self, lits: list[int], bound: int) -> None:
        if bound == 0:
            self.clauses.extend([-x] for x in lits)
            return
        if bound > len(lits):
            self.clauses.append([])  # unsatisfiable: not enough room
            return
        cnf = CardEnc.equals(lits=lits, bound=bound, vpool=self.pool,
                             encoding=EncType.seqcounter)
        self.clauses.extend(cnf.clauses)

    def _closure(self) -> None:
        """Every laid triple is reached from the start within `rounds` rounds."""
        add = self.clauses.append
        cells_of: dict[Cell, list[int]] = {c: [] for c in self.cells}
        for ti, t in enumerate(self.triples):
            for c in t:
                cells_of[c].append(ti)
        ring = [self._ring(t) for t in self.triples]
        for k in range(1, self.rounds + 1):
            for ti in range(1, len(self.triples)):
                r = self.var("R", ti, k)
                add([-r, self.var("y", ti)])
                prev = self.var("R", ti, k - 1) if k > 1 else None
                near = [self.var("rc", n, k - 1) for n in ring[ti]]
                base = [prev] if prev else []
                for i in range(len(near)):
                    add([-r, *base, *near[:i], *near[i + 1:]])
            for c in self.cells:
                rc = self.var("rc", c, k)
                add([-rc, *(self._reached(ti, k) for ti in cells_of[c])])
        for c in self.cells:  # round 0: only the start is reached
            rc = self.var("rc", c, 0)
            if c not in START_CELLS:
                add([-rc])
        for ti in range(1, len(self.triples)):
            add([-self.var("y", ti), self._reached(ti, self.rounds)])

    def _reached(self, ti: int, k: int) -> int:
        if ti == 0:
            return self.var("y", 0)
        if k == 0:
            return -self.var("y", 0)  # false: only the start is reached at round 0
        return self.var("R", ti, k)

    def _ring(self, t: Triple) -> list[Cell]:
        """The window cells sharing an edge with the triple."""
        out = []
        for c in t:
            for n in neighbours(c):
                if n not in t and n in self.in_window:
                    out.append(n)
        return out

    # ---- the given tiles -------------------------------------------------
    def _given(self) -> None:
        add = self.clauses.append
        runs = self._count_runs()
        for i, target in enumerate(self.targets):
            check_deadline(self.deadline)
            choice = [self.var("g", i, t) for t in self.tiles]
            self._cardinality(choice, 1)
            pal = self.var("pal", i)
            for t, g in zip(self.tiles, choice, strict=True):
                for x in self.readings_of[t]:
                    add([-g, -x])  # a given tile is not on the board
                for j, k in enumerate(t):
                    add([-g, self.var("gc", i, j, k)])
                add([-g, pal] if t == t[::-1] else [-g, -pal])
            for j in range(3):
                for k in ALL_COLOURS:
                    if k == JOKER and j != 1:
                        continue
                    sources = [g for t, g in zip(self.tiles, choice, strict=True) if t[j] == k]
                    add([-self.var("gc", i, j, k), *sources])
            add([-pal, *(g for t, g in zip(self.tiles, choice, strict=True) if t == t[::-1])])
            self._matching(i)
            counted = []
            for ri, (cells, edges) in enumerate(runs):
                for rev in (False, True):
                    lg = self._legal(i, ri, rev, cells, edges)
                    if lg is None:
                        continue
                    if rev:
                        lr = self.var("lr", i, ri)
                        add([-lr, lg])
                        add([-lr, -pal])
                        add([lr, -lg, pal])
                        lg = lr
                    counted.append(lg)
            self._cardinality(counted, target)
        for t_i in range(len(self.tiles)):
            picks = [self.var("g", i, self.tiles[t_i]) for i in range(len(self.targets))]
            for a in range(len(picks)):
                for b in range(a + 1, len(picks)):
                    add([-picks[a], -picks[b]])

    def _matching(self, i: int) -> None:
        """mt(n, i, j): board cell n matches square j of given tile i; cl: it clashes."""
        add = self.clauses.append
        for n in self.cells:
            occ = self.var("occ", n)
            for j in range(3):
                terms = [self.var("col", n, JOKER)]
                for k in COLOURS:
                    a = self.var("and", n, i, j, k)
                    col, gc = self.var("col", n, k), self.var("gc", i, j, k)
                    add([-a, col])
                    add([-a, gc])
                    add([a, -col, -gc])
                    terms.append(a)
                if j == 1:
                    s = self.var("star", n, i)
                    gj = self.var("gc", i, 1, JOKER)
                    add([-s, occ])
                    add([-s, gj])
                    add([s, -occ, -gj])
                    terms.append(s)
                mt = self.var("mt", n, i, j)
                add([-mt, *terms])
                for term in terms:
                    add([-term, mt])
                cl = self.var("cl", n, i, j)
                add([-cl, occ])
                add([-cl, -mt])
                add([cl, -occ, mt])

    def _count_runs(self) -> list[tuple[Triple, list[tuple[int, Cell]]]]:
        """Runs of three cells with >= 2 edges against window cells, and those edges.

        Each edge is (index of the run's square, the window cell it touches).
        """
        keys: dict[tuple[Cell, str], None] = {}
        for n in self.cells:
            for u in neighbours(n):
                for d, (dx, dy) in STEP.items():
                    for k in (0, 1, 2):
                        keys[((u[0] - k * dx, u[1] - k * dy), d)] = None
        out = []
        for at, d in sorted(keys):
            cells = run_cells(at, d)
            if any(c in START_CELLS for c in cells):
                continue
            edges = [(j, n) for j, c in enumerate(cells) for n in neighbours(c)
                     if n not in cells and n in self.in_window]
            if len(edges) >= 2:
                out.append((cells, edges))
        return out

    def _legal(self, i: int, ri: int, rev: bool, cells: Triple,
               edges: list[tuple[int, Cell]]) -> int:
        """lg ↔ the run is empty, nothing clashes, and at least 2 contacts match."""
        add = self.clauses.append
        lg = self.var("lg", i, ri, rev)
        occs = [self.var("occ", c) for c in cells if c in self.in_window]
        mts, cls = [], []
        for j, n in edges:
            sq = 2 - j if rev else j
            mts.append(self.var("mt", n, i, sq))
            cls.append(self.var("cl", n, i, sq))
        for o in occs:
            add([-lg, -o])
        for c in cls:
            add([-lg, -c])
        for e in range(len(mts)):
            add([-lg, *mts[:e], *mts[e + 1:]])
        for a in range(len(mts)):
            for b in range(a + 1, len(mts)):
                add([lg, *occs, *cls, -mts[a], -mts[b]])
        return lg

    # ---- solving ---------------------------------------------------------
    def phases(self, rng: random.Random) -> list[int]:
        """A preferred value for every variable, drawn from the seed.

        Glucose decides mostly on auxiliary variables (counters, closure
        rounds), so phases on the placements alone change nothing; random
        phases on all of them vary the puzzle and cost little (measured).
        """
        return [v if rng.random() < 0.5 else -v for v in range(1, self.pool.top + 1)]

    def decode(self, model: list[int]) -> tuple[Board, list[str], list[int]]:
        """A model back into a puzzle: the board (start first), the given tiles, and the
        placement variables that are true (to cut this board off if it is rejected)."""
        true = {v for v in model if v > 0}
        laid = [(ti, r, x) for (ti, r), x in self.placements.items() if x in true]
        laid.sort(key=lambda e: (e[0] != 0, e[0], e[1]))
        board = Board()
        for ti, r, _x in laid:
            t = self.triples[ti]
            d = "h" if t[0][1] == t[1][1] else "v"
            board.add(Placement(r, t[0], d))
        given = []
        for i in range(len(self.targets)):
            given += [t for t in self.tiles if self.var("g", i, t) in true]
        return board, given, [x for _ti, _r, x in laid]


def solve(solver: Glucose4, deadline: float | None) -> bool:
    """solve() that the deadline can interrupt; raises TimeLimitError when it does."""
    if deadline is None:
        return solver.solve()
    wait = deadline - time.monotonic()
    if wait <= 0:
        raise TimeLimitError("gave up: the time limit ran out before a puzzle was found")
    timer = threading.Timer(wait, solver.interrupt)
    timer.start()
    try:
        result = solver.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
    if result is None:
        raise TimeLimitError("gave up: the time limit ran out while the SAT solver worked "
                             "(raise --time-limit, or use --method search)")
    return result


def sat_generate(ruleset: RuleSet, n_tiles: int, targets: Sequence[int], seed: int,
                 deadline: float | None = None) -> tuple[Board, list[str]]:
    """A legal board and one given tile per target count, or a proof that none exists.
    GenerationError for that proof, or when no puzzle is found in time."""
    plan = stages(n_tiles)
    for h, rounds, _proof in plan:
        enc = Encoding(ruleset, n_tiles, targets, h, rounds, deadline)
        enc.build()
        check_deadline(deadline)
        with Glucose4(bootstrap_with=enc.clauses) as solver:
            solver.set_phases(enc.phases(random.Random(derive(seed, "phases", h))))
            for _ in range(REFINEMENTS):
                if not solve(solver, deadline):
                    break
                board, given, own = enc.decode(solver.get_model())
                if not ruleset.board_faults(board):
                    return board, given
                solver.add_clause([-x for x in own])  # cut off this board only
            else:
                raise GenerationError("internal error: the SAT closure keeps admitting "
                                      "unreachable boards")
    h, rounds, proof = plan[-1]
    wanted = ", ".join(str(t) for t in targets)
    if proof:
        raise GenerationError(
            f"no such puzzle exists: the SAT solver proves no legal board of {n_tiles} "
            f"tile{'s' if n_tiles != 1 else ''} has {_tiles_off(len(targets))} with exactly "
            f"{wanted} positions")
    raise GenerationError(
        f"no puzzle found: no board of {n_tiles} tiles within {h} cells of the start gives "
        f"tiles with exactly {wanted} positions (larger windows are too big to search; "
        "try --method search or other targets)")


def _tiles_off(k: int) -> str:
    return "a tile off it" if k == 1 else f"{k} distinct tiles off it"
