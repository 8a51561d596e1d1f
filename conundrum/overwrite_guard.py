"""No command writes, replaces or deletes a file it reads; one command per output.

Within `command_inputs()` (the CLI runs every command inside it), every file a
command reads is remembered by identity (device and inode: through any symbolic
or hard link), and every output path, output folder and clean-up is checked
against them here, in one place: `files.check_target` (which every writer calls,
so single outputs and each file of a folder output alike), `files.check_folder`
and `remove_output`. `output_lock` keeps two commands from writing one output.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from .errors import ConundrumError

_INPUTS: ContextVar[dict[tuple[int, int], tuple[str, str]] | None] = ContextVar(
    "conundrum_inputs", default=None)


class Written:
    """The files a command wrote (so a message it could not print afterwards is reported
    with the exit status for "written, but not said")."""

    def __init__(self) -> None:
        self.paths: list[Path] = []


_WRITTEN: ContextVar[Written | None] = ContextVar("conundrum_written", default=None)


@contextmanager
def command_inputs() -> Iterator[Written]:
    """Remember the files read inside, and refuse to write or delete any of them; the
    value is where the files written inside are listed (`note_written`)."""
    written = Written()
    token = _INPUTS.set({})
    token_w = _WRITTEN.set(written)
    try:
        yield written
    finally:
        _INPUTS.reset(token)
        _WRITTEN.reset(token_w)


def note_written(paths: list[Path]) -> None:
    """Files a command has just written (the writers call this)."""
    written = _WRITTEN.get()
    if written is not None:
        written.paths.extend(paths)


def note_input(path: object, what: str = "input") -> None:
    """Remember `path` (an existing file the command reads, or will read) as one no output
    of this command may replace or delete. Outside `command_inputs`, nothing happens."""
    inputs = _INPUTS.get()
    if inputs is None or not isinstance(path, (str, os.PathLike)):
        return
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return  # not there (yet): nothing to protect
    inputs.setdefault((st.st_dev, st.st_ino), (what, os.fsdecode(path)))


def refuse_input(path: object, what: str = "output") -> None:
    """Raise ConundrumError when `path` (followed through links) is a file the running
    command reads."""
    inputs = _INPUTS.get()
    if not inputs or not isinstance(path, (str, os.PathLike)):
        return
    _refuse_companion(os.fsdecode(path), what)
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return
    found = inputs.get((st.st_dev, st.st_ino))
    if found is not None:
        kind, name = found
        shown = "" if os.fsdecode(path) == name else f" ({name})"
        raise ConundrumError(f"{os.fsdecode(path)}: the {what} would replace the {kind}"
                             f"{shown} this command reads; choose another path")


# SQLite keeps a database's unfinished writes in files beside it: writing over one of
# them (even one not there yet) would corrupt the database the command reads
_COMPANIONS = ("-wal", "-shm", "-journal")


def _refuse_companion(name: str, what: str) -> None:
    for suffix in _COMPANIONS:
        if name.endswith(suffix) and len(name) > len(suffix):
            database = name[: -len(suffix)]
            if is_input(database):
                raise ConundrumError(f"{name}: the {what} would replace the journal of "
                                     f"{database}, which this command reads; choose another "
                                     "path")


def is_input(path: object) -> bool:
    """Whether `path` (followed through links) is a file the running command reads."""
    try:
        refuse_input(path)
    except ConundrumError:
        return True
    return False


def remove_output(path: Path) -> bool:
    """Delete a file the program made earlier (a stale answer key, an old site's page),
    never one the running command reads (that one is left as it is: it is not stale
    output, whatever its name); True when it was deleted.
    ConundrumError when it cannot be removed."""
    if is_input(path):
        return False
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise ConundrumError(f"{path}: cannot remove: {exc.strerror or exc}") from None
    return True


def lock_path(path: Path) -> Path:
    """The lock file `output_lock` makes (and removes) for the output `path`: beside the
    file itself, so two names for one output (a symbolic link) share a lock."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name[:100]}.lock")


@contextmanager
def output_lock(path: Path, what: str = "build") -> Iterator[None]:
    """Hold `path`'s lock (a hidden `.<name>.lock` beside it) inside: a second command
    writing the same output is refused at once, in one line, while the first runs.

    The lock is the kernel's (flock): a killed command never leaves a stale lock. The
    file is removed on the way out; a command that locked a file removed meanwhile
    locks the new one instead, so two never hold it at once.
    ConundrumError when the lock cannot be made or another command holds it.
    """

    lock = lock_path(path)
    refuse_input(lock, f"{what}'s lock")  # the lock is removed afterwards
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise ConundrumError(f"{lock}: cannot create the {what}'s lock: "
                                 f"{exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ConundrumError(f"{path}: another {what} is writing it now; wait for it "
                                 "to finish, or choose another output") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)  # the file we locked was removed meanwhile: lock the one there now
    try:
        yield
    finally:
        try:
            lock.unlink()
        except OSError:
            pass
        os.close(fd)
