"""The effort model: how much work a person does to solve a conundrum.

A solver takes one given tile at a time, scans the empty cells beside board
squares of the tile's colours, tries each reading of the tile there and
rejects what fails. Every reading on a run of three empty cells that makes at
least one matching contact is *examined*; the model sorts each into what it
costs (the rule set decides, `RuleSet.classify_reading`):

- `readings`: readings examined (at least one matching contact);
- `near`: near misses: one matching contact and no clash (standard), or
  touching an open end with a matching square but illegal (junior): they
  look right and must be checked;
- `hidden`: hidden clashes: two or more matching contacts but a clash (junior:
  a matching open end spoilt by a second contact);
- `positions`: the legal positions (each must be found and checked);
- `jokers`: positions that need a board chameleon's exposed joker square
  (one of their contacts is a joker): easy to overlook;
- `reversed`: positions of a tile that is not a palindrome whose other
  reading on the same cells also makes a matching contact: the solver must
  try the tile both ways round there (measured on the cells, not against
  the printed reading, so a mirrored board keeps its score);
- `pockets`: positions with three or more contacts (in a notch, a corner or a
  hole of the board), where the tile slides in among many squares; most
  positions have exactly two;

and, for the puzzle as a whole,

- `overlap`: pairs of given tiles' positions on the same three cells:
  repeated work, not new thought (a discount);
- `exposed_jokers`: board chameleons whose joker square has an empty
  neighbour (an enclosed joker changes no position and costs nothing).

A tile's effort is the weighted sum of its features; the puzzle's score is
the sum over its given tiles plus the puzzle features. The weights come from
a JSON file (`weights.json` beside this module; `--weights FILE` and
`conundrum calibrate --apply` give others). Every feature depends only on
contacts and occupancy, so the score is the same for a rotated or mirrored
board.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..board import Board
from ..errors import ConundrumError
from ..files import parse_json, read_json
from ..lay_all import Arranged
from ..overwrite_guard import note_input
from ..placement import Cell, Placement, neighbours, run_cells
from ..puzzle import Puzzle
from ..rules import RuleSet
from ..tiles import COLOUR_INDEX, JOKER

TILE_FEATURES = ("readings", "near", "hidden", "positions", "jokers", "reversed", "pockets")
PUZZLE_FEATURES = ("overlap", "exposed_jokers")
FEATURES = TILE_FEATURES + PUZZLE_FEATURES
# Features that make a puzzle easier: their weight is <= 0.
DISCOUNTS = ("overlap",)
WEIGHTS_FILE = "weights.json"
POCKET_CONTACTS = 3
JOKER_INDEX = COLOUR_INDEX[JOKER]


@dataclass(frozen=True)
class Weights:
    """A weight per feature; a position never weighs less than a hidden clash."""

    values: Mapping[str, float]
    source: str = "shipped"

    def __getitem__(self, name: str) -> float:
        return self.values[name]

    def as_dict(self) -> dict[str, float]:
        """The weights by feature name, in FEATURES order."""
        return {name: self.values[name] for name in FEATURES}


MAX_WEIGHT = 1e6  # the shipped weights are below 100


def check_weights(data: object, source: str) -> Weights:
    """Weights from a parsed JSON mapping, refused with a reason when malformed.
    Raises ConundrumError naming `source`."""
    if not isinstance(data, dict):
        raise ConundrumError(f"{source}: weights must be a JSON object of feature: number")
    table = data.get("weights", data)
    if not isinstance(table, dict):
        raise ConundrumError(f"{source}: `weights` must map feature names to numbers")
    unknown = sorted(set(table) - set(FEATURES))
    missing = [name for name in FEATURES if name not in table]
    if unknown or missing:
        raise ConundrumError(f"{source}: weights need exactly the features "
                             f"{', '.join(FEATURES)}"
                             + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                             + (f"; missing: {', '.join(missing)}" if missing else ""))
    values: dict[str, float] = {}
    for name in FEATURES:
        v = table[name]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ConundrumError(f"{source}: weight of {name} must be a number, not {v!r}")
        if abs(v) > MAX_WEIGHT:  # a score must stay a number a sheet can print
            raise ConundrumError(f"{source}: weight of {name} is {v}; weights lie between "
                                 f"-{MAX_WEIGHT:g} and {MAX_WEIGHT:g}")
        if (v > 0) if name in DISCOUNTS else (v < 0):
            sign = "<= 0 (a discount)" if name in DISCOUNTS else ">= 0"
            raise ConundrumError(f"{source}: weight of {name} must be {sign}, not {v}")
        values[name] = float(v)
    if values["positions"] < values["hidden"]:
        raise ConundrumError(f"{source}: the weight of positions ({values['positions']}) must "
                             f"be at least that of hidden ({values['hidden']}): finding a "
                             "position is never less work than rejecting a hidden clash")
    return Weights(values, source)


def load_weights(path: str | Path | None = None) -> Weights:
    """The weights in `path` (JSON), or the shipped ones."""
    if path is None:
        shipped = resources.files(__package__).joinpath(WEIGHTS_FILE)
        if isinstance(shipped, os.PathLike):  # a file on disk: no output may replace it
            note_input(shipped, "shipped weights")
        text = shipped.read_text(encoding="utf-8")
        source = "shipped weights"
    else:
        return check_weights(read_json(path, "JSON weights"), str(path))
    return check_weights(parse_json(text, source), source)


def weights_json(weights: Mapping[str, float], note: str = "") -> str:
    """A weights file's text: every feature's weight to 4 places, and `note` when given.
    KeyError when a feature has no weight."""
    body: dict[str, object] = {"weights": {n: round(weights[n], 4) for n in FEATURES}}
    if note:
        body["note"] = note
    return json.dumps(body, indent=2) + "\n"


# ---- features ----------------------------------------------------------------
@dataclass(frozen=True)
class TileEffort:
    """What solving one given tile takes: its features and their weighted sum."""

    code: str
    features: dict[str, int]
    effort: float
    answers: frozenset[tuple[Cell, Cell, Cell]]  # the cells of its positions


@dataclass(frozen=True)
class Effort:
    """A puzzle's effort: per given tile, the puzzle features, the score."""

    tiles: list[TileEffort]
    puzzle_features: dict[str, int]
    weights: Weights

    @property
    def features(self) -> dict[str, int]:
        """Every feature summed over the given tiles (the puzzle features as they are)."""
        total = {name: sum(t.features[name] for t in self.tiles) for name in TILE_FEATURES}
        total.update(self.puzzle_features)
        return total

    def contributions(self) -> dict[str, float]:
        """Each feature's share of the score: its value times its weight."""
        # + 0.0: a zero count of a discount is 0, not -0
        return {name: value * self.weights[name] + 0.0
                for name, value in self.features.items()}

    @property
    def score(self) -> float:
        """The puzzle's effort score: the contributions summed, to 2 places."""
        return round(sum(self.contributions().values()), 2)

    @property
    def per_tile(self) -> float:
        """The score shared out over the given tiles (the whole score with none)."""
        return self.score / max(1, len(self.tiles))


