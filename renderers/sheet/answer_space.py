"""The reader's answer space on a puzzle: a short ruled line for each answer, the QR code
and address of the puzzle's web page beside or under them, and the header's time box.

Laid out by `draw_puzzle` (puzzle.py), which reserves `write_space_height` below or
beside the given tiles, so every answer has its line wherever the puzzle is legible.
"""

from __future__ import annotations

from renderers.page.fonts import PT_TO_MM, text_width
from renderers.page.layout import TEXT_ASCENT, Line, Page, Rect, Text
from renderers.page.style import Style
from renderers.page.text import draw_fitted, line_height
from renderers.sheet.qr import (
    COMPACT_SIZE,
    FULL_SIZE,
    caption_height,
    caption_size,
    draw_caption,
    draw_qr,
)
from renderers.sheet.solved import Solved

WRITE_PITCH = 7.0  # mm between ruled lines: room for handwriting (college ruled is 7.1)
QR_GAP = 3.0  # mm between the answer lines and the QR code beside them
ANSWER_GAP = 4.0  # mm between the short lines of one row, one answer each
HANDWRITTEN = "RYG AB12 h,"  # the widest answer, as the reader writes it


def qr_side(style: Style) -> float:
    """The side of the QR code beside the answer lines (0: none, and no room kept)."""
    if not (style.web_url or style.qr_room):
        return 0.0
    return (COMPACT_SIZE if style.compact else FULL_SIZE) / style.qr_shrink


def _answer_lines(solved: Solved, w: float, style: Style) -> int:
    """Ruled lines for every answer (`style.answer_room`, or the puzzle's own count), as
    many a line as a hand fits across `w`; at least one."""
    total = style.answer_room if style.answer_room is not None else \
        sum(len(found) for _code, found in solved.solutions)
    return max(1, -(-total // _per_line(w, style)))


def _per_line(w: float, style: Style) -> int:
    """Answers a ruled line of width `w` holds, each on a short line of its own."""
    return max(1, int((w + ANSWER_GAP) // (text_width(HANDWRITTEN, style.sizes.body) * 1.3
                                           + ANSWER_GAP)))


def _stacked(w: float, style: Style) -> bool:
    """Whether the QR code goes under the answer lines (a column too narrow for two answers
    beside it) rather than at their right."""
    qr = qr_side(style)
    return bool(qr) and _per_line(w - qr - QR_GAP, style) < 2


def write_space_height(solved: Solved, w: float, style: Style) -> float:
    """The room "Your answers" needs at width `w`: a heading and a short ruled line for
    every answer, several a row, and (with a web address, or its room kept) a QR code with
    the address, at the right of the lines or, in a narrow column, under them. Never
    capped: every answer has its line."""
    qr = qr_side(style)
    heading = line_height(style.sizes.heading)
    if not qr:
        return heading + 9.0 + (_answer_lines(solved, w, style) - 1) * WRITE_PITCH
    if _stacked(w, style):
        return heading + 9.0 + (_answer_lines(solved, w, style) - 1) * WRITE_PITCH + \
            _stacked_height(w, style) + 2.0
    lines = _answer_lines(solved, w - qr - QR_GAP, style)
    body = max(9.0 + (lines - 1) * WRITE_PITCH, qr + 1.0)
    return heading + body + _under_height(w, style) + 1.0


def _stacked_height(w: float, style: Style) -> float:
    """The QR code under the lines with its caption at its left: the code's side, or the
    caption's lines where they are taller."""
    qr = qr_side(style)
    if not style.web_url:
        return qr
    return max(qr, caption_height(style, style.web_url, w - qr - 2.0, qr, address_apart=True))


def _under_height(w: float, style: Style) -> float:
    """The caption under the lines and the code beside them: one line where it fits."""
    one = line_height(caption_size(style))
    if not style.web_url:
        return one
    return caption_height(style, style.web_url, w, one)


def draw_write_space(page: Page, x: float, top: float, w: float, bottom: float,
                      style: Style) -> None:
    """Faint ruled lines where the reader can write positions down, filling to `bottom`;
    with a web address, its QR code and the address beside or under them."""
    sz, pal = style.sizes, style.pal
    y = draw_fitted(page, style.t("write_here"), x, top, w, sz.heading, pal.muted,
                    tag="write heading")
    line_w = w
    if style.web_url:
        bottom, line_w = _draw_web_block(page, style.web_url, x, y, w, bottom, style)
    y += 7.0
    per_line = _per_line(line_w, style)
    each = (line_w - (per_line - 1) * ANSWER_GAP) / per_line
    while y <= bottom - 2.0 + 1e-9:  # a short line for each answer, several a row
        for k in range(per_line):
            left = x + k * (each + ANSWER_GAP)
            page.add(Line(left, y, left + each, y, stroke=pal.grid_line, width=0.25,
                          tag="write line"))
        y += WRITE_PITCH


def _draw_web_block(page: Page, url: str, x: float, top: float, w: float, bottom: float,
                    style: Style) -> tuple[float, float]:
    """The QR code and "Check your answers: <address>" in an answer block (top: under its
    heading); returns where the answer lines end and how wide they are."""
    qr = qr_side(style)
    if _stacked(w, style):  # under the lines; at its left the words, then the address
        block = _stacked_height(w, style)
        draw_qr(page, url, x + w - qr, bottom - qr, qr, style.pal.ink, style.pal.paper)
        draw_caption(page, style, url, x, bottom - block, w - qr - 2.0, qr,
                     address_apart=True)
        return bottom - block - 2.0, w
    under = _under_height(w, style)
    bottom -= under + 1.0
    draw_qr(page, url, x + w - qr, top + 1.0, qr, style.pal.ink, style.pal.paper)
    draw_caption(page, style, url, x, max(bottom, top + qr + 1.0) + 0.5, w,
                 line_height(caption_size(style)), align="right")
    return bottom, w - qr - QR_GAP


TIME_BOX_W = 20.0  # mm: "Time" and room to write minutes


def draw_time_box(page: Page, x: float, top: float, style: Style) -> None:
    """A box at the header's right for the reader's solving time, its word above it."""
    sz, pal = style.sizes, style.pal
    h = line_height(sz.title, 1.2) - 0.2  # its foot just above the header's rule
    page.add(Rect(x, top + 0.5, TIME_BOX_W, h, stroke=pal.grid_line, width=0.3,
                  tag="time box"))
    # 1.5 pt of paper between the word and the box's edges
    page.add(Text(x + 1.2, top + 0.5 + 0.9 + TEXT_ASCENT * sz.footer * PT_TO_MM,
                  style.t("book_time"),
                  sz.footer, colour=pal.muted, tag="time word"))
