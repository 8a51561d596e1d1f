"""`book --export DIR`: every puzzle's board art (SVG) and a CSV for data merge.

Layout tools (InDesign, Affinity Publisher) fill a page template from a CSV
row per record; a column whose name starts with `@` holds an image's file
name. So the folder holds `puzzle-0001.svg` ... (the board alone, as
`render --part board`) and `puzzles.csv` with, per puzzle: its number,
section, grade, the book page it is printed on, the tiles to place, their
counts (both space-separated, in the same order) and every answer in
notation (the solver's, `;`-separated), and `@board`. The CSV is
UTF-8 with a byte-order mark, which both tools and spreadsheets read as
UTF-8 (section names in Czech or Ukrainian stay right).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from pathlib import Path

from conundrum.book.make import BookContent
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write_many

from .board_art import board_page
from .book import book_pages
from .layout import Page, Text
from .solved import Solved, solve
from .style import Style
from .svg import svg_bytes

COLUMNS = ("number", "section", "grade", "page", "tiles", "counts", "answers", "@board")
CSV_NAME = "puzzles.csv"


def check_export_folder(folder: str | os.PathLike) -> Path:
    """The export folder: an existing folder, or a new one whose parent exists (checked
    before the book is built, so a bad --export fails at once)."""
    path = Path(folder)
    if path.exists() and not path.is_dir():
        raise ConundrumError(f"--export {path}: is not a folder")
    if not path.exists() and not path.parent.is_dir():
        raise ConundrumError(f"--export {path}: folder {path.parent} does not exist")
    return path


def puzzle_pages(content: BookContent, pages: list[Page]) -> dict[int, int]:
    """The page number each puzzle is printed on (pages count from 1, the title page).

    Each puzzle on a section page is headed "Puzzle N" in the book's language
    (a `title` text run); its first page wins (answers are not headed so)."""
    style = Style(lang=content.spec.language)
    wanted = {style.t("book_puzzle", n=bp.number): bp.number for bp in content.puzzles}
    found: dict[int, int] = {}
    for index, page in enumerate(pages, 1):
        for item in page.items:  # titles are drawn at layout, never deferred
            if isinstance(item, Text) and item.tag == "title" and item.text in wanted:
                found.setdefault(wanted[item.text], index)
    return found


def answers_text(solved: Solved) -> str:
    """Every position in notation as the sheets print it (`YBY C4 h; YBY E5 v; PPY D2 h`),
    tile by tile in the solver's order; a tile with no position adds nothing."""
    return "; ".join(solved.grid.text(p) for _, found in solved.solutions for p in found)


def art_name(number: int, total: int) -> str:
    return f"puzzle-{number:0{max(4, len(str(total)))}d}.svg"


def export_book(content: BookContent, folder: str | os.PathLike,
                pages: list[Page] | None = None,
                warn: Callable[[str], None] = lambda _m: None) -> list[Path]:
    """Write the board art and the CSV into `folder`; returns every file written.

    `pages` are the book's laid-out pages when the caller has them (else laid
    out again here, only to find each puzzle's page)."""
    out = check_export_folder(folder)
    if pages is None:
        pages = book_pages(content, warn)
    page_of = puzzle_pages(content, pages)
    style = Style(lang=content.spec.language, palette=content.spec.palette)
    total = len(content.puzzles)
    rows = []
    files: list[tuple[Path, bytes | str]] = []
    for bp in content.puzzles:
        solved = solve(bp.puzzle)
        name = art_name(bp.number, total)
        files.append((out / name, svg_bytes(board_page(solved, style),
                                            style.t("book_puzzle", n=bp.number),
                                            content.spec.language)))
        grade = bp.puzzle.extra.get("grade", content.spec.sections[bp.section].difficulty)
        rows.append([bp.number, content.spec.sections[bp.section].name, grade,
                     page_of.get(bp.number, ""),
                     " ".join(code for code, _ in solved.solutions),
                     " ".join(str(len(found)) for _, found in solved.solutions),
                     answers_text(solved), name])
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    files.append((out / CSV_NAME, ("\ufeff" + buffer.getvalue()).encode("utf-8")))
    out.mkdir(exist_ok=True)
    return atomic_write_many(files)
