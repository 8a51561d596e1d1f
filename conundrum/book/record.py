"""A puzzle as compact JSON: how results travel from worker processes and sit in the work file.

YAML is the format people read; between processes, and once per puzzle in
the work file, the C-accelerated JSON codec costs a fraction of it. The
record keeps everything a Puzzle holds, so a puzzle read back is the same
puzzle (board order included, start first).
"""

from __future__ import annotations

import json

from ..board import Board
from ..errors import ConundrumError
from ..placement import Placement
from ..puzzle import Given, Puzzle


def to_record(puzzle: Puzzle) -> str:
    doc = {
        "rules": puzzle.rules,
        "chameleons": None if puzzle.chameleons is None else list(puzzle.chameleons),
        "title": puzzle.title,
        "board": [[p.code, p.at[0], p.at[1], p.dir] for p in puzzle.board],
        "given": [[g.code, g.positions] for g in puzzle.given],
        "extra": puzzle.extra,
    }
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def from_record(text: str) -> Puzzle:
    """The puzzle back; a damaged record (say, a hand-edited work file) is a ConundrumError."""
    try:
        doc = json.loads(text)
        board = Board(Placement.make(code, (x, y), d) for code, x, y, d in doc["board"])
        given = [Given(code, n) for code, n in doc["given"]]
        chams = None if doc["chameleons"] is None else tuple(doc["chameleons"])
        return Puzzle(board, given, doc["rules"], chams, doc["title"], doc["extra"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ConundrumError(f"a stored puzzle cannot be read ({exc}); build without "
                             "--resume") from None
