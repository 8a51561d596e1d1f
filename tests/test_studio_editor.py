"""The setter's editor (`POST /api/editor/count`) agrees with the CLI: `solve --json` for
the counts and arrangements, `validate` for the faults, `grade` for score and grade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.support.program import run_program
from tests.support.studio import WRITE, client


@pytest.fixture(scope="module")
def game() -> list[dict]:
    done = run_program("simulate", "--players", "1", "--seed", "1", "--json")
    return json.loads(done.stdout)["board"]


def _cli(tmp_path: Path, board: list[dict], given: list[str], kind: str = "count") -> Path:
    path = tmp_path / "set.yaml"
    path.write_text(yaml.safe_dump({"kind": kind, "board": board,
                                    "given": [{"code": c} for c in given]}))
    return path


@pytest.mark.parametrize("kind", ["count", "all"])
def test_counts_on_a_77_tile_board_match_the_solver(tmp_path: Path, game, kind) -> None:
    board, given = game[:77], [p["code"] for p in game[77:80]]
    with client(tmp_path) as c:
        r = c.post("/api/editor/count", json={"rules": "standard", "kind": kind,
                                              "board": board, "given": given}, headers=WRITE)
    got = r.json()
    assert r.status_code == 200 and got["legal"] is True and got["faults"] == []
    path = _cli(tmp_path, board, given, kind)
    solved = json.loads(run_program("solve", path, "--json").stdout)
    if kind == "all":
        assert got["arrangements"] == solved["count"]
    else:
        assert [(g["code"], g["positions"]) for g in got["given"]] == \
            [(t["code"], t["count"]) for t in solved["tiles"]]
    graded = json.loads(run_program("grade", path, "--json").stdout)
    assert got["grade"] == graded["grade"] and got["score"] == pytest.approx(graded["score"])


def test_a_refused_lay_says_why_and_faults_are_named(tmp_path: Path) -> None:
    start = {"code": "B*Y", "at": [0, 0], "dir": "h"}
    with client(tmp_path) as c:
        lay = c.post("/api/editor/count", headers=WRITE, json={
            "board": [start], "given": ["YYY"],
            "lay": {"code": "GGG", "at": [0, 1], "dir": "h"}}).json()
        assert lay["given"] == [{"code": "YYY", "positions": 2}]
        assert lay["lay"]["legal"] is False and "clash" in lay["lay"]["reason"]
        ok = c.post("/api/editor/count", headers=WRITE, json={
            "board": [start], "lay": {"code": "YYY", "at": [1, -1], "dir": "h"}}).json()
        assert ok["lay"] == {"legal": True, "reason": ""}
        floating = c.post("/api/editor/count", headers=WRITE, json={
            "board": [start, {"code": "GGG", "at": [10, 10], "dir": "h"}],
            "given": ["YYY"]}).json()
        assert floating["legal"] is False and "GGG" in floating["faults"][0]
        bad = c.post("/api/editor/count", headers=WRITE, json={"board": "nonsense"})
        assert bad.status_code == 422 and bad.json()["errors"][0]["key"] == "board"


def test_a_hand_set_puzzle_is_saved_and_added_to_a_section(tmp_path: Path) -> None:
    start = {"code": "B*Y", "at": [0, 0], "dir": "h"}
    doc = {"board": [start], "given": ["YYY", "BYY"], "name": "mine", "section": "By hand"}
    with client(tmp_path) as c:
        assert c.post("/api/editor/save", json=doc).status_code == 403
        r = c.post("/api/editor/save", json=doc, headers=WRITE)
        assert r.status_code == 200 and r.json()["file"] == "puzzles/mine.yaml"
        for bad in ({"name": "../escape"}, {"name": "x", "board": [start], "given": []},
                    {"name": "x", "section": "Warm-up"}):
            r = c.post("/api/editor/save", json={**doc, **bad}, headers=WRITE)
            assert r.status_code == 422, bad
    assert not (tmp_path.parent / "escape.yaml").exists()
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    assert spec["sections"][-1] == {"name": "By hand", "puzzles": ["puzzles/mine.yaml"]}
    assert run_program("validate", tmp_path / "puzzles/mine.yaml").returncode == 0
    solved = json.loads(run_program("solve", tmp_path / "puzzles/mine.yaml", "--json").stdout)
    assert [t["count"] for t in solved["tiles"]] == [2, 6]


def test_a_lay_them_all_puzzle_goes_to_a_section_of_its_kind(tmp_path: Path) -> None:
    """A new section made for a `kind: all` puzzle says `kind: all` (the book refuses a
    Lay-them-all file in a section of count puzzles); a section of the other kind is
    refused before anything is written."""
    board = [{"code": "G*R", "at": [0, 0], "dir": "h"}, {"code": "GRR", "at": [0, -1], "dir": "h"},
             {"code": "BGG", "at": [-1, -2], "dir": "v"}]  # one arrangement
    start = {"code": "B*Y", "at": [0, 0], "dir": "h"}
    with client(tmp_path) as c:
        count = {"board": [start], "given": ["YYY"], "name": "c", "section": "Counts"}
        assert c.post("/api/editor/save", json=count, headers=WRITE).status_code == 200
        doc = {"kind": "all", "board": board, "given": ["YRY", "GGY"], "name": "lay",
               "section": "Lay"}
        r = c.post("/api/editor/save", json=doc, headers=WRITE)
        assert r.status_code == 200, r.text
        wrong = {**doc, "name": "lay2", "section": "Counts"}
        r = c.post("/api/editor/save", json=wrong, headers=WRITE)
        assert r.status_code == 422 and "Counts" in r.text
        assert c.post("/api/editor/save", json={**count, "name": "c2", "section": "Lay"},
                      headers=WRITE).status_code == 422
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    assert spec["sections"][-1] == {"name": "Lay", "puzzles": ["puzzles/lay.yaml"],
                                    "kind": "all"}
    assert not (tmp_path / "puzzles/lay2.yaml").exists()
    assert not (tmp_path / "puzzles/c2.yaml").exists()


def test_a_puzzle_the_book_refuses_leaves_no_file(tmp_path: Path) -> None:
    """Saved to a new section, a Lay-them-all puzzle without exactly one arrangement is
    refused by book.yaml: no file of that name is left (or the one before is put back)."""
    board = [{"code": "B*Y", "at": [0, 0], "dir": "h"}, {"code": "YYY", "at": [1, -1], "dir": "h"},
             {"code": "YYB", "at": [3, 0], "dir": "v"}]  # no arrangement
    doc = {"kind": "all", "board": board, "given": ["BYG", "PGR"], "name": "none",
           "section": "New"}
    with client(tmp_path) as c:
        r = c.post("/api/editor/save", json=doc, headers=WRITE)
        assert r.status_code == 422 and "0 arrangements" in r.text, r.text
        assert not (tmp_path / "puzzles/none.yaml").exists()
        assert not (tmp_path / "book.yaml").exists()
        mine = {"board": board, "given": ["BYG"], "name": "none"}  # saved, in no section
        assert c.post("/api/editor/save", json=mine, headers=WRITE).status_code == 200
        kept = (tmp_path / "puzzles/none.yaml").read_bytes()
        assert c.post("/api/editor/save", json=doc, headers=WRITE).status_code == 422
        assert (tmp_path / "puzzles/none.yaml").read_bytes() == kept


def test_a_name_of_the_book_s_own_puzzle_files_is_refused(tmp_path: Path) -> None:
    """The editor never writes over a puzzle file of the Puzzles table (free or kept)."""
    board = [{"code": "B*Y", "at": [0, 0], "dir": "h"}]
    with client(tmp_path) as c:
        for name in ("s1-001", "s2-013-kept"):
            r = c.post("/api/editor/save", json={"board": board, "given": ["YYY"],
                                                 "name": name}, headers=WRITE)
            assert r.status_code == 422 and "studio's name" in r.text, r.text
        assert not (tmp_path / "puzzles").exists()
        assert c.post("/api/editor/save", json={"board": board, "given": ["YYY"],
                                                "name": "s1-001-mine"},
                      headers=WRITE).status_code == 200
