/* The web player, words.js: The page's text in the language chosen (M and t: choice.js),
   a fault's reason and the clock.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- words ---------------------------------------------------------------- */
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
