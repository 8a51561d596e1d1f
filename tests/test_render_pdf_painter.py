"""The PDF painter writes its operators itself (renderers/paint/pdf_painter.py): the same
bytes as fpdf2's own text(), for every kind of item, colour space and text run."""

from __future__ import annotations

import io

import pypdf
import pytest

import renderers.paint.pdf as pdf_module
from renderers.page.layout import Circle, Line, Page, Polygon, Rect, Text
from renderers.paint.pdf import pdf_bytes
from renderers.paint.pdf_painter import Painter


class _Fpdf2Text(Painter):
    """The painter with every unrotated text run written by fpdf2's own `text()`."""

    def _run(self, item: Text, x: float, colour: str) -> None:
        self.flush()  # what is gathered goes first, as it would have
        self.pdf.text(x, item.y, item.text)


def _page(shift: float) -> Page:
    page = Page(120, 90)
    page.add(Rect(5, 5, 20, 10, fill="#ff0000"),
             Rect(8 + shift, 8, 5, 5, stroke="#0000ff", width=0.3),
             Rect(10, 20, 5, 5, fill="#00ff00", stroke="#0000ff", width=0.5),
             Rect(1, 1, 1, 1),  # neither filled nor stroked: nothing painted
             Text(10, 40, "Left (1) \\ back", 9),
             Text(60, 40, "Centre", 12, bold=True, align="center", colour="#ff0000"),
             Line(0, 50, 100, 55, stroke="#333333", width=0.25),
             Text(110, 40, "Праворуч é", 9, align="right", colour="#00ff00"),
             Polygon(((10, 60), (20, 60), (15, 70)), fill="#ffff00", stroke="#000000"),
             Circle(50, 70, 6, fill="#00ff00"),
             Text(60, 80, "same as the fill", 8, colour="#00ff00"),
             Text(100, 85, "Spine", 10, angle=90),
             Text(10, 85, "after the rotation", 8, colour="#0000ff"))
    return page


@pytest.mark.parametrize("colour", ["rgb", "cmyk", "grey"])
def test_text_runs_are_fpdf2s_own(colour, monkeypatch):
    pages = [_page(0), _page(3), Page(80, 80, items=[Text(5, 5, "Left (1)", 9)])]
    ours = pdf_bytes(pages, "T", "en", colour)
    monkeypatch.setattr(pdf_module, "Painter", _Fpdf2Text)
    assert pdf_bytes(pages, "T", "en", colour) == ours
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(ours)).pages)
    for words in ("Left (1) \\ back", "Праворуч é", "Spine", "after the rotation"):
        assert words in text
