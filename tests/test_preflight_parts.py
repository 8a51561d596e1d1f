"""The self-check's reading in parts (issue 35): a PDF's pages read in parts of
PART_PAGES by up to `jobs` forked workers give the same facts, the same checks and the
same first fault as one process reading every page in turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject

from conundrum.errors import ConundrumError
from renderers.page.printers import printer_rules
from renderers.preflight import interior_checks, pdf_facts
from renderers.preflight.pdf_facts import read_pdf
from tests.test_preflight import made
from tests.test_preflight_hostile import CORPUS


def _outcome(path: Path, jobs: int) -> object:
    """The facts read, or the fault raised as text "refused: ..." (the facts compared as
    values: their sets' order in a repr follows the order parts were merged in, and str
    hashing: one CI run failed on {'rgb', 'grey'} against {'grey', 'rgb'})."""
    try:
        return read_pdf(path, ink=False, jobs=jobs)
    except ConundrumError as exc:
        return f"refused: {exc}"


def _one_pass(monkeypatch, path: Path) -> object:
    """As before parts: every page in one part, in this process."""
    with monkeypatch.context() as m:
        m.setattr(pdf_facts, "PART_PAGES", 10_000)
        return _outcome(path, 1)


def _varied(path: Path, sizes: list[tuple[int, float]], pages: int = 9) -> Path:
    """`pages` pages; page k's text and line drawn at sizes[k] (points, the line's width)
    where given: the smallest type on a later page, tied with a later one still, and the
    thinnest line on another."""
    from fpdf import FPDF

    from renderers.page.fonts import font_path

    pdf = FPDF(unit="pt", format=(432, 648))
    pdf.add_font("PT", "", str(font_path()))
    pdf.set_auto_page_break(False)
    for k in range(pages):
        pdf.add_page()
        size, width = sizes[k] if k < len(sizes) else (10, 1)
        pdf.set_font("PT", size=size)
        pdf.set_line_width(width)
        pdf.set_draw_color(*((200, 0, 0) if k % 2 else (128,)))  # rgb and grey
        pdf.line(60, 60, 200, 60)
        pdf.set_xy(60, 100)
        pdf.cell(text=f"Page {k + 1}")
    pdf.output(str(path))
    return path


@pytest.mark.parametrize("part_pages", [1, 4])
def test_parts_read_the_same_facts_for_any_jobs(tmp_path: Path, monkeypatch,
                                                part_pages: int) -> None:
    books = [made(tmp_path / "plain.pdf", pages=11, wider_page=7),
             _varied(tmp_path / "varied.pdf", [(10, 2), (9, 1), (12, 1), (7, 3), (8, 1),
                                               (7, 1), (11, 0.25), (7, 1)])]
    rules = printer_rules("kdp")
    for book in books:
        whole = _one_pass(monkeypatch, book)
        monkeypatch.setattr(pdf_facts, "PART_PAGES", part_pages)
        for jobs in (1, 2):
            assert _outcome(book, jobs) == whole, (book.name, jobs)
            checks = interior_checks(read_pdf(book, ink=False, jobs=jobs), rules, "grey",
                                     "black", with_ink=False)
            assert [c.row() for c in checks] == [
                c.row() for c in interior_checks(read_pdf(book, ink=False), rules, "grey",
                                                 "black", with_ink=False)]
        monkeypatch.undo()
    varied = read_pdf(books[1], ink=False, jobs=2)
    assert varied.smallest_text == (7.0, 4)  # the first of the pages at 7 pt
    assert {"rgb", "grey"} <= varied.colour_operators and varied.thinnest_line_pt == 0.25


HEAVY_BYTES = 800_000  # a heavy page's content, inflated
LIMIT = 2_000_000  # the inflated-content limit in these tests: passed on a third heavy page
# (the limit and the pages a tenth of the 20 MB and 8 MB the test once used: the same
# pages pass it, and scanning their content was nine tenths of the test's time)


def _heavy_from(path: Path, first: int, pages: int = 9) -> Path:
    """`pages` pages, each with its own content stream; from page `first` on, each
    inflates to HEAVY_BYTES."""
    writer = PdfWriter()
    for k in range(1, pages + 1):
        page = writer.add_blank_page(432, 648)
        stream = DecodedStreamObject()
        stream.set_data(b" " * (HEAVY_BYTES if k >= first else 10))
        page[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
    writer.write(str(path))
    return path


def _last_first(part, data, count: int, jobs: int) -> list:
    """forked_map's results, the parts run from the last to the first: the parts of
    heavy pages at the end pass the limit before the first part starts."""
    return [part(data, index) for index in reversed(range(count))][::-1]


# parts of three pages: slow (3.4 s); the fast set keeps parts of one page here, and parts
# of four pages in test_the_book_s_self_check_warns_alike_for_any_jobs
@pytest.mark.parametrize("part_pages", [1, pytest.param(3, marks=pytest.mark.slow)])
def test_the_same_fault_is_named_first_for_any_jobs(tmp_path: Path, monkeypatch,
                                                     part_pages: int) -> None:
    files = {name: CORPUS[name](tmp_path / f"{k}.pdf") for k, name in enumerate(
        ("wide array", "font dangling", "mediabox strings", "resources integer"))}
    files["heavy"] = _heavy_from(tmp_path / "heavy.pdf", 5)  # the limit passed at page 7
    files["heavy at the end"] = _heavy_from(tmp_path / "end.pdf", 7, pages=12)
    files["book"] = made(tmp_path / "book.pdf", pages=7)
    monkeypatch.setattr(pdf_facts, "MAX_CONTENT_BYTES", LIMIT)
    assert not isinstance(_outcome(files["book"], 1), str)  # a book well under it: read
    for name, path in files.items():
        whole = _one_pass(monkeypatch, path)
        with monkeypatch.context() as m:
            m.setattr(pdf_facts, "PART_PAGES", part_pages)
            for jobs in (1, 2):
                assert _outcome(path, jobs) == whole, (name, jobs)
            m.setattr(pdf_facts, "forked_map", _last_first)
            assert _outcome(path, 1) == whole, (name, "last part first")
    assert "pages 1-7 inflates" in str(_outcome(files["heavy"], 2))
    assert "pages 1-9 inflates" in str(_outcome(files["heavy at the end"], 2))


def test_the_book_s_self_check_warns_alike_for_any_jobs(tmp_path: Path, monkeypatch) -> None:
    from renderers.publish import _warn_preflight

    monkeypatch.setattr(pdf_facts, "PART_PAGES", 4)
    book = made(tmp_path / "book.pdf", pages=11, wider_page=7, colour=(200, 0, 0))
    said: dict[int, list[str]] = {1: [], 2: []}
    for jobs, warnings in said.items():
        _warn_preflight(book, "grey", warnings.append, jobs=jobs)
    assert said[1] == said[2] and len(said[1]) >= 2, said  # the page 1 mm wide, rgb ink
