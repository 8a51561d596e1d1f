"""The search method: grow a board the way games grow, then steer it to the targets.

1. Growth: from a start chameleon, lay legal tiles one by one, as players
   do: either a solo game of the game engine (`conundrum.game`) with a
   random, greedy or cautious bot, or a random layer here. Each restart
   draws a *style* (which of those, how much it likes compact placements,
   a colour palette, how readily it lays chameleons) so boards from
   different seeds differ in shape and colour mix.
2. Choice: the tracker counts every tile off the board in one pass, so the
   given tiles are *chosen* among tiles whose counts already hit the
   targets; a grown board often needs nothing more.
3. Steering: otherwise a local search swaps one tile at a time (take off a
   tile whose removal keeps the board legal, lay a random legal tile), keeps
   the move when the distance to the targets does not grow (and sometimes
   when it does, to leave plateaus), and restarts from a derived seed after
   a fixed number of moves.

With a `Room` (a book page's drawn grid, `GenerateRequest.max_grid`) every
placement laid, while growing or steering, keeps the board's bounding box
within it; a game-engine board that comes out larger is replaced by one
grown here, as when its games end short. Without one, nothing changes.

Every random choice comes from a `random.Random` seeded from the request, and
every budget counts moves, never seconds: the same request does the same
work and finds the same puzzle; the time limit can only abort it.

Longer than 400 lines on purpose: growth, choice and steering share one
tracker and one budget, and read best in the order they run.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ..board import Board
from ..counting import JuniorTracker, StandardTracker
from ..errors import GenerationError
from ..frontier_runs import NO_CONTACT
from ..notation import MARGIN
from ..placement import Cell, Placement
from ..rules import RuleSet
from ..seeds import derive
from ..solver import reading_order
from ..tiles import COLOURS, JOKER
from .choose import Choice, Hopeless, choose, draw_kind
from .effort import default_weights
from .reach import within_reach

Tracker = StandardTracker | JuniorTracker

MIN_RESTARTS, MAX_RESTARTS = 12, 40
TOTAL_MOVES = 12_000
GAME_ATTEMPTS = 3  # games tried before growing the board by hand
PICK_TRIES = 20  # boards meeting the counts offered to the choice before a restart
GRADED_RESTARTS, GRADED_PICKS = 4, 8
HOPELESS_AFTER = 6  # boards steered before a far-off request is given up
REMOVE_TRIES = 8
TEMPERATURE = 0.6
# Measured (40-tile boards, level 5): boards covering up to 80% of a room's cells grow in
# it in a few tries; at 90% a third of graded requests find no board in 12 attempts.
ROOMY_FILL = 0.8
# Measured (20 growths a size, by hand, in rooms of 10 x 13 to 30 x 10 cells): a board
# grows in at least 16 of 20 tries while it covers up to 50-58% of the room's cells, in
# half of them up to 56-62%, and at 70% or more almost never. A level's draw is kept to
# GROWS_FILL (`within_room`): in a book, grade 4's square-leant rooms (12 x 12) then
# take up to 28 of its 20-30 tiles (100-puzzle sections as fast, seeds 2024, 7, 11);
# at 55% grades 1-3's would change too (grade 1's 9 tiles in 7 x 7). ROOMY_FILL is the
# looser test of a page's layout and a book's plan, with the search's restarts and a
# level's attempts; a book's try leant into a room too small for the level's largest
# boards asks for a count of tiles itself (plan.lean_tiles, 65% of the room), never cut.
GROWS_FILL = 0.6
# Measured (30 games each): games' boards of 24-40 tiles fit a room they would fill 20-25%
# of half the time or more, 35% of 13-37% of the time, 44% of 2 in 30, 55% of never:
# past GAME_FILL no game is played (its board would be thrown away).
GAME_FILL = 0.4
# A game's board keeps to no narrow room: in the rooms a book leans grades 1-3 to
# (100-puzzle sections, seed 2024, two a page), of games in a room 4 cells across 1 in 65
# fit, 6 across 1 in 35, 7 across 2 in 29; 9-18 across 40 in 41. Below GAME_ACROSS no
# game is played (each spread one cost 0.8-1.9 ms before it was thrown away).
GAME_ACROSS = 8
# Nor a room too narrow for its board: a game's board (no room, 120 games a size) fits a
# room 13 x 18 or 13 x 21 42-44% of the time at 24 tiles, 28-34% at 28, 6-12% at 32; in
# grade 5's rooms 13 across 4 of 58 games fit (300 puzzles), 16 across 7 of 24. A game is
# played only where the narrow side is at least sqrt(GAME_SPREAD * n) cells: 13 across up
# to 26 tiles, 16 up to 39 (grades 1-4's sections as before).
GAME_SPREAD = 6.5


@dataclass(frozen=True)
class Budget:
    """How much work one request may do: restarts, and local-search moves per restart."""

    restarts: int
    moves: int
    picks: int = PICK_TRIES  # boards meeting the counts offered to the choice, per restart

    @classmethod
    def for_request(cls, n_tiles: int, targets: Sequence[int]) -> Budget:
        """The budget of a request with exact sizes: moves grow with the board and the targets,
        restarts fill a fixed total of moves."""
        # bigger boards and more targets need more moves to steer; the total is
        # capped so that a hopeless request on a big board also ends in seconds
        moves = 150 + 10 * n_tiles + 60 * len(targets)
        restarts = min(MAX_RESTARTS, max(MIN_RESTARTS, TOTAL_MOVES // moves))
        return cls(restarts, moves)

    @classmethod
    def for_graded(cls, n_tiles: int, targets: Sequence[int]) -> Budget:
        """The budget of one attempt at a difficulty level: a few restarts, each with as many
        moves as `for_request` gives."""
        # one attempt of a difficulty level: a few boards, each offered to the choice
        # a few times; the level's next attempt draws new sizes and a new seed
        return cls(GRADED_RESTARTS, cls.for_request(n_tiles, targets).moves, GRADED_PICKS)


@dataclass(frozen=True)
class Style:
    """How one growth lays its tiles: the variety between seeds."""

    # placements weighted by (contacts) ** compactness: high packs boards tight,
    # negative makes them stringy (few contacts: long arms, open shapes)
    compactness: float
    palette: tuple[float, ...]  # a weight per colour, RYGBP
    chameleon: float  # weight of a chameleon relative to a tile of average colours
    bot: str | None = None  # grow by playing a game with these bots (conundrum.game)

    @classmethod
    def draw(cls, rng: random.Random) -> Style:
        """A style drawn from `rng`: compactness, colour weights, chameleon weight and bots."""
        return cls(
            compactness=rng.choice((-3.0, -1.0, 0.0, 0.5, 1.0, 2.0, 3.0)),
            palette=tuple(round(rng.uniform(0.35, 1.0), 3) for _ in COLOURS),
            chameleon=rng.choice((0.0, 0.2, 0.5, 1.0)),
            bot=rng.choice((None, None, None, "random", "greedy", "cautious")),
        )

    def tile_weight(self, code: str) -> float:
        """How likely `code` is laid next, relative to other tiles in hand."""
        return _tile_weight(self.palette, self.chameleon, code)

    @cached_property
    def weights(self) -> dict[str, float]:
        """`tile_weight` by code, filled as codes are asked: a growth asks it of every
        playable tile at every move (the cache behind `tile_weight` hashes the palette
        each time)."""
        return _Weights(self.palette, self.chameleon)


class _Weights(dict[str, float]):
    """A style's tile weights (`Style.weights`), each made when first asked (from the
    style's palette, not the style: no reference cycle for the collector)."""

    def __init__(self, palette: tuple[float, ...], chameleon: float) -> None:
        super().__init__()
        self.palette, self.chameleon = palette, chameleon

    def __missing__(self, code: str) -> float:
        weight = self[code] = _tile_weight(self.palette, self.chameleon, code)
        return weight


