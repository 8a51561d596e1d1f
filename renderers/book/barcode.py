"""The ISBN's EAN-13 (and its EAN-5 price add-on) drawn as vector bars in the back cover's
barcode area.

The bars' pattern comes from a maintained barcode library, zxing-cpp (its writer is
libzint), never from an encoder of ours: it gives one row of modules, which this module
draws as filled rectangles, with the guard bars longer (GS1 General Specifications,
5.2.3: the start, centre and end guards reach 5 modules below the others) and the add-on's
bars shorter (its digits are printed above them). The module is 0.33 mm (100 % of EAN-13's
nominal X dimension) where the area allows, never under 0.264 mm (80 %, the smallest the
ISBN agency's barcode guide accepts for books); the quiet zones (11 modules left, 7 right,
5 after an add-on) stay white.
"""

from __future__ import annotations

from dataclasses import dataclass

from conundrum.book.spec import isbn_valid
from conundrum.errors import ConundrumError
from renderers.page.fonts import PT_TO_MM, text_width
from renderers.page.layout import TEXT_ASCENT, TEXT_DESCENT, WORD_CLEAR, Page, Rect, Text

X_NOMINAL = 0.33  # mm: the EAN-13 module at 100 %
X_LEAST = 0.264  # mm: 80 %, the smallest for a book cover
MAIN = 95  # modules of an EAN-13 symbol, guards included
QUIET_LEFT, QUIET_RIGHT, QUIET_ADDON = 11, 7, 5
GUARD_DROP = 5  # modules the guard bars reach below the data bars
DIGIT_PT = 8.0  # the digits under the bars (OCR-B's usual size; the book's font)
ISBN_PT = 8.0  # "ISBN 978-..." above the symbol
INK = "#000000"  # bars in one ink: black (100 % K on a cmyk cover)


@dataclass(frozen=True)
class Symbol:
    """An EAN-13 (and add-on) as modules: the first MAIN are the EAN-13's, the add-on's
    follow a gap; `guards` are the modules of the long guard bars."""

    digits: str
    addon: str | None
    modules: str  # "1" a dark module, "0" a light one, from the first bar to the last
    guards: frozenset[int]

    @property
    def bars(self) -> list[tuple[int, int]]:
        """(first module, width in modules) of every dark bar, left to right."""
        out: list[tuple[int, int]] = []
        start = None
        for i, m in enumerate(self.modules + "0"):
            if m == "1" and start is None:
                start = i
            elif m != "1" and start is not None:
                out.append((start, i - start))
                start = None
        return out


