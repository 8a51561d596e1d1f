"""The `render` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def render(
    puzzle: Annotated[Path, typer.Argument(help="Puzzle file (YAML or JSON).")],
    output: Annotated[Path, typer.Option(
        "-o", "--output",
        help="sheet.pdf (vector), sheet.png (raster), sheet.svg (vector, text kept as text) "
        "or puzzle.html (a page to play).")],
    answers: Annotated[bool, typer.Option(
        "--answers", help="Add the answer key (PDF: extra pages; PNG: sheet-answers.png).")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="en, fr, es, uk or cs.")] = "en",
    palette: Annotated[str, typer.Option(
        "--palette", help="classic, colourblind (Okabe-Ito + symbols) or mono.")] = "classic",
    page: Annotated[str, typer.Option(
        "--page", help="a4, letter (= 8.5x11) or 6x9 (inches).")] = "a4",
    dpi: Annotated[int, typer.Option("--dpi", help="PNG resolution.")] = 300,
    blank: Annotated[bool, typer.Option(
        "--blank", help="Print a box to fill in instead of each tile's count.")] = False,
    allow_illegal: Annotated[bool, typer.Option(
        "--allow-illegal", help="Accept a board that cannot be reached from the start.")
    ] = False,
    part: Annotated[str, typer.Option(
        "--part", help="sheet (the whole sheet) or board (the board alone, cropped: art "
        "for layout tools).")] = "sheet",
) -> None:
    """Print a puzzle sheet as PDF, PNG or SVG, with its answer key if asked."""
    # Imported here so that other commands start without loading fpdf2 and Pillow.
    from .render import render_sheet

    written = render_sheet(puzzle, output, answers=answers, lang=lang, palette=palette,
                           page=page, dpi=dpi, blank=blank, allow_illegal=allow_illegal,
                           part=part)
    for path in written:
        print(f"wrote {path}")


def register(app: typer.Typer) -> None:
    """Add the `render` command to the CLI."""
    app.command()(render)
