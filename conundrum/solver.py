"""The conundrum solver: every position of a tile on a board.

The finding itself is in fits.py (`standard_fits`, `junior_fits`, re-exported
here), where each RuleSet's `fits` picks its own; this module checks what is
asked, orders the answers for a reader and counts.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from .board import Board
from .errors import BoardError, ConundrumError, TileCodeError
from .fits import Fit, Reading, Slot, junior_fits, junior_slots, reading_table, standard_fits
from .placement import Placement
from .puzzle import Puzzle
from .rules import Chameleons, JuniorRules, RuleSet, ruleset
from .tiles import canonical, normalise_code

__all__ = [
    "Fit", "Reading", "Slot", "check_tile", "counts", "junior_fits", "junior_positions",
    "junior_slots", "positions", "printed_counts", "reading_order", "reading_table",
    "standard_counts", "standard_fits", "standard_positions",
]


def reading_order(p: Placement) -> tuple[int, int, str, str]:
    """Reading order on a sheet: top to bottom, left to right."""
    return (p.at[1], p.at[0], p.dir, p.code)


def _check_board(board: object) -> None:
    if not isinstance(board, Board):
        raise ConundrumError(f"expected a Board (e.g. puzzle.board), not {type(board).__name__}")


def check_tile(board: Board, code: str, ruleset: RuleSet) -> str:
    """The normalised code of a tile that may be asked about on this board.
    TileCodeError for a bad code or one outside the set, BoardError for a tile on the board."""
    norm = normalise_code(code)
    if not ruleset.in_set(norm):
        raise TileCodeError(f"tile {norm} is not in the tile set")
    if board.contains(norm):
        raise BoardError(f"tile {norm} is already on the board")
    return norm


def positions(board: Board, code: str, rules: str | RuleSet = "standard",
              chameleons: Chameleons = None) -> list[Placement]:
    """Every legal position of the tile `code` on `board`, in reading order."""
    _check_board(board)
    rs = ruleset(rules, chameleons)
    norm = check_tile(board, code, rs)
    found = [Placement(r, at, d) for _i, r, at, d, _n in rs.fits(board, [norm])]
    return sorted(found, key=reading_order)


# Every position of each given tile, in the puzzle's order: (code, positions in reading order)
Solutions = tuple[tuple[str, tuple[Placement, ...]], ...]


def given_positions(puzzle: Puzzle) -> Solutions:
    """Every position of each of the puzzle's given tiles (what sheets and books draw)."""
    rules = puzzle.ruleset
    return tuple((g.code, tuple(positions(puzzle.board, g.code, rules))) for g in puzzle.given)


@dataclass(frozen=True)
class PrintedCount:
    """A given tile's printed count (None: none printed) beside the solver's count."""

    code: str
    printed: int | None
    found: int

    @property
    def wrong(self) -> bool:
        """True when a count is printed and differs from the solver's."""
        return self.printed is not None and self.printed != self.found


def printed_counts(puzzle: Puzzle, skip: Collection[str] = ()) -> list[PrintedCount]:
    """The printed-count check: every given tile's count against the solver's, in order.

    Tiles whose canonical code is in `skip` (ones the caller already found faulty, which
    cannot be solved) are left out. Each caller words a wrong count for its own source
    (`validate`, a hand-made book puzzle, a manifest entry)."""
    rules = puzzle.ruleset
    return [PrintedCount(g.code, g.positions, len(positions(puzzle.board, g.code, rules)))
            for g in puzzle.given if canonical(g.code) not in skip]


def standard_positions(board: Board, code: str) -> list[Placement]:
    """Every position of `code` under standard rules, in the order `standard_fits` finds
    them (no checks: `positions` is the checked way in)."""
    return [Placement(r, at, d)
            for _i, r, at, d, _n in standard_fits(board.fitting_runs(), reading_table([code]))]


def standard_counts(board: Board, codes: Iterable[str]) -> dict[str, int]:
    """Position counts for many tiles in one pass over the candidate runs."""
    table = reading_table(codes)
    counts = dict.fromkeys((row[1] for row in table), 0)
    for i, *_ in standard_fits(board.fitting_runs(), table):
        counts[table[i][1]] += 1
    return counts


def junior_positions(board: Board, code: str, rules: JuniorRules) -> list[Placement]:
    """Positions under junior rules, found from the open ends."""
    return [Placement(r, at, d)
            for _i, r, at, d, _n in junior_fits(junior_slots(board, rules), [code])]


def counts(board: Board, rules: str | RuleSet = "standard",
           chameleons: Chameleons = None,
           codes: Iterable[str] | None = None) -> dict[str, int]:
    """Position count of each tile not on the board (or of `codes`), in one call.
    ConundrumError when `board` is not a Board or `codes` not a list of codes; a bad code raises
    as `check_tile` does."""
    _check_board(board)
    rs = ruleset(rules, chameleons)
    if isinstance(codes, str) or not (codes is None or isinstance(codes, Iterable)):
        raise ConundrumError("codes must be a list of tile codes")
    if codes is None:
        wanted = [t for t in rs.tiles if not board.contains(t)]
    else:
        # a code asked for twice is counted once
        wanted = list(dict.fromkeys(check_tile(board, c, rs) for c in codes))
    found = dict.fromkeys(wanted, 0)
    for i, *_ in rs.fits(board, wanted):
        found[wanted[i]] += 1
    return found
