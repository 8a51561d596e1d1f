"""The catalogue: every puzzle ever put in a book, so that later volumes repeat none.

An SQLite file. Puzzles are recorded only when a book is finished, all in one
transaction: a build that fails or is interrupted leaves the catalogue as it
was. Each row remembers which book (see `seeds.book_id`) recorded it, so
rebuilding the same book (say in another page size) does not count its own
puzzles as repeats and gives the same book again.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConundrumError

SCHEMA_VERSION = 1
DEFAULT_NAME = "conundrum-catalogue.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    key    TEXT PRIMARY KEY,   -- sha256 of the canonical form
    form   TEXT NOT NULL,      -- the canonical form itself (canonical.py)
    book   TEXT NOT NULL,      -- the book that first printed it
    title  TEXT NOT NULL,
    number INTEGER NOT NULL    -- its puzzle number in that book
);
"""


class CatalogueError(ConundrumError):
    """A catalogue file that cannot be read or written."""


@dataclass(frozen=True)
class Entry:
    key: str
    form: str
    number: int


def default_path(output: str | os.PathLike) -> Path:
    """Beside the book, shared by every book written to the same folder."""
    return Path(output).parent / DEFAULT_NAME


class Catalogue:
    """An open catalogue file; use as a context manager or call close()."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        if self.path.exists() and not self.path.is_file():
            raise CatalogueError(f"{self.path}: the catalogue is not a file")
        if not self.path.parent.is_dir():
            raise CatalogueError(f"{self.path}: folder {self.path.parent} does not exist")
        # A missing catalogue is made only when a finished book is recorded, so a
        # build that fails leaves no file behind.
        self._db: sqlite3.Connection | None = None
        if self.path.exists():
            self._open()

    def _open(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                self._db = sqlite3.connect(self.path, isolation_level=None)
                self._check_schema(self._db)
            except sqlite3.DatabaseError as exc:
                raise CatalogueError(f"{self.path}: not a catalogue ({exc})") from None
        return self._db

    def _check_schema(self, db: sqlite3.Connection) -> None:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise CatalogueError(f"{self.path}: catalogue version {version} is newer than "
                                 f"this program understands ({SCHEMA_VERSION})")
        if version == 0:
            with self._transaction():
                # one statement: executescript() would COMMIT the open transaction
                db.execute(_SCHEMA)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _transaction(self) -> _Txn:
        # sqlite3's own context manager commits or rolls back; BEGIN IMMEDIATE
        # takes the write lock at once so two builds cannot interleave.
        db = self._open()
        db.execute("BEGIN IMMEDIATE")
        return _Txn(db)

    def keys_except(self, book: str) -> frozenset[str]:
        """Every recorded key except the ones this same book recorded."""
        db = self._db
        if db is None:
            return frozenset()
        try:
            rows = db.execute("SELECT key FROM puzzles WHERE book != ?", (book,))
            return frozenset(r[0] for r in rows)
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path}: cannot read the catalogue ({exc})") from None

    def __len__(self) -> int:
        db = self._db
        if db is None:
            return 0
        count: int = db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]
        return count

    def record(self, book: str, title: str, entries: Iterable[Entry]) -> int:
        """Record a finished book's puzzles in one transaction; returns how many were new."""
        rows = [(e.key, e.form, book, title, e.number) for e in entries]
        try:
            with self._transaction() as db:
                before = db.total_changes
                db.executemany(
                    "INSERT OR IGNORE INTO puzzles (key, form, book, title, number) "
                    "VALUES (?, ?, ?, ?, ?)", rows)
                return db.total_changes - before
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path}: cannot record the book ({exc})") from None

    def close(self) -> None:
        if self._db is not None:
            self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Txn:
    """Commit on success, roll back on any exception (KeyboardInterrupt included)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> sqlite3.Connection:
        return self._db

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")
