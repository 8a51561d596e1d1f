"""The program's standard streams: a closed, full or broken one never stops a command
or turns into a traceback; what went wrong is kept, and `cli.main` turns it into the
exit status docs/formats.md gives (2 when nothing was written, 4 when files were
written but a message could not be printed). Text the stream's encoding cannot hold
is written escaped (`\\u0159`, `\\udce9` for a file name that is not UTF-8), never
refused."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO


class Stream(io.TextIOBase):
    """stdout or stderr as the program writes to it."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self._stream = stream
        self.name = name
        self.used = False  # something was written to it
        self.fault: str | None = None if stream is not None else f"{name} is closed"
        if stream is not None and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The underlying stream's encoding (UTF-8 when it names none or is closed)."""
        return getattr(self._stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        """Always "backslashreplace": text the encoding cannot hold is written escaped."""
        return "backslashreplace"

    def writable(self) -> bool:
        """Always True: writes to a closed or broken stream are kept as a fault, not refused."""
        return True

    def isatty(self) -> bool:
        """Whether the underlying stream is a terminal (False when it is closed or broken)."""
        try:
            return bool(self._stream is not None and self._stream.isatty())
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        """The underlying stream's file descriptor; io.UnsupportedOperation when it is closed."""
        if self._stream is None:
            raise io.UnsupportedOperation(f"{self.name} is closed")
        return self._stream.fileno()

    def write(self, text: str) -> int:
        """Write `text` and return its length; the first failure is kept in `fault` and later
        writes are dropped, never raised."""
        if text:
            self.used = True
        if self._stream is not None and self.fault is None:
            try:
                self._stream.write(text)
            except (OSError, ValueError) as exc:
                self.fault = _why(exc)
        return len(text)

    def flush(self) -> None:
        """Flush the underlying stream; a failure is kept in `fault`, never raised."""
        if self._stream is not None and self.fault is None:
            try:
                self._stream.flush()
            except (OSError, ValueError) as exc:
                self.fault = _why(exc)

    def __getattr__(self, name: str) -> Any:
        # no `buffer`: a writer that found it would write around this guard
        if self._stream is None or name == "buffer":
            raise AttributeError(name)
        return getattr(self._stream, name)


def _why(exc: BaseException) -> str:
    if isinstance(exc, BrokenPipeError):
        return "the pipe was closed"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return "the stream is closed"


@contextmanager
def guarded() -> Iterator[tuple[Stream, Stream]]:
    """Guarded streams in place of sys.stdout and sys.stderr inside (the ones they stand
    for are put back after)."""
    saved = sys.stdout, sys.stderr
    out = Stream(sys.stdout, "standard output")
    err = Stream(sys.stderr, "standard error")
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        out.flush()
        err.flush()
        sys.stdout, sys.stderr = saved
