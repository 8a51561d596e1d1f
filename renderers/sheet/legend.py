"""The colour legend: each tile colour's letter, its name in the sheet's language, and the
palette's look (fill and, where the palette has them, its symbol).

Sheets print it under the instructions, books on the how-to-play page and as
a one-line strip on every puzzle page. Where the letters (R Y G B P, the
tiles' codes) are not the initials of the colour names in the language, a
note says so, so a French reader does not look for a "R" for "rouge" by chance
and then for a "V" for "vert".
"""

from __future__ import annotations

from dataclasses import dataclass

from conundrum.tiles import COLOURS, JOKER
from renderers.page.fonts import text_width
from renderers.page.layout import Page, Rect, Text
from renderers.page.style import Style
from renderers.page.text import draw_paragraph, paragraph_height
from renderers.sheet.draw import baseline_for_centre, draw_square


@dataclass(frozen=True)
class LegendLook:
    """Type size (pt) and swatch side (mm) of one legend."""

    size: float
    swatch: float

    @classmethod
    def of(cls, style: Style) -> LegendLook:
        """The legend's look for a style: its body type and a swatch sized to its tiles."""
        return cls(style.sizes.body, style.sizes.given_tile * 0.62)


OUTLINE = 0.25  # mm, each swatch's outline
STRIP = LegendLook(8.0, 3.0)  # the small strip on a book's puzzle pages


def entries(style: Style) -> list[tuple[str, str, str]]:
    """(square colour, bold letter, name) for each colour and the joker."""
    found = [(c, c, style.t(f"colour_{c}")) for c in COLOURS]
    return found + [(JOKER, "", style.t("colour_joker"))]


def letters_are_initials(style: Style) -> bool:
    """True when every colour's name starts with its letter (English)."""
    return all(name[:1].upper() == letter for _c, letter, name in entries(style) if letter)


def _item_width(letter: str, name: str, look: LegendLook) -> float:
    letter_w = text_width(letter + " ", look.size, True) if letter else 0.0
    return look.swatch + 1.6 + letter_w + text_width(name, look.size) + 5.0


def _rows(style: Style, w: float, look: LegendLook) -> list[list[tuple[str, str, str, float]]]:
    rows: list[list[tuple[str, str, str, float]]] = [[]]
    used = OUTLINE / 2
    for colour, letter, name in entries(style):
        item_w = _item_width(letter, name, look)
        if rows[-1] and used + item_w > w:
            rows.append([])
            used = 0.0
        rows[-1].append((colour, letter, name, item_w))
        used += item_w
    return rows


def _row_pitch(look: LegendLook) -> float:
    return look.swatch + 2.0


def legend_height(style: Style, w: float, look: LegendLook | None = None,
                  note: bool = False) -> float:
    """How tall `draw_legend` will be at width `w`."""
    look = look or LegendLook.of(style)
    rows = len(_rows(style, w, look))
    height = rows * _row_pitch(look) - 2.0
    if note and not letters_are_initials(style):
        height += 1.5 + paragraph_height(style.t("legend_not_initials"), w, look.size)
    return height


def draw_legend(page: Page, x: float, y: float, w: float, style: Style,
                look: LegendLook | None = None, note: bool = False) -> float:
    """Swatches naming each colour's letter, in as many rows as `w` needs; with `note`,
    the remark that the letters are not the names' initials where that is so.
    Returns the y below."""
    look = look or LegendLook.of(style)
    pal = style.pal
    cy = y
    for row in _rows(style, w, look):
        cx = x + OUTLINE / 2  # the swatch's outline stays inside the rectangle
        for colour, letter, name, item_w in row:
            s = look.swatch
            draw_square(page, (cx, cy, s, s), colour, pal, tag=f"legend {colour}")
            page.add(Rect(cx, cy, s, s, stroke=pal.ink, width=OUTLINE))
            base = baseline_for_centre(cy + s / 2, look.size)
            tx = cx + s + 1.6
            if letter:
                page.add(Text(tx, base, letter, look.size, True, colour=pal.ink,
                              tag="legend letter"))
                tx += text_width(letter + " ", look.size, True)
            page.add(Text(tx, base, name, look.size, colour=pal.ink, tag="legend name"))
            cx += item_w
        cy += _row_pitch(look)
    bottom = cy - 2.0
    if note and not letters_are_initials(style):
        bottom = draw_paragraph(page, style.t("legend_not_initials"), x, bottom + 1.5, w,
                                look.size, pal.muted, tag="legend note")
    return bottom
