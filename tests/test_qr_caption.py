"""The address beside or under a puzzle's QR code is printed whole (issue 31: in narrow
slots it was cut short, "C…", "example.or…"): a reader must be able to type it. Read back
from the PDF (tests/support/pdf_read.py; a sheet's text with pdfium's own text), every
code's caption is on its page in full, at 8 pt or more, the layout audit finds nothing,
and every code still decodes from a 150 dpi render."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conundrum.options import LANGUAGES, PAGES
from conundrum.puzzle import Puzzle
from renderers.book.geometry import large_print_pages
from renderers.book.layout import book_pages
from renderers.page.fonts import PT_TO_MM, text_width
from renderers.page.i18n import message
from renderers.page.layout import READ_PT, Page, Rect, Text
from renderers.page.style import Style
from renderers.paint.pdf import pdf_bytes
from renderers.render import render_sheet
from renderers.sheet.qr import address_pieces, short_address, wrap_caption
from tests.support.pdf_audit import audit_pages, pool, small_book
from tests.support.pdf_read import PageRead, read_pdf

URL = "https://example.org/puzzles/vol-1/"  # the longest whose codes keep 0.5 mm modules
FAST = [("5x8", False, 2), ("7x10", False, 2), ("8x10", True, 1), ("8.5x8.5", False, 4)]
# the trims by size (letter is 8.5x11), with and without large print
SAME_SIZE = {size: tuple(p for p in PAGES if PAGES[p] == size) for size in PAGES.values()}
TRIMS = [(names, large) for names in SAME_SIZE.values() for large in (False, True)
         if not large or names[0] in large_print_pages()]


def squeezed(text: str) -> str:
    """`text` without any white space (pdfplumber's text splits and joins lines its own way)."""
    return re.sub(r"\s+", "", text)


def page_text(pdf: Path) -> str:
    """The first page's text, read back by pdfium: the same characters as pdfplumber's
    text (in the order drawn, not by line), in 4 ms where pdfplumber took 0.1-0.16 s (its
    parse of the page's every shape, the QR code's modules among them)."""
    doc = pdfium.PdfDocument(str(pdf))
    page = doc[0]
    found = page.get_textpage()
    try:
        return found.get_text_range()
    finally:  # in order: pypdfium2 4.0 crashes when the collector closes them later
        found.close()
        page.close()
        doc.close()


Box = tuple[float, float, float, float]  # mm: x0, top, x1, bottom


def codes(page: Page) -> list[tuple[str, Box]]:
    """Each QR code drawn on `page`: its address, and the box of the caption's lines drawn
    with it (the "web address" texts that follow the code among the page's items)."""
    found: list[tuple[str, list[Box]]] = []
    for item in page.items:
        if isinstance(item, Rect) and item.tag.startswith("qr ") and item.tag != "qr module":
            found.append((item.tag[3:], []))
        elif isinstance(item, Text) and item.tag == "web address" and found:
            w = text_width(item.text, item.size, item.bold)
            x0 = {"left": item.x, "center": item.x - w / 2, "right": item.x - w}[item.align]
            top = item.y - item.size * PT_TO_MM
            found[-1][1].append((x0, top, x0 + w, item.y + 0.3 * item.size * PT_TO_MM))
    return [(url, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                   max(b[2] for b in boxes), max(b[3] for b in boxes))) for url, boxes in found]


