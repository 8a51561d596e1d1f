"""The names users choose between, in one place: the book spec, the CLI, the renderers,
the JSON Schemas and the docs all read these registries (the schemas and the docs' lists
are written from them when the site is built: docs/hooks/registries.py).

A language is its message files and a palette its file, found here by listing the
renderers' data folders; a page size is one entry of PAGE_SIZES; every other name a user
types (a cover design, where answers go, a paper...) is one entry of a tuple below, and
the help a user reads lists it from there (`choices()`). Plain data and a
folder listing, nothing imported: the CLI builds its `--help` choices from it without
loading Pillow or fpdf2.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

# Where the renderers keep their data files. Read as files, never imported: the core does
# not import the renderers (pyproject.toml's contracts), yet a book spec names a language
# or a palette and must be refused at once when there is no such thing.
_PAGE_DATA = Path(__file__).resolve().parent.parent / "renderers" / "page"
_INCH = 25.4


# The order the first languages were shipped in, kept so that `--help`, the docs and every
# web page (which carries the other languages in this order) stay byte for byte as they
# were; a language added later needs no entry here: it comes after these, by code.
_SHIPPED = ("en", "fr", "es", "uk", "cs")


def _languages(folder: Path) -> dict[str, Path]:
    # A language is its catalogue `<code>.yaml` (with its parts `<code>.<part>.yaml`).
    codes = [p.stem for p in folder.glob("*.yaml") if "." not in p.stem]
    first = {code: n for n, code in enumerate(_SHIPPED)}
    return {code: folder for code in sorted(codes, key=lambda c: (first.get(c, len(first)), c))}


# The languages, each code -> the folder of its catalogues (renderers/page/messages/);
# a test may register another for a while (tests/test_extending.py).
LANGUAGES: dict[str, Path] = _languages(_PAGE_DATA / "messages")
# The palettes, each name -> its file (renderers/page/palette/<name>.yaml).
PALETTES: dict[str, Path] = {p.stem: p for p in sorted((_PAGE_DATA / "palette").glob("*.yaml"))}
# printers whose published rules `preflight --printer` checks: one data file each
PRINTERS: tuple[str, ...] = tuple(p.stem for p in sorted((_PAGE_DATA / "printers").glob("*.yaml")))
# the printing a printer's page-count limits are for (`preflight --ink`)
INKS: tuple[str, ...] = ("black", "premium-colour", "standard-colour")
# The page sizes by name: (width, height) in millimetres. One entry makes a page size:
# margins, the boards a book page holds and the cover follow from the size.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (8.5 * _INCH, 11 * _INCH),
    "6x9": (6 * _INCH, 9 * _INCH),
    "8.5x11": (8.5 * _INCH, 11 * _INCH),
    # the other common print-on-demand trims (KDP and IngramSpark both print them)
    "5x8": (5 * _INCH, 8 * _INCH),
    "5.5x8.5": (5.5 * _INCH, 8.5 * _INCH),
    "7x10": (7 * _INCH, 10 * _INCH),
    "8x10": (8 * _INCH, 10 * _INCH),
    "8.25x11": (8.25 * _INCH, 11 * _INCH),
    "8.5x8.5": (8.5 * _INCH, 8.5 * _INCH),
    "a5": (148.0, 210.0),
}
PAGES = PAGE_SIZES  # the page sizes' names: the keys of the one registry
PALETTE_ALIASES: dict[str, str] = {"colorblind": "colourblind"}  # another spelling -> name
COLOUR_MODES: tuple[str, ...] = ("rgb", "cmyk", "grey")
COLOUR_ALIASES: dict[str, str] = {"gray": "grey", "greyscale": "grey", "grayscale": "grey"}
PER_PAGE: tuple[int, ...] = (1, 2, 4, 6)  # puzzles a book page holds
ANSWERS: tuple[str, ...] = ("end", "list", "end-drawn", "none")  # where a book prints its answers
COUNTS: tuple[str, ...] = ("print", "blank")  # a book section prints its counts, or not
SHEET_PARTS: tuple[str, ...] = ("sheet", "board")  # what `render --part` draws
# paper a printed book's pages are on: the cover's spine is pages x its thickness
# (renderers/page/printers/<printer>.yaml holds the figures)
PAPERS: tuple[str, ...] = ("white", "cream", "colour")
# the cover's designs (renderers/book/cover_themes.py draws each; it checks it draws these)
COVER_THEMES: tuple[str, ...] = ("plain", "band", "night")
SECTION_STARTS: tuple[str, ...] = ("right", "any")  # the page a book's section begins on
# a section's order: easiest first, or as its puzzle files are listed (the studio's "move")
ORDERS: tuple[str, ...] = ("score", "listed")
# what a puzzle asks: every position of each given tile, or to lay them all (one arrangement)
KINDS: tuple[str, ...] = ("count", "all")
# the kinds of given tile a generator may be asked for (`generate --kinds`, a book's mix)
GIVEN_KINDS: tuple[str, ...] = ("plain", "palindrome", "chameleon")


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


def choices(names: Iterable[object]) -> str:
    """A registry's names as help text reads them: "a, b or c".

    >>> choices(COVER_THEMES), choices(PER_PAGE)
    ('plain, band or night', '1, 2, 4 or 6')
    """
    listed = [str(name) for name in names]
    return ", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else "".join(listed)
