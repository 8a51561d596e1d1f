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
  and the puzzle's score inside the grade's band (effort.py);
- never gives a tile the request avoids (either reading), and tries the
  tiles it asks for `later` only after the others: a book plans its
  sections' tiles so that a section gives each tile once, and where the set
  runs out, the tiles given least (book/plan.py).

Every choice is drawn from the `random.Random` passed in, over sorted lists.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

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
    Raises Hopeless when every tile measured is beyond the level's effort."""
    picked: list[TileEffort] = []
    weigh = BoardEffort(board, rules, census, tile_positions) if graded(choice) else None
    for slot, ((lo, hi), wanted) in enumerate(zip(ranges, kinds, strict=True)):
        pool = [c for c, n in counts.items() if lo <= n <= hi
                and not (choice.avoid and canonical(c) in choice.avoid)
                and all(c != t.code and (choice.allow_similar or not similar(c, t.code))
                        for t in picked)]
        band = effort_needed(choice, picked, last=slot == len(ranges) - 1)
        found = None
        measured = too_much = 0
        # a level insists on its kinds while `strict` and never falls back on a
        # chameleon (it has other sizes to try); an explicit request only keeps
        # undrawn chameleons out while `strict`
        level = choice.kinds is not None
        order = candidates(pool, wanted, rng, strict and level, not strict and not level)
        if choice.later:  # within each kind; a stable sort keeps the drawn order
            order.sort(key=lambda c: (kind(c) != wanted, kind(c) == "chameleon",
                                      canonical(c) in choice.later))
        for code in order[:TRIES_PER_TILE]:
            te = weigh.tile_effort(code, choice.weights) if weigh is not None \
                else answers_only(board, code, rules)
            measured += 1
            too_much += te.effort >= ceiling(choice)
            if not band[0] <= te.effort < band[1]:
                continue
            if not choice.allow_similar and overlap([*(t.answers for t in picked),
                                                     te.answers]) > MAX_OVERLAP:
                continue
            found = te
            break
        if found is None:
            if measured and too_much == measured:
                raise Hopeless
            return None
        picked.append(found)
    if not choice.allow_trivial and sum(len(t.answers) for t in picked) <= 1:
        # a graded choice measured the whole effort already; an answers-only one did not
        measured_tiles = picked if graded(choice) else \
            [tile_effort(board, t.code, rules, choice.weights) for t in picked]
        if trivial(measured_tiles):
            return None
    if choice.score is not None:
        value = puzzle_score(board, picked, choice.weights)
        if not choice.score[0] <= value < choice.score[1]:
            return None
    return [t.code for t in picked]


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
            bits = int(value[len(MASK):], 16)
            if bits >> len(TILE_ORDER):
                raise ValueError("too many bits")
            return frozenset(c for i, c in enumerate(TILE_ORDER) if bits >> i & 1)
        codes = value.split(",") if isinstance(value, str) else value
        if not isinstance(codes, (tuple, list)):
            raise TileCodeError("not a list")
        return frozenset(canonical(normalise_code(c)) for c in codes)
    except (TileCodeError, ValueError) as exc:
        raise GenerationError(f"{option} {value!r}: give tile codes such as RBY,GGG, "
                              f"comma-separated, or a mask as a puzzle records it ({exc})"
                              ) from None


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
