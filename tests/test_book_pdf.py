"""What a printer's preflight reads from a book's PDF bytes: page boxes, colour operators,
line widths and type sizes (read back with pypdf, never from our own layout)."""

from __future__ import annotations

import functools
import io
from dataclasses import replace

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from conundrum.options import ANSWERS
from renderers.book.geometry import BLEED, INCH
from renderers.book.layout import render_book
from renderers.paint.pdf import pdf_bytes
from renderers.sheet.puzzle import Style, sheet_pages
from tests.support.puzzles import busy_puzzle
from tests.test_book_print import content

pytestmark = pytest.mark.slow  # builds books or drives the browser

PT = 72 / 25.4
COLOUR_OPERATORS = {"rg", "RG", "k", "K", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"}


def operations(data: bytes) -> list[tuple[list, str]]:
    """Every (operands, operator) of every page's content stream."""
    reader = PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        stream = ContentStream(page.get_contents(), reader)
        found += [(operands, op.decode()) for operands, op in stream.operations]
    return found


@functools.cache
def book_bytes(page: str, bleed: bool, colour: str, palette: str = "classic") -> bytes:
    return render_book(content(page, bleed, "en", 2, colour=colour, palette=palette),
                       lambda _m: None)


def test_a_bleed_book_has_trim_and_bleed_boxes_on_every_page() -> None:
    reader = PdfReader(io.BytesIO(book_bytes("6x9", True, "rgb")))
    assert len(reader.pages) >= 24
    for number, page in enumerate(reader.pages, 1):
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, (6 * INCH + BLEED) * PT, (9 * INCH + 2 * BLEED) * PT],
                                      abs=0.01)
        trim = [float(v) for v in page.trimbox]
        left = 0.0 if number % 2 else BLEED * PT  # verso pages bleed on the left
        assert trim == pytest.approx([left, BLEED * PT, left + 6 * 72, BLEED * PT + 9 * 72],
                                     abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)


def test_a_home_printed_book_has_no_trim_box() -> None:
    reader = PdfReader(io.BytesIO(book_bytes("a4", False, "rgb")))
    page = reader.pages[0]
    assert "/TrimBox" not in page and "/BleedBox" not in page


def test_page_boxes_keep_the_bytes_reproducible() -> None:
    one = render_book(content("6x9", True, "en", 2), lambda _m: None)
    assert one == render_book(content("6x9", True, "en", 2), lambda _m: None)


FILL_OPERATORS = {"rg", "k", "g", "sc", "scn"}
SHOW_TEXT = {"Tj", "TJ", "'", '"'}
SOLID_BLACK = {"grey": {("g", (0.0,))}, "cmyk": {("k", (0.0, 0.0, 0.0, 1.0))}}


def text_fills(data: bytes) -> set[tuple[str, tuple[float, ...]]]:
    """The fill colour (operator, components) in force at every text-showing operator of
    every page, following the graphics state stack (q/Q); a page starts in DeviceGray
    black, as the PDF format says."""
    reader = PdfReader(io.BytesIO(data))
    found = set()
    for page in reader.pages:
        fill: tuple[str, tuple[float, ...]] = ("g", (0.0,))
        saved = []
        for operands, raw in ContentStream(page.get_contents(), reader).operations:
            op = raw.decode()
            if op == "q":
                saved.append(fill)
            elif op == "Q":
                fill = saved.pop()
            elif op in FILL_OPERATORS:
                fill = (op, tuple(round(float(v), 4) for v in operands))
            elif op in SHOW_TEXT:
                found.add(fill)
    return found


@pytest.mark.parametrize("colour,allowed,palette", [
    ("grey", {"g", "G"}, "mono"), ("cmyk", {"k", "K"}, "mono"), ("rgb", {"rg", "RG"}, "mono"),
    ("grey", {"g", "G"}, "classic"), ("cmyk", {"k", "K"}, "classic")])
def test_a_book_paints_in_its_colour_space_only(colour, allowed, palette) -> None:
    data = book_bytes("a4", False, colour, palette)
    used = {op for _, op in operations(data) if op in COLOUR_OPERATORS}
    assert used == allowed
    fills = text_fills(data)
    if colour == "rgb":  # unchanged for screens: secondary text keeps its grey
        assert ("rg", (0.0, 0.0, 0.0)) in fills and len(fills) > 1
    else:  # every text run (running heads, page numbers, notes too) in black ink alone
        assert fills == SOLID_BLACK[colour]


def test_text_and_outlines_are_solid_black_ink_in_cmyk() -> None:
    ops = operations(book_bytes("a4", False, "cmyk", "mono"))
    fills = {tuple(round(float(v), 3) for v in operands) for operands, op in ops if op == "k"}
    assert (0.0, 0.0, 0.0, 1.0) in fills
    # mono: every ink is black alone, no four-colour mix
    assert all(c == m == y == 0 for c, m, y, _ in fills)


def test_no_hairline_under_a_quarter_point_and_no_type_under_6_pt() -> None:
    sheet = sheet_pages(busy_puzzle(), answers=True, page="6x9", style=Style(compact=True))
    for data in (book_bytes("6x9", True, "rgb"), book_bytes("a4", False, "grey", "mono"),
                 pdf_bytes(sheet)):
        ops = operations(data)
        widths = [float(operands[0]) for operands, op in ops if op == "w"]
        sizes = [float(operands[1]) for operands, op in ops if op == "Tf"]
        assert widths and min(widths) >= 0.25 - 1e-9
        assert sizes and min(sizes) >= 6.0 - 1e-9


