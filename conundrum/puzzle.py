"""Puzzle files: the YAML of docs/formats.md, read through a safe loader, written stably."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import yaml

from .board import Board
from .errors import BoardError, ConundrumError, PuzzleFileError
from .files import TypedFloat, TypedInt, atomic_write, read_text, typed_text, yaml_mapping
from .options import KINDS as KINDS  # what a puzzle asks; re-exported for older imports
from .placement import MAX_COORD, Placement
from .rules import Fault, RuleSet, ruleset
from .tiles import DEFAULT_CHAMELEONS, canonical, chameleon_set, normalise_code

MAX_TILES = 1000  # board tiles and given tiles each; the game has 80
MAX_TITLE = 200  # characters; a sheet's heading has room for about 60
KNOWN_KEYS = ("title", "rules", "chameleons", "kind", "solutions", "board", "given")
ALL_GIVEN = (2, 5)  # a `kind: all` puzzle gives 2 to 5 tiles


@dataclass
class Given:
    """A tile given beside the board, with its printed count of positions (None: not printed)."""

    code: str
    positions: int | None = None


@dataclass
class Puzzle:
    """A conundrum: the board, the given tiles, the rule set and chameleon set, a title, and
    any other keys the file held (`extra`, kept as they are)."""

    board: Board
    given: list[Given] = field(default_factory=list)
    rules: str = "standard"
    chameleons: tuple[str, ...] | None = None  # None: the default set
    title: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the generator's seed
    kind: str = "count"  # KINDS
    solutions: int | None = None  # `kind: all`: the printed claim (None: not printed)

    _rules_memo: tuple[tuple[str, tuple[str, ...] | None], RuleSet] | None = field(
        default=None, init=False, repr=False, compare=False)

    @property
    def ruleset(self) -> RuleSet:
        """The rule set, built once for the current `rules` and `chameleons`."""
        key = (self.rules, self.chameleons)
        if self._rules_memo is None or self._rules_memo[0] != key:
            self._rules_memo = (key, ruleset(self.rules, self.chameleons))
        return self._rules_memo[1]

    def faults(self, check_reachability: bool = True) -> list[Fault]:
        """Every rule the board or the given tiles break (counts are not checked here)."""
        faults = self.ruleset.board_faults(self.board)
        if not check_reachability:
            faults = [f for f in faults if not f.rule.startswith("rule 4")]
        return faults + self.given_faults()

    def given_faults(self) -> list[Fault]:
        """Given tiles that are outside the set, on the board, or given twice (rule 1)."""
        rs = self.ruleset
        faults = []
        seen: set[str] = set()
        for g in self.given:
            tile = canonical(g.code)
            if not rs.in_set(g.code):
                faults.append(Fault(tile, "rule 1: tiles of the set",
                                    f"given tile {g.code} is not in the tile set"))
            if self.board.contains(g.code):
                faults.append(Fault(tile, "rule 1: a given tile is not on the board",
                                    f"given tile {g.code} is also on the board"))
            if tile in seen:
                faults.append(Fault(tile, "rule 1: distinct tiles",
                                    f"tile {g.code} is given twice"))
            seen.add(tile)
        return faults


# ---- reading ---------------------------------------------------------------
def load_puzzle(path: str | os.PathLike[str], *, lenient: bool = False,
                allow_illegal: bool = False) -> Puzzle:
    """Read a puzzle file. Unless `lenient`, a board that breaks a rule is an error.

    `allow_illegal` relaxes only reachability (hand-drawn study boards).
    """
    text = read_text(path)
    puzzle = parse_puzzle(text, str(path))
    if not lenient:
        faults = puzzle.faults(check_reachability=not allow_illegal)
        if faults:
            more = f" (and {len(faults) - 1} more; see `conundrum validate`)" \
                if len(faults) > 1 else ""
            raise BoardError(f"{path}: {faults[0]}{more}")
    return puzzle


def parse_puzzle(text: str, source: str = "<puzzle>") -> Puzzle:
    """Build a puzzle from YAML/JSON text; shape errors name `source`."""
    data = yaml_mapping(text, source, PuzzleFileError, "file", "`board:`", max_items=MAX_TILES)
    try:
        return _from_mapping(data)
    except ConundrumError as exc:
        raise PuzzleFileError(f"{source}: {exc}") from None


def _from_mapping(data: dict[str, Any]) -> Puzzle:
    rules = data.get("rules", "standard")
    if not isinstance(rules, str):
        raise ConundrumError(f"rules {rules!r} must be standard or junior")
    chams = data.get("chameleons")
    if chams is not None:
        if not isinstance(chams, list) or len(chams) > 20:
            raise ConundrumError("chameleons must be a list of codes such as B*Y")
        chams = chameleon_set(chams)
        if set(chams) == set(chameleon_set(DEFAULT_CHAMELEONS)):
            chams = None  # the default set, in whatever order it was listed
    rules = ruleset(rules, chams).name  # refuses an unknown rule set; bambino -> junior
    title = typed_text(data.get("title"))  # `title: 010` is the text typed
    if title is not None and not isinstance(title, (str, int, float)):
        raise ConundrumError("title must be text")
    if title is not None:
        check_title(str(title))
    board_data = data.get("board")
    if board_data is None:
        if "puzzles" in data:  # the reader's book: point to the way in
            raise ConundrumError("this is a book's manifest, not a puzzle: `conundrum check "
                                 "MANIFEST N ANSWERS` checks puzzle N, `conundrum extract "
                                 "MANIFEST N -o p.yaml` writes it as a puzzle file")
        raise ConundrumError("no `board:` list")
    if not isinstance(board_data, list):
        raise ConundrumError("`board:` must be a list of placements")
    if len(board_data) > MAX_TILES:
        raise ConundrumError(f"the board has {len(board_data)} tiles; the limit is {MAX_TILES}")
    board = Board()
    for i, item in enumerate(board_data, 1):
        board.add(_placement(item, f"board tile {i}"))
    given = _given(data.get("given"))
    kind, solutions = _kind(data, given)
    extra = {k: v for k, v in data.items() if k not in KNOWN_KEYS}
    _check_printed_extras(extra)
    return Puzzle(board, given, rules, chams,
                  None if title is None else str(title), extra, kind, solutions)


def _kind(data: dict[str, Any], given: list[Given]) -> tuple[str, int | None]:
    """The puzzle's kind and, for `kind: all`, its claimed number of arrangements."""
    kind = data.get("kind", "count")
    if kind not in KINDS:
        raise ConundrumError(f"kind {kind!r} must be count (every position of each tile) "
                             "or all (lay every given tile)")
    solutions = data.get("solutions")
    if kind == "count":
        if solutions is not None:
            raise ConundrumError("`solutions:` is the claim of a `kind: all` puzzle; a count "
                                 "puzzle prints `positions:` beside each given tile")
        return kind, None
    if solutions is not None and (isinstance(solutions, bool) or not isinstance(solutions, int)
                                  or not 0 <= solutions <= 10**9):
        raise ConundrumError("`solutions:` must be a whole number (1 for a printed puzzle)")
    low, high = ALL_GIVEN
    if not low <= len(given) <= high:
        raise ConundrumError(f"a `kind: all` puzzle gives {low} to {high} tiles, not "
                             f"{len(given)}")
    for g in given:
        if g.positions is not None:
            raise ConundrumError(f"given tile {g.code}: a `kind: all` puzzle prints no "
                                 "`positions:` (its answer is one arrangement)")
    return kind, None if solutions is None else int(solutions)


