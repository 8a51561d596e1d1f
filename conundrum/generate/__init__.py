"""The generator: new conundrums to order, by local search or by SAT, graded 1-5.

    from conundrum.generate import GenerateRequest, generate
    puzzle = generate(GenerateRequest(tiles=14, given=2, positions=(3, 5), seed=7))

Every puzzle is re-solved by the solver before it is returned, and carries in
`extra` the arguments and seed that reproduce it, and its grade.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from ..board import Board
from ..errors import ConundrumError, GenerationError
from ..puzzle import Given, Puzzle
from ..rules import RuleSet, rule_name, rules_for
from ..seeds import derive
from ..solver import positions as solve_positions
from .bounds import check_request, check_sizes
from .difficulty import grade_of_score, params_for
from .difficulty import score as difficulty_score
from .search import TimeLimitError, run_search

METHODS = ("search", "sat")
DEFAULT_TIME_LIMIT = {"search": 120.0, "sat": 600.0}
DIFFICULTY_ATTEMPTS = 12

__all__ = ["GenerateRequest", "generate", "METHODS", "GenerationError", "TimeLimitError"]


@dataclass(frozen=True)
class GenerateRequest:
    tiles: int | None = None  # N, start chameleon included
    given: int | None = None  # K
    positions: tuple[int, ...] | None = None  # one target per given tile (one value: all)
    seed: int = 1
    method: str = "search"  # "search" | "sat"
    difficulty: int | None = None  # 1-5; fills unset tiles/given/positions
    rules: str = "standard"  # "standard" | "junior"
    time_limit: float | None = None  # seconds; only decides when to give up


@dataclass(frozen=True)
class Sizes:
    tiles: int
    given: int
    targets: tuple[int, ...]


def generate(req: GenerateRequest) -> Puzzle:
    """A new puzzle meeting the request, re-solved and graded; raises GenerationError."""
    method, rules = _check_names(req)
    _check_numbers(req)
    req = replace(req, method=method, rules=rules,
                  positions=None if req.positions is None else tuple(req.positions))
    limit = DEFAULT_TIME_LIMIT[method] if req.time_limit is None else req.time_limit
    if not math.isfinite(limit) or limit <= 0:
        raise GenerationError(f"--time-limit {limit}: must be a positive number of seconds")
    deadline = time.monotonic() + limit
    ruleset = rules_for(rules)
    if req.difficulty is None:
        sizes = explicit_sizes(req)
        check_request(sizes.tiles, sizes.given, sizes.targets, rules)
        return _make(req, ruleset, sizes, _base_seed(req, sizes), deadline)
    return _make_graded(req, ruleset, deadline)


def _check_names(req: GenerateRequest) -> tuple[str, str]:
    method = str(req.method).strip().lower()
    if method not in METHODS:
        raise GenerationError(f"--method {req.method}: choose search or sat")
    try:
        rules = rule_name(req.rules)
    except ConundrumError:
        raise GenerationError(f"--rules {req.rules}: choose standard or junior") from None
    if method == "sat" and rules == "junior":
        raise GenerationError("--method sat supports standard rules only; use --method "
                              "search for junior puzzles")
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


def explicit_sizes(req: GenerateRequest, fallback: Sizes | None = None) -> Sizes:
    """The request's N, K and targets; unset ones from `fallback` (a level's pick)."""
    tiles = req.tiles if req.tiles is not None else (fallback.tiles if fallback else None)
    if tiles is None:
        raise GenerationError("--tiles is required (or --difficulty to pick it)")
    targets = tuple(req.positions) if req.positions is not None else None
    given = req.given
    if given is not None and given < 0:
        raise GenerationError(f"--given {given}: the number of given tiles cannot be negative")
    if given is None:
        if targets is not None:
            given = len(targets) if len(targets) > 1 else 1
        elif fallback is not None:
            given = fallback.given
        else:
            raise GenerationError("--positions is required (or --difficulty to pick it)")
    if targets is None:
        if given == 0:
            targets = ()
        elif fallback is not None:
            targets = _fit(fallback.targets, given)
        else:
            raise GenerationError("--positions is required (or --difficulty to pick it)")
    elif given == 0 and targets:
        raise GenerationError("--given 0 takes no --positions")
    elif len(targets) == 1 and given != 1:
        targets = targets * given
    if len(targets) != given:
        raise GenerationError(f"--positions gives {len(targets)} targets for {given} given "
                              "tiles: give one value for all, or one per given tile")
    return Sizes(tiles, given, targets)


def _fit(targets: tuple[int, ...], given: int) -> tuple[int, ...]:
    """A level's targets stretched or cut to `given` tiles (an explicit --given wins)."""
    if not targets:
        return (3,) * given
    return tuple(targets[i % len(targets)] for i in range(given))


