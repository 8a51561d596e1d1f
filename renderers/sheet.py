"""Laying out a puzzle and its answer key onto Pages (format-free, in millimetres).

The public pieces compose: `draw_puzzle` fills any rectangle of a page with
one puzzle (a whole sheet, or one of several on a book page) and
`draw_answers` flows an answer key into a rectangle, returning where it
stopped so the caller can continue on the next page. `sheet_pages` builds
the pages of a printable sheet from them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from conundrum.errors import ConundrumError
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.puzzle import Puzzle
from conundrum.solver import positions
from conundrum.tiles import COLOURS, JOKER

from .draw import BoardView, baseline_for_centre, draw_board, draw_square, draw_tile, label_band
from .fonts import text_width
from .i18n import check_language, message
from .layout import Line, Page, Rect, Text, page_margin, page_size
from .palettes import Palette, get_palette
from .text import draw_fitted, draw_paragraph, first_baseline, line_height, wrap_list

MIN_CELL = 4.0    # mm: the smallest board cell we call legible
MAX_CELL = 10.0   # mm: larger cells only waste paper
NOTATION_EXAMPLE = "RYG C4 h"


# ---- style -------------------------------------------------------------------
@dataclass(frozen=True)
class Sizes:
    """Type sizes (points) and drawing sizes (mm) of one density of sheet."""

    title: float
    number: float
    body: float
    heading: float
    code: float
    count: float
    footer: float
    caption: float
    given_tile: float  # mm per square of a given tile
    thumb_cell: tuple[float, float]  # mm per cell of an answer thumbnail: least, most


FULL = Sizes(18, 12, 9.5, 11, 11, 10, 7, 7, 7.5, (1.5, 4.0))
COMPACT = Sizes(13, 10, 8, 9.5, 9.5, 8.5, 6.5, 6, 5.5, (1.1, 2.5))


@dataclass(frozen=True)
class Style:
    """How a puzzle or key is drawn. The book builder turns parts off (header, footer...)."""

    lang: str = "en"
    palette: str | Palette = "classic"
    blank: bool = False          # a box to fill in instead of each count
    header: bool = True          # title and puzzle number
    instructions: bool = True    # how to play in one paragraph, and the colour legend
    footer: bool = True          # the puzzle's reproducible id
    write_space: bool = True     # ruled lines for the reader's answers, when room is left
    number: int | None = None    # the puzzle number; default: puzzle.extra["number"]
    compact: bool = False        # smaller type and thumbnails, for several per page
    max_cell: float = MAX_CELL

    @property
    def pal(self) -> Palette:
        return get_palette(self.palette)

    @property
    def sizes(self) -> Sizes:
        return COMPACT if self.compact else FULL

    def checked(self) -> Style:
        """The same style with its language and palette verified (ConundrumError if unknown)."""
        return replace(self, lang=check_language(self.lang), palette=get_palette(self.palette))

    def t(self, key: str, **kw: object) -> str:
        return message(self.lang, key, **kw)


# ---- what a sheet shows -----------------------------------------------------
@dataclass(frozen=True)
class Solved:
    """A puzzle with its drawn area and every position of each given tile."""

    puzzle: Puzzle
    grid: Grid
    solutions: tuple[tuple[str, tuple[Placement, ...]], ...]


def solve(puzzle: Puzzle) -> Solved:
    """Positions of each given tile; a printed count that disagrees is refused."""
    rules = puzzle.ruleset
    out = []
    for g in puzzle.given:
        found = tuple(positions(puzzle.board, g.code, rules))
        if g.positions is not None and g.positions != len(found):
            raise ConundrumError(
                f"given tile {g.code}: the file says {g.positions} positions but the solver "
                f"finds {len(found)}; fix the count (see `conundrum validate`)")
        out.append((g.code, found))
    grid = Grid.of(puzzle.board)
    grid.check_drawable()
    return Solved(puzzle, grid, tuple(out))


def puzzle_title(puzzle: Puzzle, style: Style) -> str:
    return puzzle.title if puzzle.title else style.t("title_default")


def puzzle_number(puzzle: Puzzle, style: Style) -> int | str | None:
    if style.number is not None:
        return style.number
    number = puzzle.extra.get("number")
    return number if isinstance(number, (int, str)) and not isinstance(number, bool) else None


def puzzle_id(puzzle: Puzzle) -> str:
    """A short fingerprint of what the reader solves: rules, chameleons, board, given tiles."""
    content = {
        "rules": puzzle.rules,
        "chameleons": list(puzzle.chameleons) if puzzle.chameleons else None,
        "board": [[p.code, list(p.at), p.dir] for p in puzzle.board],
        "given": [g.code for g in puzzle.given],
    }
    blob = json.dumps(content, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:10]


# The generate command's own order of options, so the footer reads like its usage line.
_OPTION_ORDER = ("tiles", "given", "positions", "difficulty", "rules", "method", "seed")


def _option(key: str, value: object) -> str:
    flag = "--" + str(key).replace("_", "-")
    if value is True:
        return flag
    if isinstance(value, (list, tuple)):
        value = ",".join(str(v) for v in value)
    return f"{flag} {value}"


def reproduce_command(puzzle: Puzzle) -> str | None:
    """`conundrum generate ...` rebuilding this puzzle, when the file records how it was made."""
    gen = puzzle.extra.get("generator")
    if not isinstance(gen, dict) or not gen:
        seed = puzzle.extra.get("seed")
        return None if seed is None else f"conundrum generate --seed {seed}"
    keys = sorted(gen, key=lambda k: (_OPTION_ORDER.index(k) if k in _OPTION_ORDER
                                      else len(_OPTION_ORDER), str(k)))
    parts = [_option(k, gen[k]) for k in keys if gen[k] is not None and gen[k] is not False]
    if "seed" not in gen and puzzle.extra.get("seed") is not None:
        parts.append(_option("seed", puzzle.extra["seed"]))
    return "conundrum generate " + " ".join(parts)


def footer_text(puzzle: Puzzle, style: Style) -> str:
    text = style.t("puzzle_id", id=puzzle_id(puzzle))
    command = reproduce_command(puzzle)
    return f"{text} · {style.t('generated', command=command)}" if command else text


def count_text(style: Style, n: int) -> str:
    return style.t("positions", n=n)


# ---- results handed back to callers -------------------------------------------
@dataclass(frozen=True)
class PuzzleDrawn:
    """Where a puzzle landed: the board's view (cell size, origin) and the lowest y used."""

    view: BoardView
    bottom: float
    legible: bool  # cells at least MIN_CELL mm (or as large as the board could be)


