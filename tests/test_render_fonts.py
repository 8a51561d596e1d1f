"""Fonts from the Python package, measured once for layout; clear error when missing."""

from __future__ import annotations

import sys

import pytest

from conundrum.errors import ConundrumError
from renderers.page import fonts
from renderers.page.layout import Page
from renderers.page.text import clip, draw_fitted, draw_paragraph, line_height


def test_font_comes_from_the_python_package():
    path = fonts.font_path(False)
    assert "fontpkg_pt_sans" in str(path) and path.suffix == ".ttf"
    assert not str(path).startswith("/usr/share/fonts")
    assert fonts.font_path(True) != path


def test_missing_font_package_names_what_to_install(monkeypatch):
    fonts.font_path.cache_clear()
    monkeypatch.setitem(sys.modules, "fontpkg_pt_sans", None)  # import now fails
    try:
        with pytest.raises(ConundrumError, match="pip install fontpkg-pt-sans"):
            fonts.font_path(False)
    finally:
        fonts.font_path.cache_clear()


def test_widths_scale_with_size_and_bold_is_wider():
    w10 = fonts.text_width("Hlavolam č. 12", 10)
    assert fonts.text_width("Hlavolam č. 12", 20) == pytest.approx(2 * w10)
    assert fonts.text_width("Hlavolam č. 12", 10, bold=True) > w10
    assert 20 < w10 < 30  # about 24 mm at 10 pt


def test_wrap_keeps_lines_within_the_width():
    text = "Знайдіть усі місця, куди можна покласти кожну плитку окремо " * 3
    lines = fonts.wrap(text, 9, 60)
    assert len(lines) > 2 and " ".join(lines).split() == text.split()
    assert all(fonts.text_width(line, 9) <= 60 for line in lines)


def test_fitted_and_clipped_lines_never_overflow():
    assert fonts.fit_size("short", 10, 100) == 10
    assert fonts.fit_size("a long line of text", 10, 10) < 10
    long = "A title far too long for any page " * 10
    clipped = clip(long, 4, 50)
    assert clipped.endswith("…") and fonts.text_width(clipped, 4) <= 50
    page = Page(100, 100)
    draw_fitted(page, long, 10, 10, 50, 18)
    run = page.items[0]
    assert fonts.text_width(run.text, run.size) <= 50


def test_paragraph_advances_by_lines():
    page = Page(100, 100)
    bottom = draw_paragraph(page, "one two three four five six seven", 0, 10, 20, 10)
    assert bottom == pytest.approx(10 + len(page.items) * line_height(10))
