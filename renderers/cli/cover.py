"""The `cover` command: parse arguments, make the cover, print."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from conundrum.options import PRINTERS, choices


def cover(
    source: Annotated[Path, typer.Argument(
        help="The book's spec (with --book), or its manifest (with --spec for the "
        "cover's words).")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The cover PDF to write.")],
    book: Annotated[Path | None, typer.Option(
        "--book", help="With a spec: the built interior, whose page count sets the spine "
        "and whose manifest gives the front's board.")] = None,
    spec: Annotated[Path | None, typer.Option(
        "--spec", help="With a manifest: the spec, for the author, blurb, paper and colour "
        "(without it: the manifest's title on white paper).")] = None,
    printer: Annotated[str | None, typer.Option(
        "--printer", help=f"Whose spine rule the cover keeps: {choices(PRINTERS)} (kdp: words "
        "from 80 pages; ingram: on a spine of 0.35 in or more). Default: the spec's "
        "`printer:`, else kdp.")] = None,
) -> None:
    """Make a book's full-wrap cover (back, spine, front, bleed) as one PDF page."""
    from renderers.book.cover_source import write_cover

    written = write_cover(source, output, book=book, spec=spec, printer=printer)
    print(f"wrote {written}")


def register(app: typer.Typer) -> None:
    """Add the `cover` command to the CLI."""
    app.command(epilog="Example: conundrum cover book.manifest.yaml --spec spec.yaml -o "
                "book-cover.pdf")(cover)
