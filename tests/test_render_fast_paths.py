"""The renderer's fast paths (issue 35, render CPU) give what the plain ways give: a cached
answer is the answer worked out afresh, and the page's items, not frozen at run time, are
still values (equal and hashed by their fields) and read-only to the type checker."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from conundrum.notation import Grid
from renderers.page.layout import Circle, Line, Polygon, Rect, Text
from renderers.page.palettes import mix
from renderers.sheet.draw import label_band, label_size
from renderers.sheet.puzzle import _board_cell, _cell_of


@pytest.mark.parametrize(("columns", "rows"), [(9, 7), (26, 30), (31, 25), (60, 12)])
def test_a_grids_labels_and_cell_depend_on_its_size_alone(columns, rows):
    # _board_cell is cached by the grid's size: its labels must not depend on where it starts
    here, there = Grid(0, 0, columns, rows), Grid(-7, 12, columns, rows)
    for cell in (0.3, 2.0, 4.0, 6.5):
        assert label_band(cell, here) == label_band(cell, there)
        assert label_size(cell, here) == label_size(cell, there)
    for w, h, most in ((180, 120, 8.0), (90, 60, 6.0), (40, 300, 10.0)):
        fresh = _cell_of.__wrapped__(columns, rows, w, h, most)  # type: ignore[attr-defined]
        assert _board_cell(there, w, h, most) == fresh == _board_cell(here, w, h, most)


def test_a_mixed_colour_is_the_mix_worked_out_again():
    for colour, other, t in (("#ff0000", "#ffffff", 0.6), ("#123456", "#000000", 0.45)):
        assert mix(colour, other, t) == mix.__wrapped__(colour, other, t)
    assert mix("#000000", "#ffffff", 0.5) == "#808080"


ITEMS = [Rect(1, 2, 3, 4, fill="#ff0000"), Line(0, 0, 1, 1), Polygon(((0, 0), (1, 0), (0, 1))),
         Circle(5, 5, 1, stroke="#000000"), Text(1, 2, "A", 8, align="center")]


@pytest.mark.parametrize("item", ITEMS, ids=lambda i: type(i).__name__)
def test_items_are_values(item):
    twin = replace(item)
    assert twin == item and twin is not item and hash(twin) == hash(item)
    assert len({item, twin}) == 1
    assert replace(item, tag="other") != item


@pytest.mark.slow
def test_the_type_checker_refuses_changing_an_item(tmp_path):
    source = tmp_path / "change.py"
    source.write_text("from renderers.page.layout import Rect\n"
                      "r = Rect(1, 2, 3, 4)\nr.x = 5\n", "utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental",
                           "--follow-imports=silent", str(source)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "read-only" in done.stdout, done.stdout
