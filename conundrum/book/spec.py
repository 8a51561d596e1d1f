"""Book specs: the YAML of SPEC.md ("Book spec"), read strictly through a safe loader.

Every fault names the spec file and the key, so the CLI can print it as one
line. Unknown keys are refused rather than ignored: a misspelt `per_pgae`
would otherwise silently give a different book.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..errors import ConundrumError
from ..files import read_text, yaml_mapping

# The names `conundrum render` accepts (this package cannot import the renderers;
# tests/test_book_data.py checks that both sides accept the same names).
LANGUAGES = ("en", "fr", "es", "uk", "cs")
PAGES = ("a4", "letter", "6x9", "8.5x11")
PALETTES = ("classic", "colourblind", "mono")
PALETTE_ALIASES = {"colorblind": "colourblind"}  # another spelling -> the palette's name
PER_PAGE = (1, 2, 4, 6)
ANSWERS = ("end", "none")

BOOK_KEYS = ("title", "subtitle", "language", "page", "bleed", "palette", "per_page",
             "seed", "answers", "sections")
SECTION_KEYS = ("name", "count", "difficulty", "tiles", "given", "positions")

MAX_COUNT = 10_000  # puzzles in one section
MAX_TOTAL = 10_000  # puzzles in one book
MAX_SECTIONS = 100
MAX_TEXT = 200  # characters in a title, subtitle or section name
MAX_SEED = 2**63 - 1
MAX_TILES = 80  # the whole set
MAX_POSITIONS = 1_000


class SpecError(ConundrumError):
    """A book spec that cannot be built as written."""


@dataclass(frozen=True)
class Section:
    """One section of the book; None fields are left to the difficulty grade."""

    name: str
    count: int
    difficulty: int = 3
    tiles: int | None = None
    given: int | None = None
    positions: tuple[int, ...] | None = None


@dataclass(frozen=True)
class BookSpec:
    title: str
    sections: tuple[Section, ...]
    subtitle: str | None = None
    language: str = "en"
    page: str = "a4"
    bleed: bool = False
    palette: str = "classic"
    per_page: int = 2
    seed: int = 1
    answers: str = "end"

    @property
    def total(self) -> int:
        return sum(s.count for s in self.sections)


def load_spec(path: str | os.PathLike) -> BookSpec:
    """Read and check a book spec file."""
    return parse_spec(read_text(path), str(path))


def parse_spec(text: str, source: str = "<spec>") -> BookSpec:
    """Build a spec from YAML text; every fault is a SpecError naming `source`."""
    data = yaml_mapping(text, source, SpecError, "spec", "`title:` and `sections:`")
    try:
        return _book(data)
    except ConundrumError as exc:
        raise SpecError(f"{source}: {exc}") from None


# ---- the book --------------------------------------------------------------
def _book(data: dict) -> BookSpec:
    _no_unknown(data, BOOK_KEYS, "")
    if "title" not in data:
        raise ConundrumError("no `title:`; a book needs a title")
    title = _text(data["title"], "title")
    subtitle = None if data.get("subtitle") is None else _text(data["subtitle"], "subtitle")
    sections = _sections(data.get("sections"))
    return BookSpec(
        title=title,
        subtitle=subtitle,
        sections=sections,
        language=_choice(data, "language", LANGUAGES, "en"),
        page=_choice(data, "page", PAGES, "a4"),
        bleed=_flag(data, "bleed", False),
        palette=_choice(data, "palette", PALETTES, "classic", PALETTE_ALIASES),
        per_page=_per_page(data.get("per_page", 2)),
        seed=_int(data.get("seed", 1), "seed", 0, MAX_SEED),
        answers=_choice(data, "answers", ANSWERS, "end"),
    )


def _no_unknown(data: dict, known: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in known:
            raise ConundrumError(f"{where}unknown key `{key}` (known keys: {', '.join(known)})")


def _text(value: Any, key: str) -> str:
    # YAML reads `title: 2048` as a number; a title is what the author typed
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ConundrumError(f"`{key}` must be text")
    text = str(value).strip()
    if not text:
        raise ConundrumError(f"`{key}` is empty")
    if len(text) > MAX_TEXT:
        raise ConundrumError(f"`{key}` is {len(text)} characters long; the limit is {MAX_TEXT}")
    return text


def _choice(data: dict, key: str, allowed: tuple[str, ...], default: str,
            aliases: dict[str, str] | None = None) -> str:
    value = data.get(key, default)
    text = str(value).strip().lower() if isinstance(value, (str, int, float)) else None
    text = (aliases or {}).get(text, text)
    if isinstance(value, bool) or text not in allowed:
        raise ConundrumError(f"unknown {key} {value!r} (choose one of: {', '.join(allowed)})")
    return text


def _flag(data: dict, key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise ConundrumError(f"`{key}` must be true or false, not {value!r}")
    return value


def _int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConundrumError(f"`{key}` must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ConundrumError(f"`{key}` is {value}; it must be between {low} and {high:,}")
    return value


def _per_page(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in PER_PAGE:
        raise ConundrumError(f"per_page {value!r} must be one of "
                             f"{', '.join(str(n) for n in PER_PAGE)}")
    return int(value)


# ---- sections --------------------------------------------------------------
def _sections(items: Any) -> tuple[Section, ...]:
    if items is None:
        raise ConundrumError("no `sections:`; a book needs at least one section")
    if not isinstance(items, list) or not items:
        raise ConundrumError("`sections:` must be a non-empty list of "
                             "{name: ..., count: ...} mappings")
    if len(items) > MAX_SECTIONS:
        raise ConundrumError(f"{len(items)} sections; the limit is {MAX_SECTIONS}")
    sections = tuple(_section(item, i) for i, item in enumerate(items, 1))
    total = sum(s.count for s in sections)
    if total > MAX_TOTAL:
        raise ConundrumError(f"the book has {total:,} puzzles; the limit is {MAX_TOTAL:,}")
    return sections


def _section(item: Any, index: int) -> Section:
    where = f"section {index}: "
    if not isinstance(item, dict):
        raise ConundrumError(f"{where}must be a mapping like {{name: Warm-up, count: 20}}")
    try:
        _no_unknown(item, SECTION_KEYS, "")
        for key in ("name", "count"):
            if key not in item:
                raise ConundrumError(f"no `{key}:`")
        section = Section(
            name=_text(item["name"], "name"),
            count=_int(item["count"], "count", 1, MAX_COUNT),
            difficulty=_int(item.get("difficulty", 3), "difficulty", 1, 5),
            tiles=_optional_int(item, "tiles", 2, MAX_TILES),
            given=_optional_int(item, "given", 1, MAX_TILES),
            positions=_positions(item.get("positions")),
        )
    except ConundrumError as exc:
        raise ConundrumError(f"{where}{exc}") from None
    targets = section.positions
    if targets and section.given and len(targets) not in (1, section.given):
        raise ConundrumError(f"{where}{len(targets)} position targets for "
                             f"{section.given} given tiles (give one, or one per tile)")
    return section


def _optional_int(item: dict, key: str, low: int, high: int) -> int | None:
    value = item.get(key)
    return None if value is None else _int(value, key, low, high)


def _positions(value: Any) -> tuple[int, ...] | None:
    """`positions: 4`, `positions: [3, 5]` or `positions: "3,5"` as on the command line."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = [int(v) for v in value.split(",")]
        except ValueError:
            raise ConundrumError(f"positions {value!r} must be numbers such as 4 or 3,5") from None
    items = value if isinstance(value, list) else [value]
    if not items or len(items) > MAX_TILES:
        raise ConundrumError("positions must be one number or a list of numbers")
    return tuple(_int(v, "positions", 0, MAX_POSITIONS) for v in items)
