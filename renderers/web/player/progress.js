/* The web player, progress.js: Lists, progress, reveal and the solving record: the found
   positions, the finish card, starting again.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- lists, progress, reveal, record ------------------------------------------------ */
function listItem(ul, p, cls) {
  var li = document.createElement("li");
  var b = document.createElement("button");
  b.type = "button";
  b.textContent = grid.text(p);
  b.title = grid.spanText(p);
  b.addEventListener("click", function () { showPlacement(p, cls); });
  // focus or hover names the position on the board too (list highlight)
  var glow = function (on) {
    var g = foundLayer.querySelector('[data-position="' + grid.text(p) + '"]');
    if (g) g.classList.toggle("lit", on);
  };
  b.addEventListener("focus", function () { glow(true); });
  b.addEventListener("blur", function () { glow(false); });
  b.addEventListener("mouseenter", function () { glow(true); });
  b.addEventListener("mouseleave", function () { glow(false); });
  li.appendChild(b);
  ul.appendChild(li);
}
function noneItem(ul, code) {
  var li = document.createElement("li");
  li.className = "none";
  li.textContent = code + ": " + t("web_no_position");
  ul.appendChild(li);
}
/* Every position found, drawn in its tile's colours (faded) with its code on hover, so
   the reader sees what is done; one overlapping an earlier one gets a wider inset outline
   in another dash, so two never look like one. */
function markFound() {
  foundLayer.textContent = "";
  var taken = new Map();                    // cell -> how many found positions cover it
  found.forEach(function (p) {
    var c = p.cells(), depth = 0;
    c.forEach(function (xy) { depth = Math.max(depth, taken.get(xy.join()) || 0); });
    c.forEach(function (xy) { taken.set(xy.join(), depth + 1); });
    var g = drawTile(foundLayer, p.code, p.dir, sx(p.at[0]), sy(p.at[1]),
      ALL ? "found-tile laid-tile" : "found-tile");
    g.dataset.position = grid.text(p);
    g.dataset.depth = String(depth);
    el("title", {}, g).textContent = grid.text(p);
    var inset = 1.2 + 1.4 * Math.min(depth, 2);
    var x0 = sx(c[0][0]) + inset, y0 = sy(c[0][1]) + inset;
    el("rect", {x: x0, y: y0, width: sx(c[2][0]) + C - inset - x0,
      height: sy(c[2][1]) + C - inset - y0, rx: 1.2,
      "class": "found-mark depth-" + Math.min(depth, 3)}, g);
  });
  foundLayer.setAttribute("aria-hidden", "true");
}
function refresh() {
  markFound();
  drawNotes();
  var ul = $("found");
  ul.textContent = "";
  Array.from(found.values()).forEach(function (p) { listItem(ul, p, "right"); });
  noneCodes.forEach(function (c) { if (declared.has(c)) noneItem(ul, c); });
  var missed = $("missed");
  missed.textContent = "";
  $("missed-wrap").hidden = true;
  if (state.revealed) {
    var missing = [];
    if (ALL) theArrangement().forEach(function (p) { missing.push(p); });
    else DATA.given.forEach(function (g) {
      game.positions(g.code).forEach(function (p) { if (!found.has(p.id())) missing.push(p); });
    });
    missing.forEach(function (p) { listItem(missed, p, "revealed"); });
    var undeclared = noneCodes.filter(function (c) { return !declared.has(c); });
    undeclared.forEach(function (c) { noneItem(missed, c); });
    $("missed-wrap").hidden = missing.length + undeclared.length === 0;
  }
  countTiles();
  showProgress();
  document.body.classList.toggle("is-perfect", perfect());
  showFinish();
}
/* The finish card, while the puzzle is finished: the time, tries and hints, a line to
   share that gives nothing away (no position, only the puzzle's address), and on a book
   site the next puzzle the reader has not finished. */
function finishFacts() {
  var title = document.title + (DATA.number !== null && DATA.number !== undefined
    ? " (" + t("puzzle_number", {n: DATA.number}) + ")" : "");
  return {time: clock(state.doneActive || 0), tries: state.tries, hints: state.hints.length, title: title};
}
function nextUnfinished() {
  var pages = DATA.book || [], here = -1;
  pages.forEach(function (p, i) { if (p[2] === DATA.id) here = i; });
  for (var k = 1; k < pages.length; k++) {
    var p = pages[(here + k + pages.length) % pages.length], s = null;
    try { s = JSON.parse(window.localStorage.getItem("conundrum:" + p[2])); } catch (e) { s = null; }
    if (!s || s.done === null || s.done === undefined) return p;
  }
  return null;
}
function showFinish() {
  var card = $("finish");
  if (!card) return;
  var was = card.hidden;
  card.hidden = !(perfect() && state.done !== null);
  if (card.hidden) return;
  if (was && card.scrollIntoView) setTimeout(function () { card.scrollIntoView({block: "nearest"}); }, 0);
  var f = finishFacts();
  $("finish-stats").textContent = t("web_finish_stats", f);
  $("finish-line").textContent = t("web_finish_line", f) + " " + window.location.href.split("#")[0];
  var next = $("finish-next");
  next.textContent = "";
  if (!DATA.book) return;
  var p = nextUnfinished();
  if (!p) { next.textContent = t("web_finish_all"); return; }
  var a = next.appendChild(document.createElement("a"));
  a.href = p[0] + (CARRY ? "#" + CARRY : "");
  a.textContent = t("web_finish_next", {n: p[1]});
}
function buildFinish() {
  var card = hiddenPanel("section", "finish", {"aria-labelledby": "finish-title"});
  var h = card.appendChild(document.createElement("h2"));
  h.id = "finish-title";
  h.textContent = t("web_finish_title");
  card.appendChild(document.createElement("p")).id = "finish-stats";
  var line = card.appendChild(document.createElement("p"));
  line.id = "finish-line";
  line.className = "finish-line";
  card.appendChild(document.createElement("p")).id = "finish-next";
  $("progress").insertAdjacentElement("afterend", card);
}
function showProgress() {
  var ms = state.done !== null ? state.doneActive : state.active;
  var count = ALL ? t("web_all_count", {laid: found.size, total: DATA.given.length})
    : hideCounts ? t("web_found_some", {found: found.size})
    : t("web_found_count", {found: found.size, total: total});
  var text = timerHidden() ? count : count + " · " + t("web_time", {time: clock(ms)});
  if (perfect()) text = t("web_perfect") + " " + text;
  $("progress").textContent = text;
}
$("found-heading").textContent = t(ALL ? "web_all_laid_heading" : "web_found_heading");
$("missed-heading").textContent = t(ALL ? "web_all_answer_heading" : "web_missed_heading");