def test_a_long_book_painted_in_parts_gives_the_same_bytes_whatever_the_jobs(monkeypatch):
    import renderers.paint.pdf as pdf
    from conundrum.book.make_book import _page_count

    monkeypatch.setattr(pdf, "CHUNK", 7)  # parts of 7 pages: a 24-page book has 4
    book = content("6x9", True, "cs", 2)
    alone = render_book(book, lambda _m: None)
    shared = render_book(replace(book, jobs=2), lambda _m: None)
    assert alone == shared
    reader = PdfReader(io.BytesIO(shared))
    assert len(reader.pages) >= 24
    # the manifest's page count reads the page tree's /Count, of the parts joined or of one
    assert _page_count(shared) == len(reader.pages)
    from renderers.book.layout import book_pages

    one = pdf.pdf_bytes(book_pages(book, lambda _m: None)[:5])  # fpdf2's own, one part
    assert _page_count(one) == len(PdfReader(io.BytesIO(one)).pages) == 5
    assert reader.metadata.title == book.spec.title
    assert reader.trailer["/Root"]["/Lang"] == "cs"
    subsets = {}
    for page in reader.pages:
        assert "/TrimBox" in page
        # (a blank page before a section that starts on the right has no text, nor fonts)
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            subsets.setdefault(str(font["/BaseFont"]), set()).add(id(font))
    parts = -(-len(reader.pages) // 7)
    assert len(subsets) == 2 * parts  # each part's two faces, each under its own tag
    assert "Poznámky" in reader.pages[-1].extract_text()  # the last part's text reads back


def test_the_dearest_parts_are_handed_out_first(monkeypatch):
    """A part handed out last that costs more than the others (issue 35's answers: boards
    drawn by the painter, many a page) would leave the other worker idle at the end."""
    import renderers.paint.pdf as pdf
    from renderers.book.layout import book_pages

    monkeypatch.setattr(pdf, "CHUNK", 7)
    pages = book_pages(content("6x9", True, "en", 2), lambda _m: None, lazy=True)
    handed: list[list[int]] = []
    monkeypatch.setattr(pdf, "forked_map", lambda part, data, count, jobs, first: (
        handed.append(list(first)), [part(data, i) for i in range(count)])[1])
    pdf.pdf_bytes(pages, jobs=2)
    cost = [pdf.part_cost(pages[i * 7:(i + 1) * 7]) for i in range(-(-len(pages) // 7))]
    assert len(set(cost)) > 1 and handed == [sorted(range(len(cost)), key=lambda i: -cost[i])]
    answers = [p for p in pages if p.kind == "answers"]
    puzzles = [p for p in pages if p.kind == "puzzles"]
    assert pdf.part_cost(answers) / len(answers) > pdf.part_cost(puzzles) / len(puzzles)


@pytest.mark.parametrize("answers", [a for a in ANSWERS if a != "none"])  # each drawn key
def test_a_lazily_laid_out_book_paints_exactly_as_an_eager_one(monkeypatch, answers):
    """render_book leaves boards and tiles to the painting processes (Page.later); drawn
    there, every item lands in the same place and order as when drawn at layout."""
    import renderers.paint.pdf as pdf
    from renderers.book.layout import book_pages

    monkeypatch.setattr(pdf, "CHUNK", 5)  # several parts, painted in forked workers
    book = replace(content("a4", True, "fr", 2, answers=answers), jobs=2)
    eager = book_pages(book, lambda _m: None)
    lazy = book_pages(book, lambda _m: None, lazy=True)
    assert any(page.deferred for page in lazy)  # the boards really were left for later
    if answers == "end":  # the answer boards too
        assert any(page.deferred for page in lazy if page.kind == "answers")
    assert render_book(book, lambda _m: None) == pdf_bytes(
        eager, book.spec.title, book.spec.language, book.spec.colour, book.spec.palette, 2)
    kept = [(len(page.items), len(page.deferred)) for page in lazy]
    painted = pdf_bytes(lazy, book.spec.title, book.spec.language, book.spec.colour,
                        book.spec.palette)  # here, in this process
    # painting lets each page's drawings go again: a book's pages stay small while painted
    assert [(len(page.items), len(page.deferred)) for page in lazy] == kept
    assert painted == render_book(book, lambda _m: None)
    assert [page.all_items() for page in lazy] == [page.items for page in eager]
    assert [page.drawn().items for page in lazy] == [page.items for page in eager]


def test_where_a_puzzles_given_tiles_go_is_worked_out_once(monkeypatch) -> None:
    """A section asks each puzzle where its given tiles may go, to choose one place for
    all, then again as each page is laid out: the answer is kept (sections.py,
    `_givens_places`), and the book is the same bytes as when it is worked out each time."""
    from renderers.book import sections
    from renderers.book.sections import Sections

    book = content("6x9", True, "en", 2)
    real, asked = sections.givens_places, []
    monkeypatch.setattr(sections, "givens_places",
                        lambda *args: asked.append(args[0].puzzle.title) or real(*args))
    kept = render_book(book, lambda _m: None)
    once = list(asked)
    asked.clear()
    monkeypatch.setattr(Sections, "_givens_places",
                        lambda self, bp, titled, w, h, style: sections.givens_places(
                            titled, w, h, style))
    assert render_book(book, lambda _m: None) == kept
    assert set(once) == set(asked) and len(once) < len(asked)
