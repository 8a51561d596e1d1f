"""extract: a built book's puzzle back as a puzzle file (the work: conundrum.book.extract)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..book.extract import extract_all, extract_file
from ..errors import ConundrumError
from .app import app


@app.command("extract", epilog="Example: conundrum extract out/book.manifest.yaml 12 "
             "-o puzzle-12.yaml")
def extract_command(
    manifest: Annotated[Path, typer.Argument(help="A book's <stem>.manifest.yaml.")],
    number: Annotated[int | None, typer.Argument(
        help="The puzzle's number in the book.")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Puzzle file to write (with --all: a folder).")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="Every puzzle, as <folder>/puzzle-001.yaml ...")] = False,
) -> None:
    """Puzzle N of a built book (from its manifest) as a puzzle file, or --all of them."""
    if output is None:
        raise ConundrumError("give -o: the puzzle file to write (with --all, a folder)")
    if every == (number is not None):
        raise ConundrumError("give a puzzle number, or --all (not both)")
    if every:
        written = extract_all(manifest, output)
        print(f"wrote {len(written)} puzzles to {output}")
    else:
        assert number is not None
        print(f"wrote {extract_file(manifest, number, output)}")
