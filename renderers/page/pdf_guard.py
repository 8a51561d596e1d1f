"""The guarded way every command reads a PDF with pypdf (preflight's reader and the cover's
book): a regular file of bounded size, pypdf's logging and warnings kept from the terminal
(they quote the file's own bytes, escape sequences included), and every fault a malformed
or hostile file causes turned into one ConundrumError naming the file, escaped.

The limits themselves are the caller's (docs/reference/limits.md): each command passes its
own file-size bound and says what it was reading.
"""

from __future__ import annotations

import logging
import os
import stat
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from conundrum.errors import ConundrumError
from conundrum.terminal import shown

T = TypeVar("T")

# the faults pypdf, its filters and a malformed object tree raise while reading
READ_FAULTS: tuple[type[BaseException], ...] = (
    OSError, ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError,
    RecursionError, OverflowError, ZeroDivisionError, UnicodeError, LookupError,
)


def regular_file(path: str | os.PathLike, what: str, max_bytes: int, reader: str) -> str:
    """`path` as a string once it is known to be a regular file of at most `max_bytes`
    (a FIFO would block for ever and /dev/zero never end); ConundrumError otherwise, saying
    it is `what` that `reader` (the command, e.g. "preflight") reads."""
    name = os.fsdecode(path)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        raise ConundrumError(f"{shown(name)}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ConundrumError(f"{shown(name)}: cannot read: "
                             f"{shown(getattr(exc, 'strerror', None) or exc)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise ConundrumError(f"{shown(name)}: is a folder, not {what}")
    if not stat.S_ISREG(st.st_mode):
        raise ConundrumError(f"{shown(name)}: not a regular file (a pipe, device or socket "
                             f"is never read as {what})")
    if st.st_size > max_bytes:
        raise ConundrumError(f"{shown(name)}: {st.st_size:,} bytes; {reader} reads PDFs "
                             f"of at most {max_bytes:,} bytes (the file-size limit)")
    return name


@contextmanager
def quiet_pypdf() -> Iterator[None]:
    """pypdf's log records and warnings kept from the terminal while inside (they quote
    the file's own bytes, escape sequences included)."""
    log = logging.getLogger("pypdf")
    sink = logging.NullHandler()  # else logging's last resort prints the records
    before = log.propagate
    log.propagate = False
    log.addHandler(sink)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        log.removeHandler(sink)
        log.propagate = before


def guarded(name: str, work: Callable[[], T], doing: str = "read", kind: str = "PDF") -> T:
    """`work()`, with every fault a malformed PDF can cause turned into ConundrumError
    naming the file (its message escaped) as "not a `kind` that can be `doing`";
    MemoryError named as such."""
    from pypdf.errors import LimitReachedError, PyPdfError

    try:
        with quiet_pypdf():
            return work()
    except ConundrumError:
        raise
    except LimitReachedError as exc:
        raise ConundrumError(f"{shown(name)}: refused: {shown(exc)} (pypdf's limit on "
                             "inflated streams and nested objects)") from None
    except MemoryError:
        raise ConundrumError(f"{shown(name)}: ran out of memory while it was {doing}; "
                             "the PDF is too large to check here") from None
    except (PyPdfError, *READ_FAULTS) as exc:  # type: ignore[misc]
        detail = shown(str(exc) or type(exc).__name__)[:200]
        raise ConundrumError(f"{shown(name)}: not a {kind} that can be {doing} "
                             f"({detail})") from None
