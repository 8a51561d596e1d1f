"""The work file: every generated puzzle of a build, kept as it is made, for `--resume`.

`<output stem>.work.sqlite` beside the book. Each generation result is one
row committed on its own (SQLite transactions), so a Ctrl-C or a killed
process loses at most the puzzles still being made, and never leaves a
half-written row. A row is keyed by the generation task (request and seed),
not by the slot: a result is a pure function of its task, so a resumed build
replays the same decisions from it and yields the same book; a task of a
changed spec simply finds no row.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ..errors import ConundrumError
from .sqlite_faults import disk_fault, is_disk_fault

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    task   TEXT PRIMARY KEY,  -- Task.key(): request and seed
    puzzle TEXT,              -- the puzzle (record.py), or NULL when generation failed
    error  TEXT               -- why it failed
)
"""


def work_path(output: str | os.PathLike) -> Path:
    """The work file kept beside a book: `book.pdf` -> `book.work.sqlite`."""
    out = Path(output)
    return out.with_name(f"{out.stem}.work.sqlite")


class WorkFile:
    """Results already made; `fresh` discards any earlier run's."""

    def __init__(self, path: str | os.PathLike, fresh: bool) -> None:
        self.path = Path(path)
        try:
            if fresh:
                remove_work_file(self.path)
            self._db = sqlite3.connect(self.path, isolation_level=None)
            # A lost last row is fine (it is made again); a torn file is not. In WAL mode
            # at synchronous NORMAL a commit is an append without fsync (a book stores
            # thousands), and the log keeps the file whole through a crash.
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(results)")}
        except (sqlite3.DatabaseError, OSError) as exc:
            if is_disk_fault(exc):  # the disk, not the file: deleting it would not help
                raise ConundrumError(f"{self.path}: cannot make the work file: "
                                     f"{disk_fault(exc)}") from None
            raise ConundrumError(f"{self.path}: cannot use the work file ({exc}); delete it "
                                 "and build without --resume") from None
        if not {"task", "puzzle", "error"} <= columns:
            self._db.close()
            raise ConundrumError(f"{self.path}: not a work file of this program (another "
                                 "table layout); delete it and build without --resume")

    def load(self) -> dict[str, tuple[str | None, str | None]]:
        """Every stored result: task key -> (puzzle record, error)."""
        try:
            rows = self._db.execute("SELECT task, puzzle, error FROM results").fetchall()
        except sqlite3.Error as exc:
            raise ConundrumError(f"{self.path}: cannot read the work file ({exc}); delete it "
                                 "and build without --resume") from None
        return {task: (puzzle, error) for task, puzzle, error in rows}

    def store(self, task: str, puzzle: str | None, error: str | None) -> None:
        """Keep one task's result (its puzzle record, or why it failed), replacing any earlier one.
        ConundrumError when it cannot be written (say, a full disk)."""
        try:
            self._db.execute("INSERT OR REPLACE INTO results (task, puzzle, error) "
                             "VALUES (?, ?, ?)", (task, puzzle, error))
        except sqlite3.Error as exc:
            # a full disk shows as "database or disk is full" or "disk I/O error"
            why = disk_fault(exc) if is_disk_fault(exc) else f"({exc})"
            raise ConundrumError(f"{self.path}: cannot store a made puzzle in the work file "
                                 f"{why}; free some space, then run the same command with "
                                 "--resume to continue from the puzzles already made") from None

    def close(self) -> None:
        """Close the file; its results stay for a later --resume."""
        self._db.close()

    def discard(self) -> None:
        """The book is finished: the work file has served its purpose."""
        self.close()
        remove_work_file(self.path)


def remove_work_file(path: Path) -> None:
    """The work file and its write-ahead log (a stale log beside a new file would be
    replayed into it)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
