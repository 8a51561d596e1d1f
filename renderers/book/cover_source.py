"""What a cover is made from, read and checked: the spec, the manifest and the interior PDF.

`conundrum cover` takes either a spec and the built interior (`--book`), or a manifest
(with or without `--spec`). Every fault in them is a ConundrumError naming the file, the
item and the rule (exit 2): an interior that is not a readable PDF, has no pages or more
than a printer binds, a manifest whose `pages:` or an entry's `difficulty:` is not a
whole number in range. The book beside a manifest is an input even when it is not read
(`--spec` gives its words), so no output path, through any link, may replace it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.manifest import manifest_path
from conundrum.book.spec import BookSpec, Section, load_spec, parse_spec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write, check_target, read_text, yaml_mapping
from conundrum.overwrite_guard import note_input
from conundrum.terminal import shown
from renderers.book.cover import INCH, MAX_PAGES, cover_pdf
from renderers.page.layout import PAGE_SIZES
from renderers.page.pdf_guard import guarded, regular_file
from renderers.page.printers import printer_rules

MAX_BOOK_BYTES = 2 * 1024**3  # an interior PDF larger than this is not one we made
GRADES = (1, 5)
T = TypeVar("T")


def write_cover(source: str | os.PathLike, output: str | os.PathLike,
                book: str | os.PathLike | None = None,
                spec: str | os.PathLike | None = None, printer: str | None = None) -> Path:
    """A book's cover written to `output` (.pdf), from either
    - its spec (`source`) and the built interior (`book`: its page count sets the spine,
      the manifest beside it gives the front's board), or
    - its manifest (`source`: the page count and the puzzles), with the spec (`spec`) for
      the cover's words and paper, or without one: the manifest's title and subtitle on
      white paper.
    Words go on the spine only where `printer`'s rule (kdp, ingram; default: the spec's
    `printer:`, else kdp) allows them.
    ConundrumError for a spec, book or manifest that cannot be read, a manifest without
    `pages:` (written before this version), or an output that may not be written."""
    if printer is not None:  # an unknown printer: refused before anything is read
        printer_rules(printer)
    note_input(source, "spec or manifest")
    doc = yaml_mapping(read_text(source), str(source), ConundrumError, "spec or manifest",
                       "`title:` and `sections:` or `puzzles:`")
    if "puzzles" in doc:  # a manifest
        manifest, pages = Path(source), manifest_pages(doc, source)
        interior = book_beside(manifest)
        note_input(interior, "book")  # its book, read or not, is never an output
        _refuse_same(output, interior, "the book this manifest describes")
        words = load_spec(spec) if spec is not None else parse_spec(
            f"title: {_quoted(doc.get('title', ''))}\n" + (
                f"subtitle: {_quoted(doc['subtitle'])}\n" if doc.get("subtitle") else "")
            + f"page: {_trim_of(manifest, interior)}\nsections: [{{name: A, count: 1}}]\n",
            str(source))
    else:
        if book is None:
            raise ConundrumError(f"{source}: a spec needs --book B.pdf, the built interior "
                                 "(its page count sets the spine)")
        words = load_spec(source)
        note_input(book, "book")
        _refuse_same(output, Path(book), "the book")
        manifest = manifest_path(Path(book))
    target = check_target(output, "cover")  # once every input is known
    if target.suffix.lower() != ".pdf":
        raise ConundrumError(f"{target}: a cover is written as PDF; name the output *.pdf")
    if "puzzles" not in doc:
        pages = book_pages(book or "")
    title, entries = load_manifest(manifest)
    for entry in entries:  # the back prints grades: each one checked, --spec or not
        entry_grade(entry, manifest)
    puzzles = [entry_puzzle(e, title, f"{manifest}: puzzle {e.get('number')}")
               for e in entries]
    if spec is None and "puzzles" in doc:
        words = with_sections_of(words, entries, manifest)
    return atomic_write(target, cover_pdf(words, pages, puzzles, printer))


def book_beside(manifest: Path) -> Path:
    """The interior a manifest describes: `book.manifest.yaml` -> `book.pdf`."""
    return manifest.with_name(manifest.name.removesuffix(".manifest.yaml") + ".pdf")


def _refuse_same(output: str | os.PathLike, book: Path, what: str) -> None:
    """Refuse an output that is `book` by any path (a link, `..`), there or not yet."""
    if os.path.realpath(output) == os.path.realpath(book):
        raise ConundrumError(f"{output}: the cover would replace {what} ({book}); choose "
                             "another path")


def manifest_pages(doc: dict, source: str | os.PathLike) -> int:
    """The interior's page count a manifest records: a whole number a printer binds."""
    pages = doc.get("pages")
    if pages is None:
        raise ConundrumError(f"{source}: no `pages:` (the interior's page count); build "
                             "the book again, or give the spec and --book B.pdf")
    if isinstance(pages, bool) or not isinstance(pages, int) or not 1 <= pages <= MAX_PAGES:
        shown = repr(pages) if len(repr(pages)) <= 20 else repr(pages)[:17] + "..."
        raise ConundrumError(f"{source}: `pages: {shown}` must be a whole number of "
                             f"interior pages from 1 to {MAX_PAGES:,}")
    return pages


