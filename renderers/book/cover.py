"""A book's full-wrap cover: back, spine and front on one page, with bleed all round.

Its size follows the interior: width = 2 x trim width + spine + 2 x 0.125 in of bleed,
height = trim height + 2 x 0.125 in, the spine being pages x the paper's thickness
(renderers/page/printers/kdp.yaml, or the spec's `paper_thickness`). The front holds
the title, subtitle, volume, author and a board drawn from the book's own puzzles; the
spine, where the book has more than 79 pages, its title and author; the back the blurb,
the sections and, at its lower right, the barcode's clear area, left without ink. Every
text keeps 0.25 in from the trim and the folds (0.0625 in from the folds on the spine).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from conundrum.book.spec import BookSpec
from conundrum.notation import Grid
from conundrum.puzzle import Puzzle
from renderers.page.fonts import fit_size, text_width
from renderers.page.layout import Page, Rect, Text, page_size
from renderers.page.printers import paper_thickness
from renderers.page.style import Style
from renderers.page.text import draw_fitted, draw_paragraph, line_height
from renderers.sheet.draw import BoardView, draw_board

INCH = 25.4
BLEED = 0.125 * INCH
SAFE = 0.25 * INCH  # text from the trim and the folds
SPINE_SAFE = 0.0625 * INCH  # spine text from each fold
SPINE_TEXT_PAGES = 80  # spine text only on a book of more than 79 pages
SPINE_SMALLEST = 5.5  # pt: the smallest spine type (capitals only)
CAP_HEIGHT = 0.72  # of the type size: PT Sans's capitals (no descenders in capitals)
PT = 25.4 / 72  # mm a point
BARCODE = (2.0 * INCH, 1.2 * INCH)  # the clear area the printer puts the barcode in


@dataclass(frozen=True)
class CoverGeometry:
    """Where a cover's panels lie on its page, in mm from the page's top left."""

    trim_w: float
    trim_h: float
    spine: float

    @classmethod
    def of(cls, spec: BookSpec, pages: int) -> CoverGeometry:
        """The cover of `spec`'s book with `pages` interior pages."""
        w, h = page_size(spec.page)
        inches = spec.paper_thickness or paper_thickness(spec.paper)
        return cls(w, h, pages * inches * INCH)

    @property
    def width(self) -> float:
        """The whole page: back, spine, front and the bleed at both ends."""
        return 2 * self.trim_w + self.spine + 2 * BLEED

    @property
    def height(self) -> float:
        """The trim height and the bleed above and below."""
        return self.trim_h + 2 * BLEED

    @property
    def back(self) -> tuple[float, float]:
        """The back panel's left and right trim edges (x)."""
        return BLEED, BLEED + self.trim_w

    @property
    def front(self) -> tuple[float, float]:
        """The front panel's left and right trim edges (x)."""
        return BLEED + self.trim_w + self.spine, self.width - BLEED

    @property
    def barcode(self) -> tuple[float, float, float, float]:
        """The barcode's clear area (x, y, w, h): the back's lower right, 0.25 in from the
        trim and from the spine."""
        w, h = BARCODE
        return (self.back[1] - SAFE - w, self.height - BLEED - SAFE - h, w, h)


def cover_page(spec: BookSpec, pages: int, puzzles: Sequence[Puzzle],
               style: Style | None = None) -> Page:
    """The cover of `spec`'s book of `pages` pages; the front's board is the largest of
    `puzzles` (the book's own)."""
    geo = CoverGeometry.of(spec, pages)
    style = style or Style(lang=spec.language, palette=spec.palette).checked()
    page = Page(geo.width, geo.height)
    page.kind = "cover"
    page.trim = (BLEED, BLEED, geo.width - BLEED, geo.height - BLEED)
    pal = style.pal
    page.add(Rect(0, 0, geo.width, geo.height, fill=pal.grid_fill, tag="bleed background"))
    _front(page, geo, spec, puzzles, style)
    if pages >= SPINE_TEXT_PAGES:
        _spine(page, geo, spec, style)
    _back(page, geo, spec, style)
    return page


