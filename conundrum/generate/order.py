"""A generated board's tiles in an order they can be laid in (a puzzle file lists them so)."""

from __future__ import annotations

from ..board import Board
from ..errors import GenerationError
from ..rules import RuleSet


def laying_order(board: Board, ruleset: RuleSet) -> Board:
    """The same tiles listed in an order they can be laid in, start first.
    GenerationError (a bug) when no order exists."""
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
