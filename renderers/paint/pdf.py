"""Painting Pages into one vector PDF with fpdf2 (PT Sans embedded and subset).

fpdf2 is maintained, pure Python (nothing to compile on a fresh machine),
subsets and embeds TrueType fonts with a ToUnicode map, so the text layer is
real: searchable and copyable in every language of the sheet.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path

# isort: off
from renderers.paint import no_numpy  # noqa: F401  (first: fpdf2 loaded without NumPy)
from fpdf import FPDF
# isort: on

from conundrum.errors import ConundrumError
from conundrum.files import atomic_write as write_file
from conundrum.options import COLOUR_MODES
from conundrum.workers import forked_map
from renderers.page.fonts import font_path
from renderers.page.layout import Page
from renderers.page.palettes import BLACK, Palette, get_palette
from renderers.paint.pdf_painter import FAMILY, Painter

# A constant date keeps the bytes identical from run to run (no timestamps).
FIXED_DATE = datetime(2024, 1, 1, tzinfo=UTC)


CHUNK = 100  # pages painted as one part of a long book: the same split whatever --jobs
# issue 35's book: its answers' part (8,700 items, 1,618 deferred boards) took 2.4-3 s of CPU
# where a part of puzzles (7,100-8,100 items, 400-600 deferred) took 0.4-0.6 s
DEFERRED_COST = 10
# Told (pages painted, pages in all) after each page a PDF paints in this thread: the
# studio's publish progress. A ContextVar, so a build in another thread is not told;
# pages painted in forked workers (jobs > 1) are not told at all.
PAGE_PROGRESS: ContextVar[Callable[[int, int], None] | None] = ContextVar(
    "page_progress", default=None)
_TALLY: ContextVar[list[int] | None] = ContextVar("page_tally", default=None)


def pdf_bytes(pages: list[Page], title: str | None = None, lang: str | None = None,
              colour: str = "rgb", palette: str | Palette = "classic", jobs: int = 1) -> bytes:
    """The PDF of `pages`, one page each, at each page's own size, its colours painted in
    `colour` space ("rgb", "cmyk" or "grey"; `palette` gives the tile inks for cmyk).

    A long book is painted in parts of CHUNK pages, `jobs` parts at a time in forked
    worker processes, then joined (pypdf); the split never depends on `jobs`, so the
    bytes do not either. ConundrumError for an unknown colour space."""
    if colour not in COLOUR_MODES:
        raise ConundrumError(f"unknown colour {colour!r}; choose one of "
                             f"{', '.join(COLOUR_MODES)}")
    token = _TALLY.set([0, len(pages)])
    try:
        return _painted(pages, title, lang, colour, palette, jobs)
    finally:
        _TALLY.reset(token)


def _painted(pages: list[Page], title: str | None, lang: str | None, colour: str,
             palette: str | Palette, jobs: int) -> bytes:
    if len(pages) <= CHUNK:
        data = _paint(pages, title, lang, colour, palette)
        return with_page_boxes(data, pages) if any(page.trim for page in pages) else data
    return _joined(_paint_parts(pages, (title, lang, colour, palette), jobs), pages, title,
                   lang)


def _paint(pages: list[Page], title: str | None, lang: str | None, colour: str,
           palette: str | Palette) -> bytes:
    """One fpdf2 document of `pages`."""
    pdf = FPDF(unit="mm", format=(pages[0].width, pages[0].height) if pages else "A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_producer("conundrum")
    pdf.set_creator("conundrum")
    if title:
        pdf.set_title(title)
    if lang:
        pdf.set_lang(lang)
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.add_font(FAMILY, "", str(font_path(False)))
    pdf.add_font(FAMILY, "B", str(font_path(True)))
    painter = Painter(pdf, colour, get_palette(palette))
    if colour != "rgb":
        # fpdf2 starts each page by setting black in RGB; say it in the book's own space
        pdf.set_draw_color(painter.device(BLACK))
        pdf.set_fill_color(painter.device(BLACK))
        pdf.set_text_color(painter.device(BLACK))
    tell, tally = PAGE_PROGRESS.get(), _TALLY.get()
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        painter.reset()
        painter.paint_all(page.all_items())  # a lazy page's drawings made, painted, let go
        painter.flush()
        if tell is not None and tally is not None:
            tally[0] += 1
            tell(tally[0], tally[1])
    return bytes(pdf.output())


def _paint_part(data: tuple[list[Page], tuple], index: int) -> bytes:
    pages, arguments = data
    return _paint(pages[index * CHUNK:(index + 1) * CHUNK], *arguments)


def _paint_parts(pages: list[Page], arguments: tuple, jobs: int) -> list[bytes]:
    """Each part's PDF, painted here or (jobs > 1) in forked workers that inherit `pages`
    instead of receiving them pickled (conundrum/workers.py), the dearest parts first."""
    count = -(-len(pages) // CHUNK)
    cost = [part_cost(pages[index * CHUNK:(index + 1) * CHUNK]) for index in range(count)]
    return forked_map(_paint_part, (pages, arguments), count, jobs,
                      first=sorted(range(count), key=lambda index: -cost[index]))


def part_cost(pages: list[Page]) -> int:
    """What painting `pages` costs, roughly: their items, and their drawings deferred to
    the painter (a board or a tile, each tens of items) at DEFERRED_COST items each."""
    return sum(len(page.items) + DEFERRED_COST * len(page.deferred) for page in pages)


def _joined(parts: list[bytes], pages: list[Page], title: str | None, lang: str | None
            ) -> bytes:
    """The parts as one PDF: their pages in order, each part's font subsets renamed so no
    two subsets share a name, the document's title, language and fixed date, page boxes."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for index, data in enumerate(parts):
        reader = PdfReader(io.BytesIO(data))
        _rename_subsets(reader, index)
        writer.append(reader)
    stamp(writer, title, lang)
    _set_boxes(writer, pages)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def stamp(writer, title: str | None, lang: str | None) -> None:
    """A pypdf writer's document information as fpdf2 writes it for a whole document:
    producer, creator, the fixed date (same bytes every run), title, language."""
    from pypdf.generic import NameObject, TextStringObject

    writer.add_metadata({"/Producer": "conundrum", "/Creator": "conundrum",
                         "/CreationDate": FIXED_DATE.strftime("D:%Y%m%d%H%M%SZ"),
                         **({"/Title": title} if title else {})})
    if lang:
        writer._root_object[NameObject("/Lang")] = TextStringObject(lang)


