"""What the renderer keeps between calls (issue 35, render CPU) is keyed on all it depends on:
a cached answer is the answer worked out afresh."""

from __future__ import annotations

import pytest

from conundrum.notation import Grid
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
