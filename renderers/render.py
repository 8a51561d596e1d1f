"""render_sheet: a puzzle to a printable PDF, PNG or SVG, with an optional answer key,
or (`part="board"`) the board alone as art for layout tools."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from conundrum.errors import ConundrumError, in_file
from conundrum.files import atomic_write_many, check_target, refuse_inputs
from conundrum.options import SHEET_PARTS
from conundrum.overwrite_guard import remove_output
from conundrum.puzzle import Puzzle, check_title, load_puzzle
from renderers.page.layout import page_size
from renderers.paint.colour_modes import check_colour
from renderers.paint.pdf import pdf_bytes
from renderers.paint.png import check_dpi, png_bytes
from renderers.paint.svg import svg_bytes
from renderers.sheet.board_art import board_page
from renderers.sheet.puzzle import Style, puzzle_title, sheet_pages, solve
from renderers.sheet.qr import check_url

FORMATS = (".pdf", ".png", ".svg", ".html")
PARTS = SHEET_PARTS


def output_format(path: str | os.PathLike) -> str:
    """The output's format from its suffix (.pdf, .png, .svg or .html, any case);
    ConundrumError for another."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ConundrumError(f"{path}: the output must end in .pdf, .png, .svg or .html")
    return suffix


def check_part(part: str, answers: bool = False, suffix: str = ".pdf") -> str:
    """The part of a sheet to draw, checked against `answers` and the output's `suffix`;
    ConundrumError for an unknown part or a combination that cannot be drawn."""
    if part not in PARTS:
        raise ConundrumError(f"unknown part {part!r} (choose one of: {', '.join(PARTS)})")
    if part == "board" and answers:
        raise ConundrumError("--part board draws the board alone; leave out --answers")
    if answers and suffix == ".html":
        raise ConundrumError("--answers: a web page never carries its answers (the reader "
                             "reveals them with \"Show answers\"); leave out --answers")
    if part == "board" and suffix == ".html":
        raise ConundrumError("--part board is art for layout tools: write .svg, .pdf or .png")
    return part


def answer_paths(path: Path, count: int) -> list[Path]:
    """`sheet.png` -> `sheet-answers.png`, `sheet-answers-2.png`, ... for `count` key pages."""
    names = [f"{path.stem}-answers{'' if i == 1 else f'-{i}'}{path.suffix}"
             for i in range(1, count + 1)]
    return [path.with_name(name) for name in names]


def stale_answer_pages(path: Path, count: int) -> list[Path]:
    """Key pages beside `path` from an earlier, longer key: `<stem>-answers.png` and
    `<stem>-answers-N.png` beyond the `count` just written (that exact pattern only)."""
    pattern = re.compile(re.escape(path.stem) + r"-answers(?:-([1-9][0-9]*))?"
                         + re.escape(path.suffix) + r"\Z")
    stale = []
    try:
        names = sorted(os.listdir(path.parent))
    except OSError:
        return []
    for name in names:
        found = pattern.match(name)
        if not found:
            continue
        number = int(found.group(1)) if found.group(1) else 1
        candidate = path.with_name(name)
        # `-answers-1` is never written (the first key page has no number): not ours
        if found.group(1) != "1" and number > count and candidate.is_file():
            stale.append(candidate)
    return stale


def render_sheet(puzzle: Puzzle | str | os.PathLike, path: str | os.PathLike,
                 answers: bool = False, lang: str = "en", palette: str = "classic",
                 page: str = "a4", dpi: int = 300, blank: bool = False,
                 allow_illegal: bool = False, web_url: str | None = None,
                 part: str = "sheet", colour: str = "rgb", title: str | None = None,
                 footer: bool = True, warn: Callable[[str], None] | None = None
                 ) -> list[Path]:
    """Render a puzzle sheet to `path` (.pdf, .png or .svg); returns every file written.

    A PDF holds the puzzle page then the answer key's pages. A PNG or SVG is
    the puzzle page; the key goes to `<stem>-answers.png` (and `-answers-2.png`...),
    and key pages left beside it by an earlier, longer key are removed.
    `part="board"` draws only the board (grid, labels, tiles) on a page cropped
    to it. `colour`: `rgb`; `grey` (a DeviceGray PDF, an 8-bit greyscale PNG, an SVG in
    greys); `cmyk` (PDF only: DeviceCMYK in the palette's process inks). `title` replaces
    the puzzle's own (checked as a title is); `footer=False` leaves out the footer line
    (the puzzle's id and the command that makes it again). `warn` hears what differs from
    the request (a QR code with no room on the page is left out). Everything is drawn before
    anything is written, so a fault leaves no file.
    ConundrumError (naming `source`, when given) for anything that cannot be drawn or written.
    """
    target = check_target(path)
    suffix = output_format(target)
    check_part(part, answers, suffix)
    colour = check_colour(colour, suffix)
    source_path = None if isinstance(puzzle, Puzzle) else puzzle
    refuse_inputs([("sheet", path)], [("puzzle", source_path)])
    style = Style(lang=lang, palette=palette, blank=blank, footer=footer,
                  web_url=None if web_url is None else check_url(web_url)).checked()
    if title is not None:
        try:
            check_title(title)
        except ConundrumError as exc:
            raise ConundrumError(f"--title: {exc}") from None
    page_size(page)
    if suffix == ".png":
        check_dpi(dpi)
    if suffix == ".html":  # the web player: one self-contained page
        from renderers.web.page import render_html
        return render_html(puzzle, target, lang=style.lang, palette=style.pal.name,
                           allow_illegal=allow_illegal)
    source = None
    if not isinstance(puzzle, Puzzle):
        source = puzzle
        puzzle = load_puzzle(puzzle, allow_illegal=allow_illegal)
    if title is not None:
        puzzle = replace(puzzle, title=title)
    try:
        if part == "board":
            pages = [board_page(solve(puzzle), style)]
        else:
            pages = sheet_pages(puzzle, answers=answers, page=page, style=style, warn=warn)
    except ConundrumError as exc:
        raise (in_file(source, exc) if source is not None else exc) from None
    title = puzzle_title(puzzle, style)
    outputs: list[tuple[Path, bytes]]
    if suffix == ".pdf":
        outputs = [(target, pdf_bytes(pages, title, style.lang, colour, style.pal))]
    elif suffix == ".png":
        outputs = _page_outputs(target, [png_bytes(pg, dpi, colour) for pg in pages])
    else:
        outputs = _page_outputs(target, [svg_bytes(pg, title, style.lang, colour)
                                         for pg in pages])
    refuse_inputs([("sheet", p) for p, _ in outputs], [("puzzle", source_path)])
    written = atomic_write_many(outputs)
    if suffix != ".pdf":
        for old in stale_answer_pages(target, len(pages) - 1):
            remove_output(old)
    return written


def _page_outputs(target: Path, files: list[bytes]) -> list[tuple[Path, bytes]]:
    """The first page at `target`, each key page at its own `-answers` name."""
    paths = [target, *answer_paths(target, len(files) - 1)]
    return list(zip(paths, files, strict=True))
