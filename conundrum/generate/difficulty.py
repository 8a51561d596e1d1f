"""Difficulty: what each level asks for, and the grade measured on the finished puzzle.

The grade is the band the puzzle's *effort score* falls in (effort.py: a
model of the work a person does to solve it, per given tile, from weighted
features such as near misses, hidden clashes and positions that need a
joker). What a level asks the generator for:

- sizes: a board size, a number of given tiles, and a range of counts per
  given tile, with at most MAX_POSITIONS positions in all (more answers make
  a puzzle longer, not harder); at grade 5, where the request avoids tiles (a
  book's plan), the level's largest board (`larger_board`); at every level, no
  larger than grows in the request's room in about half the tries (`within_room`);
- an effort range per given tile (for the mean over the given tiles),
  rising from level to level, so that the levels differ in how tricky each
  tile is and not only in how many tiles and answers there are;
- the kind of each given tile (palindromes are drawn often enough that a
  book gives them at least a fifth of the time, at most one a puzzle under
  standard rules; they have fewer positions, so their count range starts at 1);
- the grade's band for the whole score.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from ..board import Board
from ..errors import GenerationError
from ..options import GIVEN_KINDS
from ..puzzle import Puzzle
from ..rules import RuleSet
from .choose import draw_kind
from .effort import Effort, Weights, measure

LEVELS = (1, 2, 3, 4, 5)
# Upper score limits of grades 1-4; a score at or above BANDS[-1] is grade 5.
BANDS = (12.0, 20.0, 32.0, 70.0)
MAX_POSITIONS = 20  # docs/generator.md: what --difficulty picks, over all its given tiles


@dataclass(frozen=True)
class LevelParams:
    """What a level draws its sizes from (inclusive ranges) and asks of each tile."""

    tiles: tuple[int, int]
    given: tuple[int, int]
    positions: tuple[int, int]  # the count range each given tile may have
    tile_effort: tuple[float, float]  # [low, high) effort per given tile (the mean)
    palindromes: float  # how often a given tile is drawn to be a palindrome
    # whether a second drawn palindrome is made plain (`one_palindrome`): under standard
    # rules two seldom reach grade 5's effort; under junior the searches that drew two
    # failed as often with one (seeds 1-10: the same puzzles), weighing a larger pool
    one_palindrome: bool = True
    # whether a request that avoids tiles (a book's plan) asks for the level's largest
    # board (`larger_board`): a larger board offers more tiles in range
    avoiding_largest: bool = False


LEVEL_TABLES = {
    "standard": {
        1: LevelParams((5, 9), (1, 1), (1, 3), (0.0, 12.0), 0.33),
        2: LevelParams((9, 16), (1, 1), (2, 4), (12.0, 20.0), 0.33),
        3: LevelParams((14, 24), (1, 1), (3, 6), (20.0, 32.0), 0.50),
        4: LevelParams((20, 30), (2, 2), (3, 7), (16.0, 35.0), 0.35),
        # measured in 100-puzzle book sections (ten seeds): the largest board where tiles
        # are avoided grew 139 boards a section, 2.2 searches failing, at 14% less CPU a
        # puzzle than the larger of two draws (172.5, 6.2), and that 21% less than one
        # draw; at grades 3 and 4 (no search failing for the tiles avoided) larger boards
        # cost more, not less (docs/dev/performance.md)
        5: LevelParams((28, 40), (2, 2), (4, 9), (36.0, 70.0), 0.65, avoiding_largest=True),
    },
}
# junior: its census reads the board once a tile, so larger boards cost it more (not measured)
LEVEL_TABLES["junior"] = {level: replace(lp, one_palindrome=False,
                                                  avoiding_largest=False)
                          for level, lp in LEVEL_TABLES["standard"].items()}


@dataclass(frozen=True)
class LevelPick:
    """One draw of a level's sizes."""

    tiles: int
    given: int
    ranges: tuple[tuple[int, int], ...]  # one count range per given tile
    tile_effort: tuple[float, float]
    score: tuple[float, float]
    kinds: tuple[str, ...]  # the kind of each given tile (choose.py)


def level_params(level: int, rules: str = "standard") -> LevelParams:
    """The size ranges of difficulty `level` under `rules` (standard's table for other rules).
    GenerationError for a level outside 1 to 5."""
    if level not in LEVELS:
        raise GenerationError(f"--difficulty {level}: choose a level from 1 to 5")
    return LEVEL_TABLES.get(rules, LEVEL_TABLES["standard"])[level]


def score_band(level: int) -> tuple[float, float]:
    """The effort score band [low, high) of `level` (1 to 5; the top band has no end)."""
    lows = (0.0, *BANDS)
    highs = (*BANDS, float("inf"))
    return lows[level - 1], highs[level - 1]


