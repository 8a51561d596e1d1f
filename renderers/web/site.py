"""A book as a static site: `index.html` (title, sections, every puzzle linked) and one
self-contained player page per puzzle, `<number>.html`, each puzzle numbered as in the book.

Nothing else is needed to host it (any static host) or to open it from disk.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write_many, check_folder
from conundrum.guard import remove_output
from conundrum.notation import Grid
from renderers.page.i18n import message
from renderers.page.palettes import get_palette
from renderers.web.page import page_html, player_html

INDEX = "index.html"
PLAYER = "play.html"  # plays any puzzle its address carries after # (share links)
INDEX_CSS = (
    "body{margin:0;background:#fafaf7;color:var(--ink);font:16px/1.5 system-ui,-apple-system,"
    "'Segoe UI',Roboto,'Noto Sans',Ubuntu,Arial,sans-serif}main{max-width:860px;margin:0 auto;"
    "padding:16px}h1{margin:0 0 4px;border-bottom:2px solid var(--ink)}.sub{color:var(--muted);"
    "margin:0 0 12px}ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}"
    "a{display:inline-block;min-width:3.2em;padding:8px 12px;border:1px solid #8a8a85;"
    "border-radius:6px;background:#fff;color:var(--ink);text-decoration:none;text-align:center}"
    "a:hover{background:#f0f0ea}a:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}"
)


def page_name(number: int) -> str:
    """The file name of puzzle `number`'s page in a book's web site."""
    return f"{number}.html"


def index_html(spec: BookSpec, puzzles: list[BookPuzzle]) -> str:
    """The site's front page: the book's title, then each section's puzzles as links."""
    lang, pal = spec.language, get_palette(spec.palette)
    t = lambda key, **kw: html.escape(message(lang, key, **kw))  # noqa: E731
    parts = [f"<h1>{html.escape(spec.title)}</h1>"]
    if spec.subtitle:
        parts.append(f'<p class="sub">{html.escape(spec.subtitle)}</p>')
    parts.append(f"<p>{t('web_index_intro')}</p>")
    for index, section in enumerate(spec.sections):
        items = [bp for bp in puzzles if bp.section == index]
        links = "".join(f'<li><a href="{page_name(bp.number)}" '
                        f'aria-label="{t("puzzle_number", n=bp.number)}">{bp.number}</a></li>'
                        for bp in items)
        parts.append(f"<section><h2>{html.escape(section.name)}</h2><ol>{links}</ol></section>")
    colours = f":root{{--ink:{pal.ink};--muted:{pal.muted}}}"
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">\n"
            f"<title>{html.escape(spec.title)}</title>\n<style>{colours}{INDEX_CSS}</style>\n"
            f"</head>\n<body>\n<main>\n{''.join(parts)}\n</main>\n</body>\n</html>\n")


def site_files(spec: BookSpec, puzzles: list[BookPuzzle]) -> list[tuple[str, str]]:
    """(file name, text) of every page of the site, the index first.

    The book's puzzles were solved, and their counts checked, when the book was made,
    and a page finds the answers itself in the browser: so no puzzle is solved again
    here, each page only needs its board's drawn area."""
    files = [(INDEX, index_html(spec, puzzles)),
             (PLAYER, player_html(spec.language, spec.palette, index_href=INDEX))]
    for bp in puzzles:
        files.append((page_name(bp.number),
                      page_html(bp.puzzle, spec.language, spec.palette, number=bp.number,
                                title=spec.title, index_href=INDEX,
                                blank=spec.sections[bp.section].counts == "blank",
                                grid=Grid.of(bp.puzzle.board))))
    return files


# The site's own list of the files the program wrote into its folder: a later, shorter
# book removes the pages the earlier one left (and nothing else in the folder).
SITE_LIST = ".conundrum-site.txt"


def write_site(spec: BookSpec, puzzles: list[BookPuzzle], folder: str | os.PathLike
               ) -> list[Path]:
    """Write the site into `folder` (created if needed), every page or none; then remove
    the pages an earlier site in that folder listed that this one does not have.
    ConundrumError when the folder cannot be made or a page written."""
    path = check_folder(folder, "--web")
    files = site_files(spec, puzzles)  # everything made before anything is written
    try:
        path.mkdir(exist_ok=True)
    except OSError as exc:
        raise ConundrumError(f"--web {folder}: cannot create: {exc.strerror or exc}") from None
    earlier = _listed(path)
    names = [name for name, _ in files]
    listing = "".join(f"{name}\n" for name in names)
    written = atomic_write_many([*((path / name, text) for name, text in files),
                                 (path / SITE_LIST, listing)])
    for name in sorted(set(earlier) - set(names)):
        remove_output(path / name)
    return written[:-1]


def _listed(folder: Path) -> list[str]:
    """The files an earlier site in `folder` wrote: plain names only (a list that names
    another folder's file, or a hidden one, is not trusted with a deletion)."""
    try:
        text = (folder / SITE_LIST).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return []
    return [name for name in text.splitlines()
            if name and "/" not in name and "\\" not in name and not name.startswith(".")
            and (folder / name).is_file() and not (folder / name).is_symlink()]
