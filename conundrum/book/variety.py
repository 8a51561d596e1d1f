"""Variety across a book: what makes fifteen puzzles in a row feel like fifteen puzzles.

A book plans, before any puzzle is made, the kind of each given tile of its
generated sections (so many palindromes, so many chameleons: PALINDROME_SHARE
and CHAMELEON_SHARE of the given tiles, rounded cumulatively through the book so
the whole book hits them too), and plan.py turns that into what each slot asks
the generator for (tiles to avoid, the kinds caught up, a leaning grid), so a
slot normally costs one generation. What this module still checks, accepting
puzzles in slot order, passes over a try that would

- give a tile the section has already given (up to reading it backwards) that
  its plan did not know of (a puzzle made at the same time gave it),
- put more than ASPECT_CAP of the section's boards in one class of
  bounding-box aspect (wide, square, tall),

so the next seed is tried (`lean` gives the grid a try grows its board in to
lean to a shape). A slot relaxes these rules one by one: the aspect after
ASPECT_TRIES (quietly: a page's grid may leave a shape out), a repeated tile
after VARIETY_TRIES, which it says on stderr (`faults`; a try without a plan is
also passed over for kinds other than asked, up to 2 x ASK_TRIES). A section
asking for more tiles of a kind than the set holds says so (`section_rules`);
`apart` then keeps consecutive puzzles from sharing a tile. Every decision
depends on the tries' results in slot order, never on timing: the book stays a
function of its spec.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..board import Board
from ..generate.choose import CHAMELEON_SHARE, PALINDROME_SHARE, kind
from ..generate.difficulty import BANDS, GIVEN_KINDS, level_params
from ..notation import MARGIN
from ..puzzle import Puzzle
from ..seeds import derive
from ..tiles import STANDARD_TILES, canonical, chameleon_set
from .spec import BookSpec, Section

EDGE = 0.05  # a section's first and last puzzles lie within 5% of its band's edges
ASPECT_CAP = 0.40  # the most of a section's boards one aspect class may hold
VARIETY_TRIES = 20  # seeds a slot tries before it may give a tile the section gave
ASPECT_TRIES = 10  # seeds a slot tries before it may add a board of a full aspect class
T = TypeVar("T")
ASK_TRIES = 3  # tries that ask the generator for a slot's plan, twice over (build.py)
KINDS = GIVEN_KINDS
SHAPES = ("wide", "square", "tall")
TALL = 0.8  # a bounding box narrower than this (width / height) is tall; wider than 1/TALL, wide
# A board of n tiles spreads over about 6n cells of bounding box (3n of them its own), so
# one kept to sqrt(LEAN n) cells across grows long enough down to be tall (and so on).
# Boards of up to SMALL tiles lean harder (LEAN_SMALL): in 100-puzzle sections (seed 2024,
# two a page) with 4.8, a third of grade 1, 2 and 4 leaning boards still grew square, and
# slots took 1.41, 1.32 and 1.42 tries (35, 26 and 27 passed over for their shape); with
# 3.5, 1.12, 1.06 and 1.14 tries, none passed over for its shape (grade 3 1.13 and 1.14).
# Grade 5's 28-40 tiles keep 4.8: in the narrower room its searches failed twice as often
# (97 of 205 against 106 of 312 a section) and a puzzle cost 1.4x the CPU.
LEAN = 4.8
LEAN_SMALL = 3.5
SMALL = 30
# how many distinct tiles of each kind the set holds (75 standard tiles, 5 chameleons)
SET_SIZES = {k: sum(kind(c) == k for c in (*STANDARD_TILES, *chameleon_set())) for k in KINDS}


def aspect_class(board: Board) -> str:
    """The board's bounding-box class: "wide" (w/h > 1.25), "square" or "tall" (< 0.8)."""
    cells = [c for p in board.placements for c in p.cells]
    xs = [x for x, _y in cells]
    ys = [y for _x, y in cells]
    ratio = (max(xs) - min(xs) + 1) / (max(ys) - min(ys) + 1)
    return "wide" if ratio > 1 / TALL else "tall" if ratio < TALL else "square"


