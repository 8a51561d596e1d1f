"""What pypdfium2 reads of a PDF for preflight: each text object's type size and each
image's resolution as printed (the object's matrix, any form's matrix and the page's
transformations applied: 12 pt text drawn at a scale of 0.3 prints at 3.6 pt), and where
ink lies on each page, rasterised at INK_DPI and, where that is within a pixel of a
margin rule, again at FINE_DPI over the strip along that edge, so no tolerance is needed.
"""

from __future__ import annotations

import ctypes
import math
import time
from collections.abc import Callable
from typing import Any, cast

from conundrum.errors import ConundrumError
from conundrum.terminal import shown
from renderers.preflight.facts import PT, PageFacts
from renderers.preflight.reader import (
    MAX_PAGE_INCHES,
    MAX_RASTER_PIXELS,
    MAX_RASTER_SECONDS,
    open_pdfium,
)

INK_DPI = 50  # a first look: one pixel is 0.02 in
FINE_DPI = 400  # near a rule: one pixel is 0.0025 in
INK = 245  # a pixel darker than this (of 255) carries ink
SIDES = ("left", "right", "top", "bottom")
MAX_FORM_DEPTH = 8  # forms inside forms: deeper ones are not read

Matrix = tuple[float, float, float, float]


def _times(m: Matrix, n: Matrix) -> Matrix:
    """The linear part of matrix m then n (PDF's row-vector convention)."""
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)


Least = tuple[float, int] | None  # the smallest value found and its page, or none


def scan_objects(name: str, pages: range) -> tuple[Least, Least]:
    """The smallest type size as printed and the lowest image resolution, each with its
    page, among the pages at `pages` (0-based; the earliest page on a tie), read from
    every object (through pdfium's C interface: a book page holds hundreds of paths, and
    the Python wrapper of each costs more than the rest of the check)."""
    document = open_pdfium(name)  # first: it reports a library that cannot be loaded
    found: dict[str, Least] = {"text": None, "image": None}
    calls = _Calls()
    try:
        for k in pages:
            page = document[k]
            try:
                _walk(calls, ctypes.cast(page.raw, ctypes.c_void_p).value, None, 0, k + 1,
                      found)
            finally:
                page.close()
    except MemoryError:
        raise ConundrumError(f"{shown(name)}: ran out of memory reading its pages") from None
    finally:
        document.close()
    return found["text"], found["image"]


class _Calls:
    """The pdfium functions `_walk` calls for every object of a page, declared with plain
    pointers (addresses as ints): pypdfium2's own declarations make a typed pointer object
    for every object returned and check its type on every call, about half of the walk's
    time on a book's pages of 500 objects each. The same C functions, called alike."""

    def __init__(self) -> None:
        import pypdfium2.raw as raw  # type: ignore[import-untyped]

        ptr, num = ctypes.c_void_p, ctypes.c_int

        def plain(function: Any, result: Any, *arguments: Any) -> Any:
            address = cast(int, ctypes.cast(function, ptr).value)  # a loaded one: not NULL
            return ctypes.CFUNCTYPE(result, *arguments)(address)

        self.page_count = plain(raw.FPDFPage_CountObjects, num, ptr)
        self.page_object = plain(raw.FPDFPage_GetObject, ptr, ptr, num)
        self.form_count = plain(raw.FPDFFormObj_CountObjects, num, ptr)
        self.form_object = plain(raw.FPDFFormObj_GetObject, ptr, ptr, ctypes.c_ulong)
        self.kind = plain(raw.FPDFPageObj_GetType, num, ptr)
        self.matrix = plain(raw.FPDFPageObj_GetMatrix, num, ptr, ptr)
        self.font_size = plain(raw.FPDFTextObj_GetFontSize, num, ptr, ptr)
        self.pixels = plain(raw.FPDFImageObj_GetImagePixelSize, num, ptr, ptr, ptr)
        self.text, self.image, self.form = (raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_IMAGE,
                                            raw.FPDF_PAGEOBJ_FORM)
        self.fs = raw.FS_MATRIX()  # filled by each `matrix` call
        self.size = ctypes.c_float()  # filled by each `font_size` call
        self.fs_at, self.size_at = ctypes.addressof(self.fs), ctypes.addressof(self.size)


