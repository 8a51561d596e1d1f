"""render_sheet: a puzzle to a printable PDF, or to PNG files, with an optional answer key."""

from __future__ import annotations

import os
from pathlib import Path

from conundrum.errors import ConundrumError, in_file
from conundrum.files import atomic_write_many, check_target, refuse_inputs
from conundrum.puzzle import Puzzle, load_puzzle

from .layout import Page, page_size
from .pdf import pdf_bytes
from .png import check_dpi, png_bytes
from .qr import check_url
from .sheet import Style, puzzle_title, sheet_pages

FORMATS = (".pdf", ".png", ".html")


def output_format(path: str | os.PathLike) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ConundrumError(f"{path}: the output must end in .pdf, .png or .html")
    return suffix


def answer_paths(path: Path, count: int) -> list[Path]:
    """`sheet.png` -> `sheet-answers.png`, `sheet-answers-2.png`, ... for `count` key pages."""
    names = [f"{path.stem}-answers{'' if i == 1 else f'-{i}'}{path.suffix}"
             for i in range(1, count + 1)]
    return [path.with_name(name) for name in names]


def render_sheet(puzzle: Puzzle | str | os.PathLike, path: str | os.PathLike,
                 answers: bool = False, lang: str = "en", palette: str = "classic",
                 page: str = "a4", dpi: int = 300, blank: bool = False,
                 allow_illegal: bool = False, web_url: str | None = None) -> list[Path]:
    """Render a puzzle sheet to `path` (.pdf or .png); returns every file written.

    A PDF holds the puzzle page then the answer key's pages. A PNG is the
    puzzle page; the key goes to `<stem>-answers.png` (and `-answers-2.png`...).
    Everything is drawn before anything is written, so a fault leaves no file.
    """
    target = check_target(path)
    suffix = output_format(target)
    source_path = None if isinstance(puzzle, Puzzle) else puzzle
    refuse_inputs([("sheet", path)], [("puzzle", source_path)])
    style = Style(lang=lang, palette=palette, blank=blank,
                  web_url=None if web_url is None else check_url(web_url)).checked()
    page_size(page)
    if suffix == ".png":
        check_dpi(dpi)
    if suffix == ".html":  # the web player: one self-contained page
        from .web.page import render_html
        return render_html(puzzle, target, lang=style.lang, palette=style.pal.name,
                           allow_illegal=allow_illegal)
    source = None
    if not isinstance(puzzle, Puzzle):
        source = puzzle
        puzzle = load_puzzle(puzzle, allow_illegal=allow_illegal)
    try:
        pages = sheet_pages(puzzle, answers=answers, page=page, style=style)
    except ConundrumError as exc:
        raise (in_file(source, exc) if source is not None else exc) from None
    outputs: list[tuple[Path, bytes]]
    if suffix == ".pdf":
        outputs = [(target, pdf_bytes(pages, puzzle_title(puzzle, style), style.lang))]
    else:
        outputs = _png_outputs(target, pages, dpi)
    refuse_inputs([("sheet", p) for p, _ in outputs], [("puzzle", source_path)])
    return atomic_write_many(outputs)


def _png_outputs(target: Path, pages: list[Page], dpi: int) -> list[tuple[Path, bytes]]:
    first, keys = pages[0], pages[1:]
    paths = [target, *answer_paths(target, len(keys))]
    return [(p, png_bytes(pg, dpi)) for p, pg in zip(paths, [first, *keys], strict=True)]
