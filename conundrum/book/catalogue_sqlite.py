"""The catalogue in an SQLite file: the default, for every build on one machine.

WAL mode (readers never wait for a writer), a busy timeout (a writer waits
for another's lock instead of failing at once), and short write
transactions (one claim, or one finished book) taken with BEGIN IMMEDIATE,
so any number of builds on one machine can share one file. WAL needs shared
memory between the processes, so the file must be on a local disk, not a
network drive: a team shares a PostgreSQL catalogue instead.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..files import no_folder
from ..overwrite_guard import note_input
from . import catalogue as base
from .catalogue import SCHEMA, SCHEMA_VERSION, Busy, Catalogue, CatalogueError, Entry
from .sqlite_faults import disk_fault, is_disk_fault, rollback

# Version 1 knew only published puzzles (no claims, no book records).
_FROM_V1 = (
    "ALTER TABLE puzzles ADD COLUMN rules TEXT NOT NULL DEFAULT ''",
    "UPDATE puzzles SET rules = substr(form, 1, instr(form, '|') - 1)",
    "ALTER TABLE puzzles ADD COLUMN status TEXT NOT NULL DEFAULT 'published'",
    "ALTER TABLE puzzles ADD COLUMN claimed DOUBLE PRECISION NOT NULL DEFAULT 0",
    *SCHEMA[1:],
    "INSERT INTO books (book, title, status, started, touched, finished, puzzles) "
    "SELECT book, MIN(title), 'published', 0, 0, 0, COUNT(*) FROM puzzles GROUP BY book",
)


class SqliteCatalogue(Catalogue):
    """A catalogue in one SQLite file (one machine), made when something is first written.

    CatalogueError when the path is a folder or its folder does not exist.
    """

    journal = "wal"
    claim_sync = "NORMAL"

    def __init__(self, location: str | os.PathLike) -> None:
        self.path = Path(location)
        self.name = str(self.path)
        if self.path.exists() and not self.path.is_file():
            raise CatalogueError(f"{self.path}: the catalogue is not a file")
        if not self.path.parent.is_dir():
            raise CatalogueError(no_folder(self.path, self.path.parent))
        note_input(self.path, "catalogue")  # no output of the command may replace it
        # A missing catalogue is made only when something is first written, so a
        # build that fails before its first claim leaves no file behind.
        self._db: sqlite3.Connection | None = None  # reached by Catalogue._connection

    def read_only(self) -> str | None:
        """Why the catalogue can only be read (a file or folder without write permission:
        an archived catalogue), or None. By the mode bits, which bind root too."""
        try:
            if not self.path.stat().st_mode & 0o222:
                return "the file is read-only"
            if not self.path.parent.stat().st_mode & 0o222:
                return "its folder is read-only"
        except OSError:
            return None
        return None

    def _connect(self, create: bool) -> sqlite3.Connection | None:
        if not create and not self.path.exists():
            return None
        why = self.read_only()
        if why is not None and create:
            raise CatalogueError(f"{self.path}: cannot write to the catalogue: {why} (make "
                                 "it writable, or build with --draft, which records nothing)")
        try:
            if why is None:
                return sqlite3.connect(self.path, timeout=base.BUSY_TIMEOUT,
                                       isolation_level=None)
            # read-only, and immutable: SQLite would otherwise need to write its WAL index
            # beside a catalogue that was left in WAL mode
            uri = f"{self.path.resolve().as_uri()}?mode=ro&immutable=1"
            return sqlite3.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as exc:
            raise CatalogueError(f"{self.path}: cannot open the catalogue ({exc})") from None

    def _prepare(self, db: sqlite3.Connection) -> None:
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise CatalogueError(
                    f"{self.path}: catalogue version {version} is newer than this program "
                    f"understands ({SCHEMA_VERSION}); upgrade conundrum")
            if self.read_only() is not None:
                if version < SCHEMA_VERSION:
                    raise CatalogueError(f"{self.path}: catalogue version {version} is older "
                                         "than this program reads, and read-only: make it "
                                         "writable once so it can be upgraded")
                return  # read as it is: nothing to set up
            if db.execute("PRAGMA journal_mode").fetchone()[0] != self.journal:
                db.execute(f"PRAGMA journal_mode = {self.journal}")  # kept in the file
            if version < SCHEMA_VERSION:
                self._migrate(db)
            # A claim survives a crash or kill -9 at NORMAL in WAL mode; only a power cut
            # may lose the last few, which --resume simply claims again. A finished book
            # is recorded at FULL (record below), which makes everything before it durable.
            db.execute(f"PRAGMA synchronous = {self.claim_sync}")
        except sqlite3.OperationalError as exc:
            if _locked(exc):
                raise Busy from None
            raise CatalogueError(f"{self.path}: {self._opening(exc)}") from None
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path}: {self._opening(exc)}") from None

    @staticmethod
    def _opening(exc: sqlite3.Error) -> str:
        """Why the catalogue could not be opened: the disk (a full disk, `ulimit -f`: the
        WAL index beside it cannot be written), or the file itself."""
        if is_disk_fault(exc):
            return f"cannot open the catalogue: {disk_fault(exc)}"
        return f"not a catalogue ({exc})"

    def _migrate(self, db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            # read again under the lock: another build may have just done it
            version = db.execute("PRAGMA user_version").fetchone()[0]
            steps = {0: SCHEMA, 1: _FROM_V1}.get(version, ())
            for statement in steps:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            rollback(db)
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.Error:
            rollback(db)
            raise

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Cursor]:
        why = self.read_only()
        if why is not None:
            raise CatalogueError(f"{self.path}: cannot write to the catalogue: {why} (make "
                                 "it writable, or build with --draft, which records nothing)")
        db = self._connection(create=True)
        assert db is not None
        try:
            # IMMEDIATE takes the write lock at once, so two builds never interleave
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if _locked(exc):
                raise Busy from None
            raise
        try:
            yield db.cursor()
        except BaseException:
            rollback(db)  # KeyboardInterrupt included
            raise
        try:
            db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            rollback(db)
            if _locked(exc):
                raise Busy from None
            raise

    def record(self, book: str, title: str, entries: Iterable[Entry]) -> int:
        """As `Catalogue.record`, with each commit synced to disk: a publication must survive a
        crash (claims need not)."""
        db = self._connection(create=True)
        assert db is not None
        db.execute("PRAGMA synchronous = FULL")
        try:
            return super().record(book, title, entries)
        finally:
            db.execute(f"PRAGMA synchronous = {self.claim_sync}")

    def _fault(self, exc: Exception) -> str | None:
        if isinstance(exc, sqlite3.OperationalError) and _locked(exc):
            return "the catalogue is locked by another process"
        if is_disk_fault(exc):
            return disk_fault(exc)
        return str(exc) if isinstance(exc, sqlite3.Error) else None

    def integrity(self) -> str:
        """SQLite's own check: "ok" for a sound file."""
        db = self._connection(create=False)
        return "ok" if db is None else str(db.execute("PRAGMA integrity_check").fetchone()[0])



def _locked(exc: sqlite3.OperationalError) -> bool:
    return "locked" in str(exc) or "busy" in str(exc)
