"""Managing a catalogue: finding a book, a summary, and moving it as JSON lines.

The export is one JSON object a line: a header `{"conundrum-catalogue":
VERSION}`, then `{"book": {...}}` records, then `{"puzzle": {...}}` rows
(canonical key and form, book, number, status), in a stable order, so an
SQLite catalogue and a PostgreSQL one holding the same entries export the
same lines. Import checks every line (a key must be the sha256 of its form)
and adds everything in one transaction, keeping rows already present.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass
from typing import Any

from ..errors import ConundrumError
from ..files import atomic_write, parse_json, read_text
from ..terminal import shown
from .canonical import key_of
from .catalogue import (
    BOOK_COLUMNS,
    PUZZLE_COLUMNS,
    SCHEMA_VERSION,
    BookRecord,
    Catalogue,
    CatalogueError,
)

HEADER = "conundrum-catalogue"
IMPORT_LIMIT = 2_000_000_000  # bytes: a catalogue of millions of puzzles still fits


def find_book(catalogue: Catalogue, text: str) -> BookRecord:
    """A book named by its id, an unambiguous start of it (6 characters or more), or its
    exact title when no other book has that title.
    CatalogueError when no book, or more than one, matches."""
    books = catalogue.books()
    exact = [b for b in books if b.book == text]
    if exact:
        return exact[0]
    found = [b for b in books if len(text) >= 6 and b.book.startswith(text)] or \
        [b for b in books if b.title == text]
    if len(found) == 1:
        return found[0]
    if not found:
        raise CatalogueError(f"{catalogue.name}: no book {text!r} (see `conundrum catalogue "
                             "list` for ids and titles)")
    ids = ", ".join(shown(b.book[:12]) for b in found)
    raise CatalogueError(f"{catalogue.name}: {len(found)} books match {text!r} ({ids}); "
                         "give the id")


@dataclass(frozen=True)
class Summary:
    """What `catalogue stats` shows: every book, and puzzles counted by book, rules and status."""

    books: list[BookRecord]
    counts: list[tuple[str, str, str, int]]  # (book, rules, status, puzzles)

    @property
    def published(self) -> int:
        """Published puzzles in all books."""
        return sum(n for _b, _r, status, n in self.counts if status == "published")

    @property
    def claimed(self) -> int:
        """Claimed, not yet published, puzzles in all books."""
        return sum(n for _b, _r, status, n in self.counts if status == "claimed")


def summary(catalogue: Catalogue) -> Summary:
    """The catalogue's books and counts; CatalogueError when it cannot be read."""
    return Summary(catalogue.books(), catalogue.stats())


def export_catalogue(catalogue: Catalogue, path: str | os.PathLike) -> int:
    """Write every book and puzzle as JSON lines (all or nothing); returns the puzzles."""
    lines = [json.dumps({HEADER: SCHEMA_VERSION})]
    puzzles = 0
    for item in catalogue.dump():
        puzzles += "puzzle" in item
        lines.append(json.dumps(item, sort_keys=True, ensure_ascii=False))
    atomic_write(path, "\n".join(lines) + "\n")
    return puzzles


def import_catalogue(catalogue: Catalogue, path: str | os.PathLike) -> tuple[int, int, int]:
    """Add an export's books and puzzles; returns (books added, puzzles added, puzzles
    already present). ConundrumError naming the file and line of an entry that cannot be read."""
    text = read_text(path, limit=IMPORT_LIMIT)
    books: list[dict] = []
    puzzles: list[dict] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path} line {number}"
        item = parse_json(line, where)
        if number == 1:
            _check_header(item, where)
        elif isinstance(item, dict) and set(item) == {"book"}:
            books.append(_fields(item["book"], BOOK_COLUMNS, where))
        elif isinstance(item, dict) and set(item) == {"puzzle"}:
            puzzles.append(_puzzle(item["puzzle"], where))
        else:
            raise ConundrumError(f"{where}: expected {{\"book\": ...}} or {{\"puzzle\": ...}}")
    if not text.strip():
        raise ConundrumError(f"{path}: empty; not a catalogue export")
    added_books, added = catalogue.load(books, puzzles)
    return added_books, added, len(puzzles) - added