@lru_cache(maxsize=1 << 14)  # asked for every tile in hand at every move of every growth
def _tile_weight(palette: tuple[float, ...], chameleon: float, code: str) -> float:
    if code[1] == JOKER:
        return chameleon
    w = 1.0
    for ch in code:
        w *= palette[COLOURS.index(ch)]
    return w


@dataclass(frozen=True)
class Room:
    """How far a board may spread, in cells: a page's drawn grid (columns, rows) less the
    MARGIN the sheet draws around the board's bounding box (`notation.Grid.of`)."""

    columns: int
    rows: int

    @classmethod
    def of(cls, max_grid: tuple[int, int] | None) -> Room | None:
        """The room a page's drawn grid (columns, rows) leaves a board, or None for no limit."""
        if max_grid is None:
            return None
        return cls(max_grid[0] - 2 * MARGIN, max_grid[1] - 2 * MARGIN)

    def keeps(self, board: Board, options: list[Placement]) -> list[Placement]:
        """The placements that leave the board's bounding box within the room."""
        box = board.bbox() if len(board) else None
        return [p for p in options if self._holds(box, p.cells)]

    def window(self, board: Board) -> tuple[Cell, Cell] | None:
        """The corner cells of the window a placement's cells must lie in to keep the
        (non-empty) board's bounding box within the room, exactly as `keeps` decides; None
        where a tile's own length may not fit (rooms under 3 cells: ask `keeps`)."""
        if self.columns < 3 or self.rows < 3:
            return None
        x0, y0, x1, y1 = board.bbox()
        if x1 - x0 >= self.columns or y1 - y0 >= self.rows:  # nothing can keep it within
            return (x0, y0), (x0 - 3, y0 - 3)
        return ((x1 - self.columns + 1, y1 - self.rows + 1),
                (x0 + self.columns - 1, y0 + self.rows - 1))

    def around(self, board: Board) -> bool:
        """Whether every run touching the (non-empty) board lies inside its `window`, so that
        every position keeps the board within the room: a touching run's cells lie within
        the board's bounding box widened by 3 cells along the run and 1 across it."""
        x0, y0, x1, y1 = board.bbox()
        return x1 - x0 + 4 <= self.columns and y1 - y0 + 4 <= self.rows

    def holds(self, board: Board) -> bool:
        """Whether the (non-empty) board's bounding box fits the room."""
        # the bounding box a board keeps as tiles are laid: a game asks after every turn
        x0, y0, x1, y1 = board.bbox()
        return x1 - x0 < self.columns and y1 - y0 < self.rows

    def _holds(self, box: tuple[int, int, int, int] | None, cells: Sequence[Cell]) -> bool:
        x0, y0, x1, y1 = box if box is not None else (*cells[0], *cells[0])
        for x, y in cells:
            x0, x1 = min(x0, x), max(x1, x)
            y0, y1 = min(y0, y), max(y1, y)
        return x1 - x0 < self.columns and y1 - y0 < self.rows

    def text(self) -> str:
        """The drawn grid the room stands for, for messages: `columns x rows`."""
        return f"{self.columns + 2 * MARGIN} x {self.rows + 2 * MARGIN}"

    def fits_a_game(self, n_tiles: int) -> bool:
        """Whether a game's board of `n_tiles` tiles may fit (GAME_FILL, GAME_ACROSS,
        GAME_SPREAD): games spread."""
        across = min(self.columns, self.rows)
        return 3 * n_tiles <= GAME_FILL * self.columns * self.rows \
            and across >= GAME_ACROSS and across * across >= GAME_SPREAD * n_tiles

    def roomy_for(self, n_tiles: int) -> bool:
        """Whether boards of `n_tiles` tiles grow within the room readily (ROOMY_FILL)."""
        return min(self.columns, self.rows) >= 3 and \
            3 * n_tiles <= ROOMY_FILL * self.columns * self.rows

    def growing_tiles(self) -> int:
        """The most tiles whose boards grow within the room in about half their tries or
        more (GROWS_FILL of its cells)."""
        # (the nudge: 0.6 x 135 / 3 is 26.999... in floating point, not 27)
        return math.floor(GROWS_FILL * self.columns * self.rows / 3 + 1e-9) \
            if min(self.columns, self.rows) >= 3 else 0


