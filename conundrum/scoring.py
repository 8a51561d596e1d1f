"""Expert scoring: the tile's value plus the value of every distinct tile it touches."""

from __future__ import annotations

from .board import Board
from .placement import Placement
from .rules import contacts
from .tiles import tile_value


def expert_score(board: Board, p: Placement) -> int:
    """Points for laying `p` on `board` (before it is added)."""
    touched = {c.other_tile for c in contacts(board, p)}
    return tile_value(p.code) + sum(tile_value(board.placement(t).code) for t in touched)
