"""The `render` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

# The values `--help` lists. They mirror i18n.LANGUAGES, palettes.PALETTES (+ ALIASES),
# layout.PAGE_SIZES and png.MIN_DPI/MAX_DPI (tests/test_cli_options.py checks they
# agree) without importing those modules, so the CLI starts without Pillow or fpdf2.
Lang = StrEnum("Lang", ["en", "fr", "es", "uk", "cs"])
PaletteName = StrEnum("PaletteName", ["classic", "colourblind", "colorblind", "mono"])
PageName = StrEnum("PageName", {"a4": "a4", "letter": "letter", "p8_5x11": "8.5x11",
                                "p6x9": "6x9"})
Part = StrEnum("Part", ["sheet", "board"])  # render.PARTS
ColourMode = StrEnum("ColourMode", ["rgb", "cmyk", "grey", "gray"])  # palettes.COLOUR_MODES
MIN_DPI, MAX_DPI = 30, 1200


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
        "--lang", case_sensitive=False, help="Language of the sheet.")] = Lang.en,
    palette: Annotated[PaletteName, typer.Option(
        "--palette", case_sensitive=False,
        help="classic, colourblind (Okabe-Ito + symbols) or mono.")] = PaletteName.classic,
    page: Annotated[PageName, typer.Option(
        "--page", case_sensitive=False, help="a4, letter (= 8.5x11) or 6x9 (inches).")
    ] = PageName.a4,
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
        "alone, cropped: art for layout tools; .svg, .pdf or .png).")] = Part.sheet,
    colour: Annotated[ColourMode, typer.Option(
        "--colour", case_sensitive=False, help="rgb; grey (PDF in DeviceGray, PNG 8-bit "
        "greyscale, SVG in greys; text solid black); cmyk (PDF only: process inks, text "
        "solid black).")] = ColourMode.rgb,
) -> None:
    """Print a puzzle sheet as PDF, PNG or SVG, with its answer key if asked."""
    # Imported here so that other commands start without loading fpdf2 and Pillow.
    from renderers.render import render_sheet

    written = render_sheet(puzzle, output, answers=answers, lang=lang.value,
                           palette=palette.value, page=page.value, dpi=dpi, blank=blank,
                           allow_illegal=allow_illegal, web_url=web_url, part=part.value,
                           colour=colour.value)
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