def ean13_of(isbn: str) -> str:
    """The 13 digits of an ISBN's EAN-13: an ISBN-13 as it is, an ISBN-10 as 978 + its
    first nine digits + a new check digit. ConundrumError for an invalid ISBN."""
    digits = isbn.upper().replace("-", "").replace(" ", "")
    if not isbn_valid(digits):
        raise ConundrumError(f"isbn {isbn!r} is not a valid ISBN-10 or ISBN-13")
    if len(digits) == 13:
        return digits
    body = "978" + digits[:9]
    check = (10 - sum((3 if i % 2 else 1) * int(c) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def symbol(isbn: str, price: str | None = None) -> Symbol:
    """The EAN-13 of `isbn` with its 5-digit `price` add-on, as libzint draws it (through
    zxing-cpp): its bottom row gives the guards and the add-on, a row above it every bar."""
    import numpy as np
    import zxingcpp

    digits = ean13_of(isbn)
    content = digits if price is None else f"{digits} {price}"
    made = zxingcpp.create_barcode(content, zxingcpp.BarcodeFormat.EAN13)
    image = np.asarray(made.to_image(scale=1, add_hrt=False, add_quiet_zones=False))
    dark = image < 128
    rows = [int(v) for v in dark.sum(axis=0)]  # dark rows in each module column
    every = [r > 0 for r in rows]  # a module dark in any row is a bar
    tallest = max(rows)
    # the guard bars are the main symbol's tallest ones; the add-on's bars start lower
    main_guards = frozenset(i for i in range(MAIN) if every[i] and rows[i] == tallest)
    modules = "".join("1" if v else "0" for v in every).rstrip("0")
    if len(modules) < MAIN or len(main_guards) != 6:  # start, centre, end: 2 bars each
        raise ConundrumError(f"isbn {isbn}: the barcode library gave no EAN-13 symbol")
    return Symbol(digits, price, modules, main_guards)


def draw_barcode(page: Page, area: tuple[float, float, float, float], isbn: str,
                 price: str | None = None, label: str | None = None) -> None:
    """The EAN-13 of `isbn` (and its add-on) centred in `area` (x, y, w, h mm), on white,
    with "ISBN ..." above it (`label`: the ISBN as printed) and its digits below."""
    sym = symbol(isbn, price)
    x, y, w, h = area
    page.add(Rect(x, y, w, h, fill="#ffffff", tag="barcode area"))
    addon_quiet = QUIET_ADDON if price else 0
    span = QUIET_LEFT + len(sym.modules) + max(QUIET_RIGHT, addon_quiet)
    module = min(X_NOMINAL, w / span)
    if module < X_LEAST:
        raise ConundrumError(f"the barcode area ({w:.1f} mm) is too narrow for an EAN-13 at "
                             "80 % of its size")
    digit_h = DIGIT_PT * PT_TO_MM
    # the ISBN line above the bars and the add-on's digits above its own, each with 1.5 pt
    # of paper (WORD_CLEAR) between its lowest possible ink (descenders) and the bars
    top = y + 1.0 + (TEXT_ASCENT + TEXT_DESCENT) * ISBN_PT * PT_TO_MM + WORD_CLEAR
    bottom = y + h - 1.0 - digit_h * 1.05  # above the digits
    bars_h = bottom - top - GUARD_DROP * module
    left = x + (w - span * module) / 2 + QUIET_LEFT * module
    addon_top = top + (TEXT_ASCENT + TEXT_DESCENT) * digit_h + WORD_CLEAR
    for first, width in sym.bars:
        bx = left + first * module
        if first >= MAIN:  # the add-on
            page.add(Rect(bx, addon_top, width * module, bottom - addon_top, fill=INK,
                          tag="barcode add-on bar"))
            continue
        long = first in sym.guards
        page.add(Rect(bx, top, width * module, bars_h + (GUARD_DROP * module if long else 0),
                      fill=INK, tag="barcode guard" if long else "barcode bar"))
    _digits(page, sym, left, module, bottom, addon_top, digit_h)
    text = f"ISBN {label or sym.digits}"
    size = min(ISBN_PT, ISBN_PT * (MAIN * module) / max(text_width(text, ISBN_PT), 1e-6))
    size = max(size, 7.0)
    page.add(Text(left + MAIN * module / 2, top - WORD_CLEAR - TEXT_DESCENT * size * PT_TO_MM,
                  text, size, False, "center", INK, "barcode isbn"))


def _digits(page: Page, sym: Symbol, left: float, module: float, bottom: float,
            addon_top: float, digit_h: float) -> None:
    """The human-readable digits: the first in the left quiet zone, then two groups of six
    under the data bars, and the add-on's five above its bars."""
    base = bottom + digit_h * 1.0
    d = sym.digits
    page.add(Text(left - 2 * module, base, d[0], DIGIT_PT, False, "right", INK,
                  "barcode digits"))
    for group, start in ((d[1:7], 3), (d[7:], 50)):
        page.add(Text(left + (start + 21) * module, base, group, DIGIT_PT, False, "center",
                      INK, "barcode digits"))
    if sym.addon:
        first = next(start for start, _ in sym.bars if start >= MAIN)
        middle = left + (first + len(sym.modules)) / 2 * module
        page.add(Text(middle, addon_top - WORD_CLEAR - TEXT_DESCENT * digit_h, sym.addon, DIGIT_PT,
                      False, "center", INK, "barcode digits"))
