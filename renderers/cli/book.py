"""The `book` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer


def _warn(message: str) -> None:
    print(f"conundrum: {message}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    """Add the `book` command to the CLI."""

    @app.command(epilog="Example: conundrum book puzzles/book-sample.yaml --jobs 2 -o book.pdf")
    def book(
        spec: Annotated[Path, typer.Argument(help="Book spec (YAML).")],
        output: Annotated[Path, typer.Option("-o", "--output", help="The book's PDF.")],
        jobs: Annotated[int, typer.Option(
            "--jobs", "-j", min=1, max=64,
            help="Worker processes generating puzzles (the book is the same for any N).")] = 1,
        catalogue: Annotated[str | None, typer.Option(
            "--catalogue", envvar="CONUNDRUM_CATALOGUE", show_envvar=True,
            help="Catalogue of puzzles already printed: an SQLite file or a postgresql:// "
            "URL (default: conundrum-catalogue.sqlite beside the output).")] = None,
        resume: Annotated[bool, typer.Option(
            "--resume", help="Continue an interrupted build from its work file.")] = False,
        draft: Annotated[bool, typer.Option(
            "--draft", help="A trial build: record nothing in the catalogue, so the real "
            "build after it gives the same puzzles.")] = False,
        web: Annotated[Path | None, typer.Option(
            "--web", help="Also write the book as a static site into this folder: index.html "
            "and one page per puzzle to play and check it.")] = None,
        export: Annotated[Path | None, typer.Option(
            "--export", help="Also write every puzzle's board art (SVG; in a cmyk or grey "
            "book also PDF in that colour space) and puzzles.csv into this folder, for data "
            "merge in a layout tool.")] = None,
    ) -> None:
        """A whole puzzle book as PDF, with <output stem>.manifest.yaml beside it."""
        from conundrum.book.build import Hooks
        from conundrum.book.make import BookContent, BookOptions, check_output, make_book
        from conundrum.book.spec import load_spec
        from conundrum.files import check_folder
        from renderers.book.export import export_book
        from renderers.book.layout import DrawnBook, grid_limits, render_book
        from renderers.page.text import require_drawable_book

        book_spec = load_spec(spec)
        require_drawable_book(book_spec, str(spec))  # before any puzzle is made
        check_output(output)
        if web is not None:
            check_folder(web, "--web")
        kept: list[BookContent] = []  # the content drawn, for --export
        drawn = DrawnBook()  # the pages and solved puzzles the PDF was drawn from

        def render(content: BookContent, warn: Callable[[str], None]) -> bytes:
            kept.append(content)
            return render_book(content, warn, drawn if export is not None else None)

        if export is not None:
            check_folder(export, "--export")
        from renderers.book.progress import BookProgress  # rich's progress bar: only this command

        progress = BookProgress()
        options = BookOptions(output=output, jobs=jobs, catalogue=catalogue, resume=resume,
                              max_grids=grid_limits(book_spec),
                              source=str(spec), draft=draft)
        try:
            result = make_book(book_spec, options, render, _warn, Hooks(progress=progress))
        except KeyboardInterrupt:
            progress.stop()
            _warn("the puzzles made so far are kept; run the same command with --resume "
                  "to continue")
            raise
        finally:
            progress.stop()
        if web is not None:
            from renderers.web.site import write_site
            site = write_site(book_spec, result.puzzles, web)
            print(f"{web}: a site of {len(site)} pages", file=sys.stderr)
        elif book_spec.web:
            _warn(f"the QR codes lead to {book_spec.web}; write the pages to upload there "
                  "with --web DIR")
        recorded = (f"draft: nothing recorded in catalogue {result.catalogue}" if draft else
                    f"{result.recorded} new in catalogue {result.catalogue}")
        print(f"{result.pdf}: {len(result.puzzles)} puzzles; manifest {result.manifest}; "
              f"{recorded}", file=sys.stderr)
        if export is not None:
            written = export_book(kept[-1], export, drawn)
            print(f"{export}: board art for {len(kept[-1].puzzles)} puzzles and "
                  f"{written[-1].name}", file=sys.stderr)
