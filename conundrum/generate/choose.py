"""Choosing the given tiles among the tiles whose counts meet the targets.

A board usually offers several tiles with the wanted count; which of them a
puzzle gives decides how it feels. The choice here:

- draws a *kind* per given tile, so that over a book given tiles are
  palindromes (BYB, RRR ...) and chameleons about as often as the set holds
  them (PALINDROME_SHARE, CHAMELEON_SHARE), and takes a tile of that kind
  when the board offers one (only it, for the first offers of each board),
  else chameleons last (their joker centre gives them many positions, so
  left to chance they would be given far more often than the set holds
  them);
- keeps the given tiles of one puzzle different: no two share two colours in
  the same places (either way round), and their answers overlap at most
  MAX_OVERLAP times, unless `allow_similar`;
- refuses a trivial puzzle (one position in all and fewer than TRIVIAL_NEAR
  near misses to reject) unless `allow_trivial`;
- for a difficulty level, keeps each tile's effort inside the level's range
  and the puzzle's score inside the grade's band (effort.py), choosing the
  tiles together: a tile of the drawn kind that no later tile can partner
  (a palindrome, few readings, beside plain tiles too easy to make up the
  mean) is passed over for the next of its kind, each tile weighed once;
- never gives a tile the request avoids (either reading), and tries the
  tiles it asks for `later` only after the others: a book plans its
  sections' tiles so that a section gives each tile once, and where the set
  runs out, the tiles given least (book/plan.py).

Every choice is drawn from the `random.Random` passed in, over sorted lists.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ..board import Board
from ..errors import GenerationError, TileCodeError
from ..placement import Placement
from ..rules import RuleSet
from ..solver import positions
from ..tiles import COLOURS, JOKER, canonical, normalise_code
from .effort import (
    BoardEffort,
    Effort,
    TileEffort,
    Weights,
    exposed_jokers,
    overlap,
    tile_effort,
)

PALINDROME_SHARE = 0.30
CHAMELEON_SHARE = 0.065  # 5 of the 80 tiles (4-9% asked for)
MAX_OVERLAP = 1
TRIVIAL_NEAR = 5
TRIES_PER_TILE = 12  # candidates measured per given tile before giving up on a board
ALTERNATES = 3  # other sets of given tiles a choice names on its board (`alternates`)


@dataclass(frozen=True)
class Choice:
    """What the given tiles must be besides their counts."""

    weights: Weights
    allow_similar: bool = False
    allow_trivial: bool = False
    tile_effort: tuple[float, float] | None = None  # [low, high) mean per given tile
    score: tuple[float, float] | None = None  # [low, high) for the puzzle
    kinds: tuple[str, ...] | None = None  # drawn by a level (else drawn by the search)
    avoid: frozenset[str] = frozenset()  # canonical codes never to give (a book's plan)
    later: frozenset[str] = frozenset()  # canonical codes tried after the others


class Hopeless(Exception):
    """Every tile measured on this board is beyond the level's effort: it is too big."""


@cache  # asked for every tile of every board the search offers: few distinct codes
def kind(code: str) -> str:
    """A given tile's kind: "chameleon", "palindrome" (reads the same both ways) or "plain"."""
    if code[1] == JOKER:
        return "chameleon"
    return "palindrome" if code == code[::-1] else "plain"


@cache  # the same: each slot asks it of the pool's tiles against those picked
def similar(a: str, b: str) -> bool:
    """Two tiles sharing two colours in the same places, either way round."""
    return any(sum(x == y for x, y in zip(a, r, strict=True)) >= 2 for r in (b, b[::-1]))


def draw_kind(rng: random.Random, palindromes: float = PALINDROME_SHARE) -> str:
    """A kind of given tile drawn from `rng`: a chameleon with CHAMELEON_SHARE, a palindrome
    with `palindromes`, else plain."""
    r = rng.random()
    if r < CHAMELEON_SHARE:
        return "chameleon"
    return "palindrome" if r < CHAMELEON_SHARE + palindromes else "plain"


def candidates(pool: Sequence[str], wanted: str, rng: random.Random,
               strict: bool, chameleons: bool = True) -> list[str]:
    """The pool in the order to try: the wanted kind first (only it, when `strict`), then
    the other kinds, chameleons last (never unless wanted, without `chameleons`)."""
    shuffled = sorted(c for c in pool if kind(c) == wanted or not strict
                      and (chameleons or kind(c) != "chameleon"))
    rng.shuffle(shuffled)
    return sorted(shuffled, key=lambda c: (kind(c) != wanted, kind(c) == "chameleon"))