def _front(page: Page, geo: CoverGeometry, spec: BookSpec, puzzles: Sequence[Puzzle],
           style: Style) -> None:
    pal = style.pal
    x0, x1 = geo.front[0] + SAFE, geo.front[1] - SAFE
    top, bottom = BLEED + SAFE, geo.height - BLEED - SAFE
    w = x1 - x0
    y = draw_paragraph(page, spec.title, x0, top + 4.0, w, 30.0, pal.ink, bold=True,
                       align="center", tag="cover title") + 2.0
    if spec.subtitle:
        y = draw_paragraph(page, spec.subtitle, x0, y, w, 15.0, pal.ink, align="center",
                           tag="cover subtitle") + 1.0
    if spec.volume:
        y = draw_fitted(page, spec.volume, x0, y + 1.0, w, 13.0, pal.muted, bold=True,
                        align="center", tag="cover volume")
    author_h = line_height(15.0) if spec.author else 0.0
    if spec.author:
        draw_fitted(page, spec.author, x0, bottom - author_h, w, 15.0, pal.ink,
                    align="center", tag="cover author")
    if puzzles:
        _board_art(page, max(puzzles, key=_tiles), x0, y + 8.0, w,
                   bottom - author_h - 8.0 - (y + 8.0), style)


def _tiles(puzzle: Puzzle) -> int:
    """How many tiles the puzzle's board holds (the cover shows the fullest)."""
    return len(puzzle.board)


def _board_art(page: Page, puzzle: Puzzle, x: float, y: float, w: float, h: float,
               style: Style) -> None:
    """The board, as large as fits w x h (at most 8 mm cells), centred, without labels."""
    grid = Grid.of(puzzle.board)
    cell = min(8.0, w / grid.width, h / grid.height)
    if cell <= 0:
        return
    view = BoardView(grid, x + (w - grid.width * cell) / 2, y + (h - grid.height * cell) / 2,
                     cell)
    draw_board(page, view, puzzle.board, style.pal, labels=False)


def _spine(page: Page, geo: CoverGeometry, spec: BookSpec, style: Style) -> None:
    """Title (and author) in capitals, reading down the spine: the capitals' height keeps
    SPINE_SAFE from each fold (on the thinnest spines, 80 pages of white paper, that is
    5.5 pt type)."""
    room = geo.spine - 2 * SPINE_SAFE
    text = (spec.title + (f"  ·  {spec.author}" if spec.author else "")).upper()
    length = geo.trim_h - 2 * SAFE
    size = min(fit_size(text, 14.0, length, bold=True, smallest=SPINE_SMALLEST),
               room / (PT * CAP_HEIGHT))
    if size < SPINE_SMALLEST or text_width(text, size, True) > length:
        return  # too thin a spine for legible text: none (a printer's rule too)
    cx = geo.back[1] + geo.spine / 2
    # turned -90 degrees: the baseline runs down the spine and the capitals stand to its
    # right, so the baseline sits half a capital's height left of the spine's centre
    page.add(Text(cx - size * PT * CAP_HEIGHT / 2, geo.height / 2, text, size, True,
                  "center", style.pal.ink, "cover spine", angle=-90.0))


def _back(page: Page, geo: CoverGeometry, spec: BookSpec, style: Style) -> None:
    pal = style.pal
    x0, x1 = geo.back[0] + SAFE, geo.back[1] - SAFE
    w = x1 - x0
    y = BLEED + SAFE + 4.0
    if spec.blurb:
        for paragraph in spec.blurb.split("\n\n"):
            y = draw_paragraph(page, " ".join(paragraph.split()), x0, y, w, 11.0, pal.ink,
                               tag="cover blurb") + 2.5
    y += 4.0
    for section in spec.sections:
        line = (f"{section.name} · {style.t('book_level', n=section.difficulty)} · "
                f"{style.t('book_count', n=section.count)}")
        y = draw_fitted(page, line, x0, y, w, 10.0, pal.ink, tag="cover section") + 1.0
    bx, by, bw, bh = geo.barcode
    page.add(Rect(bx, by, bw, bh, fill=pal.paper, tag="barcode area"))



def cover_pdf(spec: BookSpec, pages: int, puzzles: Sequence[Puzzle]) -> bytes:
    """The cover as PDF bytes: in the book's colour mode, fonts embedded, with its TrimBox
    (the trim all round) and BleedBox (the whole sheet)."""
    from renderers.paint.pdf import pdf_bytes

    page = cover_page(spec, pages, puzzles)
    return pdf_bytes([page], spec.title, spec.language, spec.colour, spec.palette)


def cover_name(pdf: str | os.PathLike) -> Path:
    """`book.pdf` -> `book-cover.pdf`, beside it."""
    path = Path(pdf)
    return path.with_name(f"{path.stem}-cover.pdf")


