"""Seeds derived from a book's seed: the same inputs give the same numbers everywhere.

Python's `hash()` is salted per process, so it would break both `--jobs` and
reruns; sha256 over a tagged text is stable across processes, machines and
Python versions.
"""

from __future__ import annotations

import hashlib
import json

from .spec import BookSpec, Section

SEED_SPACE = 1_000_000_000  # nine digits: short enough to paste into `generate --seed`
_TAG = "conundrum-book/1"  # bump only to change every book's puzzles on purpose


def slot_seed(book_seed: int, section: int, slot: int, attempt: int = 0) -> int:
    """The generator seed for one try at one slot (section and slot count from 0).

    `attempt` 0 is the slot's own seed; a slot whose puzzle repeats an earlier
    one moves on to attempt 1, 2, ... ("the next derived seed").
    """
    return derived_seed(book_seed, section, slot, attempt)


def derived_seed(book_seed: int, *labels: object) -> int:
    """A seed for another purpose than a slot (e.g. the worked example)."""
    text = "|".join([_TAG, str(book_seed), *(str(x) for x in labels)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE


def section_key(section: Section) -> dict:
    """What in a section decides its puzzles (its name is only printed)."""
    key: dict[str, object] = {
        "count": section.count, "difficulty": section.difficulty, "tiles": section.tiles,
        "given": section.given,
        "positions": None if section.positions is None else list(section.positions)}
    if section.puzzles is not None:  # only then, so generated books keep their ids
        key["puzzles"] = list(section.puzzles)
    return key


def book_id(spec: BookSpec) -> str:
    """Which book this is, for the catalogue: everything that picks its puzzles.

    Page size, palette, language and layout are left out, so re-printing a
    book in another format is the same book (and finds its own puzzles in the
    catalogue without counting them as repeats). Title and subtitle are in:
    "Volume 2" with the same seed is a new book that must repeat nothing.
    """
    doc = {"title": spec.title, "subtitle": spec.subtitle, "seed": spec.seed,
           "sections": [section_key(s) for s in spec.sections]}
    text = json.dumps(doc, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(f"{_TAG}|{text}".encode("ascii")).hexdigest()[:32]