def choose(board: Board, rules: RuleSet, counts: Mapping[str, int],
           ranges: Sequence[tuple[int, int]], rng: random.Random, choice: Choice,
           kinds: Sequence[str], strict: bool = False,
           census: Callable[[str], tuple[int, int, int]] | None = None,
           tile_positions: Callable[[str], Iterable[Placement]] | None = None
           ) -> list[str] | None:
    """One tile per count range meeting `choice`, in range order, each of its drawn kind
    (`kinds`, from `draw_kind`) if the board offers one, and only so when `strict`;
    None if the board offers no such set. `census`: the board's reading census, when
    already read; `tile_positions`: a tile's legal positions, where the caller keeps them
    (`BoardEffort`).

    A level's tiles are chosen together (under rules whose census is one pass,
    `RuleSet.census_in_one_pass`): where the tiles after a slot find no partner
    for its candidate (a palindrome, whose effort no plain tile on the board makes up),
    the slot's next candidate of its drawn kind is tried, never one of another kind.
    Raises Hopeless when every tile measured for a slot is beyond the level's effort."""
    weigh = BoardEffort(board, rules, census, tile_positions) if graded(choice) else None
    # junior's census reads the board once a tile weighed: there the next candidates
    # cost more than the searches they spare (grade 5, seeds 1-10: 32.6 -> 41.2 s)
    together = choice.tile_effort is not None and rules.census_in_one_pass

    def pick(slot: int, picked: list[TileEffort]) -> list[TileEffort] | None:
        if slot == len(ranges):
            return picked if acceptable(board, picked, choice, rules) else None
        wanted = kinds[slot]
        band = effort_needed(choice, picked, last=slot == len(ranges) - 1)
        measured = too_much = 0
        # a level insists on its kinds while `strict` and never falls back on a
        # chameleon (it has other sizes to try); an explicit request only keeps
        # undrawn chameleons out while `strict`
        level = choice.kinds is not None
        order = slot_order(counts, ranges[slot], choice, wanted, rng, strict and level,
                           not strict and not level, picked)
        partnerless = hopeless = False  # a candidate of the drawn kind found no partner
        # below this bound (the census's, reach.py) a tile is in neither the band nor
        # over the ceiling: counted as weighed, not weighed (a partner tried beside each
        # candidate of the slot before)
        short = min(band[0], ceiling(choice)) if together and weigh is not None else 0.0
        for code in order[:TRIES_PER_TILE]:
            if partnerless and kind(code) != wanted:
                break  # (the drawn kind's candidates come first)
            measured += 1
            if short > 0 and weigh is not None \
                    and weigh.most(code, counts[code], choice.weights) < short:
                continue
            # a tile tried beside each candidate of an earlier slot is weighed once: the
            # board's weighing keeps it (BoardEffort.tile_effort); ungraded, no tile is
            # tried twice (`together` needs a level)
            te = weigh.tile_effort(code, choice.weights) if weigh is not None \
                else answers_only(board, code, rules)
            too_much += te.effort >= ceiling(choice)
            if not band[0] <= te.effort < band[1]:
                continue
            if not choice.allow_similar and overlap([*(t.answers for t in picked),
                                                     te.answers]) > MAX_OVERLAP:
                continue
            try:
                found = pick(slot + 1, [*picked, te])
            except Hopeless:  # beside this tile; the next of its kind may leave others
                if not together or kind(code) != wanted:
                    raise
                found, hopeless = None, True
            # measured, grade 5 in a book: a palindrome passed over for the next one
            # found a puzzle where the search failed 17 -> 12 times (100 puzzles), but
            # passed over for another kind gave palindromes 22% of the tiles, not 30%
            if found is not None or not together or kind(code) != wanted:
                return found
            partnerless = True
        if hopeless or measured and too_much == measured:
            raise Hopeless
        return None

    chosen = pick(0, [])
    return None if chosen is None else [t.code for t in chosen]


def slot_order(counts: Mapping[str, int], span: tuple[int, int], choice: Choice,
               wanted: str, rng: random.Random, strict: bool, chameleons: bool,
               picked: Sequence[TileEffort] = ()) -> list[str]:
    """The tiles with a count in `span` that a slot may give, in the order to try them
    (`candidates`; within each kind the tiles asked for `later` last): none the choice
    avoids, none the same as or (unless allowed) similar to a tile `picked` before."""
    lo, hi = span
    pool = [c for c, n in counts.items() if lo <= n <= hi
            and not (choice.avoid and canonical(c) in choice.avoid)
            and all(c != t.code and (choice.allow_similar or not similar(c, t.code))
                    for t in picked)]
    order = candidates(pool, wanted, rng, strict, chameleons)
    if choice.later:  # within each kind; a stable sort keeps the drawn order
        order.sort(key=lambda c: (kind(c) != wanted, kind(c) == "chameleon",
                                  canonical(c) in choice.later))
    return order


