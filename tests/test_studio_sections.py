"""Conundrum Studio's puzzle files after the designer reorders, removes or adds sections:
the files a section lists in book.yaml are its own, whatever its place. A section made
puzzle files later gets names no other section lists and no file in the folder has, so a
kept puzzle is never overwritten, lost or printed in another section."""

from __future__ import annotations

from pathlib import Path

from conundrum.book.spec import load_spec
from tests.support.studio import TWO, WRITE, book_yaml, client, finish, puzzle_files, saved_book


def _keep(studio, number: int) -> None:
    assert finish(studio, studio.post(f"/api/puzzles/{number}/lock",
                                      headers=WRITE))["state"] == "done"


def _save(studio, spec: dict) -> None:
    revision = studio.get("/api/spec").json()["revision"]
    r = studio.put("/api/spec", json={"spec": spec, "revision": revision}, headers=WRITE)
    assert r.status_code == 200, r.text


def test_a_section_kept_after_a_reorder_never_takes_another_s_files(studio,
                                                                    tmp_path: Path) -> None:
    assert saved_book(studio, TWO)["state"] == "done"
    _keep(studio, 1)  # First, at place 1, becomes files: puzzles/s1-...
    first = book_yaml(tmp_path)["sections"][0]
    assert first["name"] == "First" and first["puzzles"][0].endswith("-kept.yaml")
    theirs = {n: (tmp_path / n).read_bytes() for n in first["puzzles"]}
    kept_board = studio.get("/api/puzzles").json()[0]["board"]

    spec = book_yaml(tmp_path)
    assert saved_book(studio, {**spec, "sections": spec["sections"][::-1]})["state"] == "done"
    rows = studio.get("/api/puzzles").json()
    assert [p["section"] for p in rows] == ["Second", "Second", "First", "First"]
    _keep(studio, 1)  # Second, now at place 1, becomes files too

    second, first = book_yaml(tmp_path)["sections"]
    assert second["name"] == "Second" and set(first["puzzles"]) == set(theirs)
    assert not set(second["puzzles"]) & set(theirs)  # names of its own
    assert {n: (tmp_path / n).read_bytes() for n in first["puzzles"]} == theirs
    assert sorted(puzzle_files(tmp_path)) == sorted(second["puzzles"] + first["puzzles"])
    rows = studio.get("/api/puzzles").json()
    assert [p["locked"] for p in rows] == [True, False, True, False]
    assert rows[2]["board"] == kept_board  # First still prints the puzzle it kept
    assert rows[0]["board"] != kept_board


def test_a_removed_section_s_files_survive_a_new_section_in_its_place(studio,
                                                                      tmp_path: Path) -> None:
    """A section removed takes its files out of puzzles/, but they wait in .studio/removed/
    while Undo can bring the section back (test_studio_tidy.py): the section that takes its
    place never takes their names, and the section put back prints them."""
    assert saved_book(studio, TWO)["state"] == "done"
    _keep(studio, 1)
    before = puzzle_files(tmp_path)
    with_first = book_yaml(tmp_path)

    third = {"name": "Third", "count": 2, "difficulty": 2}
    assert saved_book(studio, {**with_first, "sections": [third, with_first["sections"][1]]}
                      )["state"] == "done"
    assert not set(puzzle_files(tmp_path)) & set(before)  # set aside, not left behind
    _keep(studio, 1)  # Third, at First's old place, becomes files: not the same names
    assert not set(puzzle_files(tmp_path)) & set(before)
    names = book_yaml(tmp_path)["sections"][0]["puzzles"]
    assert len(names) == 2 and not set(names) & set(before)

    # the author puts First back as it was: its kept puzzle is still there to print
    now = book_yaml(tmp_path)
    assert saved_book(studio, {**now, "sections": [with_first["sections"][0],
                                                   *now["sections"]]})["state"] == "done"
    rows = studio.get("/api/puzzles").json()
    assert [p["section"] for p in rows] == ["First"] * 2 + ["Third"] * 2 + ["Second"] * 2
    assert [p["locked"] for p in rows] == [True, False, True, False, False, False]
    assert {n: b for n, b in puzzle_files(tmp_path).items() if n in before} == before


def _twins(spec: dict) -> dict:
    return {**spec, "sections": [{**s, "name": "Twin"} for s in spec["sections"]]}


def _reseeded_rows(folder: Path, rename: bool) -> list[dict]:
    """TWO's second section made files (its first puzzle kept), perhaps renamed as the
    first one is, then the book's seed changed: the puzzles the draft prints."""
    with client(folder) as studio:
        assert saved_book(studio, TWO)["state"] == "done"
        _keep(studio, 3)
        spec = book_yaml(folder)
        if rename:
            spec = _twins(spec)
            assert saved_book(studio, spec)["state"] == "done"
        job = saved_book(studio, {**spec, "seed": 5})
        assert job["state"] == "done", job
        assert any(n.startswith("made again: puzzles/s2-") for n in job["notes"]), job
        return studio.get("/api/puzzles").json()