@dataclass(frozen=True)
class AnswersDrawn:
    """How far an answer key got: `next_block` to pass as `start` on the next page, or None."""

    next_block: int | None
    bottom: float

    @property
    def done(self) -> bool:
        return self.next_block is None


# ---- the puzzle ----------------------------------------------------------------
def _draw_header(page: Page, title: str, number: str | None, x: float, y: float, w: float,
                 style: Style) -> float:
    sz, pal = style.sizes, style.pal
    number_w = text_width(number, sz.number, True) + 6 if number else 0.0
    base = first_baseline(y, sz.title)
    draw_fitted(page, title, x, y, w - number_w, sz.title, pal.ink, bold=True, tag="title")
    if number:
        page.add(Text(x + w, base, number, sz.number, True, "right", pal.muted, tag="number"))
    rule_y = y + line_height(sz.title, 1.2) + 0.8
    page.add(Line(x, rule_y, x + w, rule_y, stroke=pal.accent, width=0.35))
    return rule_y + 3.0


def _instruction(puzzle: Puzzle, style: Style) -> tuple[str, str]:
    """The task, then the two notes (the joker, how to write a position)."""
    key = puzzle.ruleset.instruction_key
    notes = " ".join((style.t("chameleon_note"),
                      style.t("notation_hint", example=NOTATION_EXAMPLE)))
    return style.t(key), notes


def _legend_entries(style: Style) -> list[tuple[str, str, str]]:
    """(square colour, bold letter, name) for each colour and the joker."""
    entries = [(c, c, style.t(f"colour_{c}")) for c in COLOURS]
    return entries + [(JOKER, "", style.t("colour_joker"))]


def _draw_legend(page: Page, x: float, y: float, w: float, style: Style) -> float:
    """A row (or rows) of swatches naming each colour's letter; returns the y below."""
    sz, pal = style.sizes, style.pal
    swatch = sz.given_tile * 0.62
    size = sz.body
    cx, cy = x, y
    for colour, letter, name in _legend_entries(style):
        letter_w = text_width(letter + " ", size, True) if letter else 0.0
        item_w = swatch + 1.6 + letter_w + text_width(name, size) + 5.0
        if cx > x and cx + item_w > x + w:
            cx, cy = x, cy + swatch + 2.0
        draw_square(page, (cx, cy, swatch, swatch), colour, pal, tag=f"legend {colour}")
        page.add(Rect(cx, cy, swatch, swatch, stroke=pal.ink, width=0.25))
        base = baseline_for_centre(cy + swatch / 2, size)
        tx = cx + swatch + 1.6
        if letter:
            page.add(Text(tx, base, letter, size, True, colour=pal.ink, tag="legend letter"))
            tx += letter_w
        page.add(Text(tx, base, name, size, colour=pal.ink, tag="legend name"))
        cx += item_w
    return cy + swatch


