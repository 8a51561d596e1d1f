/* The web player, choice.js: The language and palette the reader asked for (load.js: the
   address's, else the Settings menu's) applied over the page's own once their shared files
   are loaded (a palette by load.js's applyPalette, which also applies one whose file comes
   after the page started); the messages now shown (M) and t(key, params) over them, with
   the language's plural rule; the address's choice carried on by links (CARRY).
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. A book site's index runs it too, after load.js
   (renderers/web/index.py). */
/* ---- the language and palette asked for: #lang=, #palette= or the reader's settings ---- */
var PAGE_LANG = DATA.lang, PAGE_PALETTE = document.body.dataset.palette;
if (wantLang && wantLang !== DATA.lang && own(DATA.languages, wantLang)) {
  DATA.languages[DATA.lang] = DATA.messages;
  DATA.messages = DATA.languages[wantLang];
  DATA.lang = wantLang;
  document.documentElement.lang = DATA.lang;
}
if (wantPalette && own(DATA.palettes, wantPalette)) applyPalette(wantPalette);  // load.js
var M = DATA.messages;
/* The language's plural rule comes with its words as data (i18n.plural_table): the
   category of each count 0..199 by initial; from 200 on, counts repeat every 100. */
var PLURAL_NAMES = { z: "zero", o: "one", t: "two", f: "few", m: "many", x: "other" };
function plural(n) {
  var table = M._plural;
  return PLURAL_NAMES[table.charAt(n < table.length ? n : 100 + n % 100)];
}
function t(key, params) {
  params = params || {};
  var entry = M[key];
  if (entry && typeof entry === "object") entry = entry[plural(Math.abs(params.n))];
  return String(entry).replace(/\{(\w+)\}/g, function (m, k) {
    return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
  });
}
/* The address's language and palette, carried on by the links to the site's other pages
   (the pager, the index, the finish card's next puzzle). */
var CARRY = ["lang", "palette"].filter(function (k) { return HASH[k]; })
  .map(function (k) { return k + "=" + encodeURIComponent(HASH[k]); }).join("&");
