"""Rule sets: what makes one placement legal, and what makes a board a real game position.

`standard` and `junior` are two small strategies behind one interface (as
python-chess's variants are): everything that differs between them lives on
the class, and the classes are found by name in one registry, `RULESETS`
(`ruleset(name)`). The chameleon set is data. Each check returns a human
reason (or a list of faults) so that `check` and `validate` can say *why*.

Longer than 400 lines on purpose: both rule sets, and the checks they share,
side by side, so that how the variants differ reads in one file.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, NamedTuple

from .board import Board
from .counting import JuniorTracker, StandardTracker
from .errors import ConundrumError
from .fits import (
    Fit,
    Reading,
    cached_table,
    junior_fits,
    junior_slots,
    reading_table,
    standard_fits,
)
from .frontier_runs import Matches, run_matches
from .placement import Cell, Placement, contact_count, neighbours
from .runs import EXACT_UP_TO, exact_runs, max_runs
from .tiles import JOKER, Tile, chameleon_set, matches, tile_set

__all__ = [
    "ALIASES", "READING_KINDS", "RULESETS", "RULE_NAMES", "CellNamer", "Chameleons", "Contact",
    "Fault", "JuniorRules", "RuleSet", "StandardRules", "closure", "contacts", "file_cell",
    "matches", "matching_links", "overlap", "ruleset", "where",
]
READING_KINDS = ("position", "near", "hidden", "examined")
# (at, dir, kind of a code read forward on that run, kind of its reverse or None)
ReadingKinds = tuple[Cell, str, str | None, str | None]
Census = tuple[int, int, int]  # a tile's readings matching something, near misses, hidden clashes

Chameleons = tuple[str, ...] | list[str] | None


class Contact(NamedTuple):
    """One shared edge between a square of a new tile and a square on the board.

    A NamedTuple, not a dataclass: the generator's near-miss count makes
    millions of these, and tuples are several times cheaper to create.
    """

    cell: Cell  # the new tile's square
    colour: str
    other: Cell  # the board's square
    other_colour: str
    other_tile: int

    @property
    def matching(self) -> bool:
        """Whether the two squares match (same colour, or either is a joker)."""
        return matches(self.colour, self.other_colour)


def contacts(board: Board, p: Placement) -> list[Contact]:
    """Every edge the placement would share with squares already on the board.

    >>> board = Board([Placement("B*Y", (0, 0), "h")])
    >>> found = contacts(board, Placement("YGG", (1, -1), "h"))
    >>> [(c.cell, c.other_colour, c.matching) for c in found]
    [((1, -1), '*', True), ((2, -1), 'Y', False)]
    """
    own = set(p.cells)
    out = []
    for cell, colour in p.squares:
        for n in neighbours(cell):
            if n in own:
                continue
            tid = board.tile_at(n)
            if tid is not None:
                out.append(Contact(cell, colour, n, board.colour_of(n), tid))
    return out


def overlap(board: Board, p: Placement) -> tuple[Cell, int] | None:
    """The first of the placement's cells already taken, with the id of the tile on it, or
    None when all three are empty."""
    for cell in p.cells:
        tid = board.tile_at(cell)
        if tid is not None:
            return cell, tid
    return None


@dataclass(frozen=True)
class Fault:
    """One way a board breaks a rule: which tile, which rule, in words."""

    tile: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


def where(p: Placement) -> str:
    """A placement as messages name it, in file coordinates.

    >>> where(Placement("B*Y", (0, 0), "h"))
    'B*Y at [0, 0] h'
    """
    return f"{p.code} at [{p.at[0]}, {p.at[1]}] {p.dir}"


def file_cell(cell: Cell) -> str:
    """A cell as messages name it in file coordinates: `[x, y]`."""
    return f"[{cell[0]}, {cell[1]}]"


CellNamer = Callable[[Cell], str]


def _clash(board: Board, c: Contact, name: CellNamer) -> str:
    return (f"clash at {name(c.cell)}: {c.colour} touches {c.other_colour} at "
            f"{name(c.other)} (tile {board.placement(c.other_tile).code})")


class RuleSet:
    """The interface both rule sets share; a subclass is one variant of the game."""

    name: ClassVar[str] = ""
    # The sheet's instruction line: its key in renderers/page/messages/*.yaml.
    instruction_key: ClassVar[str] = "instruction"
    supports_sat: ClassVar[bool] = False  # whether the SAT generator encodes these rules
    # Whether a legal placement stays legal as tiles are laid that neither overlap nor clash
    # with it (its matching contacts only grow): then one greedy pass finds an order to lay
    # a set of tiles whenever one exists (check, `kind: all`), and game boards yield
    # `kind: all` puzzles with one arrangement often enough to generate them.
    legal_stays_legal: ClassVar[bool] = False
    # Whether `reading_census` reads every tile in one pass over the board (else tile by
    # tile, each tile a pass): only then is every tile's census cheap enough for a level's
    # search to bound every offered tile's effort before choosing (generate/reach.py).
    census_in_one_pass: ClassVar[bool] = False

    def classify_reading(self, board: Board, p: Placement) -> str | None:
        """What a solver meets trying reading `p` on empty cells beside the board.

        None when no square matches a neighbour (nothing to examine), else one
        of READING_KINDS: "position" (legal), "near" (looks right: one thing
        short), "hidden" (looks right: the fault is hidden among matches) or
        "examined" (rejected at a glance). The effort model counts these.
        """
        raise NotImplementedError

    def reading_kinds(self, board: Board, code: str) -> Iterator[ReadingKinds]:
        """For each candidate run of the board: (at, dir, `classify_reading` of `code` there,
        of its reverse there (None for a palindrome)). What grading reads for every run."""
        palindrome = code == code[::-1]
        rev = code[::-1]
        for at, d, *_ in board.candidate_runs():
            yield (at, d, self.classify_reading(board, Placement(code, at, d)),
                   None if palindrome else self.classify_reading(board, Placement(rev, at, d)))

    def reading_census(self, board: Board, runs: Iterable[tuple[Cell, str]] | None = None
                       ) -> Callable[[str], Census]:
        """(readings, near, hidden) of a tile on the board, both ways round: how many of its
        readings match something, look right but miss by one, look right but clash (the
        effort model's counts). This one asks `reading_kinds` tile by tile. `runs`: the
        board's candidate runs as (first cell, dir), in any order, where the caller keeps
        them (the position tracker); rules reading the board's own ignore it."""
        def census(code: str) -> Census:
            readings = near = hidden = 0
            for _at, _d, fwd, bwd in self.reading_kinds(board, code):
                for kind in (fwd, bwd):
                    if kind is not None:
                        readings += 1
                        near += kind == "near"
                        hidden += kind == "hidden"
            return readings, near, hidden
        return census

    def removal_check(self, board: Board) -> Callable[[int], bool]:
        """A test of whether taking one tile off leaves a legal board."""
        raise NotImplementedError

    def position_tracker(self, board: Board) -> StandardTracker | JuniorTracker:
        """The generator's incremental position counter for these rules."""
        raise NotImplementedError

    def max_positions(self, n_tiles: int) -> int:
        """The most positions any tile can have on any legal board of `n_tiles` tiles."""
        raise NotImplementedError

    def bound_reason(self, n_tiles: int) -> str:
        """Why `max_positions` holds, in words for an error message."""
        raise NotImplementedError

    def __init__(self, chameleons: Chameleons = None) -> None:
        self.chameleons = chameleon_set(chameleons)

    @cached_property
    def tiles(self) -> tuple[str, ...]:
        """Every tile of the game under this chameleon set: the 75 standard tiles, then the
        chameleons."""
        return tile_set(self.chameleons)

    @cached_property
    def _tileset(self) -> frozenset[str]:
        return frozenset(self.tiles)

    def in_set(self, code: str) -> bool:
        """Whether `code` (either reading) is a tile of the set."""
        return min(code, code[::-1]) in self._tileset

    def explain(self, board: Board, p: Placement, name: CellNamer = file_cell) -> str | None:
        """Why the placement is illegal on this board, or None when it is legal.

        `name` writes a cell for the reader (file coordinates, or sheet names).
        """
        raise NotImplementedError

    def is_legal(self, board: Board, p: Placement) -> bool:
        """Whether the placement is legal on this board (`explain` finds no fault)."""
        return self.explain(board, p) is None

    def fits(self, board: Board, codes: list[str]) -> Iterator[Fit]:
        """Every legal position of each of `codes` (not on the board), in one pass.

        Yields (index in `codes`, reading, at, dir, matching contacts); the
        finding itself is in fits.py.
        """
        raise NotImplementedError

    def board_faults(self, board: Board) -> list[Fault]:
        """Every way the board fails to be a real game position (empty list: legal).

        >>> board = Board([Placement("B*Y", (0, 0), "h"), Placement("GGG", (4, 4), "h")])
        >>> [(f.tile, f.rule) for f in ruleset("standard").board_faults(board)]
        [('GGG', 'rule 4: reachable from the start')]
        """
        faults = self._set_faults(board)
        if faults and board.start is None:
            return faults
        faults += self._shape_faults(board)
        return faults

    def _shape_faults(self, board: Board) -> list[Fault]:
        raise NotImplementedError

    def _set_faults(self, board: Board) -> list[Fault]:
        """Rules 1 and 2: distinct tiles of the set, a chameleon start."""
        faults: list[Fault] = []
        start = board.start
        if start is None:
            return [Fault("", "rule 2: a start chameleon", "the board is empty")]
        if not Tile(start.tile).is_chameleon:
            faults.append(Fault(start.tile, "rule 2: the start is a chameleon",
                                f"the start tile {where(start)} is not a chameleon"))
        counted: set[str] = set()
        for p in board:
            if not self.in_set(p.code) and p.tile not in counted:
                counted.add(p.tile)
                faults.append(Fault(p.tile, "rule 1: tiles of the set",
                                    f"tile {where(p)} is not in the tile set"))
        for code, n in sorted(board.tile_codes().items()):
            if n > 1:
                faults.append(Fault(code, "rule 1: distinct tiles",
                                    f"tile {code} is on the board {n} times"))
        return faults


def _touching_pairs(board: Board) -> Iterator[tuple[Cell, int, Cell, int]]:
    """Each edge between squares of two different tiles, once: (cell, id, other, other id)."""
    for tid, p in board.items():
        for cell in p.cells:
            for n in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)):
                oid = board.tile_at(n)
                if oid is not None and oid != tid:
                    yield cell, tid, n, oid


