"""`conundrum catalogue stats|list|forget|release|export|import`, and claims in the build."""

from __future__ import annotations

import json
import time

import pytest

from conundrum.book.canonical import key_of
from conundrum.book.catalogue import CLAIM_EXPIRY, SCHEMA_VERSION, Entry
from conundrum.book.catalogues import open_catalogue
from conundrum.book.make_puzzles import make_puzzles
from conundrum.book.spec import parse_spec
from conundrum.book.work import WorkFile
from conundrum.cli import main

FORMS = [f"standard|default|RGB@0,{i}h|RGB" for i in range(5)] + ["junior|default|YYY@0,0h|"]
KEYS = [key_of(f) for f in FORMS]
BOOK_A = "a" * 32
BOOK_B = "b" * 32
BOOK_C = "c" * 32


def fill(location: str) -> None:
    with open_catalogue(location) as cat:
        cat.record(BOOK_A, "Volume 1", [Entry(KEYS[0], FORMS[0], 1), Entry(KEYS[5], FORMS[5], 2)])
        cat.record(BOOK_B, "Volume 2", [Entry(KEYS[1], FORMS[1], 1)])
        cat.claim(BOOK_C, "Volume 3", KEYS[2], FORMS[2])  # a stopped build
        cat.claim(BOOK_C, "Volume 3", KEYS[3], FORMS[3])


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["catalogue", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_and_list(tmp_path, capsys) -> None:
    cat = str(tmp_path / "cat.sqlite")
    fill(cat)
    code, out, _ = run(capsys, "stats", "--catalogue", cat)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("3 books (1 unfinished), 3 puzzles published, 2 claimed")
    assert lines[2].split() == ["aaaaaaaaaaaa", "junior", "1", "0", "Volume", "1"]
    assert lines[3].split() == ["aaaaaaaaaaaa", "standard", "1", "0", "Volume", "1"]
    assert lines[5].split() == ["cccccccccccc", "standard", "0", "2", "Volume", "3"]
    assert lines[6].startswith("unfinished: cccccccccccc 'Volume 3': 2 claims")
    assert lines[6].endswith("they expire 24 h after it (or `catalogue release`)")
    code, out, _ = run(capsys, "list", "--catalogue", cat)
    assert code == 0
    rows = [line.split() for line in out.splitlines()]
    assert [(r[0], r[1], r[2], r[4]) for r in rows] == \
        [(BOOK_A, "published", "2", "0"), (BOOK_B, "published", "1", "0"),
         (BOOK_C, "unfinished", "0", "2")]


def aged_catalogue(tmp_path) -> str:
    """The three books of `fill`, book C's claims left untouched past their expiry."""
    cat = str(tmp_path / "cat.sqlite")
    fill(cat)
    with open_catalogue(cat) as c:
        c._run("age", lambda cur: c._execute(
            cur, "UPDATE books SET touched = ? WHERE book = ?",
            (time.time() - CLAIM_EXPIRY - 1, BOOK_C)))
    return cat


def test_list_and_stats_tell_expired_claims(tmp_path, capsys) -> None:
    cat = aged_catalogue(tmp_path)
    code, out, _ = run(capsys, "list", "--catalogue", cat)
    assert code == 0 and out.splitlines()[2].split()[:2] == [BOOK_C, "expired"]
    code, out, _ = run(capsys, "stats", "--catalogue", cat)
    assert "'Volume 3': 2 claims" in out and "expired: any build may take them" in out


def test_forget_and_release_by_title_or_id(tmp_path, capsys, monkeypatch) -> None:
    cat = str(tmp_path / "cat.sqlite")
    fill(cat)
    monkeypatch.setenv("CONUNDRUM_CATALOGUE", cat)  # no --catalogue: the environment's
    assert run(capsys, "release", "cccccc")[0] == 0
    assert run(capsys, "forget", "Volume 1")[0] == 0
    with open_catalogue(cat) as c:
        assert c.count("claimed") == 0 and len(c) == 1
        assert [b.book for b in c.books()] == [BOOK_B]
        assert c.claim("X", "X", KEYS[0], FORMS[0]) and c.claim("X", "X", KEYS[2], FORMS[2])


@pytest.mark.parametrize("args, words", [
    (["forget", "Volume 9"], "no book 'Volume 9'"),
    (["release", "abc"], "no book 'abc'"),
])
def test_unknown_books_are_one_line(tmp_path, capsys, args, words) -> None:
    cat = str(tmp_path / "cat.sqlite")
    fill(cat)
    code, _, err = run(capsys, *args, "--catalogue", cat)
    assert code == 2 and words in err and err.count("\n") == 1


def test_two_books_with_one_title_need_the_id(tmp_path, capsys) -> None:
    cat = str(tmp_path / "cat.sqlite")
    with open_catalogue(cat) as c:
        c.record(BOOK_A, "Same", [Entry(KEYS[0], FORMS[0], 1)])
        c.record(BOOK_B, "Same", [Entry(KEYS[1], FORMS[1], 1)])
    code, _, err = run(capsys, "forget", "Same", "--catalogue", cat)
    assert code == 2 and "2 books match 'Same'" in err and "give the id" in err


def test_a_missing_catalogue_is_one_line(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("CONUNDRUM_CATALOGUE", raising=False)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "stats")
    assert code == 2 and "conundrum-catalogue.sqlite: no catalogue there" in err
    assert err.count("\n") == 1 and not (tmp_path / "conundrum-catalogue.sqlite").exists()
    code, _, err = run(capsys, "list", "--catalogue", "postgresql://nobody@127.0.0.1:1/x")
    assert code == 2 and "cannot connect to the catalogue server" in err
    assert err.count("\n") == 1


def test_export_import_sqlite_to_postgresql_and_back(tmp_path, capsys, pg_url) -> None:
    cat = str(tmp_path / "cat.sqlite")
    fill(cat)
    first, second, third = (tmp_path / f"{n}.jsonl" for n in ("first", "second", "third"))
    assert run(capsys, "export", str(first), "--catalogue", cat)[0] == 0
    code, out, _ = run(capsys, "import", str(first), "--catalogue", pg_url)
    assert code == 0 and "added 3 books and 5 puzzles (0 already present)" in out
    assert run(capsys, "export", str(second), "--catalogue", pg_url)[0] == 0
    assert second.read_text() == first.read_text(), "the same lines from either backend"
    back = str(tmp_path / "back.sqlite")
    assert run(capsys, "import", str(second), "--catalogue", back)[0] == 0
    assert run(capsys, "export", str(third), "--catalogue", back)[0] == 0
    assert third.read_text() == first.read_text()
    code, out, _ = run(capsys, "import", str(first), "--catalogue", back)
    assert code == 0 and "added 0 books and 0 puzzles (5 already present)" in out
    lines = first.read_text().splitlines()
    assert json.loads(lines[0]) == {"conundrum-catalogue": SCHEMA_VERSION}
    with open_catalogue(pg_url) as c:
        assert not c.claim("Z", "Z", KEYS[2], FORMS[2]), "imported claims hold"
        assert c.keys_of(BOOK_A) == {KEYS[0], KEYS[5]}


@pytest.mark.parametrize("lines, words", [
    (['{"nothing": 1}'], "not a catalogue export"),
    ([f'{{"conundrum-catalogue": {SCHEMA_VERSION + 1}}}'], "is newer than this program"),
    (['{"conundrum-catalogue": 2}', "{oops"], "line 2: not JSON"),
    (['{"conundrum-catalogue": 2}', '{"puzzle": {"key": "x"}}'], "line 2: expected the fields"),
    (['{"conundrum-catalogue": 2}', json.dumps({"puzzle": {
        "key": KEYS[1], "form": FORMS[0], "rules": "standard", "book": "b", "title": "t",
        "number": 1, "status": "published", "claimed": 0}})], "is not the key of its form"),
])
def test_bad_imports_are_one_line_and_change_nothing(tmp_path, capsys, lines, words) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    cat = tmp_path / "cat.sqlite"
    code, _, err = run(capsys, "import", str(path), "--catalogue", str(cat))
    assert code == 2 and words in err and err.count("\n") == 1
    with open_catalogue(cat) as c:
        assert len(c) == 0 and c.books() == []


# ---- claims in the build ---------------------------------------------------------------
SPEC = parse_spec("title: T\nseed: 4\nsections: [{name: A, count: 3, difficulty: 1, tiles: 5}]\n",
                  "spec.yaml")


def test_a_refused_claim_moves_the_slot_on_and_claims_come_in_slot_order(tmp_path) -> None:
    # slot 1's first try, as a build with nothing held makes it (a slot's try is planned
    # from the puzzles before it, so it is read from a build, not from the slot alone)
    free = make_puzzles(SPEC, WorkFile(tmp_path / "free.sqlite", fresh=True), frozenset())
    held_elsewhere = free[1].key
    asked: list[str] = []

    def claim(key: str, form: str) -> bool:
        assert key == key_of(form)
        asked.append(key)
        return key != held_elsewhere

    books = []
    for jobs in (1, 2):
        asked.clear()
        made = make_puzzles(SPEC, WorkFile(tmp_path / f"w{jobs}.sqlite", fresh=True),
                            frozenset(), jobs=jobs, claim=claim)
        assert made[0].key == free[0].key and made[0].attempt == 0 and made[1].attempt > 0
        assert held_elsewhere not in [m.key for m in made]
        assert asked == [made[0].key, held_elsewhere, made[1].key, made[2].key]
        books.append([(m.key, m.attempt) for m in made])
    assert books[0] == books[1]


def test_book_takes_its_catalogue_from_the_environment(tmp_path, capsys, monkeypatch,
                                                        pg_url) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text("title: From env\nanswers: none\n"
                    "sections: [{name: A, count: 1, difficulty: 1, tiles: 5}]\n")
    monkeypatch.setenv("CONUNDRUM_CATALOGUE", pg_url.replace("postgres@", "postgres:pw@"))
    assert main(["book", str(spec), "-o", str(tmp_path / "b.pdf")]) == 0
    err = capsys.readouterr().err
    assert "1 new in catalogue postgresql://postgres@" in err and "pw" not in err
    assert not (tmp_path / "conundrum-catalogue.sqlite").exists()
    with open_catalogue(pg_url) as c:
        assert len(c) == 1 and [b.title for b in c.books()] == ["From env"]


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, tmp_path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "cat.sqlite")
    return request.getfixturevalue("pg_url")