def acceptable(board: Board, picked: Sequence[TileEffort], choice: Choice,
               rules: RuleSet) -> bool:
    """Whether a full set of given tiles makes a puzzle the choice accepts: not trivial
    (unless allowed), its score in the band."""
    if not choice.allow_trivial and sum(len(t.answers) for t in picked) <= 1:
        # a graded choice measured the whole effort already; an answers-only one did not
        measured_tiles = picked if graded(choice) else \
            [tile_effort(board, t.code, rules, choice.weights) for t in picked]
        if trivial(measured_tiles):
            return False
    if choice.score is not None:
        value = puzzle_score(board, picked, choice.weights)
        if not choice.score[0] <= value < choice.score[1]:
            return False
    return True


def alternates(board: Board, rules: RuleSet, counts: Mapping[str, int],
               ranges: Sequence[tuple[int, int]], rng: random.Random, choice: Choice,
               kinds: Sequence[str], first: Sequence[str]) -> list[tuple[str, ...]]:
    """Other sets of given tiles the board offers for the same choice, besides `first`
    (the choice made): up to ALTERNATES, each the first set (in the order `choose` tries
    tiles: the wanted kinds first) leaving out each of `first`'s tiles in turn, then all
    of them, then every tile named so far. A book takes one where a puzzle made at the
    same time gave a tile of `first` (book/alternates.py). Unlike `choose`, which takes
    the first tile that fits each slot in turn, every pair of the tiles weighed is
    tried (the tiles `choose` would weigh, each weighed once: the rest is arithmetic on
    their efforts)."""
    weigh = BoardEffort(board, rules) if graded(choice) else None
    pools = [_weighed(board, rules, counts, (lo, hi), rng, choice, wanted, weigh)
             for (lo, hi), wanted in zip(ranges, kinds, strict=True)]
    named = list(dict.fromkeys(canonical(c) for c in first))
    without = [{c} for c in named] + ([set(named)] if len(named) > 1 else [])
    out: list[tuple[str, ...]] = []
    while without and len(out) < ALTERNATES:
        leave = without.pop(0)
        codes = next((codes for codes in _sets(board, rules, pools, choice)
                      if codes not in out and not leave & {canonical(c) for c in codes}),
                     None)
        if codes is None:
            continue
        out.append(codes)
        named += [canonical(c) for c in codes if canonical(c) not in named]
        if not without:  # the subsets of `first` tried: leave out every tile named so far
            without.append(set(named))
    return out


def _weighed(board: Board, rules: RuleSet, counts: Mapping[str, int], span: tuple[int, int],
             rng: random.Random, choice: Choice, wanted: str,
             weigh: BoardEffort | None) -> list[TileEffort]:
    """The tiles `choose` would weigh for one slot (its order, TRIES_PER_TILE of them),
    weighed, less those at or over the ceiling."""
    order = slot_order(counts, span, choice, wanted, rng, False, choice.kinds is None)
    weighed = [weigh.tile_effort(c, choice.weights) if weigh is not None
               else answers_only(board, c, rules) for c in order[:TRIES_PER_TILE]]
    return [te for te in weighed if te.effort < ceiling(choice)]


def _sets(board: Board, rules: RuleSet, pools: Sequence[Sequence[TileEffort]],
          choice: Choice) -> Iterator[tuple[str, ...]]:
    """Every set of one tile a pool (in the pools' order) meeting the choice as `choose`
    checks it: different tiles, the mean effort in range, answers apart, not trivial,
    the score in band."""
    for picked in itertools.product(*pools):
        codes = tuple(t.code for t in picked)
        if len({canonical(c) for c in codes}) < len(codes) or not choice.allow_similar and \
                any(similar(a, b) for a, b in itertools.combinations(codes, 2)):
            continue
        low, high = effort_needed(choice, picked[:-1], last=True)
        if not low <= picked[-1].effort < high:
            continue
        if not choice.allow_similar and overlap(t.answers for t in picked) > MAX_OVERLAP:
            continue
        if acceptable(board, picked, choice, rules):
            yield codes


# every tile there can be (any chameleons a set names too) in a fixed order, for `--avoid`
# written as a mask (one bit a tile)
TILE_ORDER = tuple(sorted({canonical(a + m + b) for a in COLOURS for b in COLOURS
                           for m in COLOURS + JOKER}))
MASK = "x"  # a mask's prefix, never a tile's colour


