"""Calibration: fit the effort weights to real solving times.

Input: solving records saved by the web player (docs/formats.md, "Solving record"): each holds
the puzzle itself and the time to "Perfect!" with the page visible
(`active_ms`). Records that were revealed or never finished are left out.

The model is linear: time ≈ c + Σ wᵢ·xᵢ, where xᵢ are the puzzle's effort
features (effort.py, summed over its given tiles) and c is the time any
puzzle takes (reading it, writing answers down). It is fitted by
non-negative least squares (scipy.optimize.nnls) on active seconds, with the
same constraints the weights file has: every weight >= 0, the overlap weight
<= 0 (a discount), and the positions weight >= the hidden-clash weight (the
fit solves for the hidden weight and the extra a position costs over it).

Fitted weights come out in seconds per feature. The grade bands stay as
they are, so the weights written by `--apply` are scaled to keep the mean
score of the recorded puzzles what the starting weights gave them: the fit
changes which features matter, not what a grade means.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConundrumError
from ..files import read_json
from ..puzzle import Puzzle, parse_puzzle
from .effort import DISCOUNTS, FEATURES, Weights, check_weights, measure

RECORD_FORMAT = "conundrum-solve-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Solve:
    """One finished, unrevealed solve: the puzzle and its active time in seconds."""

    puzzle: Puzzle
    seconds: float
    source: str


def distinct_puzzles(solves: Sequence[Solve]) -> int:
    """How many different puzzles the solves are of (the same board and given tiles
    solved twice is one puzzle: it adds a time, not a new combination of features)."""
    return len({(p.puzzle.rules, tuple(sorted((q.code, q.at, q.dir) for q in p.puzzle.board)),
                 tuple(g.code for g in p.puzzle.given)) for p in solves})


@dataclass(frozen=True)
class Fit:
    """What `calibrate` fitted: seconds per feature, the new weights, how well the old and
    new weights predict the times, and how many solves were used and skipped."""

    raw: dict[str, float]  # seconds per unit of each feature
    intercept: float  # seconds any puzzle takes
    weights: Weights  # `raw` scaled to the starting weights' score scale
    before: float  # correlation of the starting weights' scores with the times
    after: float  # correlation of the fitted predictions with the times
    used: int
    skipped: int


def read_records(paths: Sequence[str | Path]) -> tuple[list[Solve], int]:
    """The usable solves in the record files, and how many records were skipped.
    ConundrumError naming the file (and record) that is not a solving record."""
    solves: list[Solve] = []
    skipped = 0
    for path in paths:
        data = read_json(path, "a solving record (JSON)")
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ConundrumError(f"{path}: not a solving record (format must be "
                                 f"{RECORD_FORMAT!r})")
        if data.get("version") != RECORD_VERSION:
            raise ConundrumError(f"{path}: solving record version {data.get('version')!r} is "
                                 f"not supported (this program reads version {RECORD_VERSION})")
        records = data.get("records")
        if not isinstance(records, list):
            raise ConundrumError(f"{path}: `records` must be a list")
        for i, rec in enumerate(records, 1):
            solve = _solve(rec, f"{path}: record {i}")
            if solve is None:
                skipped += 1
            else:
                solves.append(solve)
    return solves, skipped


def _solve(rec: object, source: str) -> Solve | None:
    if not isinstance(rec, dict):
        raise ConundrumError(f"{source}: a record must be a mapping")
    if rec.get("revealed") is True:
        return None
    active = rec.get("active_ms")
    if active is None:
        return None  # never finished
    if isinstance(active, bool) or not isinstance(active, (int, float)) \
            or not math.isfinite(active) or active <= 0:
        raise ConundrumError(f"{source}: active_ms must be a positive number, not {active!r}")
    puzzle = rec.get("puzzle")
    if not isinstance(puzzle, dict):
        raise ConundrumError(f"{source}: `puzzle` must be a puzzle mapping")
    return Solve(parse_puzzle(json.dumps(puzzle), source), active / 1000.0, source)


def design(solves: Sequence[Solve], weights: Weights) -> list[dict[str, int]]:
    """The design matrix of the fit: each solve's puzzle features, one row a solve."""
    return [measure(s.puzzle, weights).features for s in solves]


def fit(solves: Sequence[Solve], start: Weights, skipped: int = 0) -> Fit:
    """Fit the weights to the solves' times (see the module text).
    ConundrumError when there are fewer usable solves than features plus one."""
    import numpy as np  # only calibration needs them
    from scipy.optimize import nnls

    if len(solves) < len(FEATURES) + 1:
        raise ConundrumError(f"{len(solves)} usable solving records; calibration needs at "
                             f"least {len(FEATURES) + 1} (one more than the {len(FEATURES)} "
                             "features)")
    rows = design(solves, start)
    times = np.array([s.seconds for s in solves])
    columns = []
    for name in FEATURES:
        col = np.array([r[name] for r in rows], dtype=float)
        if name == "hidden":
            col = col + np.array([r["positions"] for r in rows], dtype=float)
        if name in DISCOUNTS:
            col = -col
        columns.append(col)
    matrix = np.column_stack([*columns, np.ones(len(solves))])
    solution, _residual = nnls(matrix, times)
    raw = {}
    for name, value in zip(FEATURES, solution[:-1], strict=True):
        raw[name] = -float(value) if name in DISCOUNTS else float(value)
    raw["positions"] += raw["hidden"]
    intercept = float(solution[-1])
    predicted = matrix @ solution
    old_scores = [sum(start[n] * r[n] for n in FEATURES) for r in rows]
    new_scores = [sum(raw[n] * r[n] for n in FEATURES) for r in rows]
    scale = statistics.fmean(old_scores) / statistics.fmean(new_scores) \
        if statistics.fmean(new_scores) > 0 else 1.0
    scaled = check_weights({n: raw[n] * scale for n in FEATURES}, "fitted weights")
    return Fit(raw, intercept, scaled, _correlation(old_scores, list(times)),
               _correlation(list(predicted), list(times)), len(solves), skipped)


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:  # constant predictions: no correlation to speak of
        return 0.0
