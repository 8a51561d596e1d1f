"""The cycle collector around bulk work: a book lays out and forks over a big heap.

Python's cycle collector walks every tracked object at each full pass. Laying
out a 1,600-puzzle book makes a few hundred thousand long-lived objects (pages,
their items), and the passes over them took a quarter of the layout; forked
workers walking the objects they inherit also copy the memory pages they touch
(reference counts, collector links). Neither changes a result: the collector
only frees unreachable cycles, and bulk layout makes none worth freeing early.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_collection() -> Iterator[None]:
    """No cycle collection inside (it runs again, as before, after)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Every object made so far left out of collection while inside: what processes
    forked inside inherit is never walked by their collectors (gc.freeze)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
