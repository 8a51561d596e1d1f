/* The web player, state.js: What the reader has done, kept under the puzzle's id in
   localStorage: the state, another tab's taken in (merge.js merges), share-link progress,
   restore and save, the solve's end and the active-time timer (the dark/light
   theme: load.js).
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- what the reader has done (kept under the puzzle's id) ----------------- */
// (a Lay-them-all page counts tiles laid, not positions: no tile's count is shown)
var totals = DATA.given.map(function (g) { return ALL ? 1 : game.positions(g.code).length; });
var total = totals.reduce(function (a, b) { return a + b; }, 0);
// Tiles that cannot be laid anywhere (a trick puzzle): the reader settles each one by
// declaring "no position". Their "0 positions" would give the answer away, so then the
// page shows no counts at all, as the book prints boxes instead of counts.
var noneCodes = DATA.given.map(function (g) { return R.canonical(g.code); })
  .filter(function (c, i, a) { return totals[i] === 0 && a.indexOf(c) === i; });
var hideCounts = !!DATA.blank || noneCodes.length > 0 || ALL;
var state = load();
var found = new Map();                      // position id -> placement, in finding order
var declared = new Set();                   // canonical codes declared to have no position
restore();
takeSharedFound();

/* Take in another tab's progress. True when it held something this tab did not. */
function merge(other) {
  var merged = mergeState(state, other);
  state = merged.state;
  return merged.grew;
}
/* A share link's `found=`: the positions its sender had found (or, Lay them all, laid),
   "; "-separated, each judged as a typed answer and kept as this reader's own; then the
   address drops it, so a reload or an undo is not overruled by the link. */
function takeSharedFound() {
  if (!HASH.found || sharedFault) return;
  HASH.found.split(";").slice(0, DATA.limits ? DATA.limits.tiles : 1000).forEach(function (text) {
    text = text.trim();
    if (!text) return;
    if (ALL) { var p = layIn(text); if (p) note(grid.text(p), true); return; }
    var r = game.judge(text, found);
    if (r.verdict === "right") { found.set(r.placement.id(), r.placement); note(grid.text(r.placement), true); }
  });
  if (window.history && history.replaceState) {
    history.replaceState(null, "", window.location.href.split("#")[0] + fragment(false));
  }
}
/* The page's address fragment: its puzzle (a share link's `p=`) and its #lang= and
   #palette=; for a share link (`sharing`) the language and palette shown, wherever they
   were chosen, and the positions found ("" when there is nothing to say). */
function fragment(sharing) {
  var parts = [], palette = document.body.dataset.palette;
  if (HASH.p && !sharedFault) parts.push("p=" + HASH.p);
  if (sharing ? DATA.lang !== PAGE_LANG : HASH.lang) parts.push("lang=" + encodeURIComponent(sharing ? DATA.lang : HASH.lang));
  if (sharing ? palette !== PAGE_PALETTE : HASH.palette) {
    parts.push("palette=" + encodeURIComponent(sharing ? palette : HASH.palette));
  }
  if (sharing && found.size) {
    parts.push("found=" + encodeURIComponent(Array.from(found.values())
      .map(function (p) { return grid.text(p); }).join("; ")).replace(/%20/g, "+"));
  }
  return parts.length ? "#" + parts.join("&") : "";
}
function shareLink() { return window.location.href.split("#")[0] + fragment(true); }
/* The share button: the system's share sheet where there is one, else the clipboard,
   else the link shown to copy by hand. */
function share() {
  var link = shareLink();
  var shown = function () { say("hint", t("web_share_link", {link: link})); };
  if (navigator.share) {
    navigator.share({title: document.title, url: link}).catch(function () { /* dismissed */ });
  } else if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(link).then(function () { say("hint", t("web_share_copied")); }, shown);
  } else shown();
}
/* The answers in `state` as this tab's found positions and declarations. */
function restore() {
  found.clear();
  declared.clear();
  var texts = Object.keys(state.seen).filter(function (k) {
    return k.indexOf("none:") !== 0 && present(state, k);
  }).sort(function (a, b) { return state.seen[a] - state.seen[b]; });
  texts.forEach(function (text) {
    if (ALL) { layIn(text); return; }
    var r = game.judge(text, found);
    if (r.verdict === "right") found.set(r.placement.id(), r.placement);
  });
  noneCodes.forEach(function (code) { if (present(state, "none:" + code)) declared.add(code); });
}
/* Lay them all: `found` holds the reader's laid tiles, one position a tile; laying a tile
   again moves it. Kept as answers are (a position's text with the time it was laid), so
   the latest position of each tile wins, here and in a merge of two tabs. */
