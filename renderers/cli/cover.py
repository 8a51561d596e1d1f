"""The `cover` command: parse arguments, make the cover, print."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def cover(
    spec: Annotated[Path, typer.Argument(help="The book's spec (title, author, blurb, "
                                               "paper, colour ...).")],
    book: Annotated[Path, typer.Option(
        "--book", help="The built interior: its page count sets the spine, and the "
        "manifest beside it gives the front's board.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The cover PDF to write.")],
) -> None:
    """Make a book's full-wrap cover (back, spine, front, bleed) as one PDF page."""
    from renderers.book.cover import write_cover

    written = write_cover(spec, book, output)
    print(f"wrote {written}")


def register(app: typer.Typer) -> None:
    """Add the `cover` command to the CLI."""
    app.command(epilog="Example: conundrum cover spec.yaml --book book.pdf -o "
                "book-cover.pdf")(cover)
