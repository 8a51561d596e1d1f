/* The web player, moves.js: Undo and redo of every change of the board, notes (crosses and
   pencilled positions) and hints in three steps.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- undo and redo ------------------------------------------------------------------ */
/* Every change of the board: an answer laid or a "no position" (taken back as "gone" in
   the kept progress), a note made or rubbed out. "Show answers" is not undoable (it asks). */
var undone = [], done = [];
function act(step) { done.push(step); undone.length = 0; buttonsState(); }
function applyStep(step, forward) {
  if (step.kind === "lay") {                // Lay them all: a tile laid, moved or taken back
    if (forward) { if (step.prev) note(step.prev, false); if (step.key) note(step.key, true); }
    else { if (step.key) note(step.key, false); if (step.prev) note(step.prev, true); }
    restore();
    showPlacement(null);
    drawCursor();
  } else if (step.kind === "answer") {
    note(step.key, forward);
    restore();
    if (forward && step.placement) showPlacement(step.placement, "right");
    else showPlacement(null);
  } else {
    setMark(step.key, forward ? step.after : step.before);
  }
  save();
  refresh();
}
/* One step taken from `from`, applied (`forward`: again; else taken back) and put on `to`,
   and said; returns what it was, null when `from` is empty. */
function travel(from, to, forward, nothing, said) {
  var step = from.pop();
  if (!step) { say("hint", t(nothing)); return null; }
  applyStep(step, forward);
  to.push(step);
  say("hint", t(said, {what: step.label}));
  buttonsState();
  return step.label;
}
function undo() { return travel(done, undone, false, "web_nothing_to_undo", "web_undone"); }
function redo() { return travel(undone, done, true, "web_nothing_to_redo", "web_redone"); }

/* ---- notes: crosses on cells ruled out, pencilled positions ------------------------- */
var notesOn = false;
function setMark(key, on) {
  if (on) state.marks[key] = 1; else delete state.marks[key];
  state.marksAt = stamp();
  drawNotes();
}
function toggleMark(key, label) {
  var before = !!state.marks[key];
  setMark(key, !before);
  act({kind: "mark", key: key, before: before, after: !before, label: label});
  save();
}
function crossCell(cell) { toggleMark("x:" + grid.name(cell), "\u2715 " + grid.name(cell)); }
function pencil() {
  if (!picked) { say("hint", t("web_pick_first")); return; }
  var text = picked.code + " " + grid.name(cursor) + " " + picked.dir;
  toggleMark("p:" + text, "\u270E " + text);
}
function drawNotes() {
  notesLayer.textContent = "";
  Object.keys(state.marks).sort().forEach(function (key) {
    var body = key.slice(2), pos;
    if (key[0] === "x") {
      var c = grid.cell(body), x = sx(c[0]), y = sy(c[1]), m = 2.5;
      var g = el("g", {"class": "cross", "data-cell": body}, notesLayer);
      el("path", {d: "M" + (x + m) + " " + (y + m) + "L" + (x + C - m) + " " + (y + C - m) +
        "M" + (x + C - m) + " " + (y + m) + "L" + (x + m) + " " + (y + C - m)}, g);
    } else if (key[0] === "p") {
      try { pos = grid.parse(body); } catch (e) { return; }
      var t0 = drawTile(notesLayer, pos.code, pos.dir, sx(pos.at[0]), sy(pos.at[1]), "pencil");
      t0.dataset.position = body;
    }
  });
  $("notes-list").textContent = Object.keys(state.marks).sort().map(function (k) {
    return (k[0] === "x" ? "\u2715 " : "\u270E ") + k.slice(2);
  }).join(", ");
}
function toggleNotes() {
  notesOn = !notesOn;
  $("notes").setAttribute("aria-pressed", String(notesOn));
  document.body.classList.toggle("notes-on", notesOn);
}

/* ---- hints in three steps ---------------------------------------------------------------- */
/* For the tile asked about, the first of its positions not yet found: first the quarter
   of the board where it lies, then the cell where it starts, then the whole position.
   Each step is recorded (the solving record's `hints`). */