def _check_header(item: object, where: str) -> None:
    if not isinstance(item, dict) or set(item) != {HEADER}:
        raise ConundrumError(f"{where}: not a catalogue export (no {HEADER!r} header)")
    version = item[HEADER]
    if not isinstance(version, int) or version < 1:
        raise ConundrumError(f"{where}: bad catalogue version {version!r}")
    if version > SCHEMA_VERSION:
        raise ConundrumError(f"{where}: catalogue version {version} is newer than this "
                             f"program understands ({SCHEMA_VERSION}); upgrade conundrum")


_NUMBERS = {"started", "touched", "finished", "claimed"}  # seconds since 1970
_INTEGERS = {"puzzles", "number"}
LATEST = 253_402_300_799  # 9999-12-31 23:59:59 UTC: the last time a date can show
MOST = 10**9  # puzzles in a book, a puzzle's number


def _fields(record: object, columns: tuple[str, ...], where: str) -> dict:
    if not isinstance(record, dict) or set(record) != set(columns):
        raise ConundrumError(f"{where}: expected the fields {', '.join(columns)}")
    for name in columns:
        value = record[name]
        if name in _INTEGERS:
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST
        elif name in _NUMBERS:  # one imported line must not break every later `list`
            ok = (value is None and name == "finished") or (
                isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value) and 0 <= value <= LATEST)
        else:
            ok = isinstance(value, str)
        if not ok:
            raise ConundrumError(f"{where}: bad {name} {value!r}")
    return dict(record)


def _puzzle(record: object, where: str) -> dict:
    row = _fields(record, PUZZLE_COLUMNS, where)
    if key_of(row["form"]) != row["key"]:
        raise ConundrumError(f"{where}: key {row['key'][:12]}… is not the key of its form")
    if row["status"] not in ("claimed", "published"):
        raise ConundrumError(f"{where}: bad status {row['status']!r}")
    return row


# ---- `catalogue list --json` and `catalogue stats --json` (keys documented in the README) --
def book_state(book: BookRecord, now: float) -> str:
    """published, unfinished, or expired (unfinished, its claims free for the taking)."""
    if book.expired(now):
        return "expired"
    return "unfinished" if book.unfinished else "published"


def utc_time(seconds: float | None) -> str | None:
    """A stored time as ISO 8601 UTC to the second (`2026-05-01T09:30:00Z`); None if unset."""
    if not seconds:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def books_json(name: str, books: list[BookRecord], now: float) -> dict[str, Any]:
    """Every book, in the catalogue's order (as `catalogue list` prints them)."""
    return {"catalogue": name, "books": [
        {"book": b.book, "title": b.title, "state": book_state(b, now), "puzzles": b.puzzles,
         "claims": b.claims, "started": utc_time(b.started), "last_activity": utc_time(b.touched),
         "finished": utc_time(b.finished)} for b in books]}


def stats_json(name: str, info: Summary, now: float) -> dict[str, Any]:
    """The totals, puzzles per book and rule set (ordered by title, book, rules, as the
    text table), and the unfinished books."""
    titles = {b.book: b.title for b in info.books}
    table: dict[tuple[str, str], dict[str, int]] = {}
    for book_id, rules, status, count in info.counts:
        table.setdefault((book_id, rules), {})[status] = count
    rows = sorted(table.items(), key=lambda kv: (titles.get(kv[0][0], ""), kv[0]))
    unfinished = [b for b in info.books if b.unfinished]
    return {
        "catalogue": name,
        "books": len(info.books),
        "unfinished": len(unfinished),
        "published": info.published,
        "claimed": info.claimed,
        "by_book": [{"book": book_id, "title": titles.get(book_id), "rules": rules,
                     "published": counts.get("published", 0), "claimed": counts.get("claimed", 0)}
                    for (book_id, rules), counts in rows],
        "unfinished_books": [{"book": b.book, "title": b.title, "claims": b.claims,
                              "last_claim": utc_time(b.touched), "expired": b.expired(now)}
                             for b in unfinished],
    }
