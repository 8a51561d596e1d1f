"""Parts of a long job in forked worker processes that inherit its data.

A book's pages and solved puzzles are hundreds of thousands of objects:
pickling them to workers would cost more than the work. Forked workers
inherit them instead (set here just before the pool starts, frozen so their
collectors never walk them), and only each part's result (bytes) comes back.
Parts are split the same way whatever the number of workers, so results
never depend on it.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any, TypeVar

from conundrum.heap import frozen_heap

T = TypeVar("T")
_JOB: tuple[Callable[[Any, int], Any], Any] | None = None  # (part, data) for the workers


def forked_map(part: Callable[[Any, int], T], data: Any, count: int, jobs: int) -> list[T]:
    """[part(data, 0), ..., part(data, count - 1)]: here, or (jobs > 1, several parts,
    and a platform that forks) in up to `jobs` forked workers inheriting `data`."""
    global _JOB
    _JOB = (part, data)
    try:
        if jobs > 1 and count > 1 and "fork" in multiprocessing.get_all_start_methods():
            with frozen_heap(), multiprocessing.get_context("fork").Pool(min(jobs, count)) as pool:
                return pool.map(_run, range(count))
        return [part(data, index) for index in range(count)]
    finally:
        _JOB = None


def _run(index: int) -> Any:
    assert _JOB is not None  # set before the workers were forked
    part, data = _JOB
    return part(data, index)
