"""The conundrum solver: every position of a tile on a board.

Standard rules read the board's contact tables (board.py): a candidate run of
three empty cells is legal for a reading when its three per-cell scores add
up to 2 or more (a clash scores -100). Junior rules start from the open ends,
which are few. Both find the positions of many tiles in one pass
(`standard_fits`, `junior_fits`): the game's move generator and the
generator's counting build on these, and each RuleSet's `fits` picks its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .board import Board
from .errors import BoardError, ConundrumError, TileCodeError
from .placement import STEP, Cell, Placement, contact_count, neighbours, run_cells
from .rules import JuniorRules, RuleSet, matches, rules_for
from .tiles import COLOUR_INDEX, JOKER, normalise_code


def reading_order(p: Placement) -> tuple:
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
    found = [Placement(r, at, d) for _i, r, at, d, _n in ruleset.fits(board, [norm])]
    return sorted(found, key=reading_order)


# A fit: (index of the code in the list asked about, reading, at, dir, matching contacts).
Fit = tuple[int, str, Cell, str, int]
# A code's row in a reading table: (index, code, reversed code, colour indices a b c, palindrome)
Reading = tuple[int, str, str, int, int, int, bool]


def reading_table(codes: Iterable[str]) -> list[Reading]:
    """The per-code look-up row `standard_fits` reads, for each of `codes` in order."""
    table = []
    for i, code in enumerate(codes):
        a, b, c = (COLOUR_INDEX[ch] for ch in code)
        rev = code[::-1]
        table.append((i, code, rev, a, b, c, code == rev))
    return table


def standard_fits(runs: Sequence[tuple], table: list[Reading]) -> Iterator[Fit]:
    """Standard rules: every legal reading of every code of `table` on each run.

    `runs` are (at, dir, s0, s1, s2) as Board.candidate_runs gives them: a
    reading is legal when its three per-cell scores add up to 2 or more (its
    matching contacts; a clash scores -100). Code by code in table order, run
    by run, each code's own reading before its reverse (a palindrome once).
    """
    for i, code, rev, a, b, c, palindrome in table:
        for at, d, s0, s1, s2 in runs:
            n = s0[a] + s1[b] + s2[c]
            if n >= 2:
                yield i, code, at, d, n
            if not palindrome:
                n = s0[c] + s1[b] + s2[a]
                if n >= 2:
                    yield i, rev, at, d, n


def standard_positions(board: Board, code: str) -> list[Placement]:
    return [Placement(r, at, d)
            for _i, r, at, d, _n in standard_fits(board.candidate_runs(), reading_table([code]))]


def standard_counts(board: Board, codes: Iterable[str]) -> dict[str, int]:
    """Position counts for many tiles in one pass over the candidate runs."""
    table = reading_table(codes)
    counts = dict.fromkeys((row[1] for row in table), 0)
    for i, *_ in standard_fits(board.candidate_runs(), table):
        counts[table[i][1]] += 1
    return counts


# A junior slot: (at, dir, index of the square touching the open end, the end's colour).
Slot = tuple[Cell, str, int, str]


def junior_slots(board: Board, rules: JuniorRules) -> list[Slot]:
    """Every run of three empty cells whose one contact with the board is an open end.

    A junior position has exactly one contact, against an open end, so it is
    fixed by its slot; which readings fit is then a cheap test per code
    (`junior_fits`).
    """
    occupied = board.occupied
    out = []
    for end in rules.open_ends(board):
        colour = board.colour_at(end)
        for touch in neighbours(end):
            if occupied(touch):
                continue
            for d, (dx, dy) in STEP.items():
                for idx in (0, 1, 2):
                    at = (touch[0] - idx * dx, touch[1] - idx * dy)
                    cells = run_cells(at, d)
                    if any(occupied(c) for c in cells):
                        continue
                    if contact_count(cells, occupied) == 1:
                        out.append((at, d, idx, colour))
    return out


def junior_fits(slots: list[Slot], codes: Iterable[str]) -> Iterator[Fit]:
    """Junior rules: every legal reading of every code in the slots (one contact each).

    A reading fits a slot when the touching square may make the contact (an
    end square; a chameleon's centre) and its colour matches the open end.
    """
    for i, code in enumerate(codes):
        readings = (code,) if code == code[::-1] else (code, code[::-1])
        allowed = (1,) if code[1] == JOKER else (0, 2)
        for at, d, idx, colour in slots:
            if idx not in allowed:
                continue
            for r in readings:
                if matches(r[idx], colour):
                    yield i, r, at, d, 1


def junior_positions(board: Board, code: str, rules: JuniorRules) -> list[Placement]:
    """Positions under junior rules, found from the open ends."""
    return [Placement(r, at, d)
            for _i, r, at, d, _n in junior_fits(junior_slots(board, rules), [code])]


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
        # a code asked for twice is counted once
        wanted = list(dict.fromkeys(check_tile(board, c, ruleset) for c in codes))
    found = dict.fromkeys(wanted, 0)
    for i, *_ in ruleset.fits(board, wanted):
        found[wanted[i]] += 1
    return found
