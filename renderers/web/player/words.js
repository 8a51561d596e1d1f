/* The web player, words.js: The page's words (i18n): the language's plural rule as data, t(key,
   params) over the messages (M) filling their {name} placeholders, a fault's reason and the
   clock.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- words ---------------------------------------------------------------- */
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
/* The text the page was written with, in the language and for the puzzle now shown. */
(function relabel() {
  var title = DATA.titleDefault ? t("title_default") : DATA.title;
  document.title = title;
  document.querySelector("h1").textContent = title;
  document.querySelector(".number").textContent =
    DATA.number !== null && DATA.number !== undefined ? t("puzzle_number", {n: DATA.number}) : "";
  document.querySelector(".rule").textContent = t(DATA.ruleKey) + " " + t("chameleon_note");
  document.querySelector(".hint").textContent = t(ALL ? "web_all_hint_text" : "web_hint");
  // the rule in one line and what to tap, in view at load above the board (a phone too)
  var lead = document.createElement("p");
  lead.id = "lead";
  lead.className = "lead";
  lead.textContent = t(ALL ? "web_all_lead" : "web_lead");
  document.querySelector("header").insertAdjacentElement("afterend", lead);
  document.querySelector("footer").textContent = DATA.id ? t("puzzle_id", {id: DATA.id}) : "";
  var back = document.querySelector(".back");
  if (back) back.textContent = t("web_index_link");
  // the pager in the reader's language, its links carrying the address's lang and palette
  var pager = document.querySelector(".pager");
  if (pager) pager.setAttribute("aria-label", t("web_pager"));
  document.querySelectorAll("a[rel=prev], a[rel=next], a.back").forEach(function (a) {
    var n = a.dataset.number;
    if (n) a.textContent = a.rel === "prev" ? "\u2190 " + t("puzzle_number", {n: n})
      : t("puzzle_number", {n: n}) + " \u2192";
    if (CARRY) a.setAttribute("href", a.getAttribute("href").split("#")[0] + "#" + CARRY);
  });
})();
function reasonText(fault) {
  var params = Object.assign({}, fault.params);
  if (params.reason instanceof R.Fault) params.reason = reasonText(params.reason);
  if (fault.key === "reason_not_given" && params.given === null) params.given = t("reason_none_given");
  return t(fault.key, params);
}
function clock(ms) {
  var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  var two = function (v) { return (v < 10 ? "0" : "") + v; };
  return (h ? h + ":" + two(m) : m) + ":" + two(s % 60);
}
