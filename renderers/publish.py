"""A book from its spec to everything the author uploads: the PDF and its manifest (and
the catalogue's record), and on request the site (`--web`) and the export for layout
tools (`--export`). The `book` command calls `publish` and prints what it returns.

Every check that can fail runs before any puzzle is made: the spec, that its text can
be drawn, the output and the folders.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from conundrum.book.make_book import BookContent, BookOptions, BookResult, check_output, make_book
from conundrum.book.make_puzzles import Hooks
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec, load_spec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write, check_folder, check_target
from renderers.book.cover import cover_name, cover_pdf
from renderers.book.export import export_book
from renderers.book.layout import DrawnBook, grid_limits, render_book
from renderers.outputs import check_book_outputs
from renderers.page.printers import printer_rules
from renderers.page.text import require_drawable_book
from renderers.web.site import write_site

Warn = Callable[[str], None]


@dataclass(frozen=True)
class PublishOptions:
    """What the `book` command was asked for besides the spec (see its --help)."""

    output: Path
    jobs: int = 1
    catalogue: str | None = None
    resume: bool = False
    draft: bool = False
    web: Path | None = None  # write the site into this folder
    export: Path | None = None  # write board art and puzzles.csv into this folder
    # whose rules the cover's spine keeps and the book is checked by; None: the spec's
    printer: str | None = None


@dataclass(frozen=True)
class Published:
    """What `publish` wrote: the book (PDF, manifest, catalogue record), the site's pages,
    the export's files and the cover (None where not asked for)."""

    spec: BookSpec
    book: BookResult
    site: list[Path] | None
    export: list[Path] | None
    cover: Path | None = None


def publish(spec_path: str | os.PathLike, options: PublishOptions, warn: Warn,
            hooks: Hooks | None = None) -> Published:
    """Make the book `spec_path` describes with `options`; `warn` hears every note for
    stderr, `hooks` follow the progress. Raises ConundrumError (a bad spec, output or
    folder) before any work, or when the build cannot finish."""
    spec = load_spec(spec_path)
    if options.printer is not None:  # `--printer` wins over the spec's `printer:`
        spec = replace(spec, printer=options.printer)
    printer_rules(spec.printer)  # an unknown --printer: refused before any work
    require_drawable_book(spec, str(spec_path))  # before any puzzle is made
    check_output(options.output)
    if spec.cover:  # written beside the book: checked before any work
        check_target(cover_name(options.output), "cover")
    for folder, option in ((options.web, "--web"), (options.export, "--export")):
        if folder is not None:
            check_folder(folder, option)
    check_book_outputs(spec, spec_path, options.output, options.catalogue, options.web,
                       options.export)
    kept: list[BookContent] = []  # the content drawn, for --export
    drawn = DrawnBook()  # the pages and solved puzzles the PDF was drawn from

    def render(content: BookContent, warn: Warn) -> bytes:
        kept.append(content)
        data = render_book(content, warn, drawn if options.export is not None else None)
        if not (spec.bleed or spec.cover):
            return data
        # a print-on-demand book records its paper, ink, colour, trim and printer for
        # `preflight`
        from renderers.preflight.record import print_record, with_print_record
        return with_print_record(data, print_record(spec.paper, spec.colour, spec.page,
                                                    spec.printer))

    book_options = BookOptions(output=options.output, jobs=options.jobs,
                               catalogue=options.catalogue, resume=options.resume,
                               max_grids=grid_limits(spec), source=str(spec_path),
                               draft=options.draft)
    extra = _Extras()

    def finish(puzzles: list[BookPuzzle], pdf: Path) -> None:
        # before the book is recorded: a book is published only with all its outputs
        extra.write(spec, options, puzzles, pdf, lambda: (kept[-1], drawn))

    result = make_book(spec, book_options, render, warn, hooks or Hooks(), finish)
    if spec.bleed:  # a print-on-demand book: the printer's checks, as `preflight` makes them
        _warn_preflight(result.pdf, spec.colour, warn, spec.paper, spec.printer,
                        options.jobs)
    if options.web is None and spec.web:
        # true whether or not the QR codes had room (a note says when they were left out)
        warn(f"web: {spec.web}: write the book's pages to upload there with --web DIR")
    return Published(spec, result, extra.site, extra.exported, extra.cover)


class _Extras:
    """The cover, site and export of one build, written together (`write`)."""

    def __init__(self) -> None:
        self.cover: Path | None = None
        self.site: list[Path] | None = None
        self.exported: list[Path] | None = None

    def write(self, spec: BookSpec, options: PublishOptions, puzzles: list[BookPuzzle],
              pdf: Path, drawn: Callable[[], tuple[BookContent, DrawnBook]]) -> None:
        """Write each asked-for output; when one fails, remove the cover written (it is
        this unrecorded book's) and say which folder was written before the fault."""
        try:
            if spec.cover:
                self.cover = _write_cover(spec, pdf, puzzles)
            if options.export is not None:
                content, pages = drawn()
                self.exported = export_book(content, options.export, pages)
            if options.web is not None:
                self.site = write_site(spec, puzzles, options.web)
        except BaseException as exc:
            if self.cover is not None:
                self.cover.unlink(missing_ok=True)
            if isinstance(exc, ConundrumError) and self.exported is not None:
                raise ConundrumError(f"{exc} (the export in {options.export} was written)"
                                     ) from None
            raise


def _warn_preflight(pdf: Path, colour: str, warn: Warn, paper: str = "white",
                    printer: str = "kdp", jobs: int = 1) -> None:
    """Warn, one line a rule, where the book breaks a rule of `printer`'s checks that
    needs no rasterising (page count for its paper and ink, trim size, bleed, fonts,
    colour, line and type sizes, images, what the file may not hold; the margins are kept
    by the layout itself); `conundrum preflight` runs all. The pages are read by up to
    `jobs` workers (the same warnings for any `jobs`)."""
    from renderers.preflight import interior_checks
    from renderers.preflight.pdf_facts import read_pdf
    from renderers.preflight.record import ink_for

    rules = printer_rules(printer)
    for check in interior_checks(read_pdf(pdf, ink=False, jobs=jobs), rules, colour,
                                 ink_for(paper, colour), with_ink=False, paper=paper):
        if not check.ok:
            warn(f"{pdf}: {rules['name']}: {check.rule}: {check.measured}; the printer "
                 f"asks {check.required}")


def _write_cover(spec: BookSpec, pdf: Path, puzzles: list[BookPuzzle]) -> Path:
    """`<book>-cover.pdf` beside the book, for its page count and from its puzzles, its
    spine by the spec's printer's rule (`--printer` is in the spec by now: `publish`)."""
    from pypdf import PdfReader

    pages = len(PdfReader(pdf).pages)
    data = cover_pdf(spec, pages, [bp.puzzle for bp in puzzles])
    return atomic_write(cover_name(pdf), data)
