"""Sheets per second: PDF and PNG, for a small and a large board (`make bench`).

The PNG painter anti-aliases slanted shapes through small cached masks; the
naive way is to paint the whole page four times larger and shrink it. The
ratio between the two is printed for comparison. Nothing is asserted.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PIL import Image

from renderers.paint.pdf import pdf_bytes
from renderers.paint.png import _Canvas, page_image, png_bytes
from renderers.sheet.puzzle import Style, sheet_pages
from tests.support.puzzles import grown_puzzle


def _rate(work: Callable[[], object], min_seconds: float = 1.0) -> float:
    """Calls per second, timed over at least `min_seconds` (and at least two calls)."""
    work()  # warm caches (fonts, masks) as a long-running batch would have them
    count, start = 0, time.perf_counter()
    while True:
        work()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds and count >= 2:
            return count / elapsed


def _naive_png(page, dpi: int) -> Image.Image:
    big = _Canvas(page, dpi * 4).paint(page)
    return big.reduce(4)


def _bench(tiles: int) -> None:
    puzzle = grown_puzzle(tiles, 3, given=2)
    style = Style()
    pages = sheet_pages(puzzle, answers=True, style=style)
    print(f"board of {len(puzzle.board)} tiles, {len(pages)} pages with the key:")
    layout = _rate(lambda: sheet_pages(puzzle, answers=True, style=style))
    print(f"  layout only            {layout:8.1f} sheets/s")
    pdf = _rate(lambda: pdf_bytes(sheet_pages(puzzle, answers=True, style=style)))
    print(f"  PDF (layout + paint)   {pdf:8.1f} sheets/s")
    for dpi in (100, 300):
        png = _rate(lambda d=dpi: [png_bytes(pg, d) for pg in
                                   sheet_pages(puzzle, answers=True, style=style)])
        print(f"  PNG {dpi:3d} dpi (all pages) {png:7.2f} sheets/s")
    ours = _rate(lambda: page_image(pages[0], 100))
    naive = _rate(lambda: _naive_png(pages[0], 100))
    print(f"  PNG 100 dpi paint, one page: {ours:.1f}/s; naive 4x supersampled page "
          f"{naive:.1f}/s; ratio {ours / naive:.1f}x")


def main() -> None:
    for tiles in (14, 75):
        _bench(tiles)

if __name__ == "__main__":
    main()