def _walk(calls: _Calls, parent: int | None, outer: Matrix | None, depth: int, number: int,
          found: dict[str, Least]) -> None:
    """The objects of a page (`outer` None) or of a form placed by `outer` (`parent` its
    address: None is NULL, as ctypes passes it), forms followed to MAX_FORM_DEPTH."""
    count, get = (calls.page_count, calls.page_object) if outer is None else \
        (calls.form_count, calls.form_object)
    kind_of, wanted = calls.kind, (calls.text, calls.image, calls.form)
    fs = calls.fs
    for i in range(max(count(parent), 0)):
        obj = get(parent, i)
        kind = kind_of(obj)
        if kind not in wanted:
            continue  # paths and shadings: nothing to read here
        if not calls.matrix(obj, calls.fs_at):
            continue
        m: Matrix = (fs.a, fs.b, fs.c, fs.d)
        m = _times(m, outer) if outer is not None else m
        if kind == calls.form:
            if depth < MAX_FORM_DEPTH:
                _walk(calls, obj, m, depth + 1, number, found)
        elif kind == calls.text:
            calls.font_size(obj, calls.size_at)
            printed = round(calls.size.value * math.hypot(m[2], m[3]), 3)
            least = found["text"]
            if printed > 0 and (least is None or printed < least[0]):
                found["text"] = (printed, number)
        else:
            dpi = _dpi(calls, obj, m)
            least = found["image"]
            if dpi is not None and (least is None or dpi < least[0]):
                found["image"] = (dpi, number)


def _dpi(calls: _Calls, obj: int | None, m: Matrix) -> float | None:
    """The image's resolution at its placed size: its pixels over the inches it covers
    (the lower of the two directions)."""
    w, h = ctypes.c_uint(), ctypes.c_uint()
    if not calls.pixels(obj, ctypes.addressof(w), ctypes.addressof(h)):
        return None
    inch_w, inch_h = math.hypot(m[0], m[1]) / PT, math.hypot(m[2], m[3]) / PT
    if w.value <= 0 or h.value <= 0 or inch_w <= 0 or inch_h <= 0:
        return None
    return round(min(w.value / inch_w, h.value / inch_h), 1)


def measure_ink(name: str, pages: list[PageFacts],
                need: Callable[[PageFacts, str], float] | None = None) -> None:
    """Fill each page's `ink_in` and `art_off_edge`; where `need(page, side)` (the margin
    a rule asks) lies within one INK_DPI pixel above the measure, that edge is measured
    again at FINE_DPI. ConundrumError for a page or a document past the raster limits."""
    work = 0.0
    for p in pages:
        if max(p.media.width, p.media.height) > MAX_PAGE_INCHES:
            raise ConundrumError(
                f"{shown(name)}: page {p.number} is {p.media.width:,.1f} x "
                f"{p.media.height:,.1f} in; preflight rasterises pages of at most "
                f"{MAX_PAGE_INCHES:g} in a side (the page-size limit)")
        work += p.media.width * p.media.height * INK_DPI ** 2
    if work > MAX_RASTER_PIXELS:
        raise ConundrumError(f"{shown(name)}: rasterising its pages at {INK_DPI} dpi is "
                             f"{work:,.0f} pixels; the raster limit is "
                             f"{MAX_RASTER_PIXELS:,}")
    document = open_pdfium(name)
    started = time.monotonic()
    try:
        for k, facts in enumerate(pages):
            if time.monotonic() - started > MAX_RASTER_SECONDS:
                raise ConundrumError(
                    f"{shown(name)}: rasterising took more than {MAX_RASTER_SECONDS:g} s "
                    f"by page {k + 1} (the raster time limit)")
            _ink_extent(facts, _grey_image(name, document, k, facts, INK_DPI))
            if need is not None:
                _refine(name, document, k, facts, need)
    finally:
        document.close()


