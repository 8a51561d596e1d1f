"""A book's tries, made: in a worker process of the pool, or inline in the parent for
`--jobs 1` (make_puzzles.py decides which, and what becomes of each result).

A try's result is its record (record.py: the puzzle as compact JSON) or why the
generator gave up; in a pool process, also its board's canonical form, worked out there
and not in the parent deciding; inline, the puzzle itself, so that the parent need not
read back the record it has just written.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor

from ..errors import GenerationError
from ..generate.request import Sizes
from ..puzzle import Puzzle
from ..solver import Solutions
from ..workers import process_pool
from .canonical import board_form
from .record import to_record
from .tasks import generate_request

# a try's result: its record, or why the generator gave up
Result = tuple[str | None, str | None]
# a puzzle made in this process, as its record reads back: the puzzle, its solutions and
# the sizes it was made to
Fresh = tuple[Puzzle, Solutions | None, Sizes | None]


def run_task(request: dict) -> Result:
    """Generate one puzzle; (record, None) or (None, why) when the generator gives up."""
    return made_task(request)[0]


def made_task(request: dict) -> tuple[Result, Fresh | None]:
    """run_task's result, and the puzzle it records (None where the generator gave up)."""
    from ..generate import TimeLimitError, generate, generate_sized

    req = generate_request(request)
    try:
        if req.kind != "count":  # proven unique by its own arrangement search
            made: Fresh = (generate(req), None, None)
        else:
            # the generator's own re-solve travels with the puzzle (the layout solves none),
            # and the sizes it was made to (a slot names the board's alternates from them)
            made = generate_sized(req)
    except TimeLimitError:
        raise  # depends on the machine, not on the task: never stored as its result
    except GenerationError as exc:
        return (None, str(exc)), None
    puzzle = made[0]
    puzzle.board.release_tables()  # kept as a board read back would be: its tiles alone
    # and its extra as read back too (keys in order, plain values): a puzzle file written
    # from it is the same for any --jobs
    puzzle.extra = json.loads(json.dumps(puzzle.extra, sort_keys=True, ensure_ascii=False))
    return (to_record(*made), None), made


def timed_task(request: dict, pooled: bool = True
               ) -> tuple[Result, float, str | None, Fresh | None]:
    """run_task's result, its CPU s (the dearest section's tries go first; the result never
    depends on it), and in a pool process (`pooled`) its board's form, made here, not in
    the parent deciding; inline, the puzzle itself instead (none to send between
    processes, and the parent need not read its record back)."""
    start = time.process_time()
    result, made = made_task(request)
    form = None if made is None or not pooled else board_form(made[0].board)
    return result, time.process_time() - start, form, None if pooled else made


class Inline:
    """An executor that runs each task at once in this process (`--jobs 1`)."""

    def submit(self, fn: Callable, *args: object) -> Future:
        """The future of `fn(*args)`, run now."""
        fut: Future = Future()
        fut.set_result(fn(*args))
        return fut

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Nothing to shut down."""


def inline_or_pool(jobs: int) -> ProcessPoolExecutor | Inline:
    """The executor of `--jobs`: inline for 1, else a pool of that many processes."""
    return Inline() if jobs == 1 else process_pool(jobs)
