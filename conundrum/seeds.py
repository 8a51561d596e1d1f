"""Seeds derived from a seed and labels: one scheme for the generator and the book.

The same seed and labels give the same number on every machine, process and
Python version: sha256 over a tagged text, never Python's salted `hash()`
(which would break both `book --jobs` and reruns).

The scheme is the one books were first published with (tag
`conundrum-book/1`), so a published book's slot seeds keep their values; the
generator moved to it from a second scheme (sha256 of a tuple's repr) in
version 0.1.0's development, which changed generated puzzles once, on purpose.
"""

from __future__ import annotations

import hashlib

TAG = "conundrum-book/1"  # bump only to change every generated puzzle and book on purpose


def derive(seed: int, *labels: object) -> int:
    """A 64-bit seed from a base seed and labels (each label written with `str`)."""
    text = "|".join([TAG, str(seed), *(str(x) for x in labels)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
