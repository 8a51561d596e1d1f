/* The web player, start.js: Start: the page drawn and announced, the book site's manifest and
   service worker, other tabs' progress taken in, and the public hook window.conundrum
   (SPEC.md).
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- start ------------------------------------------------------------------------- */
buildFinish();
var live = document.createElement("p");
live.id = "cursor-text";
live.className = "cursor-text";
live.setAttribute("aria-hidden", "true");   // said in full by #cell-say
view.parentNode.insertBefore(live, view.nextSibling);
var say2 = document.createElement("p");
say2.id = "cell-say";
say2.className = "sr-only";
say2.setAttribute("aria-live", "polite");
view.parentNode.insertBefore(say2, live.nextSibling);
svg.setAttribute("aria-describedby", "cell-say");
drawCursor();
refresh();
save();
buttonsState();
fit();
if (DATA.site) startSite();           // its manifest and service worker (load.js)
if (sharedFault) {
  say("unreadable", t(sharedFault.key, sharedFault.params));
  document.body.classList.add("no-puzzle");
}

/* Another tab of this puzzle saved: take in what it found (and write back what only this
   tab holds, so the union is kept even when that tab closes first). */
window.addEventListener("storage", function (e) {
  if (e.key !== STORE_KEY || e.storageArea !== window.localStorage) return;
  var other = null;
  try { other = e.newValue ? upgrade(JSON.parse(e.newValue)) : null; } catch (err) { other = null; }
  if (!other) { save(); return; }           // cleared elsewhere: this tab's answers stay
  var grew = merge(other);
  restore();
  syncDone();
  if (grew) refresh();
  if (ahead(state, other)) save();
});

/* The testing hook: a public contract (README, "The web player"). */
window.conundrum = {
  positions: function (code) {
    // Lay them all: on the current board, the puzzle's and the reader's other laid tiles
    var on = ALL ? currentGame(R.canonical(R.normaliseCode(String(code)))) : game;
    return on.positions(String(code)).map(function (p) { return grid.text(p); });
  },
  check: function (text) {
    return verdictOf(ALL ? game.judgeAll(String(text)) : game.judge(String(text), found));
  },
  answer: function (text) {
    if (!ALL) return submit(String(text));
    var laid = layAll(String(text));      // lay the arrangement's tiles, then "Check"
    return laid.verdict === "laid" ? checkAll() : laid;
  },
  found: function () {
    return ALL ? {found: found.size, total: DATA.given.length} : {found: found.size, total: total};
  },
  kind: function () { return ALL ? "all" : "count"; },
  checkArrangement: function () { return checkAll(); },
  arrangement: function () { return ALL ? arrangementText() : null; },
  takeBack: function () { return takeBack(); },
  // Lay them all has no "no position": every tile has its place (null, nothing recorded)
  none: function (code) { return ALL ? null : declareNone(String(code)); },
  record: record,
  undo: function () { return undo(); },
  redo: function () { return redo(); },
  hint: function (code) {
    return hint(code);
  },
  pick: function (code) { return pickCode(String(code)); },
  ghost: function () { return ghostText(); },
  cellRect: function (name) { return cellRect(String(name)); },
  shareLink: function () { return shareLink(); }
};
// the moment the page is ready to play (make bench reads it)
if (window.performance && performance.mark) performance.mark("conundrum-ready");
