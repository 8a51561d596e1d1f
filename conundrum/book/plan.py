"""Planning each slot of a section before its puzzle is made, so that a slot costs one
generation instead of a run of tries passed over (issue 35).

A slot's try asks the generator (`conundrum.generate`) for

- no tile the section has given (`avoid`, either reading): the generator never
  gives one, so no try is wasted on a repeat. Where a kind runs out (fewer than a
  MIN_CHOICE share of its tiles left: a generator asked for one tile among a
  handful spends ten times as long finding a board that offers it), its tiles
  may come again, those given least first (`later`), never those of the last
  RECENT puzzles (`avoid_for`);
- the kinds planned for it (variety.plan_kinds), a plain tile turned palindrome
  or chameleon (or one back) where the section's puzzles so far gave fewer (or
  more) of the kind than planned: the generator cannot always give the kind asked, and
  the plan catches up on the next slots instead of passing the puzzle over
  (`kinds_for`);
- a board leaning to the emptiest shape class (`shape_for`, variety.lean): a section's
  boards so far may hold no more than variety.running_cap in one class, at every slot
  (the 40% cap, whatever the section's count), with fewer tiles where the
  leant grid is too small for the level's largest boards (`lean_tiles`): else the page's
  grid may never grow a board of that class, and the section cannot keep its 40% cap.

A slot's first try is planned from the section's puzzles up to LAG slots before it
(`known`), so up to LAG slots of a section are made at once (given the `--jobs`); a puzzle
decided meanwhile may give the same tile, and the slot then tries again, planned from
every puzzle before it (the try passed over is kept for a later slot: bank.py). Where a
puzzle gives one tile (grades 1-3), the set is dealt into LAG lanes by the book's seed
and a first try asks for its own lane's tiles first, the others `later` (`lane_later`),
so the LAG slots made at once seldom meet on a tile.
Either way a plan is a function of puzzles decided in slot order: the book stays a
function of its spec for any `--jobs` and on `--resume`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

from ..generate.choose import kind
from ..notation import MARGIN
from ..tiles import STANDARD_TILES, canonical, chameleon_set
from .seeds import derived_seed
from .variety import SHAPES, SectionVariety, lean, running_cap

LAG = 4  # a slot's first try knows the section's puzzles up to LAG slots before it
MIN_CHOICE = 0.25  # fewer of a kind's tiles left than this share (3 at least): it runs out
RECENT = 2  # a tile given in the last RECENT puzzles is never asked for again
# A board leant into a narrow room grows there readily only where it fills little of it:
# grade 5 in a 10 x 13 room (a 6x9 page's 30 x 19 grid leant tall), 10 seeds each: 28
# tiles (65% of the cells) 10 boards, all tall; 30 (69%) 6; 32 (74%) 1; 34 (78%) none
LEAN_FILL = 0.65
SET = {k: sorted({canonical(c) for c in (*STANDARD_TILES, *chameleon_set()) if kind(c) == k})
       for k in ("plain", "palindrome", "chameleon")}


def known(slot: int, attempt: int) -> int:
    """How many of the section's puzzles a try's plan knows: a first try those up to LAG
    slots before it (made meanwhile on other processes), a retry every one before it."""
    return slot if attempt else max(0, slot - LAG + 1)


def avoid_for(history: Sequence[Sequence[str]], relaxed: bool = False,
              uses: Counter | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The tiles (canonical codes) a slot asks the generator not to give, and to give only
    where the board offers no other ("later"), after the section's puzzles whose given
    tiles are `history`: every tile given is avoided, but where a kind runs out (fewer
    than a MIN_CHOICE share of it left) its tiles given more than the least given of it
    come later instead, and only those of the last RECENT puzzles are avoided: repeats
    are few, and far apart. `relaxed` (a slot the plan failed many times): only the last
    RECENT puzzles' tiles are avoided. `uses`: the tiles of `history` counted, when
    known (`uses_of`)."""
    recent = {c for codes in history[-RECENT:] for c in codes}
    if relaxed:
        return tuple(sorted(recent)), ()
    if uses is None:
        uses = Counter(c for codes in history for c in codes)
    avoid: set[str] = set()
    later: set[str] = set()
    for tiles in SET.values():
        used = {t for t in tiles if uses[t]}
        if len(tiles) - len(used) >= max(3, round(MIN_CHOICE * len(tiles))):
            avoid |= used
            continue
        least = min(uses[t] for t in tiles)
        avoid |= used & recent
        later |= {t for t in used - recent if uses[t] > least}
    return tuple(sorted(avoid)), tuple(sorted(later))


def kinds_for(variety: SectionVariety, slot: int, attempt: int) -> tuple[str, ...] | None:
    """The kinds a try at `slot` asks for: the slot's planned kinds, with a plain tile
    turned chameleon or palindrome (or one back to plain) where the section is short of
    (or over) its plan of that kind, counting the puzzles the try knows and what the
    first tries of the slots made meanwhile asked for. None for a slot the book plans no
    kinds for."""
    planned = variety.plan[slot]
    if planned is None:
        return None
    if attempt == 0 and slot in variety.asked:
        return variety.asked[slot]
    seen = known(slot, attempt)
    out = list(planned)
    for name, other in (("chameleon", "plain"), ("palindrome", "plain")):
        short = _running(variety, f"planned {name}", variety.plan, slot,
                         partial(_planned, name))
        short -= _running(variety, f"given {name}", variety.given, seen, partial(_given, name))
        short -= sum((kinds_for(variety, j, 0) or ()).count(name) for j in range(seen, slot))
        # one of a kind a slot at most: two palindromes cost the generator five times as
        # long, two chameleons share their joker centre
        if short > 0 and name not in out and other in out:
            out[out.index(other)] = name
        elif short < 0 and name in out:
            out[out.index(name)] = other
    kinds = tuple(out)
    if attempt == 0:
        variety.asked[slot] = kinds
    return kinds


