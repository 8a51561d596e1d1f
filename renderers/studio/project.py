"""The studio's folder: `book.yaml` read, checked and saved (with undo), the lock that keeps
a second studio out, and the paths of what the builds write.

Nothing here knows HTTP: the app turns these results and errors into responses.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from conundrum.book.handmade import hand_made_puzzles
from conundrum.book.spec import BOOK_KEYS, SECTION_KEYS, BookSpec, parse_spec
from conundrum.errors import ConundrumError
from conundrum.files import TypedFloat, TypedInt, atomic_write, safe_yaml, typed_text
from conundrum.overwrite_guard import output_lock

from .tidy import Ledger

SPEC_NAME = "book.yaml"
OUTPUT_NAME = "book.pdf"  # `conundrum book book.yaml -o book.pdf` in the folder
CATALOGUE_NAME = "conundrum-catalogue.sqlite"  # the book command's default beside book.pdf
WORK_NAME = ".studio"  # drafts and previews: the studio's scratch space, safe to delete
UNDO_DEPTH = 50
# What a folder without book.yaml starts from (saved only once the author changes it).
STARTER: dict[str, Any] = {
    "title": "My Conundrum Book",
    "sections": [{"name": "Warm-up", "count": 4, "difficulty": 1}],
}


class RevisionConflict(ConundrumError):
    """The spec was saved since the revision the request was based on."""


@dataclass(frozen=True)
class SpecFault:
    """One fault of a spec, at its key path (`sections.0.count`; "" for the whole book)."""

    key: str
    message: str


class InvalidSpec(ConundrumError):
    """A spec the CLI's own validation refuses; nothing was saved."""

    def __init__(self, faults: list[SpecFault]) -> None:
        super().__init__("; ".join(f.message for f in faults))
        self.faults = faults


@dataclass
class Project:
    """A book project folder, opened by one studio at a time."""

    folder: Path
    revision: int = 0
    _undo: list[str | None] = field(default_factory=list)
    _mutex: threading.Lock = field(default_factory=threading.Lock)
    _known: str | None = None  # book.yaml as the studio last read or wrote it
    ledger: Ledger = field(init=False)  # the puzzle files the studio wrote (tidy.py)
    _lists: dict[str, frozenset[str]] = field(default_factory=dict)  # by book.yaml text

    def __post_init__(self) -> None:
        self._known = self._text()
        self.ledger = Ledger(self.folder, self.folder / WORK_NAME)

    def listed(self, spec: dict[str, Any] | str | None) -> frozenset[str]:
        """The puzzle files the spec (a mapping, or book.yaml's text) lists, by their
        names relative to the folder (`puzzles/a.yaml`); names that leave it left out."""
        if isinstance(spec, str):
            if spec not in self._lists:
                try:
                    data = safe_yaml(spec, str(self.spec_path))
                except ConundrumError:  # a book.yaml broken by hand lists nothing
                    data = None
                if len(self._lists) > 2 * UNDO_DEPTH:  # the undo's texts, and a few more
                    self._lists = {}
                self._lists[spec] = self.listed(data if isinstance(data, dict) else {})
            return self._lists[spec]
        root, names = self.folder.resolve(), set()
        sections = (spec or {}).get("sections")  # not checked yet: any shape at all
        for section in sections if isinstance(sections, list) else []:
            files = section.get("puzzles") if isinstance(section, dict) else None
            for name in files if isinstance(files, list) else []:
                try:
                    names.add(self.inside(str(name).strip()).relative_to(root).as_posix())
                except (ConundrumError, ValueError):
                    continue
        return frozenset(names)

    def _tidy(self, now: dict[str, Any] | str | None) -> None:
        """The studio's own files no section of `now` lists out of the folder (tidy.py);
        those a book.yaml Undo can reach lists kept aside for it."""
        reachable = set().union(*(self.listed(t) for t in self._undo if t is not None))
        self.ledger.tidy(set(self.listed(now)), reachable)

    def _notice_outside_change(self) -> str | None:
        """book.yaml's text now; changed by hand (or another program) since the studio
        last read or wrote it, it is a new revision, and the studio's undo starts over."""
        text = self._text()
        if text != self._known:
            self._known, self._undo = text, []
            self.revision += 1
        return text

    def _text(self) -> str | None:
        return self.spec_path.read_text(encoding="utf-8") if self.spec_path.exists() else None

    @property
    def spec_path(self) -> Path:
        """The folder's book spec."""
        return self.folder / SPEC_NAME

    @property
    def output(self) -> Path:
        """Where the final build writes the interior (its manifest and cover beside it)."""
        return self.folder / OUTPUT_NAME

    @property
    def catalogue(self) -> Path:
        """The catalogue the drafts avoid and the final build records in."""
        return self.folder / CATALOGUE_NAME

    @property
    def work(self) -> Path:
        """The studio's scratch folder (drafts, previews), created on first use."""
        path = self.folder / WORK_NAME
        path.mkdir(exist_ok=True)
        return path

    def inside(self, name: str) -> Path:
        """`name` (relative to the folder) as a path that stays inside it; ConundrumError
        for one that leaves it (`..`, an absolute path, a link out)."""
        root = self.folder.resolve()
        path = (root / name).resolve()
        if "\0" in name or os.path.isabs(name) or not path.is_relative_to(root):
            raise ConundrumError(f"{name}: outside the project folder {self.folder}")
        return path

    def read(self) -> dict[str, Any]:
        """The spec as written (a mapping), or the starter book for a folder without one.
        A book.yaml changed by hand since the studio last saw it is a new revision."""
        with self._mutex:
            self._notice_outside_change()
        if not self.spec_path.exists():
            return copy.deepcopy(STARTER)
        # read as the book command reads it (YAML 1.2): `name: yes` and `name: on` are two
        # names, not both True; `name: 010` is "010", not 8
        data = safe_yaml(self.spec_path.read_text(encoding="utf-8"), str(self.spec_path))
        return _as_typed(data) if isinstance(data, dict) else {}

    def check(self, data: dict[str, Any]) -> BookSpec:
        """The spec `data` as the CLI reads it; InvalidSpec with the faults by key path."""
        source = str(self.spec_path)
        for index, section in enumerate(data.get("sections") or []):
            for number, name in enumerate((section or {}).get("puzzles") or []
                                          if isinstance(section, dict) else []):
                try:
                    self.inside(str(name))
                except ConundrumError as exc:
                    raise InvalidSpec([SpecFault(f"sections.{index}.puzzles.{number}",
                                                 str(exc))]) from None
        try:
            spec = parse_spec(dump_spec(data), source, base=str(self.folder))
            hand_made_puzzles(spec)
        except ConundrumError as exc:
            raise InvalidSpec([SpecFault(key_path(str(exc), source), str(exc))]) from None
        return spec

    def save(self, data: dict[str, Any], revision: int) -> int:
        """Check `data` and write it as book.yaml (atomically); the new revision.
        RevisionConflict when `revision` is not the current one, InvalidSpec when the CLI
        would refuse it (nothing written either way)."""
        with self._mutex:
            before = self._notice_outside_change()
            if revision != self.revision:
                raise RevisionConflict(f"{self.spec_path}: saved meanwhile (revision "
                                       f"{self.revision}, not {revision}); reload it")
            # a file the studio set aside for Undo, listed again: back in the folder
            back = self.ledger.put_back(self.listed(data))
            try:
                self.check(data)
            except ConundrumError:
                if back:
                    self._tidy(before)
                raise
            if before == dump_spec(data):
                return self.revision  # nothing changed: nothing to write or undo
            atomic_write(self.spec_path, dump_spec(data))
            self._known = dump_spec(data)
            self._undo = [*self._undo[-UNDO_DEPTH + 1:], before]
            self.revision += 1
            self._tidy(data)
            return self.revision

    def undo(self) -> int:
        """Put back book.yaml as it was before the last save; the new revision.
        ConundrumError when there is nothing to undo."""
        with self._mutex:
            if not self._undo:
                raise ConundrumError(f"{self.spec_path}: nothing to undo")
            before = self._undo.pop()
            if before is None:
                self.spec_path.unlink(missing_ok=True)
            else:
                self.ledger.put_back(self.listed(before))
                atomic_write(self.spec_path, before)
            self._known = before
            self.revision += 1
            self._tidy(before)
            return self.revision

    @property
    def can_undo(self) -> int:
        """How many saves can be undone."""
        return len(self._undo)


