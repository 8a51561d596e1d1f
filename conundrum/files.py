"""Reading inputs safely and writing outputs whole or not at all.

Every fault here is a ConundrumError naming the path, so no input or output
problem ever reaches the user as a traceback.

Longer than 400 lines on purpose: every file the program reads goes through this
one reader (text, YAML, JSON: the same bounds, the same messages), and every file
it writes through the same writer.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import stat
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from .errors import ConundrumError
from .overwrite_guard import is_input, note_input, note_written, refuse_input

READ_LIMIT = 5_000_000  # bytes; the largest puzzle (80 tiles) is a few kilobytes
JSON_DEPTH = 50  # nesting levels a JSON file may have (ours need 4)

def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def as_path(path: object) -> Path:
    """A file path given as text or a path object; anything else is refused.
    Raises ConundrumError."""
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise ConundrumError(f"{path!r} is not a file path")
    text = os.fspath(path)
    if not text or "\0" in str(text):
        raise ConundrumError(f"{path!r} is not a file path")
    return Path(path)


def no_folder(name: object, folder: str | os.PathLike[str]) -> str:
    """The one message for an output whose folder is not there: no command makes folders
    on its own (a mistyped path would leave a stray tree), so it says how to make it.

    >>> no_folder("new/book.pdf", "new")
    'new/book.pdf: folder new does not exist; make it first (mkdir -p new) or choose another path'
    """
    return (f"{name}: folder {folder} does not exist; make it first (mkdir -p "
            f"{shlex.quote(os.fspath(folder))}) or choose another path")


def check_target(path: object, what: str = "output") -> Path:
    """An output path that can be written: its folder exists and it is a regular file or new.

    A symbolic link is followed, so writing replaces the file it points to.
    Called before any long work, so a bad `-o` fails at once.
    """
    target = as_path(path)
    if os.fspath(target) == "-":
        raise ConundrumError("-o -: give a file name (this output is not written to "
                             "standard output)")
    refuse_input(target, what)
    try:
        if target.is_symlink():
            target = Path(os.path.realpath(target))
        if target.exists():
            mode = target.stat().st_mode
            if stat.S_ISDIR(mode):
                raise ConundrumError(f"{path}: is a folder; give a file name")
            if not stat.S_ISREG(mode):
                raise ConundrumError(f"{path}: is not a regular file; it will not be replaced")
            if not mode & 0o222:
                raise ConundrumError(f"{path}: is read-only; it will not be replaced "
                                     "(make it writable, or choose another path)")
        if not target.parent.is_dir():
            raise ConundrumError(no_folder(path, target.parent))
        if len(os.fsencode(target.name)) > 200:
            raise ConundrumError(f"{path}: file name too long")
    except OSError as exc:
        raise ConundrumError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return target


def check_folder(folder: object, option: str) -> Path:
    """An output folder given with `option`: an existing folder, or a new one whose parent
    exists. Called before any long work, so a bad folder fails at once."""
    path = as_path(folder)
    if os.fspath(path) == "-":
        raise ConundrumError(f"{option} -: give a folder")
    if path.exists() and not path.is_dir():
        raise ConundrumError(f"{option} {folder}: is a file; give a folder")
    if not path.exists() and not path.parent.is_dir():
        raise ConundrumError(no_folder(f"{option} {folder}", path.parent))
    if path.is_dir():  # a file there the command reads (or a link to one) would be at risk
        try:
            entries = sorted(path.iterdir())
        except OSError as exc:
            raise ConundrumError(f"{option} {folder}: cannot read: {exc.strerror or exc}"
                                 ) from None
        for entry in entries:
            refuse_input(entry, f"{option} folder's {entry.name}")
    return path


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write to a temporary file beside `path`, then rename it into place.

    A reader never sees a half-written file, and a failure leaves no file.
    """
    return atomic_write_many([(path, data)])[0]