def uses_of(variety: SectionVariety, seen: int) -> Counter:
    """The tiles the section's first `seen` puzzles gave, counted (for `avoid_for`): kept
    per puzzle as the section grows, not counted again from its start for every try."""
    return _running(variety, "uses", variety.given, seen, Counter, Counter())


def _planned(name: str, kinds: tuple[str, ...] | None) -> int:
    return kinds.count(name) if kinds else 0


def _given(name: str, codes: tuple[str, ...]) -> int:
    return sum(kind(c) == name for c in codes)


def _running(variety: SectionVariety, name: str, rows: Sequence, upto: int,
             count: Callable[[Any], Any], zero: Any = 0) -> Any:
    """sum(count(row) for row in rows[:upto]) from `zero`, from running sums kept on the
    section (`rows`, the plan or the puzzles given, only ever grow at the end): each try
    asked it again from the section's start, quadratic in a 640-puzzle section."""
    sums = variety.tallies.setdefault(name, [zero])
    upto = min(upto, len(rows))
    while len(sums) <= upto:
        sums.append(sums[-1] + count(rows[len(sums) - 1]))
    return sums[upto]


def shape_for(variety: SectionVariety, seen: int, turn: int = 0,
              slot: int | None = None) -> str | None:
    """The shape class a try at `slot` (by default the one after the first `seen`) leans
    its board to: the emptiest class not full for the slot (variety.running_cap, ties in
    SHAPES order), counting the section's first `seen` boards and the classes the first
    tries of the slots between leant to. A retry (`turn` 1, 2 ...) knows every board
    before it and asks again for its first try's class while that is not full (the slots
    after it were planned from it), then the next class. None: every class full."""
    slot = seen if slot is None else slot
    memo, retry = (slot, seen), turn
    if not retry and memo in variety.leant:
        return variety.leant[memo]
    shapes = shapes_before(variety, seen, slot)
    cap = running_cap(slot + 1)
    lacking = sorted((s for s in SHAPES if shapes[s] < cap),
                     key=lambda s: (shapes[s], SHAPES.index(s)))
    first = shape_for(variety, known(slot, 0), 0, slot) if retry else None
    if first in lacking:
        lacking.remove(first)
        lacking.insert(0, first)
        turn -= 1
    shape = lacking[turn % len(lacking)] if lacking else None
    if not retry and memo == (slot, known(slot, 0)):  # a first try: the slots after ask
        variety.leant[memo] = shape
    return shape


def shapes_before(variety: SectionVariety, seen: int, slot: int) -> Counter:
    """The shape classes a try at `slot` counts before it: those of the section's first
    `seen` boards, and those the first tries of the slots between lean to."""
    shapes = Counter(s for s in variety.shapes[:seen] if s is not None)
    for between in range(seen, slot):
        shapes.update(filter(None, [shape_for(variety, known(between, 0), 0, between)]))
    return shapes


def leaning(grid: tuple[int, int], shape: str | None, tiles: int) -> tuple[int, int] | None:
    """The grid a try grows its board in to lean to `shape` (None: no lean, or none that
    differs from the page's own grid)."""
    if shape is None:
        return None
    leant = lean(grid, shape, tiles)
    return None if leant == grid else leant


def lean_tiles(grid: tuple[int, int], least: int, most: int) -> int:
    """The tiles a try leaning into `grid` asks for when the level's `most` tiles would not
    grow there readily: as many as fill LEAN_FILL of its room (the grid less MARGIN around
    the board), `least` (the level's fewest) to `most`."""
    cells = (grid[0] - 2 * MARGIN) * (grid[1] - 2 * MARGIN)
    return max(least, min(most, math.floor(LEAN_FILL * cells / 3)))


def lane_later(seed: int, section: int, slot: int, avoid: Sequence[str],
               later: Sequence[str]) -> tuple[str, ...]:
    """`later` for a slot's first try that gives one tile: with every tile not avoided
    outside the slot's lane (the set dealt into LAG lanes by the book's `seed`, per
    section), so that the LAG slots made at once ask first for tiles no other of them
    asks for first. Not for a kind that runs out (some of its tiles come `later`
    already): its tiles given least must still come before those given more. A slot's
    retries know every puzzle before it and ask as before."""
    lanes = _lanes(seed, section)
    others = lanes[LAG] - lanes[slot % LAG] - set(avoid)
    out = set(later)
    for tiles in SET.values():
        if not out.intersection(tiles):
            out |= others.intersection(tiles)
    return tuple(sorted(out))


@lru_cache(maxsize=64)
def _lanes(seed: int, section: int) -> tuple[frozenset[str], ...]:
    """The set's tiles dealt into LAG lanes, then the whole set."""
    tiles = sorted(t for kind_tiles in SET.values() for t in kind_tiles)
    random.Random(derived_seed(seed, "lanes", section)).shuffle(tiles)
    return (*(frozenset(tiles[i::LAG]) for i in range(LAG)), frozenset(tiles))
