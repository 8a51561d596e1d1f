"""A whole book, all or nothing: puzzles, their order, the PDF, the manifest, the catalogue.

The PDF is drawn by a renderer passed in (the renderers package provides it),
so this package never imports the renderers. Each puzzle is claimed in the
catalogue as it is accepted (catalogue.py). Nothing is written until every
puzzle is made and the PDF is drawn in memory; then the PDF and the manifest
are written atomically (and the book's other outputs), and only then does the
catalogue record the book in one transaction (waiting out, and retrying after,
another process's lock): the catalogue never lists a book that is not there
whole. A failure before recording leaves the book's claims in place and its
work file for `--resume` (a recording refused removes the PDF and manifest; a
build killed between writing and recording leaves them, and `--resume` records
the same book); an interrupted build's work file keeps what was made (a book
that cannot be made at all leaves none, and releases its claims).
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from ..errors import ConundrumError
from ..files import atomic_write_many, check_target, refuse_inputs, remove_stale_temps
from ..generate.difficulty import score
from ..overwrite_guard import output_lock
from ..puzzle import Puzzle
from .catalogue import Catalogue, CatalogueError, Entry, is_url, locate
from .catalogues import open_catalogue
from .example import example_puzzle
from .handmade import hand_made_puzzles
from .make_puzzles import BookError, Hooks, Made, make_puzzles
from .manifest import BookPuzzle, ManifestSoon, manifest_path, with_pages
from .seeds import book_id
from .spec import BookSpec
from .variety import apart
from .work import WorkFile, remove_work_file, work_path

Warn = Callable[[str], None]


@dataclass(frozen=True)
class BookContent:
    """Everything a book's pages show, made here; a renderer only lays it out and paints it."""

    spec: BookSpec
    puzzles: list[BookPuzzle]  # in book order
    example: Puzzle  # the how-to-play page's worked example
    jobs: int = 1  # worker processes the renderer may use (the bytes never depend on it)


Renderer = Callable[[BookContent, Warn], bytes]
# The book's other outputs (cover, site, export), written once the PDF and manifest are in
# place and before the book is recorded: the puzzles in book order and the PDF's path.
Finisher = Callable[[list[BookPuzzle], Path], None]


def book_content(spec: BookSpec, puzzles: list[BookPuzzle], jobs: int = 1) -> BookContent:
    """The book's content: its puzzles and the worked example generated from the book's seed."""
    return BookContent(spec, puzzles, example_puzzle(spec.seed), jobs)


@dataclass(frozen=True)
class BookOptions:
    """How to build a book: where to write it, on how many processes, with which catalogue."""

    output: Path
    jobs: int = 1
    catalogue: str | Path | None = None  # a path or postgresql:// URL; None: catalogue.locate
    resume: bool = False
    source: str = "book"  # the spec's name, for messages
    # a trial build: avoids the catalogue's puzzles as usual but records (and claims)
    # nothing, so the real build that follows gives the same puzzles
    draft: bool = False
    # per section, the largest grid (columns, rows) the book's pages print with legible
    # cells (the renderer works it out: `renderers.book.layout.grid_limits`); None: any board
    max_grids: tuple[tuple[int, int] | None, ...] | None = None


@dataclass
class BookResult:
    """What a build made: the puzzles, the PDF and manifest written, and the catalogue used."""

    puzzles: list[BookPuzzle]
    pdf: Path
    manifest: Path
    catalogue: str  # where it is (a URL without its password)
    recorded: int  # puzzles new to the catalogue


def check_output(output: str | os.PathLike) -> Path:
    """The output path, checked before any work: it must end in .pdf, and it and its manifest
    must be writable (folder exists, not an input). Raises ConundrumError otherwise."""
    path = Path(output)
    if path.suffix.lower() != ".pdf":
        raise ConundrumError(f"{path}: a book is written as PDF; name the output *.pdf")
    check_target(path, "book")
    check_target(manifest_path(path), "manifest")  # checked now: written beside the PDF
    return path


def order_book(spec: BookSpec, made: list[Made]) -> list[BookPuzzle]:
    """Sections in spec order; within each, easiest first by the measured score.

    Each section's puzzles share its difficulty level, and the score (the
    generator's grading formula) orders them within it, so difficulty rises
    through each section and, when the spec's levels rise, through the book.
    Ties keep slot order; numbers run through the whole book. A section that had to
    give a tile twice keeps those puzzles apart (variety.apart), which may move one
    a place or two from its rank. A section of files with `order: listed` keeps the
    order its files are listed in: the author's.
    """
    def listed(index: int) -> bool:
        return spec.sections[index].order == "listed"

    ranked = sorted(((m.section, stored_score(m.puzzle), m.slot, m) for m in made),
                    key=lambda r: (r[0], 0.0 if listed(r[0]) else r[1], r[2]))
    ordered = []
    for index in range(len(spec.sections)):
        rows = [r for r in ranked if r[0] == index]
        ordered += rows if listed(index) else apart(
            rows, lambda r: [g.code for g in r[3].puzzle.given])
    return [BookPuzzle(number, section, m, value)
            for number, (section, value, _slot, m) in enumerate(ordered, 1)]


def stored_score(puzzle: Puzzle) -> float:
    """The score the generator stored in the puzzle (`extra["score"]`, the same formula on
    the same board, kept exactly by the work-file record), or the score measured again."""
    value = puzzle.extra.get("score")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return score(puzzle)


