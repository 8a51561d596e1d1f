"""Legal moves for a hand: every position of every tile held, in one pass.

Standard rules read the board's candidate runs once for the whole hand (the
solver's per-cell scores also give each move's matching-contact count, which
the greedy bot wants). Junior rules find the open ends once for the whole
hand and check in full only the candidates whose touching square matches the
end it touches; the result equals the solver's `junior_positions`, tile by
tile (a test compares them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..board import Board
from ..placement import STEP, Cell, Placement, neighbours
from ..rules import JuniorRules, RuleSet, matches
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
        found = [Move(p, 1) for p in _junior_moves(board, rules, wanted)]
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


def _junior_moves(board: Board, rules: JuniorRules, codes: list[str]) -> set[Placement]:
    ends = [cell for p in board for cell in (p.cells[0], p.cells[2])
            if rules.is_open_end(board, cell)]
    found: set[Placement] = set()
    for end in ends:
        colour = board.colour_at(end) or JOKER
        for touch in neighbours(end):
            if board.occupied(touch):
                continue
            for code in codes:
                for cand, square in _touching(code, touch):
                    # one contact and it must match: a cheap test before the full check
                    if matches(square, colour) and cand not in found \
                            and rules.is_legal(board, cand):
                        found.add(cand)
    return found


def _touching(code: str, touch: Cell):
    """Each placement of `code` whose contact square (an end; a chameleon's centre) is
    on `touch`, with that square's colour."""
    x, y = touch
    for d, (dx, dy) in STEP.items():
        for reading in sorted({code, code[::-1]}):
            if reading[1] == JOKER:
                yield Placement(reading, (x - dx, y - dy), d), JOKER
            else:
                yield Placement(reading, (x, y), d), reading[0]
                yield Placement(reading, (x - 2 * dx, y - 2 * dy), d), reading[2]
