"""A QR code and the short address of a puzzle's web page, drawn as layout shapes.

segno encodes the address; its module matrix becomes filled rectangles (one
per run of dark modules in a row), so the PDF and PNG painters draw a crisp
vector code like any other shape, and no image is embedded.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import segno

from conundrum.errors import ConundrumError
from renderers.page.layout import Page, Rect
from renderers.page.style import Style
from renderers.page.text import draw_fitted, line_height

QUIET = 2  # modules of white border; printed on white paper, 2 reads reliably
# modules of 0.5 mm or more: smaller ones do not decode from a 150 dpi scan or a phone at
# arm's length (0.36 mm did not); an address of up to 42 bytes is a version 3 code, 33
# modules with its quiet zone: 16.5 mm
MIN_MODULE = 0.5
FULL_SIZE = 18.0  # mm: the code's side on a full sheet
COMPACT_SIZE = 16.5  # mm: several puzzles a page


MAX_URL = 500


def check_url(url: object) -> str:
    """An http(s) address with a host and no spaces, as given; a ConundrumError otherwise."""
    text = url.strip() if isinstance(url, str) else ""
    try:
        parts = urlsplit(text)
        ok = parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018  (raises ValueError for a port beyond 65535 or not a number)
    except ValueError:
        ok = False
    if not ok or len(text) > MAX_URL or any(c.isspace() or ord(c) < 32 for c in text):
        raise ConundrumError(f"--web-url {url!r} is not an http:// or https:// address such as "
                             "https://example.org/puzzles/7.html")
    return text


def page_address(base: str, number: int | str) -> str:
    """The address of puzzle `number`'s page on a book site published at `base`."""
    return f"{base if base.endswith('/') else base + '/'}{number}.html"


def short_address(url: str) -> str:
    """What a reader types: the address without its scheme."""
    for scheme in ("https://", "http://"):
        if url.lower().startswith(scheme):
            return url[len(scheme):]
    return url


def qr_matrix(url: str) -> list[list[bool]]:
    """The dark (True) and light modules of the address's QR code, quiet zone excluded."""
    code = segno.make_qr(url, error="m")
    return [[bool(v) for v in row] for row in code.matrix]


def qr_fits(url: str, size: float) -> bool:
    """True when the address's code, quiet zone included, fits a `size` mm square with
    modules of MIN_MODULE mm or more."""
    return size / (len(qr_matrix(url)) + 2 * QUIET) >= MIN_MODULE - 1e-9


def draw_qr(page: Page, url: str, x: float, y: float, size: float, ink: str, paper: str) -> None:
    """The code with its quiet zone in a `size` mm square whose top-left is (x, y) (a book
    leaves out codes whose modules would print under MIN_MODULE, and warns: `qr_fits`)."""
    matrix = qr_matrix(url)
    n = len(matrix) + 2 * QUIET
    module = size / n
    page.add(Rect(x, y, size, size, fill=paper, tag=f"qr {url}"))
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            # runs overlap by a hair so no seam shows between modules when rasterised
            page.add(Rect(x + (QUIET + start) * module, y + (QUIET + r) * module,
                          (c - start) * module + 0.01, module + 0.01, fill=ink, tag="qr module"))


def draw_web_link(page: Page, url: str, x: float, bottom: float, w: float, style: Style
                  ) -> float:
    """The QR code at the bottom right of a puzzle's area and, beside it, "Check your answers:
    example.org/vol1/17.html"; returns the top of the block."""
    pal, sz = style.pal, style.sizes
    size = COMPACT_SIZE if style.compact else FULL_SIZE
    top = bottom - size
    draw_qr(page, url, x + w - size, top, size, pal.ink, pal.paper)
    text = style.t("web_check_url", address=short_address(url))
    size_pt = sz.body * 0.9
    draw_fitted(page, text, x, bottom - size / 2 - line_height(size_pt) / 2, w - size - 3.0,
                size_pt, pal.ink, align="right", tag="web address")
    return top
