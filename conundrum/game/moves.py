"""Legal moves for a hand: every position of every tile held, in one pass.

The rule set finds them for the whole hand at once (`RuleSet.fits`, the
solver's own search): standard rules read the board's candidate runs once,
and their per-cell scores also give each move's matching-contact count, which
the greedy bot wants; junior rules find the open ends' slots once. The result
equals the solver's positions, tile by tile (a test compares them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..board import Board
from ..placement import Placement
from ..rules import RuleSet
from ..tiles import JOKER


class Move(NamedTuple):
    """A legal placement of a tile from a hand and its number of matching contacts."""

    placement: Placement
    contacts: int

    @property
    def tile(self) -> str:
        """The canonical code of the tile laid."""
        return self.placement.tile

    @property
    def is_chameleon(self) -> bool:
        """True when the tile laid is a chameleon."""
        return self.placement.code[1] == JOKER


def move_order(m: Move) -> tuple:
    """A fixed order (tile, then top-to-bottom, left-to-right) so choices never hang on hashing."""
    p = m.placement
    return (p.tile, p.at[1], p.at[0], p.dir, p.code)


def legal_moves(board: Board, rules: RuleSet, codes: Iterable[str]) -> list[Move]:
    """Every legal move of the tiles `codes` (canonical, not on the board), sorted."""
    wanted = sorted(set(codes))
    if not wanted:
        return []
    found = [Move(Placement(r, at, d), n) for _i, r, at, d, n in rules.fits(board, wanted)]
    found.sort(key=move_order)
    return found
