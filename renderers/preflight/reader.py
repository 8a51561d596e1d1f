"""The one guarded way preflight reads a PDF (issue 34): a regular file of bounded size,
opened by pypdf with its logging and warnings kept from the terminal, every fault of a
malformed or hostile file turned into one ConundrumError naming the file and what was
wrong, and the limits of docs/reference/limits.md ("PDFs read by preflight") applied
before the work they bound. The guard itself (`renderers.page.pdf_guard`) is shared with
the cover, which reads a book's PDF the same way.
"""

from __future__ import annotations

import os
from typing import Any

from pypdf import PdfReader

from conundrum.errors import ConundrumError
from conundrum.terminal import shown
from renderers.page import pdf_guard
from renderers.page.pdf_guard import guarded, quiet_pypdf

__all__ = ["guarded", "open_pdf", "open_pdfium", "quiet_pypdf", "regular_file"]

MAX_FILE_BYTES = 500_000_000  # a 828-page book of ours is about 30 MB
MAX_PAGES = 2_000  # the longest book any printer here takes is 1,050 pages
MAX_CONTENT_BYTES = 256_000_000  # page content once inflated, summed over the pages
MAX_PAGE_INCHES = 200.0  # PDF's own largest page (14,400 units); a book page is 8.5 x 11
MAX_RASTER_PIXELS = 400_000_000  # at INK_DPI, over the whole document (2,000 A4 pages)
MAX_RASTER_SECONDS = 300.0  # rasterising every page for the margins
# pypdf's own bounds stay as they are: 75,000,000 bytes for one inflated stream


def regular_file(path: str | os.PathLike, what: str) -> str:
    """`path` as a string once it is known to be a regular file of at most MAX_FILE_BYTES
    (a FIFO would block for ever and /dev/zero never end); ConundrumError otherwise."""
    return pdf_guard.regular_file(path, what, MAX_FILE_BYTES, "preflight")


def open_pdf(path: str | os.PathLike, what: str = "a PDF") -> tuple[str, Any]:
    """The file's name and its pypdf reader, checked as `regular_file` does and refused
    when it has more than MAX_PAGES pages or needs a password to open."""
    name = regular_file(path, what)

    def read() -> Any:
        reader = PdfReader(name)
        if reader.is_encrypted and not reader.decrypt(""):  # owner-locked files open
            raise ConundrumError(f"{shown(name)}: encrypted with a password; a printer "
                                 "takes no encrypted file (remove the password)")
        tree: Any = reader.trailer["/Root"]
        declared = tree["/Pages"].get("/Count", 0)
        if isinstance(declared, int) and declared > MAX_PAGES:  # before the tree is read
            raise ConundrumError(f"{shown(name)}: {declared:,} pages; preflight reads at "
                                 f"most {MAX_PAGES:,} (the page limit)")
        count = len(reader.pages)
        if count > MAX_PAGES:
            raise ConundrumError(f"{shown(name)}: {count:,} pages; preflight reads at most "
                                 f"{MAX_PAGES:,} (the page limit)")
        if count == 0:
            raise ConundrumError(f"{shown(name)}: a PDF without pages")
        return reader

    return name, guarded(name, read)


def open_pdfium(name: str) -> Any:
    """The file opened by pypdfium2 (to rasterise and to read its objects); a library that
    cannot be loaded under a memory limit and a file it cannot parse are ConundrumErrors."""
    try:
        import pypdfium2 as pdfium  # type: ignore[import-untyped]
    except (ImportError, OSError, MemoryError) as exc:
        raise ConundrumError(f"{shown(name)}: not enough memory to load the PDF renderer "
                             f"(pypdfium2: {shown(exc)}); is a memory limit such as "
                             "`ulimit -v` set?") from None
    try:
        return pdfium.PdfDocument(name, password="")
    except MemoryError:
        raise ConundrumError(f"{shown(name)}: ran out of memory opening it to render")\
            from None
    except (pdfium.PdfiumError, OSError, ValueError) as exc:
        raise ConundrumError(f"{shown(name)}: not a PDF that can be rendered "
                             f"({shown(exc)})") from None
