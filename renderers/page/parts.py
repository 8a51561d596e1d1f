"""The parts every sheet page shares: the title line, the id footer, the content box."""

from __future__ import annotations

from conundrum.puzzle import Puzzle
from renderers.page.fonts import fit_size, text_width, wrap
from renderers.page.layout import Line, Page, Text, page_margin
from renderers.page.style import Style
from renderers.page.text import draw_fitted, first_baseline, line_height, require_drawable
from renderers.page.wording import footer_text


def content_box(page: Page) -> tuple[float, float, float, float]:
    """The printable rectangle of a page inside its margins: x, y, w, h."""
    m = page_margin(page.width, page.height)
    return (m, m, page.width - 2 * m, page.height - 2 * m)


def draw_header(page: Page, title: str, number: str | None, x: float, y: float, w: float,
                style: Style, reserve: float = 0.0) -> float:
    """The title, the number on the right (`reserve` mm left of the right edge, kept for a
    box), a rule under them all; returns the y below."""
    sz, pal = style.sizes, style.pal
    if number:
        require_drawable(number, "the puzzle's number")  # a file's `number:` key, too
    number_w = text_width(number, sz.number, True) + 6 if number else 0.0
    base = first_baseline(y, sz.title)
    draw_fitted(page, title, x, y, w - number_w - reserve, sz.title, pal.ink, bold=True,
                tag="title")
    if number:
        page.add(Text(x + w - reserve, base, number, sz.number, True, "right", pal.muted,
                      tag="number"))
    rule_y = y + line_height(sz.title, 1.2) + 0.8
    page.add(Line(x, rule_y, x + w, rule_y, stroke=pal.accent, width=0.35))
    return rule_y + 3.0


def header_height(style: Style) -> float:
    """The height in mm of a sheet's header (its title line and the space below)."""
    return line_height(style.sizes.title, 1.2) + 3.8


def draw_footer(page: Page, puzzle: Puzzle, x: float, bottom: float, w: float,
                style: Style) -> float:
    """The id line at the very bottom; returns the top of the footer. A footer too long for
    one line at the smallest type (6 pt) goes on two, never cut short: it is how the
    puzzle is made again."""
    text = footer_text(puzzle, style)
    require_drawable(text, "the footer (the file's `generator:` and `seed:` keys)")
    size = fit_size(text, style.sizes.footer, w)
    lines = wrap(text, size, w)
    top = bottom - len(lines) * line_height(size)
    for k, line in enumerate(lines):
        page.add(Text(x, first_baseline(top + k * line_height(size), size), line, size,
                      colour=style.pal.muted, tag="footer"))
    return top