def write_cover(source: str | os.PathLike, output: str | os.PathLike,
                book: str | os.PathLike | None = None,
                spec: str | os.PathLike | None = None) -> Path:
    """A book's cover written to `output` (.pdf), from either
    - its spec (`source`) and the built interior (`book`: its page count sets the spine,
      the manifest beside it gives the front's board), or
    - its manifest (`source`: the page count and the puzzles), with the spec (`spec`) for
      the cover's words and paper, or without one: the manifest's title and subtitle on
      white paper.
    ConundrumError for a spec, book or manifest that cannot be read, a manifest without
    `pages:` (written before this version), or an output that may not be written."""
    from conundrum.book.extract import entry_puzzle, load_manifest
    from conundrum.book.manifest import manifest_path
    from conundrum.book.spec import load_spec, parse_spec
    from conundrum.errors import ConundrumError
    from conundrum.files import atomic_write, check_target, read_text, yaml_mapping
    from conundrum.guard import note_input

    note_input(source, "spec or manifest")
    doc = yaml_mapping(read_text(source), str(source), ConundrumError, "spec or manifest",
                       "`title:` and `sections:` or `puzzles:`")
    if "puzzles" in doc:  # a manifest
        manifest, pages = Path(source), doc.get("pages", 0)
        if isinstance(pages, bool) or not isinstance(pages, int) or pages < 1:
            raise ConundrumError(f"{source}: no `pages:` (the interior's page count); build "
                                 "the book again, or give the spec and --book B.pdf")
        words = load_spec(spec) if spec is not None else parse_spec(
            f"title: {_quoted(doc.get('title', ''))}\n" + (
                f"subtitle: {_quoted(doc['subtitle'])}\n" if doc.get("subtitle") else "")
            + f"page: {_trim_of(manifest)}\nsections: [{{name: A, count: 1}}]\n",
            str(source))
    else:
        if book is None:
            raise ConundrumError(f"{source}: a spec needs --book B.pdf, the built interior "
                                 "(its page count sets the spine)")
        words = load_spec(source)
        note_input(book, "book")
        manifest = manifest_path(Path(book))
    target = check_target(output, "cover")  # once every input is known
    if target.suffix.lower() != ".pdf":
        raise ConundrumError(f"{target}: a cover is written as PDF; name the output *.pdf")
    if "puzzles" not in doc:
        pages = _pdf_pages(book or "")
    title, entries = load_manifest(manifest)
    puzzles = [entry_puzzle(e, title, f"{manifest}: puzzle {e.get('number')}")
               for e in entries]
    if spec is None and "puzzles" in doc:
        words = _with_sections_of(words, entries)
    return atomic_write(target, cover_pdf(words, pages, puzzles))


def _trim_of(manifest: Path) -> str:
    """The page size name of the book beside `manifest` (`book.manifest.yaml` ->
    `book.pdf`), read from its first page's trim box."""
    from pypdf import PdfReader

    from conundrum.errors import ConundrumError
    from conundrum.guard import note_input
    from renderers.page.layout import PAGE_SIZES

    pdf = manifest.with_name(manifest.name.removesuffix(".manifest.yaml") + ".pdf")
    note_input(pdf, "book")
    try:
        box = PdfReader(os.fspath(pdf)).pages[0].trimbox
    except (OSError, ValueError, IndexError) as exc:
        raise ConundrumError(f"{manifest}: the book beside it ({pdf.name}) cannot be read "
                             f"for its size ({exc}); give --spec") from None
    w, h = float(box.width) * INCH / 72, float(box.height) * INCH / 72
    for name, (pw, ph) in PAGE_SIZES.items():
        if abs(pw - w) < 0.5 and abs(ph - h) < 0.5:
            return name
    raise ConundrumError(f"{pdf}: a page of {w:.1f} x {h:.1f} mm is none of the sizes "
                         "the program makes; give --spec")


def _quoted(text: object) -> str:
    """A YAML double-quoted scalar of `text`."""
    import json

    return json.dumps(str(text), ensure_ascii=False)


def _pdf_pages(book: str | os.PathLike) -> int:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    from conundrum.errors import ConundrumError

    try:
        return len(PdfReader(os.fspath(book)).pages)
    except (OSError, PdfReadError, ValueError) as exc:
        raise ConundrumError(f"{book}: not a book PDF that can be read ({exc})") from None


def _with_sections_of(spec: BookSpec, entries: list[dict]) -> BookSpec:
    """`spec` with the sections a manifest's entries name (for the back cover's list)."""
    from dataclasses import replace as with_

    from conundrum.book.spec import Section

    counts: dict[str, list[int]] = {}
    for e in entries:
        counts.setdefault(str(e.get("section", "")), []).append(int(e.get("difficulty") or 1))
    sections = tuple(Section(name=name, count=len(levels), difficulty=max(levels))
                     for name, levels in counts.items() if name)
    return with_(spec, sections=sections or spec.sections)
