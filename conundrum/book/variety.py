"""Variety across a book: what makes fifteen puzzles in a row feel like fifteen puzzles.

A book plans, before any puzzle is made, the kind of each given tile of its
generated sections (so many palindromes, so many chameleons: PALINDROME_SHARE
and CHAMELEON_SHARE of the given tiles, rounded slot by slot within a section, so
a slot's plan never depends on the section's count), and plan.py turns that into what each slot asks
the generator for (tiles to avoid, the kinds caught up, a leaning grid), so a
slot normally costs one generation. What this module still checks, accepting
puzzles in slot order, passes over a try that would

- give a tile the section has already given (up to reading it backwards) that
  its plan did not know of (a puzzle made at the same time gave it),
- put more than ASPECT_CAP of the section's boards so far in one class of
  bounding-box aspect (wide, square, tall; `running_cap`),

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..board import Board
from ..generate.choose import CHAMELEON_SHARE, PALINDROME_SHARE, kind
from ..generate.difficulty import BANDS, GIVEN_KINDS, level_params
from ..notation import MARGIN
from ..puzzle import Puzzle
from ..seeds import derive
from ..tiles import STANDARD_TILES, canonical, chameleon_set
from .spec import BookSpec, Section

EDGE = 0.05  # a section's first two puzzles lie within 5% of its band's edges
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
# Every slot leans (plan.shape_for: the cap runs with the boards so far, so a section
# keeps a third of its boards in each class from its first ones on), and grade 1's 5-9
# tiles stayed square in a tall or wide room of LEAN_SMALL: a 40-puzzle section (seed 5,
# two a page) passed 12 tries over for their shape (grade 2: 1); kept to
# sqrt(NARROW_SMALL n) cells across, 1 (grade 2: none; no board asks for fewer tiles).
NARROW_SMALL = 2.5
SMALL = 30
# how many distinct tiles of each kind the set holds (75 standard tiles, 5 chameleons)
SET_SIZES = {k: sum(kind(c) == k for c in (*STANDARD_TILES, *chameleon_set())) for k in KINDS}


def aspect_class(board: Board) -> str:
    """The board's bounding-box class: "wide" (w/h > 1.25), "square" or "tall" (< 0.8)."""
    left, top, right, bottom = board.bbox()  # its occupied cells', kept as tiles are laid
    ratio = (right - left + 1) / (bottom - top + 1)
    return "wide" if ratio > 1 / TALL else "tall" if ratio < TALL else "square"


def lean(grid: tuple[int, int], shape: str, tiles: int) -> tuple[int, int]:
    """A grid within `grid` whose room (the grid less the MARGIN drawn around a board)
    makes boards of up to `tiles` tiles grow in `shape`: narrow across (tall) or down
    (wide), or a square about the size such a board spreads over (narrower for boards of
    up to SMALL tiles: NARROW_SMALL, LEAN_SMALL)."""
    columns, rows = grid[0] - 2 * MARGIN, grid[1] - 2 * MARGIN
    spread, across = (LEAN_SMALL, NARROW_SMALL) if tiles <= SMALL else (LEAN, LEAN)
    narrow = max(3, math.floor(math.sqrt(across * tiles)))
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
    band) and second one (the top), so that neighbouring grades meet: the hardest grade-g
    puzzle is within 10% of the easiest grade-(g+1) one. The book prints a section easiest
    first (by score), so which slots ask does not show; asking it of the first two, never
    of the last, keeps a slot's plan the same whatever the section's count (a raised count
    makes only the new slots). None for the other slots."""
    if not planned(section):
        return None
    level = section.difficulty
    if slot == 0 and level > 1:
        low = BANDS[level - 2]
        return (low, low * (1 + EDGE))
    if slot == 1 and level < len(BANDS) + 1:
        high = BANDS[level - 1]
        return (high * (1 - EDGE), high)
    return None


def plan_kinds(spec: BookSpec) -> list[list[tuple[str, ...] | None]]:
    """Per section and slot, the kinds asked of its given tiles (None: not planned).

    A planned section's first k slots ask for round(share x their tiles) palindromes and
    chameleons (PALINDROME_SHARE, CHAMELEON_SHARE), the rounding carried slot by slot
    within the section: a slot's kinds depend only on the book's seed, the section's
    place and level and the slot's number, never on the section's count (nor on the
    sections before it), so a section's first n puzzles are the same whatever its count.
    A slot asks for at most one chameleon (two in one puzzle share their joker centre)
    and spreads its palindromes as evenly as the share allows (a grade-5 generator asked
    for two in one puzzle takes five times as long); which tile is which kind is
    shuffled by the slot's own seed. The first two slots, which ask for the foot and the
    top of the band (`edge_window`), share out their kinds so the foot's has the more
    palindromes (`_edge_kinds`): so a one-puzzle section of a one-tile grade asks for
    one."""
    return [[_edge_kinds(spec.seed, index, section.difficulty, slot)
             if slot < 2 else _slot_kinds(spec.seed, index, section.difficulty, slot)
             for slot in range(section.count)] if planned(section) else [None] * section.count
            for index, section in enumerate(spec.sections)]


def _wanted(share: float, tiles: int) -> int:
    """round(share x tiles), halves up (so the figure does not depend on parity)."""
    return math.floor(share * tiles + 0.5)


def _edge_kinds(seed: int, section: int, level: int, slot: int) -> tuple[str, ...]:
    """Slot 0's or 1's kinds, the pair's palindromes put in slot 0 first: a palindrome
    (one reading a run, so little to reject) reaches the foot of a band readily and its top
    seldom. At grades 1-3 (one tile) the rounding plans slot 1's palindrome: asked for the
    top of the band with it, 30 seeds at grade 3 took 73 ms a try (38 of 67 searches
    failed, no palindrome given), plain 22 ms (2 of 32); grade 2 39 against 9 ms, grade 1
    26 against 7 ms. Slot 0 asking for the foot with a palindrome: grade 3 13.7 ms (11
    palindromes) against 23 ms plain, grade 2 10 against 27 ms."""
    foot, top = (_slot_kinds(seed, section, level, s) for s in (0, 1))
    if top.count("palindrome") > foot.count("palindrome"):
        foot, top = top, foot
    return (foot, top)[slot]


def _slot_kinds(seed: int, section: int, level: int, slot: int) -> tuple[str, ...]:
    per_slot = level_params(level).given[1]
    kinds = ["plain"] * per_slot
    at = 0
    for name, share in (("chameleon", CHAMELEON_SHARE), ("palindrome", PALINDROME_SHARE)):
        extra = _wanted(share, (slot + 1) * per_slot) - _wanted(share, slot * per_slot)
        extra = min(extra, 1 if name == "chameleon" else per_slot - at)
        kinds[at:at + extra] = [name] * extra
        at += extra
    random.Random(derive(seed, "kinds", section, slot)).shuffle(kinds)
    return tuple(kinds)


def tile_key(code: str) -> str:
    """A given tile's identity in a section: its code, either reading."""
    return canonical(code)


