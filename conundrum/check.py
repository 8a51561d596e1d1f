"""Grading a reader's answers against the solver, with a reason for every wrong one."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from .board import Board
from .errors import AnswerError, ConundrumError
from .files import safe_yaml, yaml_structure_fault
from .lay_all import drawn_grid
from .notation import MARGIN, Grid
from .placement import MAX_COORD, Placement
from .puzzle import Puzzle, _placement
from .rules import RuleSet
from .solver import positions
from .tiles import canonical

MAX_ANSWERS = 10_000
# Every position the solver lists lies in the board's drawn area (the board grown by
# MARGIN cells), so an answer next to a board at the coordinate limit is still read.
ANSWER_LIMIT = MAX_COORD + MARGIN


@dataclass
class Wrong:
    """An answer that is not a position: as the reader wrote it, and why it is wrong."""

    answer: str
    reason: str


@dataclass
class Grade:
    """A reader's answers against the solver: positions found, missed, and wrong answers."""

    found: list[Placement] = field(default_factory=list)
    missed: list[Placement] = field(default_factory=list)
    wrong: list[Wrong] = field(default_factory=list)

    @property
    def perfect(self) -> bool:
        """True when every position was found and no answer was wrong."""
        return not self.missed and not self.wrong


Answer = tuple[str, Placement | None, str | None]  # (as written, placement, why unreadable)


def read_answers(text: str, grid: Grid) -> list[Answer]:
    """Each answer as (as written, placement or None, why unreadable or None).

    Text lines in sheet notation, or YAML/JSON: a list of placements, or a
    mapping with `positions:` or `solve --json`'s `tiles:`.
    """
    structured = _structured(text)
    if structured is not None:
        return _limited(structured)
    out: list[Answer] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip().strip(",;")
        if not line:
            continue
        try:
            out.append((line, grid.parse(line), None))
        except ConundrumError as exc:
            out.append((line, None, f"unreadable line {n}: {exc}"))
    return _limited(out)


def _limited(answers: list[Answer]) -> list[Answer]:
    # A puzzle has at most a few hundred positions; far more answers is not a reader's sheet.
    if len(answers) > MAX_ANSWERS:
        raise AnswerError(f"{len(answers):,} answers; the limit is {MAX_ANSWERS:,}")
    return answers


def _structured(text: str) -> list[Answer] | None:
    # A hostile structure ("billion laughs") is refused as any input is, not read as lines.
    fault = yaml_structure_fault(text)
    if fault is not None:
        raise AnswerError(fault)
    try:
        data = safe_yaml(text, "answers")
    except ConundrumError:
        return None  # not YAML: read as lines of notation
    if isinstance(data, dict):
        if "tiles" in data and isinstance(data["tiles"], list):
            data = [p for t in data["tiles"] if isinstance(t, dict)
                    and isinstance(t.get("positions"), list) for p in t["positions"]]
        elif "positions" in data:
            data = data["positions"]
        else:
            return None
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        return None
    out: list[Answer] = []
    for i, item in enumerate(data, 1):
        written = f"{item.get('code')} at {item.get('at')} {item.get('dir')}"
        try:
            out.append((written, _placement(item, f"answer {i}", ANSWER_LIMIT), None))
        except ConundrumError as exc:
            out.append((written, None, f"unreadable answer {i}: {exc}"))
    return out


def grade(puzzle: Puzzle, text: str) -> Grade:
    """Grade the answers in `text` (sheet notation, YAML or JSON; see `read_answers`)
    against every position of the puzzle's given tiles. A position written twice counts
    once; each wrong answer gets its reason. AnswerError when the text cannot be read at
    all or holds more than MAX_ANSWERS answers."""
    board, rules = puzzle.board, puzzle.ruleset
    grid = Grid.of(board)
    solutions = {g.code: positions(board, g.code, rules) for g in puzzle.given}
    by_tile = {canonical(c): c for c in solutions}
    every = {p for ps in solutions.values() for p in ps}
    result = Grade()
    seen: set[Placement] = set()
    for written, p, unreadable in read_answers(text, grid):
        if p is None:
            result.wrong.append(Wrong(written, unreadable or "unreadable"))
            continue
        if p in seen:
            continue  # the same position written twice counts once
        seen.add(p)
        if p in every:
            result.found.append(p)
        elif p.tile not in by_tile:
            given = ", ".join(solutions) or "none"
            result.wrong.append(Wrong(written, f"not that tile: {p.tile} is not a given "
                                               f"tile (given: {given})"))
        else:
            reason = rules.explain(board, p, grid.name) or "not a legal position"
            result.wrong.append(Wrong(written, reason))
    result.missed = [p for ps in solutions.values() for p in ps if p not in seen]
    return result


