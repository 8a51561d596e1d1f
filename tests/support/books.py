"""Book sections made the ways a build may make them, for tests of the plan (book/)."""

from __future__ import annotations

from pathlib import Path

from conundrum.book.make_puzzles import Made, make_puzzles
from conundrum.book.record import to_record
from conundrum.book.spec import BookSpec
from conundrum.book.tasks import generate_request
from conundrum.book.work import WorkFile
from conundrum.generate import generate
from conundrum.puzzle import dump_puzzle
from renderers.book.layout import grid_limits


def made_alike(spec: BookSpec, folder: Path) -> list[Made]:
    """The spec's puzzles made with --jobs 1, with --jobs 2, and resumed from the second's
    work file, in the page's grid: asserted the same puzzles each way, to their records
    and solutions (--jobs 1 decides on the puzzles it made, the others on records read
    back); the last returned."""
    grids = grid_limits(spec)
    books, made = [], []
    for jobs, fresh in ((1, True), (2, True), (1, False)):  # the last resumes the second
        made = make_puzzles(spec, WorkFile(folder / f"w{jobs if fresh else 2}.sqlite",
                                           fresh=fresh), frozenset(), jobs=jobs,
                            max_grids=grids)
        # the puzzle as a file writes it (its extra in its own order) and as a record
        books.append([(m.key, dump_puzzle(m.puzzle), to_record(m.puzzle, m.solutions),
                       m.request) for m in made])
    assert books[0] == books[1] == books[2]
    return made


def recipe(made: Made) -> dict:
    """The generator's request a puzzle records (`generator:`), its version left out."""
    return {k: v for k, v in made.puzzle.extra["generator"].items() if k != "version"}


def made_again(made: Made) -> bool:
    """Whether `generate` makes the puzzle again from its recipe alone, and the recipe the
    manifest prints for it (`generate:` and `seed`: Made.request, Made.seed) is that one."""
    asked = {k: v for k, v in made.request.items() if v is not None}
    if asked != {k: v for k, v in recipe(made).items() if v is not None} or \
            made.seed != asked["seed"]:
        return False
    return to_record(generate(generate_request(recipe(made)))) == to_record(made.puzzle)
