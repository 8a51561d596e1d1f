"""Which tiles on a board can reach a level's effort, from one cheap reading of the board.

A level asks its given tiles for a mean effort of at least its range's low end
(difficulty.py; grade 5: 36 a tile). The choice (choose.py) tries tiles in a
shuffled order and asks the last to make up the mean, measuring each
candidate in full (its positions one by one). On most boards a search grows, no
pair of tiles reaches it: measured at grade 5, the choice refused a board offered
it eight times for nearly every board it accepted, each refusal measuring up to
two dozen tiles.

An upper bound of every tile's effort comes from the board's reading census
alone (`RuleSet.reading_census`, one pass for all tiles): the readings, near
misses and hidden clashes are exact, and jokers, pockets and reversed readings
are at most one a position, the positions being the tracker's count. So before
the choice is asked:

- a board on which no set of tiles, one a slot, can reach the level's mean is
  refused without measuring anything (`within_reach` gives no choice);
- tiles that cannot be part of such a set are kept from the choice (added to
  what it avoids), so that no first pick is weighed that leaves the last
  tile no chance.

The bound is asked only under rules whose census is one pass
(`RuleSet.census_in_one_pass`: standard's): junior's reads the board once a
tile, and bounding every tile in range took four times the CPU of the choice
it spared (junior grade 5, the same puzzles). The choice still checks every
tile in full. What changes is what it is offered:
once it no longer insists on the drawn kinds (after its first offers of a board), a
palindrome that cannot reach is passed over for a plain tile that can, where before
the choice took it and then found no tile to make up the mean. Measured at grade 5:
palindromes are 25% of the given tiles alone (200 puzzles; 30% before), 28% in a
100-puzzle book section (30% before). Since the choice tries a palindrome's next
rival where the first finds no partner (choose.py): 31% alone, 30% in the section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..rules import Census
from ..tiles import canonical
from .choose import Choice, kind
from .effort import most_effort

CensusOf = Callable[[str], Census]  # RuleSet.reading_census's result: a tile's census


@dataclass(frozen=True)
class Reach:
    """The choice as narrowed for one board (None when no set of tiles can reach), and
    the board's census when it was read."""

    choice: Choice | None
    census: CensusOf | None = None


def within_reach(counts: Mapping[str, int], census_of: Callable[[], CensusOf],
                 ranges: Sequence[tuple[int, int]], kinds: Sequence[str], choice: Choice,
                 strict: bool) -> Reach:
    """The choice, avoiding also every tile that cannot be one of a set reaching the
    level's mean effort (one tile a slot, counts in the slot's range, of the kinds the
    choice would take: only the drawn kind when `strict`, never an undrawn chameleon);
    Reach(None) when no set can. The choice as it is when it asks no effort. The board's
    census is read (`census_of`) only when every slot has a tile to weigh."""
    if choice.tile_effort is None or choice.kinds is None or not ranges:
        return Reach(choice)
    pools: list[list[tuple[str, str, int, bool]]] = []
    for (lo, hi), wanted in zip(ranges, kinds, strict=True):
        pool = []
        for code, n in counts.items():
            if not lo <= n <= hi:
                continue
            k = kind(code)
            if (k != wanted) if strict else (k == "chameleon" != wanted):
                continue
            key = canonical(code)
            if key not in choice.avoid:
                pool.append((key, code, n, k == "palindrome"))
        if not pool:
            return Reach(None)
        pools.append(pool)
    census = census_of()
    slots = [{key: most_effort(census(code), n, palindrome, choice.weights)
              for key, code, n, palindrome in pool} for pool in pools]
    need = choice.tile_effort[0] * len(ranges)
    offered = {key for b in slots for key in b}
    useful = _useful(slots, need)
    if useful is None:
        return Reach(None, census)
    if useful == offered:
        return Reach(choice, census)
    return Reach(replace(choice, avoid=choice.avoid | (offered - useful)), census)


def _useful(slots: Sequence[Mapping[str, float]], need: float) -> set[str] | None:
    """The tiles that can be one of a set (a tile a slot) whose bounds reach `need`; None
    when no set can."""
    if not all(slots):
        return None
    best = [max(b.values()) for b in slots]
    total = sum(best)
    if total < need:
        return None
    return {key for b, top in zip(slots, best, strict=True)
            for key, bound in b.items() if bound + total - top >= need}
