"""Conundrum Studio's puzzle pictures (`GET /api/puzzles/N.png`): the sheet drawn sharp
at the size the page shows it large on a screen of 2 device pixels a CSS pixel, the
table's board at a resolution whose colours and labels read; each drawn once for what
it shows, so a table of many rows, or a build that leaves a puzzle alone, draws nothing
again."""

from __future__ import annotations

import io
from pathlib import Path

import yaml
from PIL import Image

from renderers.studio import builds
from tests.support.studio import WRITE, finish, saved_book


def _png(studio, url: str) -> Image.Image:
    r = studio.get(url)
    assert r.status_code == 200 and r.headers["content-type"] == "image/png", r.text
    return Image.open(io.BytesIO(r.content))


def test_the_sheet_and_the_board_are_drawn_sharp(studio) -> None:
    saved_book(studio)
    sheet = _png(studio, "/api/puzzles/1.png")
    # the page shows a sheet up to LARGE_WIDTH CSS pixels wide: twice that, for 2x
    assert sheet.width >= 2 * builds.LARGE_WIDTH and sheet.height > sheet.width
    css = (Path(builds.__file__).parent / "static" / "studio.css").read_text()
    assert f"#sheet-large {{ width: {builds.LARGE_WIDTH}px;" in css
    board = _png(studio, "/api/puzzles/1.png?part=board")
    assert round(board.info["dpi"][0]) >= 150  # a cell's labels a few millimetres high
    assert board.width < sheet.width and board.height < sheet.height  # the board alone
    # the table shows it at half its pixels (srcset 2x), never wider than 240 CSS pixels
    script = (Path(builds.__file__).parent / "static" / "studio.js").read_text()
    assert "?part=board&t=${stamp} 2x`" in script and ".sheet { max-width: 240px;" in css
    assert studio.get("/api/puzzles/4.png?part=board").status_code == 404


def test_each_picture_is_drawn_once_for_what_it_shows(studio, tmp_path: Path,
                                                      monkeypatch) -> None:
    import renderers.render

    drawn: list[int] = []
    real = renderers.render.render_sheet

    def counted(puzzle, *args, **kwargs):
        drawn.append(kwargs["dpi"])
        return real(puzzle, *args, **kwargs)
    monkeypatch.setattr(renderers.render, "render_sheet", counted)
    saved_book(studio)
    first = [studio.get(f"/api/puzzles/{n}.png?part=board").content for n in (1, 2, 3)]
    assert len(drawn) == 3
    again = [studio.get(f"/api/puzzles/{n}.png?part=board").content for n in (1, 2, 3)]
    assert again == first and len(drawn) == 3  # from memory
    # another puzzle 2: the next table draws that board only
    job = finish(studio, studio.post("/api/puzzles/2/regenerate", headers=WRITE))
    assert job["state"] == "done", job
    after = [studio.get(f"/api/puzzles/{n}.png?part=board").content for n in (1, 2, 3)]
    assert len(drawn) == 4 and len(set(after) & set(first)) == 2
    # a new palette changes every picture: each is drawn again
    spec = yaml.safe_load((tmp_path / "book.yaml").read_text())
    assert saved_book(studio, {**spec, "palette": "colourblind"})["state"] == "done"
    studio.get("/api/puzzles/1.png?part=board")
    assert len(drawn) == 5
