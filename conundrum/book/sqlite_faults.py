"""What really failed when SQLite says no: the disk, or the file.

SQLite reports a write the operating system refused (a full disk, a file size limit such
as `ulimit -f`, a quota) as "disk I/O error" or "database or disk is full", also while
opening a database (its WAL index is written beside it). Those are faults of where the
file is, not of the file: no message may call such a file "not a catalogue".
"""

from __future__ import annotations

import sqlite3

# SQLite's result codes (sqlite_errorname, Python 3.11+) for a file that is no database
_NOT_A_DATABASE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
_DISK = ("SQLITE_IOERR", "SQLITE_FULL")


def is_disk_fault(exc: BaseException) -> bool:
    """Whether `exc` is SQLite failing to read or write the disk (not a bad file)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return isinstance(exc, sqlite3.Error) and name.startswith(_DISK)


def is_not_a_database(exc: BaseException) -> bool:
    """Whether `exc` says the file is not an SQLite database, or a damaged one."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return isinstance(exc, sqlite3.DatabaseError) and name.startswith(_NOT_A_DATABASE)


def disk_fault(exc: BaseException) -> str:
    """`exc` in words that name the disk as the cause.

    >>> e = sqlite3.OperationalError("disk I/O error")
    >>> e.sqlite_errorname = "SQLITE_IOERR_WRITE"
    >>> disk_fault(e)[:41]
    'the disk refused a write: disk I/O error;'
    """
    if (getattr(exc, "sqlite_errorname", "") or "").startswith("SQLITE_FULL"):
        return "the disk refused a write: the disk is full"
    return (f"the disk refused a write: {exc}; is the disk full, or a file size limit such as "
            "ulimit -f set?")


def rollback(db: sqlite3.Connection) -> None:
    """End a failed transaction. SQLite has often ended it already (a failed COMMIT on a
    full disk rolls back by itself): then there is nothing to do, and its "cannot rollback
    - no transaction is active" must not hide the fault that ended it."""
    if db.in_transaction:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the fault being raised is the one to report
