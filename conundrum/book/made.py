"""What a build of a book's puzzles hands back (`Made`, one a slot), how it can be watched
(`Hooks`), asks the catalogue (`Claim`) and fails (`BookError`): make_puzzles.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ConundrumError
from ..puzzle import Puzzle
from ..solver import Solutions

MAX_ATTEMPTS = 25  # seeds tried for one slot before the book is declared impossible
# Generator refusals are (unlike repeats) usually the same for every seed, e.g. targets
# no board of that size can meet: give up on them sooner.
MAX_REFUSALS = 5


class BookError(ConundrumError):
    """A book that cannot be completed as specified."""


@dataclass
class Made:
    """A puzzle accepted for a slot."""

    section: int
    slot: int
    attempt: int
    seed: int
    puzzle: Puzzle
    key: str
    form: str
    request: dict  # the generator's arguments (Task.request): the puzzle is a function of them
    file: str | None = None  # a hand-made puzzle's file (as the manifest names it)
    # every position of each given tile, as the worker's solver found them (None: not known)
    solutions: Solutions | None = None
    alternate: int | None = None  # the try's alternate taken (alternates.py), if one was


@dataclass
class Hooks:
    """Ways to watch a build: progress (done, total) and each stored result."""

    progress: Callable[[int, int], None] | None = None
    stored: Callable[[int], None] | None = None  # called with the number stored so far
    note: Callable[[str], None] | None = None  # told when a slot relaxes a variety rule


# Reserves a puzzle (key, canonical form) for this book in the catalogue; False when
# another book printed it or holds it (catalogue.Catalogue.claim, bound to the book).
Claim = Callable[[str, str], bool]


def check_attempts(where: str, error: str | None, attempts: int, refusals: int) -> None:
    """BookError, saying `where` (the book, section and slot), once a slot has tried
    MAX_ATTEMPTS seeds or the generator refused MAX_REFUSALS (its last `error`)."""
    if refusals >= MAX_REFUSALS:
        raise BookError(f"{where}: the generator refused {refusals} seeds ({error}); "
                        "change the section's tiles, given or positions")
    if attempts >= MAX_ATTEMPTS:
        raise BookError(f"{where}: {attempts} seeds made only puzzles (or boards) already in "
                        "the book or the catalogue (too few distinct puzzles of that kind); "
                        "ask for fewer puzzles, larger boards, or use another catalogue")
