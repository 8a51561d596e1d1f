"""Text helpers for layouts: paragraphs, fitted lines, line heights (all in mm)."""

from __future__ import annotations

import unicodedata

from conundrum.errors import ConundrumError
from renderers.page.fonts import FONT_PACKAGE, PT_TO_MM, fit_size, font_characters, text_width, wrap
from renderers.page.layout import Align, Page, Text

ASCENT = 0.80  # baseline below the top of a line, as a fraction of the font size
LEADING = 1.32  # line pitch, as a fraction of the font size


def line_height(size_pt: float, leading: float = LEADING) -> float:
    """The height in mm of one line of `size_pt` type at `leading` (times the size)."""
    return size_pt * PT_TO_MM * leading


def first_baseline(top: float, size_pt: float) -> float:
    """The baseline in mm of a first line of `size_pt` type whose top is at `top`."""
    return top + ASCENT * size_pt * PT_TO_MM


def paragraph_height(text: str, width: float, size_pt: float, bold: bool = False) -> float:
    """The height in mm of `text` wrapped to `width` mm at `size_pt`."""
    return len(wrap(text, size_pt, width, bold)) * line_height(size_pt)


def draw_paragraph(page: Page, text: str, x: float, top: float, width: float, size_pt: float,
                   colour: str = "#000000", bold: bool = False, align: Align = "left",
                   tag: str = "") -> float:
    """Wrap `text` into `width` from `top` down; returns the y below the last line."""
    require_drawable(text, tag or "text", line_breaks=True)
    ax = {"left": x, "center": x + width / 2, "right": x + width}[align]
    y = top
    for line in wrap(text, size_pt, width, bold):
        page.add(Text(ax, first_baseline(y, size_pt), line, size_pt, bold, align, colour, tag))
        y += line_height(size_pt)
    return y


def draw_fitted(page: Page, text: str, x: float, top: float, width: float, size_pt: float,
                colour: str = "#000000", bold: bool = False, align: Align = "left",
                tag: str = "") -> float:
    """One line, shrunk if needed to fit `width`; returns the y below it."""
    require_drawable(text, tag or "text")
    size = fit_size(text, size_pt, width, bold)
    text = clip(text, size, width, bold)
    ax = {"left": x, "center": x + width / 2, "right": x + width}[align]
    page.add(Text(ax, first_baseline(top, size), text, size, bold, align, colour, tag))
    return top + line_height(size_pt)


def clip(text: str, size_pt: float, width: float, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if it is still wider than `width` at `size_pt`.

    The cut is found by bisection on the length (widths grow with every
    character), so a long text costs a few measurements, not one per character.
    """
    if text_width(text, size_pt, bold) <= width:
        return text
    fits, too_long = 0, len(text)  # text[:fits] + "…" fits; text[:too_long] + "…" does not
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if text_width(text[:mid] + "…", size_pt, bold) <= width:
            fits = mid
        else:
            too_long = mid
    return text[:fits].rstrip() + "…"


def undrawable(text: str, line_breaks: bool = False) -> list[str]:
    """The characters of `text` the embedded font has no glyph for, in order, once each.

    Line breaks are allowed only where a paragraph is wrapped (`line_breaks`).
    """
    have = font_characters()
    out: list[str] = []
    for ch in text:
        if ord(ch) in have or (line_breaks and ch == "\n") or ch in out:
            continue
        out.append(ch)
    return out


def require_drawable(text: str, what: str, line_breaks: bool = False) -> None:
    """Refuse, naming `what` and the first character, a text the font cannot draw.

    PT Sans covers Latin (with Czech and the other Latin-2 letters) and
    Cyrillic; emoji, Hebrew, Arabic, CJK, tabs and line breaks would print as
    empty boxes, so they are refused before anything is drawn.
    Raises ConundrumError.
    """
    missing = undrawable(text, line_breaks)
    if not missing:
        return
    shown = text if len(text) <= 40 else text[:37] + "..."
    names = ", ".join(_describe(ch) for ch in missing[:3]) + (" ..." if len(missing) > 3 else "")
    raise ConundrumError(f"{what} {shown!r}: the embedded font ({FONT_PACKAGE}) cannot draw "
                         f"{names}; use Latin or Cyrillic letters, digits and punctuation")


def _describe(ch: str) -> str:
    special = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}
    if ch in special:
        return special[ch]
    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')})"


def wrap_list(items: list[str], width: float, size_pt: float) -> list[str]:
    """Join items (positions in notation) with commas into lines no wider than `width`,
    never breaking inside an item."""
    lines: list[str] = []
    line = ""
    for item in items:
        trial = f"{line},  {item}" if line else item
        if line and text_width(trial + ",", size_pt) > width:
            lines.append(line + ",")
            line = item
        else:
            line = trial
    return [*lines, line] if line else lines


# The book spec's keys whose text is printed (the others are names, paths or choices).
PRINTED_BOOK_KEYS = ("title", "subtitle", "volume", "author", "publisher", "edition", "isbn",
                     "copyright", "web", "blurb", "intro")


def require_drawable_book(spec: object, source: str) -> None:
    """Check every printed text of a book spec before any puzzle is made."""
    for key in PRINTED_BOOK_KEYS:
        value = getattr(spec, key, None)
        if isinstance(value, str):
            require_drawable(value, f"{source}: {key}",
                             line_breaks=key in ("copyright", "blurb", "intro"))
    for section in getattr(spec, "sections", ()):
        require_drawable(section.name, f"{source}: section name")
