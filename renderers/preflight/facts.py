"""The facts preflight reads off a PDF (pdf_facts.py and objects.py fill them). Sizes in
inches."""

from __future__ import annotations

from dataclasses import dataclass, field

PT = 72.0  # points an inch


@dataclass(frozen=True)
class Box:
    """A rectangle in inches from the page's lower left corner."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """The width in inches."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """The height in inches."""
        return self.y1 - self.y0


@dataclass
class PageFacts:
    """One page: its media, trim and bleed boxes, and the extent of its ink."""

    number: int
    media: Box
    trim: Box
    bleed: Box
    has_trim: bool = True  # the file sets a TrimBox (else the trim is the media box)
    # the ink's distance in inches from each trim edge inward (negative: past the trim),
    # and whether ink reaches the media's edge on that side (full-bleed art)
    ink_in: dict[str, float] = field(default_factory=dict)
    art_off_edge: dict[str, bool] = field(default_factory=dict)
    annotations: list[str] = field(default_factory=list)  # their subtypes


@dataclass
class PdfFacts:
    """Everything the printer's rules are checked against."""

    path: str
    pages: list[PageFacts]
    unembedded_fonts: list[str]
    colour_operators: set[str]  # "rgb", "cmyk", "grey"
    thinnest_line_pt: float | None
    smallest_text: tuple[float, int] | None = None  # points as printed, and its page
    lowest_image_dpi: tuple[float, int] | None = None  # at its placed size, and its page
    encrypted: bool = False
    bookmarks: int = 0
    form_fields: int = 0
    javascript: list[str] = field(default_factory=list)  # where scripts are found
    recorded: dict[str, str] = field(default_factory=dict)  # our book's own record
    bleed_by_size: str | None = None  # the trim named when the size alone showed bleed

    @property
    def smallest_text_pt(self) -> float | None:
        """The smallest type size as printed, in points (None: no text)."""
        return None if self.smallest_text is None else self.smallest_text[0]
