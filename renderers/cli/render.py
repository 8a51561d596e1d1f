"""The `render` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from conundrum.options import (
    COLOUR_ALIASES,
    COLOUR_MODES,
    LANGUAGES,
    PAGES,
    PALETTE_ALIASES,
    PALETTES,
    SHEET_PARTS,
    enum_key,
    with_aliases,
)

# The values `--help` lists, from conundrum/options.py (plain data: the CLI starts without
# Pillow or fpdf2); the help text names none of them itself, so it never drifts.
# png.MIN_DPI/MAX_DPI are mirrored (tests/test_cli_options.py checks).
Lang = StrEnum("Lang", tuple(LANGUAGES))  # type: ignore[misc]
PaletteName = StrEnum("PaletteName", with_aliases(PALETTES, PALETTE_ALIASES))  # type: ignore[misc]
PageName = StrEnum("PageName", {enum_key(p): p for p in PAGES})  # type: ignore[misc]
Part = StrEnum("Part", SHEET_PARTS)  # type: ignore[misc]
ColourMode = StrEnum("ColourMode", with_aliases(COLOUR_MODES, COLOUR_ALIASES))  # type: ignore[misc]
MIN_DPI, MAX_DPI = 30, 1200
DEFAULT_LANG, DEFAULT_PALETTE, DEFAULT_PAGE = Lang("en"), PaletteName("classic"), PageName("a4")
DEFAULT_PART, DEFAULT_COLOUR = Part("sheet"), ColourMode("rgb")


def render(
    puzzle: Annotated[Path, typer.Argument(help="Puzzle file (YAML or JSON).")],
    output: Annotated[Path, typer.Option(
        "-o", "--output",
        help="sheet.pdf (vector), sheet.png (raster), sheet.svg (vector, text kept as text) "
        "or puzzle.html (a page to play).")],
    answers: Annotated[bool, typer.Option(
        "--answers", help="Add the answer key (PDF: extra pages; PNG: sheet-answers.png).")
    ] = False,
    lang: Annotated[Lang, typer.Option(
        "--lang", case_sensitive=False, help="Language of the sheet.")] = DEFAULT_LANG,
    palette: Annotated[PaletteName, typer.Option(
        "--palette", case_sensitive=False,
        help="The tiles' colours.")] = DEFAULT_PALETTE,
    page: Annotated[PageName, typer.Option(
        "--page", case_sensitive=False, help="The paper; a trim is named by its size "
        "in inches (letter is 8.5x11).")
    ] = DEFAULT_PAGE,
    dpi: Annotated[int, typer.Option(
        "--dpi", min=MIN_DPI, max=MAX_DPI, help="PNG resolution.")] = 300,
    blank: Annotated[bool, typer.Option(
        "--blank", help="Print a box to fill in instead of each tile's count.")] = False,
    allow_illegal: Annotated[bool, typer.Option(
        "--allow-illegal", help="Accept a board that cannot be reached from the start.")
    ] = False,
    web_url: Annotated[str | None, typer.Option(
        "--web-url", help="The puzzle's web page: print a QR code and its short address.")
    ] = None,
    part: Annotated[Part, typer.Option(
        "--part", case_sensitive=False, help="sheet (the whole sheet) or board (the board "
        "alone, cropped: art for layout tools; .svg, .pdf or .png).")] = DEFAULT_PART,
    colour: Annotated[ColourMode, typer.Option(
        "--colour", case_sensitive=False, help="rgb; grey (PDF in DeviceGray, PNG 8-bit "
        "greyscale, SVG in greys; text solid black); cmyk (PDF only: process inks, text "
        "solid black).")] = DEFAULT_COLOUR,
    title: Annotated[str | None, typer.Option(
        "--title", help="Print this title instead of the puzzle's own.")] = None,
    footer: Annotated[bool, typer.Option(
        "--footer/--no-footer", help="The footer line: the puzzle's id and the command that "
        "makes it again.")] = True,
) -> None:
    """Print a puzzle sheet as PDF, PNG or SVG, with its answer key if asked."""
    # Imported here so that other commands start without loading fpdf2 and Pillow.
    from renderers.render import render_sheet

    written = render_sheet(puzzle, output, answers=answers, lang=lang.value,
                           palette=palette.value, page=page.value, dpi=dpi, blank=blank,
                           allow_illegal=allow_illegal, web_url=web_url, part=part.value,
                           colour=colour.value, title=title, footer=footer,
                           warn=lambda note: print(f"conundrum: {note}", file=sys.stderr))
    for path in written:
        print(f"wrote {path}")
    from renderers.page.palettes import shade_only
    from renderers.paint.colour_modes import colour_mode

    shades = shade_only(colour_mode(colour.value), palette.value)  # (gray is grey)
    if shades:
        print(f"conundrum: {shades}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    """Add the `render` command to the CLI."""
    app.command(epilog="Example: conundrum render p.yaml --answers --lang fr -o sheet.pdf"
                )(render)
