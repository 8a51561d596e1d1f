"""A page's colours in a print mode, for the painters without that colour space.

The PDF painter paints straight into DeviceCMYK or DeviceGray (`pdf.py`). SVG and
PNG are RGB formats: in `grey` they get the very grey levels the PDF paints
(`palettes.grey_level`, written as equal red, green and blue, which a PNG then
stores as an 8-bit greyscale image), and every text run solid black, as in the PDF.
Neither format can hold CMYK, so `cmyk` is refused for them (`check_colour`).
"""

from __future__ import annotations

from dataclasses import replace

from conundrum.errors import ConundrumError
from conundrum.options import COLOUR_ALIASES, COLOUR_MODES
from renderers.page.layout import Item, Line, Page, Text
from renderers.page.palettes import grey_level, text_ink

RGB_ONLY = {".png": "PNG", ".svg": "SVG", ".html": "HTML"}  # formats without CMYK


def colour_mode(name: str) -> str:
    """`rgb`, `cmyk` or `grey` (also spelt `gray`); a ConundrumError names the choices."""
    key = str(name).strip().lower()
    key = COLOUR_ALIASES.get(key, key)
    if key not in COLOUR_MODES:
        raise ConundrumError(f"unknown colour {name!r}; choose one of {', '.join(COLOUR_MODES)}")
    return key


def check_colour(name: str, suffix: str) -> str:
    """The colour mode, refused where the output format cannot hold it: CMYK only in a
    PDF, and the web page (.html) is for screens, in RGB only. Raises ConundrumError."""
    mode = colour_mode(name)
    if mode == "cmyk" and suffix in RGB_ONLY:
        raise ConundrumError(f"--colour cmyk: {RGB_ONLY[suffix]} has no CMYK; write .pdf for "
                             "CMYK art, or choose --colour grey")
    if mode == "grey" and suffix == ".html":
        raise ConundrumError("--colour grey: the web page is for screens; write .pdf, .png "
                             "or .svg")
    return mode


def grey_hex(colour: str) -> str:
    """The colour's grey level (as the PDF paints it in DeviceGray) as "#rrggbb"."""
    level = f"{round(grey_level(colour) * 255):02x}"
    return "#" + level * 3


def _grey(colour: str | None) -> str | None:
    return grey_hex(colour) if colour else colour


def _grey_item(item: Item) -> Item:
    if isinstance(item, Text):
        return replace(item, colour=grey_hex(text_ink(item.colour, "grey")))
    if isinstance(item, Line):
        return replace(item, stroke=grey_hex(item.stroke))
    return replace(item, fill=_grey(item.fill), stroke=_grey(item.stroke))


def page_in(page: Page, mode: str) -> Page:
    """The page as an RGB painter paints it in `mode`: itself in rgb, its greys in grey;
    cmyk has no RGB form (a ConundrumError)."""
    if mode == "rgb":
        return page
    if mode != "grey":
        raise ConundrumError(f"colour {mode}: this format is RGB only; write a PDF")
    return Page(page.width, page.height, [_grey_item(item) for item in page.drawn().items],
                page.kind, page.trim)
