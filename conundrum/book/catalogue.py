"""The catalogue: every puzzle ever put in a book, so that no two volumes print the same one.

One small interface, `Catalogue`, with two backends chosen by the location
(`catalogues.open_catalogue(location)` opens the right one): a file
path is an SQLite file (`catalogue_sqlite.py`, one machine), a
`postgresql://` URL a PostgreSQL database (`catalogue_postgres.py`, a team).
Both hold the same two tables and run the same statements below.

Reserve as you accept: a build *claims* each puzzle it accepts, one short
transaction per claim, so two builds running at the same time can never
both take the same puzzle (the key is unique; the loser moves its slot on
to the next seed). A finished book turns its claims into *published* entries
in one transaction. Claims of a build that stopped stay, owned by its book:
`--resume` (the same book) takes them back; `release` frees them; and they
expire once their book has claimed nothing for `CLAIM_EXPIRY` seconds, when
any other build may take them over. A book is identified by `seeds.book_id`,
so rebuilding the same book (say in another page size) finds its own
puzzles as its own and gives the same book again.

Longer than 400 lines on purpose: the interface and every statement both
backends run, side by side, so that what a backend must provide reads in one
file.
"""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..errors import ConundrumError

SCHEMA_VERSION = 2
DEFAULT_NAME = "conundrum-catalogue.sqlite"
ENV = "CONUNDRUM_CATALOGUE"
URL_SCHEMES = ("postgresql://", "postgres://")
CLAIM_EXPIRY = 24 * 3600  # seconds without a new claim before a book's claims may be taken
BUSY_TIMEOUT = 30.0  # seconds a statement waits for another process's lock
RETRIES = 3  # whole transactions tried again after a busy timeout, before giving up

# The same text for both backends (SQLite reads DOUBLE PRECISION as REAL).
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS puzzles (
        key     TEXT PRIMARY KEY,          -- sha256 of the canonical form
        form    TEXT NOT NULL,             -- the canonical form itself (canonical.py)
        rules   TEXT NOT NULL,             -- its rule set
        book    TEXT NOT NULL,             -- the book that claimed or printed it
        title   TEXT NOT NULL,
        number  INTEGER NOT NULL,          -- its number in that book (0 while claimed)
        status  TEXT NOT NULL,             -- 'claimed' or 'published'
        claimed DOUBLE PRECISION NOT NULL  -- when (seconds since 1970)
    )""",
    "CREATE INDEX IF NOT EXISTS puzzles_by_book ON puzzles (book, status)",
    """CREATE TABLE IF NOT EXISTS books (
        book     TEXT PRIMARY KEY,         -- seeds.book_id
        title    TEXT NOT NULL,
        status   TEXT NOT NULL,            -- 'building' or 'published'
        started  DOUBLE PRECISION NOT NULL,
        touched  DOUBLE PRECISION NOT NULL, -- its last claim or publication
        finished DOUBLE PRECISION,
        puzzles  INTEGER NOT NULL          -- published puzzles
    )""",
)
PUZZLE_COLUMNS = ("key", "form", "rules", "book", "title", "number", "status", "claimed")
BOOK_COLUMNS = ("book", "title", "status", "started", "touched", "finished", "puzzles")


class CatalogueError(ConundrumError):
    """A catalogue that cannot be reached, read or written."""


class Busy(Exception):
    """Raised by a backend when another process held a lock past the busy timeout."""


@dataclass(frozen=True)
class Entry:
    """A puzzle to record as published: its key, canonical form and number in the book."""

    key: str
    form: str
    number: int


@dataclass(frozen=True)
class BookRecord:
    """One book's row of the catalogue, with how many of its puzzles are claimed."""

    book: str
    title: str
    status: str
    started: float
    touched: float
    finished: float | None
    puzzles: int  # published
    claims: int  # claimed, not yet published

    @property
    def unfinished(self) -> bool:
        """True while the book is not published or still holds claims."""
        return self.status != "published" or self.claims > 0

    def expired(self, now: float) -> bool:
        """Its claims may be taken by any other build (see CLAIM_EXPIRY)."""
        return self.claims > 0 and self.touched < now - CLAIM_EXPIRY


def rules_of(form: str) -> str:
    """The rule set's name at the head of a canonical form."""
    return form.split("|", 1)[0]


def is_url(location: str | os.PathLike) -> bool:
    """Whether a catalogue location is a PostgreSQL URL (else it is a file path)."""
    return isinstance(location, str) and location.startswith(URL_SCHEMES)


def default_path(output: str | os.PathLike) -> Path:
    """Beside the book, shared by every book written to the same folder."""
    return Path(output).parent / DEFAULT_NAME


