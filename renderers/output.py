"""Writing finished outputs: whole or not at all, with user-facing errors."""

from __future__ import annotations

import os
from pathlib import Path

from conundrum.errors import ConundrumError
from conundrum.files import atomic_write


def write_file(path: str | os.PathLike, data: bytes) -> Path:
    """Atomically write `data`; an unwritable place is a ConundrumError naming the path."""
    target = Path(path)
    if target.is_dir():
        raise ConundrumError(f"{target}: is a folder; give a file name")
    try:
        atomic_write(target, data)
        # The temporary file was private (0600); give the sheet the usual mode for new files.
        os.chmod(target, 0o666 & ~_umask())
    except OSError as exc:
        raise ConundrumError(f"{target}: cannot write: {exc.strerror or exc}") from None
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