@dataclass(frozen=True)
class _GivenItem:
    code: str
    count: int
    width: float
    height: float


def _given_items(solved: Solved, style: Style) -> list[_GivenItem]:
    sz = style.sizes
    items = []
    for code, found in solved.solutions:
        lower = (text_width(style.t("positions_blank"), sz.count) + 16.0 if style.blank
                 else text_width(count_text(style, len(found)), sz.count))
        width = max(3 * sz.given_tile, text_width(code, sz.code, True), lower)
        lower_h = 8.5 if style.blank else line_height(sz.count)
        height = sz.given_tile + 1.8 + line_height(sz.code) + lower_h
        items.append(_GivenItem(code, len(found), width, height))
    return items


def _flow(items: list[_GivenItem], width: float, gap: float = 8.0
          ) -> tuple[list[tuple[float, float]], float]:
    """Offsets of each item flowed left to right into rows of `width`, and the total height."""
    offsets: list[tuple[float, float]] = []
    cx = cy = row_h = 0.0
    for it in items:
        if cx > 0 and cx + it.width > width:
            cx, cy, row_h = 0.0, cy + row_h + 4.0, 0.0
        offsets.append((cx, cy))
        cx += it.width + gap
        row_h = max(row_h, it.height)
    return offsets, (cy + row_h if items else 0.0)


def _givens_height(items: list[_GivenItem], width: float, style: Style) -> float:
    if not items:
        return 0.0
    return line_height(style.sizes.heading) + 1.5 + _flow(items, width)[1]


def _draw_givens(page: Page, items: list[_GivenItem], x: float, y: float, width: float,
                 style: Style) -> float:
    sz, pal = style.sizes, style.pal
    if not items:
        return y
    top = draw_fitted(page, style.t("tiles_heading"), x, y, width, sz.heading, pal.ink,
                      bold=True, tag="tiles heading") + 1.5
    offsets, height = _flow(items, width)
    for it, (dx, dy) in zip(items, offsets, strict=True):
        ix, iy = x + dx, top + dy
        draw_tile(page, it.code, "h", ix, iy, sz.given_tile, pal)
        ty = iy + sz.given_tile + 1.8
        page.add(Text(ix, first_baseline(ty, sz.code), it.code, sz.code, True,
                      colour=pal.ink, tag=f"given {it.code}"))
        ty += line_height(sz.code)
        if style.blank:
            label = style.t("positions_blank")
            base = baseline_for_centre(ty + 3.5, sz.count)
            page.add(Text(ix, base, label, sz.count, colour=pal.ink, tag=f"blank {it.code}"))
            bx = ix + text_width(label, sz.count) + 2.0
            page.add(Rect(bx, ty, 14.0, 7.0, stroke=pal.ink, width=0.3, tag="blank box"))
        else:
            page.add(Text(ix, first_baseline(ty, sz.count), count_text(style, it.count),
                          sz.count, colour=pal.ink, tag=f"count {it.code}"))
    return top + height


def _board_cell(grid: Grid, w: float, h: float, max_cell: float) -> float:
    """The largest cell (up to max_cell) at which the grid and its label bands fit w x h."""
    band = 5.0
    cell = 0.0
    for _ in range(3):  # the bands depend a little on the cell size; this settles at once
        cell = min(max_cell, (w - 2 * band) / grid.width, (h - 2 * band) / grid.height)
        cell = max(cell, 0.3)
        band = label_band(cell, grid)
    return cell


@dataclass(frozen=True)
class _Arrangement:
    cell: float
    beside: bool
    givens_w: float


def _arrange(grid: Grid, items: list[_GivenItem], w: float, h: float, style: Style
             ) -> _Arrangement:
    """Given tiles below the board, or in a column beside it: whichever gives bigger cells."""
    below_h = _givens_height(items, w, style)
    below = _Arrangement(_board_cell(grid, w, h - below_h - (4.0 if items else 0), style.max_cell),
                         False, w)
    if not items:
        return below
    col = max(it.width for it in items) + 4.0
    beside_h = _givens_height(items, col, style)
    if beside_h > h or col > w * 0.4:
        return below
    beside = _Arrangement(_board_cell(grid, w - col - 6.0, h, style.max_cell), True, col)
    return beside if beside.cell > below.cell + 0.25 else below


