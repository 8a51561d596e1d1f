"""What a printer's checks read off a finished PDF: page boxes, fonts, colour operators and
line widths (pypdf, from the content streams), the document's security, annotations,
bookmarks, forms and scripts (pypdf, from its objects), type sizes and image resolutions
as printed (pypdfium2's page objects, their matrices applied), and where ink lies
(pypdfium2, each page rasterised: objects.py). Every read goes through reader.py.

Sizes are in inches.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pypdf.generic import IndirectObject

from conundrum.errors import ConundrumError
from conundrum.terminal import shown
from conundrum.workers import can_fork, forked_map
from renderers.preflight.facts import PT, Box, PageFacts, PdfFacts
from renderers.preflight.objects import Least, measure_ink, scan_objects
from renderers.preflight.reader import MAX_CONTENT_BYTES, guarded, open_pdf

__all__ = ["PT", "Box", "PageFacts", "PdfFacts", "read_pdf", "read_record"]

TOLERANCE = 0.01  # inches: a page 1 mm (0.04 in) off is caught, rounding is not
PRINT_KEY = "/ConundrumPrint"  # what our own books record of their printing (publish.py)
# pages a part of the reading: a few times a worker's share of a book, so the parts even
# out among workers that a loaded machine slows unevenly
PART_PAGES = 64


def read_pdf(path: str | os.PathLike, ink: bool = True,
             trims: dict[str, Any] | None = None, bleed: float = 0.125,
             jobs: int = 1) -> PdfFacts:
    """The facts of the PDF at `path`; `ink=False` leaves out rasterising (fast). With
    `trims` (the printer's sizes), pages without a TrimBox whose size is one of them plus
    `bleed` on three sides are read as that trim with bleed. The pages are read in parts
    of PART_PAGES, by up to `jobs` forked workers: the same facts, and the same fault
    first, for any `jobs`. ConundrumError when it is not a PDF that can be read, or
    breaks a limit of reader.py."""
    name, reader = open_pdf(path)
    count = len(reader.pages)
    # the content inflated so far by all parts: none inflates much past the limit
    inflated = multiprocessing.get_context("fork" if can_fork() else "spawn").Value("q", 0)
    parts = forked_map(_read_part, (name, reader, inflated), -(-count // PART_PAGES), jobs)
    facts = guarded(name, lambda: _facts(name, reader, parts))
    if trims:
        _bleed_by_size(facts, trims, bleed)
    for part in parts:  # pdfium's faults after pypdf's, as one process reading in turn
        if part.objects_fault is not None:
            raise part.objects_fault
        for key, least in (("smallest_text", part.smallest_text),
                           ("lowest_image_dpi", part.lowest_image_dpi)):
            known = getattr(facts, key)
            if least is not None and (known is None or least[0] < known[0]):
                setattr(facts, key, least)  # strictly less: the earliest page on a tie
    if ink:
        measure_ink(name, facts.pages)
    return facts


def read_record(path: str | os.PathLike) -> dict[str, str]:
    """Our own book's record of its printing (`PdfFacts.recorded`), read alone: the
    printer it names chooses the rules the rest of the file is read by. Empty for another
    program's PDF; ConundrumError as `read_pdf` for one that cannot be read."""
    name, reader = open_pdf(path)
    return guarded(name, lambda: _recorded((reader.metadata or {}).get(PRINT_KEY)))


@dataclass
class _Part:
    """What one part of the pages (`_read_part`) found: the faults are kept, not raised,
    so that the first in page order is raised whichever part ends first."""

    pages: list[PageFacts] = field(default_factory=list)
    fonts: dict[str, bool] = field(default_factory=dict)  # name: embedded (or Type 3)
    ops: set[str] = field(default_factory=set)
    thinnest: float | None = None
    sizes: list[int] = field(default_factory=list)  # each page's inflated content, in order
    pages_fault: ConundrumError | None = None  # pypdf's, reading the pages' boxes
    fault: ConundrumError | None = None  # pypdf's, on the page after those sized
    short: bool = False  # stopped before its last page: all parts had passed the limit
    smallest_text: Least = None
    lowest_image_dpi: Least = None
    objects_fault: ConundrumError | None = None  # pdfium's


def _read_part(job: tuple[str, Any, Any], index: int) -> _Part:
    """Part `index` of the pages: their boxes, fonts, colour operators, line widths and
    content sizes (pypdf), then their type sizes and images (pdfium). Stops at a fault or
    once the content all parts inflated (`job[2]`) passes the limit."""
    name, reader, inflated = job
    pages = range(index * PART_PAGES, min(len(reader.pages), (index + 1) * PART_PAGES))
    part = _Part()
    try:  # every page's boxes first, as `_facts` raises their faults first
        part.pages = guarded(name, lambda: [_page_facts(k + 1, reader.pages[k])
                                            for k in pages])
    except ConundrumError as exc:
        part.pages_fault = exc
        return part
    try:
        guarded(name, lambda: _read_pages(reader, pages, part, _shared(inflated)))
    except ConundrumError as exc:
        part.fault = exc
    if part.fault is not None or part.short:
        return part  # the caller raises before it would read pdfium's facts
    try:
        part.smallest_text, part.lowest_image_dpi = scan_objects(name, pages)
    except ConundrumError as exc:
        part.objects_fault = exc
    return part


def _shared(inflated: Any) -> Callable[[int], int]:
    def add(size: int) -> int:
        with inflated.get_lock():
            inflated.value += size
            return int(inflated.value)
    return add


def _running(start: int) -> Callable[[int], int]:
    total = [start]

    def add(size: int) -> int:
        total[0] += size
        return total[0]
    return add


def _read_pages(reader: Any, pages: range, part: _Part, add: Callable[[int], int]) -> None:
    """Read `pages` into `part`; `add(size)` counts a page's inflated content and gives
    the total so far: past the limit, the part stops short."""
    widths: list[float] = []
    inflated = add(0)
    seen: dict[Any, int] = {}  # a content stream shared by pages is scanned once
    for k in pages:
        if inflated > MAX_CONTENT_BYTES:
            part.short = True
            break
        page = reader.pages[k]
        _fonts_of(page, part.fonts)
        ref = dict.get(page, "/Contents")
        key = (ref.idnum, ref.generation) if isinstance(ref, IndirectObject) else None
        if key is None or key not in seen:
            size = _scan_content(page, part.ops, widths, MAX_CONTENT_BYTES - inflated)
            if key is not None:
                seen[key] = size
        size = seen[key] if key is not None else size
        part.sizes.append(size)
        inflated = add(size)
    part.thinnest = min(widths, default=None)


def _facts(name: str, reader: Any, parts: list[_Part]) -> PdfFacts:
    pages: list[PageFacts] = []
    fonts: dict[str, bool] = {}
    ops: set[str] = set()
    widths: list[float] = []
    inflated = 0
    number = 0
    for part in parts:  # the pages' boxes are read first (their faults raised first)
        if part.pages_fault is not None:
            raise part.pages_fault
    for part in parts:  # in page order: the first fault or limit passed is raised
        if part.short and inflated + sum(part.sizes) <= MAX_CONTENT_BYTES:
            # all parts passed the limit before this one did: read on from here, in turn,
            rest = _Part()  # to the page where one process reading would pass it
            _read_pages(reader, range(number + len(part.sizes), len(reader.pages)), rest,
                        _running(inflated + sum(part.sizes)))
            part.sizes += rest.sizes
        for size in part.sizes:
            number += 1
            inflated += size
            if inflated > MAX_CONTENT_BYTES:
                raise ConundrumError(
                    f"{shown(name)}: the content of pages 1-{number} inflates to more "
                    f"than {MAX_CONTENT_BYTES:,} bytes (preflight's inflated-content limit)")
        if part.fault is not None:
            raise part.fault
        pages += part.pages
        for font, ok in part.fonts.items():
            fonts[font] = fonts.get(font, True) and ok
        ops |= part.ops
        widths += [] if part.thinnest is None else [part.thinnest]
    root = reader.trailer["/Root"].get_object()
    info = reader.metadata or {}
    return PdfFacts(name, pages, sorted(n for n, ok in fonts.items() if not ok), ops,
                    min(widths, default=None), encrypted=bool(reader.is_encrypted),
                    bookmarks=_bookmarks(root), form_fields=_form_fields(root),
                    javascript=_scripts(root, reader.pages),
                    recorded=_recorded(info.get(PRINT_KEY)))


def _box(rect: Any) -> Box:
    x0, y0, x1, y1 = (float(v) / PT for v in rect)
    return Box(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _page_facts(number: int, page: Any) -> PageFacts:
    has_trim = "/TrimBox" in page  # asked first: reading page.trimbox may set it
    # pypdf gives the media box for a trim or bleed box the file does not set
    media, trim, bleed = _box(page.mediabox), _box(page.trimbox), _box(page.bleedbox)
    annots = _resolved(page.get("/Annots"))
    kinds = [str(_resolved(a).get("/Subtype", "?")).lstrip("/")
             for a in (annots if isinstance(annots, list) else [])
             if isinstance(_resolved(a), dict)]
    return PageFacts(number, media, trim, bleed, has_trim=has_trim,
                     annotations=kinds)


def _resolved(value: Any) -> Any:
    return value.get_object() if hasattr(value, "get_object") else value


def _dict(value: Any) -> dict:
    """`value` resolved, or an empty mapping when it is not a dictionary (a malformed
    Resources, Font or FontDescriptor entry)."""
    value = _resolved(value)
    return value if isinstance(value, dict) else {}


def _fonts_of(page: Any, found: dict[str, bool]) -> None:
    fonts = _dict(_dict(page.get("/Resources")).get("/Font"))
    for entry in fonts.values():
        font = _dict(entry)
        name = shown(str(font.get("/BaseFont", "?")).lstrip("/"))[:100]
        if font.get("/Subtype") == "/Type3":
            found.setdefault(name, True)  # drawn with PDF operators: nothing to embed
            continue
        descriptor = font
        if font.get("/Subtype") == "/Type0":
            descendants = _resolved(font.get("/DescendantFonts"))
            descriptor = _dict(descendants[0]) if isinstance(descendants, list) \
                and descendants else {}
        desc = _dict(descriptor.get("/FontDescriptor"))
        embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        found[name] = found.get(name, True) and embedded


def _bookmarks(root: dict) -> int:
    outlines = _dict(root.get("/Outlines"))
    count = outlines.get("/Count", 0)
    count = abs(int(count)) if isinstance(count, int) else 0
    return count or (1 if "/First" in outlines else 0)


def _form_fields(root: dict) -> int:
    fields = _resolved(_dict(root.get("/AcroForm")).get("/Fields"))
    return len(fields) if isinstance(fields, list) else 0


def _scripts(root: dict, pages: Any) -> list[str]:
    where = []
    names = _dict(root.get("/Names"))
    if "/JavaScript" in names:
        where.append("document names")
    if _dict(root.get("/OpenAction")).get("/S") == "/JavaScript":
        where.append("open action")
    if "/AA" in root:
        where.append("document actions")
    for number, page in enumerate(pages, 1):
        if "/AA" in page:
            where.append(f"page {number} actions")
        annots = _resolved(page.get("/Annots"))
        for annot in annots if isinstance(annots, list) else []:
            action = _dict(_dict(annot).get("/A"))
            if action.get("/S") == "/JavaScript":
                where.append(f"a link on page {number}")
    return where


def _recorded(value: Any) -> dict[str, str]:
    """Our own book's record of its printing: `paper=cream; colour=rgb; trim=6x9`."""
    if not isinstance(value, str):
        return {}
    pairs = (part.split("=", 1) for part in value.split(";") if "=" in part)
    return {k.strip(): v.strip() for k, v in pairs}


def _bleed_by_size(facts: PdfFacts, trims: dict[str, Any], bleed: float) -> None:
    """Pages with no TrimBox sized as a trim plus bleed on the top, bottom and outer edge
    (6.125 x 9.25 in: 6x9 with bleed, as Word, Canva and InDesign export): their trim
    is set inside the bleed, on the outer side by the page's side of the spread."""
    first = facts.pages[0]
    if first.has_trim:
        return
    name = next((n for n, (tw, th) in trims.items()
                 if abs(first.media.width - tw - bleed) <= TOLERANCE
                 and abs(first.media.height - th - 2 * bleed) <= TOLERANCE), None)
    if name is None:
        return
    tw, th = trims[name]
    facts.bleed_by_size = name
    for page in facts.pages:
        if page.has_trim or abs(page.media.width - first.media.width) > TOLERANCE:
            continue
        m = page.media
        x0 = m.x0 if page.number % 2 == 1 else m.x0 + bleed  # page 1 is right-hand
        page.trim = Box(x0, m.y0 + bleed, x0 + tw, m.y0 + bleed + th)


_COLOUR_OPS = {b"rg": "rgb", b"RG": "rgb", b"k": "cmyk", b"K": "cmyk", b"g": "grey",
               b"G": "grey"}


# literal and hex strings, removed before the operators are read (text is not an operator)
_STRINGS = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>")


# Each pattern starts with its operator's letters, never with a lookbehind: the regex
# engine then skips to those letters instead of trying a match at every byte (a book's
# pages are megabytes of numbers; 4-30 times faster, the same matches).
# `<number> w`, read backwards: on the reversed bytes, `w` first, then the number reversed
_WIDTH_REVERSED = re.compile(rb"w(?<![\w*]w)\s+(\d+\.?\d*)(?![\w.])")
# rg, RG, k, K, g, G, not inside a longer word or a name (/g)
_COLOUR_ONE = re.compile(rb"[kKgG](?<![\w/].)(?!\w)")
_COLOUR_TWO = re.compile(rb"(?:rg|RG)(?<![\w/]..)(?!\w)")
_SPACE = re.compile(rb"/(DeviceRGB|DeviceCMYK|DeviceGray|\w+)\s+(?:cs|CS)(?!\w)")
_SPACES = {b"DeviceRGB": "rgb", b"DeviceCMYK": "cmyk", b"DeviceGray": "grey"}


def _scan_content(page: Any, ops: set[str], widths: list[float], room: int) -> int:
    """The colour operators and line widths of a page's content stream, found with regular
    expressions once strings are removed (pypdf's full parse takes 20 times as long, and
    a book has hundreds of pages); the bytes it inflated to (not scanned when that is
    more than the `room` left in the inflated-content limit)."""
    contents = page.get_contents()
    if contents is None:
        return 0
    raw = contents.get_data()
    if len(raw) > room:
        return len(raw)  # refused by the caller before any work on it
    _operators(raw, ops, widths)
    return len(raw)


def _operators(content: bytes, ops: set[str], widths: list[float]) -> None:
    """Add the colour operators (and colour spaces) and the line widths of `content`."""
    data = _STRINGS.sub(b" ", content)
    ops.update(_COLOUR_OPS[m] for m in _COLOUR_ONE.findall(data))
    ops.update(_COLOUR_OPS[m] for m in _COLOUR_TWO.findall(data))
    ops.update(_SPACES.get(m, "other") for m in _SPACE.findall(data))  # for sc and scn
    widths.extend(float(m[::-1]) for m in _WIDTH_REVERSED.findall(data[::-1]))