def test_twin_sections_never_take_each_other_s_puzzles_on_a_reseed(tmp_path: Path) -> None:
    """Two sections of one name are two sections: a new seed makes the free file of the
    second from its own new puzzles, never from its twin's (which then prints another
    one). The book is the one the same sections under two names give, puzzle for puzzle."""
    (tmp_path / "twins").mkdir()
    (tmp_path / "apart").mkdir()
    twins = _reseeded_rows(tmp_path / "twins", rename=True)
    apart = _reseeded_rows(tmp_path / "apart", rename=False)
    assert [p["section"] for p in twins] == ["Twin"] * 4
    assert [p["section_index"] for p in twins] == [0, 0, 1, 1]
    assert [p["board"] for p in twins] == [p["board"] for p in apart]
    assert [p["file"] for p in twins] == [p["file"] for p in apart]
    assert len({str(p["board"]) for p in twins}) == 4


def test_a_puzzle_of_one_of_two_sections_of_one_name_is_kept_in_its_own(
        studio, tmp_path: Path) -> None:
    """Keep, move and the table tell twin sections apart by their place: only the second
    becomes files, the first stays generated and prints the same puzzles."""
    twins = _twins(TWO)
    assert saved_book(studio, twins)["state"] == "done"
    before = studio.get("/api/puzzles").json()
    assert [p["section_index"] for p in before] == [0, 0, 1, 1]
    _keep(studio, 3)
    first, second = book_yaml(tmp_path)["sections"]
    assert first == twins["sections"][0]
    assert len(second["puzzles"]) == 2
    assert sorted(puzzle_files(tmp_path)) == sorted(second["puzzles"])
    after = studio.get("/api/puzzles").json()
    assert [p["board"] for p in after] == [p["board"] for p in before]
    assert [p["locked"] for p in after] == [False, False, True, False]
    # a place in its own section only (2 puzzles), not in both (4)
    r = studio.post("/api/puzzles/3/move", json={"to": 3}, headers=WRITE)
    assert r.status_code == 422 and "(1 to 2)" in r.text
    assert finish(studio, studio.post("/api/puzzles/4/move", json={"to": 1},
                                      headers=WRITE))["state"] == "done"
    moved = studio.get("/api/puzzles").json()
    assert [p["board"] for p in moved] == [p["board"] for p in after][:2] + \
        [after[3]["board"], after[2]["board"]]
    # the editor cannot tell which Twin it is to add to: refused, nothing written
    r = studio.post("/api/editor/save", headers=WRITE, json={
        "board": [{"code": "B*Y", "at": [0, 0], "dir": "h"}], "given": ["YYY"],
        "name": "mine", "section": "Twin"})
    assert r.status_code == 422 and "2 sections have that name" in r.text
    assert not (tmp_path / "puzzles/mine.yaml").exists()


def test_a_puzzle_is_not_kept_from_a_build_of_other_sections(studio, tmp_path: Path) -> None:
    """book.yaml changed since the build (its sections swapped): which section a puzzle of
    that build is in cannot be told by a name two sections may share; refused, nothing
    written, until the next build."""
    assert saved_book(studio, TWO)["state"] == "done"
    _save(studio, {**TWO, "sections": TWO["sections"][::-1]})
    job = finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))
    assert job["state"] == "failed" and "build again first" in job["error"], job
    assert not (tmp_path / "puzzles").exists()


def test_names_are_read_as_the_book_command_reads_them(studio, tmp_path: Path) -> None:
    """A book.yaml written by hand: `010`, `Yes` and `on` are three names (YAML 1.2, as
    `conundrum book` reads them), not 8, True and True (two sections of one name, and no
    name the book accepts); the studio shows, saves and keeps them as they are."""
    (tmp_path / "book.yaml").write_text(
        "title: 010\nseed: 3\nsections:\n- name: 010\n  count: 2\n  difficulty: 1\n"
        "- name: Yes\n  count: 1\n  difficulty: 1\n- name: on\n  count: 01\n"
        "  difficulty: 1\n")
    got = studio.get("/api/spec").json()
    assert got["spec"]["title"] == "010"
    assert [s["name"] for s in got["spec"]["sections"]] == ["010", "Yes", "on"]
    assert got["spec"]["sections"][2]["count"] == 1
    job = saved_book(studio, {**got["spec"], "subtitle": "By hand"})
    assert job["state"] == "done", job
    _keep(studio, 1)
    rows = studio.get("/api/puzzles").json()
    assert [(p["section"], p["section_index"], p["locked"]) for p in rows] == [
        ("010", 0, True), ("010", 0, False), ("Yes", 1, False), ("on", 2, False)]
    assert [s.name for s in load_spec(tmp_path / "book.yaml").sections] == ["010", "Yes", "on"]


def test_a_book_yaml_the_book_command_refuses_is_said_so(studio, tmp_path: Path) -> None:
    """A key given twice (written by hand): the book command's message, not a crash."""
    (tmp_path / "book.yaml").write_text("title: A\ntitle: B\nsections: []\n")
    r = studio.get("/api/spec")
    assert r.status_code == 409 and "book.yaml" in r.json()["errors"][0]["message"]
    assert "title" in r.json()["errors"][0]["message"]