def _placement(item: Any, what: str, limit: int = MAX_COORD) -> Placement:
    if not isinstance(item, dict):
        raise ConundrumError(f"{what} must be a mapping like {{code: RYG, at: [0, 0], dir: h}}")
    missing = [k for k in ("code", "at", "dir") if k not in item]
    if missing:
        raise ConundrumError(f"{what} has no {', '.join(missing)}")
    try:
        return Placement.make(item["code"], item["at"], item["dir"], limit)
    except ConundrumError as exc:
        raise ConundrumError(f"{what}: {exc}") from None


def _given(items: Any) -> list[Given]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise ConundrumError("`given:` must be a list of tiles")
    if len(items) > MAX_TILES:
        raise ConundrumError(f"{len(items)} given tiles; the limit is {MAX_TILES}")
    out = []
    for i, item in enumerate(items, 1):
        if isinstance(item, str):
            item = {"code": item}
        if not isinstance(item, dict) or "code" not in item:
            raise ConundrumError(f"given tile {i} must be a mapping with `code:`")
        code = normalise_code(item["code"])
        count = item.get("positions")
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                                  or not 0 <= count <= 10_000):
            raise ConundrumError(f"given tile {code}: positions must be a whole number")
        out.append(Given(code, count))
    return out


# ---- writing ---------------------------------------------------------------
class _Flow(dict[str, Any]):
    """A mapping written on one line."""


