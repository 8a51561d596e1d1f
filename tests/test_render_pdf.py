"""PDF sheets: a real text layer in every language, the exact answer key, small, deterministic."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from conundrum.notation import Grid
from conundrum.solver import positions
from renderers.page.i18n import LANGUAGES, message
from renderers.page.layout import PAGE_SIZES, page_size
from renderers.paint.pdf import pdf_bytes
from renderers.render import render_sheet
from renderers.sheet.puzzle import Style, sheet_pages
from tests.support.puzzles import busy_puzzle, grown_puzzle, small_puzzle

NOTATION = re.compile(r"\b([RYGBP*]{3} [A-Z]{1,3}\d+ [hv])\b")


def _pages_text(data: bytes) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages]


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def busy():
    return busy_puzzle()


@pytest.fixture(scope="module")
def busy_pdf(busy):
    return pdf_bytes(sheet_pages(busy, answers=True, style=Style()))


def test_text_layer_has_title_codes_and_counts(tmp_path):
    out = render_sheet(small_puzzle(), tmp_path / "sheet.pdf")
    assert out == [tmp_path / "sheet.pdf"]
    text = _norm(_pages_text(out[0].read_bytes())[0])
    for words in ("Conundrum 7", "YYB", "5 positions", "Tiles to place",
                  "at least two matching sides, no clashing side."):
        assert words in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_survives_extraction(lang, tmp_path):
    puzzle = grown_puzzle(14, 3, given=3)
    out = render_sheet(puzzle, tmp_path / "s.pdf", answers=True, lang=lang)[0]
    pages = [_norm(t) for t in _pages_text(out.read_bytes())]
    first, key = pages[0], " ".join(pages[1:])
    for g in puzzle.given:
        assert message(lang, "positions", n=g.positions) in first
    assert message(lang, "tiles_heading") in first
    assert _norm(message(lang, "chameleon_note")) in first
    assert message(lang, "answers_title") in key
    if lang == "uk":
        assert "Плитки, які треба покласти" in first and "позиці" in first
    if lang == "cs":
        assert "Dílky k položení" in first and "Řešení" in key


def test_answer_key_lists_exactly_the_solver_positions(busy, busy_pdf):
    pages = _pages_text(busy_pdf)
    assert len(pages) > 2  # the key needed more than one page
    grid = Grid.of(busy.board)
    expected = {grid.text(p) for g in busy.given
                for p in positions(busy.board, g.code, busy.ruleset)}
    key_text = "\n".join(pages[1:])
    found = NOTATION.findall(key_text)
    assert set(found) == expected
    # Each position twice: once in the full list, once under its picture.
    assert all(found.count(t) == 2 for t in expected)
    assert not NOTATION.findall(pages[0].replace("RYG C4 h", ""))  # no answers on the puzzle


def test_answer_captions_give_first_and_last_cell(busy, busy_pdf):
    grid = Grid.of(busy.board)
    key_text = _norm(" ".join(_pages_text(busy_pdf)[1:]))
    for g in busy.given:
        for p in positions(busy.board, g.code, busy.ruleset):
            assert grid.span_text(p) in key_text


def test_a_sheet_is_small(busy_pdf, tmp_path):
    sheet = render_sheet(grown_puzzle(40, 3, given=3), tmp_path / "s.pdf", answers=True)[0]
    assert sheet.stat().st_size < 100 * 1024
    assert len(busy_pdf) < 200 * 1024  # four pages of small multiples


def test_fonts_are_embedded_and_subset(tmp_path):
    data = render_sheet(small_puzzle(), tmp_path / "s.pdf", lang="uk")[0].read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = [str(f.get_object()["/BaseFont"]) for f in fonts.values()]
    assert names and all(re.fullmatch(r"/[A-Z]{6}\+PT.*", n) for n in names), names
    for f in fonts.values():
        descendant = f.get_object()["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in descendant["/FontDescriptor"]


def test_same_puzzle_same_bytes(tmp_path):
    puzzle = grown_puzzle(14, 3)
    a = render_sheet(puzzle, tmp_path / "a.pdf", answers=True, lang="cs")[0].read_bytes()
    b = render_sheet(puzzle, tmp_path / "b.pdf", answers=True, lang="cs")[0].read_bytes()
    assert a == b


@pytest.mark.parametrize("name", PAGE_SIZES)
def test_page_size_in_points(name, tmp_path):
    out = render_sheet(small_puzzle(), tmp_path / "s.pdf", page=name, answers=True)[0]
    reader = pypdf.PdfReader(out)
    w, h = page_size(name)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w / 25.4 * 72, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(h / 25.4 * 72, abs=0.01)


def test_answers_come_on_their_own_pages_after_the_puzzle(tmp_path):
    plain = render_sheet(small_puzzle(), tmp_path / "a.pdf")[0]
    keyed = render_sheet(small_puzzle(), tmp_path / "b.pdf", answers=True)[0]
    assert len(pypdf.PdfReader(plain).pages) == 1
    pages = _pages_text(keyed.read_bytes())
    assert len(pages) == 2
    assert "Answers: Conundrum 7" in pages[1] and "Answers" not in pages[0]


def test_blank_sheet_prints_no_count(tmp_path):
    out = render_sheet(small_puzzle(), tmp_path / "s.pdf", blank=True, lang="fr")[0]
    text = _norm(_pages_text(out.read_bytes())[0])
    assert "Nombre de positions :" in text and "5 positions" not in text