# ---- lay them all (`kind: all`) -------------------------------------------------------
@dataclass
class Judged:
    """A reader's arrangement judged: the first fault (None: right), and when right an order
    in which every tile is legal when laid (the proof)."""

    fault: str | None
    order: list[Placement] = field(default_factory=list)

    @property
    def right(self) -> bool:
        """True when the arrangement is one the puzzle accepts."""
        return self.fault is None


def _lays(board: Board, order: tuple[Placement, ...], rules: RuleSet) -> bool:
    """Whether the tiles, laid in this order, are each legal when laid."""
    for p in order:
        if not rules.is_legal(board, p):
            return False
        board.add(p)
    return True


def read_arrangement(text: str, grid: Grid) -> list[Answer]:
    """A reader's arrangement: positions one a line or separated by `;` (sheet notation),
    or YAML/JSON as `read_answers` reads it."""
    if _structured(text) is None:
        text = "\n".join(part for line in text.splitlines()
                         for part in line.split("#", 1)[0].split(";"))
    return read_answers(text, grid)


def judge(puzzle: Puzzle, text: str, grid: Grid | None = None) -> Judged:
    """Judge the arrangement in `text` for a `kind: all` puzzle, naming the first fault: an
    unreadable answer, a tile not given, a tile given two positions, a missing tile, an
    overlap, a tile that fits no order. `grid` names cells (default: the sheet's)."""
    grid = grid or drawn_grid(puzzle)
    wanted = {canonical(g.code): g.code for g in puzzle.given}
    laid: dict[str, Placement] = {}
    for written, p, unreadable in read_arrangement(text, grid):
        if p is None:
            return Judged(unreadable or f"unreadable: {written}")
        if p.tile not in wanted:
            return Judged(f"{grid.text(p)}: {p.tile} is not a given tile "
                          f"(given: {', '.join(wanted.values())})")
        if p.tile in laid and laid[p.tile] != p:
            return Judged(f"{p.tile} has two positions, {grid.text(laid[p.tile])} and "
                          f"{grid.text(p)}: give each tile one")
        laid[p.tile] = p
    missing = [code for tile, code in wanted.items() if tile not in laid]
    if missing:
        return Judged(f"missing tile{'s' if len(missing) > 1 else ''} "
                      f"{', '.join(missing)}: every given tile is laid")
    return _lay_in_some_order(puzzle, [laid[t] for t in wanted], grid)


def _lay_in_some_order(puzzle: Puzzle, answer: list[Placement], grid: Grid) -> Judged:
    """The first overlap, then a tile that no order lays legally; or the order found."""
    taken: dict[tuple[int, int], Placement] = {}
    for p in answer:
        for cell in p.cells:
            if puzzle.board.occupied(cell):
                other = puzzle.board.placement(puzzle.board.tile_of(cell)).code
                return Judged(f"{grid.text(p)}: overlap at {grid.name(cell)}, taken by the "
                              f"board's {other}")
            if cell in taken:
                return Judged(f"{grid.text(p)}: overlap at {grid.name(cell)} with "
                              f"{grid.text(taken[cell])}")
            taken[cell] = p
    rules = puzzle.ruleset
    # lay any tile legal now while one is: where legal stays legal (standard rules) this
    # finds an order whenever one exists, and leaves exactly the tiles no order lays
    board, rest, order = puzzle.board.copy(), list(answer), []
    while (ready := next((p for p in rest if rules.is_legal(board, p)), None)) is not None:
        board.add(ready)
        order.append(ready)
        rest.remove(ready)
    if not rest:
        return Judged(None, order)
    if not rules.legal_stays_legal:  # a later contact can spoil a tile: try every order
        for tried in permutations(answer):  # at most 5! orders
            if _lays(puzzle.board.copy(), tried, rules):
                return Judged(None, list(tried))
    stuck = rest[0]
    for p in rest[1:]:  # why the first stuck tile fails with every other tile laid
        board.add(p)
    why = rules.explain(board, stuck, grid.name)
    if why is None or "overlap" in why:
        why = "it leans only on tiles that cannot be laid before it"
    return Judged(f"{grid.text(stuck)} fits no order: {why}")
