"""Proofs that a request is impossible, found before any search.

Every bound here is a *proof*: it never refuses a request that some board
could meet. They are colour-free, so they are quick and loose; requests that
pass them may still be impossible, which the search (budget) or the SAT
method (unsatisfiable) finds out.

Standard rules. A position of a tile lies on a *run* of three empty cells in a
line with at least 2 edges against the board (2 matching contacts), and each
run gives at most 2 positions (its two readings; 1 for a palindrome). So a
tile has at most 2·R(N) positions, where R(N) is the most such runs an N-tile
board can have:
- for N <= EXACT_UP_TO, R(N) is found by enumerating every board shape (tiles
  laid one by one, each with at least 2 edges against the ones before: a
  superset of the legal boards, since colours are ignored);
- for larger N, R(N) <= 2·E <= 8N + 8: each run counts its >= 2 board edges,
  each board-to-empty edge lies in at most 4 runs of empty cells (3 across
  it, 1 along it), so 2·R <= 4·E; and the N tiles have 8N outer edges of
  which at least 2 per laid tile are shared (4 edges each), so E <= 4N + 4.

Junior rules. Each position touches an open end. Laying an ordinary tile uses
one open end and opens one; a chameleon (laid crosswise) opens two, so a
board has at most 2 + (chameleons besides the start) open ends. Around one
open end at most 7 cell triples can take the single contact with an end
square (3 from the cell beyond its tip, 2 from each side cell; the others
overlap it or also touch its tile's centre), each with one position, since
only the reading whose touching square matches the end counts (a chameleon:
2 positions, at the tip only). So a tile has at most 7·(open ends).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import GenerationError
from ..rules import RuleSet, ruleset
from ..runs import EXACT_RUNS, EXACT_UP_TO, exact_runs, max_runs

__all__ = ["EXACT_RUNS", "EXACT_UP_TO", "SET_MAX", "check_request", "check_sizes",
           "exact_runs", "max_positions", "max_runs"]

SET_MAX = 80  # tiles in the largest set (the standard set, chameleons included)


def max_positions(n_tiles: int, rules: str | RuleSet = "standard") -> int:
    """The most positions any tile can have on any legal board of `n_tiles` tiles."""
    return ruleset(rules).max_positions(n_tiles)


def check_sizes(tiles: object, given: object, targets: Sequence[int] | None) -> None:
    """Refuse counts beyond the whole set before anything is built from them.

    Runs before the targets are stretched to one per given tile, so that
    `--given 1000000000` is refused at once instead of allocating a list.
    Raises GenerationError.
    """
    if isinstance(given, int) and given > SET_MAX:
        raise GenerationError(f"--given {given}: given tiles are off the board, and the "
                              f"whole set has {SET_MAX} tiles")
    if targets is not None and len(targets) > SET_MAX:
        raise GenerationError(f"--positions: {len(targets)} targets; at most one per tile "
                              f"off the board ({SET_MAX} in the whole set)")


def check_request(tiles: int, given: int, targets: Sequence[int],
                  rules: str | RuleSet = "standard",
                  chameleons: Sequence[str] | None = None) -> None:
    """Refuse, with the reason, any request these bounds prove impossible.
    Raises GenerationError."""
    rs = ruleset(rules, None if chameleons is None else tuple(chameleons))
    set_size = len(rs.tiles)
    if tiles < 1 or tiles > set_size:
        raise GenerationError(f"--tiles {tiles}: a board holds 1 to {set_size} tiles "
                              "(the start chameleon included)")
    if given < 0:
        raise GenerationError(f"--given {given}: the number of given tiles cannot be negative")
    if given > set_size - tiles:
        raise GenerationError(f"--given {given}: only {set_size - tiles} tiles remain off a "
                              f"board of {tiles} tiles; given tiles are not on the board")
    if len(targets) != given:
        raise GenerationError(f"{len(targets)} position targets for {given} given tiles; "
                              "give one (for all) or one per given tile")
    for p in targets:
        if p < 0:
            raise GenerationError(f"--positions {p}: a count cannot be negative")
    top = rs.max_positions(tiles)
    for p in targets:
        if p > top:
            raise GenerationError(
                f"no such puzzle exists: a tile has at most {top} positions on any "
                f"{rs.name} board of {tiles} tile{'s' if tiles != 1 else ''} "
                f"({rs.bound_reason(tiles)}), not {p}")
