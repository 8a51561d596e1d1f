"""Book specs: the YAML of docs/formats.md ("Book spec"), read strictly through a safe loader.

Every fault names the spec file and the key, so the CLI can print it as one
line. Unknown keys are refused rather than ignored: a misspelt `per_pgae`
would otherwise silently give a different book.

Longer than 400 lines on purpose: every key of the spec (the book, its sections, its
front matter and cover) is checked here, in one place, with the same helpers.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..errors import ConundrumError
from ..files import read_text, typed_text, yaml_mapping
from ..options import (
    ANSWERS,
    COLOUR_ALIASES,
    COLOUR_MODES,
    COUNTS,
    COVER_THEMES,
    KINDS,
    LANGUAGES,
    ORDERS,
    PAGES,
    PALETTE_ALIASES,
    PALETTES,
    PAPERS,
    PER_PAGE,
    PRINTERS,
    SECTION_STARTS,
)
from ..overwrite_guard import note_input
from ..puzzle import ALL_GIVEN
from .keys import BOOK_HELP, SECTION_HELP

# The names `conundrum render` accepts (this package cannot import the renderers;
# tests/test_book_data.py checks that both sides accept the same names).


BOOK_KEYS = tuple(BOOK_HELP)  # keys.py: each key with its help
SECTION_KEYS = tuple(SECTION_HELP)
# generator options: meaningless for a section of hand-made puzzles
GENERATOR_KEYS = ("tiles", "given", "positions")
FRONT_MATTER = ("author", "publisher", "edition")  # short texts for the copyright page

MAX_COUNT = 10_000  # puzzles in one section
MAX_TOTAL = 10_000  # puzzles in one book
MAX_SECTIONS = 100
MAX_TEXT = 200  # characters in a title, subtitle, section name, author, publisher, edition
MAX_NOTICE = 1_000  # characters in the copyright notice (a short paragraph)
MAX_INTRO = 2_000  # characters in the introduction: one page, even on 5x8
MAX_URL = 500
MAX_PATH = 1_000  # characters in one puzzle file name
MAX_SEED = 2**63 - 1
MAX_TILES = 80  # the whole set
MAX_POSITIONS = 1_000
MIN_THICKNESS, MAX_THICKNESS = 0.001, 0.01  # inches a page: any paper a printer offers


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
    counts: str = "print"  # COUNTS; the book's `counts` unless the section sets it
    # hand-made puzzle files, as written in the spec (relative to the spec file's folder);
    # None: the section is generated
    puzzles: tuple[str, ...] | None = None
    kind: str = "count"  # KINDS (all: Lay them all): what the section's puzzles ask
    # score: easiest first; listed: the files in the order `puzzles:` lists them (the
    # author's own order, as the studio's "move" sets it)
    order: str = "score"

    @property
    def hand_made(self) -> bool:
        """True when the section prints puzzle files rather than generated puzzles."""
        return self.puzzles is not None


@dataclass(frozen=True)
class BookSpec:
    """A book spec as read and checked (`load_spec`): the book's keys and its sections."""

    title: str
    sections: tuple[Section, ...]
    subtitle: str | None = None
    language: str = "en"
    page: str = "a4"
    bleed: bool = False
    palette: str = "classic"
    per_page: int = 2
    seed: int = 1
    answers: str = "end"  # ANSWERS: where and how the answers are printed
    author: str | None = None
    publisher: str | None = None
    edition: str | None = None
    isbn: str | None = None  # as written (hyphens kept); its check digit is valid
    copyright: str | None = None
    colour: str = "rgb"  # COLOUR_MODES: the PDF's colour space
    counts: str = "print"  # COUNTS (each section has its own, this by default)
    web: str | None = None  # http(s) address of the book's web pages, ending in "/"
    volume: str | None = None  # "Volume 2", as printed on the title page and the cover
    cover: bool = False  # write <output>-cover.pdf, the full-wrap cover, beside the book
    paper: str = "white"  # PAPERS: what the spine's width is made of
    paper_thickness: float | None = None  # inches a page; None: the printer's for `paper`
    printer: str = "kdp"  # PRINTERS: whose spine rule and checks (`--printer` overrides)
    blurb: str | None = None  # the back cover's text (paragraphs allowed)
    intro: str | None = None  # a page of the author's, after the copyright page
    time_box: bool = False  # a box on every puzzle for the reader's solving time
    large_print: bool = False  # every type size and board cell 12/7 larger
    barcode: bool = False  # the ISBN's EAN-13 in the back cover's barcode area
    barcode_price: str | None = None  # its 5-digit price add-on ("90000": no price)
    cover_theme: str = "plain"  # the cover's design (COVER_THEMES)
    # right: each section and the answers begin on a right-hand page (a blank page before
    # where needed); None: right for a print-on-demand book (bleed), any for home printing
    section_start: str | None = None
    # "see page N" under each puzzle to its answer and back; None: on for `answers: end`
    see_page: bool | None = None
    base: str = "."  # the spec file's folder: hand-made puzzle files are relative to it

    @property
    def has_front_matter(self) -> bool:
        """True when the book has a copyright page (any of its keys is set)."""
        return any(getattr(self, k) is not None for k in (*FRONT_MATTER, "isbn", "copyright"))

    @property
    def starts_right(self) -> bool:
        """True when sections and the answers begin on right-hand pages (`section_start`)."""
        return self.bleed if self.section_start is None else self.section_start == "right"

    @property
    def sees_page(self) -> bool:
        """True when puzzles and answers print "see page N" to each other (`see_page`)."""
        return self.answers == "end" if self.see_page is None else \
            self.see_page and self.answers != "none"

    @property
    def total(self) -> int:
        """The number of puzzles in the whole book."""
        return sum(s.count for s in self.sections)