def _draw_footer(page: Page, puzzle: Puzzle, x: float, bottom: float, w: float,
                 style: Style) -> float:
    """The id line at the very bottom; returns the top of the footer."""
    sz = style.sizes
    top = bottom - line_height(sz.footer)
    draw_fitted(page, footer_text(puzzle, style), x, top, w, sz.footer, style.pal.muted,
                tag="footer")
    return top


def _draw_write_space(page: Page, x: float, top: float, w: float, bottom: float,
                      style: Style) -> None:
    """Faint ruled lines where the reader can write positions down."""
    sz, pal = style.sizes, style.pal
    if bottom - top < 24.0:
        return
    y = draw_fitted(page, style.t("write_here"), x, top, w, sz.heading, pal.muted,
                    tag="write heading")
    y += 7.0
    while y <= bottom - 2.0:
        page.add(Line(x, y, x + w, y, stroke=pal.grid_line, width=0.25))
        y += 8.0


def draw_puzzle(page: Page, puzzle: Puzzle, x: float, y: float, w: float, h: float,
                style: Style = Style(), solved: Solved | None = None) -> PuzzleDrawn:
    """Draw one puzzle (header, instructions, board, given tiles, footer) into a rectangle.

    `solved` is `solve(puzzle)` when the caller has it already (a puzzle drawn
    several times, or drawn and then keyed, is solved once); the header and
    footer come from `puzzle`, the board and counts from `solved`.
    """
    style = style.checked()
    solved = solve(puzzle) if solved is None else solved
    sz, pal = style.sizes, style.pal
    top, bottom = y, y + h
    if style.header:
        number = puzzle_number(puzzle, style)
        label = style.t("puzzle_number", n=number) if number is not None else None
        top = _draw_header(page, puzzle_title(puzzle, style), label, x, top, w, style)
    if style.instructions:
        task, notes = _instruction(puzzle, style)
        top = draw_paragraph(page, task, x, top, w, sz.body * 1.05, pal.ink, bold=True,
                             tag="instruction") + 0.8
        top = draw_paragraph(page, notes, x, top, w, sz.body, pal.muted, tag="notes") + 2.0
        top = _draw_legend(page, x, top, w, style) + 4.0
    if style.footer:
        bottom = _draw_footer(page, puzzle, x, bottom, w, style) - 2.0
    items = _given_items(solved, style)
    plan = _arrange(solved.grid, items, w, bottom - top, style)
    view, used = _place_board(page, solved, plan, x, top, w, style)
    board_bottom = used
    if plan.beside:
        gx = x + w - plan.givens_w
        below = max(board_bottom, _draw_givens(page, items, gx, top, plan.givens_w, style))
    else:
        below = _draw_givens(page, items, x, board_bottom + 4.0, w, style) if items \
            else board_bottom
    if style.write_space and items:
        _draw_write_space(page, x, below + 6.0, w, bottom, style)
    fits_at_all = plan.cell >= style.max_cell - 1e-9
    return PuzzleDrawn(view, below, plan.cell >= MIN_CELL or fits_at_all)


def _place_board(page: Page, solved: Solved, plan: _Arrangement, x: float, top: float,
                 w: float, style: Style) -> tuple[BoardView, float]:
    """Centre the board (with its label bands) in its column; returns the view and its bottom."""
    grid, cell = solved.grid, plan.cell
    band = label_band(cell, grid)
    column_w = w - plan.givens_w - 6.0 if plan.beside else w
    full_w = grid.width * cell + 2 * band
    bx = x + (column_w - full_w) / 2 + band
    view = BoardView(grid, bx, top + band, cell)
    draw_board(page, view, solved.puzzle.board, style.pal)
    return view, top + 2 * band + grid.height * cell


# ---- the answer key ---------------------------------------------------------------
@dataclass
class _Block:
    """One unbreakable strip of an answer key: drawn at (x, y), `height` tall."""

    height: float
    paint: Callable[[Page, float, float], None]
    tile: str | None = None
    heading: bool = False  # kept on the same page as the block after it


