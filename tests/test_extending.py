"""The guide proven, in the spirit of Simon Tatham's nullgame.c: a language, a palette and
a page size registered at run time exactly as docs/dev/extending.md says to add one for
good (tests/support/registries.py: their files and one registry entry, nothing else), then
a sheet, a book's pages, a cover and a web page drawn with each. If adding one of them
ever needs another file edited, this test fails first and extending.md must say so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conundrum.book.spec import parse_spec
from renderers.book.cover import cover_page, cover_pdf
from renderers.page.layout import Page, page_size
from renderers.render import render_sheet
from renderers.web.page import page_html
from tests.support.puzzles import small_puzzle
from tests.support.registries import add_language, add_page_size, add_palette
from tests.support.web import chrome, console_errors, open_page  # noqa: F401
from tests.test_book_print import book, faults

LANG, PALETTE, TRIM = "xx", "nullpal", "4.25x6.75"
TRIM_MM = (4.25 * 25.4, 6.75 * 25.4)
WORDS = {"title_default": "Xx nullgame", "instruction": "Xx lay each tile somewhere.",
         "answers_title": "Xx answers",
         "positions": {"one": "{n} xx-place", "other": "{n} xx-places"}}
FILLS = {"R": "#a11d1d", "Y": "#e8c500", "G": "#1f7a32", "B": "#1c3f94", "P": "#6c2a8c"}


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    add_language(monkeypatch, tmp_path / "messages", LANG, WORDS)
    add_palette(monkeypatch, tmp_path / "palette", PALETTE,
                {"fills": FILLS, "symbols": True, "about": "a test's",
                 "process": {c: [0, 0, 0, 100] for c in FILLS}})
    add_page_size(monkeypatch, TRIM, TRIM_MM)


def _fills(page: Page) -> set[str]:
    return {getattr(item, "fill", None) for item in page.items} - {None}


def test_a_sheet(registered: None, tmp_path: Path) -> None:
    assert page_size(TRIM) == TRIM_MM
    (pdf,) = render_sheet(small_puzzle(), tmp_path / "s.pdf", lang=LANG, palette=PALETTE,
                          page=TRIM)
    reader = PdfReader(pdf)
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        tuple(v / 25.4 * 72 for v in TRIM_MM), abs=0.01)
    text = reader.pages[0].extract_text()
    assert "Xx lay each tile somewhere." in text and "xx-place" in text
    svg = render_sheet(small_puzzle(), tmp_path / "s.svg", lang=LANG, palette=PALETTE,
                       page=TRIM)[0].read_text(encoding="utf-8")
    assert FILLS["R"] in svg


def test_a_books_pages(registered: None) -> None:
    pages, geo = book(TRIM, True, LANG, 2, palette=PALETTE)
    assert (geo.trim_w, geo.trim_h) == pytest.approx(TRIM_MM)
    puzzles = [p for p in pages if p.kind == "puzzles"]
    assert puzzles and FILLS["G"] in _fills(puzzles[0])
    assert any("xx-place" in t for p in puzzles for t in p.texts())
    for number, p in enumerate(pages, 1):
        assert not faults(p, number, geo), (number, p.kind)


def test_a_cover(registered: None) -> None:
    spec = parse_spec(f"title: Null book\npage: {TRIM}\nbleed: true\nlanguage: {LANG}\n"
                      f"palette: {PALETTE}\nsections: [{{name: A, count: 3}}]\n")
    cover = cover_page(spec, 120, [small_puzzle()])
    x0, y0, x1, y1 = cover.trim or (0, 0, 0, 0)
    assert y1 - y0 == pytest.approx(TRIM_MM[1])
    assert x1 - x0 > 2 * TRIM_MM[0]  # back, spine, front
    assert FILLS["B"] in _fills(cover)
    assert cover_pdf(spec, 120, [small_puzzle()]).startswith(b"%PDF")


def test_a_web_page(registered: None) -> None:
    text = page_html(small_puzzle(), lang=LANG, palette=PALETTE)
    assert re.search(r'<html lang="xx"', text)
    assert "Xx lay each tile somewhere." in text and FILLS["P"] in text


def test_a_web_page_plays(registered: None, chrome, tmp_path: Path) -> None:  # noqa: F811
    path = tmp_path / "p.html"
    path.write_text(page_html(small_puzzle(), lang=LANG, palette=PALETTE), encoding="utf-8")
    open_page(chrome, path)
    assert console_errors(chrome) == []
    assert chrome.execute_script("return window.conundrum.answer('zzz a1 h')")["verdict"]