def load_spec(path: str | os.PathLike) -> BookSpec:
    """Read and check a book spec file; raises SpecError naming the file and the key. The
    spec and the puzzle files it lists become inputs no output may replace."""
    note_input(path, "spec")
    spec = parse_spec(read_text(path), str(path),
                      base=os.path.dirname(os.fspath(path)) or ".")
    for section in spec.sections:
        for name in section.puzzles or ():
            note_input(Path(spec.base, name), "puzzle file")
    return spec


def parse_spec(text: str, source: str = "<spec>", base: str = ".") -> BookSpec:
    """Build a spec from YAML text; every fault is a SpecError naming `source`.

    `base` is the folder that hand-made puzzle files are named relative to.
    """
    data = yaml_mapping(text, source, SpecError, "spec", "`title:` and `sections:`")
    try:
        return _book(data, base)
    except ConundrumError as exc:
        raise SpecError(f"{source}: {exc}") from None


# ---- the book --------------------------------------------------------------
def _book(data: dict, base: str = ".") -> BookSpec:
    _no_unknown(data, BOOK_KEYS, "")
    if "title" not in data:
        raise ConundrumError("no `title:`; a book needs a title")
    title = _text(data["title"], "title")
    counts = _choice(data, "counts", COUNTS, "print")
    sections = _sections(data.get("sections"), counts)
    return BookSpec(
        title=title,
        subtitle=_optional_text(data, "subtitle"),
        sections=sections,
        language=_choice(data, "language", LANGUAGES, "en"),
        page=_choice(data, "page", PAGES, "a4"),
        bleed=_flag(data, "bleed", False),
        palette=_choice(data, "palette", PALETTES, "classic", PALETTE_ALIASES),
        per_page=_per_page(data.get("per_page", 2)),
        seed=_int(data.get("seed", 1), "seed", 0, MAX_SEED),
        answers=_choice(data, "answers", ANSWERS, "end"),
        author=_optional_text(data, "author"),
        publisher=_optional_text(data, "publisher"),
        edition=_optional_text(data, "edition"),
        isbn=None if data.get("isbn") is None else _isbn(data["isbn"]),
        copyright=_optional_text(data, "copyright", MAX_NOTICE),
        colour=_choice(data, "colour", COLOUR_MODES, "rgb", COLOUR_ALIASES),
        counts=counts,
        web=None if data.get("web") is None else _url(data["web"], "web"),
        volume=_optional_text(data, "volume"),
        cover=_flag(data, "cover", False),
        paper=_choice(data, "paper", PAPERS, "white"),
        paper_thickness=_thickness(data.get("paper_thickness")),
        printer=_choice(data, "printer", PRINTERS, "kdp"),
        blurb=_optional_text(data, "blurb", MAX_NOTICE),
        intro=_optional_text(data, "intro", MAX_INTRO),
        time_box=_flag(data, "time_box", False),
        large_print=_flag(data, "large_print", False),
        **_cover_keys(data),
        section_start=None if data.get("section_start") is None
        else _choice(data, "section_start", SECTION_STARTS, "right"),
        see_page=None if data.get("see_page") is None else _flag(data, "see_page", True),
        base=base,
    )


