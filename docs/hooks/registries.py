"""The docs' lists of the names users choose between (languages, palettes, page sizes, cover
designs...), and the JSON Schema's enums of them, written from the registries
(conundrum/options.py) when the site is built.

An MkDocs hook (mkdocs.yml, `hooks:`):

- in every page, `<!-- names:KIND -->` becomes the names of a registry (KIND one of
  REGISTRIES' keys: `languages`, `palettes`, `pages`, `cover-themes`...), each in
  backticks, comma-separated;
  `<!-- table:palettes -->` and `<!-- table:process-inks -->` become tables of every
  palette (its fills and symbols; its process inks for `colour: cmyk`);
- before the build, the enums of docs/schema/book-spec.schema.json named in ENUMS
  (`language`, `page`, `palette`, `cover_theme`, `answers`...) are rewritten from the
  registries when they differ (tests/test_schema.py fails while they do, naming
  `make docs`).

So adding a language, palette, page size or cover design touches no page of the docs.

    python docs/hooks/registries.py     # rewrite the schema's enums, print the tables
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

SCHEMA = Path(__file__).resolve().parents[1] / "schema" / "book-spec.schema.json"
MARK = re.compile(r"<!-- (names|table):([a-z-]+) -->")


def _registries() -> dict[str, list[Any]]:
    # imported here, not at the top: MkDocs loads this hook before the project is on its path
    from conundrum import options

    return {
        "languages": list(options.LANGUAGES),
        # each name, then its other spellings
        "palettes": [spelling for name in options.PALETTES for spelling in
                     (name, *(a for a, n in options.PALETTE_ALIASES.items() if n == name))],
        "pages": list(options.PAGE_SIZES),
        "colours": options.with_aliases(options.COLOUR_MODES, options.COLOUR_ALIASES),
        "per-page": list(options.PER_PAGE),
        "answers": list(options.ANSWERS),
        "counts": list(options.COUNTS),
        "papers": list(options.PAPERS),
        "printers": list(options.PRINTERS),
        "cover-themes": list(options.COVER_THEMES),
        "section-starts": list(options.SECTION_STARTS),
        "orders": list(options.ORDERS),
        "kinds": list(options.KINDS),
    }


def names(kind: str) -> list[Any]:
    """The names users choose between, of one registry: `languages`, `palettes` (their
    other spellings after them), `pages`, `cover-themes`... (see `_registries`)."""
    registries = _registries()
    if kind not in registries:
        raise ValueError(f"no registry {kind!r}")
    return registries[kind]


# Each enum of book-spec.schema.json written from a registry: its key (an object whose
# `"enum"` is on one line), the registry, and whether null is allowed too.
ENUMS: tuple[tuple[str, str, bool], ...] = (
    ("language", "languages", False), ("page", "pages", False),
    ("palette", "palettes", False), ("colour", "colours", False),
    ("per_page", "per-page", False), ("answers", "answers", False),
    ("paper", "papers", False), ("cover_theme", "cover-themes", False),
    ("section_start", "section-starts", True), ("kind", "kinds", False),
    ("order", "orders", False), ("printer", "printers", False),
)


def _inks(ink: tuple[float, ...]) -> str:
    return "/".join(f"{v:g}" for v in ink)


def table(kind: str) -> str:
    """A Markdown table of every palette: `palettes` (fills, symbols) or `process-inks`."""
    from conundrum.tiles import COLOURS
    from renderers.page.palettes import PALETTES, SYMBOLS, process_ink

    head = " | ".join(COLOURS)
    if kind == "palettes":
        rows = [f"| `{p.name}` | {p.about} | "
                + " | ".join(f"`{p.fills[c].upper()}`" for c in COLOURS)
                + f" | {'yes: ' + ', '.join(SYMBOLS[c] for c in COLOURS) if p.symbols else 'no'} |"
                for p in PALETTES.values()]
        return (f"| Palette | Look | {head} | A shape in every square |\n"
                f"|---|---|{'---|' * len(COLOURS)}---|\n" + "\n".join(rows) + "\n")
    if kind == "process-inks":
        rows = []
        for p in PALETTES.values():
            cells = []
            for c in COLOURS:
                ink = tuple(round(v * 100) for v in process_ink(p.fills[c], p))
                # a grey is black ink alone (process_ink): its K is all there is to say
                cells.append(f"K {ink[3]}" if c not in p.process and not any(ink[:3])
                             else _inks(ink))
            rows.append(f"| {p.name} | " + " | ".join(cells) + " |")
        return (f"| Palette (C/M/Y/K %) | {head} |\n|---|{'---|' * len(COLOURS)}\n"
                + "\n".join(rows) + "\n")
    raise ValueError(f"no table {kind!r}")


def fill(markdown_text: str) -> str:
    """The page with every marker replaced."""
    def one(match: re.Match[str]) -> str:
        what, kind = match.groups()
        if what == "names":
            return ", ".join(f"`{n}`" for n in names(kind))
        return table(kind)
    return MARK.sub(one, markdown_text)


def schema_text(text: str) -> str:
    """book-spec.schema.json's text with the enums the registries give (ENUMS)."""
    for key, kind, null in ENUMS:
        pattern = re.compile(rf'("{key}": \{{[^{{}}\n]*?"enum": )\[[^\]]*\]')
        if not pattern.search(text):
            raise ValueError(f"{SCHEMA}: no one-line `{key}` enum to write")
        enum = names(kind) + ([None] if null else [])
        text = pattern.sub(lambda m, e=enum: m.group(1) + json.dumps(e), text)
    return text


def write_schema(path: Path = SCHEMA) -> bool:
    """Rewrite the schema's enums from the registries; whether anything changed."""
    old = path.read_text(encoding="utf-8")
    new = schema_text(old)
    if new != old:
        path.write_text(new, encoding="utf-8")
    return new != old


def on_pre_build(**_: Any) -> None:
    """MkDocs hook: the schema's enums, before its file is copied into the site."""
    write_schema()


def on_page_markdown(markdown_text: str, **_: Any) -> str:
    """MkDocs hook: the lists and tables of every page."""
    return fill(markdown_text)


if __name__ == "__main__":
    print("schema rewritten" if write_schema() else "schema up to date")
    print(table("palettes"))
    print(table("process-inks"))
