"""A puzzle's canonical form: the same text for all 8 rotations and reflections of its board.

A symmetry moves every cell, and it can also turn a tile round: after a
reflection the cell that was a tile's leftmost may be its rightmost, so its
`at` and the reading of its code change. Each placement is therefore rebuilt
from its transformed first and last cells (`from_cells` picks the new
leftmost/topmost cell and reverses the code when needed), the board is
translated so that its smallest cell is (0, 0), and the form is the
lexicographically smallest serialisation over the 8 transforms. Given tiles
are tile names, which no symmetry changes: they are listed canonically.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

from ..placement import STEP, Cell, Placement, from_cells
from ..puzzle import Puzzle
from ..tiles import canonical

Transform = Callable[[Cell], Cell]

# The dihedral group of the square: 4 rotations, each with and without a mirror.
TRANSFORMS: tuple[Transform, ...] = (
    lambda c: (c[0], c[1]),
    lambda c: (-c[1], c[0]),
    lambda c: (-c[0], -c[1]),
    lambda c: (c[1], -c[0]),
    lambda c: (-c[0], c[1]),
    lambda c: (c[0], -c[1]),
    lambda c: (c[1], c[0]),
    lambda c: (-c[1], -c[0]),
)


# The same transforms as integer matrices (a, b, c, d): (x, y) -> (ax + by, cx + dy).
_MATRICES = tuple((t((1, 0))[0], t((0, 1))[0], t((1, 0))[1], t((0, 1))[1]) for t in TRANSFORMS)


def transform_placement(p: Placement, t: Transform) -> Placement:
    """The placement moved by `t`, rebuilt from its first and last cells (so it may turn round)."""
    first, _, last = p.cells
    return from_cells(p.code, t(first), t(last))


def transform_board(placements: Iterable[Placement], t: Transform) -> list[Placement]:
    """Every placement moved by `t`, in the same order."""
    return [transform_placement(p, t) for p in placements]


def _normalised(placements: list[Placement]) -> str:
    """Translate so the smallest cell is (0, 0); sort; write one line per tile."""
    min_x = min(c[0] for p in placements for c in p.cells)
    min_y = min(c[1] for p in placements for c in p.cells)
    moved = sorted((p.at[0] - min_x, p.at[1] - min_y, p.dir, p.code) for p in placements)
    return ";".join(f"{code}@{x},{y}{d}" for x, y, d, code in moved)


def board_form(placements: Iterable[Placement]) -> str:
    """The board's form up to symmetry and translation (which tile started is left out:
    two boards that look the same on the page are the same puzzle to a reader).

    By definition `min(_normalised(transform_board(tiles, t)) for t in TRANSFORMS)`;
    worked out here on plain numbers (a book forms every puzzle it makes), the same text
    (tests/test_book_data.py checks it against the definition). No tile's text is a prefix
    of another's (each ends in its way, h or v), so the joined texts compare as the lists
    of tile texts do: the transforms are compared a tile at a time, and only the winner's
    text is written out whole."""
    tiles = [(p.code, p.code[::-1], p.at, STEP[p.dir]) for p in placements]
    if not tiles:
        return ""
    moves = []
    for a, b, c, d in _MATRICES:
        moved = []
        for code, rev, (x, y), (dx, dy) in tiles:
            fx, fy = a * x + b * y, c * x + d * y  # the first cell, moved
            lx, ly = fx + 2 * (a * dx + b * dy), fy + 2 * (c * dx + d * dy)  # the last
            way = "h" if fy == ly else "v"
            # from_cells: the leftmost/topmost cell comes first, the code read from it
            moved.append((lx, ly, way, rev) if (lx, ly) < (fx, fy) else (fx, fy, way, code))
        moved.sort()  # the order a translation keeps
        moves.append((moved, min(t[0] for t in moved), min(t[1] for t in moved)))
    texts: list[list[str]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    for i in range(len(tiles)):
        if len(alive) == 1:
            break
        for k in alive:
            moved, min_x, min_y = moves[k]
            x, y, way, code = moved[i]
            texts[k].append(f"{code}@{x - min_x},{y - min_y}{way}")
        least = min(texts[k][i] for k in alive)
        alive = [k for k in alive if texts[k][i] == least]
    k = alive[0]
    moved, min_x, min_y = moves[k]
    done = texts[k]
    return ";".join(done + [f"{code}@{x - min_x},{y - min_y}{way}"
                            for x, y, way, code in moved[len(done):]])


def canonical_form(puzzle: Puzzle, board: str | None = None) -> str:
    """The puzzle's form: rule set, chameleon set, board up to symmetry, given tiles, and
    the kind when it is not `count`. `board`: the board's form where it is known already
    (`board_form` of the same placements, worked out by the worker that made the puzzle)."""
    chams = "default" if puzzle.chameleons is None else ",".join(sorted(puzzle.chameleons))
    given = ",".join(sorted(canonical(g.code) for g in puzzle.given))
    kind = "" if puzzle.kind == "count" else f"|{puzzle.kind}"  # count forms stay as they were
    if board is None:
        board = board_form(puzzle.board)
    return f"{puzzle.rules}|{chams}|{board}|{given}{kind}"


def key_of(form: str) -> str:
    """A short fixed-size key for a canonical form (what the catalogue indexes)."""
    return hashlib.sha256(form.encode("utf-8")).hexdigest()


def board_key(form: str) -> str:
    """The key of a form's board alone: its rule set, chameleon set and board, whatever
    tiles it gives or asks for (a reader who has seen the board has seen the puzzle's
    hardest part). Never a puzzle's key: a form has a field more."""
    return key_of("|".join(form.split("|", 3)[:3]))


def puzzle_key(puzzle: Puzzle) -> str:
    """The key of the puzzle's canonical form: `key_of(canonical_form(puzzle))`."""
    return key_of(canonical_form(puzzle))
