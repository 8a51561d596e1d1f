"""A book as a static site: `index.html` (title, sections, every puzzle linked) and one
player page per puzzle, `<number>.html`, each puzzle numbered as in the book; each page
carries the book's language and palette, and the site the others as shared files
(`lang-<code>.js`, `palette-<name>.js`) a page loads when the reader chooses one.

Nothing else is needed to host it (any static host) or to open it from disk.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from pathlib import Path

from conundrum.arrange import drawn_grid
from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write_many, check_folder
from conundrum.guard import remove_output
from conundrum.notation import Grid
from renderers.page.i18n import LANGUAGES, catalogue, message
from renderers.page.palettes import PALETTES, get_palette
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import (
    SITE_CSP,
    page_html,
    page_messages,
    palette_vars,
    player_html,
    script_hash,
    script_json,
    square_symbols,
)

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
    "a small{display:block;font-size:.75rem;color:var(--muted)}a.finished{border-color:#14522a;"
    "background:#e3f4e6}.mark{margin-left:4px;color:#14522a;font-weight:700}"
    "a.started{border-style:dashed}.kind{color:var(--muted);margin:-8px 0 4px}"
    "a .name{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);"
    "white-space:nowrap}.swatch{display:block;margin:0 0 6px}"
)
# Dark as the player is: the reader's switch there (kept under THEME_KEY), else the system's
# prefers-color-scheme; INDEX_JS marks <html data-theme> before the first paint of the list
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


# The index marks each puzzle the reader has finished (its progress in localStorage, kept by
# the player under "conundrum:<puzzle id>"), and on http(s) starts the service worker.
INDEX_JS = """(function () {
  var body = document.body, chosen = null, prefs = {}, hash = {};
  try { chosen = window.localStorage.getItem("conundrum:theme"); } catch (e) { chosen = null; }
  var dark = chosen ? chosen === "dark" :
    !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
  (window.location.hash || "").replace(/^#/, "").split("&").forEach(function (kv) {
    var i = kv.indexOf("=");
    if (i > 0 && (kv.slice(0, i) === "lang" || kv.slice(0, i) === "palette")) {
      try { hash[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); } catch (e) { /* none */ }
    }
  });
  try { prefs = JSON.parse(window.localStorage.getItem("conundrum:prefs")) || {}; }
  catch (e) { prefs = {}; }
  var want = hash.lang || (typeof prefs.lang === "string" ? prefs.lang : "");
  var wantPalette = hash.palette || (typeof prefs.palette === "string" ? prefs.palette : "");
  var carry = Object.keys(hash).map(function (k) {
    return k + "=" + encodeURIComponent(hash[k]);
  }).join("&");
  if (carry) Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
    a.setAttribute("href", a.getAttribute("href") + "#" + carry);
  });
  /* The reader's language (the address's, else the Settings menu's), from the site's shared
     file of its words; the book's own is written in the page. */
  function relabel(M) {
    var table = M._plural, names = {z: "zero", o: "one", t: "two", f: "few", m: "many", x: "other"};
    var t = function (key, params) {
      var entry = M[key];
      if (entry && typeof entry === "object") {
        var n = Math.abs(params.n);
        entry = entry[names[table.charAt(n < table.length ? n : 100 + n % 100)]];
      }
      return String(entry).replace(/\\{(\\w+)\\}/g, function (m, k) {
        return params && Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
      });
    };
    document.documentElement.lang = want;
    document.getElementById("intro").textContent = t("web_index_intro");
    document.getElementById("finished-count").setAttribute("data-text",
      t("web_index_progress", {done: "{done}", total: "{total}"}));
    body.setAttribute("data-finished", t("web_finished"));
    body.setAttribute("data-started", t("web_started"));
    Array.prototype.forEach.call(document.querySelectorAll(".kind"), function (p) {
      p.textContent = t("book_kind_all");
    });
    Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
      var n = a.getAttribute("data-number"), grade = a.getAttribute("data-grade");
      var label = t("puzzle_number", {n: n});
      if (grade) {
        label += ", " + t("book_level", {n: grade});
        a.querySelector("small").textContent = t("book_level", {n: grade});
      }
      a.querySelector(".name").textContent = label;
    });
  }
  /* The reader's palette (the address's, else the Settings menu's) from the site's shared
     file: its colours after the page's own (the dark theme's still win) and its squares. */
  function recolour(P) {
    var style = document.createElement("style");
    style.textContent = ":root{" + Object.keys(P.vars).map(function (k) {
      return "--" + k + ":" + P.vars[k];
    }).join(";") + "}";
    document.head.appendChild(style);
    document.getElementById("swatch-defs").innerHTML = P.symbols;
    body.setAttribute("data-palette", wantPalette);
  }
  var own = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
  var files = [], marked = false;
  if (want && want !== document.documentElement.lang &&
      JSON.parse(body.getAttribute("data-languages")).indexOf(want) >= 0) {
    files.push("lang-" + want);
  }
  if (wantPalette && wantPalette !== body.getAttribute("data-palette") &&
      JSON.parse(body.getAttribute("data-palettes")).indexOf(wantPalette) >= 0) {
    files.push("palette-" + wantPalette);
  }
  var left = files.length;
  function take() {                    // what arrived applied, then the marks
    if (marked) return;
    var got = window.conundrumShared || {};
    if (own(got, "lang:" + want)) relabel(got["lang:" + want]);
    if (own(got, "palette:" + wantPalette)) recolour(got["palette:" + wantPalette]);
    marks();
  }
  files.forEach(function (name) {
    var s = document.createElement("script");
    s.src = name + ".js";
    s.onload = s.onerror = function () { left -= 1; if (!left) take(); };
    document.head.appendChild(s);
  });
  if (files.length) setTimeout(take, 5000);  // a file that never answers: the book's own
  else marks();
  function marks() {
    if (marked) return;
    marked = true;
    var said = body.getAttribute("data-finished");
    var begun = body.getAttribute("data-started"), done = 0, all = 0;
    Array.prototype.forEach.call(document.querySelectorAll("a[data-id]"), function (a) {
      var s = null;
      try { s = JSON.parse(window.localStorage.getItem("conundrum:" + a.getAttribute("data-id"))); }
      catch (e) { s = null; }
      all += 1;
      if (s && s.done !== null && s.done !== undefined) {
        done += 1;
        a.className = "finished";
        a.querySelector(".name").textContent += ", " + said;
        var mark = document.createElement("span");
        mark.className = "mark";
        mark.textContent = "\\u2713";
        a.lastChild.appendChild(mark);
      } else if (s && s.found && s.found.length) {
        a.className = "started";             // its name says so too, as its look does
        a.querySelector(".name").textContent += ", " + begun;
      }
    });
    var line = document.getElementById("finished-count");
    line.textContent = line.getAttribute("data-text").replace("{done}", done)
      .replace("{total}", all);
  }
  if (/^https?:$/.test(window.location.protocol) && navigator.serviceWorker) {
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = "manifest.webmanifest";
    document.head.appendChild(link);
    navigator.serviceWorker.register("sw.js").catch(function () { /* offline play only */ });
  }
})();"""


def index_html(spec: BookSpec, puzzles: list[BookPuzzle]) -> str:
    """The site's front page: the book's title, then each section's puzzles as links, each
    with its grade, marked when the reader has finished it; in the reader's language and
    palette when they chose others (the site's shared files)."""
    lang, pal = spec.language, get_palette(spec.palette)
    t = lambda key, **kw: html.escape(message(lang, key, **kw))  # noqa: E731
    # the palette's squares by the title: the reader sees the colours the pages will show
    # (INDEX_JS puts the reader's palette's in #swatch-defs)
    uses = "".join(f'<use href="#sq-{c}" x="{i * 1.2}" width="1" height="1"/>'
                   for i, c in enumerate("RYGBP"))
    swatch = (f'<svg class="swatch" aria-hidden="true" focusable="false" viewBox="0 0 5.8 1" '
              f'width="58" height="10"><defs id="swatch-defs">{square_symbols(pal)}</defs>'
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
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            f"style-src 'unsafe-inline'; script-src {script_hash(INDEX_JS)}{SITE_CSP}\">\n"
            f"<title>{html.escape(spec.title)}</title>\n<style>{colours}{INDEX_CSS}{INDEX_DARK}"
            "</style>\n"
            f'</head>\n<body data-finished="{t("web_finished")}" '
            f'data-started="{t("web_started")}" '
            f'data-languages="{html.escape(json.dumps(list(LANGUAGES)))}" '
            f'data-palette="{html.escape(pal.name)}" '
            f'data-palettes="{html.escape(json.dumps(list(PALETTES)))}">\n'
            f'<main>\n{"".join(parts)}\n'
            f"</main>\n<script>{INDEX_JS}</script>\n</body>\n</html>\n")


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
