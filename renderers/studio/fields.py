"""The book designer's form: every spec key as a field, with the help text and the choices
of the one place each is defined (`conundrum.book.keys`, `conundrum.options`)."""

from __future__ import annotations

from dataclasses import dataclass

from conundrum.book.keys import BOOK_HELP, SECTION_HELP
from conundrum.options import (
    ANSWERS,
    COLOUR_MODES,
    COUNTS,
    COVER_THEMES,
    LANGUAGES,
    ORDERS,
    PAGES,
    PALETTES,
    PAPERS,
    PER_PAGE,
    PRINTERS,
)
from conundrum.puzzle import KINDS

CHOICES: dict[str, tuple[str, ...]] = {
    # the registries are mappings (name -> entry) or tuples: the form lists their names
    "language": tuple(LANGUAGES), "page": tuple(PAGES), "palette": tuple(PALETTES),
    "colour": tuple(COLOUR_MODES), "per_page": tuple(str(n) for n in PER_PAGE),
    "answers": tuple(ANSWERS), "counts": tuple(COUNTS), "paper": tuple(PAPERS),
    "kind": tuple(KINDS), "difficulty": ("1", "2", "3", "4", "5"),
    "cover_theme": COVER_THEMES, "order": ORDERS, "printer": PRINTERS,
}
FLAGS = ("bleed", "cover", "time_box", "large_print", "barcode")
NUMBERS = ("seed", "per_page", "count", "difficulty", "tiles", "given", "paper_thickness")
LONG = ("blurb", "intro", "copyright")
# Keys the form leaves to book.yaml itself: a list of files (set by "keep" and the editor).
NOT_IN_FORM = ("sections", "puzzles")


@dataclass(frozen=True)
class Field:
    """One form field: its key, help, and how it is typed."""

    key: str
    help: str
    widget: str  # text | textarea | select | checkbox
    choices: tuple[str, ...] = ()
    number: bool = False


def _field(key: str, help_text: str) -> Field:
    if key in FLAGS:
        return Field(key, help_text, "checkbox")
    if key in CHOICES:
        return Field(key, help_text, "select", ("",) + CHOICES[key], key in NUMBERS)
    return Field(key, help_text, "textarea" if key in LONG else "text", (), key in NUMBERS)


def form_fields() -> dict[str, list[Field]]:
    """The book's fields and a section's fields, in the spec's order."""
    return {"book": [_field(k, h) for k, h in BOOK_HELP.items() if k not in NOT_IN_FORM],
            "section": [_field(k, h) for k, h in SECTION_HELP.items()
                        if k not in NOT_IN_FORM]}