def _thumb_cell(grid: Grid, w: float, h: float, style: Style) -> float:
    """Cells of the small boards: about four to a row, within the size's bounds.

    When slightly smaller cells would fit one more board in each row, take
    them: fewer rows means fewer pages for the same legibility.
    """
    low, high = style.sizes.thumb_cell
    cell = min(high, max(low, (w / 4 - 4.0) / grid.width))
    per_row = max(1, int((w + 4.0) / (grid.width * cell + 4.0) + 1e-6))
    tighter = (w + 4.0) / (per_row + 1) - 4.0
    if tighter > 0 and tighter / grid.width >= max(0.85 * cell, 1.0):
        cell = tighter / grid.width
    return max(0.4, min(cell, w / grid.width, (h * 0.55) / grid.height))


def _tile_heading(solved: Solved, code: str, n: int, style: Style, continued: bool = False
                  ) -> _Block:
    sz, pal = style.sizes, style.pal
    mini = sz.given_tile * 0.6
    height = max(mini, line_height(sz.heading)) + 2.0
    text = style.t("continued", code=code) if continued else f"{code} · {count_text(style, n)}"

    def paint(page: Page, x: float, y: float) -> None:
        draw_tile(page, code, "h", x, y, mini, pal)
        page.add(Text(x + 3 * mini + 2.5, baseline_for_centre(y + mini / 2, sz.heading), text,
                      sz.heading, True, colour=pal.ink, tag=f"key heading {code}"))

    return _Block(height, paint, code, heading=True)


def _text_blocks(lines: list[str], size: float, colour: str, code: str | None, tag: str
                 ) -> list[_Block]:
    blocks = []
    for line in lines:
        def paint(page: Page, x: float, y: float, line: str = line) -> None:
            page.add(Text(x, first_baseline(y, size), line, size, colour=colour, tag=tag))
        blocks.append(_Block(line_height(size), paint, code))
    return blocks


def _list_lines(solved: Solved, found: tuple[Placement, ...], w: float, style: Style
                ) -> list[str]:
    """The full list of positions in notation, wrapped to the key's width (never inside one)."""
    return wrap_list([solved.grid.text(p) for p in found], w, style.sizes.body)


def _thumb_rows(solved: Solved, code: str, found: tuple[Placement, ...], w: float, h: float,
                style: Style) -> list[_Block]:
    """Small copies of the board, each with one answer drawn in, in rows across the width."""
    sz, pal = style.sizes, style.pal
    grid = solved.grid
    cell = _thumb_cell(grid, w, h, style)
    caption_w = max(text_width(grid.span_text(p), sz.caption) for p in found)
    slot = max(grid.width * cell, caption_w) + 4.0
    per_row = max(1, int((w + 4.0) / slot + 1e-6))
    pitch = (w + 4.0) / per_row
    height = grid.height * cell + 1.2 + 2 * line_height(sz.caption) + 3.0
    rows = []
    for start in range(0, len(found), per_row):
        chunk = found[start:start + per_row]

        def paint(page: Page, x: float, y: float, chunk: tuple[Placement, ...] = chunk) -> None:
            for k, p in enumerate(chunk):
                sx = x + k * pitch + (pitch - 4.0 - grid.width * cell) / 2
                view = BoardView(grid, sx, y, cell)
                draw_board(page, view, solved.puzzle.board, pal, labels=False, answer=p)
                cy = y + grid.height * cell + 1.2
                cx = x + k * pitch + (pitch - 4.0) / 2
                page.add(Text(cx, first_baseline(cy, sz.caption), grid.text(p), sz.caption,
                              True, "center", pal.ink, tag="caption"))
                page.add(Text(cx, first_baseline(cy + line_height(sz.caption), sz.caption),
                              grid.span_text(p), sz.caption, False, "center", pal.label,
                              tag="caption span"))

        rows.append(_Block(height, paint, code))
    return rows


