"""Tiles: colours, codes, the 75 standard tiles and the chameleon set."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .errors import TileCodeError

COLOURS = "RYGBP"
JOKER = "*"
# Index of each square colour in the solver's tables; the joker comes last.
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS + JOKER)}

DEFAULT_CHAMELEONS: tuple[str, ...] = ("B*Y", "P*Y", "B*G", "P*R", "R*G")


def matches(a: str, b: str) -> bool:
    """Two touching squares match when equal or when either is a joker.

    >>> matches("R", "R"), matches("R", "*"), matches("R", "Y")
    (True, True, False)
    """
    return a == b or a == JOKER or b == JOKER


def normalise_code(code: object) -> str:
    """Upper-case a tile code and check its shape: three colours, `*` only in the centre.

    Raises TileCodeError naming the code otherwise.

    >>> normalise_code(" ryg ")
    'RYG'
    >>> normalise_code("RXG")
    Traceback (most recent call last):
    ...
    conundrum.errors.TileCodeError: tile 'RXG': 'X' is not a colour (R, Y, G, B, P)
    """
    if not isinstance(code, str):
        raise TileCodeError(f"tile code {code!r} is not text")
    text = code.strip().upper()
    if len(text) != 3:
        raise TileCodeError(f"tile {code!r} has {len(text)} squares; a tile has 3")
    for i, ch in enumerate(text):
        if ch == JOKER and i == 1:
            continue
        if ch == JOKER:
            raise TileCodeError(f"tile {code!r}: `*` may only be a chameleon's centre")
        if ch not in COLOURS:
            raise TileCodeError(f"tile {code!r}: {ch!r} is not a colour (R, Y, G, B, P)")
    return text


def canonical(code: str) -> str:
    """The tile's name up to turning it end for end: the smaller of the two readings.

    >>> canonical("RYG"), canonical("GYR")
    ('GYR', 'GYR')
    """
    rev = code[::-1]
    return code if code <= rev else rev


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile of the set, named by its canonical code."""

    code: str

    @classmethod
    def parse(cls, code: object) -> Tile:
        """The tile a code names, in either reading and any case; TileCodeError for a bad code.

        >>> Tile.parse("ryg")
        Tile(code='GYR')
        >>> Tile.parse("B*Y").is_chameleon, Tile.parse("B*Y").value
        (True, 3)
        """
        return cls(canonical(normalise_code(code)))

    @property
    def is_chameleon(self) -> bool:
        """True for a chameleon (a `*` centre)."""
        return self.code[1] == JOKER

    @property
    def value(self) -> int:
        """Number of distinct colours; a chameleon is worth 3."""
        return 3 if self.is_chameleon else len(set(self.code))

    @property
    def is_palindrome(self) -> bool:
        """True when both readings are the same, as `RYR`: it has one position per run, not two."""
        return self.code == self.code[::-1]

    def __str__(self) -> str:
        return self.code


def tile_value(code: str) -> int:
    """The value of the tile `code` names, either reading (see `Tile.value`).

    >>> tile_value("RRR"), tile_value("RYR"), tile_value("RYG"), tile_value("B*Y")
    (1, 2, 3, 3)
    """
    return Tile(canonical(code)).value


STANDARD_TILES: tuple[str, ...] = tuple(
    sorted({canonical("".join(t)) for t in product(COLOURS, repeat=3)})
)


def chameleon_set(chameleons: tuple[str, ...] | list[str] | None = None) -> tuple[str, ...]:
    """The chameleon codes, canonical and checked; the default set when None.

    Raises TileCodeError for a code that is not a chameleon, or one named twice.

    >>> chameleon_set()
    ('B*Y', 'P*Y', 'B*G', 'P*R', 'G*R')
    >>> chameleon_set(["y*r"])
    ('R*Y',)
    """
    codes = DEFAULT_CHAMELEONS if chameleons is None else chameleons
    if isinstance(codes, str) or not isinstance(codes, (list, tuple)):
        raise TileCodeError("the chameleon set must be a list of codes such as B*Y")
    out = []
    for code in codes:
        norm = normalise_code(code)
        if norm[1] != JOKER:
            raise TileCodeError(f"chameleon {code!r} has no `*` centre")
        out.append(canonical(norm))
    if len(set(out)) != len(out):
        raise TileCodeError("the chameleon set names a tile twice")
    return tuple(out)


def tile_set(chameleons: tuple[str, ...] | list[str] | None = None) -> tuple[str, ...]:
    """Every tile of the game: the 75 standard tiles, then the chameleons.

    >>> tiles = tile_set()
    >>> len(tiles), tiles[0], tiles[-1]
    (80, 'BBB', 'G*R')
    """
    return STANDARD_TILES + chameleon_set(chameleons)


assert len(STANDARD_TILES) == 75
