"""The names users choose between, in one place: the book spec, the CLI and the renderers
all read these lists (tests/test_cli_options.py checks that each renderer's registry
offers exactly these, so a palette or page size added in one place and not the other
fails a test instead of a user).

Plain data, no imports: the CLI builds its `--help` choices from it without loading
Pillow or fpdf2.
"""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "fr", "es", "uk", "cs")
# page sizes by name (their sizes: renderers/page/layout.py PAGE_SIZES)
PAGES: tuple[str, ...] = ("a4", "letter", "6x9", "8.5x11", "5x8", "5.5x8.5", "7x10", "8x10",
                          "8.25x11", "8.5x8.5", "a5")
PALETTES: tuple[str, ...] = ("classic", "colourblind", "mono")
PALETTE_ALIASES: dict[str, str] = {"colorblind": "colourblind"}  # another spelling -> name
COLOUR_MODES: tuple[str, ...] = ("rgb", "cmyk", "grey")
COLOUR_ALIASES: dict[str, str] = {"gray": "grey", "greyscale": "grey", "grayscale": "grey"}
PER_PAGE: tuple[int, ...] = (1, 2, 4, 6)  # puzzles a book page holds
ANSWERS: tuple[str, ...] = ("end", "list", "end-drawn", "none")  # where a book prints its answers
COUNTS: tuple[str, ...] = ("print", "blank")  # a book section prints its counts, or not
SHEET_PARTS: tuple[str, ...] = ("sheet", "board")  # what `render --part` draws


def enum_key(name: str) -> str:
    """A name as a Python identifier, for an enum member: "8.5x11" -> "p8_5x11".

    >>> enum_key("6x9"), enum_key("a4")
    ('p6x9', 'a4')
    """
    key = name.replace(".", "_")
    return key if key.isidentifier() else "p" + key


def with_aliases(names: tuple[str, ...], aliases: dict[str, str]) -> list[str]:
    """The names a user may type: each name, then each other spelling.

    >>> with_aliases(COLOUR_MODES, COLOUR_ALIASES)
    ['rgb', 'cmyk', 'grey', 'gray', 'greyscale', 'grayscale']
    """
    return [*names, *aliases]

# paper a printed book's pages are on: the cover's spine is pages x its thickness
# (renderers/page/printers/<printer>.yaml holds the figures)
PAPERS: tuple[str, ...] = ("white", "cream", "colour")
