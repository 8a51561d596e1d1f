"""A PDF read back with pdfium (pypdfium2) for the layout audit (tests/support/pdf_audit.py):
each page's glyphs and painted shapes as the dicts pdfplumber (pdfminer) gives, with the
keys the audit reads and pdfminer's geometry, in a tenth of pdfminer's time (pdfminer's
parsing in Python was three quarters of the slow set's layout audit: docs/dev/performance.md,
"The slow set, ninth round"). Words are pdfplumber's own, from these glyphs
(`pdfplumber.utils.extract_words`). tests/test_pdf_read.py checks that both readers read
the same facts from the same books.

pdfminer's geometry, kept here: a glyph's box runs from its origin along its advance, and
from the font's descent (its FontDescriptor's: the books embed their fonts; for a base-14
font without one the two readers' built-in tables differ) to the descent plus the type
size, through the glyph's matrix;
a path is split at each `m`; a shape's box holds the points the path's operators end at
(not a curve's control points); a closed path of four axis-aligned sides is a rect.
Glyphs come in content-stream order (pdfium's text page orders its text objects its own
way). Where pdfium would leave out something pdfminer reads, the reader fails rather than
read less: a text object none of whose glyphs is on the text page (pdfium drops a text
object drawn twice at one place, as for fake bold) and a form XObject (not followed here).
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass, field

import pdfplumber.utils
import pypdfium2 as pdfium
import pypdfium2.raw as raw

Point = tuple[float, float]


class UnreadPdf(AssertionError):
    """The PDF holds something this reader does not read as pdfminer does (see the module's
    docstring): an audit must fail rather than check less."""


@dataclass
class PageRead:
    """One page as read: its boxes (PDF points, y up, as in the file), glyphs and shapes
    (pdfplumber's dicts: y down from the page's top)."""

    width: float
    height: float
    mediabox: tuple[float, float, float, float]
    trimbox: tuple[float, float, float, float] | None
    chars: list[dict] = field(default_factory=list)
    rects: list[dict] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    curves: list[dict] = field(default_factory=list)

    def extract_words(self, **options: object) -> list[dict]:
        """pdfplumber's words of this page's glyphs (its `extract_words` options)."""
        return pdfplumber.utils.extract_words(self.chars, **options)

    def extract_text(self, box: tuple[float, float, float, float] | None = None) -> str:
        """pdfplumber's text of this page's glyphs, or of those wholly inside `box`
        (x0, top, x1, bottom), as `page.within_bbox(box).extract_text()` gives it."""
        chars = self.chars if box is None else pdfplumber.utils.within_bbox(self.chars, box)
        # as Page.extract_text (whose page box stands in for the glyphs' box of none)
        return pdfplumber.utils.chars_to_textmap(chars).as_string if chars else ""


def read_pdf(data: bytes) -> list[PageRead]:
    """Every page of the PDF `data`, read (see the module's docstring)."""
    doc = pdfium.PdfDocument(data)
    try:
        return [_page(doc[n]) for n in range(len(doc))]
    finally:
        doc.close()


def _box(getter: object, page: object) -> tuple[float, float, float, float] | None:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    if not getter(page, left, bottom, right, top):  # type: ignore[operator]
        return None
    return (left.value, bottom.value, right.value, top.value)


def _page(page: pdfium.PdfPage) -> PageRead:
    if _box(raw.FPDFPage_GetCropBox, page.raw):
        raise UnreadPdf("a CropBox: pdfplumber's page is cropped to it, this reader's not")
    # the page's own MediaBox, else its parent's (pdfium's GetMediaBox reads only its own)
    media = _box(raw.FPDFPage_GetMediaBox, page.raw) or _bounds(page)
    height = media[3] - media[1]
    found = PageRead(media[2] - media[0], height, media,
                     _box(raw.FPDFPage_GetTrimBox, page.raw))
    order: dict[int, int] = {}  # a text object's place in the content stream
    for index in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, index)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            order[_address(obj)] = index
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            _path(obj, height, found)
        elif kind == raw.FPDF_PAGEOBJ_FORM:
            raise UnreadPdf("a form XObject: its contents are not read here")
    found.chars = _chars(page, height, order)
    return found


def _bounds(page: pdfium.PdfPage) -> tuple[float, float, float, float]:
    rect = raw.FS_RECTF()
    raw.FPDF_GetPageBoundingBox(page.raw, rect)
    return (rect.left, rect.bottom, rect.right, rect.top)


def _address(obj: object) -> int:
    return ctypes.cast(obj, ctypes.c_void_p).value or 0


def _chars(page: pdfium.PdfPage, height: float, order: dict[int, int]) -> list[dict]:
    """The page's glyphs as pdfminer's LTChar gives them, in content-stream order."""
    text = raw.FPDFText_LoadPage(page.raw)
    try:
        x, y = ctypes.c_double(), ctypes.c_double()
        matrix = raw.FS_MATRIX()
        size, value = ctypes.c_float(), ctypes.c_float()
        fonts: dict[int, tuple[float, object, float]] = {}
        placed: list[tuple[int, int, dict]] = []
        for i in range(raw.FPDFText_CountChars(text)):
            if raw.FPDFText_IsGenerated(text, i):
                continue  # a space or line break pdfium adds between text objects
            obj = raw.FPDFText_GetTextObject(text, i)
            key = _address(obj)
            if key not in fonts:
                raw.FPDFTextObj_GetFontSize(obj, size)
                font = raw.FPDFTextObj_GetFont(obj)
                raw.FPDFFont_GetDescent(font, size.value, value)
                fonts[key] = (size.value, font, value.value)
            fontsize, font, descent = fonts[key]
            code = raw.FPDFText_GetUnicode(text, i)
            raw.FPDFText_GetCharOrigin(text, i, x, y)
            raw.FPDFText_GetMatrix(text, i, matrix)
            raw.FPDFFont_GetGlyphWidth(font, code, fontsize, value)
            char = _char(chr(code), (matrix.a, matrix.b, matrix.c, matrix.d, x.value, y.value),
                         fontsize, descent, value.value, height)
            placed.append((order.get(key, -1), i, char))
        missing = set(order) - set(fonts)  # text objects with no glyph on the text page
        if missing:
            raise UnreadPdf(f"{len(missing)} text object(s) not on pdfium's text page "
                            "(one drawn twice at one place?)")
    finally:
        raw.FPDFText_ClosePage(text)
    placed.sort(key=lambda p: (p[0], p[1]))
    return [char for _obj, _i, char in placed]