function hint(code) {
  var c;
  if (ALL && code == null) code = DATA.given[0].code;   // then the first tile not in place
  try { c = R.canonical(R.normaliseCode(String(code))); } catch (e) { c = null; }
  var given = DATA.given.filter(function (g) { return R.canonical(g.code) === c; })[0];
  if (!given) { say("hint", t("web_pick_first")); return null; }
  if (ALL && !allTarget(given.code)) {        // that tile is in place: help with another
    given = DATA.given.filter(function (g) { return allTarget(g.code); })[0] || given;
  }
  c = given.code;                           // named as the page shows it
  var target = ALL ? allTarget(c)
    : game.positions(given.code).filter(function (p) { return !found.has(p.id()); })[0];
  var out;
  if (!target && ALL) {
    out = {step: 0, kind: "position", code: c, text: t("web_all_hint_done")};
  } else if (!target) {
    var none = noneCodes.indexOf(R.canonical(c)) >= 0;
    out = {step: 3, kind: "position", code: c,
      text: none ? t("web_hint_none", {code: c}) : t("web_hint_done", {code: c})};
    if (!none) out.step = 0;
  } else {
    var aim = grid.text(target);
    var steps = state.hints.filter(function (h) { return h.target === aim; }).length;
    var step = Math.min(3, steps + 1);
    out = {step: step, kind: ["region", "cell", "position"][step - 1], code: c};
    hintLayer.textContent = "";
    if (step === 1) {
      var col = target.at[0] - grid.left, row = target.at[1] - grid.top;
      var halfW = Math.ceil(grid.width / 2), halfH = Math.ceil(grid.height / 2);
      var c0 = col < halfW ? 0 : halfW, c1 = col < halfW ? halfW - 1 : grid.width - 1;
      var r0 = row < halfH ? 0 : halfH, r1 = row < halfH ? halfH - 1 : grid.height - 1;
      out.region = {columns: R.columnLabel(c0) + "\u2013" + R.columnLabel(c1),
        rows: (r0 + 1) + "\u2013" + (r1 + 1)};
      out.text = t(ALL ? "web_all_hint_region" : "web_hint_region",
        {code: c, columns: out.region.columns, rows: out.region.rows});
      el("rect", {x: c0 * C, y: r0 * C, width: (c1 - c0 + 1) * C, height: (r1 - r0 + 1) * C,
        "class": "hint-region"}, hintLayer);
    } else if (step === 2) {
      out.cell = grid.name(target.at);
      out.text = t(ALL ? "web_all_hint_cell" : "web_hint_cell", {code: c, cell: out.cell});
      el("rect", {x: sx(target.at[0]), y: sy(target.at[1]), width: C, height: C,
        "class": "hint-cell"}, hintLayer);
    } else {
      out.position = aim;
      out.text = t("web_hint_position", {answer: aim});
      drawTile(hintLayer, target.code, target.dir, sx(target.at[0]), sy(target.at[1]), "hint-tile");
    }
    if (steps < 3) {                        // the whole position, shown again, is not a new hint
      state.hints.push({code: c, step: step, target: aim, at: stamp()});
      save();
    }
  }
  say("hint", out.text);
  return {step: out.step, kind: out.kind, text: out.text, region: out.region || null,
    cell: out.cell || null, position: out.position || null};
}
function hintPicked() {
  if (prefs.hints === false) return;        // hints turned off in the Settings menu
  if (ALL && !picked) { hint(null); return; }  // the first tile not yet in its place
  if (!picked) { say("hint", t("web_pick_first")); return; }
  hint(picked.code);
}
/* Lay them all: where a tile lies in the one arrangement, unless the reader laid it there. */
function allTarget(code) {
  var tile = R.canonical(code), mine = laidOf(tile);
  var aim = theArrangement().filter(function (p) { return p.tile() === tile; })[0] || null;
  return aim && !(mine && mine.id() === aim.id()) ? aim : null;
}
