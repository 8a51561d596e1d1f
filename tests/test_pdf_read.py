"""The layout audit's reader (tests/support/pdf_read.py, pdfium) reads what pdfminer reads
(through pdfplumber, the audit's reader before): the same glyphs in the same order with
the same boxes, sizes and matrices, the same words, the same shapes with the same kinds,
boxes and paint, and so the same faults; and where pdfium would read less, it fails."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from fpdf import FPDF
from pdfminer.pdftypes import resolve1

from renderers.book.cover import cover_pdf
from renderers.book.layout import book_pages
from renderers.page.fonts import font_path
from renderers.paint.pdf import pdf_bytes
from tests.support.pdf_audit import Case, _ink, _words, audit_page, small_book
from tests.support.pdf_read import PageRead, UnreadPdf, read_pdf

NEAR = 1e-3  # pt: pdfium's 32-bit floats against pdfminer's 64-bit ones


def pdfminer_read(data: bytes) -> list[PageRead]:
    """The PDF `data` read by pdfplumber (pdfminer) into the same dicts."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            trim = resolve1(page.page_obj.attrs.get("TrimBox"))
            found.append(PageRead(
                float(page.width), float(page.height),
                tuple(float(v) for v in page.mediabox),  # type: ignore[arg-type]
                tuple(float(resolve1(v)) for v in trim) if trim else None,  # type: ignore[arg-type]
                list(page.chars), list(page.rects), list(page.lines), list(page.curves)))
    return found


def _same(a: object, b: object) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= NEAR
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def differences(ours: list[PageRead], theirs: list[PageRead]) -> list[str]:
    """Where two readings of one PDF differ in a fact the audit reads (empty: none)."""
    found: list[str] = []
    if len(ours) != len(theirs):
        return [f"{len(ours)} pages against {len(theirs)}"]
    keys = ("text", "x0", "x1", "top", "bottom", "size", "upright", "matrix")
    for number, (a, b) in enumerate(zip(ours, theirs, strict=True), 1):
        for what in ("width", "height", "mediabox", "trimbox"):
            if not _same(getattr(a, what), getattr(b, what)):
                found.append(f"page {number}: {what}")
        # pdfium keeps one of two spaces in a row; a space only ends a word
        glyphs = [[tuple(c[k] for k in keys) for c in p.chars if c["text"].strip()]
                  for p in (a, b)]
        if not _same(*glyphs):
            found.append(f"page {number}: glyphs")
        words = [[(w["text"], w["x0"], w["x1"], w["top"], w["bottom"], w["size"],
                   [c["matrix"] for c in w["chars"]]) for w in _words(p)] for p in (a, b)]
        if not _same(*words):
            found.append(f"page {number}: words")
        for kind in ("rects", "lines", "curves"):
            shapes = [[(s["x0"], s["top"], s["x1"], s["bottom"], s["fill"], s["stroke"],
                        s.get("linewidth")) for s in getattr(p, kind)] for p in (a, b)]
            if not _same(*shapes):
                found.append(f"page {number}: {kind}")
        if [filled for _box, filled in _ink(a)] != [filled for _box, filled in _ink(b)]:
            found.append(f"page {number}: ink")
    return found


def faults(pages: list[PageRead]) -> list[tuple[int, str]]:
    """The audit's faults of `pages`, each its page and rule."""
    return [(f.page, f.rule) for n, p in enumerate(pages, 1)
            for f in audit_page(p, n, len(pages))]


def test_the_reader_reads_a_book_and_its_cover_as_pdfminer_does() -> None:
    """A book with a how-to page, puzzles, answers listed and a cover with a turned spine,
    QR codes and a barcode."""
    case = Case("6x9", False, "uk", "colourblind", "list", "count", False, True, "band")
    content = small_book(case.keys(), case.kind)
    pages = book_pages(content, lambda _m: None)
    book = pdf_bytes(pages, "Audit", case.language, "rgb", case.palette)
    # a cover for 300 pages: its spine has room for words, turned a quarter
    cover = cover_pdf(content.spec, 300, [bp.puzzle for bp in content.puzzles])
    for data in (book, cover):
        ours, theirs = read_pdf(data), pdfminer_read(data)
        assert differences(ours, theirs) == []
        assert faults(ours) == faults(theirs)
    assert any(not c["upright"] for c in read_pdf(cover)[0].chars)  # the spine was read


def test_a_page_broken_every_way_reads_back_with_the_same_faults() -> None:
    """Each rule of the audit broken on one page (type under 7 pt, two words overlapping, a
    word crowded by ink, a word and a frame outside the safe area): both readers find the
    same faults, every rule among them."""
    pdf = FPDF(unit="pt", format=(432, 648))
    pdf.add_page()
    # the books' font, embedded (with a base-14 font pdfium and pdfminer take descents
    # from their own tables, which differ: no book of ours has one)
    pdf.add_font("pt", fname=str(font_path()))
    pdf.set_font("pt", size=12)
    pdf.text(100, 100, "Overlapping")
    pdf.text(130, 104, "words")
    pdf.set_font("pt", size=5)
    pdf.text(100, 200, "tiny")
    pdf.set_font("pt", size=12)
    pdf.text(100, 300, "crowded")
    pdf.set_fill_color(0, 0, 0)
    pdf.rect(100, 301, 40, 3, style="F")
    pdf.text(4, 400, "edge")
    pdf.set_line_width(1)
    pdf.rect(2, 500, 60, 60)
    data = bytes(pdf.output())
    ours, theirs = read_pdf(data), pdfminer_read(data)
    assert differences(ours, theirs) == []
    assert faults(ours) == faults(theirs)
    assert {rule for _page, rule in faults(ours)} == {
        "type under 7 pt", "words overlap", "less than 1.5 pt of paper round a word",
        "text outside the safe area", "ink outside the safe area"}


def _doubled(twice: bool) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.text(20, 20, "Twice")
    if twice:
        pdf.text(20, 20, "Twice")
    return bytes(pdf.output())


def test_a_word_drawn_twice_at_one_place_fails_the_reading() -> None:
    """pdfium's text page drops a text object drawn again over itself (fake bold); pdfminer
    reads both, and the audit finds the words overlapping: the reader must not pass it."""
    assert [c["text"] for c in read_pdf(_doubled(False))[0].chars] == list("Twice")
    assert faults(pdfminer_read(_doubled(True)))[0][1] == "words overlap"
    with pytest.raises(UnreadPdf, match="text object"):
        read_pdf(_doubled(True))


def test_shapes_of_every_kind_read_as_pdfminer_files_them() -> None:
    """A curve whose control points lie far outside its ends (its box holds the ends only),
    four sides that do not come back to their start (a curve, not a rect), a line and a
    rect: the same shapes, kinds and boxes from both readers."""
    pdf = FPDF(unit="pt", format=(432, 648))
    pdf.add_page()
    pdf.set_line_width(1)
    pdf.bezier([(100, 100), (150, 300), (250, 300), (300, 100)])
    pdf.polyline([(100, 400), (200, 400), (200, 500), (100, 500), (100, 450)])
    pdf.line(50, 50, 80, 60)
    pdf.rect(300, 400, 50, 50)
    data = bytes(pdf.output())
    ours, theirs = read_pdf(data)[0], pdfminer_read(data)[0]
    assert differences([ours], [theirs]) == []
    assert (len(ours.curves), len(ours.lines), len(ours.rects)) == (2, 1, 1)
    bezier = next(c for c in ours.curves if c["x1"] > 250)
    assert (bezier["top"], bezier["bottom"]) == pytest.approx((100, 100), abs=NEAR)
