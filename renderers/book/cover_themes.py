"""The cover's designs (`cover_theme:`), each drawing the back and front panels.

`plain` is the first cover's design (renderers/book/cover.py). The designed ones share
one layout in two looks:
- `band`: white paper with a full-bleed band of the palette's blue across the top of
  back, spine and front, the title on it, the five tile colours as stripes below it;
- `night`: a full-bleed dark ground with light words, the stripes at top and bottom.
Both put the fullest board on the front and, on the back, the blurb, the sections, a
sample puzzle (the book's smallest board with its given tiles, in the space left: the
back is filled in proportion to its size) and the grade ladder (grades 1 to 5 as steps,
those in the book filled) beside the barcode. A large-print book gets a round "Large
Print" badge on the front. Every size is the 6x9 cover's times `scale`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from conundrum.book.spec import BookSpec
from conundrum.notation import Grid
from conundrum.options import COVER_THEMES
from conundrum.puzzle import Puzzle
from renderers.book.cover_layout import (
    BLEED,
    FRAME_INSET,
    SAFE,
    CoverGeometry,
    back_words,
    blurb_words,
    board_art,
    front_words,
    plain,
    section_words,
)
from renderers.page.fonts import PT_TO_MM, fit_size
from renderers.page.layout import (
    TEXT_ASCENT,
    TEXT_DESCENT,
    WORD_CLEAR,
    Circle,
    Page,
    Rect,
    Text,
)
from renderers.page.palettes import contrast
from renderers.page.style import Style
from renderers.page.text import ASCENT, draw_fitted, draw_paragraph, line_height
from renderers.sheet.draw import BoardView, draw_board, draw_tile

COLOURS = "RYGBP"
LABEL_ROOM = 6.0  # mm: the widest label band draw_grid puts on each side of a board
STROKE = 0.15  # mm: half a ladder step's frame, inked beyond its edge
NIGHT = "#1d2a44"  # the night ground: a deep blue that prints as near-black in grey


@dataclass(frozen=True)
class Look:
    """A designed theme's colours: the ground, the band (None: no band), the words' ink on
    the ground and on the band, and the ink of secondary words."""

    ground: str
    band: str | None
    ink: str
    band_ink: str
    muted: str


def _look(name: str, style: Style) -> Look:
    pal = style.pal
    if name == "band":
        return Look(pal.paper, pal.fill("B"), pal.ink, pal.symbol_ink("B"), pal.muted)
    return Look(NIGHT, None, pal.paper, pal.paper, "#c9d1e0")


def designed(name: str) -> Callable[..., str]:
    """The drawing function of designed theme `name` (band or night)."""

    def draw(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
             style: Style, scale: float) -> str:
        look = _look(name, style)
        page.add(Rect(0, 0, geo.width, geo.height, fill=look.ground, tag="bleed background"))
        words_bottom = _front(page, geo, spec, puzzles, style, scale, look)
        _back(page, geo, spec, puzzles, style, scale, look, words_bottom)
        return look.band_ink

    return draw


def _stripes(page: Page, geo: CoverGeometry, y: float, h: float, style: Style) -> None:
    """The five tile colours as stripes across the whole sheet, bleed to bleed."""
    for i, colour in enumerate(COLOURS):
        page.add(Rect(0, y + i * h / 5, geo.width, h / 5 + 0.01, fill=style.pal.fill(colour),
                      tag="bleed stripe"))


def _front(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
           style: Style, scale: float, look: Look) -> float:
    """The front; returns the bottom of its band of words (the back's band matches it)."""
    x0, x1 = geo.front[0] + SAFE, geo.front[1] - SAFE
    top, bottom = BLEED + SAFE, geo.height - BLEED - SAFE
    w = x1 - x0
    words = Page(geo.width, geo.height)  # drawn aside first: the band fits their height
    y = front_words(words, spec, x0, top + 6.0 * scale, w, scale, look.band_ink,
                    look.band_ink if look.band else look.muted)
    badge = 0.5 * 25.4 * scale if spec.large_print else 0.0
    # on a band, the badge lies wholly on it, under the words (across its edge, the words
    # in it came within 1.5 pt of the band's edge); without one, across the stripes' line
    held = 2 * badge + 3.0 * scale if look.band and badge else badge
    band_bottom = max(BLEED + geo.trim_h * 0.3, y + 6.0 * scale + held)
    stripe = 5.0 * scale
    if look.band:  # across the top, and down a spine that has words, in one colour
        page.add(Rect(0, 0, geo.width, band_bottom, fill=look.band, tag="bleed band"))
        if geo.spine_words:  # a thinner spine stays white: the fold may land 1/16 in off
            page.add(Rect(geo.back[1], 0, geo.spine, geo.height, fill=look.band,
                          tag="bleed band spine"))
    else:
        _stripes(page, geo, 0, BLEED + 2.0 * scale, style)
        _stripes(page, geo, geo.height - BLEED - 2.0 * scale, BLEED + 2.0 * scale, style)
    page.add(*words.items)
    if look.band:
        _stripes(page, geo, band_bottom, stripe, style)
    if badge:
        cy = band_bottom - 3.0 * scale - badge if look.band else band_bottom
        _badge(page, x1 - badge, cy, badge, style.t("book_large_print"), style)
    author_h = line_height(16.0 * scale) if spec.author else 0.0
    if spec.author:
        draw_fitted(page, spec.author, x0, bottom - author_h, w, 16.0 * scale, look.ink,
                    bold=True, align="center", tag="cover author")
    art_top = band_bottom + stripe + (0.0 if look.band else badge) + 6.0 * scale
    if puzzles:
        board_art(page, max(puzzles, key=lambda p: len(p.board)), x0, art_top, w,
                  bottom - author_h - 6.0 * scale - art_top, style, 9.0 * scale)
    return band_bottom


def _badge(page: Page, cx: float, cy: float, r: float, text: str, style: Style) -> None:
    """A round badge: `text` in capitals, one word a line, on the palette's yellow."""
    pal = style.pal
    page.add(Circle(cx, cy, r, fill=pal.fill("Y"), stroke=pal.ink, width=0.4,
                    tag="cover badge"))
    lines = text.upper().split()
    size = min(fit_size(line, 30.0, 1.5 * r, bold=True, smallest=7.0) for line in lines)
    pitch = size * PT_TO_MM * 1.25  # capitals and 1.5 pt of paper between the lines
    first = cy - pitch * (len(lines) - 1) / 2 + size * PT_TO_MM * 0.36
    for i, line in enumerate(lines):
        page.add(Text(cx, first + i * pitch, line, size, True, "center", pal.symbol_ink("Y"),
                      "cover badge text"))


def _back(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
          style: Style, scale: float, look: Look, band_bottom: float) -> None:
    x0, x1 = geo.back[0] + SAFE, geo.back[1] - SAFE
    w = x1 - x0
    top, bottom = BLEED + SAFE, geo.height - BLEED - SAFE
    below = band_bottom + 5.0 * scale + 6.0 * scale  # under the band and its stripes
    if look.band:  # the title again, and the blurb where it fits, on the back's band
        y = draw_paragraph(page, spec.title, x0, top + 6.0 * scale, w, 18.0 * scale,
                           look.band_ink, bold=True, tag="cover back title") + 3.0 * scale
        blurb = Page(geo.width, geo.height)
        if blurb_words(blurb, spec, x0, y, w, scale, look.band_ink) <= band_bottom - 3.0:
            page.add(*blurb.items)
            y = section_words(page, spec, style, x0, below, w, scale, look.ink)
        else:
            y = back_words(page, spec, style, x0, below, w, scale, look.ink)
    else:
        y = back_words(page, spec, style, x0, top + 6.0 * scale, w, scale, look.ink)
    bx, by, _, _ = geo.barcode
    sample_bottom = by - 6.0 * scale
    if puzzles:
        _sample(page, min(puzzles, key=_area), x0, y + 4.0 * scale, w,
                sample_bottom - y - 4.0 * scale, style, scale, look)
    _ladder(page, spec, x0, by, min(bx - 6.0 - x0, 60.0 * scale), bottom - by, style, scale,
            look)


def _area(puzzle: Puzzle) -> int:
    """The cells of a puzzle's drawn grid (the back's sample is the smallest)."""
    grid = Grid.of(puzzle.board)
    return grid.width * grid.height


def _sample(page: Page, puzzle: Puzzle, x: float, y: float, w: float, h: float,
            style: Style, scale: float, look: Look) -> None:
    """A puzzle of the book on a paper panel: its board (with labels) at the left, as large
    as the panel's height allows, the question and the given tiles at the right. Left out
    where the board's cells would be under 2 mm."""
    pal = style.pal
    pad = 3.0 * scale
    grid = Grid.of(puzzle.board)
    inner_h = h - 2 * pad
    labels = True
    for band in (LABEL_ROOM, 0.0):  # with labels where they can be 7 pt, else without
        cell = min(9.0 * scale, (inner_h - 2 * band) / grid.height,
                   (w - max(38.0 * scale, 0.3 * w) - 2 * pad - 2 * band) / grid.width)
        labels = band > 0 and cell * 1.6 >= 7.0
        if labels:
            break
    if cell < 2.0:
        return
    band = LABEL_ROOM if labels else 0.0
    board_w = grid.width * cell + 2 * band
    panel_h = grid.height * cell + 2 * band + 2 * pad
    y += (h - panel_h) / 2
    page.add(Rect(x + FRAME_INSET, y, w - 2 * FRAME_INSET, panel_h, fill=pal.paper,
                  stroke=look.muted, width=0.3, tag="cover sample panel"))
    view = BoardView(grid, x + pad + band, y + pad + band, cell)
    draw_board(page, view, puzzle.board, pal, labels=labels)
    cx = x + 2 * pad + board_w
    cw = x + w - pad - cx
    ty = draw_paragraph(page, style.t("book_cover_sample"), cx, y + pad, cw, 11.0 * scale,
                        pal.ink, bold=True, tag="cover sample caption") + 3.0 * scale
    tile = min(cell, cw / 3.2)
    for g in puzzle.given:
        if ty + tile > y + panel_h - pad:
            break
        draw_tile(page, g.code, "h", cx, ty, tile, pal)
        ty += 1.8 * tile


def _ladder(page: Page, spec: BookSpec, x: float, y: float, w: float, h: float, style: Style,
            scale: float, look: Look) -> None:
    """Grades 1 to 5 as rising steps, those of the book's sections filled, captioned with
    the book's range ("Grade 1–3")."""
    grades = sorted({s.difficulty for s in spec.sections})
    low, high = grades[0], grades[-1]
    caption = style.t("book_level", n=str(low) if low == high else f"{low}–{high}")
    size = 10.0 * scale
    cap_h = line_height(size)
    label = max(7.0, 8.0 * scale)
    # each step's number stands on it, 1.5 pt of paper clear of its edge (inside the
    # lowest steps it touched their frames); the tallest step's number over the top
    over = (TEXT_ASCENT + TEXT_DESCENT) * label * PT_TO_MM + WORD_CLEAR + STROKE
    # the caption's accented capitals reach above its line's top (text.ASCENT)
    raised = max(0.0, (TEXT_ASCENT - ASCENT) * size * PT_TO_MM)
    steps_h = h - cap_h - 2.0 - over - raised - STROKE
    if w < 20.0 or steps_h < 8.0:
        return
    step = w / 5
    floor = y + over + steps_h
    for n in range(1, 6):
        sh = steps_h * n / 5
        fill = _step_colours(COLOURS[n - 1], style, look)[0] if n in grades else None
        page.add(Rect(x + (n - 1) * step + 0.4, floor - sh, step - 0.8, sh, fill=fill,
                      stroke=look.ink, width=2 * STROKE, tag=f"cover ladder {n}"))
        page.add(Text(x + (n - 0.5) * step, floor - sh - STROKE - WORD_CLEAR - TEXT_DESCENT
                      * label * PT_TO_MM, str(n), label, True, "center", look.ink,
                      "cover ladder label"))
    draw_fitted(page, caption, x, floor + STROKE + WORD_CLEAR + raised, w, size, look.ink,
                bold=True, tag="cover ladder caption")


def _step_colours(colour: str, style: Style, look: Look) -> tuple[str, str]:
    """A filled step's fill and its number's ink: the tile colour, or the palette's label
    grey where that colour hardly shows on the ground (mono's white and light greys)."""
    pal = style.pal
    fill = pal.fill(colour)
    if contrast(fill, look.ground) < 1.5:
        return pal.label, pal.paper
    return fill, pal.symbol_ink(colour)


THEMES: dict[str, Callable[..., str]] = {"plain": plain, "band": designed("band"),
                                         "night": designed("night")}
assert set(THEMES) == set(COVER_THEMES)  # the names a spec accepts (conundrum/options.py)