def _refuse_overwriting_inputs(spec: BookSpec, options: BookOptions, output: Path,
                               cat_path: str | Path, wpath: Path) -> None:
    """No output of the build (book, manifest, catalogue, work file) may be one of its
    inputs (the spec, a hand-made puzzle file) or another of its outputs; and
    temporary files of earlier, killed builds are removed."""
    inputs: list[tuple[str, object]] = [
        ("puzzle file", Path(spec.base, name))
        for section in spec.sections for name in (section.puzzles or ())]
    if os.path.isfile(options.source):
        inputs.insert(0, ("spec", options.source))
    manifest = manifest_path(output)
    catalogue = None if is_url(cat_path) else cat_path  # a database server's address
    refuse_inputs([("book", output), ("manifest", manifest), ("work file", wpath),
                   ("catalogue", catalogue)], inputs)
    for target in (output, manifest):
        remove_stale_temps(target)


def make_book(spec: BookSpec, options: BookOptions, render: Renderer, warn: Warn,
              hooks: Hooks | None = None, finish: Finisher | None = None) -> BookResult:
    """Make the book: its puzzles (claimed in the catalogue, kept in the work file for
    --resume), the PDF `render` draws and the manifest, written together; then `finish`
    writes the book's other outputs; only then is the book recorded as published. One build
    per output at a time (a second one is refused). Raises ConundrumError for a bad output
    or input (or an output `finish` cannot write: then the PDF and manifest are removed
    again), BookError when a slot cannot be filled, CatalogueError when the catalogue
    cannot be reached."""
    output = check_output(options.output)
    with output_lock(output, "book build"):
        return _make_book(spec, options, render, warn, hooks, output, finish)


def _make_book(spec: BookSpec, options: BookOptions, render: Renderer, warn: Warn,
               hooks: Hooks | None, output: Path, finish: Finisher | None) -> BookResult:
    files = hand_made_puzzles(spec)  # read and checked before anything is opened or written
    this_book = book_id(spec)
    wpath = work_path(output)
    location = locate(options.catalogue, output)
    _refuse_overwriting_inputs(spec, options, output, location, wpath)
    if options.resume and not wpath.exists():
        warn(f"nothing to resume at {wpath}; starting from the first puzzle")
    with open_catalogue(location) as catalogue:
        catalogue.open()
        work = WorkFile(wpath, fresh=not options.resume)
        # A draft claims nothing; it avoids what other books printed or hold, as a real
        # build would, so the real build after it gives the same book. Neither prints a
        # board another book holds, with any given tiles (claims are of puzzles).
        exclude = (catalogue.keys_except(this_book) if options.draft else frozenset()) \
            | catalogue.boards_except(this_book)
        claim = None if options.draft else partial(catalogue.claim, this_book, spec.title)
        hooks = replace(hooks or Hooks(), note=(hooks and hooks.note) or warn)
        try:
            made = make_puzzles(spec, work, exclude, jobs=options.jobs, hooks=hooks,
                                source=options.source, claim=claim, files=files,
                                max_grids=options.max_grids)
        except BookError:
            work.discard()  # the book cannot be made: there is nothing to resume
            if not options.draft:
                catalogue.release(this_book)  # nor any reason to hold puzzles for it
            raise
        finally:
            work.close()
        puzzles = order_book(spec, made)
        with ManifestSoon(spec, puzzles, background=options.jobs > 1) as soon:
            pdf = render(book_content(spec, puzzles, options.jobs), warn)
            manifest_text = with_pages(soon.text(), _page_count(pdf))
        manifest = manifest_path(output)
        entries = [Entry(bp.made.key, bp.made.form, bp.number) for bp in puzzles]
        # Written first, recorded after: the catalogue never lists a book as published
        # whose PDF and manifest are not there. Until recorded, its puzzles are claimed
        # by it (no other book takes them); if recording fails, the files go again.
        atomic_write_many([(output, pdf), (manifest, manifest_text)])
        if finish is not None:
            _finish(finish, puzzles, (output, manifest))
        recorded = 0 if options.draft else _record(catalogue, this_book, spec, entries,
                                                   (output, manifest))
    remove_work_file(wpath)  # the book is finished: nothing left to resume
    return BookResult(puzzles, output, manifest, catalogue.name, recorded)


def _record(catalogue: Catalogue, book: str, spec: BookSpec, entries: list[Entry],
            written: tuple[Path, Path]) -> int:
    try:
        return catalogue.record(book, spec.title, entries)
    except CatalogueError as exc:
        for path in written:
            path.unlink(missing_ok=True)
        raise CatalogueError(f"{exc}; {written[0]} was not written (a book exists only once "
                             "recorded); its puzzles are kept: run the same command "
                             "with --resume") from None


def _finish(finish: Finisher, puzzles: list[BookPuzzle], written: tuple[Path, Path]) -> None:
    """The book's other outputs, or none of the book: a build that cannot write its site
    (a full disk, Ctrl-C) removes its PDF and manifest and records nothing, so the
    catalogue never lists a book that was not delivered whole; --resume makes it again
    from the work file."""
    try:
        finish(puzzles, written[0])
    except BaseException as exc:
        for path in written:
            path.unlink(missing_ok=True)
        if isinstance(exc, ConundrumError):
            raise ConundrumError(f"{exc}; so {written[0]} and its manifest were removed and "
                                 "the book not recorded; its puzzles are kept: run the same "
                                 "command with --resume") from None
        raise


def _page_count(pdf: bytes) -> int:
    """The pages of the PDF just drawn: the /Count of its page tree's root (pypdf reads the
    one object; listing the pages took 0.2-0.4 s of a 1,600-puzzle book, serial)."""
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject, NumberObject

    tree = PdfReader(io.BytesIO(pdf)).root_object["/Pages"].get_object()
    assert isinstance(tree, DictionaryObject)  # the PDF's page tree: its root is a dictionary
    count = tree["/Count"]
    assert isinstance(count, NumberObject)
    return int(count)