@dataclass
class SectionVariety:
    """What a section has accepted so far, and the rules a new puzzle must keep."""

    count: int
    plan: Sequence[tuple[str, ...] | None]
    # per kind a section may give twice (too many asked), the first slot that may: the
    # slots up to it ask for more of the kind than the set holds (`section_rules`)
    repeats: Mapping[str, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    aspects: Counter = field(default_factory=Counter)
    # per puzzle taken, in slot order: its given tiles (tile_key) and shape (plan.py)
    given: list[tuple[str, ...]] = field(default_factory=list)
    shapes: list[str | None] = field(default_factory=list)
    asked: dict[int, tuple[str, ...]] = field(default_factory=dict)  # first tries' kinds
    # the shape class a first try leant to, by (slot, boards it knew) (plan.py, shape_for)
    leant: dict[tuple[int, int], str | None] = field(default_factory=dict)
    # running sums over `plan` and `given` (kinds planned and given, tiles used), by name
    # (plan.py, `_running`): the first 0, 1 ... rows' sum
    tallies: dict[str, list[Any]] = field(default_factory=dict)

    @property
    def cap(self) -> int:
        """The most boards one aspect class may hold once the slot being decided is taken:
        ASPECT_CAP of the boards so far (a third of them at least, for the first few). A
        running cap, never the section's count: a slot's rules are the same whatever the
        count (a raised count makes only the new slots), and a section of any count ends
        with no class over ASPECT_CAP of its boards (or a third, in a small one)."""
        return running_cap(len(self.given) + 1)

    def repeating(self) -> set[str]:
        """The kinds the slot being decided may give again (`repeats`)."""
        return {k for k, first in self.repeats.items() if len(self.given) >= first}

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
        repeats = self.repeating()
        found += [(0 if tile_key(code) in planned else VARIETY_TRIES, f"gives {code} again")
                  for code in codes if tile_key(code) in self.used and
                  (kind(code) not in repeats or tile_key(code) not in planned)]
        if (shape := self.full_class(puzzle, attempt)) is not None:
            # a wish, not a rule: a page's grid may leave a shape out, and saying so for
            # every section would drown the notes that matter
            found.append((ASPECT_TRIES, f"makes {self.aspects[shape] + 1} {shape} boards"))
        return ([words for until, words in found if attempt < until],
                [words for until, words in found if attempt >= until])

    def full_class(self, puzzle: Puzzle, attempt: int) -> str | None:
        """The aspect class of `puzzle`'s board where that class is full for a try at
        `attempt` (a fault its board's other given tiles cannot mend), else None."""
        shape = aspect_class(puzzle.board) if puzzle.board.placements else None
        if shape is not None and self.aspects[shape] >= self.cap and attempt < ASPECT_TRIES:
            return shape
        return None

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
        repeats = _repeats(section, plan)
        if repeats:
            first = min(repeats.values())
            notes.append(f"section {section.name!r}: its {section.count} puzzles ask for more "
                         f"{'/'.join(sorted(repeats))} tiles than the set holds; such a tile "
                         f"may be given twice in the section from puzzle {first + 1} on "
                         "(never in consecutive puzzles)")
        out.append(SectionVariety(section.count, plan, repeats))
    return out, notes


def running_cap(boards: int) -> int:
    """The most of a section's first `boards` boards one aspect class may hold."""
    return max(math.ceil(boards / len(SHAPES)), math.floor(ASPECT_CAP * boards))


def _repeats(section: Section, plan: Sequence[tuple[str, ...] | None]) -> dict[str, int]:
    """Per kind the section's slots ask for more of than the set holds, the first slot
    that does (counting its slots so far, so the answer for a slot never depends on the
    section's count)."""
    asked: Counter = Counter()
    first: dict[str, int] = {}
    if not any(plan) and not section.hand_made:  # kinds unknown: only the total tells
        per = section.given if section.given is not None else \
            level_params(section.difficulty).given[1]
        slot = sum(SET_SIZES.values()) // per  # its slots so far ask for more tiles
        return dict.fromkeys(KINDS, slot) if slot < section.count else {}
    for slot, kinds in enumerate(plan):
        asked.update(kinds or ())
        for k in KINDS:
            if asked[k] > SET_SIZES[k]:
                first.setdefault(k, slot)
    return first


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
