"""Conundrum Studio's "unkeep" (`POST /api/puzzles/N/unlock`): a kept puzzle's file goes
back to the free name, the same puzzle, which a new seed may then make again. And a
per-puzzle change book.yaml refuses leaves the puzzle files as they were."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.studio import WRITE, finish, saved_book


def _listed(folder: Path) -> list[str]:
    return yaml.safe_load((folder / "book.yaml").read_text())["sections"][0]["puzzles"]


def test_unkeep_gives_the_file_its_free_name_back(studio, tmp_path: Path) -> None:
    saved_book(studio)
    assert finish(studio, studio.post("/api/puzzles/2/lock", headers=WRITE))["state"] == "done"
    kept = studio.get("/api/puzzles").json()
    name = kept[1]["file"]
    assert kept[1]["locked"] and name.startswith("puzzles/s1-") and name.endswith("-kept.yaml")
    free = name.removesuffix("-kept.yaml") + ".yaml"
    kept_bytes = (tmp_path / name).read_bytes()
    job = finish(studio, studio.post("/api/puzzles/2/unlock", headers=WRITE))
    assert job["state"] == "done", job
    assert job["notes"] == [free]
    after = studio.get("/api/puzzles").json()
    assert [p["locked"] for p in after] == [False, False, False]
    assert after[1]["file"] == free
    assert (tmp_path / free).read_bytes() == kept_bytes  # the same puzzle
    assert [p["board"] for p in after] == [p["board"] for p in kept]
    assert sorted(p.relative_to(tmp_path).as_posix()
                  for p in (tmp_path / "puzzles").iterdir()) == sorted(_listed(tmp_path))
    assert name not in _listed(tmp_path) and not (tmp_path / name).exists()
    # free again: a new seed makes the section again (nothing in it is kept now)
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    assert saved_book(studio, {**spec, "seed": 12})["state"] == "done"
    section = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]
    assert "puzzles" not in section and section["count"] == 3
    assert kept[1]["board"] not in [p["board"] for p in studio.get("/api/puzzles").json()]


def test_unkeep_refuses_what_is_not_kept(studio, tmp_path: Path) -> None:
    saved_book(studio)
    r = studio.post("/api/puzzles/1/unlock", headers=WRITE)
    assert r.status_code == 409 and "not kept" in r.json()["errors"][0]["message"]
    assert studio.post("/api/puzzles/9/unlock", headers=WRITE).status_code == 404
    assert finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))["state"] == "done"
    assert studio.post("/api/puzzles/1/unlock").status_code == 403  # no token
    assert sum(n.endswith("-kept.yaml") for n in _listed(tmp_path)) == 1


def test_the_author_s_own_file_is_never_renamed(studio, tmp_path: Path) -> None:
    saved_book(studio)
    finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    names = spec["sections"][0]["puzzles"]
    at = next(i for i, n in enumerate(names) if n.endswith("-kept.yaml"))
    (tmp_path / names[at]).rename(tmp_path / "puzzles/mine.yaml")
    names[at] = "puzzles/mine.yaml"
    assert saved_book(studio, spec)["state"] == "done"
    mine = next(p["number"] for p in studio.get("/api/puzzles").json() if p["locked"])
    job = finish(studio, studio.post(f"/api/puzzles/{mine}/unlock", headers=WRITE))
    assert job["state"] == "failed" and "a file of the author's" in job["error"], job
    assert (tmp_path / "puzzles/mine.yaml").exists()
    assert "puzzles/mine.yaml" in _listed(tmp_path)


def test_a_replace_the_book_refuses_leaves_the_files_as_they_were(studio,
                                                                  tmp_path: Path) -> None:
    """A Lay-them-all puzzle with no arrangement put in place of one: book.yaml refuses
    it, and neither it nor its section's other files are left in the folder."""
    saved_book(studio)
    before = (tmp_path / "book.yaml").read_text()
    hand = {"rules": "standard", "kind": "all", "given": ["BYG", "PGR"], "board": [
        {"code": "B*Y", "at": [0, 0], "dir": "h"}, {"code": "YYY", "at": [1, -1], "dir": "h"},
        {"code": "YYB", "at": [3, 0], "dir": "v"}]}
    job = finish(studio, studio.post("/api/puzzles/2/replace", json=hand, headers=WRITE))
    assert job["state"] == "failed" and "0 arrangements" in job["error"], job
    assert (tmp_path / "book.yaml").read_text() == before
    assert not list((tmp_path / "puzzles").glob("*"))
    # a section already of files: its files stay byte for byte
    assert finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))["state"] == "done"
    files = {p: p.read_bytes() for p in (tmp_path / "puzzles").iterdir()}
    number = next(p["number"] for p in studio.get("/api/puzzles").json() if not p["locked"])
    job = finish(studio, studio.post(f"/api/puzzles/{number}/replace", json=hand,
                                     headers=WRITE))
    assert job["state"] == "failed", job
    assert {p: p.read_bytes() for p in (tmp_path / "puzzles").iterdir()} == files