# libyaml's emitter when present (as files.py loads with libyaml): the same bytes, checked
# by tests/test_puzzle_files.py, at a tenth of the time (a 1,600-puzzle manifest: seconds)
_Emitter: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Dumper(_Emitter):  # type: ignore[misc]  # libyaml or Python, known at run time
    pass


class _FlowList(list[Any]):
    pass


# numbers read from a file keep the text typed (files.TypedInt); written back as numbers
_Dumper.add_representer(TypedInt, lambda d, v: d.represent_int(int(v)))
_Dumper.add_representer(TypedFloat, lambda d, v: d.represent_float(float(v)))


_Dumper.add_representer(
    _Flow, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))
_Dumper.add_representer(
    _FlowList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))


def check_title(title: str) -> str:
    """`title`, when a sheet can hold it (at most MAX_TITLE characters); ConundrumError
    otherwise. (Whether the font draws every character is checked where it is drawn.)

    >>> check_title("Puzzle 7")
    'Puzzle 7'
    """
    if len(title) > MAX_TITLE:
        raise ConundrumError(f"the title has {len(title):,} characters; the limit is "
                             f"{MAX_TITLE}")
    return title


MAX_NUMBER = 20  # characters of a `number:` (printed beside the title)
MAX_RECIPE = 300  # characters of `generator:` and `seed:` together (printed in the footer)


def _check_printed_extras(extra: dict[str, Any]) -> None:
    """The keys besides the puzzle that a sheet prints (`number:` in its header,
    `generator:` and `seed:` in its footer) are bounded as a title is: a page has room for
    a short number and a one- or two-line recipe."""
    number = typed_text(extra.get("number"))
    if number is not None:
        if isinstance(number, bool) or not isinstance(number, (str, int)):
            raise ConundrumError("`number:` must be a whole number or a short text")
        if len(str(number)) > MAX_NUMBER:
            raise ConundrumError(f"`number:` has {len(str(number)):,} characters; the limit "
                                 f"is {MAX_NUMBER}")
    generator, seed = extra.get("generator"), extra.get("seed")
    if generator is not None and not isinstance(generator, dict):
        raise ConundrumError("`generator:` must map the generator's options to their values")
    for key, value in (generator or {}).items():
        if isinstance(value, (dict, list)) and not (
                isinstance(value, list) and all(isinstance(v, (int, float, str)) for v in value)):
            raise ConundrumError(f"`generator: {key}` must be a plain value")
    recipe = len(str(generator or "")) + len(str(seed or ""))
    if recipe > MAX_RECIPE:
        raise ConundrumError(f"`generator:` and `seed:` have {recipe:,} characters; the "
                             f"limit is {MAX_RECIPE}")


def placement_yaml(p: Placement) -> dict[str, Any]:
    """A placement as the puzzle file writes it: one flow mapping, `{code: RYG, at: [0, 0],
    dir: h}`."""
    return _Flow(code=p.code, at=_FlowList(p.at), dir=p.dir)


def dump_puzzle(puzzle: Puzzle) -> str:
    """The puzzle as YAML: same puzzle, same bytes."""
    doc: dict[str, Any] = {}
    if puzzle.title is not None:
        doc["title"] = puzzle.title
    doc["rules"] = puzzle.rules
    if puzzle.chameleons is not None:
        doc["chameleons"] = _FlowList(puzzle.chameleons)
    if puzzle.kind != "count":  # a count puzzle's file stays as it always was
        doc["kind"] = puzzle.kind
        if puzzle.solutions is not None:
            doc["solutions"] = puzzle.solutions
    doc["board"] = [placement_yaml(p) for p in puzzle.board]
    doc["given"] = [
        _Flow(code=g.code) if g.positions is None else _Flow(code=g.code, positions=g.positions)
        for g in puzzle.given
    ]
    for key in sorted(puzzle.extra):
        doc[key] = puzzle.extra[key]
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def save_puzzle(puzzle: Puzzle, path: str | os.PathLike[str]) -> None:
    """Write the puzzle's YAML (`dump_puzzle`) to `path`, replacing it atomically.
    ConundrumError when `puzzle` is not a Puzzle or the file cannot be written."""
    if not isinstance(puzzle, Puzzle):
        raise ConundrumError(f"expected a Puzzle, not {type(puzzle).__name__}")
    atomic_write(path, dump_puzzle(puzzle))
