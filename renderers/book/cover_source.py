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
import logging
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.manifest import manifest_path
from conundrum.book.spec import BookSpec, Section, load_spec, parse_spec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write, check_target, read_text, yaml_mapping
from conundrum.guard import note_input
from renderers.book.cover import INCH, MAX_PAGES, cover_pdf

MAX_BOOK_BYTES = 2 * 1024**3  # an interior PDF larger than this is not one we made
GRADES = (1, 5)


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
    return atomic_write(target, cover_pdf(words, pages, puzzles))


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


@contextmanager
def _quiet() -> Iterator[None]:
    """pypdf's warnings on a damaged file kept off the terminal (they may carry the
    file's own bytes, escape sequences included): the fault is reported as one line."""
    logger = logging.getLogger("pypdf")
    was = logger.disabled
    logger.disabled = True
    try:
        yield
    finally:
        logger.disabled = was


def _reader(book: str | os.PathLike, what: str) -> Any:
    """pypdf's reader of `book`, refusing what is not a regular file of a sane size (a
    FIFO would block, /dev/zero never end). Raises ConundrumError."""
    from pypdf import PdfReader

    try:
        st = os.stat(book)
    except (OSError, ValueError) as exc:
        raise ConundrumError(f"{book}: the {what} cannot be read "
                             f"({getattr(exc, 'strerror', None) or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ConundrumError(f"{book}: the {what} is not a regular file")
    if st.st_size > MAX_BOOK_BYTES:
        raise ConundrumError(f"{book}: the {what} is {st.st_size:,} bytes; the limit is "
                             f"{MAX_BOOK_BYTES:,}")
    try:
        return PdfReader(os.fspath(book))
    except Exception as exc:  # noqa: BLE001 - pypdf raises many kinds on a damaged file
        raise ConundrumError(f"{book}: not a book PDF that can be read "
                             f"({_short(exc)})") from None


def book_pages(book: str | os.PathLike) -> int:
    """The interior's page count, from 1 to MAX_PAGES; its page tree's own count is read
    first, so a PDF of 100,000 pages is refused without walking them."""
    with _quiet():
        return _count(book)


def _count(book: str | os.PathLike) -> int:
    reader = _reader(book, "book")
    try:
        claimed = reader.trailer["/Root"]["/Pages"].get("/Count")
        if isinstance(claimed, int) and claimed > MAX_PAGES:
            raise ConundrumError(f"{book}: {claimed:,} pages; a printer binds at most "
                                 f"{MAX_PAGES:,} (KDP: 828)")
        pages = len(reader.pages)
    except ConundrumError:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged page tree fails in many ways
        raise ConundrumError(f"{book}: not a book PDF that can be read ({_short(exc)})"
                             ) from None
    if not 1 <= pages <= MAX_PAGES:
        raise ConundrumError(f"{book}: {pages:,} pages; a cover is made for an interior of 1 "
                             f"to {MAX_PAGES:,} pages")
    return pages


def _short(exc: BaseException) -> str:
    """An exception's text on one line, at most 120 characters."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def _trim_of(manifest: Path, pdf: Path) -> str:
    """The page size name of the book beside `manifest`, read from its first page's
    trim box."""
    from renderers.page.layout import PAGE_SIZES

    try:
        with _quiet():
            box = _reader(pdf, f"book beside {manifest.name}").pages[0].trimbox
            w, h = float(box.width) * INCH / 72, float(box.height) * INCH / 72
    except ConundrumError:
        raise
    except Exception as exc:  # noqa: BLE001 - a damaged page tree fails in many ways
        raise ConundrumError(f"{manifest}: the book beside it ({pdf.name}) cannot be read "
                             f"for its size ({_short(exc)}); give --spec") from None
    for name, (pw, ph) in PAGE_SIZES.items():
        if abs(pw - w) < 0.5 and abs(ph - h) < 0.5:
            return name
    raise ConundrumError(f"{pdf}: a page of {w:.1f} x {h:.1f} mm is none of the sizes "
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