def _rename_subsets(reader, index: int) -> None:
    """fpdf2 tags every subset MPDFAA+; in a joined book each part's subsets get their own
    six-letter tag, as the PDF format asks of different subsets."""
    from pypdf.generic import NameObject

    fonts = reader.pages[0].get("/Resources", {}).get("/Font", {})
    for face, key in enumerate(sorted(fonts)):
        font = fonts[key].get_object()
        old = str(font["/BaseFont"])
        if "+" not in old:
            continue
        number = index * 2 + face
        tag = "CN" + "".join(chr(65 + (number // 26 ** k) % 26) for k in (3, 2, 1, 0))
        new = NameObject(f"/{tag}+{old.split('+', 1)[1]}")
        font[NameObject("/BaseFont")] = new
        for descendant in font.get("/DescendantFonts", []):
            descendant = descendant.get_object()
            descendant[NameObject("/BaseFont")] = new
            descriptor = descendant.get("/FontDescriptor")
            if descriptor is not None:
                descriptor.get_object()[NameObject("/FontName")] = new


def with_page_boxes(data: bytes, pages: list[Page]) -> bytes:
    """The PDF with a TrimBox (the cut) and a BleedBox (the whole sheet) on every page that
    has a trim, so a printer's preflight finds them (fpdf2 cannot write page boxes)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    _set_boxes(writer, pages)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _set_boxes(writer, pages: list[Page]) -> None:
    from pypdf.generic import RectangleObject

    for page, target in zip(pages, writer.pages, strict=True):
        if page.trim is None:
            continue
        x0, y0, x1, y1 = page.trim
        target.trimbox = RectangleObject([_pt(x0), _pt(page.height - y1), _pt(x1),
                                          _pt(page.height - y0)])
        target.bleedbox = RectangleObject([0, 0, _pt(page.width), _pt(page.height)])


def _pt(mm: float) -> float:
    """Millimetres in PDF points, rounded to what the page boxes can say."""
    return round(mm * 72 / 25.4, 3)


def write_pdf(pages: list[Page], path: str | os.PathLike, title: str | None = None,
              lang: str | None = None) -> Path:
    """Write `pages` as one PDF, atomically; returns the path written."""
    return write_file(path, pdf_bytes(pages, title, lang))