def _cover_keys(data: dict) -> dict[str, Any]:
    """`barcode`, `barcode_price` and `cover_theme`: a barcode needs the ISBN it encodes,
    a price add-on needs the barcode and is five digits (EAN-5: 90000 is no price)."""
    barcode = _flag(data, "barcode", False)
    if barcode and data.get("isbn") is None:
        raise ConundrumError("`barcode: true` needs `isbn:` (the barcode is the ISBN's EAN-13)")
    price = data.get("barcode_price")
    if price is not None:
        text = str(typed_text(price)).strip() if isinstance(price, (str, int)) and \
            not isinstance(price, bool) else ""
        if len(text) != 5 or not text.isascii() or not text.isdigit():
            raise ConundrumError(f"`barcode_price` {price!r} must be 5 digits, e.g. 51299 "
                                 "(currency 5 = US dollars, then 12.99) or 90000 (no price)")
        if not barcode:
            raise ConundrumError("`barcode_price` is the barcode's add-on; set `barcode: true`")
        price = text
    return {"barcode": barcode, "barcode_price": price,
            "cover_theme": _choice(data, "cover_theme", COVER_THEMES, "plain")}


def _thickness(value: Any) -> float | None:
    """Inches a page, as the printer states it for its paper (0.001 to 0.01)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not MIN_THICKNESS <= value <= MAX_THICKNESS:
        raise ConundrumError(f"`paper_thickness` {value!r}: give inches a page between "
                             f"{MIN_THICKNESS} and {MAX_THICKNESS} (white paper is 0.002252)")
    return float(value)


def _no_unknown(data: dict, known: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in known:
            raise ConundrumError(f"{where}unknown key `{key}` (known keys: {', '.join(known)})")


def _text(value: Any, key: str, limit: int = MAX_TEXT) -> str:
    # YAML reads `title: 2048` as a number; a title is what the author typed
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ConundrumError(f"`{key}` must be text")
    text = str(typed_text(value)).strip()  # `title: 010` is "010", not 8 nor 10
    if not text:
        raise ConundrumError(f"`{key}` is empty")
    if len(text) > limit:
        raise ConundrumError(f"`{key}` is {len(text)} characters long; the limit is {limit:,}")
    return text


def _optional_text(data: dict, key: str, limit: int = MAX_TEXT) -> str | None:
    value = data.get(key)
    return None if value is None else _text(value, key, limit)


def _isbn(value: Any) -> str:
    """An ISBN-10 or ISBN-13 as written (hyphens and spaces allowed), its check digit right."""
    text = _text(value, "isbn", 40)
    digits = text.upper().replace("-", "").replace(" ", "")
    if digits.startswith("ISBN"):
        raise ConundrumError(f"isbn {text!r}: give the number without the 'ISBN' prefix")
    if not isbn_valid(digits):
        raise ConundrumError(f"isbn {text!r} is not a valid ISBN-10 or ISBN-13 "
                             "(wrong length, character or check digit)")
    return text


def isbn_valid(digits: str) -> bool:
    """True for a well-formed ISBN-10 (last may be X) or ISBN-13 with a right check digit."""
    if len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        values = [int(c) for c in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
        return sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0
    if len(digits) == 13 and digits.isdigit() and digits[:3] in ("978", "979"):
        return sum((3 if i % 2 else 1) * int(c) for i, c in enumerate(digits)) % 10 == 0
    return False


def _url(value: Any, key: str) -> str:
    """An http(s) address with a host, normalised: scheme and host in lower case, ending "/"."""
    if not isinstance(value, str):
        raise ConundrumError(f"`{key}` must be an http:// or https:// address, not {value!r}")
    text = value.strip()
    if len(text) > MAX_URL:
        raise ConundrumError(f"`{key}` is {len(text)} characters long; the limit is {MAX_URL}")
    if any(c.isspace() or ord(c) < 32 for c in text):
        raise ConundrumError(f"`{key}` {text!r} contains spaces or control characters")
    try:
        parts = urlsplit(text)
        host, port = parts.hostname, parts.port  # port raises ValueError when malformed
    except ValueError:
        raise ConundrumError(f"`{key}` {text!r} is not a valid address") from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise ConundrumError(f"`{key}` {text!r} must be an http:// or https:// address "
                             "with a host, e.g. https://example.com/puzzles/")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise ConundrumError(f"`{key}` {text!r}: give the folder's address, without "
                             "?query, #fragment or user:password@")
    netloc = host if port is None else f"{host}:{port}"
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme.lower(), netloc, path, "", ""))


def _choice(data: dict, key: str, allowed: Collection[str], default: str,
            aliases: dict[str, str] | None = None) -> str:
    value = data.get(key, default)
    text = str(typed_text(value)).strip().lower() if isinstance(value, (str, int, float)) \
        else ""
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
    # `per_page: 2.0` compares equal to 2 but is not what a whole-number key takes
    if not isinstance(value, int) or isinstance(value, bool) or value not in PER_PAGE:
        raise ConundrumError(f"per_page {value!r} must be one of "
                             f"{', '.join(str(n) for n in PER_PAGE)}")
    return int(value)


# ---- sections --------------------------------------------------------------
def _sections(items: Any, counts: str = "print") -> tuple[Section, ...]:
    if items is None:
        raise ConundrumError("no `sections:`; a book needs at least one section")
    if not isinstance(items, list) or not items:
        raise ConundrumError("`sections:` must be a non-empty list of "
                             "{name: ..., count: ...} mappings")
    if len(items) > MAX_SECTIONS:
        raise ConundrumError(f"{len(items)} sections; the limit is {MAX_SECTIONS}")
    sections = tuple(_section(item, i, counts) for i, item in enumerate(items, 1))
    total = sum(s.count for s in sections)
    if total > MAX_TOTAL:
        raise ConundrumError(f"the book has {total:,} puzzles; the limit is {MAX_TOTAL:,}")
    return sections


def _section(item: Any, index: int, counts: str = "print") -> Section:
    where = f"section {index}: "
    if not isinstance(item, dict):
        raise ConundrumError(f"{where}must be a mapping like {{name: Warm-up, count: 20}}")
    try:
        _no_unknown(item, SECTION_KEYS, "")
        if "name" not in item:
            raise ConundrumError("no `name:`")
        puzzles = _puzzle_files(item)
        if puzzles is None and "count" not in item:
            raise ConundrumError("no `count:` (or `puzzles:`, a list of puzzle files)")
        section = Section(
            name=_text(item["name"], "name"),
            count=_section_count(item, puzzles),
            difficulty=_int(item.get("difficulty", 3), "difficulty", 1, 5),
            tiles=_optional_int(item, "tiles", 2, MAX_TILES),
            given=_optional_int(item, "given", 1, MAX_TILES),
            positions=_positions(item.get("positions")),
            counts=_choice(item, "counts", COUNTS, counts),
            puzzles=puzzles,
            kind=_choice(item, "kind", KINDS, "count"),
            order=_choice(item, "order", ORDERS, "score"),
        )
        if section.order == "listed" and puzzles is None:
            raise ConundrumError("`order: listed` is for a section of puzzle files "
                                 "(`puzzles:`); a generated section prints easiest first")
    except ConundrumError as exc:
        raise ConundrumError(f"{where}{exc}") from None
    if section.kind == "all":
        _check_all(section, where)
    targets = section.positions
    if targets and section.given and len(targets) not in (1, section.given):
        raise ConundrumError(f"{where}{len(targets)} position targets for "
                             f"{section.given} given tiles (give one, or one per tile)")
    return section


def _check_all(section: Section, where: str) -> None:
    """A `kind: all` section: every given tile is laid, so it takes no position targets and
    gives 2 to 5 tiles."""
    low, high = ALL_GIVEN
    if section.positions is not None:
        raise ConundrumError(f"{where}a `kind: all` section takes no `positions:` (its answer "
                             "is one arrangement of the given tiles)")
    if section.given is not None and not low <= section.given <= high:
        raise ConundrumError(f"{where}a `kind: all` section gives {low} to {high} tiles, not "
                             f"{section.given}")


def _puzzle_files(item: dict) -> tuple[str, ...] | None:
    """`puzzles: [a.yaml, b.yaml]`: hand-made puzzles instead of generated ones."""
    if "puzzles" not in item:
        return None
    value = item["puzzles"]
    if not isinstance(value, list) or not value:
        raise ConundrumError("`puzzles:` must be a non-empty list of puzzle files")
    if len(value) > MAX_COUNT:
        raise ConundrumError(f"{len(value):,} puzzle files; the limit is {MAX_COUNT:,}")
    used = [k for k in GENERATOR_KEYS if item.get(k) is not None]
    if used:
        raise ConundrumError(f"`{used[0]}` is for generated sections; a section with "
                             "`puzzles:` prints the files as they are")
    files = []
    for name in value:
        if not isinstance(name, str) or not name.strip():
            raise ConundrumError(f"`puzzles:` entry {name!r} must be a file name")
        if len(name) > MAX_PATH or "\0" in name:
            raise ConundrumError(f"`puzzles:` entry {name[:40]!r}... is not a usable file name")
        files.append(name.strip())
    return tuple(files)


def _section_count(item: dict, puzzles: tuple[str, ...] | None) -> int:
    if puzzles is None:
        return _int(item["count"], "count", 1, MAX_COUNT)
    if item.get("count") is not None:
        count = _int(item["count"], "count", 1, MAX_COUNT)
        if count != len(puzzles):
            raise ConundrumError(f"`count` is {count} but `puzzles:` lists {len(puzzles)} "
                                 "files (leave `count` out, or make them agree)")
    return len(puzzles)


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
