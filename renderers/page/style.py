"""How a puzzle or an answer key is drawn: type sizes, language, palette, which parts show."""

from __future__ import annotations

from dataclasses import dataclass, replace

from renderers.page.i18n import check_language, message
from renderers.page.palettes import Palette, get_palette

MIN_CELL = 4.0    # mm: the smallest board cell we call legible
MAX_CELL = 10.0   # mm: larger cells only waste paper
NOTATION_EXAMPLE = "RYG C4 h"


# ---- style -------------------------------------------------------------------
@dataclass(frozen=True)
class Sizes:
    """Type sizes (points) and drawing sizes (mm) of one density of sheet."""

    title: float
    number: float
    body: float
    heading: float
    code: float
    count: float
    footer: float
    caption: float
    given_tile: float  # mm per square of a given tile
    thumb_cell: tuple[float, float]  # mm per cell of an answer thumbnail: least, most


# the footer (an id for the publisher) may be 7 pt, KDP's least; what a reader reads, 8 and up
FULL = Sizes(18, 12, 9.5, 11, 11, 10, 7, 8, 7.5, (1.5, 4.0))
COMPACT = Sizes(13, 10, 8, 9.5, 9.5, 8.5, 7, 8, 5.5, (1.1, 2.5))


@dataclass(frozen=True)
class Style:
    """How a puzzle or key is drawn. The book builder turns parts off (header, footer...)."""

    lang: str = "en"
    palette: str | Palette = "classic"
    blank: bool = False          # a box to fill in instead of each count
    header: bool = True          # title and puzzle number
    instructions: bool = True    # how to play in one paragraph, and the colour legend
    footer: bool = True          # the puzzle's reproducible id
    write_space: bool = True     # ruled lines for the reader's answers, when room is left
    number: int | str | None = None  # the puzzle number; default: puzzle.extra["number"]
    compact: bool = False        # smaller type and thumbnails, for several per page
    max_cell: float = MAX_CELL
    web_url: str | None = None   # the puzzle's web page: a QR code and its short address
    qr_room: bool = False        # keep a QR code's room beside the answers even without one
    answer_room: int | None = None  # answers to rule lines for (None: the puzzle's own)
    answer_room_kept: bool = True  # the board leaves room for them; False: lines only in
                                   # the room the board and given tiles leave
    grade: int | None = None     # printed at the header's right ("Grade 3"), in books
    time_box: bool = False       # a box beside the grade for the reader's solving time
    givens: str | None = None    # "beside" or "below" the board where legible; None: larger
    see: str | None = None       # after the grade: where the answer is ("see p. 61"), in books
    qr_shrink: float = 1.0       # a QR code this many times smaller (a large-print page is
                                 # enlarged after: its modules keep their printed size)

    @property
    def pal(self) -> Palette:
        """The palette, by name or as given; ConundrumError for an unknown name."""
        return get_palette(self.palette)

    @property
    def sizes(self) -> Sizes:
        """The type and tile sizes: compact ones for several puzzles a page, else full."""
        return COMPACT if self.compact else FULL

    def checked(self) -> Style:
        """The same style with its language and palette verified (ConundrumError if unknown)."""
        return replace(self, lang=check_language(self.lang), palette=get_palette(self.palette))

    def t(self, key: str, **kw: object) -> str:
        """The text of message `key` in the style's language, formatted with `kw`; KeyError
        for a key the catalogue lacks."""
        return message(self.lang, key, **kw)


