"""A puzzle as compact JSON: how results travel from worker processes and sit in the work file.

YAML is the format people read; between processes, and once per puzzle in
the work file, the C-accelerated JSON codec costs a fraction of it. The
record keeps everything a Puzzle holds, so a puzzle read back is the same
puzzle (board order included, start first).
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from ..board import Board
from ..errors import ConundrumError
from ..generate.request import Sizes
from ..placement import Placement
from ..puzzle import Given, Puzzle
from ..solver import Solutions


def to_record(puzzle: Puzzle, solutions: Solutions | None = None,
              sizes: Sizes | None = None) -> str:
    """The puzzle as a record; with `solutions` (the worker solved it already: every
    position of each given tile), those too, so the book is drawn without solving again;
    with `sizes` (those it was made to: generate_sized), those too, so the board's other
    sets of given tiles can be named where a slot needs one (alternates.py)."""
    doc: dict[str, Any] = {
        "rules": puzzle.rules,
        "chameleons": None if puzzle.chameleons is None else list(puzzle.chameleons),
        "title": puzzle.title,
        "board": [[p.code, p.at[0], p.at[1], p.dir] for p in puzzle.board],
        "given": [[g.code, g.positions] for g in puzzle.given],
        "extra": puzzle.extra,
    }
    if puzzle.kind != "count":  # a count puzzle's record as it always was
        doc["kind"], doc["claim"] = puzzle.kind, puzzle.solutions
    if solutions is not None:
        doc["solutions"] = [[code, [[p.code, p.at[0], p.at[1], p.dir] for p in found]]
                            for code, found in solutions]
    if sizes is not None:
        # its fields as they are (their tuples are written as lists): asdict's deep copy
        # cost a book's worker 0.08 ms a puzzle
        doc["sizes"] = {f.name: getattr(sizes, f.name) for f in fields(sizes)}
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def read_sizes(text: str) -> Sizes | None:
    """The sizes a record's puzzle was made to (`to_record`), None where it has none.
    ConundrumError when the record cannot be read back."""
    try:
        doc = json.loads(text).get("sizes")
        if doc is None:
            return None
        pair = (lambda v: None if v is None else (v[0], v[1]))  # noqa: E731
        return Sizes(int(doc["tiles"]), int(doc["given"]),
                     tuple((int(lo), int(hi)) for lo, hi in doc["ranges"]),
                     pair(doc["tile_effort"]), pair(doc["score"]),
                     None if doc["kinds"] is None else tuple(doc["kinds"]))
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ConundrumError(f"a stored puzzle cannot be read ({exc}); build without "
                             "--resume") from None


def from_record(text: str) -> Puzzle:
    """The puzzle back; a damaged record (say, a hand-edited work file) is a ConundrumError."""
    return read_record(text)[0]


def read_record(text: str) -> tuple[Puzzle, Solutions | None]:
    """The puzzle back and its solutions when the record holds them (a record written
    without them, e.g. in an older work file, gives None: solve it again).
    ConundrumError when the record cannot be read back."""
    try:
        doc = json.loads(text)
        board = Board(Placement.make(code, (x, y), d) for code, x, y, d in doc["board"])
        given = [Given(code, n) for code, n in doc["given"]]
        chams = None if doc["chameleons"] is None else tuple(doc["chameleons"])
        puzzle = Puzzle(board, given, doc["rules"], chams, doc["title"], doc["extra"],
                        doc.get("kind", "count"), doc.get("claim"))
        found = doc.get("solutions")
        solutions = None if found is None else tuple(
            (code, tuple(Placement.make(c, (x, y), d) for c, x, y, d in places))
            for code, places in found)
    except (ValueError, KeyError, TypeError) as exc:
        raise ConundrumError(f"a stored puzzle cannot be read ({exc}); build without "
                             "--resume") from None
    if solutions is not None and [code for code, _ in solutions] != \
            [g.code for g in puzzle.given]:
        raise ConundrumError("a stored puzzle cannot be read (its solutions are not its "
                             "given tiles'); build without --resume")
    return puzzle, solutions
