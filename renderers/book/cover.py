"""A book's full-wrap cover: back, spine and front on one page, with bleed all round.

The sheet's geometry and the `plain` design are renderers/book/cover_layout.py's, the
other designs (`cover_theme:`) renderers/book/cover_themes.py's, the EAN-13
renderers/book/barcode.py's; reading the spec, manifest and interior a cover is made
from is renderers/book/cover_source.py's. Here they are put together: the theme's back
and front, the spine's words where the printer's rule allows them (KDP: 80 pages or
more; IngramSpark: a spine of 0.35 in or more), and at the back's
lower right the barcode's area: left without ink, or the ISBN's EAN-13 (`barcode:
true`) with its price add-on (`barcode_price:`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from conundrum.book.spec import BookSpec
from conundrum.puzzle import Puzzle
from renderers.book.cover_layout import (
    BLEED,
    INCH,
    MAX_PAGES,
    SAFE,
    SPINE_SAFE,
    CoverGeometry,
    spine,
)
from renderers.book.cover_themes import THEMES
from renderers.page.layout import Page, Rect
from renderers.page.style import Style

LARGE_PRINT = 1.3  # the interior's large-print factor, for the cover's type too
__all__ = ["BLEED", "INCH", "MAX_PAGES", "SAFE", "SPINE_SAFE", "CoverGeometry", "cover_name",
           "cover_page", "cover_pdf"]


def cover_page(spec: BookSpec, pages: int, puzzles: Sequence[Puzzle],
               style: Style | None = None, printer: str | None = None) -> Page:
    """The cover of `spec`'s book of `pages` pages in its theme; the front's board is the
    largest of `puzzles` (the book's own); words on the spine only where `printer`'s rule
    (default: the spec's `printer:`) allows them. ConundrumError for a page count no
    printer binds."""
    geo = CoverGeometry.of(spec, pages, printer)
    style = style or Style(lang=spec.language, palette=spec.palette).checked()
    page = Page(geo.width, geo.height)
    page.kind = "cover"
    page.trim = (BLEED, BLEED, geo.width - BLEED, geo.height - BLEED)
    scale = geo.scale * (LARGE_PRINT if spec.large_print else 1.0)
    spine_ink = THEMES[spec.cover_theme](page, geo, spec, puzzles, style, scale)
    if geo.spine_words:
        spine(page, geo, spec, spine_ink)
    if spec.barcode and spec.isbn:
        from renderers.book.barcode import draw_barcode

        digits = spec.isbn.upper().replace("-", "").replace(" ", "")
        draw_barcode(page, geo.barcode, spec.isbn, spec.barcode_price,
                     spec.isbn if len(digits) == 13 else None)
    else:
        bx, by, bw, bh = geo.barcode
        page.add(Rect(bx, by, bw, bh, fill=style.pal.paper, tag="barcode area"))
    return page


def cover_pdf(spec: BookSpec, pages: int, puzzles: Sequence[Puzzle],
              printer: str | None = None) -> bytes:
    """The cover as PDF bytes: in the book's colour mode, fonts embedded, with its TrimBox
    (the trim all round) and BleedBox (the whole sheet); the spine by `printer`'s rule
    (default: the spec's)."""
    from renderers.paint.pdf import pdf_bytes

    page = cover_page(spec, pages, puzzles, printer=printer)
    return pdf_bytes([page], spec.title, spec.language, spec.colour, spec.palette)


def cover_name(pdf: str | os.PathLike) -> Path:
    """`book.pdf` -> `book-cover.pdf`, beside it."""
    path = Path(pdf)
    return path.with_name(f"{path.stem}-cover.pdf")
