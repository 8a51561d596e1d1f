"""The preview's pictures of pages, drawn once per look of a page: a new build draws
again only the pages whose look changed (a title change: the title page and the cover).

A page is known by a fingerprint of what it draws, not by its bytes: the PDF's fonts are
subsets whose glyph numbers follow the order text first appears in the book, so one new
letter in the title renumbers the text of every page while no page but the title page
looks different. The fingerprint is the page's size, its drawing operators with the
text strings taken out, the text itself as letters (pdfium reads it through the fonts'
own maps), the fonts' names and the bytes of any image it places: two pages with one
fingerprint draw the same picture.
"""

from __future__ import annotations

import hashlib
import io
import re
import threading
from collections import OrderedDict
from pathlib import Path

# a PDF literal string, escapes included (fpdf2 writes every text string so)
STRING = re.compile(rb"\((?:\\.|[^\\)])*\)", re.DOTALL)
LIMIT = 600  # pictures kept (~50 KB a thumbnail): a 400-page book's and some large pages


class PageCache:
    """Pages of PDFs as PNG pictures, each drawn once per fingerprint; `drawn` counts
    the pages actually drawn (what a test and the bench look at)."""

    def __init__(self, lock: threading.Lock | None = None) -> None:
        self._lock = lock or threading.Lock()  # pdfium is not thread-safe: one user at once
        # by file: its version (a new build renames a new file in) and its fingerprints
        self._prints: dict[str, tuple[tuple[int, int, int], list[str]]] = {}
        self._pictures: OrderedDict[tuple[str, int], bytes] = OrderedDict()
        self.drawn = 0

    def png(self, pdf: Path, number: int, width: int) -> bytes | None:
        """Page `number` (1-based) of `pdf`, `width` pixels wide; None past the end."""
        import pypdfium2 as pdfium  # type: ignore[import-untyped]

        with self._lock:
            prints = self._fingerprints(pdf)
            if not 1 <= number <= len(prints):
                return None
            key = (prints[number - 1], width)
            if key in self._pictures:
                self._pictures.move_to_end(key)
                return self._pictures[key]
            document = pdfium.PdfDocument(str(pdf))
            try:
                page = document[number - 1]
                image = page.render(scale=width / page.get_width()).to_pil()
            finally:
                document.close()
            self.drawn += 1
            out = io.BytesIO()
            image.save(out, "PNG", optimize=False)
            self._pictures[key] = out.getvalue()
            while len(self._pictures) > LIMIT:
                self._pictures.popitem(last=False)
            return self._pictures[key]

    def _fingerprints(self, pdf: Path) -> list[str]:
        """Each page's fingerprint, worked out once per version of the file (the newest
        version of each file is kept: the interior's and the cover's, asked in turn)."""
        stat = pdf.stat()
        version = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
        known = self._prints.get(str(pdf))
        if known is None or known[0] != version:
            known = self._prints[str(pdf)] = (version, fingerprints(pdf))
        return known[1]


def fingerprints(pdf: Path) -> list[str]:
    """A fingerprint of what each page of `pdf` draws (see the module's docstring)."""
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    document = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for index, page in enumerate(reader.pages):
            digest = hashlib.sha256()
            digest.update(repr([float(v) for v in page.mediabox]).encode())
            contents = page.get_contents()
            digest.update(STRING.sub(b"()", contents.get_data() if contents else b""))
            text = document[index].get_textpage()
            try:
                digest.update(text.get_text_range().encode("utf-8", "surrogatepass"))
            finally:
                text.close()
            resources = page.get("/Resources") or {}
            for name, font in sorted((resources.get("/Font") or {}).items()):
                digest.update(f"{name}={font.get_object().get('/BaseFont')}".encode())
            for name, image in sorted((resources.get("/XObject") or {}).items()):
                digest.update(name.encode() + image.get_object().get_data())
            out.append(digest.hexdigest())
        return out
    finally:
        document.close()
