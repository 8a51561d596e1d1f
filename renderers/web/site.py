"""A book as a static site: `index.html` (title, sections, every puzzle linked) and one
player page per puzzle, `<number>.html`, each puzzle numbered as in the book; each page
carries the book's language and palette, and the site the others as shared files
(`lang-<code>.js`, `palette-<name>.js`) a page loads when the reader chooses one.

Nothing else is needed to host it (any static host) or to open it from disk.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write_many, check_folder
from conundrum.lay_all import drawn_grid
from conundrum.notation import Grid
from conundrum.overwrite_guard import remove_output
from renderers.page.i18n import LANGUAGES, catalogue
from renderers.page.palettes import PALETTES, get_palette
from renderers.sheet.puzzle import puzzle_id
from renderers.web.index import index_html, page_name
from renderers.web.page import (
    page_html,
    page_messages,
    palette_vars,
    player_html,
    script_json,
    square_symbols,
)

INDEX = "index.html"
PLAYER = "play.html"  # plays any puzzle its address carries after # (share links)

# The shared files' names: the words of a language, the colours of a palette.
LANG_FILE, PALETTE_FILE = "lang-{}.js", "palette-{}.js"
SHARED_JS = ("/* A Conundrum book site's {what}, loaded by its pages and index when the reader "
             "chooses it. */\n(window.conundrumShared = window.conundrumShared || {{}})"
             "[\"{key}\"] = {data};\n")
INDEX_KEYS = ("book_level", "book_kind_all")  # the index's words besides the player's


def shared_files() -> list[tuple[str, str]]:
    """The site's shared files: every language's words (a player page's and the index's)
    and every palette's colours and squares, one file each, for the reader's choice."""
    files = []
    for lang in LANGUAGES:
        words = page_messages(lang, True) | {k: catalogue(lang)[k] for k in INDEX_KEYS}
        files.append((LANG_FILE.format(lang), SHARED_JS.format(
            what=f"words in {lang}", key=f"lang:{lang}", data=script_json(words))))
    for name, pal in PALETTES.items():
        colours = {"vars": palette_vars(pal), "symbols": square_symbols(pal)}
        files.append((PALETTE_FILE.format(name), SHARED_JS.format(
            what=f"palette {name}", key=f"palette:{name}", data=script_json(colours))))
    return files


def offline_files(spec: BookSpec, files: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The web app manifest, its icon and the service worker that keeps every file of the
    site (`files`) for offline play; its cache is named by the files' contents, so a new
    site replaces the old one's."""
    pal = get_palette(spec.palette)
    squares = "".join(f'<rect x="{4 + 20 * i}" y="24" width="18" height="18" rx="2" '
                      f'fill="{pal.fills[c]}" stroke="{pal.ink}" stroke-width="1.5"/>'
                      for i, c in enumerate("RGB"))
    icon = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 66 66">'
            f'<rect width="66" height="66" rx="10" fill="#fafaf7"/>{squares}</svg>\n')
    manifest = json.dumps({
        "name": spec.title, "short_name": spec.title[:12], "lang": spec.language,
        "start_url": "./" + INDEX, "scope": "./", "display": "standalone",
        "background_color": "#fafaf7", "theme_color": pal.accent,
        "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml"}],
    }, ensure_ascii=False, indent=1) + "\n"
    cached = [*files, (MANIFEST, manifest), (ICON, icon)]
    digest = hashlib.sha256()
    for name, text in cached:
        digest.update(name.encode() + b"\0" + text.encode("utf-8") + b"\0")
    names = json.dumps(["./", *(f"./{name}" for name, _ in cached)])
    worker = SW_JS.replace("CACHE_NAME", digest.hexdigest()[:12]) \
                  .replace("FILE_LIST", names)
    return [(MANIFEST, manifest), (ICON, icon), (WORKER, worker)]


MANIFEST, ICON, WORKER = "manifest.webmanifest", "icon.svg", "sw.js"
SW_JS = """/* The book site's service worker: every page kept, so the site plays offline. Its cache
   is named by the site's scope and contents: a new version of this site replaces its own
   older caches and never touches another site's on the same origin (two volumes under one
   domain each keep theirs). */
var SITE = "conundrum:" + self.registration.scope + ":";
var CACHE = SITE + "CACHE_NAME";
var FILES = FILE_LIST;
self.addEventListener("install", function (e) {
  // {cache: "reload"}: the files from the server, never a stale copy from the HTTP cache
  var fresh = FILES.map(function (f) { return new Request(f, {cache: "reload"}); });
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(fresh); })
    .then(function () { return self.skipWaiting(); }));
});
/* An older cache of this site: named with this scope, or (named before scopes were) one
   holding this scope's own address, as only this site's cache does. */
function older(k) {
  if (k === CACHE) return Promise.resolve(false);
  if (k.indexOf(SITE) === 0) return Promise.resolve(true);
  if (!/^conundrum-[0-9a-f]+$/.test(k)) return Promise.resolve(false);
  return caches.open(k).then(function (c) { return c.match(self.registration.scope); })
    .then(function (hit) { return !!hit; });
}
self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.map(function (k) {
      return older(k).then(function (old) { return old ? caches.delete(k) : false; });
    }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (e) {
  if (e.request.method !== "GET") return;
  e.respondWith(caches.open(CACHE).then(function (c) {
    return c.match(e.request, {ignoreSearch: true}).then(function (hit) {
      return hit || fetch(e.request);
    });
  }));
});
"""


def site_files(spec: BookSpec, puzzles: list[BookPuzzle]) -> list[tuple[str, str]]:
    """(file name, text) of every page of the site, the index first.

    The book's puzzles were solved, and their counts checked, when the book was made,
    and a page finds the answers itself in the browser: so no puzzle is solved again
    here, each page only needs its board's drawn area."""
    files = [(INDEX, index_html(spec, puzzles)),
             (PLAYER, player_html(spec.language, spec.palette, index_href=INDEX, site=True)),
             *shared_files()]
    book = [(page_name(bp.number), bp.number, puzzle_id(bp.puzzle)) for bp in puzzles]
    for i, bp in enumerate(puzzles):
        prev = (page_name(puzzles[i - 1].number), puzzles[i - 1].number) if i else None
        nxt = ((page_name(puzzles[i + 1].number), puzzles[i + 1].number)
               if i + 1 < len(puzzles) else None)
        files.append((page_name(bp.number),
                      page_html(bp.puzzle, spec.language, spec.palette, number=bp.number,
                                title=spec.title, index_href=INDEX,
                                blank=spec.sections[bp.section].counts == "blank",
                                grid=_grid(bp), pager=(prev, nxt), site=True,
                                book=book)))
    return files + offline_files(spec, files)


def _grid(bp: BookPuzzle) -> Grid:
    """The drawn area of a puzzle's page: the board's, or for a `kind: all` puzzle the grid
    its sheet draws (grown to hold the arrangement, so cells are named as in the book)."""
    return drawn_grid(bp.puzzle) if bp.puzzle.kind == "all" else Grid.of(bp.puzzle.board)


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
