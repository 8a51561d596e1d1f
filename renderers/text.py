"""Text helpers for layouts: paragraphs, fitted lines, line heights (all in mm)."""

from __future__ import annotations

from .fonts import PT_TO_MM, fit_size, text_width, wrap
from .layout import Align, Page, Text

ASCENT = 0.80  # baseline below the top of a line, as a fraction of the font size
LEADING = 1.32  # line pitch, as a fraction of the font size


def line_height(size_pt: float, leading: float = LEADING) -> float:
    return size_pt * PT_TO_MM * leading


def first_baseline(top: float, size_pt: float) -> float:
    return top + ASCENT * size_pt * PT_TO_MM


def paragraph_height(text: str, width: float, size_pt: float, bold: bool = False) -> float:
    return len(wrap(text, size_pt, width, bold)) * line_height(size_pt)


def draw_paragraph(page: Page, text: str, x: float, top: float, width: float, size_pt: float,
                   colour: str = "#000000", bold: bool = False, align: Align = "left",
                   tag: str = "") -> float:
    """Wrap `text` into `width` from `top` down; returns the y below the last line."""
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
    size = fit_size(text, size_pt, width, bold)
    text = clip(text, size, width, bold)
    ax = {"left": x, "center": x + width / 2, "right": x + width}[align]
    page.add(Text(ax, first_baseline(top, size), text, size, bold, align, colour, tag))
    return top + line_height(size_pt)


def clip(text: str, size_pt: float, width: float, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if it is still wider than `width` at `size_pt`."""
    if text_width(text, size_pt, bold) <= width:
        return text
    while text and text_width(text + "…", size_pt, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