/* "Show answers" and "Start again" each ask first, in the one confirmation box. */
var asked = null;                           // {opener, action} while the box is open
function ask(opener, key, action) {
  $("confirm-text").textContent = t(ALL && key === "web_reveal" ? "web_all_reveal_confirm" : key + "_confirm");
  $("confirm-yes").textContent = t(key + "_yes");
  $("confirm-no").textContent = t(key + "_no");
  asked = {opener: opener, action: action};
  $("confirm").hidden = false;
  $("confirm-no").focus();                  // the safe answer: Enter never destroys by habit
}
$("confirm-no").addEventListener("click", function () {
  $("confirm").hidden = true;
  if (asked) $(asked.opener).focus();
  asked = null;
});
$("confirm-yes").addEventListener("click", function () {
  $("confirm").hidden = true;
  var action = asked && asked.action;
  asked = null;
  if (action) action();
});
$("reveal").textContent = t("web_reveal");
$("reveal").addEventListener("click", function () {
  ask("reveal", "web_reveal", function () {
    state.revealed = true;
    save();
    refresh();
    $("missed-heading").focus();
  });
});
/* Start again: forget this puzzle's answers, verdicts and time, here and in storage. */
function restart() {
  found.clear();
  declared.clear();
  var reset = stamp(), hidden = timerHidden();
  state = fresh();
  state.reset = reset;
  state.timerHidden = hidden;
  lastTick = performance.now();
  cancel();
  showPlacement(null);
  done.length = 0;
  undone.length = 0;
  buttonsState();
  hintLayer.textContent = "";
  drawNotes();
  say("", "");
  $("answer").value = "";
  save();
  refresh();
}
$("restart").textContent = t("web_restart");
$("restart").addEventListener("click", function () {
  ask("restart", "web_restart", function () { restart(); $("restart").focus(); });
});

function record() {
  var done = state.done !== null;
  return {
    format: "conundrum-solve-record",
    version: 1,
    records: [{
      puzzle_id: DATA.id,
      puzzle: DATA.puzzle,
      solve_ms: done ? Math.max(0, Math.round(state.done - state.first)) : null,
      active_ms: done ? Math.round(state.doneActive) : null,
      tries: state.tries,
      wrong: state.wrong,
      found: found.size,
      total: ALL ? DATA.given.length : total,
      revealed: !!state.revealed,
      hints: state.hints.map(function (h) { return {code: h.code, step: h.step}; }),
      // a Lay-them-all record says so, with the positions on the board
      kind: ALL ? "all" : undefined,
      arrangement: ALL ? Array.from(found.values()).map(function (p) { return grid.text(p); }) : undefined
    }]
  };
}
var themeButton = document.createElement("button");
themeButton.type = "button";
themeButton.id = "theme";
themeButton.className = "theme";
themeButton.textContent = "\u25D0 " + t("web_dark");
themeButton.addEventListener("click", function () {
  var dark = document.documentElement.dataset.theme !== "dark";
  try { window.localStorage.setItem(THEME_KEY, dark ? "dark" : "light"); } catch (e) { /* none */ }
  applyTheme();
});
buildSettings();
var shareButton = document.createElement("button");
shareButton.type = "button";
shareButton.id = "share";
shareButton.className = "theme";
shareButton.textContent = "\u2197 " + t("web_share");
shareButton.title = t("web_share_label");
shareButton.addEventListener("click", share);
document.querySelector("header").appendChild(shareButton);
applyTheme();
var timerButton = document.createElement("button");
timerButton.type = "button";
timerButton.id = "timer";
timerButton.addEventListener("click", function () {
  tick();                                   // time up to now counts, then it stops
  state.timerHidden = !timerHidden();
  save();
  showTimerButton();
  showProgress();
});
$("restart").parentNode.insertBefore(timerButton, $("restart"));
showTimerButton();
$("download").textContent = t("web_download");
$("download").addEventListener("click", function () {
  var a = document.createElement("a");
  a.href = "data:application/json;charset=utf-8," + encodeURIComponent(JSON.stringify(record(), null, 2) + "\n");
  a.download = "conundrum-record-" + DATA.id + ".json";
  document.body.appendChild(a);
  a.click();
  a.remove();
});