def answer_blocks(puzzle: Puzzle, w: float, h: float, style: Style = Style(),
                  solved: Solved | None = None) -> list[_Block]:
    """The answer key as unbreakable strips for a column `w` wide on pages `h` tall
    (`solved`: `solve(puzzle)`, when the caller has it)."""
    style = style.checked()
    solved = solve(puzzle) if solved is None else solved
    sz, pal = style.sizes, style.pal
    blocks: list[_Block] = []
    if style.header:
        title = style.t("answers_for", title=puzzle_title(puzzle, style))
        number = puzzle_number(puzzle, style)
        label = style.t("puzzle_number", n=number) if number is not None else None

        def paint_title(page: Page, x: float, y: float) -> None:
            _draw_header(page, title, label, x, y, w, style)

        blocks.append(_Block(line_height(sz.title, 1.2) + 3.8, paint_title))
    if not solved.solutions:
        blocks += _text_blocks([style.t("no_given")], sz.body, pal.ink, None, "no given")
    for code, found in solved.solutions:
        blocks.append(_tile_heading(solved, code, len(found), style))
        if not found:
            blocks += _text_blocks([style.t("no_positions")], sz.body, pal.ink, code, "none")
        lines = _text_blocks(_list_lines(solved, found, w, style), sz.body, pal.ink, code,
                             f"key list {code}")
        for block in lines:
            block.heading = True  # the list stays with the first row of pictures
        blocks += lines
        if found:
            blocks[-1].height += 1.5
            blocks += _thumb_rows(solved, code, found, w, h, style)
        blocks[-1].height += 3.0
    return blocks


def _needed(blocks: list[_Block], i: int) -> float:
    """Height of block i plus every block it must stay with (a heading and its list,
    the list and the first row of pictures)."""
    need = blocks[i].height
    while blocks[i].heading and i + 1 < len(blocks):
        i += 1
        need += blocks[i].height
    return need


def draw_answers(page: Page, puzzle: Puzzle, x: float, y: float, w: float, h: float,
                 style: Style = Style(), start: int = 0, solved: Solved | None = None
                 ) -> AnswersDrawn:
    """Flow the answer key into a rectangle from block `start`.

    Returns where it stopped (`next_block`, None when the key is complete) and
    the lowest y used, so a caller can pack several keys down a page or carry
    one key over several pages. At least one block is always drawn.
    `solved` is `solve(puzzle)`, when the caller has it.
    """
    style = style.checked()
    solved = solve(puzzle) if solved is None else solved
    return _flow_answers(page, answer_blocks(puzzle, w, h, style, solved), solved, x, y, h,
                         style, start)


def _flow_answers(page: Page, blocks: list[_Block], solved: Solved, x: float, y: float,
                  h: float, style: Style, start: int) -> AnswersDrawn:
    """`draw_answers` with the key's blocks already built (once for all its pages)."""
    cursor, limit, placed = y, y + h, 0
    i = start
    if 0 < i < len(blocks) and blocks[i].tile and not blocks[i].heading:
        code = blocks[i].tile
        count = len(dict(solved.solutions)[code])
        cont = _tile_heading(solved, code, count, style, continued=True)
        cont.paint(page, x, cursor)
        cursor += cont.height
    while i < len(blocks):
        need = _needed(blocks, i)
        if placed and cursor + need > limit:
            break
        blocks[i].paint(page, x, cursor)
        cursor += blocks[i].height
        placed += 1
        i += 1
    return AnswersDrawn(None if i >= len(blocks) else i, cursor)


# ---- whole sheets --------------------------------------------------------------------
def content_box(page: Page) -> tuple[float, float, float, float]:
    """The printable rectangle of a page inside its margins: x, y, w, h."""
    m = page_margin(page.width, page.height)
    return (m, m, page.width - 2 * m, page.height - 2 * m)


def answer_pages(puzzle: Puzzle, page: str = "a4", style: Style = Style(),
                 solved: Solved | None = None) -> list[Page]:
    """The answer key on as many pages as it needs, each with the footer."""
    style = style.checked()
    width, height = page_size(page)
    solved = solve(puzzle) if solved is None else solved
    pages: list[Page] = []
    blocks: list[_Block] | None = None  # every page has the same column: built once
    start: int | None = 0
    while start is not None:
        sheet = Page(width, height)
        x, y, w, h = content_box(sheet)
        bottom = y + h
        if style.footer:
            bottom = _draw_footer(sheet, puzzle, x, bottom, w, style) - 3.0
        if blocks is None:
            blocks = answer_blocks(puzzle, w, bottom - y, style, solved)
        start = _flow_answers(sheet, blocks, solved, x, y, bottom - y, style, start).next_block
        pages.append(sheet)
    return pages


def sheet_pages(puzzle: Puzzle, answers: bool = False, page: str = "a4",
                style: Style = Style()) -> list[Page]:
    """The puzzle page, then (with `answers`) the answer key's pages."""
    style = style.checked()
    width, height = page_size(page)
    solved = solve(puzzle)
    first = Page(width, height)
    draw_puzzle(first, puzzle, *content_box(first), style, solved=solved)
    return [first, *(answer_pages(puzzle, page, style, solved) if answers else [])]
