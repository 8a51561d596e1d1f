"""One exception family for every fault a user can cause.

The CLI turns any ConundrumError into one line on stderr and exit status 2.
"""

from __future__ import annotations


class ConundrumError(Exception):
    """A fault in the user's input or request; its message is shown as it is."""


class TileCodeError(ConundrumError):
    """A tile code that is not three colours (with `*` only as a chameleon centre)."""


class BoardError(ConundrumError):
    """A board that breaks a rule: overlap, duplicate, illegal position."""


class PuzzleFileError(ConundrumError):
    """A puzzle file that cannot be read or written."""


class AnswerError(ConundrumError):
    """An answers file that cannot be read at all."""


class GenerationError(ConundrumError):
    """A generation request that is impossible or ran out of time."""


class WorkerDied(ConundrumError):
    """A worker process ended before its part was done (the system killed it, or it
    crashed for want of memory): the command stops, and says so in one line."""


def in_file(path: object, error: ConundrumError) -> ConundrumError:
    """The same fault, its message prefixed by the file it was found in."""
    return type(error)(f"{path}: {error}")
