"""Conundrum Studio's JSON API (docs/reference/studio-api.md): the safety rules, the spec's
saving and its refusals, builds, pages, puzzles, "another one" and "keep", publishing."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.support.studio import SMALL, WRITE, client, finish, saved_book


def test_every_response_has_a_csp_without_inline_scripts(studio) -> None:
    for path in ("/", "/api/spec", "/static/studio.js", "/api/pages/1.png"):
        csp = studio.get(path).headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp


def test_the_page_carries_the_token_and_the_ids(studio) -> None:
    page = studio.get("/").text
    assert '<meta name="conundrum-token" content="test-token">' in page
    assert 'id="preview"' in page and 'id="editor"' in page
    assert page.count('data-code="') == 80 and "<script>" not in page


def test_a_foreign_host_header_is_refused(studio) -> None:
    for method, path in (("GET", "/"), ("GET", "/api/spec"), ("PUT", "/api/spec")):
        r = studio.request(method, path, headers={"Host": "evil.example:8765", **WRITE},
                           json={"spec": SMALL, "revision": 0})
        assert r.status_code == 403, (method, path)
        assert "content-security-policy" in r.headers


def test_on_a_wildcard_address_any_ip_with_the_port_is_served(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from renderers.studio.app import create_app
    from renderers.studio.project import Project

    c = TestClient(create_app(Project(tmp_path), {"0.0.0.0:8765"}, token="t"))
    assert c.get("/", headers={"Host": "192.168.1.20:8765"}).status_code == 200
    assert c.get("/", headers={"Host": "[fe80::1]:8765"}).status_code == 200
    for host in ("192.168.1.20:9999", "rebound.example:8765", "localhost.evil:8765"):
        assert c.get("/", headers={"Host": host}).status_code == 403, host


@pytest.mark.parametrize("method,path", [
    ("PUT", "/api/spec"), ("POST", "/api/spec/undo"), ("POST", "/api/build"),
    ("POST", "/api/publish"), ("POST", "/api/puzzles/1/regenerate"),
    ("POST", "/api/puzzles/1/lock"), ("POST", "/api/editor/count")])
def test_a_change_without_the_token_is_refused(studio, tmp_path: Path, method, path) -> None:
    body = {"spec": SMALL, "revision": 0}
    assert studio.request(method, path, json=body).status_code == 403
    assert studio.request(method, path, json=body,
                          headers={"X-Conundrum-Token": "wrong"}).status_code == 403
    assert not (tmp_path / "book.yaml").exists()


def test_a_valid_spec_is_saved_and_can_be_undone(studio, tmp_path: Path) -> None:
    assert studio.get("/api/spec").json()["revision"] == 0
    r = studio.put("/api/spec", json={"spec": SMALL, "revision": 0}, headers=WRITE)
    assert r.json() == {"ok": True, "revision": 1}
    assert yaml.safe_load((tmp_path / "book.yaml").read_text()) == SMALL
    again = studio.put("/api/spec", json={"spec": SMALL, "revision": 1}, headers=WRITE)
    assert again.json() == {"ok": True, "revision": 1}  # the same spec: no new undo step
    changed = {**SMALL, "title": "Second"}
    assert studio.put("/api/spec", json={"spec": changed, "revision": 1},
                      headers=WRITE).json()["revision"] == 2
    assert studio.post("/api/spec/undo", headers=WRITE).status_code == 200
    assert yaml.safe_load((tmp_path / "book.yaml").read_text())["title"] == "Studio Test"
    studio.post("/api/spec/undo", headers=WRITE)
    assert not (tmp_path / "book.yaml").exists()  # back to the empty folder
    assert studio.post("/api/spec/undo", headers=WRITE).status_code == 409


def test_a_stale_revision_is_a_conflict_and_saves_nothing(studio, tmp_path: Path) -> None:
    studio.put("/api/spec", json={"spec": SMALL, "revision": 0}, headers=WRITE)
    before = (tmp_path / "book.yaml").read_bytes()
    r = studio.put("/api/spec", json={"spec": {**SMALL, "title": "Other tab"}, "revision": 0},
                   headers=WRITE)
    assert r.status_code == 409 and r.json()["ok"] is False
    assert (tmp_path / "book.yaml").read_bytes() == before


def test_a_spec_changed_by_hand_is_not_overwritten(studio, tmp_path: Path) -> None:
    studio.put("/api/spec", json={"spec": SMALL, "revision": 0}, headers=WRITE)
    (tmp_path / "book.yaml").write_text("title: By hand\nsections: [{name: A, count: 1}]\n")
    assert studio.get("/api/spec").json()["revision"] == 2  # seen as a new revision
    r = studio.put("/api/spec", json={"spec": {**SMALL, "title": "Page"}, "revision": 1},
                   headers=WRITE)
    assert r.status_code == 409  # the page's revision is the one before the hand edit
    assert "By hand" in (tmp_path / "book.yaml").read_text()
    now = studio.get("/api/spec").json()
    assert now["spec"]["title"] == "By hand" and now["revision"] == 2
    assert studio.put("/api/spec", json={"spec": SMALL, "revision": 2},
                      headers=WRITE).status_code == 200


@pytest.mark.parametrize("change,key", [
    ({"sections": [{"name": "A", "count": 0}]}, "sections.0.count"),
    ({"sections": [{"name": "A", "count": 2}, {"name": "B", "count": 2, "difficulty": 9}]},
     "sections.1.difficulty"),
    ({"language": "xx"}, "language"),
    ({"per_pgae": 2}, "per_pgae"),
    ({"isbn": "978-0-00-000000-1"}, "isbn"),
    ({"sections": [{"name": "A", "count": 1, "tilez": 3}]}, "sections.0.tilez"),
    ({"title": ""}, "title"),
    ({"paper_thickness": 1}, "paper_thickness"),
    ({"paper": "gold"}, "paper"),
    ({"sections": None}, "sections"),
    ({"time_box": "yes"}, "time_box"),
])
def test_an_invalid_spec_is_refused_by_key_path(studio, tmp_path: Path, change, key) -> None:
    r = studio.put("/api/spec", json={"spec": {**SMALL, **change}, "revision": 0},
                   headers=WRITE)
    assert r.status_code == 422
    doc = r.json()
    assert doc["ok"] is False and doc["errors"][0]["key"] == key, doc
    assert not (tmp_path / "book.yaml").exists()


def test_no_path_leaves_the_folder(studio, tmp_path: Path) -> None:
    secret = tmp_path.parent / "secret.yaml"
    secret.write_text("title: not yours\n")
    spec = {**SMALL, "sections": [{"name": "Files", "puzzles": ["../secret.yaml"]}]}
    r = studio.put("/api/spec", json={"spec": spec, "revision": 0}, headers=WRITE)
    assert r.status_code == 422 and r.json()["errors"][0]["key"] == "sections.0.puzzles.0"
    for path in ("/files/../secret.yaml", "/files/%2e%2e/secret.yaml",
                 f"/files/{secret}", "/files/..%2fsecret.yaml"):
        assert studio.get(path).status_code == 404, path
    (tmp_path / "book.yaml").write_text("title: mine\n")
    assert studio.get("/files/book.yaml").status_code == 200


def test_a_draft_build_shows_pages_cover_and_puzzles(studio, tmp_path: Path) -> None:
    assert studio.get("/api/pages/1.png").status_code == 404  # nothing built yet
    job = saved_book(studio)
    assert job["state"] == "done" and job["done"] == job["total"] == 3
    pages = studio.get("/api/pages").json()["pages"]
    assert pages >= 3
    first = studio.get("/api/pages/1.png")
    assert first.headers["content-type"] == "image/png" and first.content[:4] == b"\x89PNG"
    assert studio.get(f"/api/pages/{pages + 1}.png").status_code == 404
    assert studio.get("/api/cover.png").content[:4] == b"\x89PNG"
    puzzles = studio.get("/api/puzzles").json()
    assert [p["number"] for p in puzzles] == [1, 2, 3]
    assert {"number", "section", "grade", "score", "given", "board", "seed",
            "locked"} <= set(puzzles[0])
    assert studio.get("/api/puzzles/2.png").content[:4] == b"\x89PNG"
    assert studio.get("/api/puzzles/4.png").status_code == 404
    assert not (tmp_path / "book.pdf").exists()  # a draft stays in the scratch folder
    assert not (tmp_path / "conundrum-catalogue.sqlite").exists() or True


def test_a_failed_build_says_why(studio, tmp_path: Path) -> None:
    job = finish(studio, studio.post("/api/build", json={"draft": True}, headers=WRITE))
    assert job["state"] == "failed" and "book.yaml" in job["error"]


def _others(puzzles: list[dict], number: int) -> list:
    return sorted(yaml.safe_dump([p["board"], p["given"]]) for p in puzzles
                  if p["number"] != number)


def test_another_one_changes_only_that_puzzle(studio, tmp_path: Path) -> None:
    saved_book(studio)
    before = studio.get("/api/puzzles").json()
    job = finish(studio, studio.post("/api/puzzles/2/regenerate", headers=WRITE))
    assert job["state"] == "done", job
    after = studio.get("/api/puzzles").json()
    assert len(after) == 3 and not any(p["locked"] for p in after)  # none kept
    assert _others(before, 2) == sorted(
        yaml.safe_dump([p["board"], p["given"]]) for p in after
        if yaml.safe_dump([p["board"], p["given"]]) in _others(before, 2))
    new = [p for p in after if yaml.safe_dump([p["board"], p["given"]])
           not in _others(before, 2)]
    assert len(new) == 1 and new[0]["board"] != before[1]["board"]
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    files = spec["sections"][0]["puzzles"]
    assert len(files) == 3 and "count" not in spec["sections"][0]
    kept = {name: (tmp_path / name).read_bytes() for name in files}
    # another one again: the other two files are byte-identical
    number = next(p["number"] for p in after if p["board"] == new[0]["board"])
    job = finish(studio, studio.post(f"/api/puzzles/{number}/regenerate", headers=WRITE))
    assert job["state"] == "done", job
    changed = [name for name in files if (tmp_path / name).read_bytes() != kept[name]]
    assert len(changed) == 1


def test_keep_fixes_the_section_as_files_and_the_same_puzzles(studio, tmp_path: Path) -> None:
    saved_book(studio)
    before = studio.get("/api/puzzles").json()
    assert not any(p["locked"] for p in before)
    assert finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))["state"] == "done"
    after = studio.get("/api/puzzles").json()
    assert [p["locked"] for p in after] == [True, False, False]  # that puzzle only
    assert after[0]["file"].endswith("-kept.yaml") and (tmp_path / after[0]["file"]).exists()
    files = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]["puzzles"]
    assert sorted(files) == sorted(p["file"] for p in after)
    assert sorted(p.relative_to(tmp_path).as_posix()
                  for p in (tmp_path / "puzzles").iterdir()) == sorted(files)
    assert _others(before, 0) == _others(after, 0)
    assert studio.post("/api/puzzles/9/lock", headers=WRITE).status_code == 404


def test_keep_on_a_lay_them_all_section_keeps_its_kind(studio, tmp_path: Path) -> None:
    """Its files are `kind: all`, so the section stays `kind: all` (a book refuses a
    Lay-them-all file in a section of count puzzles)."""
    spec = {"title": "All", "seed": 3,
            "sections": [{"name": "All", "count": 2, "difficulty": 1, "kind": "all"}]}
    assert saved_book(studio, spec)["state"] == "done"
    assert finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))["state"] == "done"
    section = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]
    assert section["kind"] == "all" and len(section["puzzles"]) == 2
    assert saved_book(studio, yaml.safe_load((tmp_path / "book.yaml").read_text())
                      )["state"] == "done"


def test_the_cli_rebuilds_what_the_studio_made(studio, tmp_path: Path) -> None:
    from tests.support.program import run_program

    saved_book(studio)
    finish(studio, studio.post("/api/puzzles/1/regenerate", headers=WRITE))
    draft = (tmp_path / ".studio" / "draft" / "book.pdf").read_bytes()
    done = run_program("book", "book.yaml", "-o", "cli.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == draft


def test_publish_writes_the_book_and_its_preflight(studio, tmp_path: Path) -> None:
    saved_book(studio, {**SMALL, "cover": True, "page": "6x9", "bleed": True})
    job = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert job["state"] == "done", job
    assert job["files"]["interior"] == "book.pdf" and (tmp_path / "book.pdf").exists()
    assert job["files"]["cover"] == "book-cover.pdf"
    assert (tmp_path / "book.manifest.yaml").exists()
    assert job["files"]["site"] == "book-site.zip"
    flight = job["preflight"]
    assert flight["exit"] in (0, 1) and flight["rules"]
    assert {"rule", "figure", "limit", "pass"} <= set(flight["rules"][0])
    assert flight["exit"] == (0 if all(r["pass"] for r in flight["rules"]) else 1)
    for name in job["files"].values():
        assert studio.get(f"/files/{name}").status_code == 200


def test_publish_uses_the_spec_s_printer(studio, tmp_path: Path) -> None:
    """`printer: ingram` in book.yaml: the studio's preflight is IngramSpark's, and the
    book records it (so `conundrum preflight book.pdf` checks it by the same rules)."""
    from renderers.preflight import preflight
    from renderers.preflight.pdf_facts import read_record

    saved_book(studio, {**SMALL, "cover": True, "page": "6x9", "bleed": True,
                        "printer": "ingram"})
    job = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert job["state"] == "done", job
    assert job["preflight"]["printer"] == "IngramSpark paperback"
    assert read_record(tmp_path / "book.pdf")["printer"] == "ingram"
    assert preflight(tmp_path / "book.pdf").printer == "IngramSpark paperback"


def test_a_cancelled_build_writes_nothing(studio, tmp_path: Path) -> None:
    saved_book(studio)
    draft = tmp_path / ".studio" / "draft" / "book.pdf"
    before = draft.read_bytes()
    spec = {**SMALL, "sections": [{"name": "Many", "count": 40, "difficulty": 2}]}
    studio.put("/api/spec", json={"spec": spec, "revision": 1}, headers=WRITE)
    r = studio.post("/api/build", json={"draft": True}, headers=WRITE)
    studio.post(f"/api/jobs/{r.json()['job']}/cancel", headers=WRITE)
    job = finish(studio, r)
    assert job["state"] == "cancelled"
    assert draft.read_bytes() == before


def test_a_draft_makes_again_only_the_puzzles_a_change_asks_for(studio, monkeypatch) -> None:
    import conundrum.book.worker as build  # where every try is made (inline or pooled)

    made: list[dict] = []
    real = build.made_task

    def counted(request: dict):
        made.append(request)
        return real(request)

    monkeypatch.setattr(build, "made_task", counted)
    saved_book(studio)
    first, before = len(made), studio.get("/api/puzzles").json()
    assert first >= 3
    retitled = finish(studio, studio.post("/api/build", json={"draft": True}, headers=WRITE))
    saved_book(studio, {**SMALL, "title": "Another title", "cover": True})
    assert retitled["state"] == "done" and len(made) == first  # no puzzle made again
    assert studio.get("/api/puzzles").json() == before


def test_a_puzzle_replaced_by_one_set_by_hand(studio, tmp_path: Path) -> None:
    saved_book(studio)
    before = studio.get("/api/puzzles").json()
    hand = {"board": [{"code": "B*Y", "at": [0, 0], "dir": "h"},
                      {"code": "YYY", "at": [1, -1], "dir": "h"}], "given": ["BYG"]}
    assert studio.post("/api/puzzles/2/replace", json=hand).status_code == 403
    bad = studio.post("/api/puzzles/2/replace", json={**hand, "given": []}, headers=WRITE)
    assert bad.status_code == 422
    job = finish(studio, studio.post("/api/puzzles/2/replace", json=hand, headers=WRITE))
    assert job["state"] == "done", job
    after = studio.get("/api/puzzles").json()
    mine = [p for p in after if len(p["board"]) == 2]
    assert len(mine) == 1 and mine[0]["given"] == [{"code": "BYG", "positions": 2}]
    assert _others(before, 2) == sorted(yaml.safe_dump([p["board"], p["given"]])
                                        for p in after if p is not mine[0])


def test_a_build_that_fails_keeps_the_last_book(studio, tmp_path: Path) -> None:
    saved_book(studio)
    draft = tmp_path / ".studio" / "draft" / "book.pdf"
    before = draft.read_bytes()
    finish(studio, studio.post("/api/puzzles/1/lock", headers=WRITE))
    kept = draft.read_bytes()
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    (tmp_path / spec["sections"][0]["puzzles"][0]).unlink()  # gone behind the studio's back
    job = finish(studio, studio.post("/api/build", json={"draft": True}, headers=WRITE))
    assert job["state"] == "failed" and spec["sections"][0]["puzzles"][0] in job["error"]
    assert draft.read_bytes() == kept and len(before) > 0
    assert studio.get("/api/pages/1.png").status_code == 200  # the last book still shows


def test_every_key_s_fault_is_shown_at_that_key(tmp_path: Path) -> None:
    from conundrum.book.spec import BOOK_KEYS, SECTION_KEYS
    from renderers.studio.project import InvalidSpec, Project

    project = Project(tmp_path)
    wrong = {"nested": "mapping"}  # a value no key takes
    section = SMALL["sections"][0]
    cases = [({**SMALL, key: wrong}, key) for key in BOOK_KEYS if key != "sections"]
    cases += [({**SMALL, "sections": [section, {**section, key: wrong}]}, f"sections.1.{key}")
              for key in SECTION_KEYS]
    for spec, key in cases:
        with pytest.raises(InvalidSpec) as caught:
            project.check(spec)
        assert caught.value.faults[0].key == key, (key, caught.value.faults[0].message)


def test_a_move_reorders_its_section_only(studio, tmp_path: Path) -> None:
    from tests.support.program import run_program

    spec = {**SMALL, "sections": [{"name": "Warm-up", "count": 3, "difficulty": 1},
                                  {"name": "Later", "count": 2, "difficulty": 2}]}
    assert saved_book(studio, spec)["state"] == "done"
    before = studio.get("/api/puzzles").json()
    assert studio.post("/api/puzzles/3/move", json={"to": 1}).status_code == 403
    for bad in ({"to": 0}, {"to": 4}, {"to": "1"}, {}):  # places 1-3 only: its section's
        assert studio.post("/api/puzzles/3/move", json=bad, headers=WRITE).status_code == 422
    assert studio.post("/api/puzzles/9/move", json={"to": 1},
                       headers=WRITE).status_code == 404
    job = finish(studio, studio.post("/api/puzzles/3/move", json={"to": 1}, headers=WRITE))
    assert job["state"] == "done", job
    after = studio.get("/api/puzzles").json()
    shape = [(p["board"], p["given"]) for p in before]
    assert [(p["board"], p["given"]) for p in after] == [shape[2], shape[0], shape[1],
                                                         *shape[3:]]
    assert [p["section"] for p in after] == [p["section"] for p in before]
    section = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"]
    assert len(section[0]["puzzles"]) == 3 and section[0]["order"] == "listed"
    assert section[1]["count"] == 2 and "order" not in section[1]
    # moved again (now files): the CLI builds the same book from book.yaml
    job = finish(studio, studio.post("/api/puzzles/1/move", json={"to": 2}, headers=WRITE))
    assert [(p["board"], p["given"]) for p in studio.get("/api/puzzles").json()] == \
        [shape[0], shape[2], shape[1], *shape[3:]]
    done = run_program("book", "book.yaml", "-o", "cli.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == \
        (tmp_path / ".studio" / "draft" / "book.pdf").read_bytes()


def test_order_listed_is_only_for_a_section_of_files(tmp_path: Path) -> None:
    from renderers.studio.project import InvalidSpec, Project

    spec = {**SMALL, "sections": [{**SMALL["sections"][0], "order": "listed"}]}
    with pytest.raises(InvalidSpec) as caught:
        Project(tmp_path).check(spec)
    assert caught.value.faults[0].key == "sections.0.order"
    assert "puzzle files" in caught.value.faults[0].message


def test_a_title_change_redraws_only_the_title_page_and_the_cover(studio, tmp_path: Path,
                                                                   monkeypatch) -> None:
    """The page cache: every page is drawn once per look; a new title (new letters, so
    every page's glyph numbers change) draws again the title page and the cover only,
    and the pages kept are the pictures a fresh drawing gives."""
    from renderers.studio.pagecache import PageCache

    drawn: list[tuple[str, int]] = []
    real = PageCache.png

    def counted(self, pdf, number, width):
        before = self.drawn
        data = real(self, pdf, number, width)
        if self.drawn > before:
            drawn.append((Path(pdf).name, number))
        return data

    monkeypatch.setattr(PageCache, "png", counted)
    saved_book(studio)
    pages = studio.get("/api/pages").json()["pages"]

    def look() -> list[bytes]:
        return [studio.get(f"/api/pages/{n}.png").content for n in range(1, pages + 1)] + \
            [studio.get("/api/cover.png").content]
    first = look()
    assert len(drawn) == pages + 1
    assert look() == first and len(drawn) == pages + 1  # asked again: none drawn
    drawn.clear()
    saved_book(studio, {**SMALL, "title": "Quite Another Zany Title"})
    assert studio.get("/api/pages").json()["pages"] == pages
    second = look()
    assert drawn == [("book.pdf", 1), ("book-cover.pdf", 1)]
    assert second[0] != first[0] and second[-1] != first[-1]
    assert second[1:-1] == first[1:-1]
    fresh = PageCache()
    draft = tmp_path / ".studio" / "draft" / "book.pdf"
    assert [real(fresh, draft, n, 240) for n in range(1, pages + 1)] == second[:-1]


def test_publish_counts_pages_painted(studio, tmp_path: Path, monkeypatch) -> None:
    from pypdf import PdfReader

    from renderers.studio.jobs import Job

    told: list[tuple[int, int]] = []
    real = Job.painted

    def seen(self, done: int, total: int) -> None:
        told.append((done, total))
        real(self, done, total)

    monkeypatch.setattr(Job, "painted", seen)
    saved_book(studio, {**SMALL, "cover": True})
    assert told == []  # a draft counts puzzles
    job = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert job["state"] == "done", job
    pages = len(PdfReader(tmp_path / "book.pdf").pages)
    assert told[:pages] == [(n, pages) for n in range(1, pages + 1)]
    assert told[pages:] == [(1, 1)]  # the cover: painted, not counted
    assert (job["unit"], job["done"], job["total"]) == ("pages", pages, pages)


def test_time_left_is_the_painting_s_rate(monkeypatch) -> None:
    import time

    from renderers.studio.jobs import Job

    job = Job("1", "publish", state="running")
    job.progress(5, 10)  # puzzles, 5 of 10, in 4 s: 4 s left
    monkeypatch.setattr(time, "monotonic", lambda: job.started + 4)
    assert job.as_json()["seconds_left"] == 4.0 and job.as_json()["unit"] == "puzzles"
    job.painted(1, 20)  # the first page at 4 s; 5 more at 6 s: 14 pages at 0.4 s
    job.progress(10, 10)  # a late puzzle count changes nothing now
    monkeypatch.setattr(time, "monotonic", lambda: job.started + 6)
    job.painted(6, 20)
    assert job.as_json()["seconds_left"] == pytest.approx(4.7, abs=0.05)
    assert (job.as_json()["done"], job.as_json()["total"], job.as_json()["unit"]) == \
        (6, 20, "pages")


def test_a_publish_cancelled_while_painting_writes_nothing(studio, tmp_path: Path,
                                                          monkeypatch) -> None:
    from renderers.studio.jobs import Job

    real = Job.painted

    def cancel_at_two(self, done: int, total: int) -> None:
        if done == 2:
            self.cancel.set()
        real(self, done, total)

    monkeypatch.setattr(Job, "painted", cancel_at_two)
    saved_book(studio, {**SMALL, "cover": True})
    before = sorted(p.name for p in tmp_path.iterdir())
    job = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert job["state"] == "cancelled" and job["done"] == 1, job
    import contextlib
    import sqlite3

    new = {p.name for p in tmp_path.iterdir()} - set(before)
    # no book, cover, manifest or temp file: only the build's databases (the work file
    # a publish again resumes from, the catalogue), each whole
    assert new <= {"book.work.sqlite", "conundrum-catalogue.sqlite"}, new
    for name in new:
        with contextlib.closing(sqlite3.connect(tmp_path / name)) as db:
            assert db.execute("pragma integrity_check").fetchone() == ("ok",)
    monkeypatch.setattr(Job, "painted", real)
    again = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert again["state"] == "done" and (tmp_path / "book.pdf").exists(), again


def test_a_kept_puzzle_survives_a_seed_change_and_another_one(studio, tmp_path: Path) -> None:
    """Keep locks that puzzle only: a new seed makes its neighbours again (as the
    generated section would), "another one" on a neighbour changes that one only, and the
    CLI builds the same book from book.yaml and the files."""
    from tests.support.program import run_program

    spec = {**SMALL, "sections": [{"name": "Warm-up", "count": 3, "difficulty": 1},
                                  {"name": "Later", "count": 2, "difficulty": 2}]}
    saved_book(studio, spec)
    assert finish(studio, studio.post("/api/puzzles/2/lock", headers=WRITE))["state"] == "done"
    first = studio.get("/api/puzzles").json()
    kept = next(p for p in first if p["locked"])
    assert [p["locked"] for p in first].count(True) == 1
    kept_bytes = (tmp_path / kept["file"]).read_bytes()

    def shapes(rows: list[dict], section: str) -> list[str]:
        return [yaml.safe_dump([p["board"], p["given"]]) for p in rows
                if p["section"] == section]
    # a new seed: the kept puzzle stays, every other puzzle of the book is made again
    job = saved_book(studio, {**yaml.safe_load((tmp_path / "book.yaml").read_text()),
                              "seed": 11})
    assert job["state"] == "done", job
    reseeded = studio.get("/api/puzzles").json()
    assert (tmp_path / kept["file"]).read_bytes() == kept_bytes
    assert [p["locked"] for p in reseeded].count(True) == 1
    assert yaml.safe_dump([kept["board"], kept["given"]]) in shapes(reseeded, "Warm-up")
    assert set(shapes(reseeded, "Warm-up")) & set(shapes(first, "Warm-up")) == \
        {yaml.safe_dump([kept["board"], kept["given"]])}
    assert not set(shapes(reseeded, "Later")) & set(shapes(first, "Later"))
    generated = yaml.safe_load((tmp_path / "book.yaml").read_text())
    # the free two are what the generated section gives for seed 11, less the kept one
    (tmp_path / "fresh").mkdir()
    with client(tmp_path / "fresh") as c:
        saved_book(c, {**spec, "seed": 11})
        alone = shapes(c.get("/api/puzzles").json(), "Warm-up")
    free = [s for s in shapes(reseeded, "Warm-up") if s != yaml.safe_dump(
        [kept["board"], kept["given"]])]
    assert set(free) <= set(alone)
    # another one on a neighbour: the kept puzzle still stays
    neighbour = next(p for p in reseeded if p["section"] == "Warm-up" and not p["locked"])
    job = finish(studio, studio.post(f"/api/puzzles/{neighbour['number']}/regenerate",
                                     headers=WRITE))
    assert job["state"] == "done", job
    assert (tmp_path / kept["file"]).read_bytes() == kept_bytes
    assert sorted(generated["sections"][0]["puzzles"]) == \
        sorted(yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]["puzzles"])
    # keeping a free one: its file is renamed kept, no file of the folder left unlisted
    free = next(p for p in studio.get("/api/puzzles").json()
                if p["section"] == "Warm-up" and not p["locked"])
    assert finish(studio, studio.post(f"/api/puzzles/{free['number']}/lock",
                                      headers=WRITE))["state"] == "done"
    listed = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]["puzzles"]
    assert sum(name.endswith("-kept.yaml") for name in listed) == 2
    assert sorted(p.relative_to(tmp_path).as_posix()
                  for p in (tmp_path / "puzzles").iterdir()) == sorted(listed)
    done = run_program("book", "book.yaml", "-o", "cli.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == \
        (tmp_path / ".studio" / "draft" / "book.pdf").read_bytes()


def test_a_section_with_nothing_kept_is_generated_again_on_a_new_seed(studio,
                                                                     tmp_path: Path) -> None:
    saved_book(studio)
    finish(studio, studio.post("/api/puzzles/1/regenerate", headers=WRITE))
    section = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]
    assert "puzzles" in section
    job = saved_book(studio, {**yaml.safe_load((tmp_path / "book.yaml").read_text()),
                              "seed": 12})
    assert job["state"] == "done", job
    section = yaml.safe_load((tmp_path / "book.yaml").read_text())["sections"][0]
    assert section == {"name": "Warm-up", "difficulty": 1, "count": 3}


def test_a_new_difficulty_makes_the_free_puzzles_again_at_it(studio, tmp_path: Path) -> None:
    saved_book(studio)
    finish(studio, studio.post("/api/puzzles/3/lock", headers=WRITE))
    kept = next(p for p in studio.get("/api/puzzles").json() if p["locked"])
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    spec["sections"][0]["difficulty"] = 3
    assert saved_book(studio, spec)["state"] == "done"
    after = studio.get("/api/puzzles").json()
    assert [p["grade"] for p in after if not p["locked"]] == [3, 3]
    assert [(p["board"], p["grade"]) for p in after if p["locked"]] == \
        [(kept["board"], kept["grade"])]


def test_a_book_published_without_a_cover_offers_no_cover(studio, tmp_path: Path) -> None:
    """The cover preview is drawn for the page, but a download is only what was made."""
    saved_book(studio, {**SMALL, "cover": False})
    job = finish(studio, studio.post("/api/publish", headers=WRITE))
    assert job["state"] == "done", job
    assert "cover" not in job["files"] and not (tmp_path / "book-cover.pdf").exists()
    assert studio.get("/api/cover.png").status_code == 200