def _char(text: str, m: tuple[float, ...], fontsize: float, descent: float, advance: float,
          height: float) -> dict:
    """pdfminer's LTChar: the box through the glyph's matrix `m` from (0, descent) to
    (advance, descent + fontsize), its size the box's height (as pdfminer's for a font
    written across: for a glyph turned a quarter that is its advance; the audit's
    `char_size` reads the width there)."""
    a, b, c, d, e, f = m
    x0, y0 = c * descent + e, d * descent + f
    x1, y1 = a * advance + c * (descent + fontsize) + e, b * advance + d * (descent + fontsize) + f
    x0, x1 = min(x0, x1), max(x0, x1)
    y0, y1 = min(y0, y1), max(y0, y1)
    upright = a * d > 0 and b * c <= 0
    return {"text": text, "x0": x0, "x1": x1, "top": height - y1, "bottom": height - y0,
            "doctop": height - y1, "width": x1 - x0, "height": y1 - y0, "matrix": m,
            "upright": upright, "size": y1 - y0}


class _Out:
    """ctypes values pdfium writes into, made once: making them for each of a book's tens
    of thousands of paths was a third of its reading."""

    fill, stroke = ctypes.c_int(), ctypes.c_int()
    width, x, y = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    rgba = tuple(ctypes.c_uint() for _ in range(4))
    matrix = raw.FS_MATRIX()


def _path(obj: object, height: float, found: PageRead) -> None:
    """A painted path's shapes (pdfminer splits a path at each `m`), filed as pdfplumber
    files them: rects, lines and curves."""
    raw.FPDFPath_GetDrawMode(obj, _Out.fill, _Out.stroke)
    if not _Out.fill.value and not _Out.stroke.value:
        return
    m = _Out.matrix
    raw.FPDFPageObj_GetMatrix(obj, m)
    raw.FPDFPageObj_GetStrokeWidth(obj, _Out.width)
    paint = {"fill": bool(_Out.fill.value), "stroke": bool(_Out.stroke.value),
             "non_stroking_color": _colour(raw.FPDFPageObj_GetFillColor, obj),
             "stroking_color": _colour(raw.FPDFPageObj_GetStrokeColor, obj),
             "linewidth": _Out.width.value}
    for ops in _subpaths(obj, (m.a, m.b, m.c, m.d, m.e, m.f)):
        kind, pts = _shape(ops)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        shape = {"object_type": kind, "x0": min(xs), "x1": max(xs),
                 "top": height - max(ys), "bottom": height - min(ys), **paint}
        {"rect": found.rects, "line": found.lines, "curve": found.curves}[kind].append(shape)


def _colour(getter: object, obj: object) -> tuple[float, ...]:
    r, g, b, a = _Out.rgba
    getter(obj, r, g, b, a)  # type: ignore[operator]
    return (r.value / 255, g.value / 255, b.value / 255)


def _subpaths(obj: object, m: tuple[float, ...]) -> list[list[tuple[str, Point]]]:
    """The path's subpaths as pdfminer's operators, each with the point it ends at, in page
    space: pdfium's closing segment back to the start is pdfminer's `h`, a curve one `c`."""
    a, b, c, d, e, f = m
    x, y = _Out.x, _Out.y
    get_segment, get_point = raw.FPDFPath_GetPathSegment, raw.FPDFPathSegment_GetPoint
    get_type, get_close = raw.FPDFPathSegment_GetType, raw.FPDFPathSegment_GetClose
    found: list[list[tuple[str, Point]]] = []
    curve = 0
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segment = get_segment(obj, i)
        get_point(segment, x, y)
        px, py = x.value, y.value
        point = (a * px + c * py + e, b * px + d * py + f)
        kind = get_type(segment)
        closed = get_close(segment)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            found.append([("m", point)])
            continue
        if kind == raw.FPDF_SEGMENT_BEZIERTO:
            curve += 1
            if curve % 3:
                continue  # a control point: pdfminer keeps where the curve ends
            found[-1].append(("c", point))
        elif closed and point == found[-1][0][1]:
            found[-1].append(("h", point))
            continue
        else:
            found[-1].append(("l", point))
        if closed:
            found[-1].append(("h", found[-1][0][1]))
    return found


def _shape(ops: list[tuple[str, Point]]) -> tuple[str, list[Point]]:
    """pdfminer's kind of a subpath (`paint_path`) and its points."""
    shape = "".join(op for op, _p in ops)
    pts = [p for _op, p in ops]
    if shape in ("mlh", "ml"):
        return "line", pts
    if shape in ("mlllh", "mllll"):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
        square = ((x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)
                  or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0))
        if pts[0] == pts[4] and square:
            return "rect", pts
    return "curve", pts


def rounded(value: float) -> float:
    """`value` to 1/1000 pt (pdfium reads coordinates as 32-bit floats, pdfminer as 64-bit:
    they differ in the fifth decimal)."""
    return math.floor(value * 1000 + 0.5) / 1000
