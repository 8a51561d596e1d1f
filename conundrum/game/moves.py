"""Legal moves for a hand: every position of every tile held, in one pass.

Standard rules read the board's candidate runs once for the whole hand (the
solver's per-cell scores also give each move's matching-contact count, which
the greedy bot wants); junior rules ask the solver tile by tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..board import Board
from ..placement import Placement
from ..rules import JuniorRules, RuleSet
from ..solver import junior_positions
from ..tiles import COLOUR_INDEX, JOKER


class Move(NamedTuple):
    """A legal placement of a tile from a hand and its number of matching contacts."""

    placement: Placement
    contacts: int

    @property
    def tile(self) -> str:
        return self.placement.tile

    @property
    def is_chameleon(self) -> bool:
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
    if isinstance(rules, JuniorRules):
        found = [Move(p, 1) for code in wanted for p in junior_positions(board, code, rules)]
    else:
        found = _standard_moves(board, wanted)
    found.sort(key=move_order)
    return found


def _standard_moves(board: Board, codes: list[str]) -> list[Move]:
    table = []
    for code in codes:
        a, b, c = (COLOUR_INDEX[ch] for ch in code)
        table.append((code, code[::-1], a, b, c, code == code[::-1]))
    out = []
    for at, d, s0, s1, s2 in board.candidate_runs():
        for code, rev, a, b, c, palindrome in table:
            n = s0[a] + s1[b] + s2[c]
            if n >= 2:
                out.append(Move(Placement(code, at, d), n))
            if not palindrome:
                n = s0[c] + s1[b] + s2[a]
                if n >= 2:
                    out.append(Move(Placement(rev, at, d), n))
    return out
