"""Colour schemes for sheets, each a file in palette/ (classic, colourblind: Okabe-Ito with
symbols, mono, ...).

A palette says how each tile colour is filled, whether every square also
carries a shape (so colour is never the only cue), how the chameleon joker
is quartered, and the inks of the grid, labels and text. Contrast follows
WCAG 2: `contrast()` is the ratio of relative luminances, which tests check
for every symbol on its fill (>= 3, graphics) and every text colour on
paper (>= 4.5).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from conundrum.errors import ConundrumError
from conundrum.options import PALETTE_ALIASES
from conundrum.options import PALETTES as PALETTE_FILES
from conundrum.tiles import COLOURS

# One shape per colour, chosen to stay distinct when tiny or photocopied.
SYMBOLS: dict[str, str] = {"R": "circle", "Y": "triangle", "G": "plus", "B": "diamond",
                           "P": "star"}
BLACK = "#000000"
WHITE = "#ffffff"


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=256)
def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue (0-255) of "#rrggbb": the one parser of hex colours."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def luminance(colour: str) -> float:
    """WCAG relative luminance of "#rrggbb"."""
    r, g, b = rgb(colour)
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=1024)  # a book's answer boards fade the same few colours 100,000 times
def mix(colour: str, other: str, t: float) -> str:
    """`colour` moved a fraction `t` of the way to `other` (used to fade tiles in keys)."""
    a, b = rgb(colour), rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Palette:
    """The colours a sheet is drawn in: a fill per tile colour, the chameleon's wedges, the ink,
    paper, grid and text colours, and whether squares carry symbols."""

    name: str
    fills: dict[str, str]               # tile colour letter -> fill
    symbols: bool                       # a shape in every square
    about: str = ""                     # what it is for, in a few words (the docs' table)
    joker: tuple[str, ...] = ()         # chameleon wedges clockwise; () = every colour twice
    joker_start: float = -90.0          # degrees; the first wedge starts straight up
    ink: str = BLACK                    # tile outlines, text: solid black ink
    paper: str = WHITE
    grid_fill: str = "#f5f5f0"
    grid_line: str = "#d2d2c8"
    label: str = "#4d4d4d"              # grid labels, captions
    muted: str = "#5c5c5c"              # footer, secondary text
    accent: str = BLACK                 # headings' rule lines
    highlight: str = BLACK              # the answer tile's outline in a key
    # Process inks (C, M, Y, K in %) of each tile colour, for `colour: cmyk` books.
    process: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)

    @property
    def joker_wedges(self) -> tuple[str, ...]:
        """The pinwheel's colours: all five tile colours, twice round, unless set."""
        return self.joker or tuple(self.fills[c] for c in COLOURS) * 2

    def fill(self, colour: str) -> str:
        """The fill of a tile colour letter (R, Y, G, B, P); KeyError for any other."""
        return self.fills[colour]

    def symbol_ink(self, colour: str) -> str:
        """Black or white, whichever stands out more on this colour's fill."""
        fill = self.fills[colour]
        return BLACK if contrast(fill, BLACK) >= contrast(fill, WHITE) else WHITE


# ---- inks for print -----------------------------------------------------------------


def grey_level(colour: str) -> float:
    """0 (black) to 1 (paper): the Rec. 601 lightness, as a greyscale press reads it."""
    r, g, b = rgb(colour)
    return round((0.299 * r + 0.587 * g + 0.114 * b) / 255, 4)


def process_ink(colour: str, palette: Palette) -> tuple[float, float, float, float]:
    """C, M, Y, K (0-1) for a colour in a `cmyk` book.

    A tile colour takes the palette's documented process inks; a neutral grey
    (black text, outlines, grid, mono fills) is black ink alone, never a
    four-ink mix; any other colour (faded tiles in answer keys) is the plain
    RGB-to-CMYK conversion.
    """
    for letter, fill in palette.fills.items():
        if fill == colour and letter in palette.process:
            c, m, y, k = palette.process[letter]
            return (c / 100, m / 100, y / 100, k / 100)
    r, g, b = (v / 255 for v in rgb(colour))
    if r == g == b:
        return (0.0, 0.0, 0.0, round(1 - r, 4))
    k = 1 - max(r, g, b)
    c, m, y = (round((1 - v - k) / (1 - k), 4) for v in (r, g, b))
    return (c, m, y, round(k, 4))


def text_ink(colour: str, mode: str) -> str:
    """The colour a text run is painted in: as laid out in an rgb book; solid black in a
    print mode (cmyk, grey), whatever grey the layout chose. A press screens a tint of
    black into dots, and small text printed in dots comes out ragged; the hierarchy of
    secondary text (running heads, page numbers, notes) is kept by size and weight."""
    return colour if mode == "rgb" else BLACK


def device_colour(colour: str, mode: str, palette: Palette) -> tuple[float, ...]:
    """The colour's components (0-1) in the book's colour space: 3 for rgb, 4 for cmyk,
    1 for grey."""
    if mode == "cmyk":
        return process_ink(colour, palette)
    if mode == "grey":
        return (grey_level(colour),)
    return tuple(v / 255 for v in rgb(colour))


def shade_only(colour: str, palette: str | Palette) -> str | None:
    """The warning for grey printing with a palette whose tiles differ by hue alone (their
    greys are told apart by shade only), else None; books and sheets say it alike."""
    pal = get_palette(palette)
    if colour != "grey" or pal.symbols:
        return None
    return (f"colour grey with palette {pal.name}: the tile colours print as greys told "
            "apart by shade only; palette mono (or colourblind) adds a symbol to every "
            "square")


class _Palettes(Mapping[str, Palette]):
    """Every palette by name, read from its file (renderers/page/palette/<name>.yaml) when
    first asked for: the registry is `conundrum.options.PALETTES`, so a palette registered
    there (by a file, or by a test for a while) is found here too."""

    def __getitem__(self, name: str) -> Palette:
        if name not in PALETTE_FILES:
            raise KeyError(name)
        return _load(name, PALETTE_FILES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(PALETTE_FILES)

    def __len__(self) -> int:
        return len(PALETTE_FILES)


@lru_cache(maxsize=64)
def _load(name: str, path: Path) -> Palette:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    fields = {f.name for f in dataclasses.fields(Palette)} - {"name"}
    if not isinstance(data, dict) or not set(data) <= fields or "fills" not in data:
        raise ConundrumError(f"{path}: a palette is a mapping with `fills` and any of "
                             f"{', '.join(sorted(fields - {'fills'}))}")
    if set(data["fills"]) != set(COLOURS):
        raise ConundrumError(f"{path}: `fills` must give every tile colour {' '.join(COLOURS)}")
    data["process"] = {k: tuple(v) for k, v in (data.get("process") or {}).items()}
    data["joker"] = tuple(data.get("joker") or ())
    return Palette(name=name, **data)


PALETTES: Mapping[str, Palette] = _Palettes()
ALIASES = PALETTE_ALIASES


def get_palette(name: str | Palette) -> Palette:
    """A palette by name (or the palette itself); a ConundrumError for an unknown name."""
    if isinstance(name, Palette):
        return name
    key = str(name).strip().lower()
    key = ALIASES.get(key, key)
    if key not in PALETTES:
        raise ConundrumError(f"unknown palette {name!r}; choose one of {', '.join(PALETTES)}")
    return PALETTES[key]