def atomic_write_many(outputs: Sequence[tuple[str | os.PathLike[str], bytes | str]]) -> list[Path]:
    """Write several files all or nothing: every temporary file first, then the renames.

    The last file is the one that says the set is complete (a book's
    manifest beside its PDF): an old copy of it is removed before the first
    rename and the new one is renamed last, so a process killed between the
    renames leaves the first files without it (unfinished), never beside an
    older one. Temporary files that earlier, killed runs left beside the
    targets are removed first. Faults (a folder as target, a missing folder,
    no permission, no space) are ConundrumErrors naming the path; the
    temporary files are removed.
    """
    targets = [check_target(path) for path, _ in outputs]
    for target in targets:
        remove_stale_temps(target)
    temps: list[str] = []
    try:
        for (path, data), target in zip(outputs, targets, strict=True):
            payload = data.encode("utf-8") if isinstance(data, str) else data
            temps.append(_write_temp(path, target, payload))
        if len(targets) > 1:
            try:
                targets[-1].unlink(missing_ok=True)
            except OSError as exc:
                raise ConundrumError(f"{outputs[-1][0]}: cannot replace: "
                                     f"{exc.strerror or exc}") from None
        for tmp, (path, _), target in zip(temps, outputs, targets, strict=True):
            try:
                os.replace(tmp, target)
            except OSError as exc:
                raise ConundrumError(f"{path}: cannot write: {exc.strerror or exc}") from None
    finally:
        for tmp in temps:
            Path(tmp).unlink(missing_ok=True)
    note_written(targets)
    return targets


