"""The generator's driver: a request checked, sized (from a difficulty or as given),
built by the search or SAT method, re-solved, graded and returned with what
reproduces it. `conundrum.generate` re-exports its public names.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

from ..errors import ConundrumError, GenerationError
from ..puzzle import ALL_GIVEN, Puzzle
from ..rules import RuleSet, ruleset
from ..seeds import derive
from ..solver import Solutions
from .bounds import check_request, check_sizes
from .choose import avoided, least_score
from .difficulty import (
    MAX_POSITIONS,
    LevelPick,
    check_asks,
    larger_board,
    level_params,
    params_for,
    within_room,
)
from .effort import default_weights
from .lay_all import ALL_LEVELS, check_all_request, generate_all, verify_all
from .order import laying_order
from .request import (
    GenerateRequest,
    Sizes,
    alternates_of,
    choice_of,
    finish,
    reproducing_args,
    verify,
    with_alternate,
)
from .search import Budget, Room, TimeLimitError, check_room, run_search

METHODS = ("search", "sat")
DEFAULT_TIME_LIMIT = {"search": 120.0, "sat": 600.0}
DIFFICULTY_ATTEMPTS = 12

__all__ = ["GenerateRequest", "generate", "generate_solved", "generate_sized", "METHODS",
           "GenerationError", "TimeLimitError", "Sizes", "reproducing_args", "verify"]


def generate(req: GenerateRequest) -> Puzzle:
    """A new puzzle meeting the request, re-solved and graded; raises GenerationError."""
    if req.kind == "all":
        if req.alternate is not None:
            _check_alternate(req)
        return _make_all(req)
    if req.kind != "count":
        raise GenerationError(f"--kind {req.kind}: choose count or all")
    return generate_solved(req)[0]


def _make_all(req: GenerateRequest) -> Puzzle:
    """A `kind: all` puzzle (lay_all.py), proven to have one arrangement before it is
    returned, with what reproduces it."""
    method, rules = _check_names(req)
    _check_numbers(req)
    check_all_request(req.tiles, req.given, req.difficulty, req.positions, method,
                      ruleset(rules))
    puzzle, _found, _effort = generate_all(req.tiles, req.given, req.difficulty, req.seed,
                                           ruleset(rules), _deadline(req, method),
                                           req.max_grid, req.weights)
    verify_all(puzzle)
    puzzle.extra["generator"] = reproducing_args(replace(req, method=method), rules)
    return puzzle


def _deadline(req: GenerateRequest, method: str) -> float:
    """When the request's time runs out (time.monotonic()): its --time-limit, else the
    method's default."""
    limit = DEFAULT_TIME_LIMIT[method] if req.time_limit is None else req.time_limit
    if not math.isfinite(limit) or limit <= 0:
        raise GenerationError(f"--time-limit {limit}: must be a positive number of seconds")
    return time.monotonic() + limit


def generate_solved(req: GenerateRequest) -> tuple[Puzzle, Solutions]:
    """`generate`, with the re-solve's positions of each given tile (a book draws them).
    Raises GenerationError."""
    if req.alternate is not None:
        _check_alternate(req)
        puzzle, _solutions, sizes = _generate(replace(req, alternate=None))
        return with_alternate(puzzle, alternates_of(puzzle, req, sizes), req)
    return _generate(req)[:2]


def generate_sized(req: GenerateRequest) -> tuple[Puzzle, Solutions, Sizes]:
    """`generate_solved`, and the sizes the puzzle was made to (the level's pick): what a
    book keeps to name the board's other sets of given tiles (`alternates_of`) where a
    puzzle made at the same time gave a tile of the first. Raises GenerationError."""
    return _generate(req)


def _generate(req: GenerateRequest) -> tuple[Puzzle, Solutions, Sizes]:
    method, rules = _check_names(req)
    _check_numbers(req)
    req = replace(req, method=method, rules=rules,
                  positions=None if req.positions is None else tuple(req.positions))
    deadline = _deadline(req, method)
    rs = ruleset(rules)
    if req.difficulty is None:
        sizes = explicit_sizes(req)
        check_request(sizes.tiles, sizes.given, sizes.targets, rs)
        return _make(req, rs, sizes, _base_seed(req, sizes), deadline)
    return _make_graded(req, rs, deadline)


def _check_alternate(req: GenerateRequest) -> None:
    if isinstance(req.alternate, bool) or not isinstance(req.alternate, int) \
            or req.alternate < 1:
        raise GenerationError(f"--alternate {req.alternate!r}: must be a whole number, "
                              "1 or more")
    if str(req.method).strip().lower() != "search" or req.kind != "count":
        raise GenerationError("--alternate goes with --method search and --kind count")