def check_captions(urls: list[list[tuple[str, Box]]], widths: list[float],
                   pdf: list[PageRead], data: bytes, lang: str, folder: Path) -> int:
    """Every code's caption (`urls`: each page's codes and their captions' boxes, on pages
    `widths` mm wide as laid out) read back whole from the PDF (`pdf`, open on `data`) where
    it was drawn, and every code read by zbar from a 150 dpi render; returns the codes
    seen."""
    seen = []
    for number, (page, printed) in enumerate(zip(urls, pdf, strict=True), 1):
        assert "…" not in (printed.extract_text() or ""), number
        pt = float(printed.width) / widths[number - 1]  # pt a mm (large print: more)
        for url, (x0, top, x1, bottom) in page:
            caption = message(lang, "web_check_url", address=short_address(url))
            got = printed.extract_text((x0 * pt - 1, top * pt - 1, x1 * pt + 1,
                                        bottom * pt + 1))
            assert squeezed(got) == squeezed(caption), (number, caption, got)
            seen.append(url)
    (folder / "b.pdf").write_bytes(data)
    # only the pages with a code are rendered and scanned (rendering and scanning every
    # page was two thirds of the test's time); check_book sees that no other page draws one.
    # Rendered as grey PGM, not PNG: the same pixels, and compressing them was two thirds
    # of pdftoppm's time
    for number, page in enumerate(urls, 1):
        if page:
            subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", str(number),
                            "-l", str(number), "b.pdf", "b"], cwd=folder, check=True)
    found = subprocess.run(["zbarimg", "-q", "--raw", *sorted(folder.glob("b-*.pgm"))],
                           capture_output=True, text=True, cwd=folder).stdout.split()
    assert sorted(found) == sorted(seen)
    return len(seen)


def check_book(page: str, large: bool, per_page: int, lang: str, folder: Path,
               checked: dict[bytes, int] | None = None,
               boards: tuple[Puzzle, ...] | None = None, bleed: bool = True
               ) -> tuple[list[int], list[str]]:
    """The book's captions, codes and layout audit (the pool's puzzles, or `boards`).
    `checked`: the PDFs already read back by the caller (and their per_page), a book whose
    PDF is byte for byte one of them read back no further, and this one's added. Returns
    the number of codes on each page, and the notes the book was made with."""
    content = small_book({"page": page, "bleed": bleed, "large_print": large,
                          "per_page": per_page, "language": lang, "web": URL,
                          "time_box": True}, boards=boards)
    notes: list[str] = []
    pages = book_pages(content, notes.append)
    urls = [codes(p) for p in pages]  # before painting: a painted page lets its items go
    # a page with no code has no part of one either (only the pages with codes are scanned)
    assert not any(p.tagged("qr") for p, u in zip(pages, urls, strict=True) if not u)
    widths = [p.width for p in pages]
    sizes = [i.size for p in pages for i in p.items
             if isinstance(i, Text) and i.tag == "web address"]
    assert sizes and min(sizes) >= READ_PT - 1e-9
    data = pdf_bytes(pages, "QR", lang, "rgb", "classic")
    if checked is not None:
        if data in checked:
            # the same bytes read back the same: its check would repeat one made
            return [len(u) for u in urls], notes
        checked[data] = per_page
    # read once: the audit and the captions read the same pages
    pdf = read_pdf(data)
    faults = audit_pages(pdf, 12.0 if large else 7.0)
    assert not faults, "\n".join(str(f) for f in faults[:10])
    # every puzzle has its code; in large print, where a board leaves no room for a code
    # (with its caption), the code is left out with a warning: half of them, as before
    assert check_captions(urls, widths, pdf, data, lang, folder) >= (3 if large else 6)
    return [len(u) for u in urls], notes


