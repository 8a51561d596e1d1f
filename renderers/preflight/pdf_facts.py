"""What a printer's checks read off a finished PDF: page boxes, fonts, colour operators,
line widths, text sizes (pypdf, from the content streams), and where ink lies
(pypdfium2, from each page rasterised at a low resolution).

Sizes are in inches. Line widths and text sizes are read as written (`w` and `Tf`
operands), which is what they print at for PDFs drawn without a scaling matrix, as
ours and most layout programs' are.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from conundrum.errors import ConundrumError

PT = 72.0  # points an inch
INK_DPI = 50  # enough to see ink 1 mm from the trim (one pixel is 0.02 in)
INK = 245  # a pixel darker than this (of 255) carries ink


@dataclass(frozen=True)
class Box:
    """A rectangle in inches from the page's lower left corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """The width in inches."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """The height in inches."""
        return self.y1 - self.y0


@dataclass
class PageFacts:
    """One page: its media, trim and bleed boxes, and the extent of its ink."""

    number: int
    media: Box
    trim: Box
    bleed: Box
    # the ink's distance in inches from each trim edge inward (negative: past the trim),
    # and whether ink reaches the media's edge on that side (full-bleed art)
    ink_in: dict[str, float] = field(default_factory=dict)
    art_off_edge: dict[str, bool] = field(default_factory=dict)


@dataclass
class PdfFacts:
    """Everything the printer's rules are checked against."""

    path: str
    pages: list[PageFacts]
    unembedded_fonts: list[str]
    colour_operators: set[str]  # "rgb", "cmyk", "grey"
    thinnest_line_pt: float | None
    smallest_text_pt: float | None


def read_pdf(path: str | os.PathLike, ink: bool = True) -> PdfFacts:
    """The facts of the PDF at `path`; `ink=False` leaves out rasterising (fast).
    ConundrumError when it is not a PDF that can be read."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    name = os.fsdecode(path)
    try:
        reader = PdfReader(name)
        pages = [_page_facts(k, page) for k, page in enumerate(reader.pages, 1)]
    except (OSError, PdfReadError, ValueError, KeyError) as exc:
        raise ConundrumError(f"{name}: not a PDF that can be read ({exc})") from None
    if not pages:
        raise ConundrumError(f"{name}: a PDF without pages")
    fonts: dict[str, bool] = {}
    ops: set[str] = set()
    widths: list[float] = []
    sizes: list[float] = []
    for page in reader.pages:
        _fonts_of(page, fonts)
        _scan_content(page, ops, widths, sizes)
    facts = PdfFacts(name, pages, sorted(n for n, ok in fonts.items() if not ok), ops,
                     min(widths, default=None), min(sizes, default=None))
    if ink:
        _measure_ink(name, facts.pages)
    return facts


def _box(rect: Any) -> Box:
    x0, y0, x1, y1 = (float(v) / PT for v in rect)
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _page_facts(number: int, page: Any) -> PageFacts:
    # pypdf gives the media box for a trim or bleed box the file does not set
    media, trim, bleed = _box(page.mediabox), _box(page.trimbox), _box(page.bleedbox)
    return PageFacts(number, media, trim, bleed)


def _fonts_of(page: Any, found: dict[str, bool]) -> None:
    resources: Any = page.get("/Resources")
    fonts = resources.get_object().get("/Font") if resources is not None else None
    if not fonts:
        return
    for font in fonts.get_object().values():
        font = font.get_object()
        name = str(font.get("/BaseFont", "?")).lstrip("/")
        if font.get("/Subtype") == "/Type3":
            found.setdefault(name, True)  # drawn with PDF operators: nothing to embed
            continue
        descriptor = font
        if font.get("/Subtype") == "/Type0":
            descriptor = font["/DescendantFonts"][0].get_object()
        desc = descriptor.get("/FontDescriptor")
        desc = desc.get_object() if desc is not None else {}
        embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        found[name] = found.get(name, True) and embedded


_COLOUR_OPS = {b"rg": "rgb", b"RG": "rgb", b"k": "cmyk", b"K": "cmyk", b"g": "grey",
               b"G": "grey"}


# literal and hex strings, removed before the operators are read (text is not an operator)
_STRINGS = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")


_WIDTH = re.compile(rb"(?<![\w.])(\d*\.?\d+)\s+w(?![\w*])")
_SIZE = re.compile(rb"/[^\s/]+\s+(\d*\.?\d+)\s+Tf(?!\w)")
_COLOUR = re.compile(rb"(?<![\w/])(rg|RG|k|K|g|G)(?!\w)")
_SPACE = re.compile(rb"/(DeviceRGB|DeviceCMYK|DeviceGray|\w+)\s+(?:cs|CS)(?!\w)")
_SPACES = {b"DeviceRGB": "rgb", b"DeviceCMYK": "cmyk", b"DeviceGray": "grey"}


def _scan_content(page: Any, ops: set[str], widths: list[float],
                  sizes: list[float]) -> None:
    """The colour operators, line widths and type sizes of a page's content stream, found
    with regular expressions once strings are removed (pypdf's full parse takes 20 times
    as long, and a book has hundreds of pages)."""
    contents = page.get_contents()
    if contents is None:
        return
    data = _STRINGS.sub(b" ", contents.get_data())
    ops.update(_COLOUR_OPS[m] for m in _COLOUR.findall(data))
    ops.update(_SPACES.get(m, "other") for m in _SPACE.findall(data))  # for sc and scn
    widths.extend(float(m) for m in _WIDTH.findall(data))
    sizes.extend(float(m) for m in _SIZE.findall(data))


def _measure_ink(path: str, pages: list[PageFacts]) -> None:
    import pypdfium2 as pdfium  # type: ignore[import-untyped]

    document = pdfium.PdfDocument(path)
    try:
        for k, facts in enumerate(pages):
            _ink_extent(facts, _grey_image(document[k]))
    finally:
        document.close()


def _grey_image(page: Any) -> Any:
    """The page rasterised at INK_DPI, in grey; the page and its bitmap are closed here, in
    order (pypdfium2 4.0 crashes when the garbage collector closes a page after its
    document)."""
    try:
        bitmap = page.render(scale=INK_DPI / PT)
        try:
            return bitmap.to_pil().convert("L")
        finally:
            bitmap.close()
    finally:
        page.close()


def _ink_extent(facts: PageFacts, image: Any) -> None:
    """Fill `facts.ink_in` and `facts.art_off_edge` from the page's greyscale image."""
    width, height = image.size
    dark = image.point(lambda v: 255 if v < INK else 0)
    box = dark.getbbox()
    media, trim = facts.media, facts.trim
    if box is None:
        facts.ink_in = {side: float("inf") for side in ("left", "right", "top", "bottom")}
        facts.art_off_edge = dict.fromkeys(facts.ink_in, False)
        return
    px = media.width / width  # inches a pixel
    left, top, right, bottom = box
    # image rows run from the top of the media box
    facts.ink_in = {
        "left": (media.x0 + left * px) - trim.x0,
        "right": trim.x1 - (media.x0 + right * px),
        "top": (media.y1 - top * px) * -1 + trim.y1,
        "bottom": (media.y1 - bottom * px) - trim.y0,
    }
    facts.art_off_edge = {"left": left == 0, "top": top == 0, "right": right >= width,
                          "bottom": bottom >= height}
