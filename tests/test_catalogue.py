"""The catalogue's semantics, the same on SQLite and on a real PostgreSQL server:
claims, publication, release, expiry, forget, versions, errors."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from conundrum.book import catalogue as catalogue_module
from conundrum.book.canonical import key_of
from conundrum.book.catalogue import (
    CLAIM_EXPIRY,
    SCHEMA_VERSION,
    CatalogueError,
    Entry,
    locate,
)
from conundrum.book.catalogue_postgres import PostgresCatalogue, display_url
from conundrum.book.catalogue_sqlite import SqliteCatalogue
from conundrum.book.catalogues import open_catalogue
from tests.support.pg import free_port

FORMS = [f"standard|default|RGB@0,{i}h|RGB" for i in range(6)] + ["junior|default|YYY@0,0h|"]
KEYS = [key_of(f) for f in FORMS]


def test_the_location_picks_the_backend(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("CONUNDRUM_CATALOGUE", raising=False)
    assert isinstance(open_catalogue(tmp_path / "c.sqlite"), SqliteCatalogue)
    assert isinstance(open_catalogue("postgresql://u@h/db"), PostgresCatalogue)
    assert locate(None, tmp_path / "book.pdf") == tmp_path / "conundrum-catalogue.sqlite"
    monkeypatch.setenv("CONUNDRUM_CATALOGUE", "postgresql://u@h/db")
    assert locate(None, tmp_path / "book.pdf") == "postgresql://u@h/db"
    assert locate(str(tmp_path / "x.sqlite"), None) == tmp_path / "x.sqlite", "option first"
    assert display_url("postgresql://ann:secret@db.example:5433/books") == \
        "postgresql://ann@db.example:5433/books"


def test_a_claim_is_granted_once_and_kept_by_its_book(location) -> None:
    with open_catalogue(location) as a, open_catalogue(location) as b:
        assert a.claim("A", "Vol A", KEYS[0], FORMS[0])
        assert not b.claim("B", "Vol B", KEYS[0], FORMS[0]), "held by A"
        assert a.claim("A", "Vol A", KEYS[0], FORMS[0]), "A (or A resumed) keeps it"
        assert b.claim("B", "Vol B", KEYS[1], FORMS[1])
        assert len(a) == 0 and a.count("claimed") == 2, "claims are not published puzzles"
        assert a.keys_except("A") == {KEYS[1]}


def test_publishing_turns_claims_into_entries_and_drops_unused_claims(location) -> None:
    with open_catalogue(location) as cat:
        for i in range(3):
            assert cat.claim("A", "Vol A", KEYS[i], FORMS[i])
        new = cat.record("A", "Vol A", [Entry(KEYS[1], FORMS[1], 1), Entry(KEYS[0], FORMS[0], 2)])
        assert new == 2
        assert cat.keys_of("A") == {KEYS[0], KEYS[1]}
        assert cat.count("claimed") == 0, "the unused claim is dropped"
        assert cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 2)]) == 0, "idempotent"
        (book,) = cat.books()
        assert (book.status, book.puzzles, book.claims, book.unfinished) == \
            ("published", 2, 0, False)
        # a published puzzle is never granted to another book, nor after a rebuild of A
        assert not cat.claim("B", "Vol B", KEYS[0], FORMS[0])
        assert cat.claim("A", "Vol A", KEYS[0], FORMS[0])
        assert cat.stats() == [("A", "standard", "published", 2)]


def test_stats_count_per_book_rule_set_and_status(location) -> None:
    with open_catalogue(location) as cat:
        cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1), Entry(KEYS[6], FORMS[6], 2)])
        cat.claim("B", "Vol B", KEYS[1], FORMS[1])
        assert cat.stats() == [("A", "junior", "published", 1), ("A", "standard", "published", 1),
                               ("B", "standard", "claimed", 1)]
        assert [(b.book, b.unfinished) for b in cat.books()] == [("A", False), ("B", True)]


def test_a_failed_publication_changes_nothing(location) -> None:
    with open_catalogue(location) as cat:
        cat.claim("A", "Vol A", KEYS[0], FORMS[0])
        cat.claim("B", "Vol B", KEYS[1], FORMS[1])
        # A cannot publish a puzzle B holds: the whole transaction is refused
        with pytest.raises(CatalogueError, match="taken by another book"):
            cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1), Entry(KEYS[1], FORMS[1], 2)])
        assert len(cat) == 0 and cat.count("claimed") == 2

        def entries():
            yield Entry(KEYS[2], FORMS[2], 1)
            raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            cat.record("A", "Vol A", entries())
        assert len(cat) == 0 and cat.count("claimed") == 2


def test_release_frees_a_stopped_books_claims_and_keeps_what_it_published(location) -> None:
    with open_catalogue(location) as cat:
        cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1)])
        cat.claim("A", "Vol A", KEYS[1], FORMS[1])  # a rebuild of A, stopped
        assert cat.release("A") == 1
        assert cat.keys_of("A") == {KEYS[0]} and cat.count("claimed") == 0
        assert cat.claim("B", "Vol B", KEYS[1], FORMS[1]), "free again"
        assert cat.release("B") == 1
        assert [b.book for b in cat.books()] == ["A"], "a book with nothing left is gone"


def test_claims_expire_when_their_book_has_been_idle(location) -> None:
    with open_catalogue(location) as cat:
        cat.claim("A", "Vol A", KEYS[0], FORMS[0])
        assert not cat.claim("B", "Vol B", KEYS[0], FORMS[0])
        idle = time.time() - CLAIM_EXPIRY - 60
        cat._run("age", lambda cur: cat._execute(
            cur, "UPDATE books SET touched = ? WHERE book = 'A'", (idle,)))
        assert cat.claim("B", "Vol B", KEYS[0], FORMS[0]), "an expired claim is taken over"
        assert not cat.claim("A", "Vol A", KEYS[0], FORMS[0]), "and A must move on"
        with pytest.raises(CatalogueError, match="taken by another book"):
            cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1)])


def test_forget_removes_a_withdrawn_book(location) -> None:
    with open_catalogue(location) as cat:
        cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1), Entry(KEYS[1], FORMS[1], 2)])
        cat.record("B", "Vol B", [Entry(KEYS[2], FORMS[2], 1)])
        assert cat.forget("A") == 2
        assert len(cat) == 1 and [b.book for b in cat.books()] == ["B"]
        assert cat.claim("C", "Vol C", KEYS[0], FORMS[0])


def test_nothing_is_created_before_the_first_write(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    with open_catalogue(path) as cat:
        cat.open()
        assert len(cat) == 0 and cat.books() == [] and cat.keys_except("A") == frozenset()
    assert not path.exists()


def test_sqlite_uses_wal_and_passes_its_integrity_check(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    with open_catalogue(path) as cat:
        cat.claim("A", "Vol A", KEYS[0], FORMS[0])
        assert isinstance(cat, SqliteCatalogue) and cat.integrity() == "ok"
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_version_1_sqlite_catalogue_is_migrated(tmp_path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE puzzles (key TEXT PRIMARY KEY, form TEXT NOT NULL, book TEXT NOT "
               "NULL, title TEXT NOT NULL, number INTEGER NOT NULL)")
    db.executemany("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?)",
                   [(KEYS[0], FORMS[0], "A", "Vol A", 1), (KEYS[6], FORMS[6], "A", "Vol A", 2)])
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with open_catalogue(path) as cat:
        assert len(cat) == 2 and cat.keys_except("B") == {KEYS[0], KEYS[6]}
        assert cat.stats() == [("A", "junior", "published", 1), ("A", "standard", "published", 1)]
        assert [(b.title, b.puzzles, b.unfinished) for b in cat.books()] == [("Vol A", 2, False)]
        assert not cat.claim("B", "Vol B", KEYS[0], FORMS[0])
        assert cat.claim("B", "Vol B", KEYS[1], FORMS[1])


def test_a_newer_sqlite_catalogue_is_refused(tmp_path) -> None:
    path = tmp_path / "new.sqlite"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(CatalogueError, match=f"version {SCHEMA_VERSION + 1} is newer"):
        open_catalogue(path).open()


def test_a_file_that_is_no_catalogue_is_refused(tmp_path) -> None:
    path = tmp_path / "cat.sqlite"
    path.write_text("not a database, just text " * 100)
    with pytest.raises(CatalogueError, match="not a catalogue"):
        open_catalogue(path).open()
    with pytest.raises(CatalogueError, match="is not a file"):
        open_catalogue(tmp_path)
    with pytest.raises(CatalogueError, match="does not exist"):
        open_catalogue(tmp_path / "nowhere" / "cat.sqlite")


# ---- PostgreSQL faults: one clear line each -----------------------------------------
def test_postgres_schema_is_versioned_and_a_newer_one_refused(pg_server, pg_url) -> None:
    with open_catalogue(pg_url) as cat:
        cat.open()
    dbname = pg_url.rsplit("/", 1)[1]
    pg_server.sql(dbname, f"UPDATE conundrum_schema SET version = {SCHEMA_VERSION + 7}")
    with pytest.raises(CatalogueError, match=f"version {SCHEMA_VERSION + 7} is newer than this "
                       f"program understands \\({SCHEMA_VERSION}\\)"):
        open_catalogue(pg_url).open()


def test_postgres_wrong_url_unreachable_server_and_missing_database(pg_server) -> None:
    with pytest.raises(CatalogueError, match="not a valid PostgreSQL URL"):
        open_catalogue("postgresql://ann@localhost/db?nonsense=1").open()
    port = free_port()  # nothing listens there
    with pytest.raises(CatalogueError, match="cannot connect to the catalogue server.*refused"):
        open_catalogue(f"postgresql://ann:secret@127.0.0.1:{port}/books").open()
    try:
        open_catalogue(f"postgresql://ann:secret@127.0.0.1:{port}/books").open()
    except CatalogueError as exc:
        assert "secret" not in str(exc) and "\n" not in str(exc)
    with pytest.raises(CatalogueError, match='database "nosuch" does not exist'):
        open_catalogue(pg_server.url("nosuch")).open()


def test_postgres_permission_fault(pg_server, pg_url) -> None:
    dbname = pg_url.rsplit("/", 1)[1]
    role = f"reader_{dbname}"
    pg_server.sql(dbname, f"CREATE ROLE {role} LOGIN")
    url = f"postgresql://{role}@127.0.0.1:{pg_server.port}/{dbname}"
    with pytest.raises(CatalogueError, match="no permission to use the catalogue"):
        open_catalogue(url).open()
    # tables made by the owner, readable but not writable by this role
    with open_catalogue(pg_url) as cat:
        cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1)])
    pg_server.sql(dbname, f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    with open_catalogue(url) as cat:
        assert len(cat) == 1
        with pytest.raises(CatalogueError, match="cannot claim a puzzle \\(no permission"):
            cat.claim("B", "Vol B", KEYS[1], FORMS[1])


def test_postgres_reconnects_when_the_server_drops_the_connection(pg_server, pg_url) -> None:
    dbname = pg_url.rsplit("/", 1)[1]
    with open_catalogue(pg_url) as cat:
        assert cat.claim("A", "Vol A", KEYS[0], FORMS[0])
        pg_server.sql("postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      f"WHERE datname = '{dbname}' AND pid <> pg_backend_pid()")
        assert cat.claim("A", "Vol A", KEYS[1], FORMS[1]), "connected again"
        assert cat.record("A", "Vol A", [Entry(KEYS[0], FORMS[0], 1),
                                         Entry(KEYS[1], FORMS[1], 2)]) == 2


def test_the_busy_timeout_and_retries_end_in_one_clear_line(tmp_path, monkeypatch) -> None:
    path = tmp_path / "cat.sqlite"
    with open_catalogue(path) as cat:
        cat.claim("A", "Vol A", KEYS[0], FORMS[0])
    monkeypatch.setattr(catalogue_module, "BUSY_TIMEOUT", 0.1)
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    try:
        with open_catalogue(path) as cat, pytest.raises(
                CatalogueError, match="cannot claim a puzzle: the catalogue is locked by "
                "another process"):
            cat.claim("B", "Vol B", KEYS[1], FORMS[1])
        with open_catalogue(path) as cat:
            assert cat.keys_except("B") == {KEYS[0]}, "readers are not blocked (WAL)"
    finally:
        locker.execute("ROLLBACK")
        locker.close()


def test_sqlite_path_with_missing_file_for_reading(tmp_path) -> None:
    assert not Path(tmp_path / "none.sqlite").exists()
    with open_catalogue(tmp_path / "none.sqlite") as cat:
        assert cat.stats() == [] and list(cat.dump()) == []
