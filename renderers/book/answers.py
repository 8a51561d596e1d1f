"""A book's answer keys: compact, several to a page, referenced by puzzle number.

A sheet's key draws a small board for every position; a book prints dozens
of keys, so here each key is the puzzle's number, each given tile (drawn
small, with its count) and every position written in the reader's notation
(`YYB C4 h`), on the same grid labels as the puzzle's page. The positions
come from the solver, never from the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from renderers.page.layout import Page, Text
from renderers.page.style import Style
from renderers.page.text import first_baseline, line_height, wrap_list
from renderers.page.wording import count_text
from renderers.sheet.draw import baseline_for_centre, draw_tile
from renderers.sheet.solved import Solved

LABEL_PT = 10.0
BODY_PT = 8.5
TILE_MM = 3.2
GAP_MM = 4.0  # below each key


@dataclass(frozen=True)
class KeyLine:
    """One line of a key: a heading (the number, or a tile) or a line of positions."""

    kind: str  # "number" | "tile" | "list"
    text: str
    code: str = ""

    @property
    def height(self) -> float:
        if self.kind == "number":
            return line_height(LABEL_PT)
        if self.kind == "tile":
            return max(TILE_MM, line_height(BODY_PT)) + 1.0
        return line_height(BODY_PT)


def key_lines(solved: Solved, number: int, width: float, style: Style) -> list[KeyLine]:
    """The key of one puzzle as lines for a column `width` mm wide."""
    grid = solved.grid
    lines = [KeyLine("number", style.t("book_puzzle", n=number))]
    for code, found in solved.solutions:
        lines.append(KeyLine("tile", f"{code} · {count_text(style, len(found))}", code))
        texts = [grid.text(p) for p in found] or [style.t("no_positions")]
        lines += [KeyLine("list", t) for t in wrap_list(texts, width - 4.0, BODY_PT)]
    return lines


def key_height(lines: list[KeyLine]) -> float:
    return sum(line.height for line in lines) + GAP_MM


def draw_key_lines(page: Page, lines: list[KeyLine], x: float, y: float, style: Style) -> float:
    """Draw lines from (x, y) down; returns the y below them."""
    pal = style.pal
    for line in lines:
        if line.kind == "number":
            page.add(Text(x, first_baseline(y, LABEL_PT), line.text, LABEL_PT, True,
                          colour=pal.ink, tag="key number"))
        elif line.kind == "tile":
            draw_tile(page, line.code, "h", x, y + 0.5, TILE_MM, pal)
            page.add(Text(x + 3 * TILE_MM + 2.0, baseline_for_centre(y + 0.5 + TILE_MM / 2,
                                                                     BODY_PT),
                          line.text, BODY_PT, True, colour=pal.ink, tag=f"key tile {line.code}"))
        else:
            page.add(Text(x + 4.0, first_baseline(y, BODY_PT), line.text, BODY_PT,
                          colour=pal.ink, tag="key list"))
        y += line.height
    return y