def _temp_prefix(target: Path) -> str:
    return f".{target.name[:100]}."


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove the temporary files of `target` left by writers that no longer run.

    Each temporary file names its writer's process id (`.book.pdf.<pid>.<random>.tmp`),
    so a file of a build still running is left alone; one without a process id
    (written before ids were added) is stale too. Returns the files removed.
    """
    prefix = _temp_prefix(target)
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(target.parent)
                 if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return removed
    for name in sorted(names):
        writer = name[len(prefix):].split(".", 1)[0]
        if writer.isdigit() and _running(int(writer)) or is_input(target.parent / name):
            continue  # a running writer's, or a file the command reads, however named
        try:
            (target.parent / name).unlink()
            removed.append(target.parent / name)
        except OSError:
            pass  # another cleaner got there first, or not ours to remove
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def _write_temp(path: object, target: Path, payload: bytes) -> str:
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(target)}{os.getpid()}.",
                                   suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise ConundrumError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
        # mkstemp makes the file private (0600); give it the usual mode for new files
        os.chmod(tmp, 0o666 & ~_umask())
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise ConundrumError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return tmp


def refuse_inputs(outputs: Sequence[tuple[str, object]],
                  inputs: Sequence[tuple[str, object]]) -> None:
    """Refuse an output that is one of the command's inputs, or another of its outputs.

    Each item is (what it is, path). Paths are compared after resolving
    symbolic links and `..`, and by device and inode when both exist, so
    `vol.pdf`'s manifest cannot replace the spec `vol.manifest.yaml` it is built from.
    Raises ConundrumError naming both.
    """
    seen = [(what, path, Path(os.path.realpath(as_path(path))))
            for what, path in inputs if path is not None]
    for what, path in outputs:
        if path is None:
            continue
        resolved = Path(os.path.realpath(as_path(path)))
        for other_what, other, other_resolved in seen:
            if resolved == other_resolved or _same_file(resolved, other_resolved):
                raise ConundrumError(f"{path}: the {what} would replace the {other_what} "
                                     f"{other}; choose another path")
        seen.append((what, path, resolved))


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def read_text(path: object, limit: int = READ_LIMIT) -> str:
    """A file's text, refusing a missing, unreadable, binary or oversized file.
    Raises ConundrumError naming the file."""
    p = as_path(path)
    try:
        if not p.is_file():
            if not p.exists():
                raise ConundrumError(f"{p}: no such file")
            if p.is_dir():
                raise ConundrumError(f"{p}: is a folder, not a file")
            raise ConundrumError(f"{p}: not a regular file")
        with p.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise ConundrumError(f"{p}: cannot read: {exc.strerror or exc}") from None
    note_input(p)
    return decode(raw, str(p), limit)


def read_json(path: object, what: str = "JSON", limit: int = READ_LIMIT) -> Any:
    """A JSON file's value, read as `read_text` reads (no special files, size bound, UTF-8,
    a BOM accepted), nested at most JSON_DEPTH levels, with no NaN or Infinity."""
    return parse_json(read_text(path, limit), str(path), what)


def parse_json(text: str, source: str, what: str = "JSON") -> Any:
    """`text` as JSON, refusing deep nesting, NaN/Infinity and numbers beyond a float.
    Raises ConundrumError naming `source`."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # a cheap scan first: json's own recursion would overflow the stack
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > JSON_DEPTH:
        raise ConundrumError(f"{source}: {what} nested too deeply (more than {JSON_DEPTH} "
                             "levels)")

    def finite(token: str) -> float:
        raise ValueError(f"{token} is not a number")

    try:
        return json.loads(text, parse_constant=finite, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise ConundrumError(f"{source}: not {what} ({exc.msg}, line {exc.lineno})") from None
    except (ValueError, RecursionError) as exc:
        raise ConundrumError(f"{source}: not {what} ({exc})") from None


def _finite_float(token: str) -> float:
    value = float(token)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{token} is beyond any number the program uses")
    return value


def read_stdin(limit: int = READ_LIMIT) -> str:
    """Standard input as text, with the same limits as a file.
    ConundrumError when stdin is closed, unreadable, too long or not UTF-8."""
    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        raise ConundrumError("stdin: closed; give the answers as a file, or pipe them in")
    stream = getattr(sys.stdin, "buffer", None)
    try:
        if stream is None:  # a text stream standing in for stdin (tests, embedding)
            text = sys.stdin.read(limit + 1)
            return decode(text.encode("utf-8", "surrogateescape"), "stdin", limit)
        raw = stream.read(limit + 1)
    except (OSError, ValueError):
        raise ConundrumError("stdin: cannot read") from None
    return decode(raw, "stdin", limit)


def decode(raw: bytes, source: str, limit: int = READ_LIMIT) -> str:
    """Bytes read from `source` as text (a byte-order mark dropped). ConundrumError naming
    `source` when there are more than `limit` bytes or they are not UTF-8."""
    if len(raw) > limit:
        raise ConundrumError(f"{source}: more than {limit:,} bytes; the limit is {limit:,}")
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is dropped
    except UnicodeDecodeError:
        raise ConundrumError(f"{source}: not UTF-8 text") from None


# Limits on YAML structure, checked on the parser's event stream before any node
# is built: nesting depth, entries in one list or mapping, and values in all
# once every alias is expanded (a few hundred bytes of nested aliases, "billion
# laughs", would otherwise expand to gigabytes). The largest legal files (an
# 80-tile puzzle, a 10,000-answer sheet, a book spec) are far inside them.
YAML_DEPTH = 32
YAML_ITEMS = 10_000
YAML_VALUES = 200_000

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: much faster


class TypedInt(int):
    """An integer read from YAML that remembers the text the author typed (`010`, `0x1F`):
    a key that takes text gets that text back (`typed_text`), not the number."""

    text: str


class TypedFloat(float):
    """A number with a point or an exponent read from YAML, with the text typed."""

    text: str


def typed_text(value: object) -> object:
    """The text the author typed for a number read from YAML; anything else as it is.

    >>> typed_text(safe_yaml("title: 010", "t")["title"])
    '010'
    """
    return getattr(value, "text", value)


class _Loader(_Base):  # type: ignore[misc,valid-type]  # libyaml or Python, known at run time
    """The safe loader with YAML 1.2's core schema, not 1.1's: `010` is ten, `12:30`,
    `yes`, `on` and `2024-01-01` are text, `0o17` and `0x1F` are numbers (which keep the
    text typed: `TypedInt`); and a key given twice in one mapping is refused, naming the
    key and both lines (YAML 1.1 loaders silently keep the last)."""

    yaml_implicit_resolvers: dict[str, list[Any]] = {}

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[object, int] = {}
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == MERGE_TAG:
                continue
            key = self.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is given twice (lines {seen[key]} and "
                    f"{line}); give it once", key_node.start_mark)
            seen[key] = line
        mapping: dict[Any, Any] = super().construct_mapping(node, deep)
        return mapping

    def construct_yaml_int(self, node: yaml.ScalarNode) -> TypedInt:
        text = str(self.construct_scalar(node))
        body = text.lstrip("+-")
        sign = -1 if text.startswith("-") else 1
        if body.startswith("0o"):
            value = int(body[2:], 8)
        elif body.startswith("0x"):
            value = int(body[2:], 16)
        else:
            value = int(body, 10)
        typed = TypedInt(sign * value)
        typed.text = text
        return typed

    def construct_yaml_float(self, node: yaml.ScalarNode) -> TypedFloat:
        text = str(self.construct_scalar(node))
        typed = TypedFloat(super().construct_yaml_float(node))
        typed.text = text
        return typed


MERGE_TAG = "tag:yaml.org,2002:merge"
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _Loader.construct_yaml_float)
for _tag, _pattern, _first in (
        ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$",
         "-+0123456789"),
        ("tag:yaml.org,2002:float",
         r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
         r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+.0123456789"),
        ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        (MERGE_TAG, r"^(?:<<)$", "<")):
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


class _YamlLimit(Exception):
    """A structure beyond the limits; its text is the reason."""


