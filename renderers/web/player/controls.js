/* The web player, controls.js: The given tiles and the controls: the tile buttons, picking a
   tile, the ghost position, cells' boxes and what a screen reader hears for a cell.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- the given tiles and the controls ------------------------------------------ */
var picked = null;                          // {index, code (reading), dir}
var cursor = [grid.left + Math.floor(grid.width / 2), grid.top + Math.floor(grid.height / 2)];
var shown = null;                           // the placement drawn as the current answer
var shownClass = "";

$("tiles-heading").textContent = t("tiles_heading");
var tileButtons = DATA.given.map(function (g, index) {
  var b = document.createElement("button");
  b.type = "button";
  b.className = "given";
  b.dataset.code = g.code;
  b.setAttribute("aria-pressed", "false");
  var icon = el("svg", {viewBox: "-1 -1 32 12", "class": "icon", "aria-hidden": "true"}, b);
  drawTile(icon, g.code, "h", 0, 0);
  var code = document.createElement("span");
  code.className = "code";
  code.textContent = g.code;
  var count = document.createElement("span");
  count.className = "count";
  b.appendChild(code);
  b.appendChild(count);
  b.addEventListener("click", function (e) {
    pick(index);
    if (e.detail === 0) svg.focus();      // chosen with the keyboard: go on with the keyboard
  });
  $("tiles").appendChild(b);
  return b;
});
function countTiles() {
  tileButtons.forEach(function (b, i) {
    var code = R.canonical(DATA.given[i].code), n = 0;
    if (ALL) {                               // where the tile lies now, never a count
      var at = laidOf(code);
      b.querySelector(".count").textContent = at ? grid.text(at) : t("web_all_not_laid");
      return;
    }
    found.forEach(function (p) { if (p.tile() === code) n++; });
    b.querySelector(".count").textContent = declared.has(code) ? t("web_no_position")
      : hideCounts ? t("web_found_some", {found: n})
      : t("positions", {n: totals[i]}) + " · " + t("web_found_count", {found: n, total: totals[i]});
  });
}

function button(id, label, action) {
  var b = document.createElement("button");
  b.type = "button";
  b.id = id;
  var keyed = /^(.*?)\s*(\([^)]*\))$/.exec(label);    // "Turn (Alt+R)": the keys hidden on a phone
  b.textContent = keyed ? keyed[1] : label;
  if (keyed) b.appendChild(document.createElement("span")).textContent = " " + keyed[2];
  if (keyed) b.lastChild.className = "key";
  b.addEventListener("click", action);
  $("controls").appendChild(b);
  return b;
}
button("rotate", t("web_rotate"), function () { turn(); });
button("flip", t("web_flip"), function () { flip(); });
button("lay", t("web_lay"), function () { lay(); });
button("cancel", t("web_cancel"), function () { cancel(); });
if (ALL) {
  button("take-back", t("web_all_take_back"), function () { takeBack(); });
  button("check-all", t("web_all_check"), function () { checkAll(); }).className = "check-all";
} else {
  button("none", t("web_none"), function () { declare(); });
}

function pick(index) {
  if (picked && picked.index === index) { cancel(); return; }
  picked = {index: index, code: DATA.given[index].code, dir: "h"};
  ghostSeen = false;
  tileButtons.forEach(function (b, i) { b.setAttribute("aria-pressed", String(i === index)); });
  drawCursor();
}
/* The given tile `code` (in either reading) picked as a tap on its button does: its code
   as the page shows it, or null when no given tile has that code. */
function pickCode(code) {
  var c;
  try { c = R.canonical(R.normaliseCode(code)); } catch (e) { return null; }
  for (var i = 0; i < DATA.given.length; i++) {
    if (R.canonical(DATA.given[i].code) === c) { pick(i); return picked ? picked.code : null; }
  }
  return null;
}
/* The position a second tap (or Enter) would lay, in the sheet's notation, or null. */
function ghostText() {
  return picked ? picked.code + " " + grid.name(cursor) + " " + picked.dir : null;
}
/* A cell's box in client pixels, and whether it is empty (no tile of the board, none the
   reader laid or found): null for a name that is not a cell of the board. */
function cellRect(name) {
  var cell;
  try { cell = grid.cell(name); } catch (e) { return null; }
  if (!cell || !grid.inside(cell)) return null;
  var r = svg.getBoundingClientRect(), w = r.width / grid.width, h = r.height / grid.height;
  var taken = !!game.board.at(cell);
  found.forEach(function (p) {
    p.cells().forEach(function (c) { if (c[0] === cell[0] && c[1] === cell[1]) taken = true; });
  });
  return {x: r.left + (cell[0] - grid.left) * w, y: r.top + (cell[1] - grid.top) * h,
    w: w, h: h, empty: !taken};
}
function cancel() {
  picked = null;
  tileButtons.forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
  drawCursor();
}
// a tile picked, turned or reversed: the next tap shows the ghost again before it lays
function turn() { if (picked) { picked.dir = picked.dir === "h" ? "v" : "h"; ghostSeen = false; drawCursor(); } }
function flip() { if (picked) { picked.code = R.reversed(picked.code); ghostSeen = false; drawCursor(); } }
function lay() {
  if (!picked) { say("hint", t("web_pick_first")); return; }
  submit(picked.code + " " + grid.name(cursor) + " " + picked.dir);
}
function declare() {
  if (ALL) return;                           // every tile of Lay them all has its place
  if (!picked) { say("hint", t("web_pick_first")); return; }
  declareNone(picked.code);
}

function drawCursor() {
  cursorLayer.textContent = "";
  var x = sx(cursor[0]), y = sy(cursor[1]);
  if (picked) drawTile(cursorLayer, picked.code, picked.dir, x, y, "ghost");
  el("rect", {x: x, y: y, width: C, height: C, "class": "cursor"}, cursorLayer);
  var where = grid.name(cursor);
  $("cursor-text").textContent = picked ? picked.code + " " + where + " " + picked.dir : where;
  var said = cellSay(cursor);
  if (picked) said += " " + t("web_cell_ghost", {position: $("cursor-text").textContent});
  $("cell-say").textContent = said;
}
/* What a screen reader hears for a cell: its name and what lies there. */
function cellSay(cell) {
  var name = grid.name(cell), here = game.board.at(cell), out;
  if (here) {
    var tile = game.board.tiles[here[1]];
    out = t("web_cell_tile", {cell: name, colour: t(here[0] === "*" ? "colour_joker" : "colour_" + here[0]),
      code: tile ? tile.code : ""});
  } else {
    var mine = [], colour = null, code = "";
    found.forEach(function (p) {
      p.cells().forEach(function (c, i) {
        if (c[0] !== cell[0] || c[1] !== cell[1]) return;
        mine.push(grid.text(p));
        colour = p.code[i];
        code = p.code;
      });
    });
    if (ALL && mine.length) {
      out = t("web_all_cell_laid", {cell: name, code: code,
        colour: t(colour === "*" ? "colour_joker" : "colour_" + colour)});
    } else out = mine.length ? t("web_cell_found", {cell: name, positions: mine.join(", ")})
      : t("web_cell_empty", {cell: name});
  }
  if (state.marks["x:" + name]) out += " " + t("web_cell_crossed");
  return out;
}
function showPlacement(p, cls) {
  shown = p;
  shownClass = cls || "";
  shownLayer.textContent = "";
  if (p) drawTile(shownLayer, p.code, p.dir, sx(p.at[0]), sy(p.at[1]), "answer " + shownClass);
}
