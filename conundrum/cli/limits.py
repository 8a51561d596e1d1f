"""The system's limits, told as such: too few open files, processes or threads, or too
little memory is a fault in the setting (exit 2, one line saying which limit), never a
bug (exit 3) and never a hang.

A pool's helper thread that cannot start (`ulimit -v` leaves no room for its stack)
dies in the background while the main thread waits on it for ever; `watch_threads`
notices such a death and wakes the main thread with a signal of its own (SIGUSR1: not
SIGINT, which a shell ignores in a background job), so the command ends and says why.
"""

from __future__ import annotations

import errno
import re
import resource  # here, not when needed: importing under a memory limit may fail
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

_ERRNOS = (errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM)
_FAULTS: list[BaseException] = []
# CPython's words for a C function that failed without saying why (seen under ulimit -v)
_SILENT = re.compile(r"without exception set|NULL without setting an exception")


class LimitReached(BaseException):
    """Raised in the main thread when a background thread died of a limit. A BaseException,
    as KeyboardInterrupt is, so no `except Exception` on the way up swallows it."""


def is_limit(exc: BaseException) -> bool:
    """Whether `exc` says a limit of the system was reached (not a bug, not bad input).

    >>> is_limit(OSError(errno.EMFILE, "Too many open files")), is_limit(MemoryError())
    (True, True)
    >>> is_limit(RuntimeError("can't start new thread")), is_limit(ValueError("x"))
    (True, False)
    """
    if isinstance(exc, MemoryError):
        return True
    if isinstance(exc, OSError):
        return exc.errno in _ERRNOS
    if isinstance(exc, ImportError):  # a library's code could not be mapped into memory
        return "failed to map segment" in str(exc) or "cannot allocate memory" in str(exc)
    if isinstance(exc, SystemError):  # a C library failed and said nothing: out of memory
        return _SILENT.search(str(exc)) is not None and _memory_limited()
    return isinstance(exc, RuntimeError) and "can't start new thread" in str(exc)


def _memory_limited() -> bool:
    """Whether the process runs under an address-space limit (`ulimit -v`)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    return soft != resource.RLIM_INFINITY


def limit_text(exc: BaseException) -> str:
    """One line for a limit `exc` (see `is_limit`): which limit, and what to do."""
    if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
        return (f"too many open files ({exc.strerror}): the system's limit (`ulimit -n`) is "
                "too low for this command; raise it, or use fewer --jobs")
    if isinstance(exc, (MemoryError, SystemError)):
        return ("ran out of memory (is a memory limit such as `ulimit -v` set?); free memory, "
                "raise the limit, or ask for less (fewer --jobs, a smaller book)")
    reason = exc.strerror if isinstance(exc, OSError) else str(exc)
    return (f"the system refused a resource ({reason}): a process, thread or memory limit "
            "(`ulimit -u`, `ulimit -v`) is too low; raise it, or use fewer --jobs")


def thread_fault() -> BaseException | None:
    """The limit that ended a background thread while `watch_threads` was on, if any."""
    return _FAULTS[0] if _FAULTS else None


def end_workers() -> None:
    """End this process's worker processes after a limit was reached: the pool thread that
    would have told them to stop may be the one that could not start, and the interpreter
    waits for them at exit."""
    # not imported at the top (6 ms of every start): a process that never imported
    # multiprocessing started no worker, and importing it at a limit might itself fail
    multiprocessing = sys.modules.get("multiprocessing")
    for child in multiprocessing.active_children() if multiprocessing else ():
        child.terminate()


@contextmanager
def watch_threads() -> Iterator[None]:
    """While on, a thread that dies of a limit stops the command (see the module's note)."""
    previous, main = threading.excepthook, threading.main_thread()
    _FAULTS.clear()

    def died(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and is_limit(args.exc_value):
            if not _FAULTS:
                _FAULTS.append(args.exc_value)
                if main.ident is not None:  # wakes the main thread from a blocked wait
                    signal.pthread_kill(main.ident, signal.SIGUSR1)
            return
        previous(args)

    def wake(signum: int, frame: object) -> None:
        raise LimitReached

    handler = signal.signal(signal.SIGUSR1, wake) if _in_main_thread() else None
    threading.excepthook = died
    try:
        yield
    finally:
        threading.excepthook = previous
        if handler is not None:
            with suppress(MemoryError):  # the command's own outcome matters more
                signal.signal(signal.SIGUSR1, handler)


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
