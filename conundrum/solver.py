"""The conundrum solver: every position of a tile on a board.

Standard rules read the board's contact tables (board.py): a candidate run of
three empty cells is legal for a reading when its three per-cell scores add
up to 2 or more (a clash scores -100). Junior rules start from the open ends,
which are few.
"""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board
from .errors import BoardError, ConundrumError, TileCodeError
from .placement import STEP, Placement, neighbours
from .rules import JuniorRules, RuleSet, rules_for
from .tiles import COLOUR_INDEX, JOKER, normalise_code


def _order(p: Placement) -> tuple:
    """Reading order on a sheet: top to bottom, left to right."""
    return (p.at[1], p.at[0], p.dir, p.code)


def _ruleset(rules: str | RuleSet, chameleons) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else rules_for(rules, chameleons)


def _check_board(board: object) -> None:
    if not isinstance(board, Board):
        raise ConundrumError(f"expected a Board (e.g. puzzle.board), not {type(board).__name__}")


def check_tile(board: Board, code: str, ruleset: RuleSet) -> str:
    """The normalised code of a tile that may be asked about on this board."""
    norm = normalise_code(code)
    if not ruleset.in_set(norm):
        raise TileCodeError(f"tile {norm} is not in the tile set")
    if board.contains(norm):
        raise BoardError(f"tile {norm} is already on the board")
    return norm


def positions(board: Board, code: str, rules: str | RuleSet = "standard",
              chameleons: Iterable[str] | None = None) -> list[Placement]:
    """Every legal position of the tile `code` on `board`, in reading order."""
    _check_board(board)
    ruleset = _ruleset(rules, chameleons)
    norm = check_tile(board, code, ruleset)
    if isinstance(ruleset, JuniorRules):
        found = junior_positions(board, norm, ruleset)
    else:
        found = standard_positions(board, norm)
    return sorted(found, key=_order)


def standard_positions(board: Board, code: str) -> list[Placement]:
    a, b, c = (COLOUR_INDEX[ch] for ch in code)
    rev = code[::-1]
    palindrome = code == rev
    out = []
    for at, d, s0, s1, s2 in board.candidate_runs():
        if s0[a] + s1[b] + s2[c] >= 2:
            out.append(Placement(code, at, d))
        if not palindrome and s0[c] + s1[b] + s2[a] >= 2:
            out.append(Placement(rev, at, d))
    return out


def standard_counts(board: Board, codes: Iterable[str]) -> dict[str, int]:
    """Position counts for many tiles in one pass over the candidate runs."""
    idx = []
    for code in codes:
        a, b, c = (COLOUR_INDEX[ch] for ch in code)
        idx.append((code, a, b, c, code == code[::-1]))
    counts = dict.fromkeys((t[0] for t in idx), 0)
    for _at, _d, s0, s1, s2 in board.candidate_runs():
        for code, a, b, c, pal in idx:
            n = (s0[a] + s1[b] + s2[c] >= 2) + (not pal and s0[c] + s1[b] + s2[a] >= 2)
            if n:
                counts[code] += n
    return counts


def junior_positions(board: Board, code: str, rules: JuniorRules) -> list[Placement]:
    """Positions under junior rules, found from the open ends."""
    found: set[Placement] = set()
    chameleon = code[1] == JOKER
    for p in board:
        for end in (p.cells[0], p.cells[2]):
            if not rules.is_open_end(board, end):
                continue
            for touch in neighbours(end):
                if board.occupied(touch):
                    continue
                for cand in _junior_candidates(code, touch, chameleon):
                    if cand not in found and rules.is_legal(board, cand):
                        found.add(cand)
    return list(found)


def _junior_candidates(code: str, touch, chameleon: bool):
    """Placements of `code` whose contact square (an end, or a chameleon's centre) is `touch`."""
    x, y = touch
    readings = {code, code[::-1]}
    for d, (dx, dy) in STEP.items():
        for reading in readings:
            if chameleon:
                yield Placement(reading, (x - dx, y - dy), d)
            else:
                # the touching square is the first or the last of the reading
                yield Placement(reading, (x, y), d)
                yield Placement(reading, (x - 2 * dx, y - 2 * dy), d)


def counts(board: Board, rules: str | RuleSet = "standard",
           chameleons: Iterable[str] | None = None,
           codes: Iterable[str] | None = None) -> dict[str, int]:
    """Position count of each tile not on the board (or of `codes`), in one call."""
    _check_board(board)
    ruleset = _ruleset(rules, chameleons)
    if isinstance(codes, str) or not (codes is None or isinstance(codes, Iterable)):
        raise ConundrumError("codes must be a list of tile codes")
    if codes is None:
        wanted = [t for t in ruleset.tiles if not board.contains(t)]
    else:
        wanted = [check_tile(board, c, ruleset) for c in codes]
    if isinstance(ruleset, JuniorRules):
        return {c: len(junior_positions(board, c, ruleset)) for c in wanted}
    return standard_counts(board, wanted)
