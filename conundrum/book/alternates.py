"""A try's other puzzles: the board a try found, with another of its sets of given tiles.

A slot's first try is planned from the section's puzzles up to LAG slots before it
(plan.py), so a puzzle decided meanwhile may give one of its tiles. Where it does, the
book names the board's other sets of given tiles meeting the same request (`offered`:
generate.request.alternates_of, from the sizes the worker made the puzzle to: the
counts, the level's effort and score band, the kinds where the board offers them, the
tiles avoided), and takes the first whose tiles clash with nothing instead of a new try
(a new board). Which one is a function of the try's result and the puzzles decided
before, in slot order, as every decision is: the book stays a function of its spec. A
set is checked as found, and proven (re-solved against its counts, graded:
`with_alternate`) only when the section would take it; its recipe (`generate
--alternate N`) makes it again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..generate.choose import kind
from ..generate.request import Alternates, Sizes, alternates_of, with_alternate
from ..puzzle import Given, Puzzle
from ..solver import Solutions
from .tasks import Task, generate_request


def as_found(puzzle: Puzzle, codes: Sequence[tuple[str, int]]) -> Puzzle:
    """`puzzle`'s board with the given tiles `codes` (each with the count the search
    found), not yet proven: enough to check a section's variety (given tiles, shape)."""
    return Puzzle(puzzle.board, [Given(code, n) for code, n in codes], puzzle.rules)


def offered(task: Task, puzzle: Puzzle, sizes: Sizes | None) -> Alternates:
    """The other sets of given tiles the board of the try's `puzzle` offers (none where
    the try's record kept no sizes: an older work file)."""
    return [] if sizes is None else alternates_of(puzzle, generate_request(task.request()),
                                                  sizes)


def keeps_kinds(puzzle: Puzzle, codes: Sequence[tuple[str, int]]) -> bool:
    """Whether the alternate `codes` gives as many palindromes and chameleons as the
    try's `puzzle`: a clash that traded them for plain tiles would leave a short section
    (15 puzzles) too few slots to make them up (its palindromes fell to 17%)."""
    def tally(found: Sequence[str]) -> Counter[str]:
        return Counter(kind(c) for c in found)
    had, has = tally([g.code for g in puzzle.given]), tally([c for c, _n in codes])
    return all(has[k] >= had[k] for k in ("palindrome", "chameleon"))


def proven(task: Task, puzzle: Puzzle, alternates: Alternates,
           n: int) -> tuple[Puzzle, Solutions]:
    """The try's `n`-th alternate (1, 2 ...) as `generate --alternate n` makes it:
    re-solved, graded. GenerationError where it does not grade within the try's asks."""
    return with_alternate(puzzle, alternates,
                          replace(generate_request(task.request()), alternate=n))