ISO_UTC = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"


def test_stats_and_list_as_json(location, capsys) -> None:
    """The README's keys, the same from SQLite and PostgreSQL; the text says the same."""
    import re

    before = time.time() - 1
    fill(location)
    code, out, _ = run(capsys, "stats", "--json", "--catalogue", location)
    assert code == 0
    stats = json.loads(out)
    last = stats["unfinished_books"][0].pop("last_claim")
    assert re.fullmatch(ISO_UTC, last)
    assert time.gmtime(before)[:5] <= time.strptime(last, "%Y-%m-%dT%H:%M:%SZ")[:5]
    assert stats == {
        "catalogue": stats["catalogue"], "books": 3, "unfinished": 1, "published": 3,
        "claimed": 2,
        "by_book": [
            {"book": BOOK_A, "title": "Volume 1", "rules": "junior", "published": 1,
             "claimed": 0},
            {"book": BOOK_A, "title": "Volume 1", "rules": "standard", "published": 1,
             "claimed": 0},
            {"book": BOOK_B, "title": "Volume 2", "rules": "standard", "published": 1,
             "claimed": 0},
            {"book": BOOK_C, "title": "Volume 3", "rules": "standard", "published": 0,
             "claimed": 2}],
        "unfinished_books": [{"book": BOOK_C, "title": "Volume 3", "claims": 2,
                              "expired": False}]}
    text = run(capsys, "stats", "--catalogue", location)[1]
    assert text.startswith(f"catalogue {stats['catalogue']}: ")

    code, out, _ = run(capsys, "list", "--json", "--catalogue", location)
    assert code == 0
    listed = json.loads(out)
    assert listed["catalogue"] == stats["catalogue"]
    books = listed["books"]
    for b in books:
        assert re.fullmatch(ISO_UTC, b.pop("started"))
        assert re.fullmatch(ISO_UTC, b.pop("last_activity"))
        finished = b.pop("finished")
        assert (finished is None) == (b["book"] == BOOK_C)
        assert finished is None or re.fullmatch(ISO_UTC, finished)
    assert books == [
        {"book": BOOK_A, "title": "Volume 1", "state": "published", "puzzles": 2, "claims": 0},
        {"book": BOOK_B, "title": "Volume 2", "state": "published", "puzzles": 1, "claims": 0},
        {"book": BOOK_C, "title": "Volume 3", "state": "unfinished", "puzzles": 0, "claims": 2}]


def test_json_tells_expired_claims_and_an_empty_catalogue(tmp_path, capsys) -> None:
    cat = aged_catalogue(tmp_path)
    listed = json.loads(run(capsys, "list", "--json", "--catalogue", cat)[1])
    assert [b["state"] for b in listed["books"]] == ["published", "published", "expired"]
    stats = json.loads(run(capsys, "stats", "--json", "--catalogue", cat)[1])
    assert [b["expired"] for b in stats["unfinished_books"]] == [True]
    empty = str(tmp_path / "empty.sqlite")
    with open_catalogue(empty) as c:  # a catalogue whose only book was withdrawn
        c.record(BOOK_B, "Volume 2", [Entry(KEYS[1], FORMS[1], 1)])
    assert run(capsys, "forget", "Volume 2", "--catalogue", empty)[0] == 0
    assert json.loads(run(capsys, "list", "--json", "--catalogue", empty)[1])["books"] == []
    stats = json.loads(run(capsys, "stats", "--json", "--catalogue", empty)[1])
    assert (stats["books"], stats["by_book"], stats["unfinished_books"]) == (0, [], [])