def lean(grid: tuple[int, int], shape: str, tiles: int) -> tuple[int, int]:
    """A grid within `grid` whose room (the grid less the MARGIN drawn around a board)
    makes boards of up to `tiles` tiles grow in `shape`: narrow across (tall) or down
    (wide), or a square about the size such a board spreads over (narrower for boards of
    up to SMALL tiles: LEAN_SMALL)."""
    columns, rows = grid[0] - 2 * MARGIN, grid[1] - 2 * MARGIN
    spread = LEAN_SMALL if tiles <= SMALL else LEAN
    narrow = max(3, math.floor(math.sqrt(spread * tiles)))
    if shape == "tall":
        columns = min(columns, narrow, math.floor(TALL * rows))
    elif shape == "wide":
        rows = min(rows, narrow, math.floor(TALL * columns))
    else:
        columns = rows = min(columns, rows, math.ceil(math.sqrt(spread / TALL * tiles)))
    return columns + 2 * MARGIN, rows + 2 * MARGIN


def planned(section: Section) -> bool:
    """Whether the section's given tiles are the level's own (so their kinds can be planned)."""
    return (not section.hand_made and section.kind == "count" and section.given is None
            and section.positions is None)


def edge_window(section: Section, slot: int) -> tuple[float, float] | None:
    """The score window asked of a planned section's first puzzle (the foot of its grade's
    band) and last one (the top), so that neighbouring grades meet: the hardest grade-g
    puzzle is within 10% of the easiest grade-(g+1) one. None for the slots between."""
    if not planned(section):
        return None
    level = section.difficulty
    if slot == 0 and level > 1:
        low = BANDS[level - 2]
        return (low, low * (1 + EDGE))
    if slot == section.count - 1 and level < len(BANDS) + 1:
        high = BANDS[level - 1]
        return (high * (1 - EDGE), high)
    return None


def plan_kinds(spec: BookSpec) -> list[list[tuple[str, ...] | None]]:
    """Per section and slot, the kinds asked of its given tiles (None: not planned).

    Each planned section gets round(share x tiles) palindromes and chameleons, the
    rounding carried through the book; chameleons go to distinct slots (two in one
    puzzle share their joker centre), and the rest is shuffled by the book's seed."""
    plans: list[list[tuple[str, ...] | None]] = []
    done = {"palindrome": 0.0, "chameleon": 0.0}
    given = {"palindrome": 0, "chameleon": 0}
    for index, section in enumerate(spec.sections):
        if not planned(section):
            plans.append([None] * section.count)
            continue
        per_slot = level_params(section.difficulty).given[1]
        total = section.count * per_slot
        wanted = {}
        for name, share in (("palindrome", PALINDROME_SHARE), ("chameleon", CHAMELEON_SHARE)):
            done[name] += share * total
            wanted[name] = round(done[name]) - given[name]
            given[name] += wanted[name]
        rng = random.Random(derive(spec.seed, "kinds", index))
        plans.append(_spread(section.count, per_slot, wanted, rng))
    return plans


def _spread(count: int, per_slot: int, wanted: dict[str, int],
            rng: random.Random) -> list[tuple[str, ...] | None]:
    slots = [["plain"] * per_slot for _ in range(count)]
    for i in rng.sample(range(count), min(count, wanted["chameleon"])):
        slots[i][0] = "chameleon"
    # palindromes in distinct slots first: a grade-5 generator asked for two in one puzzle
    # takes five times as long
    free = [(j, i) for i in range(count) for j in range(per_slot) if slots[i][j] == "plain"]
    rng.shuffle(free)
    free.sort(key=lambda at: at[0])
    for j, i in free[:wanted["palindrome"]]:
        slots[i][j] = "palindrome"
    for slot in slots:
        rng.shuffle(slot)
    return [tuple(slot) for slot in slots]


def tile_key(code: str) -> str:
    """A given tile's identity in a section: its code, either reading."""
    return canonical(code)


