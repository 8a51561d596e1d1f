"""The catalogue in a PostgreSQL database (psycopg 3): one catalogue for a whole team.

`--catalogue postgresql://user@host[:port]/dbname` (or `$CONUNDRUM_CATALOGUE`).
The same tables and statements as the SQLite file; the schema is created,
or migrated, on first use under an advisory lock (two builds starting at
once do not race), and its version is kept in `conundrum_schema`. Claims
are made in READ COMMITTED transactions: the unique key and the guarded
UPDATE decide between two builds that want the same puzzle.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import catalogue as base
from .catalogue import SCHEMA, SCHEMA_VERSION, Busy, Catalogue, CatalogueError

_LOCK_ID = 0x636F6E75  # "conu": the advisory lock that serialises schema changes
_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS conundrum_schema (version INTEGER NOT NULL)"


def display_url(url: str) -> str:
    """The URL as it is safe to print: without its password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:
        return url.split("@")[-1] if "@" in url else url
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host', '')}{port}/{parts.get('dbname', '')}"


class PostgresCatalogue(Catalogue):
    """A catalogue in a PostgreSQL database, named by a postgresql:// URL (for a team).

    Connects when first used; CatalogueError when the URL is bad or the server cannot be
    reached.
    """

    param = "%s"

    def __init__(self, location: str | os.PathLike) -> None:
        self.url = str(location)
        self.name = display_url(self.url)
        self._db: Any = None

    def _connect(self, create: bool) -> Any:
        import psycopg

        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                                   application_name="conundrum")
        except psycopg.ProgrammingError as exc:  # a URL psycopg cannot parse
            raise CatalogueError(f"{self.name}: not a valid PostgreSQL URL "
                                 f"({_first_line(exc)})") from None
        except psycopg.OperationalError as exc:
            raise CatalogueError(f"{self.name}: cannot connect to the catalogue server "
                                 f"({_first_line(exc)})") from None

    def _prepare(self, db: Any) -> None:
        import psycopg

        # a lock held too long by another build is reported, not waited on for ever
        db.execute(f"SET lock_timeout = {int(base.BUSY_TIMEOUT * 1000)}")
        try:
            if self._version(db) == SCHEMA_VERSION:
                return  # the usual case: no DDL, so a role without CREATE can use it
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_ID,))
                version = self._version(db)  # again, under the lock
                if version < SCHEMA_VERSION:
                    db.execute(_VERSION_TABLE)
                    for statement in SCHEMA:  # version 1 was never on PostgreSQL
                        db.execute(statement)
                    db.execute("DELETE FROM conundrum_schema")
                    db.execute("INSERT INTO conundrum_schema (version) VALUES (%s)",
                               (SCHEMA_VERSION,))
        except psycopg.errors.InsufficientPrivilege as exc:
            raise CatalogueError(f"{self.name}: no permission to use the catalogue "
                                 f"({_first_line(exc)}); ask the database owner for "
                                 "CREATE, SELECT, INSERT, UPDATE and DELETE") from None
        except psycopg.Error as exc:
            raise CatalogueError(f"{self.name}: cannot open the catalogue "
                                 f"({_first_line(exc)})") from None

    def _version(self, db: Any) -> int:
        if db.execute("SELECT to_regclass('conundrum_schema')").fetchone()[0] is None:
            return 0
        version = db.execute("SELECT MAX(version) FROM conundrum_schema").fetchone()[0] or 0
        if version > SCHEMA_VERSION:
            raise CatalogueError(
                f"{self.name}: catalogue version {version} is newer than this "
                f"program understands ({SCHEMA_VERSION}); upgrade conundrum")
        return int(version)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        import psycopg

        db = self._connection(create=True)
        try:
            with db.transaction():
                yield db.cursor()
        except (psycopg.errors.LockNotAvailable, psycopg.errors.SerializationFailure,
                psycopg.errors.DeadlockDetected):
            raise Busy from None
        except psycopg.OperationalError:
            if not db.closed:
                raise
            # The server dropped the connection (a restart, an idle timeout): connect
            # again and run the whole transaction again. Every write here is idempotent
            # for its book, so one that committed before the drop is simply found done.
            self._db = None
            raise Busy from None

    def _fault(self, exc: Exception) -> str | None:
        import psycopg

        if isinstance(exc, psycopg.errors.InsufficientPrivilege):
            return f"no permission: {_first_line(exc)}"
        if isinstance(exc, psycopg.OperationalError):
            return f"lost the connection to the server: {_first_line(exc)}"
        return _first_line(exc) if isinstance(exc, psycopg.Error) else None



def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0].strip() if text else type(exc).__name__
