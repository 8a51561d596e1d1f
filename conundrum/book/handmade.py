"""Hand-made puzzles in a book: a section's `puzzles: [files]` read, checked and graded.

Each file must be a legal game position (the rules, reachability included), give
at least one tile, and print only counts the solver agrees with; a fault names
the file and the rule. Missing counts are filled in from the solver, and the
puzzle is graded with the generator's own functions, so a hand-made puzzle
reaches the book, the manifest and the catalogue exactly as a generated one.
A `kind: all` file (Lay them all) keeps its kind: it must have exactly one
arrangement, as the book's how-to page promises, and sit in a `kind: all`
section, whose line names the kind; a file asking another question than its
section's is refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConundrumError
from ..generate.difficulty import grade_of_score
from ..generate.effort import measure, measure_all
from ..lay_all import claim_faults, naming, puzzle_arrangements
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
            puzzle = read_hand_made(path)
            _same_question(path, puzzle, section.kind)
            out[(si, slot)] = HandMade(si, slot, record_name(name), puzzle)
    return out


def _same_question(path: Path, puzzle: Puzzle, kind: str) -> None:
    """A section prints one kind of puzzle under one line (which names `kind: all`): a file
    asking another question than its section's cannot be printed there."""
    if puzzle.kind == kind:
        return
    if puzzle.kind == "all":
        raise HandMadeError(f"{path}: a `kind: all` puzzle in a section of count puzzles "
                            "(a section's puzzles all ask one question): give the section "
                            "`kind: all`, or move the file to a section that has it")
    raise HandMadeError(f"{path}: a count puzzle in a `kind: all` section (a section's "
                        "puzzles all ask one question): move the file to a section of "
                        "count puzzles")


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
    if puzzle.kind == "all":
        return _lay_them_all(path, puzzle)
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


def _lay_them_all(path: str | os.PathLike, puzzle: Puzzle) -> Puzzle:
    """A `kind: all` file ready for a book: its claim right, exactly one arrangement, graded
    as the generator grades its own (`measure_all`)."""
    with naming(path):  # a search beyond the solver's limit names the file
        arranged = puzzle_arrangements(puzzle)
    faults = claim_faults(puzzle, arranged)
    if faults:
        raise HandMadeError(f"{path}: {faults[0]}; see `conundrum validate`")
    if arranged.count != 1:
        raise HandMadeError(f"{path}: the solver finds {arranged.count} arrangements; a book's "
                            "Lay-them-all puzzle has exactly one (its how-to page says so)")
    made = Puzzle(puzzle.board, list(puzzle.given), puzzle.rules, puzzle.chameleons,
                  puzzle.title, kind="all", solutions=1)
    effort = measure_all(made, arranged)
    made.extra["score"] = effort.score
    made.extra["grade"] = grade_of_score(effort.score)
    return made