@dataclass
class Found:
    """A board meeting the targets, and its given tiles in target order."""

    board: Board
    given: list[str]
    restart: int


def run_search(ruleset: RuleSet, n_tiles: int, targets: Sequence[int], seed: int,
               deadline: float | None = None, budget: Budget | None = None,
               choice: Choice | None = None,
               ranges: Sequence[tuple[int, int]] | None = None,
               room: Room | None = None) -> Found:
    """A legal board of `n_tiles` tiles with one distinct tile off it per target count.

    `ranges` (one [low, high] per given tile) replaces the exact targets when a
    difficulty level allows a range of counts; `choice` says what else the
    given tiles must be (choose.py); `room`, how far the board may spread.
    GenerationError when no such board is found, or cannot fit the room.
    """
    check_room(n_tiles, room)
    budget = budget or Budget.for_request(n_tiles, targets)
    choice = choice or Choice(default_weights())
    wanted = [(t, t) for t in targets] if ranges is None else list(ranges)
    kind_rng = random.Random(derive(seed, "kinds"))
    kinds = choice.kinds or [draw_kind(kind_rng) for _ in wanted]
    closest: int | None = None
    grown = 0
    for restart in range(budget.restarts):
        check_deadline(deadline)
        rng = random.Random(derive(seed, "restart", restart))
        tracker = grow(ruleset, n_tiles, rng, Style.draw(rng), deadline, room)
        if tracker is None:
            continue
        grown += 1
        pick = Picker(ruleset, wanted, choice, kinds,
                      random.Random(derive(seed, "given", restart)), budget.picks // 2)
        try:
            given, best = steer(tracker, ruleset, wanted, rng, budget.moves, deadline, pick,
                                budget.picks, room)
        except Hopeless:
            continue
        if given is not None:
            return Found(tracker.board, given, restart)
        closest = best if closest is None else min(closest, best)
        if restart + 1 >= HOPELESS_AFTER and closest >= hopeless_gap(targets):
            raise GenerationError(
                f"no puzzle found: after {restart + 1} boards of {n_tiles} tiles, each "
                f"steered for {budget.moves} moves, the counts stayed {closest} or more "
                f"away from {_targets_text(targets)}; such counts look out of reach on "
                f"{n_tiles} tiles (--method sat can prove it for small boards)")
    if room is not None and not grown:
        raise GenerationError(f"no board of {n_tiles} tiles grew within the page's grid: "
                              f"the page holds {room.text()} cells")
    raise GenerationError(
        f"no puzzle found: {budget.restarts} boards of {n_tiles} tiles, each steered for "
        f"{budget.moves} moves, never gave tiles with exactly {_targets_text(targets)} "
        f"positions{_choice_text(choice, targets)}; try another seed or other targets "
        "(--method sat can prove a small request impossible)")


def check_room(n_tiles: int, room: Room | None) -> None:
    """GenerationError where boards of `n_tiles` tiles cover more cells than the room has."""
    if room is not None and room.columns * room.rows < 3 * n_tiles:
        raise GenerationError(f"{n_tiles} tiles cover {3 * n_tiles} cells; the page holds "
                              f"{room.text()} cells with a margin of {MARGIN} around the board")


def _choice_text(choice: Choice, targets: Sequence[int]) -> str:
    """What else the given tiles had to be, and the option that relaxes it."""
    parts = []
    if len(targets) > 1 and not choice.allow_similar:
        parts.append("that differ (--allow-similar relaxes this)")
    if sum(targets) == 1 and not choice.allow_trivial:
        parts.append("that are not trivial (--allow-trivial relaxes this)")
    return f" {' and '.join(parts)}" if parts else ""


class Picker:
    """Offers of a board meeting the counts to the choice (choose.py), strict about the
    drawn kinds of given tile for the first `strict_offers` offers (choose.choose). For a
    level, under rules whose census is one pass (`RuleSet.census_in_one_pass`), the tiles
    that cannot reach its effort are not offered (reach.py)."""

    def __init__(self, ruleset: RuleSet, ranges: Sequence[tuple[int, int]], choice: Choice,
                 kinds: Sequence[str], rng: random.Random, strict_offers: int) -> None:
        self.ruleset, self.ranges, self.choice, self.kinds = ruleset, ranges, choice, kinds
        self.rng = rng
        self.strict_offers = strict_offers
        self.offers = 0

    def __call__(self, tracker: Tracker) -> list[str] | None:
        self.offers += 1
        strict = self.offers <= self.strict_offers
        board, counts = tracker.board, tracker.counts()
        # junior's census reads the board once a tile: bounding every tile in range cost
        # four times what the choice spends weighing the few it tries (reach.py)
        if self.choice.tile_effort is None or not self.ruleset.census_in_one_pass:
            return choose(board, self.ruleset, counts, self.ranges, self.rng, self.choice,
                          self.kinds, strict)
        # the census and the positions from the runs the tracker keeps: a steered board
        # would scan its whole frontier again after each removal to list them in order
        runs = tracker.run_keys() if isinstance(tracker, StandardTracker) else None
        reach = within_reach(counts, lambda: self.ruleset.reading_census(board, runs),
                             self.ranges, self.kinds, self.choice, strict)
        if reach.choice is None:
            return None
        return choose(board, self.ruleset, counts, self.ranges, self.rng, reach.choice,
                      self.kinds, strict, reach.census,
                      tracker.positions if runs is not None else None)


def hopeless_gap(targets: Sequence[int]) -> int:
    """A distance to the targets that steering has never closed on a possible request.

    Measured: possible but rare targets (14 tiles and 20 positions, 20 and 24)
    come within 1-3 of the targets on some of the first boards; impossible ones
    (20 tiles and 40 positions) stay 15 or more away on every board.
    """
    return max(4, math.ceil(sum(targets) / 4))


def _targets_text(targets: Sequence[int]) -> str:
    return ", ".join(str(t) for t in targets)


class TimeLimitError(GenerationError):
    """The time limit ran out; the request itself may well be possible."""


def check_deadline(deadline: float | None) -> None:
    """Raise TimeLimitError once `deadline` (time.monotonic() seconds) has passed; None:
    no limit."""
    if deadline is not None and time.monotonic() > deadline:
        raise TimeLimitError("gave up: the time limit ran out before a puzzle was found "
                             "(raise --time-limit, or try another seed)")


# ---- growth ----------------------------------------------------------------
def new_tracker(ruleset: RuleSet, board: Board) -> Tracker:
    """The position tracker of `ruleset` on `board`."""
    return ruleset.position_tracker(board)


def start_placement(ruleset: RuleSet, rng: random.Random) -> Placement:
    """The start chameleon, drawn from the set with `rng`: at (0, 0), either reading, h or v."""
    code = rng.choice(ruleset.chameleons)
    if rng.random() < 0.5:
        code = code[::-1]
    return Placement(code, (0, 0), rng.choice(("h", "v")))


def grow(ruleset: RuleSet, n_tiles: int, rng: random.Random, style: Style,
         deadline: float | None = None, room: Room | None = None) -> Tracker | None:
    """A legal board of `n_tiles` tiles laid one legal tile at a time; None if it gets stuck.

    With a `bot` style the game engine plays a solo game with that bot until
    the board has `n_tiles` tiles (real hands, draws and bot choices); if its
    games all end short, or its board spreads past the `room`, the board is
    grown here instead, every tile laid within the room.
    """
    if style.bot is not None and room is not None and not room.fits_a_game(n_tiles):
        rng.getrandbits(64)  # the game's seed: grown as if its board had spread too far
    elif style.bot is not None:
        board = game_board(ruleset, n_tiles, rng, style.bot, room)
        if board is not None and (room is None or room.holds(board)):
            return new_tracker(ruleset, board)
    start = Board([start_placement(ruleset, rng)])
    if room is not None and not room.holds(start):
        return None
    tracker = new_tracker(ruleset, start)
    while len(tracker.board) < n_tiles:
        check_deadline(deadline)
        p = random_move(tracker, rng, style, room=room)
        if p is None:
            return None
        tracker.add(p)
    return tracker


def game_board(ruleset: RuleSet, n_tiles: int, rng: random.Random, bot: str,
               room: Room | None = None) -> Board | None:
    """A board from the game engine's moves, or None when its games end too soon or one
    spreads past the `room` (given up on at once, not played out to be thrown away)."""
    from ..game import grow_board  # the engine is only needed for these growths

    try:
        return grow_board(n_tiles, random.Random(rng.getrandbits(64)), ruleset, bot,
                          attempts=GAME_ATTEMPTS, within=None if room is None else room.holds)
    except GenerationError:
        return None


def random_move(tracker: Tracker, rng: random.Random, style: Style,
                exclude: str | None = None, room: Room | None = None) -> Placement | None:
    """A random legal placement of a tile off the board, drawn the way `style` lays tiles;
    within the `room` when there is one (None when no tile has a place there)."""
    playable = [code for code in tracker.playable() if code != exclude]
    table = style.weights
    weights = [table[code] for code in playable]
    window = None
    if room is not None and isinstance(tracker, StandardTracker) and len(tracker.board):
        if room.around(tracker.board):  # every position keeps the board within the room
            room = None
        else:
            corners = room.window(tracker.board)
            window = None if corners is None else tracker.within(*corners)
    while True:
        if not playable:
            return None
        if not any(weights):
            weights = [1.0] * len(playable)
        code = rng.choices(playable, weights)[0]
        if window is not None:  # the options `keeps` would leave, read from fewer runs
            options = sorted(window.positions(code), key=reading_order)
        else:
            options = sorted(tracker.positions(code), key=reading_order)
            if room is not None:
                options = room.keeps(tracker.board, options)
        if options:  # always, without a room: a playable tile has a position
            break
        k = playable.index(code)  # no place within the room: draw among the others
        del playable[k], weights[k]
    if style.compactness:
        # a position's contacts (`contact_count`) are its empty cells' neighbours on the
        # board: the last of each cell's scores, read from the board's tables
        _squares, scores = tracker.board.tables()
        score = scores.get
        wts = []
        for p in options:
            a, b, c = p.cells
            touching = score(a, NO_CONTACT)[-1] + score(b, NO_CONTACT)[-1] + \
                score(c, NO_CONTACT)[-1]
            wts.append(touching ** style.compactness)
        return rng.choices(options, wts)[0]
    return rng.choice(options)


# ---- choosing the given tiles ----------------------------------------------
def target_cost(counts: dict[str, int], targets: Sequence[int]) -> int:
    """How far the board is from offering one distinct tile per target count.

    Greedy matching of targets (largest first) to the tile with the nearest
    count; zero exactly when every target can have its own tile. A target
    left without any tile (fewer offered than targets) costs as if its tile
    had count -1, so the distance stays finite and the loop always ends.
    """
    avail = Counter(counts.values())
    left = len(counts)
    cost = 0
    for t in sorted(targets, reverse=True):
        if left == 0:
            cost += abs(t) + 1
            continue
        left -= 1
        d = 0
        while True:
            if avail[t - d] > 0:
                avail[t - d] -= 1
                break
            if avail[t + d] > 0:
                avail[t + d] -= 1
                break
            d += 1
        cost += d
    return cost


# ---- steering ----------------------------------------------------------------
def range_cost(counts: dict[str, int], ranges: Sequence[tuple[int, int]]) -> int:
    """How far the board is from offering one distinct tile per count range.

    Ranges narrowest-first each take the smallest free count inside them (the
    greedy that finds a full matching whenever one exists), else the nearest
    count; zero exactly when every range can have its own tile.
    """
    avail = Counter(counts.values())
    cost = 0
    for lo, hi in sorted(ranges, key=lambda r: (r[1] - r[0], r)):
        values = sorted(v for v, k in avail.items() if k > 0)
        if not values:
            cost += lo + 1
            continue
        best = min(values, key=lambda v: (max(lo - v, v - hi, 0), v))
        cost += max(lo - best, best - hi, 0)
        avail[best] -= 1
    return cost


def steer(tracker: Tracker, ruleset: RuleSet, ranges: Sequence[tuple[int, int]],
          rng: random.Random,
          moves: int, deadline: float | None,
          pick: Callable[[Tracker], list[str] | None],
          picks: int = PICK_TRIES, room: Room | None = None) -> tuple[list[str] | None, int]:
    """Swap tiles until the counts meet the ranges and `pick` accepts a set of given tiles.

    Returns the given tiles (None when out of moves) and the smallest distance
    to the targets seen on the way. When the counts are met but no set of
    given tiles suits `pick`, the board keeps wandering (as if one away).
    """
    style = Style.draw(rng)
    cost = best = range_cost(tracker.counts(), ranges)
    for _ in range(moves):
        if cost == 0:
            given = pick(tracker)
            if given is not None:
                return given, 0
            picks -= 1
            if not picks:
                break
        check_deadline(deadline)
        victim = pick_removable(tracker.board, rng, ruleset)
        if victim is None:
            continue
        old = tracker.remove(victim)
        new = random_move(tracker, rng, style, room=room)
        if new is None or new == old:
            tracker.add(old)
            continue
        new_id = tracker.add(new)
        new_cost = range_cost(tracker.counts(), ranges)
        here = max(cost, 1)
        if new_cost <= here or rng.random() < math.exp((here - new_cost) / TEMPERATURE):
            cost = new_cost
            best = min(best, cost)
        else:
            tracker.remove(new_id)
            tracker.add(old)
    return None, best


def pick_removable(board: Board, rng: random.Random, ruleset: RuleSet) -> int | None:
    """A random non-start tile whose removal leaves a legal board (None after a few misses)."""
    ids = [tid for tid, _ in board.items()][1:]
    if not ids:
        return None
    removable = ruleset.removal_check(board)
    for _ in range(REMOVE_TRIES):
        tid = rng.choice(ids)
        if removable(tid):
            return tid
    return None
