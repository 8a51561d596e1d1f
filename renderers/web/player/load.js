/* The web player, load.js: What the page is opened with: its data (DATA), the address
   fragment (HASH: #lang=, #palette=, #p=), the reader's settings (prefs), and on a book site
   the language or palette they ask for that the page does not carry (loaded before the
   player starts: withShared), the reader's dark or light theme, and a book site's service
   worker (startSite).
   The first of the player's modules: renderers/web/page.py joins the others inside the
   function `play`, which this one starts. A book site's index (renderers/web/index.py)
   runs this module and choice.js as the player does, so both read the address, the
   settings and the shared files by the same rules. */
var DATA = JSON.parse(document.getElementById("conundrum-data").textContent);
/* A name read from the address is looked up only among an object's own entries, so
   "#palette=constructor" or "__proto__" names nothing (never a prototype's member). */
function own(obj, key) { return !!obj && Object.prototype.hasOwnProperty.call(obj, key); }
var HASH = Object.create(null);
(window.location.hash || "").replace(/^#/, "").split("&").forEach(function (kv) {
  var i = kv.indexOf("=");
  if (i > 0) {
    try {
      HASH[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " "));
    } catch (e) { /* bad escape */ }
  }
});
// another address of the same page: open it afresh with what the new fragment says
window.addEventListener("hashchange", function () { window.location.reload(); });
/* The reader's settings (the Settings menu), kept for every page of the site: language,
   palette, hints shown, dock side. The address's #lang= and #palette= win over them. */
var PREFS_KEY = "conundrum:prefs";
/* The settings a stored text holds ({} for none, or for one that is not a mapping). */
function prefsOf(text) {
  try {
    var p = JSON.parse(text);
    return p && typeof p === "object" && !Array.isArray(p) ? p : {};
  } catch (e) { return {}; }
}
var prefs = (function () {
  try { return prefsOf(window.localStorage.getItem(PREFS_KEY)); } catch (e) { return {}; }
})();
/* The language and palette a page opens in, with settings `p`: the address's, else p's. */
function wantedLang(p) { return HASH.lang || (typeof p.lang === "string" ? p.lang : ""); }
function wantedPalette(p) {
  return HASH.palette || (typeof p.palette === "string" ? p.palette : "");
}
var wantLang = wantedLang(prefs);
var wantPalette = wantedPalette(prefs);
/* A page carries only its own language and palette (a single file stays small). A book
   site has the others as shared files beside its pages (DATA.shared names them), kept by
   its service worker: `lang-<code>.js` and `palette-<name>.js`, each putting its words or
   colours in window.conundrumShared. The ones the reader wants are loaded first, then
   `start` runs; a file that cannot load leaves the page in its own. One that has not come
   within SHARED_WAIT does not keep the reader from playing (a slow first visit): the page
   starts without it, and a palette that comes later is applied then (`late`). */
var SHARED_WAIT = 5000;                     // ms
function withShared(start) {
  DATA.languages = {};
  DATA.palettes = {};
  var S = DATA.shared || {languages: [], palettes: []}, files = [];
  if (wantLang && wantLang !== DATA.lang && S.languages.indexOf(wantLang) >= 0) {
    files.push("lang-" + wantLang);
  }
  if (wantPalette && wantPalette !== document.body.dataset.palette &&
      S.palettes.indexOf(wantPalette) >= 0) files.push("palette-" + wantPalette);
  var left = files.length, started = false;
  var take = function () {
    if (started) return;
    started = true;
    var got = window.conundrumShared || {};
    if (own(got, "lang:" + wantLang)) DATA.languages[wantLang] = got["lang:" + wantLang];
    if (own(got, "palette:" + wantPalette)) DATA.palettes[wantPalette] = got["palette:" + wantPalette];
    start();
  };
  if (!left) { start(); return; }
  files.forEach(function (name) {
    var s = document.createElement("script");
    s.src = name + ".js";
    s.onload = s.onerror = function () {
      left -= 1;
      if (started) late(); else if (!left) take();
    };
    document.head.appendChild(s);
  });
  setTimeout(take, SHARED_WAIT);            // a file that never answers: play without it
}
/* A shared file that came after the page started without it. A palette is colours and
   squares the page reads live, so it is applied now. A language is not: its words are
   already in every label, message and name the page has drawn (and what screen readers
   were told), and only drawing the page again would change them, losing what the reader
   was doing; so the page stays in its own language until it is next opened. */
function late() {
  var got = window.conundrumShared || {};
  if (wantPalette && !own(DATA.palettes, wantPalette) && own(got, "palette:" + wantPalette)) {
    DATA.palettes[wantPalette] = got["palette:" + wantPalette];
    applyPalette(wantPalette);
  }
}
/* A palette of the site's shared files over the page's own: its colours, its squares
   (#squares, which every square on the page uses) and its name, for the Settings menu and
   share links. Run by choice.js at start, or by `late` when its file came after. */
function applyPalette(name) {
  var chosen = DATA.palettes[name];
  // a rule after the page's own, not the root's style: the dark theme's colours still win
  var rule = document.createElement("style");
  rule.textContent = ":root{" + Object.keys(chosen.vars).map(function (k) {
    return "--" + k + ":" + chosen.vars[k];
  }).join(";") + "}";
  document.head.appendChild(rule);
  document.getElementById("squares").innerHTML = chosen.symbols;
  document.body.dataset.palette = name;
  var menu = document.getElementById("set-palette");  // the player's Settings menu, once made
  if (menu) menu.value = name;
}
/* Dark or light: the reader's switch when used (kept for every puzzle and the index), else
   the system's prefers-color-scheme, followed as it changes; set before the page waits for
   any shared file. Print is always light (player.css). */
var THEME_KEY = "conundrum:theme";
var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
function chosenTheme() {
  try { return window.localStorage.getItem(THEME_KEY); } catch (e) { return null; }
}
function applyTheme() {
  var chosen = chosenTheme();
  var dark = chosen ? chosen === "dark" : !!(darkQuery && darkQuery.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  var button = document.getElementById("theme");      // the player's switch, once made
  if (button) button.setAttribute("aria-pressed", String(dark));
}
applyTheme();
if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", applyTheme);
window.addEventListener("storage", function (e) { if (e.key === THEME_KEY) applyTheme(); });
/* On a book site served over http(s): the site's manifest and its service worker, which
   keeps every page for offline play (a page opened from disk does without). Started by the
   player once it is drawn (start.js) and by the index (index.js). */
function startSite() {
  if (!/^https?:$/.test(window.location.protocol) || !navigator.serviceWorker) return;
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = "manifest.webmanifest";
  document.head.appendChild(manifest);
  navigator.serviceWorker.register("sw.js").catch(function () { /* offline play only */ });
}