def _check_names(req: GenerateRequest) -> tuple[str, str]:
    method = str(req.method).strip().lower()
    if method not in METHODS:
        raise GenerationError(f"--method {req.method}: choose search or sat")
    try:
        rules = ruleset(req.rules).name
    except ConundrumError:
        raise GenerationError(f"--rules {req.rules}: choose standard or junior") from None
    if method == "sat" and not ruleset(rules).supports_sat:
        raise GenerationError("--method sat supports standard rules only; use --method "
                              f"search for {rules} puzzles")
    if req.difficulty is not None and req.difficulty not in (1, 2, 3, 4, 5):
        raise GenerationError(f"--difficulty {req.difficulty}: choose a level from 1 to 5")
    return method, rules


def _check_numbers(req: GenerateRequest) -> None:
    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for name in ("tiles", "given", "difficulty"):
        value = getattr(req, name)
        if value is not None and not whole(value):
            raise GenerationError(f"--{name} {value!r}: must be a whole number")
    if not whole(req.seed):
        raise GenerationError(f"--seed {req.seed!r}: must be a whole number")
    if req.positions is not None:
        values = tuple(req.positions) if isinstance(req.positions, (list, tuple)) else None
        if not values or not all(whole(v) for v in values):
            raise GenerationError(f"--positions {req.positions!r}: give whole numbers, "
                                  "one for all given tiles or one per tile")
    if req.time_limit is not None and not isinstance(req.time_limit, (int, float)):
        raise GenerationError(f"--time-limit {req.time_limit!r}: must be a number of seconds")
    check_sizes(req.tiles, req.given, req.positions)
    check_asks(req.difficulty, req.given, req.positions, req.kinds, req.score)
    if (avoided(req.avoid) or avoided(req.later, "--later")) and (
            str(req.method).strip().lower() != "search"
                               or req.kind != "count"):
        raise GenerationError("--avoid and --later go with --method search and --kind count")


def explicit_sizes(req: GenerateRequest, level: LevelPick | None = None) -> Sizes:
    """The request's N, K and targets; unset ones from `level` (a level's pick).
    GenerationError for sizes missing or at odds."""
    tiles = req.tiles if req.tiles is not None else (level.tiles if level else None)
    if tiles is None:
        raise GenerationError("--tiles is required (or --difficulty to pick it)")
    targets = tuple(req.positions) if req.positions is not None else None
    given = req.given
    if given is not None and given < 0:
        raise GenerationError(f"--given {given}: the number of given tiles cannot be negative")
    if given is None:
        if targets is not None:
            given = len(targets) if len(targets) > 1 else 1
        elif level is not None:
            given = level.given
        else:
            raise GenerationError("--positions is required (or --difficulty to pick it)")
    if targets is None:
        if given == 0:
            return Sizes(tiles, 0, (), None, level.score if level else None)
        if level is None:
            raise GenerationError("--positions is required (or --difficulty to pick it)")
        # the level's effort per tile and kinds hold for the level's own sizes only
        own = req.given is None
        if own:
            return Sizes(tiles, given, level.ranges, level.tile_effort, level.score,
                         level.kinds)
        return Sizes(tiles, given, _fit(level.ranges, given), None, level.score)
    if given == 0 and targets:
        raise GenerationError("--given 0 takes no --positions")
    if len(targets) == 1 and given != 1:
        targets = targets * given
    if len(targets) != given:
        raise GenerationError(f"--positions gives {len(targets)} targets for {given} given "
                              "tiles: give one value for all, or one per given tile")
    return Sizes(tiles, given, tuple((t, t) for t in targets), None,
                 level.score if level else None)


def most_tiles(req: GenerateRequest) -> int:
    """The most tiles a board of the request can have (over every size a level picks)."""
    if req.tiles is not None or req.difficulty is None:
        return req.tiles or 0
    if req.kind == "all":
        return ALL_LEVELS[req.difficulty].tiles[1]
    return level_params(req.difficulty, ruleset(req.rules).name).tiles[1]


def roomy(req: GenerateRequest) -> bool:
    """Whether the request's boards grow within its `max_grid` readily (None: any size)."""
    room = Room.of(req.max_grid)
    return room is None or room.roomy_for(most_tiles(req))