@dataclass
class SectionVariety:
    """What a section has accepted so far, and the rules a new puzzle must keep."""

    count: int
    plan: Sequence[tuple[str, ...] | None]
    repeats: frozenset[str] = frozenset()  # kinds a section may give twice (too many asked)
    used: set[str] = field(default_factory=set)
    aspects: Counter = field(default_factory=Counter)
    # per puzzle taken, in slot order: its given tiles (tile_key) and shape (plan.py)
    given: list[tuple[str, ...]] = field(default_factory=list)
    shapes: list[str | None] = field(default_factory=list)
    asked: dict[int, tuple[str, ...]] = field(default_factory=dict)  # first tries' kinds

    @property
    def cap(self) -> int:
        """The most boards one aspect class may hold (ASPECT_CAP; a small section needs a
        third of its boards in a class at least)."""
        return max(math.ceil(self.count / len(SHAPES)), math.floor(ASPECT_CAP * self.count))

    def faults(self, puzzle: Puzzle, wanted: tuple[str, ...] | None,
               attempt: int, known: int | None = None) -> tuple[list[str], list[str]]:
        """How `puzzle` would spoil the section's variety: (the faults that pass it over at
        this attempt, those forgiven by now). `wanted`: the kinds its try asked for.
        `known`: for a try planned from the section's first `known` puzzles (plan.py),
        which avoided the tiles they gave, a repeat of one is the plan's (forgiven, and
        told for a kind the set has enough of), a repeat of a later one a clash."""
        codes = [g.code for g in puzzle.given]
        found: list[tuple[int, str]] = []  # (the attempt from which it is forgiven, words)
        if wanted is not None and [kind(c) for c in codes] != list(wanted[:len(codes)]):
            found.append((2 * ASK_TRIES, "is not of the kinds planned for it"))
        planned = set() if known is None else {c for g in self.given[:known] for c in g}
        found += [(0 if tile_key(code) in planned else VARIETY_TRIES, f"gives {code} again")
                  for code in codes if tile_key(code) in self.used and
                  (kind(code) not in self.repeats or tile_key(code) not in planned)]
        shape = aspect_class(puzzle.board) if puzzle.board.placements else None
        if shape is not None and self.aspects[shape] >= self.cap and attempt < ASPECT_TRIES:
            # a wish, not a rule: a page's grid may leave a shape out, and saying so for
            # every section would drown the notes that matter
            found.append((ASPECT_TRIES, f"makes {self.aspects[shape] + 1} {shape} boards"))
        return ([words for until, words in found if attempt < until],
                [words for until, words in found if attempt >= until])

    def leanings(self, grid: tuple[int, int], tiles: int) -> list[tuple[int, int]]:
        """Once a shape class is full, grids within `grid` that lean to each class that is
        not, the emptiest first: a retry grows its board of up to `tiles` tiles in one
        (`lean`), so a section's boards vary even where its page's grid favours one
        shape. [] while no class is full."""
        if max(self.aspects.values(), default=0) < self.cap:
            return []
        shapes = sorted((s for s in SHAPES if self.aspects[s] < self.cap),
                        key=lambda s: (self.aspects[s], SHAPES.index(s)))
        return [g for g in (lean(grid, s, tiles) for s in shapes) if g != grid]

    def take(self, puzzle: Puzzle) -> None:
        """Record an accepted puzzle."""
        self.used.update(tile_key(g.code) for g in puzzle.given)
        self.given.append(tuple(tile_key(g.code) for g in puzzle.given))
        shape = aspect_class(puzzle.board) if puzzle.board.placements else None
        self.shapes.append(shape)
        if shape is not None:
            self.aspects[shape] += 1


def section_rules(spec: BookSpec) -> tuple[list[SectionVariety], list[str]]:
    """Each section's variety rules, and the notes to print about rules relaxed up front."""
    plans = plan_kinds(spec)
    out, notes = [], []
    for section, plan in zip(spec.sections, plans, strict=True):
        asked = Counter(k for kinds in plan if kinds for k in kinds)
        repeats = frozenset(k for k in KINDS if asked[k] > SET_SIZES[k])
        if not any(plan) and not section.hand_made:  # kinds unknown: only the total tells
            per = section.given if section.given is not None else \
                level_params(section.difficulty).given[1]
            if section.count * per > sum(SET_SIZES.values()):
                repeats = frozenset(KINDS)
        if repeats:
            notes.append(f"section {section.name!r}: its {section.count} puzzles ask for more "
                         f"{'/'.join(sorted(repeats))} tiles than the set holds; such a tile "
                         "may be given twice in the section (never in consecutive puzzles)")
        out.append(SectionVariety(section.count, plan, repeats))
    return out, notes


def apart(items: list[T], codes: Callable[[T], Sequence[str]]) -> list[T]:
    """`items` (ranked easiest first) with as few neighbours sharing a given tile as can be:
    a puzzle sharing one with the one before it swaps places with the nearest later puzzle
    that shares none (so the order moves as little as it can)."""
    out = list(items)

    def keys(i: int) -> set[str]:
        return {tile_key(c) for c in codes(out[i])}

    for i in range(1, len(out)):
        if not keys(i) & keys(i - 1):
            continue
        for j in range(i + 1, len(out)):
            if not keys(j) & keys(i - 1):
                out.insert(i, out.pop(j))
                break
    return out