def weighted(features: Mapping[str, int], weights: Weights) -> float:
    """The sum of each feature's value times its weight."""
    return sum(weights[name] * value for name, value in features.items())


def tile_features(board: Board, code: str, rules: RuleSet) -> tuple[dict[str, int], frozenset]:
    """The per-tile features of `code` on `board`, and the cells of its positions."""
    return BoardEffort(board, rules).features(code)


class BoardEffort:
    """Tiles weighed on one board, as many as asked (choosing given tiles weighs a dozen):
    the reading counts of them all from one pass over the board (`RuleSet.reading_census`),
    their positions tile by tile. tests/test_effort.py checks the features against their
    definitions, reading by reading."""

    def __init__(self, board: Board, rules: RuleSet,
                 census: Callable[[str], tuple[int, int, int]] | None = None,
                 positions: Callable[[str], Iterable[Placement]] | None = None) -> None:
        # `census`: the board's `RuleSet.reading_census` when the caller read it already
        # (the search does, to see which tiles can reach a level's effort); `positions`: a
        # tile's legal positions in any order (the features are counts), where the caller
        # keeps them (the search's position tracker)
        self.board, self.rules = board, rules
        self.census = rules.reading_census(board) if census is None else census
        # each tile weighed once: a level's choice tries a later slot's tiles beside each
        # candidate of an earlier slot (choose.choose), and the alternates' slots
        # (choose.alternates) weigh the tiles their count ranges share
        self._weighed: dict[str, tuple[Weights, TileEffort]] = {}
        self.positions = positions or self._fits

    def _fits(self, code: str) -> Iterator[tuple[str, Cell, str]]:
        for _i, reading, at, d, _n in self.rules.fits(self.board, [code]):
            yield reading, at, d

    def features(self, code: str) -> tuple[dict[str, int], frozenset]:
        """The per-tile features of `code` on the board, and the cells of its positions."""
        board, rules = self.board, self.rules
        f = dict.fromkeys(TILE_FEATURES, 0)
        f["readings"], f["near"], f["hidden"] = self.census(code)
        answers = set()
        for reading, at, d in self.positions(code):
            f["positions"] += 1
            cells = run_cells(at, d)
            answers.add(cells)
            near = [board.contact_counts(c) for c in cells]
            f["jokers"] += any(n[JOKER_INDEX] for n in near)
            other = reading[::-1]
            f["reversed"] += other != reading and \
                rules.classify_reading(board, Placement(other, at, d)) is not None
            f["pockets"] += sum(map(sum, near)) >= POCKET_CONTACTS
        return f, frozenset(answers)

    def most(self, code: str, count: int, weights: Weights) -> float:
        """`most_effort` of `code` with `count` positions: its census read, nothing
        measured."""
        return most_effort(self.census(code), count, code == code[::-1], weights)

    def tile_effort(self, code: str, weights: Weights) -> TileEffort:
        """The effort of `code` on the board: its features and their weighted sum (2 places)."""
        kept = self._weighed.get(code)
        if kept is not None and kept[0] is weights:
            return kept[1]
        f, answers = self.features(code)
        found = TileEffort(code, f, round(weighted(f, weights), 2), answers)
        self._weighed[code] = (weights, found)
        return found


