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
from fpdf.drawing import DeviceCMYK, DeviceGray, DeviceRGB
# isort: on

from conundrum.errors import ConundrumError
from conundrum.files import atomic_write as write_file
from conundrum.options import COLOUR_MODES
from conundrum.workers import forked_map
from renderers.page.fonts import font_path, text_width
from renderers.page.layout import Circle, Line, Page, Polygon, Rect, Text
from renderers.page.palettes import (
    BLACK,
    Palette,
    device_colour,
    get_palette,
    text_ink,
)

FAMILY = "PTSans"
# A constant date keeps the bytes identical from run to run (no timestamps).
FIXED_DATE = datetime(2024, 1, 1, tzinfo=UTC)


# the PDF painting operator for (filled, stroked); None: nothing to paint
_OPERATOR: dict[tuple[bool, bool], str | None] = {
    (True, True): "B", (True, False): "f", (False, True): "S", (False, False): None}
_KAPPA = 0.5523  # a circle as four Bezier quarter arcs


def _circle_path(cx: float, cy: float, r: float) -> str:
    """A circle path in PDF points (y up), as four cubic Bezier arcs."""
    c = r * _KAPPA
    return (f"{cx + r:.2f} {cy:.2f} m "
            f"{cx + r:.2f} {cy + c:.2f} {cx + c:.2f} {cy + r:.2f} {cx:.2f} {cy + r:.2f} c "
            f"{cx - c:.2f} {cy + r:.2f} {cx - r:.2f} {cy + c:.2f} {cx - r:.2f} {cy:.2f} c "
            f"{cx - r:.2f} {cy - c:.2f} {cx - c:.2f} {cy - r:.2f} {cx:.2f} {cy - r:.2f} c "
            f"{cx + c:.2f} {cy - r:.2f} {cx + r:.2f} {cy - c:.2f} {cx + r:.2f} {cy:.2f} c h")


class _Painter:
    """Paints items, sending colour and width changes only when they change.

    Colours are sent in the book's colour space (`palettes.device_colour`):
    DeviceRGB, DeviceCMYK or DeviceGray, each built once per colour.
    """

    def __init__(self, pdf: FPDF, mode: str = "rgb", palette: Palette | None = None) -> None:
        self.pdf = pdf
        self.mode = mode
        self.palette = palette or get_palette("classic")
        self._devices: dict[str, DeviceRGB | DeviceCMYK | DeviceGray] = {}
        self._operators: dict[str, tuple[str, str]] = {}  # colour -> (fill op, stroke op)
        self._fill: str | None = None
        self._stroke: str | None = None
        self._text: str | None = None
        self._width: float | None = None
        self._font: tuple[bool, float] | None = None

    def device(self, colour: str) -> DeviceRGB | DeviceCMYK | DeviceGray:
        found = self._devices.get(colour)
        if found is None:
            parts = device_colour(colour, self.mode, self.palette)
            found = (DeviceCMYK(*parts) if len(parts) == 4 else
                     DeviceGray(parts[0]) if len(parts) == 1 else DeviceRGB(*parts))
            self._devices[colour] = found
        return found

    def _operator(self, colour: str) -> tuple[str, str]:
        found = self._operators.get(colour)
        if found is None:
            text = self.device(colour).serialize()
            found = self._operators[colour] = (text.lower(), text.upper())
        return found

    def reset(self) -> None:
        # fpdf2 restates graphics state at each new page; forget ours so we re-send it.
        self._fill = self._stroke = self._text = None
        self._width = None
        self._font = None

    def _colours(self, fill: str | None, stroke: str | None, width: float) -> None:
        # Operators written straight to the page (fpdf2's setters cost more than the
        # drawing); fpdf2's own state is kept in step, as its text() consults it.
        pdf = self.pdf
        if fill and fill != self._fill:
            pdf._out(self._operator(fill)[0])
            pdf.fill_color = self.device(fill)
            self._fill = fill
        if stroke and stroke != self._stroke:
            pdf._out(self._operator(stroke)[1])
            pdf.draw_color = self.device(stroke)
            self._stroke = stroke
        if stroke and width != self._width:
            pdf._out(f"{width * pdf.k:.2f} w")
            pdf.line_width = width
            self._width = width

    def paint(self, item: Rect | Line | Polygon | Circle | Text) -> None:
        if isinstance(item, Text):
            self.text(item)
            return
        op = _OPERATOR[(bool(getattr(item, "fill", None)), bool(item.stroke))]
        if op is None:
            return
        k, top = self.pdf.k, self.pdf.h
        self._colours(getattr(item, "fill", None), item.stroke, item.width)
        if isinstance(item, Rect):
            path = (f"{item.x * k:.2f} {(top - item.y) * k:.2f} {item.w * k:.2f} "
                    f"{-item.h * k:.2f} re")
        elif isinstance(item, Line):
            path = (f"{item.x1 * k:.2f} {(top - item.y1) * k:.2f} m "
                    f"{item.x2 * k:.2f} {(top - item.y2) * k:.2f} l")
        elif isinstance(item, Polygon):
            points = [f"{x * k:.2f} {(top - y) * k:.2f}" for x, y in item.points]
            path = f"{points[0]} m " + " ".join(f"{p} l" for p in points[1:]) + " h"
        else:
            path = _circle_path(item.cx * k, (top - item.cy) * k, item.r * k)
        self.pdf._out(f"{path} {op}")

    def text(self, item: Text) -> None:
        font = (item.bold, item.size)
        if font != self._font:
            self.pdf.set_font(FAMILY, "B" if item.bold else "", item.size)
            self._font = font
        colour = text_ink(item.colour, self.mode)  # solid black in print modes
        if colour != self._text:
            self.pdf.set_text_color(self.device(colour))
            self._text = colour
        x = item.x
        if item.align != "left":
            # the layout's own measure (same font file, cached): fpdf2's is much slower
            width = text_width(item.text, item.size, item.bold)
            x -= width if item.align == "right" else width / 2
        if not item.angle:
            self.pdf.text(x, item.y, item.text)
            return
        with self.pdf.rotation(item.angle, item.x, item.y):
            self.pdf.text(x, item.y, item.text)
        # the rotation's graphics state ended with it: set every colour and font again
        self._fill = self._stroke = self._text = None
        self._width = self._font = None


CHUNK = 100  # pages painted as one part of a long book: the same split whatever --jobs
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
    painter = _Painter(pdf, colour, get_palette(palette))
    if colour != "rgb":
        # fpdf2 starts each page by setting black in RGB; say it in the book's own space
        pdf.set_draw_color(painter.device(BLACK))
        pdf.set_fill_color(painter.device(BLACK))
        pdf.set_text_color(painter.device(BLACK))
    tell, tally = PAGE_PROGRESS.get(), _TALLY.get()
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        painter.reset()
        for item in page.all_items():  # a lazy page's drawings made, painted, let go
            painter.paint(item)
        if tell is not None and tally is not None:
            tally[0] += 1
            tell(tally[0], tally[1])
    return bytes(pdf.output())


def _paint_part(data: tuple[list[Page], tuple], index: int) -> bytes:
    pages, arguments = data
    return _paint(pages[index * CHUNK:(index + 1) * CHUNK], *arguments)


def _paint_parts(pages: list[Page], arguments: tuple, jobs: int) -> list[bytes]:
    """Each part's PDF, painted here or (jobs > 1) in forked workers that inherit `pages`
    instead of receiving them pickled (conundrum/workers.py)."""
    return forked_map(_paint_part, (pages, arguments), -(-len(pages) // CHUNK), jobs)


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