def _read(book: str | os.PathLike, what: str, work: Callable[[Any], T],
          doing: str = "read") -> T:
    """`work(reader)` on pypdf's reader of `book`, through the guarded reader preflight
    uses (`renderers.page.pdf_guard`): what is not a regular file of a sane size is refused
    (a FIFO would block, /dev/zero never end), pypdf's warnings stay off the terminal and
    every fault of a damaged file is one ConundrumError naming the file."""
    from pypdf import PdfReader

    name = regular_file(book, f"the {what}", MAX_BOOK_BYTES, "the cover")
    return guarded(name, lambda: work(PdfReader(name)), doing, "book PDF")


def book_pages(book: str | os.PathLike) -> int:
    """The interior's page count, from 1 to MAX_PAGES; its page tree's own count is read
    first, so a PDF of 100,000 pages is refused without walking them."""
    name = os.fsdecode(book)

    def count(reader: Any) -> int:
        claimed = reader.trailer["/Root"]["/Pages"].get("/Count")
        if isinstance(claimed, int) and claimed > MAX_PAGES:
            raise ConundrumError(f"{shown(name)}: {claimed:,} pages; a printer binds at "
                                 f"most {MAX_PAGES:,} (KDP: 828)")
        return len(reader.pages)

    pages = _read(book, "book", count)
    if not 1 <= pages <= MAX_PAGES:
        raise ConundrumError(f"{shown(name)}: {pages:,} pages; a cover is made for an "
                             f"interior of 1 to {MAX_PAGES:,} pages")
    return pages


def _trim_of(manifest: Path, pdf: Path) -> str:
    """The page size name of the book beside `manifest`, read from its first page's
    trim box."""

    def trim(reader: Any) -> tuple[float, float]:
        box = reader.pages[0].trimbox
        return float(box.width) * INCH / 72, float(box.height) * INCH / 72

    try:
        w, h = _read(pdf, f"book beside {manifest.name}", trim, "read for its page size")
    except ConundrumError as exc:
        raise ConundrumError(f"{exc}; give --spec") from None
    for name, (pw, ph) in PAGE_SIZES.items():
        if abs(pw - w) < 0.5 and abs(ph - h) < 0.5:
            return name
    raise ConundrumError(f"{shown(str(pdf))}: a page of {w:.1f} x {h:.1f} mm is none of the sizes "
                         "the program makes; give --spec")


def _quoted(text: object) -> str:
    """A YAML double-quoted scalar of `text`."""
    return json.dumps(str(text), ensure_ascii=False)


def entry_grade(entry: dict, source: object) -> int:
    """A manifest entry's `difficulty:` (1 when absent): a whole number from 1 to 5."""
    value = entry.get("difficulty")
    if value is None:
        return 1
    low, high = GRADES
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        shown = repr(value) if len(repr(value)) <= 20 else repr(value)[:17] + "..."
        raise ConundrumError(f"{source}: puzzle {entry.get('number')}: `difficulty: {shown}` "
                             f"must be a whole number from {low} to {high}")
    return value


def with_sections_of(spec: BookSpec, entries: list[dict], source: object) -> BookSpec:
    """`spec` with the sections a manifest's entries name (for the back cover's list)."""
    counts: dict[str, list[int]] = {}
    for e in entries:
        counts.setdefault(str(e.get("section", "")), []).append(entry_grade(e, source))
    sections = tuple(Section(name=name, count=len(levels), difficulty=max(levels))
                     for name, levels in counts.items() if name)
    return replace(spec, sections=sections or spec.sections)