def _grey_image(name: str, document: Any, k: int, facts: PageFacts, dpi: int,
                crop: tuple[float, float, float, float] = (0, 0, 0, 0)) -> Any:
    """Page k rasterised at `dpi` (`crop`: points off the left, bottom, right and top), in
    grey; the page and its bitmap closed here, in order (pypdfium2 crashes when the
    garbage collector closes a page after its document)."""
    import pypdfium2 as pdfium

    page = document[k]
    try:
        bitmap = page.render(scale=dpi / PT, crop=crop)
        try:
            return bitmap.to_pil().convert("L")
        finally:
            bitmap.close()
    except (MemoryError, pdfium.PdfiumError) as exc:
        raise ConundrumError(
            f"{shown(name)}: page {facts.number} ({facts.media.width:.2f} x "
            f"{facts.media.height:.2f} in) could not be rasterised at {dpi} dpi "
            f"({'out of memory' if isinstance(exc, MemoryError) else shown(exc)})") from None
    finally:
        page.close()


def _refine(name: str, document: Any, k: int, facts: PageFacts,
            need: Callable[[PageFacts, str], float]) -> None:
    """Measure again at FINE_DPI each edge whose first measure falls short of the rule by
    less than a pixel (ink measured at a pixel's edge may lie up to a pixel further in)."""
    coarse = 1 / INK_DPI
    m, t = facts.media, facts.trim
    for side in SIDES:
        value = facts.ink_in[side]
        if facts.art_off_edge.get(side) or not need(facts, side) - coarse <= value \
                < need(facts, side):
            continue
        # a strip from the media's edge to an inch inside the trim on that side
        keep = {"left": t.x0 - m.x0 + 1, "right": m.x1 - t.x1 + 1,
                "top": m.y1 - t.y1 + 1, "bottom": t.y0 - m.y0 + 1}[side] * PT
        w, h = m.width * PT, m.height * PT
        crop = {"left": (0, 0, w - keep, 0), "right": (w - keep, 0, 0, 0),
                "top": (0, h - keep, 0, 0), "bottom": (0, 0, 0, h - keep)}[side]
        image = _grey_image(name, document, k, facts, FINE_DPI, crop)
        box = image.point(lambda v: 255 if v < INK else 0).getbbox()
        if box is None:
            facts.ink_in[side] = float("inf")
            continue
        px = 1 / FINE_DPI
        left, top, right, bottom = box
        facts.ink_in[side] = {
            "left": (m.x0 + left * px) - t.x0,
            "right": t.x1 - (m.x1 - keep / PT + right * px),
            "top": t.y1 - (m.y1 - top * px),
            "bottom": (m.y0 + keep / PT - bottom * px) - t.y0,
        }[side]


def _ink_extent(facts: PageFacts, image: Any) -> None:
    """Fill `facts.ink_in` and `facts.art_off_edge` from the page's greyscale image."""
    width, height = image.size
    dark = image.point(lambda v: 255 if v < INK else 0)
    box = dark.getbbox()
    media, trim = facts.media, facts.trim
    if box is None:
        facts.ink_in = {side: float("inf") for side in SIDES}
        facts.art_off_edge = dict.fromkeys(facts.ink_in, False)
        return
    px = media.width / width  # inches a pixel
    left, top, right, bottom = box
    # image rows run from the top of the media box
    facts.ink_in = {
        "left": (media.x0 + left * px) - trim.x0,
        "right": trim.x1 - (media.x0 + right * px),
        "top": trim.y1 - (media.y1 - top * px),
        "bottom": (media.y1 - bottom * px) - trim.y0,
    }
    facts.art_off_edge = {"left": left == 0, "top": top == 0, "right": right >= width,
                          "bottom": bottom >= height}


def glyph_spans(name: str) -> list[tuple[float, float]]:
    """Every visible glyph's left and right edge on the first page, in inches from its
    media box's left: each glyph's own tight box (pdfium's char box), so a spine's
    capitals are measured by their ink, not the font's whole height."""
    document = open_pdfium(name)
    try:
        page = document[0]
        left = float(page.get_mediabox()[0])
        text = page.get_textpage()
        spans = []
        for i in range(text.count_chars()):
            if not text.get_text_range(i, 1).strip():
                continue
            x0, _b, x1, _t = text.get_charbox(i)
            spans.append(((x0 - left) / PT, (x1 - left) / PT))
        text.close()
        page.close()
        return spans
    finally:
        document.close()