# efforts are rounded to 2 places: a bound this much over is still a bound
ROUNDING = 0.01


def most_effort(census: tuple[int, int, int], count: int, palindrome: bool,
                weights: Weights) -> float:
    """The most effort a tile with this reading census and `count` positions can have:
    every position a joker's, a pocket and (unless a palindrome) reversed."""
    readings, near, hidden = census
    per_position = weights["positions"] + weights["jokers"] + weights["pockets"] \
        + (0.0 if palindrome else weights["reversed"])
    return (weights["readings"] * readings + weights["near"] * near
            + weights["hidden"] * hidden + per_position * count + ROUNDING)


def exposed_jokers(board: Board) -> int:
    """Board chameleons whose joker square has an empty neighbour."""
    n = 0
    for p in board:
        if p.code[1] == JOKER:
            centre = p.cells[1]
            n += any(not board.occupied(nb) for nb in neighbours(centre))
    return n


def overlap(answers: Iterable[frozenset]) -> int:
    """Pairs of given tiles' positions on the same cells."""
    sets = list(answers)
    return sum(len(a & b) for i, a in enumerate(sets) for b in sets[i + 1:])


def tile_effort(board: Board, code: str, rules: RuleSet, weights: Weights) -> TileEffort:
    """The effort of `code` on `board` under `rules`, weighed by `weights`."""
    return BoardEffort(board, rules).tile_effort(code, weights)


def measure(puzzle: Puzzle, weights: Weights | None = None) -> Effort:
    """The puzzle's effort under `weights` (default: the shipped weights)."""
    weights = weights or default_weights()
    rs = puzzle.ruleset
    weigh = BoardEffort(puzzle.board, rs)
    tiles = [weigh.tile_effort(g.code, weights) for g in puzzle.given]
    pf = {"overlap": overlap(t.answers for t in tiles),
          "exposed_jokers": exposed_jokers(puzzle.board)}
    return Effort(tiles, pf, weights)


_DEFAULT: list[Weights] = []


def default_weights() -> Weights:
    """The shipped weights, read once."""
    if not _DEFAULT:
        _DEFAULT.append(load_weights(None))
    return _DEFAULT[0]


# ---- lay them all (`kind: all`) ---------------------------------------------------------
# A reader of a `kind: all` puzzle weighs each given tile on the board as a count puzzle's
# reader does (where could it go?), then rules out what cannot be part of the answer:
# - `decoys`: positions some order makes legal at some point that are not the answer's:
#   each is a branch to try and prove wrong;
# - `dead_ends`: partial arrangements from which no given tile can be laid: where a wrong
#   branch ends, to be backed out of;
# - `leaning`: answer positions illegal on the board alone (legal only once another given
#   tile is laid): the step a reader is slowest to see.
# The weights are fixed here, not in weights.json (whose features a count puzzle's
# calibration fits); the score is on the count puzzles' scale, so the same bands grade it.
ALL_FEATURES = ("decoys", "dead_ends", "leaning")
ALL_WEIGHTS = {"decoys": 1.5, "dead_ends": 0.5, "leaning": 3.0}


@dataclass(frozen=True)
class AllEffort:
    """A `kind: all` puzzle's effort: its given tiles weighed on the board alone (`board`),
    the arrangement features, the score."""

    board: Effort
    features: dict[str, int]

    def contributions(self) -> dict[str, float]:
        """Each arrangement feature's share of the score: its value times its weight."""
        return {name: value * ALL_WEIGHTS[name] for name, value in self.features.items()}

    @property
    def score(self) -> float:
        """The tiles' score on the board plus the arrangement features, to 2 places."""
        return round(self.board.score + sum(self.contributions().values()), 2)


def measure_all(puzzle: Puzzle, arranged: Arranged, weights: Weights | None = None
                ) -> AllEffort:
    """The effort of a `kind: all` puzzle whose arrangements `arranged` lists (the complete
    search: `lay_all.puzzle_arrangements`)."""
    answers = {(i, p) for a in arranged.arrangements for i, p in enumerate(a)}
    rules, board = puzzle.ruleset, puzzle.board
    leaning = sum(not rules.is_legal(board, p) for _i, p in answers)
    features = {"decoys": len(arranged.tried - answers), "dead_ends": arranged.dead_ends,
                "leaning": leaning}
    return AllEffort(measure(puzzle, weights), features)
