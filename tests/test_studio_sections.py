"""Conundrum Studio's puzzle files after the designer reorders, removes or adds sections:
the files a section lists in book.yaml are its own, whatever its place. A section made
puzzle files later gets names no other section lists and no file in the folder has, so a
kept puzzle is never overwritten, lost or printed in another section."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.studio import WRITE, finish, saved_book

TWO = {"title": "Two Sections", "seed": 3,
       "sections": [{"name": "First", "count": 2, "difficulty": 1},
                    {"name": "Second", "count": 2, "difficulty": 1}]}


def _spec(folder: Path) -> dict:
    return yaml.safe_load((folder / "book.yaml").read_text())


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in (folder / "puzzles").glob("*.yaml")}


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
    first = _spec(tmp_path)["sections"][0]
    assert first["name"] == "First" and first["puzzles"][0].endswith("-kept.yaml")
    theirs = {n: (tmp_path / n).read_bytes() for n in first["puzzles"]}
    kept_board = studio.get("/api/puzzles").json()[0]["board"]

    spec = _spec(tmp_path)
    assert saved_book(studio, {**spec, "sections": spec["sections"][::-1]})["state"] == "done"
    rows = studio.get("/api/puzzles").json()
    assert [p["section"] for p in rows] == ["Second", "Second", "First", "First"]
    _keep(studio, 1)  # Second, now at place 1, becomes files too

    second, first = _spec(tmp_path)["sections"]
    assert second["name"] == "Second" and set(first["puzzles"]) == set(theirs)
    assert not set(second["puzzles"]) & set(theirs)  # names of its own
    assert {n: (tmp_path / n).read_bytes() for n in first["puzzles"]} == theirs
    assert sorted(_files(tmp_path)) == sorted(second["puzzles"] + first["puzzles"])
    rows = studio.get("/api/puzzles").json()
    assert [p["locked"] for p in rows] == [True, False, True, False]
    assert rows[2]["board"] == kept_board  # First still prints the puzzle it kept
    assert rows[0]["board"] != kept_board


def test_a_removed_section_s_files_survive_a_new_section_in_its_place(studio,
                                                                      tmp_path: Path) -> None:
    """A section removed leaves its files in the folder (undo brings it back with them):
    the section that takes its place never writes over them."""
    assert saved_book(studio, TWO)["state"] == "done"
    _keep(studio, 1)
    before = _files(tmp_path)
    with_first = _spec(tmp_path)

    third = {"name": "Third", "count": 2, "difficulty": 2}
    assert saved_book(studio, {**with_first, "sections": [third, with_first["sections"][1]]}
                      )["state"] == "done"
    _keep(studio, 1)  # Third, at First's old place, becomes files: the same names
    assert {n: b for n, b in _files(tmp_path).items() if n in before} == before
    names = _spec(tmp_path)["sections"][0]["puzzles"]
    assert len(names) == 2 and not set(names) & set(before)

    # the author puts First back as it was: its kept puzzle is still there to print
    now = _spec(tmp_path)
    assert saved_book(studio, {**now, "sections": [with_first["sections"][0],
                                                   *now["sections"]]})["state"] == "done"
    rows = studio.get("/api/puzzles").json()
    assert [p["section"] for p in rows] == ["First"] * 2 + ["Third"] * 2 + ["Second"] * 2
    assert [p["locked"] for p in rows] == [True, False, True, False, False, False]
    assert {n: b for n, b in _files(tmp_path).items() if n in before} == before


def test_a_puzzle_of_one_of_two_sections_of_one_name_is_not_kept(studio,
                                                                  tmp_path: Path) -> None:
    """The build names a puzzle's section by its name only: keeping a puzzle of one of
    two sections named alike would write the files of both into one; refused instead."""
    twins = {**TWO, "sections": [{**s, "name": "Twin"} for s in TWO["sections"]]}
    assert saved_book(studio, twins)["state"] == "done"
    job = finish(studio, studio.post("/api/puzzles/3/lock", headers=WRITE))
    assert job["state"] == "failed" and "2 sections are named 'Twin'" in job["error"]
    assert _spec(tmp_path) == twins and not (tmp_path / "puzzles").exists()