_BIT = {code: i for i, tile in enumerate(TILE_ORDER) for code in (tile, tile[::-1])}


def avoid_mask(codes: Iterable[str]) -> str:
    """Tiles to avoid as the short text a puzzle's recipe records (a page prints it): "x"
    and a hex mask over TILE_ORDER. TileCodeError for a code that names no tile."""
    bits = 0
    for code in codes:
        # a book asks for every try's mask: its codes are canonical already
        at = _BIT.get(code)
        bits |= 1 << (at if at is not None else _BIT[normalise_code(code)])
    return f"{MASK}{bits:0{(len(TILE_ORDER) + 3) // 4}x}"


def avoided(value: object, option: str = "--avoid") -> frozenset[str]:
    """`--avoid`'s (or `--later`'s) tiles as canonical codes: tile codes (a list, or
    comma-separated) or a mask (`avoid_mask`); None: none. GenerationError for anything
    else."""
    if value is None:
        return frozenset()
    try:
        if isinstance(value, str) and value.startswith(MASK):
            return _masked(value)
        codes = value.split(",") if isinstance(value, str) else value
        if not isinstance(codes, (tuple, list)):
            raise TileCodeError("not a list")
        return frozenset(canonical(normalise_code(c)) for c in codes)
    except (TileCodeError, ValueError) as exc:
        raise GenerationError(f"{option} {value!r}: give tile codes such as RBY,GGG, "
                              f"comma-separated, or a mask as a puzzle records it ({exc})"
                              ) from None


@lru_cache(maxsize=1 << 10)  # a request's masks are read several times a try
def _masked(mask: str) -> frozenset[str]:
    """The tiles a mask (`avoid_mask`) sets; ValueError for one that is not a mask."""
    bits = int(mask[len(MASK):], 16)
    if bits >> len(TILE_ORDER):
        raise ValueError("too many bits")
    return frozenset(c for i, c in enumerate(TILE_ORDER) if bits >> i & 1)


def graded(choice: Choice) -> bool:
    """Whether the choice measures effort (a level's), or only needs the answers."""
    return choice.tile_effort is not None or choice.score is not None


def answers_only(board: Board, code: str, rules: RuleSet) -> TileEffort:
    """A tile's answers without measuring its effort: what an explicit request needs
    (the overlap between given tiles), at the solver's speed."""
    cells = frozenset(p.cells for p in positions(board, code, rules))
    return TileEffort(code, {"positions": len(cells)}, 0.0, cells)


def effort_needed(choice: Choice, picked: Sequence[TileEffort],
                  last: bool) -> tuple[float, float]:
    """The effort the next tile may have: below the ceiling; the last tile also brings the
    mean per tile into the level's range (so one easy palindrome can sit beside a hard
    tile)."""
    top = ceiling(choice)
    if not last or choice.tile_effort is None:
        return (0.0, top)
    k = len(picked) + 1
    done = sum(t.effort for t in picked)
    lo, hi = choice.tile_effort
    return (lo * k - done, min(top, hi * k - done))


def ceiling(choice: Choice) -> float:
    """An effort no given tile may reach (the level's range, or the score band: the
    discount for overlapping answers is at most MAX_OVERLAP answers' worth)."""
    top = float("inf")
    if choice.tile_effort is not None and choice.kinds is not None:
        top = choice.tile_effort[1] * len(choice.kinds)
    if choice.score is not None:
        top = min(top, choice.score[1] - MAX_OVERLAP * choice.weights["overlap"])
    return top


def least_score(ranges: Sequence[tuple[int, int]], weights: Weights) -> float:
    """A score no puzzle with these counts can go below: each position is a reading
    examined and a position found; overlapping answers take off at most MAX_OVERLAP
    answers' worth per pair of tiles."""
    pairs = len(ranges) * (len(ranges) - 1) // 2
    return (sum(lo for lo, _hi in ranges) * (weights["readings"] + weights["positions"])
            + pairs * MAX_OVERLAP * weights["overlap"])


def trivial(picked: Sequence[TileEffort]) -> bool:
    """One position in all, and almost nothing to reject on the way to it."""
    total = sum(t.features["positions"] for t in picked)
    return total == 1 and sum(t.features["near"] for t in picked) < TRIVIAL_NEAR


def puzzle_score(board: Board, picked: Sequence[TileEffort], weights: Weights) -> float:
    """The score effort.measure gives the puzzle these tiles make (without re-measuring)."""
    pf = {"overlap": overlap(t.answers for t in picked),
          "exposed_jokers": exposed_jokers(board)}
    return Effort(list(picked), pf, weights).score