# a reading's kind by (two or more matches, any clash), as StandardRules.classify_reading
_KINDS = (("near", "examined"), ("position", "hidden"))
# reading_census: 16-bit fields (a board has far fewer than 2**15 runs), a cache of run
# vectors per tile set, bounded like counting.py's
CENSUS_FIELD = 16
CENSUS_MASK = (1 << CENSUS_FIELD) - 1
CENSUS_CAP = 200_000
_CENSUS: dict[tuple[str, ...], tuple[dict[str, int], dict[int, int]]] = {}


def _reading_fields(contacts: int, match: int) -> int:
    """A reading's census fields (a reading; near; hidden), by `_KINDS`, for a run with
    `contacts` in all of which `match` would match the reading (0: not a reading)."""
    if not match:
        return 0
    kind = _KINDS[match >= 2][contacts > match]
    return 1 + (kind == "near") * (1 << CENSUS_FIELD) + \
        (kind == "hidden") * (1 << (2 * CENSUS_FIELD))


# _reading_fields by [contacts][match]: a run of three cells has at most 8 contacts (each end
# cell 3, the middle one 2); the vector of a run not yet met is made from these
_FIELDS = tuple(tuple(_reading_fields(contacts, match) for match in range(9))
                for contacts in range(9))


class StandardRules(RuleSet):
    """At least two matching contacts, no clash (docs/rules.md, standard)."""

    name = "standard"
    supports_sat = True
    legal_stays_legal = True
    census_in_one_pass = True

    def classify_reading(self, board: Board, p: Placement) -> str | None:
        """As `RuleSet.classify_reading`: 2 or more matching contacts is a position ("hidden"
        with a clash), 1 is a near miss ("examined" with a clash)."""
        match = clash = 0
        for cell, colour in p.squares:
            m, c = board.match_clash(cell, colour)
            match += m
            clash += c
        if not match:
            return None
        if match >= 2:
            return "hidden" if clash else "position"
        return "examined" if clash else "near"

    def reading_census(self, board: Board, runs: Iterable[tuple[Cell, str]] | None = None
                       ) -> Callable[[str], Census]:
        """As `RuleSet.reading_census`, for every tile of the set in one pass over the board
        (over `runs` when given: a sum, so their order does not matter)."""
        # Every tile of the set in one pass over the board: a run's counts for all tiles
        # are one packed integer (three fields a tile), cached by the run's packed contacts for
        # the whole process, as counting.py does for positions. Choosing given tiles
        # weighs a dozen tiles on each board; this reads the board once for them all.
        index, vectors = self._census_tables()
        total = 0
        # many runs share their contacts: each kind of run once, times its number
        packed = board.packed_runs() if runs is None else board.pack_runs(runs)
        for key, n in Counter(packed).items():
            vector = vectors.get(key)
            if vector is None:
                if len(vectors) > CENSUS_CAP:
                    vectors.clear()
                vector = vectors[key] = self._census_vector(*run_matches(key))
            total += vector * n
        slow = RuleSet.reading_census(self, board)

        def census(code: str) -> Census:
            i = index.get(code)
            if i is None:  # not a tile of the set (never asked by the generator)
                return slow(code)
            shift = 3 * CENSUS_FIELD * i
            return ((total >> shift) & CENSUS_MASK,
                    (total >> (shift + CENSUS_FIELD)) & CENSUS_MASK,
                    (total >> (shift + 2 * CENSUS_FIELD)) & CENSUS_MASK)
        return census

    def _census_tables(self) -> tuple[dict[str, int], dict[int, int]]:
        """Each code (both readings) -> its field index; the process's vector cache."""
        found = _CENSUS.get(self.tiles)
        if found is None:
            index = {}
            for i, code in enumerate(self.tiles):
                index[code] = index[code[::-1]] = i
            found = _CENSUS[self.tiles] = (index, {})
        return found

    def _census_vector(self, m0: Matches, m1: Matches, m2: Matches) -> int:
        fields = _FIELDS[m0[-1] + m1[-1] + m2[-1]]
        vector = 0
        for i, _code, _rev, a, b, c, palindrome in self._census_readings:
            shift = 3 * CENSUS_FIELD * i
            vector += fields[m0[a] + m1[b] + m2[c]] << shift
            if not palindrome:
                vector += fields[m0[c] + m1[b] + m2[a]] << shift
        return vector

    @cached_property
    def _census_readings(self) -> list[Reading]:
        """The set's tiles as `standard_fits` reads them: colour indices, palindrome."""
        return reading_table(self.tiles)

    def removal_check(self, board: Board) -> Callable[[int], bool]:
        """A test of whether the board stays reachable from the start without tile `tid`."""
        links = matching_links(board)
        start = board.start_id
        return lambda tid: start is not None and len(closure(start, links, tid)) == len(board)

    def position_tracker(self, board: Board) -> StandardTracker:
        """A standard position tracker on `board` for every tile of the set."""
        return StandardTracker(board, self.tiles)

    def max_positions(self, n_tiles: int) -> int:
        """Twice the most runs of three empty cells an N-tile board offers (two readings each)."""
        return 2 * max_runs(n_tiles)

    def bound_reason(self, n_tiles: int) -> str:
        """Why `max_positions` holds: the runs that can touch an N-tile board twice."""
        if n_tiles <= EXACT_UP_TO:
            return f"at most {exact_runs(n_tiles)} runs of three empty cells touch it twice"
        return "at most 8N+8 runs of three empty cells touch it twice"

    def fits(self, board: Board, codes: list[str]) -> Iterator[Fit]:
        """As `RuleSet.fits`, from the board's contact tables (`standard_fits`)."""
        return standard_fits(board.fitting_runs(), cached_table(tuple(codes)))

    def explain(self, board: Board, p: Placement, name: CellNamer = file_cell) -> str | None:
        """As `RuleSet.explain`: the first overlap, then the first clash, then too few matching
        contacts.

        >>> board = Board([Placement("B*Y", (0, 0), "h")])
        >>> StandardRules().explain(board, Placement("GGG", (1, -1), "h"))
        'clash at [2, -1]: G touches Y at [2, 0] (tile B*Y)'
        >>> StandardRules().explain(board, Placement("YYY", (3, 0), "h"))
        'too few matching contacts (1; at least 2 needed)'
        """
        hit = overlap(board, p)
        if hit:
            return f"overlap: {name(hit[0])} is taken by tile {board.placement(hit[1]).code}"
        found = contacts(board, p)
        for c in found:
            if not c.matching:
                return _clash(board, c, name)
        n = len(found)
        if n < 2:
            return f"too few matching contacts ({n}; at least 2 needed)"
        return None

    def _shape_faults(self, board: Board) -> list[Fault]:
        faults = []
        for cell, tid, n, oid in _touching_pairs(board):
            a, b = board.colour_of(cell), board.colour_of(n)
            if not matches(a, b):
                p, q = board.placement(tid), board.placement(oid)
                faults.append(Fault(p.tile, "rule 3: no clash",
                                    f"tile {where(p)} clashes with tile {where(q)}: "
                                    f"{a} against {b} at {list(cell)}-{list(n)}"))
        faults += [
            Fault(p.tile, "rule 4: reachable from the start",
                  f"tile {where(p)} cannot be laid from the start: it never has 2 "
                  "matching contacts with tiles laid before it")
            for p in self.unreachable(board)
        ]
        return faults

    def unreachable(self, board: Board) -> list[Placement]:
        """Greedy closure from the start (docs/rules.md, rule 4): the tiles it never adds."""
        if board.start_id is None:
            return []
        added = closure(board.start_id, matching_links(board))
        return [p for tid, p in board.items() if tid not in added]