def locate(given: str | os.PathLike | None, output: str | os.PathLike | None = None
           ) -> str | Path:
    """Where the catalogue is: the `--catalogue` value, else `$CONUNDRUM_CATALOGUE`, else
    `conundrum-catalogue.sqlite` beside the output (or in the current folder).
    CatalogueError when `given` is empty text."""
    if given is not None and not str(given).strip():
        raise CatalogueError("--catalogue: empty; give an SQLite file or a postgresql:// "
                             f"URL, or leave the option (and ${ENV}) out for the default")
    value = given if given is not None else os.environ.get(ENV) or None
    if value is None:
        return default_path(output) if output is not None else Path(DEFAULT_NAME)
    return str(value) if is_url(value) else Path(value)


T = TypeVar("T")


class Catalogue(ABC):
    """An open catalogue; use as a context manager or call close().

    `catalogues.open_catalogue(location)` opens the backend the location names.
    Opening is lazy: nothing is created until something is written.
    """

    name: str  # for messages: the path, or the URL without its password
    param = "?"  # the driver's placeholder

    _db: Any = None  # the open connection, once reached

    @abstractmethod
    def __init__(self, location: str | os.PathLike) -> None:
        """Open (lazily) the catalogue at `location`; a bad location raises CatalogueError."""

    # ---- what a backend provides ---------------------------------------------------
    @abstractmethod
    def _connect(self, create: bool) -> Any:
        """A new DB-API connection, or None when nothing exists yet and `create` is false."""

    @abstractmethod
    def _prepare(self, db: Any) -> None:
        """Check (and create or migrate) the schema on a new connection."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Any]:
        """A write transaction on the connection; raises Busy when locked too long."""

    @abstractmethod
    def _fault(self, exc: Exception) -> str | None:
        """A driver exception's one-line reason, or None when it is not the driver's."""

    # ---- plumbing -----------------------------------------------------------------
    def _connection(self, create: bool) -> Any:
        """The open connection (schema checked), or None when nothing exists yet and
        `create` is false."""
        if self._db is None:
            db = self._connect(create)
            if db is None:
                return None
            try:
                self._prepare(db)
            except BaseException:
                db.close()
                raise
            self._db = db
        return self._db

    def close(self) -> None:
        """Close the connection, if one was opened; the catalogue may be reopened later."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def _sql(self, text: str) -> str:
        return text if self.param == "?" else text.replace("?", self.param)

    def _run(self, what: str, work: Callable[[Any], T], *, write: bool = True,
             empty: T | None = None) -> T:
        """`work(cursor)` in one transaction, tried again when the catalogue is busy."""
        for attempt in range(RETRIES):
            try:
                db = self._connection(create=write)
                if db is None:
                    return empty  # type: ignore[return-value]
                if not write:
                    return work(db)
                with self._transaction() as cur:
                    return work(cur)
            except Busy:
                if attempt + 1 < RETRIES:
                    time.sleep(0.2 * 2 ** attempt)
            except CatalogueError:
                raise
            except Exception as exc:
                reason = self._fault(exc)
                if reason is None:
                    raise
                raise CatalogueError(f"{self.name}: cannot {what} ({reason})") from None
        raise CatalogueError(f"{self.name}: cannot {what}: the catalogue is locked by another "
                             f"process (waited {RETRIES} x {BUSY_TIMEOUT:g} s)")

    def _execute(self, cur: Any, text: str, params: Iterable[Any] = ()) -> Any:
        return cur.execute(self._sql(text), tuple(params))

    def _rows(self, cur: Any, text: str, params: Iterable[Any] = ()) -> list[tuple]:
        return list(self._execute(cur, text, params).fetchall())

    def open(self) -> None:
        """Reach the catalogue now (a wrong URL or a newer version fails before any work);
        a missing SQLite file is still made only when first written."""
        self._run("open the catalogue", lambda db: None, write=False, empty=None)

    # ---- the build's side ------------------------------------------------------------
    def claim(self, book: str, title: str, key: str, form: str) -> bool:
        """Reserve a puzzle for `book`: True when it is now this book's, False when another
        book printed it or holds a live claim on it."""
        now = time.time()

        def work(cur: Any) -> bool:
            row = self._rows(cur, "SELECT book, status FROM puzzles WHERE key = ?", (key,))
            if not row:
                got = self._execute(
                    cur, "INSERT INTO puzzles (key, form, rules, book, title, number, status, "
                    "claimed) VALUES (?, ?, ?, ?, ?, 0, 'claimed', ?) ON CONFLICT (key) "
                    "DO NOTHING", (key, form, rules_of(form), book, title, now)).rowcount == 1
            elif row[0][0] == book:
                got = True
            elif row[0][1] == "claimed":
                got = self._execute(
                    cur, "UPDATE puzzles SET book = ?, title = ?, claimed = ? WHERE key = ? AND "
                    "book = ? AND status = 'claimed' AND EXISTS (SELECT 1 FROM books b WHERE "
                    "b.book = puzzles.book AND b.touched < ?)",
                    (book, title, now, key, row[0][0], now - CLAIM_EXPIRY)).rowcount == 1
            else:
                got = False
            self._touch(cur, book, title, now)
            return got

        return self._run("claim a puzzle", work)

    def _touch(self, cur: Any, book: str, title: str, now: float) -> None:
        self._execute(cur, "INSERT INTO books (book, title, status, started, touched, finished, "
                      "puzzles) VALUES (?, ?, 'building', ?, ?, NULL, 0) ON CONFLICT (book) DO "
                      "UPDATE SET touched = excluded.touched", (book, title, now, now))

    def record(self, book: str, title: str, entries: Iterable[Entry]) -> int:
        """Publish a finished book in one transaction: its claims become its entries, in
        book order; returns how many puzzles are new to it. Claims it did not use are
        dropped. Fails, changing nothing, if another book took one of its puzzles."""
        now = time.time()
        rows = [(e.key, e.form, rules_of(e.form), book, title, e.number, now) for e in entries]

        def work(cur: Any) -> int:
            # executemany: one round trip for all rows where the driver can (psycopg
            # pipelines it); rowcount is the total over the rows for both drivers
            new = 0
            if rows:
                cur.executemany(self._sql(
                    "UPDATE puzzles SET status = 'published', number = ?, title = ? "
                    "WHERE key = ? AND book = ? AND status = 'claimed'"),
                    [(number, title, key, book) for key, _f, _r, _b, _t, number, _n in rows])
                new += int(cur.rowcount)
                # puzzles never claimed (a caller without claims) or whose claim was lost
                cur.executemany(self._sql(
                    "INSERT INTO puzzles (key, form, rules, book, title, number, status, "
                    "claimed) VALUES (?, ?, ?, ?, ?, ?, 'published', ?) "
                    "ON CONFLICT (key) DO NOTHING"), rows)
                new += int(cur.rowcount)
            mine = {r[0] for r in self._rows(cur, "SELECT key FROM puzzles WHERE book = ?",
                                             (book,))}
            lost = [number for key, *_r, number, _n in rows if key not in mine]
            if lost:
                raise CatalogueError(
                    f"{self.name}: puzzle {lost[0]} of this book was taken by another book "
                    "after its claim expired; run the same command with --resume to replace it")
            self._execute(cur, "DELETE FROM puzzles WHERE book = ? AND status = 'claimed'",
                          (book,))
            self._touch(cur, book, title, now)
            self._execute(
                cur, "UPDATE books SET status = 'published', title = ?, finished = ?, puzzles = "
                "(SELECT COUNT(*) FROM puzzles p WHERE p.book = books.book) WHERE book = ?",
                (title, now, book))
            return new

        return self._run("record the book", work)

    def release(self, book: str) -> int:
        """Free a book's claims (its published puzzles stay); returns how many."""

        def work(cur: Any) -> int:
            n = self._execute(cur, "DELETE FROM puzzles WHERE book = ? AND status = 'claimed'",
                              (book,)).rowcount
            self._execute(cur, "DELETE FROM books WHERE book = ? AND status = 'building'",
                          (book,))
            return int(n)

        return self._run("release the claims", work, empty=0)

    def forget(self, book: str) -> int:
        """Remove a withdrawn book: its entries, claims and record; returns how many puzzles."""

        def work(cur: Any) -> int:
            n = self._execute(cur, "DELETE FROM puzzles WHERE book = ?", (book,)).rowcount
            self._execute(cur, "DELETE FROM books WHERE book = ?", (book,))
            return int(n)

        return self._run("forget the book", work, empty=0)

    # ---- reading ------------------------------------------------------------------------
    def keys_except(self, book: str) -> frozenset[str]:
        """Every key printed or claimed by another book than this one."""
        return self._run("read the catalogue", lambda db: frozenset(
            r[0] for r in self._rows(db, "SELECT key FROM puzzles WHERE book != ?", (book,))),
            write=False, empty=frozenset())

    def boards_except(self, book: str) -> frozenset[str]:
        """The board keys (canonical.board_key) of the puzzles other books printed or claimed,
        but not of this book's own: a later volume prints none of their boards again,
        whatever its given tiles, and a book rebuilt keeps its boards (one another book
        printed too, made at the same time, stays its own)."""
        from .canonical import board_key  # lazy: `catalogue` commands load no puzzle modules

        def boards(db: Any) -> frozenset[str]:
            theirs: set[str] = set()
            mine: set[str] = set()
            for owner, form in self._rows(db, "SELECT book, form FROM puzzles"):
                (mine if owner == book else theirs).add(board_key(form))
            return frozenset(theirs - mine)

        return self._run("read the catalogue", boards, write=False, empty=frozenset())

    def keys_of(self, book: str, status: str = "published") -> frozenset[str]:
        """The keys of the puzzles `book` holds with `status` (none when the catalogue does not
        exist yet); CatalogueError when it cannot be read."""
        return self._run("read the catalogue", lambda db: frozenset(
            r[0] for r in self._rows(db, "SELECT key FROM puzzles WHERE book = ? AND "
                                     "status = ?", (book, status))),
            write=False, empty=frozenset())

    def count(self, status: str = "published") -> int:
        """How many puzzles have `status` in all books (0 when the catalogue does not exist yet);
        CatalogueError when it cannot be read."""
        return self._run("read the catalogue", lambda db: int(self._rows(
            db, "SELECT COUNT(*) FROM puzzles WHERE status = ?", (status,))[0][0]),
            write=False, empty=0)

    def __len__(self) -> int:
        """Published puzzles (claims are not counted)."""
        return self.count("published")

    def books(self) -> list[BookRecord]:
        """Every book, by title then id."""
        def work(db: Any) -> list[BookRecord]:
            claims = dict(self._rows(db, "SELECT book, COUNT(*) FROM puzzles WHERE status = "
                                     "'claimed' GROUP BY book"))
            rows = self._rows(db, f"SELECT {', '.join(BOOK_COLUMNS)} FROM books")
            out = [BookRecord(r[0], r[1], r[2], r[3], r[4], r[5], int(r[6]),
                              claims=int(claims.get(r[0], 0))) for r in rows]
            return sorted(out, key=lambda b: (b.title, b.book))
        return self._run("read the catalogue", work, write=False, empty=[])

    def stats(self) -> list[tuple[str, str, str, int]]:
        """(book, rules, status, puzzles) for every book, rule set and status."""
        return self._run("read the catalogue", lambda db: sorted(
            (r[0], r[1], r[2], int(r[3])) for r in self._rows(
                db, "SELECT book, rules, status, COUNT(*) FROM puzzles "
                "GROUP BY book, rules, status")), write=False, empty=[])

    # ---- moving a catalogue --------------------------------------------------------------
    def dump(self) -> Iterator[dict]:
        """Every book record, then every puzzle row, each as a dict, in a stable order."""
        nothing: list[dict] = []

        def work(db: Any) -> list[dict]:
            # sorted here, not by the server: collations differ between databases
            books = sorted(self._rows(db, f"SELECT {', '.join(BOOK_COLUMNS)} FROM books"))
            puzzles = sorted(self._rows(db, f"SELECT {', '.join(PUZZLE_COLUMNS)} FROM puzzles"),
                             key=lambda r: (r[3], r[5], r[0]))  # book, number, key
            return ([{"book": dict(zip(BOOK_COLUMNS, r, strict=True))} for r in books]
                    + [{"puzzle": dict(zip(PUZZLE_COLUMNS, r, strict=True))} for r in puzzles])
        yield from self._run("read the catalogue", work, write=False, empty=nothing)

    def load(self, books: list[dict], puzzles: list[dict]) -> tuple[int, int]:
        """Add book records and puzzle rows (checked by the caller) in one transaction;
        rows whose key or book is already here are kept as they are. Returns (books,
        puzzles) added."""
        def work(cur: Any) -> tuple[int, int]:
            nb = sum(self._execute(
                cur, f"INSERT INTO books ({', '.join(BOOK_COLUMNS)}) VALUES "
                f"({', '.join('?' * len(BOOK_COLUMNS))}) ON CONFLICT (book) DO NOTHING",
                [b[c] for c in BOOK_COLUMNS]).rowcount for b in books)
            np = sum(self._execute(
                cur, f"INSERT INTO puzzles ({', '.join(PUZZLE_COLUMNS)}) VALUES "
                f"({', '.join('?' * len(PUZZLE_COLUMNS))}) ON CONFLICT (key) DO NOTHING",
                [p[c] for c in PUZZLE_COLUMNS]).rowcount for p in puzzles)
            return nb, np
        return self._run("import into the catalogue", work)

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