# The keys whose value is text (conundrum.book.spec's `_text`): a number typed there is
# the text typed (`title: 010`), kept as it was typed when that is not the number's own.
TEXT_KEYS = ("title", "subtitle", "author", "publisher", "edition", "copyright", "volume",
             "blurb", "intro", "name")


def _as_typed(value: Any, key: str = "") -> Any:
    """book.yaml's data with the loader's numbers as plain ones (JSON and the YAML dump
    take them), a number under a text key as the text typed where that differs."""
    if isinstance(value, dict):
        return {k: _as_typed(v, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_typed(v) for v in value]
    if isinstance(value, (TypedInt, TypedFloat)):
        plain = int(value) if isinstance(value, TypedInt) else float(value)
        text = str(typed_text(value))
        return text if key in TEXT_KEYS and text != str(plain) else plain
    return value


def dump_spec(data: dict[str, Any]) -> str:
    """The spec mapping as the YAML book.yaml holds (keys in the order given)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def key_path(message: str, source: str) -> str:
    """The key path a spec fault names (`sections.0.count`, `title`, "" for the book):
    read from the message the CLI prints, so the two never disagree."""
    text = message.removeprefix(f"{source}: ")
    path: list[str] = []
    keys: tuple[str, ...] = BOOK_KEYS
    section = re.match(r"section (\d+): ", text)
    if section:
        path = ["sections", str(int(section[1]) - 1)]
        text, keys = text[section.end():], SECTION_KEYS
    unknown = re.search(r"unknown key `([^`]+)`", text)
    if unknown:
        return ".".join([*path, unknown[1]])
    found = [(m.start(), key) for key in keys
             for m in [re.search(rf"(?<![\w`]){re.escape(key)}(?![\w])|`{re.escape(key)}[`:]",
                                 text)] if m]
    if found:
        path.append(min(found)[1])
    elif section is None and "puzzles" in text:
        path.append("sections")
    return ".".join(path)


@contextlib.contextmanager
def open_project(folder: Path):
    """The project in `folder`, held by this studio inside (a second one is refused:
    ConundrumError); the folder must exist."""
    if not folder.is_dir():
        raise ConundrumError(f"{folder}: no such folder (create it first, or name another)")
    try:
        with output_lock(folder / SPEC_NAME, "studio"):
            yield Project(folder)
    except ConundrumError as exc:
        if "another studio" in str(exc):
            raise ConundrumError(f"{folder}: another Conundrum Studio has this folder open; "
                                 "use that one, or stop it first") from None
        raise