function layIn(text) {
  var p;
  try { p = grid.parse(text); } catch (e) { return null; }
  if (game.notGiven(p.tile())) return null;
  var before = laidOf(p.tile());
  if (before) found.delete(before.id());
  found.set(p.id(), p);
  return p;
}
function laidOf(tile) {
  var out = null;
  found.forEach(function (p) { if (p.tile() === tile) out = p; });
  return out;
}
/* The reader's arrangement as text, tiles in the order given (what "Check" judges). */
function arrangementText() {
  return DATA.given.map(function (g) { return laidOf(R.canonical(g.code)); })
    .filter(Boolean).map(function (p) { return grid.text(p); }).join("; ");
}
var judgedMemo = {text: null, result: null};
function judgeAllNow() {
  var text = arrangementText();
  if (judgedMemo.text !== text) judgedMemo = {text: text, result: game.judgeAll(text)};
  return judgedMemo.result;
}
/* The board the next tile is laid on: the puzzle's and the reader's other laid tiles. */
function currentGame(except) {
  var others = Array.from(found.values()).filter(function (p) { return p.tile() !== except; });
  return game.withTiles(others);
}
var answerMemo = null;                       // the one arrangement, found when first needed
function theArrangement() {
  if (!answerMemo) answerMemo = game.arrangements(2)[0] || [];
  return answerMemo;
}

/* Does `a` hold an answer (or a taking back) that `b` lacks? */
function ahead(a, b) {
  if (a.reset !== b.reset) return a.reset > b.reset;
  return ["seen", "gone"].some(function (m) {
    return Object.keys(a[m]).some(function (k) { return (a[m][k] || 0) > (b[m][k] || 0); });
  });
}
function stamp() { return Math.max(Date.now(), state.clock + 1 || 0); }
function note(k, on) {
  var now = stamp();
  state.clock = now;
  state[on ? "seen" : "gone"][k] = Math.max(now, (state[on ? "gone" : "seen"][k] || 0) + 1);
}
function save() {
  merge(stored());                          // a stale tab never writes less than is kept
  restore();
  syncDone();                               // the merge brings back a finish now undone
  state.found = Array.from(found.values()).map(function (p) { return grid.text(p); });
  state.none = noneCodes.filter(function (c) { return declared.has(c); });
  try { window.localStorage.setItem(STORE_KEY, JSON.stringify(state)); } catch (e) { /* none */ }
}
/* The solve is finished while the board is perfect, and only then (an undo or a moved
   tile un-finishes it). A Lay-them-all puzzle is finished by "Check" alone (`checkAll`):
   its perfect() asks for that finish, so it is only ever ended here. */
function syncDone() {
  if (!perfect()) { state.done = null; state.doneActive = null; }
  else if (state.done === null) { tick(); state.done = Date.now(); state.doneActive = state.active; }
}
/* Every position found and every tile without one declared so. */
function perfect() {
  // Lay them all: finished once "Check" accepted the arrangement still on the board
  if (ALL) return state.done !== null && judgeAllNow().verdict === "right";
  return DATA.given.length > 0 && found.size === total &&
    noneCodes.every(function (c) { return declared.has(c); });
}

/* Active time: only while the page is visible, until "Perfect!". */
var lastTick = performance.now();
function tick() {
  var now = performance.now();
  // the clock runs only while the page is seen and the timer shown (hidden: paused)
  if (document.visibilityState === "visible" && state.done === null && !timerHidden()) {
    state.active += Math.min(now - lastTick, 5000);
  }
  lastTick = now;
  showProgress();
}
document.addEventListener("visibilitychange", function () { tick(); save(); });
setInterval(function () { tick(); if (state.done === null) save(); }, 1000);

/* The timer can be hidden; hidden, it is paused too (kept per puzzle). */
function timerHidden() { return !!state.timerHidden; }
function showTimerButton() {
  var b = $("timer");
  if (!b) return;
  b.textContent = t(timerHidden() ? "web_timer_show" : "web_timer_hide");
  b.setAttribute("aria-pressed", String(timerHidden()));
}
