"""The worked example of a book's how-to-play page: a small real puzzle.

It is generated (a legal board, re-solved), not typed in, and it depends only
on the book's seed, so the page is reproducible like the rest of the book.
"""

from __future__ import annotations

from ..generate import GenerateRequest, generate
from ..puzzle import Puzzle
from .seeds import derived_seed

EXAMPLE_TILES = 4  # small enough to read at a glance
EXAMPLE_POSITIONS = 3  # enough to show that a tile can go in several places


def example_puzzle(book_seed: int) -> Puzzle:
    """A board of a few tiles and one tile to place, with its count."""
    seed = derived_seed(book_seed, "example")
    return generate(GenerateRequest(tiles=EXAMPLE_TILES, given=1,
                                    positions=(EXAMPLE_POSITIONS,), seed=seed))