def matching_links(board: Board) -> dict[int, list[int]]:
    """For each tile, the tile across each of its matching contacts (one entry per edge)."""
    # _touching_pairs's edges in its order, read from the board's squares directly: the
    # generator asks this of every board it may take a tile from
    links: dict[int, list[int]] = {tid: [] for tid, _ in board.items()}
    squares = board.squares()
    get = squares.get
    # the squares hold each tile's cells together, in the order the tiles were laid: the
    # same cells in the same order as the tiles' cells, without a placement read per tile
    for (x, y), (colour, tid) in squares.items():
        for n in ((x + 1, y), (x, y + 1)):
            hit = get(n)
            if hit is not None and hit[1] != tid and \
                    (hit[0] == colour or colour == JOKER or hit[0] == JOKER):
                links[tid].append(hit[1])
                links[hit[1]].append(tid)
    return links


def closure(start: int, links: dict[int, list[int]], without: int | None = None) -> set[int]:
    """The tiles the greedy closure lays from `start` (never `without`, if given).

    Matching contacts only grow as tiles are added, so adding any tile with 2
    matching contacts to tiles already added decides reachability (rule 4).
    """
    added = {start} if without is None else {start, without}
    once: set[int] = set()  # tiles with one matching contact to those added: the next adds them
    stack = [start]
    while stack:
        tid = stack.pop()
        for other in links[tid]:
            if other in added:
                continue
            if other in once:
                added.add(other)
                stack.append(other)
            else:
                once.add(other)
    return added


