"""Hand-made puzzles in a book: a section's `puzzles: [files]` read, checked and graded.

Each file must be a legal game position (the rules, reachability included), give
at least one tile, and print only counts the solver agrees with; a fault names
the file and the rule. Missing counts are filled in from the solver, and the
puzzle is graded with the generator's own functions, so a hand-made puzzle
reaches the book, the manifest and the catalogue exactly as a generated one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConundrumError
from ..generate.difficulty import grade_of_score
from ..generate.effort import measure
from ..puzzle import Given, Puzzle, load_puzzle
from ..solver import printed_counts
from .spec import BookSpec


class HandMadeError(ConundrumError):
    """A hand-made puzzle file that cannot go into the book."""


@dataclass(frozen=True)
class HandMade:
    """One file's puzzle, checked and graded, for one slot of a section."""

    section: int
    slot: int
    name: str  # the name the manifest records: as in the spec, never an absolute path
    puzzle: Puzzle


def hand_made_puzzles(spec: BookSpec) -> dict[tuple[int, int], HandMade]:
    """Every listed file's puzzle, keyed by (section, slot); the first fault stops the book."""
    out: dict[tuple[int, int], HandMade] = {}
    for si, section in enumerate(spec.sections):
        for slot, name in enumerate(section.puzzles or ()):
            path = Path(spec.base, name)
            out[(si, slot)] = HandMade(si, slot, record_name(name), read_hand_made(path))
    return out


def record_name(name: str) -> str:
    """The file's name for the manifest: relative names as written, absolute ones cut to
    the file name (a manifest holds no paths of the machine that built it)."""
    return Path(name).name if os.path.isabs(name) else Path(name).as_posix()


def read_hand_made(path: str | os.PathLike) -> Puzzle:
    """The file's puzzle ready for a book: checked, counts filled in, graded.
    HandMadeError when the file cannot be read, breaks a rule, has no given tiles or prints a
    wrong count."""
    try:
        puzzle = load_puzzle(path)  # shape, rules 1-4 and reachability; names the file
    except ConundrumError as exc:
        raise HandMadeError(f"puzzle file {exc}") from None
    if not puzzle.given:
        raise HandMadeError(f"{path}: no `given:` tiles; a book puzzle asks where at least "
                            "one tile can go")
    given = []
    for c in printed_counts(puzzle):
        if c.wrong:
            raise HandMadeError(f"{path}: given tile {c.code}: the file says {c.printed} "
                                f"positions but the solver finds {c.found} (printed count; "
                                "see `conundrum validate`)")
        given.append(Given(c.code, c.found))
    made = Puzzle(puzzle.board, given, puzzle.rules, puzzle.chameleons, puzzle.title)
    # graded as the generator grades its own puzzles: measured once, graded by its score
    effort = measure(made)
    made.extra["score"] = effort.score
    made.extra["grade"] = grade_of_score(effort.score)
    return made
