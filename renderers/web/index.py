"""A book site's front page, `index.html`: the book's title, each section's puzzles linked
with their grades, marked finished or started from the reader's progress, in the reader's
language and palette (the site's shared files) and dark as the player is."""

from __future__ import annotations

import html
from functools import lru_cache

from jsmin import jsmin

from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from renderers.page.i18n import LANGUAGES, message
from renderers.page.palettes import PALETTES, get_palette
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import (
    SITE_CSP,
    joined_modules,
    script_hash,
    script_json,
    square_symbols,
)

INDEX_CSS = (
    "body{margin:0;background:#fafaf7;color:var(--ink);font:16px/1.5 system-ui,-apple-system,"
    "'Segoe UI',Roboto,'Noto Sans',Ubuntu,Arial,sans-serif}main{max-width:860px;margin:0 auto;"
    "padding:16px}h1{margin:0 0 4px;border-bottom:2px solid var(--ink)}.sub{color:var(--muted);"
    "margin:0 0 12px}ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}"
    "a{display:inline-block;min-width:3.2em;padding:8px 12px;border:1px solid #8a8a85;"
    "border-radius:6px;background:#fff;color:var(--ink);text-decoration:none;text-align:center}"
    "a:hover{background:#f0f0ea}a:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}"
    "a small{display:block;font-size:.75rem;color:var(--muted)}a.finished{border-color:#14522a;"
    "background:#e3f4e6}.mark{margin-left:4px;color:#14522a;font-weight:700}"
    "a.started{border-style:dashed}.kind{color:var(--muted);margin:-8px 0 4px}"
    "a .name{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}.swatch{display:block;margin:0 0 6px}"
)
# Dark as the player is: the reader's switch there (kept under THEME_KEY), else the system's
# prefers-color-scheme; the script (player/load.js) marks <html data-theme> at once
INDEX_DARK = (
    "html[data-theme=dark]{color-scheme:dark;--ink:#e8e8e3;--muted:#b0b4bb}"
    "html[data-theme=dark] body{background:#121417}"
    "html[data-theme=dark] a{background:#1b1e22;border-color:#80868f}"
    "html[data-theme=dark] a:hover{background:#2e333a}"
    "html[data-theme=dark] a:focus-visible{outline-color:#8ab8f0}"
    "html[data-theme=dark] a.finished{background:#153a22;border-color:#b8f0c6}"
    "html[data-theme=dark] .mark{color:#b8f0c6}"
)


def page_name(number: int) -> str:
    """The file name of puzzle `number`'s page in a book's web site."""
    return f"{number}.html"


# The index's script: the player's own load.js and choice.js (the address, the reader's
# settings and theme, the shared language and palette files, t()), then the index's own
# index.js, joined as a player page's modules are and minified as they are.
INDEX_MODULES = ("player/load.js", "player/choice.js", "index.js")


@lru_cache(maxsize=1)
def index_script() -> str:
    """The index page's script, as the page carries it."""
    return jsmin(joined_modules(list(INDEX_MODULES), "show"))


def index_html(spec: BookSpec, puzzles: list[BookPuzzle]) -> str:
    """The site's front page: the book's title, then each section's puzzles as links, each
    with its grade, marked when the reader has finished it; in the reader's language and
    palette when they chose others (the site's shared files)."""
    lang, pal = spec.language, get_palette(spec.palette)
    t = lambda key, **kw: html.escape(message(lang, key, **kw))  # noqa: E731
    # the palette's squares by the title: the reader sees the colours the pages will show
    # (player/choice.js puts the reader's palette's in #squares)
    uses = "".join(f'<use href="#sq-{c}" x="{i * 1.2}" width="1" height="1"/>'
                   for i, c in enumerate("RYGBP"))
    swatch = (f'<svg class="swatch" aria-hidden="true" focusable="false" viewBox="0 0 5.8 1" '
              f'width="58" height="10"><defs id="squares">{square_symbols(pal)}</defs>'
              f"{uses}</svg>")
    parts = [f"<h1>{swatch}{html.escape(spec.title)}</h1>"]
    if spec.subtitle:
        parts.append(f'<p class="sub">{html.escape(spec.subtitle)}</p>')
    parts.append(f"<p id=\"intro\">{t('web_index_intro')}</p>")
    parts.append(f'<p id="finished-count" class="count" role="status" '
                 f'data-text="{t("web_index_progress", done="{done}", total="{total}")}"></p>')
    for index, section in enumerate(spec.sections):
        items = [bp for bp in puzzles if bp.section == index]
        links = "".join(_index_link(bp, t) for bp in items)
        kind = f'<p class="kind">{t("book_kind_all")}</p>' if section.kind == "all" else ""
        parts.append(f"<section><h2>{html.escape(section.name)}</h2>{kind}<ol>{links}</ol>"
                     "</section>")
    colours = f":root{{--ink:{pal.ink};--muted:{pal.muted}}}"
    # what player/load.js reads: the book's language, and the site's shared files
    data = {"lang": lang, "shared": {"languages": list(LANGUAGES), "palettes": list(PALETTES)}}
    script = index_script()
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            f"style-src 'unsafe-inline'; script-src {script_hash(script)}{SITE_CSP}\">\n"
            f"<title>{html.escape(spec.title)}</title>\n<style>{colours}{INDEX_CSS}{INDEX_DARK}"
            "</style>\n"
            f'</head>\n<body data-finished="{t("web_finished")}" '
            f'data-started="{t("web_started")}" data-palette="{html.escape(pal.name)}">\n'
            f'<main>\n{"".join(parts)}\n</main>\n'
            f'<script type="application/json" id="conundrum-data">{script_json(data)}</script>\n'
            f"<script>{script}</script>\n</body>\n</html>\n")


def _index_link(bp: BookPuzzle, t) -> str:
    grade = bp.puzzle.extra.get("grade")
    label = t("puzzle_number", n=bp.number)
    small = data = ""
    if isinstance(grade, int) and not isinstance(grade, bool):
        label += ", " + t("book_level", n=grade)
        small = f'<small>{t("book_level", n=grade)}</small>'
        data = f' data-grade="{grade}"'
    # The link's name is its hidden words (the index adds "finished" or "started" to them);
    # what it shows (the number, the level, a mark) is hidden from the name, so the two can
    # never disagree (axe-core: label-content-name-mismatch).
    return (f'<li><a href="{page_name(bp.number)}" data-id="{puzzle_id(bp.puzzle)}" '
            f'data-number="{bp.number}"{data}>'
            f'<span class="name">{label}</span><span aria-hidden="true">{bp.number}{small}'
            "</span></a></li>")
