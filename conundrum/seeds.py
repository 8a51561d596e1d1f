"""Seeds derived from a request: the same parts give the same number on every machine."""

from __future__ import annotations

import hashlib


def derive(seed: int, *parts: object) -> int:
    """A 64-bit seed from a base seed and labels (never Python's salted `hash`)."""
    text = repr((seed, *parts)).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
