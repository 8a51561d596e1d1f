"""Drawing Conundrum puzzles, answer keys and books to PNG and PDF.

This package reads the `conundrum` core and never the other way round.

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
    "Page": "layout", "Rect": "layout", "Line": "layout", "Polygon": "layout",
    "Circle": "layout", "Text": "layout", "page_size": "layout", "new_page": "layout",
    "PAGE_SIZES": "layout",
    "Style": "style", "MIN_CELL": "style", "Solved": "solved", "solve": "solved",
    "draw_puzzle": "sheet", "sheet_pages": "sheet", "PuzzleDrawn": "sheet",
    "draw_answers": "answer_key", "answer_pages": "answer_key", "AnswersDrawn": "answer_key",
    "content_box": "page_parts", "puzzle_id": "wording",
    "message": "i18n", "LANGUAGES": "i18n", "check_language": "i18n",
    "get_palette": "palettes", "PALETTES": "palettes",
    "draw_paragraph": "text", "draw_fitted": "text", "paragraph_height": "text",
    "line_height": "text", "text_width": "fonts", "wrap": "fonts",
    "write_pdf": "pdf", "pdf_bytes": "pdf", "write_png": "png", "png_bytes": "png",
    "render_sheet": "render",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module 'renderers' has no attribute {name!r}")