@pytest.mark.parametrize("page, large, per_page", FAST)
def test_every_caption_is_whole_in_a_sample_of_books(tmp_path, page, large, per_page) -> None:
    check_book(page, large, per_page, "fr", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("names, large", TRIMS, ids=lambda v: "+".join(v) if
                         isinstance(v, tuple) else str(v))
def test_every_caption_is_whole_on_every_trim(tmp_path, names, large) -> None:
    """At 1, 2 and 4 a page, under each name of the trim. A section whose puzzles do not
    fit prints fewer a page (with a note), so most trims make the same PDF at two or three
    of them, and letter the same as 8.5x11 (29 of the 48 books): each distinct PDF is read
    back once."""
    checked: dict[bytes, int] = {}
    for page in names:
        for per_page in (1, 2, 4):
            folder = tmp_path / f"{page}-{per_page}"
            folder.mkdir()
            try:
                check_book(page, large, per_page, "en", folder, checked)
            except AssertionError as exc:
                raise AssertionError(f"{page}, {per_page} a page: {exc}") from exc
    assert 1 in checked.values()


@pytest.mark.parametrize("page, bleed", [("8.25x11", True), ("8x10", False)])
def test_every_caption_is_whole_at_four_a_page(tmp_path, page, bleed) -> None:
    """Four a page, where codes and captions have their narrowest slots. The pool's boards
    are too big for 4 a page on any trim (its sections fall back to 2 or 1), so these books
    are of the SPEC's two-tile example, four in a section (with the trick puzzle among them,
    a section falls back to 2 a page). The narrowest trims that print them 4 a page with
    their codes: 8.25x11 with bleed (a4 too), 8x10 without (with bleed's wider margins it
    falls back, as 8.5x8.5 does with a code, and 7x10, 6x9 and the smaller trims with or
    without). Each puzzle page holds four codes, every one decoded by zbar and its caption
    whole (`check_book`)."""
    tiny = (pool()[0],) * 8
    per_page, notes = check_book(page, False, 4, "en", tmp_path, boards=tiny, bleed=bleed)
    assert not [n for n in notes if "a page in this section" in n], notes
    assert per_page.count(4) == 2 and sum(per_page) == 8, per_page


@pytest.mark.parametrize("page", ["a4", "letter", "5x8", "a5"])
def test_a_sheets_caption_is_whole(tmp_path: Path, page: str) -> None:
    for lang in LANGUAGES:
        out = tmp_path / f"{lang}.pdf"
        render_sheet(pool()[3], out, page=page, lang=lang,
                     web_url="https://puzzles.example.org/conundrum/2026/sheet-17.html")
        text = squeezed(page_text(out))
        caption = message(lang, "web_check_url",
                          address="puzzles.example.org/conundrum/2026/sheet-17.html")
        assert squeezed(caption) in text, (lang, text[-200:])


@pytest.mark.parametrize("width", [8.0, 14.0, 20.0, 31.0, 60.0, 200.0])
def test_a_wrapped_caption_loses_nothing_and_keeps_its_width(width: float) -> None:
    address = "example.org/puzzles/volume-1/17.html"
    for apart in (False, True):
        lines = wrap_caption(["Check", "your", "answers:"], address_pieces(address), READ_PT,
                             width, apart)
        assert squeezed("".join(lines)) == squeezed(f"Check your answers: {address}")
        assert all(text_width(line, READ_PT) <= width + 1e-9 for line in lines)
        if apart:  # the address on lines of its own
            assert any(line.startswith("ex") for line in lines)
            assert not any("answers:" in line and "ex" in line for line in lines)
    # a line ends after a '/' or, in the host name, before a '.' where it can
    lines = wrap_caption([], address_pieces(address), READ_PT, 31.0)
    assert len(lines) > 1 and all(line.endswith("/") or nxt.startswith(".org")
                                  for line, nxt in zip(lines, lines[1:], strict=False))


@pytest.mark.parametrize("address", ["example.org/puzzles/volume-1/17.html",
                                     "example.org/puzzles/vol-1/117.html",
                                     "puzzles.example.org/conundrum/2026/sheet-17.html"])
def test_an_address_never_leaves_its_extension_alone_on_a_line(address: str) -> None:
    """The caption once wrapped as "... volume-1/17" / ".html": the page's name is kept
    whole on a line wherever a line holds it, and no line is the extension alone."""
    name = address.rsplit("/", 1)[1]
    extension = name[name.rindex("."):]
    for tenth in range(80, 800, 5):
        width = tenth / 10
        for words, apart in ((["Check", "your", "answers:"], False), ([], True)):
            lines = wrap_caption(words, address_pieces(address), READ_PT, width, apart)
            assert extension not in (line.strip() for line in lines), (width, lines)
            if text_width(name, READ_PT) <= width:
                assert any(name in line for line in lines), (width, lines)


def test_the_caption_is_never_under_read_size() -> None:
    from renderers.sheet.qr import caption_size

    assert caption_size(Style(compact=True)) >= READ_PT
    assert caption_size(Style()) == pytest.approx(Style().sizes.body * 0.9)
