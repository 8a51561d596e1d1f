"""`book --export DIR`: every puzzle's board art and a CSV for data merge.

Layout tools (InDesign, Affinity Publisher) fill a page template from a CSV
row per record; a column whose name starts with `@` holds an image's file
name. So the folder holds `puzzle-0001.svg` ... (the board alone, as
`render --part board`) and `puzzles.csv` with, per puzzle: its number,
section, grade, the book page it is printed on, the tiles to place, their
counts (both space-separated, in the same order) and every answer in
notation (the solver's, `;`-separated), and `@board`. The CSV is
UTF-8 with a byte-order mark, which both tools and spreadsheets read as
UTF-8 (section names in Czech or Ukrainian stay right).

The art is in the book's colour: in a `grey` book the SVG is painted in the
book's grey levels; SVG has no CMYK, so in a `cmyk` (and a `grey`) book each
board is also written as a one-page PDF painted in the book's own colour space
(`puzzle-0001.pdf`, DeviceCMYK or DeviceGray, text solid black), named in the
CSV's `@board_pdf` column. The pages and the solved puzzles are the ones the
book's PDF was drawn from (`DrawnBook`), so nothing is laid out or solved again.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from pathlib import Path

from conundrum.book.make_book import BookContent
from conundrum.files import atomic_write_many, check_folder
from conundrum.workers import forked_map
from renderers.book.layout import DrawnBook, book_pages
from renderers.page.layout import Page, Text
from renderers.page.style import Style
from renderers.paint.pdf import pdf_bytes, stamp
from renderers.paint.svg import svg_bytes
from renderers.sheet.board_art import board_page
from renderers.sheet.solved import Solved, solve

COLUMNS = ("number", "section", "grade", "page", "tiles", "counts", "answers", "@board")
PDF_COLUMN = "@board_pdf"  # print modes only: the art in the book's own colour space
CSV_NAME = "puzzles.csv"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as a formula


def inert(cell: object) -> object:
    """A CSV cell a spreadsheet shows as text, never runs: text starting with = + - @ or a
    tab gets a leading apostrophe (OWASP's advice); numbers stay numbers.

    >>> inert("=1+2"), inert("+cmd"), inert("Warm-up"), inert(-3)
    ("'=1+2", "'+cmd", 'Warm-up', -3)
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_START):
        return "'" + cell
    return cell


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


def art_name(number: int, total: int, suffix: str = ".svg") -> str:
    """The file name of a puzzle's board art, numbered to at least 4 digits so names sort
    in order: `art_name(7, 120)` is `puzzle-0007.svg`."""
    return f"puzzle-{number:0{max(4, len(str(total)))}d}{suffix}"


def columns(colour: str) -> tuple[str, ...]:
    """The CSV's columns: a print-mode book (cmyk, grey) also names each board's PDF."""
    return COLUMNS if colour == "rgb" else (*COLUMNS, PDF_COLUMN)


ART_CHUNK = 100  # boards drawn as one part: the same split whatever --jobs, so the same bytes


def export_book(content: BookContent, folder: str | os.PathLike,
                drawn: DrawnBook | None = None,
                warn: Callable[[str], None] = lambda _m: None) -> list[Path]:
    """Write the board art and the CSV into `folder`; returns every file written (the CSV
    last).

    `drawn`: the pages and solved puzzles the book's PDF was drawn from (`render_book`
    fills it); without it the book is laid out here, only to find each puzzle's page.
    The art is drawn in parts of ART_CHUNK boards, `content.jobs` parts at a time."""
    out = check_folder(folder, "--export")
    if drawn is None:
        drawn = DrawnBook()
        drawn.pages = book_pages(content, warn, solved=drawn.solved)
    page_of = puzzle_pages(content, drawn.pages)
    spec = content.spec
    solved = {bp.number: drawn.solved.get(bp.number) or solve(bp.puzzle, bp.made.solutions)
              for bp in content.puzzles}
    total = len(content.puzzles)
    rows = []
    files: list[tuple[Path, bytes | str]] = []
    for bp, (svg, pdf) in zip(content.puzzles, _art_parts(content, solved), strict=True):
        found = solved[bp.number]
        name = art_name(bp.number, total)
        files.append((out / name, svg))
        grade = bp.puzzle.extra.get("grade", spec.sections[bp.section].difficulty)
        row = [bp.number, spec.sections[bp.section].name, grade, page_of.get(bp.number, ""),
               " ".join(code for code, _ in found.solutions),
               " ".join(str(len(places)) for _, places in found.solutions),
               answers_text(found), name]
        if pdf is not None:
            row.append(art_name(bp.number, total, ".pdf"))
            files.append((out / row[-1], pdf))
        rows.append(row)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(columns(spec.colour))
    writer.writerows([[inert(cell) for cell in row] for row in rows])
    files.append((out / CSV_NAME, ("\ufeff" + buffer.getvalue()).encode("utf-8")))
    out.mkdir(exist_ok=True)
    return atomic_write_many(files)


def _art_parts(content: BookContent, solved: dict[int, Solved]
               ) -> list[tuple[bytes, bytes | None]]:
    """(SVG, PDF or None) of every board in book order, drawn here or (jobs > 1) in forked
    workers that inherit the solved puzzles instead of receiving them pickled."""
    count = -(-len(content.puzzles) // ART_CHUNK)
    parts = forked_map(_art_part, (content, solved), count, content.jobs)
    return [art for part in parts for art in part]


def _art_part(data: tuple[BookContent, dict[int, Solved]], index: int
              ) -> list[tuple[bytes, bytes | None]]:
    content, solved = data
    spec = content.spec
    style = Style(lang=spec.language, palette=spec.palette)
    svg_colour = "grey" if spec.colour == "grey" else "rgb"  # SVG has no CMYK
    arts, titles, svgs = [], [], []
    for bp in content.puzzles[index * ART_CHUNK:(index + 1) * ART_CHUNK]:
        art = board_page(solved[bp.number], style)
        title = style.t("book_puzzle", n=bp.number)
        arts.append(art)
        titles.append(title)
        svgs.append(svg_bytes(art, title, spec.language, svg_colour))
    pdfs: list[bytes | None] = ([None] * len(arts) if spec.colour == "rgb" else
                                list(art_pdfs(arts, titles, content)))
    return list(zip(svgs, pdfs, strict=True))


def art_pdfs(arts: list[Page], titles: list[str], content: BookContent) -> list[bytes]:
    """Each board as a one-page PDF in the book's colour space. The boards are painted as
    one document, then split page by page: the fonts are loaded and subset once, not once
    a board (that took a third of a second per board)."""
    from pypdf import PdfReader, PdfWriter

    spec = content.spec
    reader = PdfReader(io.BytesIO(pdf_bytes(arts, None, spec.language, spec.colour,
                                            spec.palette)))
    found = []
    for page, title in zip(reader.pages, titles, strict=True):
        writer = PdfWriter()
        writer.add_page(page)
        stamp(writer, title, spec.language)
        buffer = io.BytesIO()
        writer.write(buffer)
        found.append(buffer.getvalue())
    return found
