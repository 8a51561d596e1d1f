"""Drawing Conundrum puzzles, answer keys and books to PNG and PDF.

This package reads the `conundrum` core and never the other way round. Its
subpackages, each importing only those listed after it (pyproject.toml's
import-linter contract):

    cli/     the `render` and `book` commands, thin
    render   a sheet to its files, in any format (PDF, PNG, SVG, a web page)
    web/     the web player's page and a book's site
    book/    a book's layout, answers, grid limits and export
    sheet/   one puzzle's page: board, tiles, legend, answer key, QR code
    paint/   PDF, PNG and SVG painters of one list of pages
    page/    what pages are made of: shapes, text, fonts, palettes, languages

The pieces, for a whole sheet or for composing a book:

    from renderers import (Page, Style, page_size, new_page, content_box, solve,
                           draw_puzzle, draw_answers, write_pdf, write_png, message)
    page = new_page("a4")
    x, y, w, h = content_box(page)
    draw_puzzle(page, solve(puzzle), x, y, w, h / 2, Style(lang="cs", compact=True))
    write_pdf([page], "out.pdf")

Heavy modules (fpdf2, Pillow) load only when one of these names is used, so
the CLI starts fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Page": "page.layout", "Rect": "page.layout", "Line": "page.layout",
    "Polygon": "page.layout", "Circle": "page.layout", "Text": "page.layout",
    "page_size": "page.layout", "new_page": "page.layout", "PAGE_SIZES": "page.layout",
    "Style": "page.style", "MIN_CELL": "page.style",
    "Solved": "sheet.solved", "solve": "sheet.solved",
    "draw_puzzle": "sheet.puzzle", "sheet_pages": "sheet.puzzle", "PuzzleDrawn": "sheet.puzzle",
    "draw_answers": "sheet.answer_key", "answer_pages": "sheet.answer_key",
    "AnswersDrawn": "sheet.answer_key",
    "content_box": "page.parts",
    "puzzle_id": "page.wording",
    "message": "page.i18n", "LANGUAGES": "page.i18n", "check_language": "page.i18n",
    "get_palette": "page.palettes", "PALETTES": "page.palettes",
    "draw_paragraph": "page.text", "draw_fitted": "page.text", "paragraph_height": "page.text",
    "line_height": "page.text",
    "text_width": "page.fonts", "wrap": "page.fonts",
    "write_pdf": "paint.pdf", "pdf_bytes": "paint.pdf",
    "write_png": "paint.png", "png_bytes": "paint.png",
    "render_sheet": "render",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module 'renderers' has no attribute {name!r}")