def _base_seed(req: GenerateRequest, sizes: Sizes, *extra: object) -> int:
    """The search's seed: every argument that defines the puzzle, never the time limit."""
    return derive(req.seed, req.method, req.rules, sizes.tiles, sizes.targets, *extra)


def _make_graded(req: GenerateRequest, ruleset: RuleSet, deadline: float) -> Puzzle:
    """Regenerate from derived seeds until the puzzle grades at the requested level."""
    level = req.difficulty
    assert level is not None  # only a request for a difficulty level is graded
    seen: list[str] = []
    for attempt in range(DIFFICULTY_ATTEMPTS):
        picked = params_for(level, derive(req.seed, "level", level, attempt), ruleset.name)
        sizes = explicit_sizes(req, Sizes(*picked))
        check_request(sizes.tiles, sizes.given, sizes.targets, ruleset.name)
        seed = _base_seed(req, sizes, "level", level, attempt)
        try:
            puzzle = _make(req, ruleset, sizes, seed, deadline)
        except TimeLimitError:
            raise
        except GenerationError as exc:
            seen.append(f"attempt {attempt + 1}: {exc}")
            continue
        if puzzle.extra["grade"] == level:
            return puzzle
        seen.append(f"attempt {attempt + 1}: graded {puzzle.extra['grade']}")
    raise GenerationError(
        f"no puzzle grading {level} in {DIFFICULTY_ATTEMPTS} attempts "
        f"({'; '.join(seen[-3:])}); loosen the explicit sizes or pick another level")


def _make(req: GenerateRequest, ruleset: RuleSet, sizes: Sizes, seed: int,
          deadline: float) -> Puzzle:
    if req.method == "sat":
        from .sat import sat_generate  # python-sat is loaded only when asked for
        board, codes = sat_generate(ruleset, sizes.tiles, sizes.targets, seed, deadline)
    else:
        found = run_search(ruleset, sizes.tiles, sizes.targets, seed, deadline)
        board, codes = found.board, found.given
    puzzle = Puzzle(laying_order(board, ruleset), [Given(c) for c in codes], ruleset.name)
    verify(puzzle, sizes)
    value = difficulty_score(puzzle, [g.positions or 0 for g in puzzle.given])  # verify set them
    puzzle.extra["generator"] = reproducing_args(req, ruleset.name)
    puzzle.extra["grade"] = grade_of_score(value)
    puzzle.extra["score"] = value
    return puzzle


def reproducing_args(req: GenerateRequest, rules: str) -> dict:
    """The request as asked: `conundrum generate` with these options makes the puzzle again.

    Sizes a difficulty level picked stay None (the level and seed pick them
    again); the time limit is left out, as it never changes the puzzle.
    """
    return {
        "method": req.method, "seed": req.seed, "tiles": req.tiles,
        "given": req.given,
        "positions": None if req.positions is None else list(req.positions),
        "difficulty": req.difficulty, "rules": rules,
    }


def laying_order(board: Board, ruleset: RuleSet) -> Board:
    """The same tiles listed in an order they can be laid in, start first."""
    placed = Board(board.placements[:1])
    rest = [p for tid, p in board.items() if tid != board.start_id]
    while rest:
        left = []
        for p in rest:
            if ruleset.is_legal(placed, p):
                placed.add(p)
            else:
                left.append(p)
        if len(left) == len(rest):
            raise GenerationError("internal error: the generated board cannot be laid out")
        rest = left
    return placed


def verify(puzzle: Puzzle, sizes: Sizes) -> None:
    """Re-solve the puzzle from scratch and fill in the counts; refuse any mismatch."""
    rs = puzzle.ruleset
    faults = puzzle.faults()
    problems = [str(f) for f in faults]
    if len(puzzle.board) != sizes.tiles:
        problems.append(f"{len(puzzle.board)} tiles, not {sizes.tiles}")
    for g, target in zip(puzzle.given, sizes.targets, strict=True):
        g.positions = len(solve_positions(puzzle.board, g.code, rs))
        if g.positions != target:
            problems.append(f"{g.code} has {g.positions} positions, not {target}")
    if problems:
        raise GenerationError("internal error: generated puzzle failed its re-solve: "
                              + "; ".join(problems))