class JuniorRules(RuleSet):
    """Bambino: dominoes with 1x3 tiles (docs/rules.md, junior)."""

    name = "junior"
    instruction_key = "instruction_junior"
    TRIPLES_PER_END = 7  # see generate/bounds.py

    def classify_reading(self, board: Board, p: Placement) -> str | None:
        """As `RuleSet.classify_reading`: a position, a near miss (one matching contact at an open
        end, with the wrong square), "hidden" (more contacts besides) or "examined"."""
        found = contacts(board, p)
        if not any(c.matching for c in found):
            return None
        if self.is_legal(board, p):
            return "position"
        at_end = any(c.matching and self.is_open_end(board, c.other) for c in found)
        if not at_end:
            return "examined"
        return "near" if len(found) == 1 else "hidden"

    def removal_check(self, board: Board) -> Callable[[int], bool]:
        """A test of whether tile `tid` hangs by one contact, so taking it off leaves a tree."""
        # a tile with one contact hangs off the tree by itself
        return lambda tid: contact_count(board.placement(tid).cells, board.occupied) == 1

    def position_tracker(self, board: Board) -> JuniorTracker:
        """A junior position tracker on `board` for every tile of the set."""
        return JuniorTracker(board, self.tiles, self)

    def max_positions(self, n_tiles: int) -> int:
        """TRIPLES_PER_END places around each open end an N-tile board can have."""
        ends = 2 + min(len(self.chameleons) - 1, n_tiles - 1)
        return self.TRIPLES_PER_END * ends

    def bound_reason(self, n_tiles: int) -> str:
        """Why `max_positions` holds, in words."""
        return f"at most {self.TRIPLES_PER_END} places around each open end"

    @staticmethod
    def contact_square(p: Placement) -> tuple[int, ...]:
        """Indices of the new tile's squares that may make its one contact."""
        return (1,) if p.code[1] == JOKER else (0, 2)

    @staticmethod
    def is_open_end(board: Board, cell: Cell) -> bool:
        """Whether `cell` is an end square of a tile on the board that touches no other tile."""
        tid = board.tile_at(cell)
        if tid is None:
            return False
        p = board.placement(tid)
        if cell not in (p.cells[0], p.cells[2]):
            return False
        return not any(board.tile_at(n) not in (None, tid) for n in neighbours(cell))

    def open_ends(self, board: Board) -> list[Cell]:
        """The end squares of the board's tiles that touch no other tile."""
        return [cell for p in board for cell in (p.cells[0], p.cells[2])
                if self.is_open_end(board, cell)]

    def fits(self, board: Board, codes: list[str]) -> Iterator[Fit]:
        """As `RuleSet.fits`, from the slots beside the open ends (`junior_fits`)."""
        return junior_fits(junior_slots(board, self), codes)

    def explain(self, board: Board, p: Placement, name: CellNamer = file_cell) -> str | None:
        """As `RuleSet.explain`: an overlap, other than one contact, a clash, a contact away from
        an open end, or the wrong square touching it.

        >>> board = Board([Placement("B*Y", (0, 0), "h")])
        >>> JuniorRules().explain(board, Placement("YRR", (3, 0), "h")) is None
        True
        >>> JuniorRules().explain(board, Placement("RYR", (3, 0), "h"))
        'clash at [3, 0]: R touches Y at [2, 0] (tile B*Y)'
        """
        hit = overlap(board, p)
        if hit:
            return f"overlap: {name(hit[0])} is taken by tile {board.placement(hit[1]).code}"
        found = contacts(board, p)
        if len(found) != 1:
            return f"{len(found)} contacts; junior rules need exactly one"
        c = found[0]
        if not c.matching:
            return _clash(board, c, name)
        if not self.is_open_end(board, c.other):
            return f"{name(c.other)} is not an open end"
        if p.cells.index(c.cell) not in self.contact_square(p):
            what = "its centre" if p.code[1] == JOKER else "an end square"
            return f"must touch the open end with {what}"
        return None

    def _shape_faults(self, board: Board) -> list[Fault]:
        faults = []
        edges: dict[int, list[tuple[Cell, int, Cell]]] = {}
        per_square: dict[Cell, int] = {}
        n_edges = 0
        for cell, tid, n, oid in _touching_pairs(board):
            n_edges += 1
            per_square[cell] = per_square.get(cell, 0) + 1
            per_square[n] = per_square.get(n, 0) + 1
            edges.setdefault(tid, []).append((cell, oid, n))
            edges.setdefault(oid, []).append((n, tid, cell))
            a, b = board.colour_of(cell), board.colour_of(n)
            if not matches(a, b):
                p = board.placement(tid)
                faults.append(Fault(p.tile, "rule 3: no clash",
                                    f"tile {where(p)} clashes with tile "
                                    f"{where(board.placement(oid))}: {a} against {b}"))
        parent = self._orient(board, edges)
        if len(parent) + 1 != len(board) or n_edges != len(board) - 1:
            faults.append(Fault("", "junior: contacts form a tree",
                                f"{n_edges} contacts between {len(board)} tiles; a junior "
                                "board is a tree (one contact fewer than tiles, all connected)"))
        for cell, k in sorted(per_square.items()):
            if k > 1:
                p = board.placement(board.tile_of(cell))
                faults.append(Fault(p.tile, "junior: one contact per open end",
                                    f"tile {where(p)} has {k} contacts on one square"))
        for tid, (own_sq, _pid, _other) in sorted(parent.items()):
            p = board.placement(tid)
            idx = p.cells.index(own_sq)
            if idx not in self.contact_square(p):
                faults.append(Fault(p.tile, "junior: laid by an end (a chameleon by its centre)",
                                    f"tile {where(p)} touches the tile before it with the "
                                    "wrong square"))
        for tid, p in board.items():
            link = parent.get(tid)
            parent_sq = None if link is None else link[0]
            for idx, cell in enumerate(p.cells):
                is_end = idx != 1
                if per_square.get(cell) and not is_end and cell != parent_sq:
                    faults.append(Fault(p.tile, "junior: only open ends take contacts",
                                        f"a tile touches the centre of tile {where(p)}"))
        return faults

    @staticmethod
    def _orient(board: Board, edges: dict[int, list[tuple[Cell, int, Cell]]]
                ) -> dict[int, tuple[Cell, int, Cell]]:
        """Breadth-first from the start: tile -> (its square, parent id, parent's square)."""
        start = board.start_id
        parent: dict[int, tuple[Cell, int, Cell]] = {}
        if start is None:
            return parent
        seen = {start}
        queue = deque([start])
        while queue:
            tid = queue.popleft()
            for own, oid, other in sorted(edges.get(tid, ())):
                if oid not in seen:
                    seen.add(oid)
                    parent[oid] = (other, tid, own)
                    queue.append(oid)
        return parent


# The one registry of rule sets, by name: every variant the program knows.
RULESETS: dict[str, type[RuleSet]] = {"standard": StandardRules, "junior": JuniorRules}
RULE_NAMES: tuple[str, ...] = tuple(RULESETS)
ALIASES = {"bambino": "junior"}  # the junior game's name on the box


def ruleset(name: str | RuleSet = "standard", chameleons: Chameleons = None) -> RuleSet:
    """The rule set a name stands for (any case; "bambino" is junior), with `chameleons`
    overriding its default chameleon set; a RuleSet passed as `name` is returned as it is.
    The one way into `RULESETS`: `ruleset(name).name` is a name's canonical spelling.
    Raises ConundrumError for an unknown name.

    >>> ruleset("Bambino").name
    'junior'
    """
    if isinstance(name, RuleSet):
        return name
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in RULESETS:
        raise ConundrumError(f"unknown rules {name!r}; choose {' or '.join(RULE_NAMES)}")
    return RULESETS[key](chameleons)
