"""The puzzle files the studio wrote itself, and their tidying: a file the studio wrote
that no section of book.yaml lists any more leaves the folder, and nothing else ever does.

The studio writes puzzle files for the Puzzles table (keep, another one, a move, a new
seed: `puzzles/sI-SSS[-kept].yaml`) and records each in its ledger (`.studio/written.json`)
with a digest of the bytes it wrote. After each save of book.yaml, a recorded file that
no section lists goes:

- to `.studio/removed/` while **Undo** can still bring back a book.yaml that lists it
  (a save puts it back in `puzzles/` when its book.yaml lists it again);
- for good once no book.yaml Undo can reach lists it.

A file the author put there, one the editor saved under the author's name, one whose
bytes the author has changed since (it is theirs now) and one written before the ledger
(older studios kept none) is never moved or removed: the ledger does not know it as the
studio's, or no longer does.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path

from conundrum.files import atomic_write

LEDGER = "written.json"
REMOVED = "removed"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Ledger:
    """The studio's own puzzle files in `folder`, by name relative to it (`puzzles/...`)."""

    def __init__(self, folder: Path, work: Path) -> None:
        self.folder, self.work = folder, work  # work: the studio's scratch folder
        self._lock = threading.Lock()

    @property
    def _path(self) -> Path:
        return self.work / LEDGER

    def _removed(self, name: str) -> Path:
        return self.work / REMOVED / name

    def _load(self) -> dict[str, str]:
        try:
            data = json.loads(self._path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # none yet, or scratch space spoilt: knows nothing
            return {}
        files = data.get("files") if isinstance(data, dict) else None
        return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}

    def _store(self, files: dict[str, str]) -> None:
        self._path.parent.mkdir(exist_ok=True)
        atomic_write(self._path, json.dumps({"files": dict(sorted(files.items()))},
                                            indent=1) + "\n")

    def wrote(self, names: Iterable[str]) -> None:
        """Record the files `names` as the studio's, as they are now (just written)."""
        with self._lock:
            files = self._load()
            for name in names:
                path = self.folder / name
                if path.is_file():
                    files[name] = _digest(path)
            self._store(files)

    def set_aside(self) -> set[str]:
        """The names of the files held in `.studio/removed/` for Undo."""
        with self._lock:
            return {n for n in self._load() if self._removed(n).is_file()}

    def put_back(self, listed: Iterable[str]) -> list[str]:
        """The set-aside files `listed` (by a book.yaml about to be saved) moved back
        into the folder where none of that name is; their names."""
        back = []
        with self._lock:
            files = self._load()
            for name in listed:
                aside, path = self._removed(name), self.folder / name
                if name in files and aside.is_file() and not path.exists():
                    path.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(aside, path)
                    back.append(name)
        return back

    def tidy(self, listed: set[str], reachable: set[str]) -> list[str]:
        """Take out of the folder each recorded file, unchanged since the studio wrote
        it, that book.yaml does not list (`listed`): set aside while a book.yaml Undo can
        reach lists it (`reachable`), removed otherwise; set-aside files no such book.yaml
        lists are removed. The names taken out of the folder."""
        out = []
        with self._lock:
            files = self._load()
            before = dict(files)
            for name, digest in list(files.items()):
                path, aside = self.folder / name, self._removed(name)
                if name in listed:
                    continue
                if path.is_file():
                    if _digest(path) != digest:  # changed by the author: theirs now
                        del files[name]
                        aside.unlink(missing_ok=True)
                        continue
                    if name in reachable:
                        aside.parent.mkdir(parents=True, exist_ok=True)
                        os.replace(path, aside)
                    else:
                        path.unlink()
                    out.append(name)
                if not path.exists() and name not in reachable:
                    aside.unlink(missing_ok=True)
                    del files[name]
            if files != before:
                self._store(files)
        return out