def params_for(level: int, rng_or_seed: random.Random | int,
               rules: str = "standard", kinds: tuple[str, ...] | None = None) -> LevelPick:
    """The sizes drawn for a level, from a seeded generator. `kinds`, when given, are the
    kinds wanted for the first given tiles (a book plans its mix); the rest are drawn."""
    rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
    lp = level_params(level, rules)
    tiles = rng.randint(*lp.tiles)
    given = rng.randint(*lp.given)
    lo, hi = lp.positions
    hi = min(hi, MAX_POSITIONS // max(1, given))
    drawn = tuple(draw_kind(rng, lp.palindromes) for _ in range(given))
    asked = tuple(kinds or ())
    kinds = (asked + drawn[len(asked):])[:given]
    if lp.one_palindrome:
        kinds = one_palindrome(kinds, len(asked))
    # a palindrome has one reading per run, so fewer positions: any count up to `hi`
    ranges = tuple((1 if k == "palindrome" else lo, hi) for k in kinds)
    return LevelPick(tiles, given, ranges, lp.tile_effort, score_band(level), kinds)


def larger_board(pick: LevelPick, level: int, rules: str = "standard") -> LevelPick:
    """`pick` for a request that avoids tiles (a book's plan): at a level that asks it
    (`avoiding_largest`), its board the level's largest (a room may hold fewer:
    `within_room`).

    Where a book's section avoids every tile it gave, a grade-5 search fails when the
    board's tiles in range were all given; a larger board offers more tiles in range. In
    100-puzzle grade-5 sections (ten seeds) the searches failing fell from 6.2 to 2.2 a
    section against the larger of two draws, the boards grown from 172.5 to 139
    (docs/dev/performance.md, "Grade 5 in a book, twelfth round")."""
    lp = level_params(level, rules)
    if not lp.avoiding_largest or pick.tiles == lp.tiles[1]:
        return pick
    return replace(pick, tiles=lp.tiles[1])


def within_room(pick: LevelPick, level: int, rules: str = "standard",
                most: int | None = None) -> LevelPick:
    """`pick` with its board no larger than grows in the request's room in about half the
    tries (`most` tiles, search.Room.growing_tiles; None: any size), nor smaller than the
    level's fewest (an explicit --tiles wins over the pick: it is never cut). A board
    drawn larger than its room holds seldom grows there at all (a grade-5 book on a 5x8
    page, 18 x 8 cells: no board of 34 tiles or more in 30 growths, 28 tiles in 21)."""
    if most is None:
        return pick
    tiles = min(pick.tiles, max(most, level_params(level, rules).tiles[0]))
    return pick if tiles == pick.tiles else replace(pick, tiles=tiles)


def one_palindrome(kinds: tuple[str, ...], asked: int = 0) -> tuple[str, ...]:
    """Kinds with every drawn palindrome after the first palindrome made plain (the first
    `asked` kinds were asked for, and stay).

    Two palindromes (one reading per run each, so few readings to reject) seldom make
    a puzzle of the higher levels' effort: measured at grade 5, 150 puzzles, a search
    for two found one 40% of the time at 47 ms a search, against 97-100% at 16-19 ms
    with one. A book plans at most one a puzzle already (book/variety.py); `--kinds`
    may still ask for two."""
    first = kinds.index("palindrome") if "palindrome" in kinds else len(kinds)
    return tuple("plain" if k == "palindrome" and i > first and i >= asked else k
                 for i, k in enumerate(kinds))


def check_asks(level: int | None, given: int | None, positions: object,
               kinds: object, window: object) -> None:
    """A request's asks of a level (a book's plan): the kinds of its given tiles and a
    part of its score band; GenerationError for asks at odds with the request."""
    if window is not None:
        low_high = tuple(window) if isinstance(window, (list, tuple)) else ()
        if level is None or len(low_high) != 2 or not all(
                isinstance(v, (int, float)) and math.isfinite(v) for v in low_high) \
                or not low_high[0] < low_high[1]:
            raise GenerationError(f"--score {window!r}: give LOW,HIGH (LOW < HIGH) with "
                                  "--difficulty: the part of the level's score band wanted")
        band = score_band(level)
        if low_high[1] <= band[0] or low_high[0] >= band[1]:
            raise GenerationError(f"--score {low_high[0]:g},{low_high[1]:g} lies outside "
                                  f"level {level}'s band ({band[0]:g} to {band[1]:g})")
    if kinds is None:
        return
    if level is None or given is not None or positions is not None:
        raise GenerationError("--kinds goes with --difficulty alone (the level's own given "
                              "tiles); drop --given and --positions")
    if not isinstance(kinds, (tuple, list)) or not kinds or any(
            k not in GIVEN_KINDS for k in kinds):
        raise GenerationError(f"--kinds {kinds!r}: give kinds from "
                              f"{', '.join(GIVEN_KINDS)}, comma-separated")


def features(puzzle: Puzzle, weights: Weights | None = None) -> Effort:
    """The puzzle's effort features under `weights` (default: the shipped ones)."""
    return measure(puzzle, weights)


def score(puzzle: Puzzle, weights: Weights | None = None) -> float:
    """The effort score (effort.py) under `weights` (default: the shipped ones)."""
    return features(puzzle, weights).score


def grade_of_score(value: float) -> int:
    """The difficulty level (1 to 5) whose score band holds an effort score."""
    for level, limit in zip(LEVELS, BANDS, strict=False):
        if value < limit:
            return level
    return LEVELS[-1]


def grade(puzzle: Puzzle, weights: Weights | None = None) -> int:
    """The puzzle's difficulty level, 1 (easy) to 5 (hard)."""
    return grade_of_score(score(puzzle, weights=weights))


def near_misses(board: Board, code: str, rules: RuleSet) -> int:
    """Readings of `code` on runs touching the board that look legal but are not
    (the effort model's near misses and hidden clashes together)."""
    _readings, near, hidden = rules.reading_census(board)(code)
    return near + hidden