def _scan(text: str, max_items: int) -> None:
    """Walk the event stream (no node is built) and refuse what is beyond the limits.

    An alias counts as every value its anchor holds, so `total` is the size of
    the data once loaded and expanded; the walk itself is linear in the text.
    """
    loader = _Loader(text)
    open_anchors: list[str | None] = []
    entries = [0]  # events in each open list or mapping
    caps = [1 << 62]  # its limit: max_items (a mapping entry is a key and a value event)
    starts: list[int] = []  # `total` when each open list or mapping began
    sizes: dict[str, int] = {}
    total, aliases = 0, False
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                anchor = open_anchors.pop()
                entries.pop()
                caps.pop()
                begun = starts.pop()
                if anchor is not None:
                    sizes[anchor] = total - begun
                continue
            if isinstance(event, yaml.AliasEvent):
                if event.anchor in open_anchors:
                    raise ValueError  # an anchor that contains itself
                total += sizes.get(event.anchor or "", 1)  # an unknown one: the loader says so
                aliases = True
            elif isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent,
                                    yaml.MappingStartEvent)):
                total += 1
            else:
                continue
            entries[-1] += 1
            if entries[-1] > caps[-1]:
                raise _YamlLimit(f"a list or mapping of more than {max_items:,} entries")
            if total > YAML_VALUES:
                raise _YamlLimit(f"more than {YAML_VALUES:,} values"
                                 + (" once its aliases are expanded" if aliases else ""))
            if isinstance(event, yaml.ScalarEvent):
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif not isinstance(event, yaml.AliasEvent):
                if len(starts) >= YAML_DEPTH:
                    raise RecursionError
                open_anchors.append(event.anchor)
                entries.append(0)
                caps.append(max_items * (2 if isinstance(event, yaml.MappingStartEvent) else 1))
                starts.append(total - 1)
    finally:
        loader.dispose()


def yaml_structure_fault(text: str, max_items: int = YAML_ITEMS) -> str | None:
    """Why a YAML text is refused before anything is built from it (a structure beyond the
    limits, or an anchor that contains itself), or None. A syntax error is no such fault:
    it is left to the loader (a reader may then take the text as something else)."""
    try:
        _scan(text, max_items)
    except yaml.YAMLError:
        return None
    except _YamlLimit as exc:
        return f"{exc}; such a file is refused"
    except RecursionError:
        return f"nested too deeply to read (more than {YAML_DEPTH} levels)"
    except ValueError:  # an anchor that contains itself, &a [*a]
        return "a YAML structure that contains itself"
    return None


def safe_yaml(text: str, source: str, error: type[ConundrumError] = ConundrumError,
              max_items: int = YAML_ITEMS) -> object:
    """YAML (or JSON) through the safe loader only, refusing what cannot be used as text.

    Besides YAML syntax errors this refuses nesting deeper than YAML_DEPTH,
    a list or mapping of more than `max_items` entries, more than
    YAML_VALUES values with aliases expanded (checked before anything is
    built, so a "billion laughs" file is refused at once), an anchor that
    contains itself, and escapes that make no Unicode text (a lone surrogate
    such as "\\ud800").
    """
    fault = yaml_structure_fault(text, max_items)
    if fault is not None:
        raise error(f"{source}: {fault}")
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 (a safe loader)
        json.dumps(data, ensure_ascii=False, default=str).encode("utf-8")
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "unreadable"
        if "nesting depth" in problem:  # PyYAML 6.0.4 and later count levels themselves
            raise error(f"{source}: nested too deeply to read (more than {YAML_DEPTH} "
                        "levels)") from None
        raise error(f"{source}: not valid YAML{where}: {problem}") from None
    except RecursionError:
        raise error(f"{source}: nested too deeply to read (more than {YAML_DEPTH} levels)") \
            from None
    except UnicodeError:
        raise error(f"{source}: text that is not valid Unicode (a lone surrogate escape?)") \
            from None
    except ValueError:  # from json: a structure that contains itself
        raise error(f"{source}: a YAML structure that contains itself") from None
    return data


def yaml_mapping(text: str, source: str, error: type[ConundrumError], what: str,
                 holds: str, max_items: int = YAML_ITEMS) -> dict[str, Any]:
    """YAML (or JSON) text that must be a mapping, read with the safe loader only.

    Faults raise `error` naming `source`: `what` is the kind of file (for an
    empty one) and `holds` the keys a mapping of it would have.
    """
    data = safe_yaml(text, source, error, max_items)
    if data is None:
        raise error(f"{source}: the {what} is empty")
    if not isinstance(data, dict):
        raise error(f"{source}: expected a mapping with {holds}, found {type(data).__name__}")
    return data
