"""Conundrum Studio tidies the puzzle files it wrote itself: one no section of book.yaml
lists any more leaves `puzzles/` (held in `.studio/removed/` while Undo can bring it back,
then removed), and a file the author put there, or changed, is never touched."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.studio import TWO, WRITE, book_yaml, client, finish, puzzle_files, saved_book


def _listed(folder: Path) -> set[str]:
    return {n for s in book_yaml(folder)["sections"] for n in s.get("puzzles") or []}


def _ok(studio, response) -> dict:
    job = finish(studio, response)
    assert job["state"] == "done", job
    return job


def _undo(studio) -> None:
    assert studio.post("/api/spec/undo", headers=WRITE).status_code == 200
    _ok(studio, studio.post("/api/build", json={"draft": True}, headers=WRITE))


def _hand_placed(folder: Path) -> dict[str, bytes]:
    """Two files the author put in puzzles/ by hand: one of their own name, one named as
    the studio names its files (copied from another book, say)."""
    source = next((folder / "puzzles").glob("s*.yaml")).read_bytes()
    mine = {"puzzles/mine.yaml": source, "puzzles/s9-001.yaml": source}
    for name, data in mine.items():
        (folder / name).write_bytes(data)
    return mine


def test_a_section_generated_again_takes_its_free_files_with_it(studio,
                                                                tmp_path: Path) -> None:
    """A new seed makes a section with nothing kept a generated one again: its free files
    leave puzzles/ (Undo puts them back, byte for byte); the author's files stay."""
    assert saved_book(studio, TWO)["state"] == "done"
    _ok(studio, studio.post("/api/puzzles/2/regenerate", headers=WRITE))  # First: free files
    made = puzzle_files(tmp_path, "*")
    assert sorted(made) == sorted(_listed(tmp_path)) and len(made) == 2
    mine = _hand_placed(tmp_path)

    job = saved_book(studio, {**book_yaml(tmp_path), "seed": 12})
    assert job["state"] == "done" and "section First: nothing kept, generated again" \
        in job["notes"], job
    assert "puzzles" not in book_yaml(tmp_path)["sections"][0]
    assert puzzle_files(tmp_path, "*") == mine  # no leftover; the author's files as they were

    _undo(studio)  # the section of files again, its puzzles with it
    assert set(book_yaml(tmp_path)["sections"][0]["puzzles"]) == set(made)
    assert puzzle_files(tmp_path, "*") == {**made, **mine}


def test_a_removed_section_s_files_go_once_undo_cannot_bring_it_back(tmp_path: Path) -> None:
    """Removing a section takes its files out of puzzles/ at once; Undo brings them
    back whole; once no Undo can (the next studio on the folder), they are removed for
    good at the next save. A file of the studio's that the author changed is theirs."""
    with client(tmp_path) as studio:
        assert saved_book(studio, TWO)["state"] == "done"
        _ok(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))  # First: files
        _ok(studio, studio.post("/api/puzzles/4/lock", headers=WRITE))  # Second: files
        first, second = (s["puzzles"] for s in book_yaml(tmp_path)["sections"])
        made = puzzle_files(tmp_path, "*")
        mine = _hand_placed(tmp_path)
        changed = second[1]
        (tmp_path / changed).write_bytes(made[changed] + b"# the author's note\n")
        mine[changed] = (tmp_path / changed).read_bytes()

        spec = book_yaml(tmp_path)
        assert saved_book(studio, {**spec, "sections": spec["sections"][:1]}
                          )["state"] == "done"
        assert puzzle_files(tmp_path, "*") == {**{n: made[n] for n in first}, **mine}
        assert sorted((tmp_path / ".studio/removed/puzzles").iterdir()) == \
            [tmp_path / ".studio/removed" / second[0]]

        _undo(studio)
        assert puzzle_files(tmp_path, "*") == {**made, **mine}
        assert [p["locked"] for p in studio.get("/api/puzzles").json()] == \
            [True, False, False, True]

        assert saved_book(studio, {**spec, "sections": spec["sections"][:1]}
                          )["state"] == "done"
    with client(tmp_path) as studio:  # a new studio: no Undo reaches the two sections
        spec = book_yaml(tmp_path)
        assert saved_book(studio, {**spec, "title": "Tidied"})["state"] == "done"
    assert puzzle_files(tmp_path, "*") == {**{n: made[n] for n in first}, **mine}
    assert not list((tmp_path / ".studio/removed").rglob("*.yaml"))


def test_undo_after_keep_and_unkeep_brings_back_the_files_it_names(studio,
                                                                   tmp_path: Path) -> None:
    """Keep renames a free file (`-kept`) and unkeep renames it back: Undo of either
    finds the files its book.yaml lists (the same puzzles), and the book builds."""
    def boards() -> dict[str, list]:
        return {n: yaml.safe_load(b)["board"] for n, b in puzzle_files(tmp_path, "*").items()}

    assert saved_book(studio, TWO)["state"] == "done"
    _ok(studio, studio.post("/api/puzzles/2/regenerate", headers=WRITE))
    free = boards()
    _ok(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))
    kept = boards()
    assert len(kept) == 2 and sorted(kept) == sorted(_listed(tmp_path)) != sorted(free)
    _ok(studio, studio.post("/api/puzzles/1/unlock", headers=WRITE))
    assert boards() == free

    _undo(studio)  # the kept name again
    assert boards() == kept and sorted(_listed(tmp_path)) == sorted(kept)
    _undo(studio)  # the free names again
    assert boards() == free and sorted(_listed(tmp_path)) == sorted(free)
    assert [p["locked"] for p in studio.get("/api/puzzles").json()] == [False] * 4


def test_the_author_s_file_replaced_by_a_hand_set_puzzle_stays_theirs(studio,
                                                                      tmp_path: Path) -> None:
    """A file of the author's name that a puzzle set by hand replaced is still theirs:
    the section removed, it stays in puzzles/."""
    assert saved_book(studio, TWO)["state"] == "done"
    _ok(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))
    spec = book_yaml(tmp_path)
    names = spec["sections"][0]["puzzles"]
    (tmp_path / names[0]).rename(tmp_path / "puzzles/mine.yaml")
    names[0] = "puzzles/mine.yaml"
    assert saved_book(studio, spec)["state"] == "done"
    hand = {"board": [{"code": "B*Y", "at": [0, 0], "dir": "h"}], "given": ["YYY", "BYY"]}
    _ok(studio, studio.post("/api/puzzles/1/replace", json=hand, headers=WRITE))
    assert "puzzles/mine.yaml" in _listed(tmp_path)
    mine = (tmp_path / "puzzles/mine.yaml").read_bytes()
    assert yaml.safe_load(mine)["board"] == [{"code": "B*Y", "at": [0, 0], "dir": "h"}]

    spec = book_yaml(tmp_path)
    assert saved_book(studio, {**spec, "sections": spec["sections"][1:]})["state"] == "done"
    assert puzzle_files(tmp_path, "*") == {"puzzles/mine.yaml": mine}
