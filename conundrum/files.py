"""Writing output files whole or not at all, and reading input files safely."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from .errors import ConundrumError


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def atomic_write(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write to a temporary file beside `path`, then rename it into place.

    A reader never sees a half-written file, and a failure leaves no file.
    Faults (a folder as target, a missing folder, no permission) are
    ConundrumErrors naming the path.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    directory = target.parent
    if target.is_dir():
        raise ConundrumError(f"{target}: is a folder; give a file name")
    if not directory.is_dir():
        raise ConundrumError(f"{target}: folder {directory} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise ConundrumError(f"{target}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        # mkstemp makes the file private (0600); give it the usual mode for new files
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ConundrumError(f"{target}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def read_text(path: str | os.PathLike, limit: int = 5_000_000) -> str:
    """A file's text, refusing a missing, unreadable, binary or oversized file."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise ConundrumError(f"{p}: not a file")
        if size > limit:
            raise ConundrumError(f"{p}: file is {size:,} bytes; the limit is {limit:,}")
        return p.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ConundrumError(f"{p}: no such file") from None
    except PermissionError:
        raise ConundrumError(f"{p}: permission denied") from None
    except IsADirectoryError:
        raise ConundrumError(f"{p}: is a folder, not a file") from None
    except UnicodeDecodeError:
        raise ConundrumError(f"{p}: not UTF-8 text") from None


def yaml_mapping(text: str, source: str, error: type[ConundrumError], what: str,
                 holds: str) -> dict:
    """YAML (or JSON) text that must be a mapping, read with the safe loader only.

    Faults raise `error` naming `source`: `what` is the kind of file (for an
    empty one) and `holds` the keys a mapping of it would have.
    """
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "unreadable"
        raise error(f"{source}: not valid YAML{where}: {problem}") from None
    if data is None:
        raise error(f"{source}: the {what} is empty")
    if not isinstance(data, dict):
        raise error(f"{source}: expected a mapping with {holds}, found {type(data).__name__}")
    return data
