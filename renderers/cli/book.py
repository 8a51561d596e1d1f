"""The `book` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from conundrum.options import PRINTERS, choices


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
        printer: Annotated[str | None, typer.Option(
            "--printer", help=f"The printer the book is made for: {choices(PRINTERS)} (its spine "
            "rule for the cover, its checks for the warnings). Default: the spec's "
            "`printer:`, else kdp.")] = None,
    ) -> None:
        """A whole puzzle book as PDF, with <output stem>.manifest.yaml beside it."""
        from conundrum.book.make_puzzles import Hooks
        from renderers.book.progress import BookProgress  # rich's progress bar: only here
        from renderers.publish import PublishOptions, publish

        options = PublishOptions(output=output, jobs=jobs, catalogue=catalogue, resume=resume,
                                 draft=draft, web=web, export=export, printer=printer)
        progress = BookProgress()
        try:
            done = publish(spec, options, _warn, Hooks(progress=progress))
        except KeyboardInterrupt:
            progress.stop()
            _warn("the puzzles made so far are kept; run the same command with --resume "
                  "to continue")
            raise
        finally:
            progress.stop()
        result = done.book
        if done.cover is not None:
            print(f"{done.cover}: the full-wrap cover", file=sys.stderr)
        if done.site is not None:
            pages = sum(1 for p in done.site if p.suffix == ".html")  # not sw.js, the icon
            print(f"{web}: a site of {pages} pages", file=sys.stderr)
        recorded = (f"draft: nothing recorded in catalogue {result.catalogue}" if draft else
                    f"{result.recorded} new in catalogue {result.catalogue}")
        print(f"{result.pdf}: {len(result.puzzles)} puzzles; manifest {result.manifest}; "
              f"{recorded}", file=sys.stderr)
        if done.export is not None:
            print(f"{export}: board art for {len(result.puzzles)} puzzles and "
                  f"{done.export[-1].name}", file=sys.stderr)