def most_answers(req: GenerateRequest) -> tuple[int, ...]:
    """The highest count each given tile can have, for the most given tiles the request
    can lead to (over every size a difficulty level may pick): what a printed page must
    leave room for (given tiles, and space for the answers)."""
    if req.kind == "all":  # one position a tile: the arrangement
        return (1,) * (req.given or (ALL_LEVELS[req.difficulty].given[1] if req.difficulty
                                     else ALL_GIVEN[1]))
    if req.positions is not None:
        return explicit_sizes(replace(req, tiles=1)).targets  # (the tiles change nothing here)
    if req.given == 0 or req.difficulty is None:
        return ()
    lp = level_params(req.difficulty, ruleset(req.rules).name)
    if req.given is None:  # the level's own sizes: its most given tiles, each in range
        given = lp.given[1]
        return (min(lp.positions[1], MAX_POSITIONS // given),) * given
    # an explicit --given stretches a pick's ranges (_fit); a pick of one tile has the
    # widest range, so this is the most any pick allows
    high = max(lp.positions[0], min(lp.positions[1], MAX_POSITIONS // req.given))
    return (high,) * req.given


def _fit(ranges: tuple[tuple[int, int], ...], given: int) -> tuple[tuple[int, int], ...]:
    """A level's count ranges stretched or cut to `given` tiles (an explicit --given wins),
    keeping at most MAX_POSITIONS positions in all where the ranges allow."""
    lo = max((lo for lo, _hi in ranges), default=3)
    hi = max((hi for _lo, hi in ranges), default=3)
    hi = max(lo, min(hi, MAX_POSITIONS // max(1, given)))
    return ((lo, hi),) * given


def _within(sizes: Sizes, window: tuple[float, float] | None) -> Sizes:
    """The sizes with their score band narrowed to `window` (None: as the level has it)."""
    if window is None or sizes.score is None:
        return sizes
    return replace(sizes, score=(max(sizes.score[0], window[0]), min(sizes.score[1], window[1])))


def _base_seed(req: GenerateRequest, sizes: Sizes, *extra: object) -> int:
    """The search's seed: every argument that defines the puzzle, never the time limit."""
    return derive(req.seed, req.method, req.rules, sizes.tiles, sizes.targets, *extra)


def _make_graded(req: GenerateRequest, ruleset: RuleSet, deadline: float
                 ) -> tuple[Puzzle, Solutions, Sizes]:
    """Regenerate from derived seeds until the puzzle grades at the requested level."""
    level = req.difficulty
    assert level is not None  # only a request for a difficulty level is graded
    seen: list[str] = []
    room = Room.of(req.max_grid)
    # refused once, not in each attempt's words, where the level's fewest tiles cannot fit
    check_room(req.tiles or level_params(level, ruleset.name).tiles[0], room)
    room_most = None if room is None else room.growing_tiles()
    for attempt in range(DIFFICULTY_ATTEMPTS):
        picked = params_for(level, derive(req.seed, "level", level, attempt), ruleset.name,
                            req.kinds)
        if avoided(req.avoid):  # fewer tiles may be given: a larger board offers more
            picked = larger_board(picked, level, ruleset.name)
        picked = within_room(picked, level, ruleset.name, room_most)
        sizes = _within(explicit_sizes(req, picked), req.score)
        check_request(sizes.tiles, sizes.given, sizes.targets, ruleset)
        seed = _base_seed(req, sizes, "level", level, attempt)
        floor = least_score(sizes.ranges, req.weights or default_weights())
        if sizes.score is not None and floor >= sizes.score[1]:
            seen.append(f"attempt {attempt + 1}: {sum(sizes.targets)} positions alone score "
                        f"{floor:.1f}")
            continue
        try:
            puzzle, solutions, made = _make(req, ruleset, sizes, seed, deadline)
        except TimeLimitError:
            raise
        except GenerationError as exc:
            seen.append(f"attempt {attempt + 1}: {exc}")
            continue
        if puzzle.extra["grade"] == level:
            return puzzle, solutions, made
        seen.append(f"attempt {attempt + 1}: graded {puzzle.extra['grade']}")
    raise GenerationError(
        f"no puzzle grading {level} in {DIFFICULTY_ATTEMPTS} attempts "
        f"({'; '.join(seen[-3:])}); loosen the explicit sizes or pick another level")


def _make(req: GenerateRequest, ruleset: RuleSet, sizes: Sizes, seed: int,
          deadline: float) -> tuple[Puzzle, Solutions, Sizes]:
    choice = choice_of(req, sizes)
    if req.method == "sat":
        from .sat import sat_generate  # python-sat is loaded only when asked for
        targets = sizes.targets if sizes.exact else _draw_targets(sizes, seed)
        board, codes = sat_generate(ruleset, sizes.tiles, targets, seed, deadline)
    else:
        budget = Budget.for_graded(sizes.tiles, sizes.targets) if sizes.score else None
        found = run_search(ruleset, sizes.tiles, sizes.targets, seed, deadline, budget,
                           choice, sizes.ranges, Room.of(req.max_grid))
        board, codes = found.board, found.given
    return (*finish(req, ruleset.name, laying_order(board, ruleset), codes, sizes), sizes)


def _draw_targets(sizes: Sizes, seed: int) -> tuple[int, ...]:
    rng = random.Random(derive(seed, "targets"))
    return tuple(rng.randint(lo, hi) for lo, hi in sizes.ranges)


