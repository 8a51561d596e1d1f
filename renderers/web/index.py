"""A book site's front page, `index.html`: the book's title, each section's puzzles linked
with their grades, marked finished or started from the reader's progress, in the reader's
language and palette (the site's shared files) and dark as the player is."""

from __future__ import annotations

import html
import json

from conundrum.book.manifest import BookPuzzle
from conundrum.book.spec import BookSpec
from renderers.page.i18n import LANGUAGES, message
from renderers.page.palettes import PALETTES, get_palette
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import SITE_CSP, script_hash, square_symbols

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
