"""Worker processes, one way for every pool: the book's generator, its PDF parts, its
export art and its manifest writer all start workers here.

Where the platform forks, workers are forked: they start at once with everything
imported, and inherit the data they work on instead of receiving it pickled (a
book's pages and solved puzzles are hundreds of thousands of objects; pickling
them would cost more than the work). What they inherit is frozen (cycle_collector.py), so
their cycle collectors never walk it. Every worker ignores Ctrl-C (the parent
handles it and keeps what is stored) and dies with its parent, even when the
parent is killed with SIGKILL. Elsewhere, pools are spawned, and the parts of a
`forked_map` run in this process.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from .cycle_collector import frozen_heap
from .errors import WorkerDied

T = TypeVar("T")
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h)


def can_fork() -> bool:
    """Whether this platform starts processes by forking (Linux, BSDs; not Windows)."""
    return "fork" in multiprocessing.get_all_start_methods()


def _context() -> Any:
    return multiprocessing.get_context("fork" if can_fork() else "spawn")


def start_worker(parent: int | None = None) -> None:
    """Run first in every worker: ignore Ctrl-C (it reaches the whole process group; the
    parent handles it, workers stop without a traceback each) and die with `parent`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


def die_with_parent(parent: int | None) -> None:
    """Have the kernel kill this worker when the parent process dies, even by kill -9.

    Linux: prctl(PR_SET_PDEATHSIG, SIGKILL). Elsewhere, a thread watches the
    parent's process id and ends the worker once it changes (the parent is gone).
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if parent is not None and os.getppid() != parent:
                    os._exit(1)  # the parent died before the signal was armed
                return
        except (OSError, AttributeError):
            pass
    if parent is not None:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` workers, all started now (before the caller starts any thread, such
    as a progress bar's: forking a process that runs threads is what fork is unsafe with)."""
    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=start_worker,
                               initargs=(os.getpid(),))
    with frozen_heap():
        pool.submit(int).result()
    return pool


# The (part, data) a forked_map worker inherited: set by its initializer, in the worker
# only; the parent hands it over as the initializer's argument, which fork does not pickle.
_ADOPTED: tuple[Callable[[Any, int], Any], Any] | None = None


def forked_map(part: Callable[[Any, int], T], data: Any, count: int, jobs: int,
               first: Sequence[int] = ()) -> list[T]:
    """[part(data, 0), ..., part(data, count - 1)], in that order: here, or (jobs > 1,
    several parts, and a platform that forks) in up to `jobs` forked workers that inherit
    `data`. Only each part's result travels back (pickled), so `data` may hold anything,
    lambdas included. Callers split their work into the same parts whatever `jobs` is, so
    the results never depend on it. The workers start with the parts listed in `first`
    (the dearest: a long part started last would leave the other workers idle), then
    the others in order.

    >>> forked_map(lambda data, i: data[i] * 2, [1, 2, 3], 3, jobs=1)
    [2, 4, 6]
    """
    if jobs <= 1 or count <= 1 or not can_fork():
        return [part(data, index) for index in range(count)]
    # an executor, not multiprocessing.Pool: a Pool waits for ever on a worker that died
    # (killed, or crashed under a memory limit); an executor raises BrokenProcessPool
    with frozen_heap(), ProcessPoolExecutor(
            min(jobs, count), mp_context=multiprocessing.get_context("fork"),
            initializer=_adopt, initargs=(part, data, os.getpid())) as pool:
        rest = set(range(count)) - set(first)
        order = [*dict.fromkeys(first), *sorted(rest)]
        futures = {index: pool.submit(_run_part, index) for index in order}
        try:
            return [futures[index].result() for index in range(count)]
        except BrokenProcessPool:
            raise WorkerDied("a worker process died (killed by the system, or out of "
                             "memory); free memory, or run again with fewer --jobs") from None


def _adopt(part: Callable[[Any, int], Any], data: Any, parent: int) -> None:
    global _ADOPTED
    start_worker(parent)
    _ADOPTED = (part, data)


def _run_part(index: int) -> Any:
    assert _ADOPTED is not None  # set by _adopt when the worker started
    part, data = _ADOPTED
    return part(data, index)


def forked_process(target: Callable[..., None], *args: Any) -> BaseProcess | None:
    """`target(*args)` started in a forked worker (a daemon that dies with this process and
    inherits `args` unpickled), or None where the platform cannot fork: the caller then
    does the work itself."""
    if not can_fork():
        return None
    child = multiprocessing.get_context("fork").Process(
        target=_run_child, args=(os.getpid(), target, args), daemon=True)
    child.start()
    return child


def _run_child(parent: int, target: Callable[..., None], args: tuple) -> None:
    start_worker(parent)
    target(*args)
