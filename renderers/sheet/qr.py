"""A QR code and the short address of a puzzle's web page, drawn as layout shapes.

segno encodes the address; its module matrix becomes filled rectangles (one
per run of dark modules in a row), so the PDF and PNG painters draw a crisp
vector code like any other shape, and no image is embedded.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

import segno

from conundrum.errors import ConundrumError
from renderers.page.fonts import text_width
from renderers.page.layout import READ_PT, Align, Page, Rect, Text
from renderers.page.style import Style
from renderers.page.text import first_baseline, line_height, require_drawable

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


@lru_cache(maxsize=4096)  # a book asks it of each address at every layout of its section
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


def caption_size(style: Style) -> float:
    """The caption's type size: 0.9 of the body, never under READ_PT (a reader types the
    address from it)."""
    return max(style.sizes.body * 0.9, READ_PT)


def address_pieces(address: str) -> list[str]:
    """The address cut where a line may end: after each '/', and in the host name before
    each '.' (the usual places to break a printed address), so a wrapped address still
    reads as one. The page's own name ("17.html") is one piece: a line never holds its
    extension alone.

    >>> address_pieces("example.org/vol-1/17.html")
    ['example', '.org/', 'vol-1/', '17.html']
    """
    parts = re.findall(r"[^/]*/|[^/]+$", address)  # each to its '/'; the name last
    if not parts:
        return []
    return [p for p in re.split(r"(?=\.)", parts[0]) if p] + parts[1:]


def _caption_parts(style: Style, url: str) -> tuple[list[str], list[str]]:
    """"Check your answers:" as words, and the short address in pieces."""
    before, _, after = style.t("web_check_url", address="\x00").partition("\x00")
    words = before.split()
    return words, address_pieces(short_address(url) + after.rstrip())


def wrap_caption(words: list[str], pieces: list[str], size_pt: float, width: float,
                 address_apart: bool = False) -> list[str]:
    """The caption's lines no wider than `width` mm: words break at spaces, the address at
    its pieces (`address_pieces`), a piece wider than a line between characters; never cut
    short. `address_apart`: the address starts a line of its own."""
    tokens = [(w, " ") for w in words] + \
        [(p, " " if k == 0 and not address_apart else "") for k, p in enumerate(pieces)]
    lines: list[str] = []
    line = ""
    for k, (token, sep) in enumerate(tokens):
        if address_apart and k == len(words) and line:
            lines.append(line)
            line = ""
        trial = f"{line}{sep}{token}" if line else token
        if not line or text_width(trial, size_pt) <= width:
            line = trial
        else:
            lines.append(line)
            line = token
        while text_width(line, size_pt) > width and len(line) > 1:  # a piece alone too wide
            cut = max([1, *(n for n in range(2, len(line))
                            if text_width(line[:n], size_pt) <= width)])
            if line[cut] == "." and cut > 1:  # never a line of ".html" alone
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line] if line else lines


def fit_caption(style: Style, url: str, width: float, height: float,
                address_apart: bool = False) -> tuple[float, list[str]]:
    """The caption's size and lines in `width` mm: the largest size from `caption_size` down
    to READ_PT whose lines fit `height` mm; where none does, READ_PT's lines (the caller
    makes room for them: `caption_height`)."""
    words, pieces = _caption_parts(style, url)
    size = caption_size(style)
    while True:
        lines = wrap_caption(words, pieces, size, width, address_apart)
        if len(lines) * line_height(size) <= height + 1e-9 or size <= READ_PT:
            return size, lines
        size = max(READ_PT, size - 0.25)


def caption_height(style: Style, url: str, width: float, height: float,
                   address_apart: bool = False) -> float:
    """The height in mm of the caption `fit_caption` lays out."""
    size, lines = fit_caption(style, url, width, height, address_apart)
    return len(lines) * line_height(size)


def draw_caption(page: Page, style: Style, url: str, x: float, top: float, width: float,
                 height: float, align: Align = "left", address_apart: bool = False) -> float:
    """The caption's lines from `top` down (see `fit_caption`); returns the y below them."""
    size, lines = fit_caption(style, url, width, height, address_apart)
    ax = {"left": x, "center": x + width / 2, "right": x + width}[align]
    for line in lines:
        require_drawable(line, "web address")
        page.add(Text(ax, first_baseline(top, size), line, size, False, align,
                      style.pal.ink, "web address"))
        top += line_height(size)
    return top


def draw_web_link(page: Page, url: str, x: float, bottom: float, w: float, style: Style
                  ) -> float:
    """The QR code at the bottom right of a puzzle's area and, beside it, "Check your answers:
    example.org/vol1/17.html", wrapped (never cut short) and taller than the code where
    the column is narrow; returns the top of the block."""
    pal = style.pal
    size = COMPACT_SIZE if style.compact else FULL_SIZE
    text_w = w - size - 3.0
    text_h = caption_height(style, url, text_w, size)
    block = max(size, text_h)
    draw_qr(page, url, x + w - size, bottom - size, size, pal.ink, pal.paper)
    draw_caption(page, style, url, x, bottom - size / 2 - text_h / 2 if text_h <= size
                 else bottom - block, text_w, size, align="right")
    return bottom - block
