/* The web player, board.js: Drawing the board in SVG (grid, tiles, layers, the printed board),
   fitting it to the screen, zoom and pinch, and the colour legend.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- drawing ----------------------------------------------------------------- */
function el(name, attrs, parent) {
  var e = document.createElementNS(NS, name);
  Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (parent) parent.appendChild(e);
  return e;
}
/* el's HTML counterpart for a panel the player adds to the page (the "?" keys, the finish
   card): id and class `id`, hidden until shown, with its ARIA attributes. */
function hiddenPanel(tag, id, attrs) {
  var e = document.createElement(tag);
  e.id = id;
  e.className = id;
  e.hidden = true;
  Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  return e;
}
function sx(x) { return (x - grid.left) * C; }
function sy(y) { return (y - grid.top) * C; }

/* renderers/draw.py square_rects: the three squares of a tile, inset from its cells. */
function squareRects(x, y, dir) {
  var dx = dir === "h" ? 1 : 0, dy = 1 - dx, out = [];
  for (var i = 0; i < 3; i++) {
    var cx = x + i * dx * C, cy = y + i * dy * C;
    var l = (i === 0 || dy) ? GAP : 0, r = (i === 2 || dy) ? GAP : 0;
    var tp = (i === 0 || dx) ? GAP : 0, b = (i === 2 || dx) ? GAP : 0;
    out.push([cx + l, cy + tp, C - l - r, C - tp - b]);
  }
  return out;
}
function drawTile(parent, code, dir, x, y, cls) {
  var g = el("g", {"class": "tile " + (cls || "")}, parent);
  var rects = squareRects(x, y, dir);
  rects.forEach(function (r, i) {
    var id = code[i] === "*" ? "J" : code[i];
    el("use", {href: "#sq-" + id, x: r[0], y: r[1], width: r[2], height: r[3]}, g);
  });
  rects.slice(1).forEach(function (b) {
    if (dir === "h") el("line", {x1: b[0], y1: b[1], x2: b[0], y2: b[1] + b[3], "class": "sep"}, g);
    else el("line", {x1: b[0], y1: b[1], x2: b[0] + b[2], y2: b[1], "class": "sep"}, g);
  });
  var x0 = rects[0][0], y0 = rects[0][1];
  var x1 = rects[2][0] + rects[2][2], y1 = rects[2][1] + rects[2][3];
  el("rect", {x: x0, y: y0, width: x1 - x0, height: y1 - y0, "class": "outline"}, g);
  return g;
}

var svg = $("board");
var W = grid.width * C, H = grid.height * C;
svg.setAttribute("viewBox", [0, 0, W, H].join(" "));
svg.setAttribute("aria-label", t(ALL ? "web_all_board_label" : "web_board_label",
  {columns: grid.width, rows: grid.height}));
["left", "top", "width", "height"].forEach(function (k) { svg.dataset[k] = grid[k]; });
function drawBoard() {
  var g = el("g", {"class": "grid", id: "board-grid"}, svg);
  el("rect", {x: 0, y: 0, width: W, height: H, "class": "area"}, g);
  var d = "";
  for (var i = 1; i < grid.width; i++) d += "M" + i * C + " 0V" + H;
  for (var j = 1; j < grid.height; j++) d += "M0 " + j * C + "H" + W;
  el("path", {d: d, "class": "lines"}, g);
  el("rect", {x: 0, y: 0, width: W, height: H, "class": "frame"}, g);
  // The labels live beside the board, in strips that stay in view while it is panned.
  for (i = 0; i < grid.width; i++) {
    $("cols").appendChild(document.createElement("span")).textContent = R.columnLabel(i);
  }
  for (j = 0; j < grid.height; j++) {
    $("rows").appendChild(document.createElement("span")).textContent = String(j + 1);
  }
  var tiles = el("g", {"class": "laid", id: "board-laid"}, svg);
  game.board.tiles.forEach(function (p) {
    var g = drawTile(tiles, p.code, p.dir, sx(p.at[0]), sy(p.at[1]));
    g.setAttribute("role", "img");            // laid tiles have names
    g.setAttribute("aria-label", t("web_laid_tile", {position: grid.spanText(p)}));
  });
}
drawBoard();
var foundLayer = el("g", {"class": "found-marks", "aria-hidden": "true", id: "board-found"}, svg);
var notesLayer = el("g", {"class": "notes", "aria-hidden": "true"}, svg);
var hintLayer = el("g", {"class": "hints", "aria-hidden": "true"}, svg);
var shownLayer = el("g", {"class": "shown"}, svg);
var cursorLayer = el("g", {"class": "cursor-layer"}, svg);

/* The printed board (shown only in print, made when the page is printed): the board's grid, laid tiles and found positions
   (live copies, by <use>), with its column letters and row numbers around it, as the
   sheet prints them; no cursor, ghost, hint or answer shown. */
function printBoard() {
  if ($("print-board")) return;
  var band = 8, p = el("svg", {id: "print-board", "class": "print-board", "aria-hidden": "true",
    viewBox: [-band, -band, W + band + 1, H + band + 1].join(" ")});
  ["board-grid", "board-laid", "board-found"].forEach(function (id) { el("use", {href: "#" + id}, p); });
  var labels = el("g", {"class": "print-labels"}, p);
  for (var i = 0; i < grid.width; i++) {
    el("text", {x: i * C + C / 2, y: -2.5, "text-anchor": "middle"}, labels).textContent = R.columnLabel(i);
  }
  for (var j = 0; j < grid.height; j++) {
    el("text", {x: -2, y: j * C + C / 2 + 1.6, "text-anchor": "end"}, labels).textContent = String(j + 1);
  }
  $("view").parentNode.appendChild(p);
  $("view").parentNode.classList.add("printable");   // in print: this board, not the view
}
// made when the page is printed, not at load (its copies of the board cost time to build)
window.addEventListener("beforeprint", printBoard);
if (window.matchMedia) {
  var printing = window.matchMedia("print");
  if (printing.addEventListener) printing.addEventListener("change", function (e) { if (e.matches) printBoard(); });
}

/* ---- fitting the board to the screen, zoom and pinch ------------------------------- */
/* At load the board shows its playable area (the drawn grid: the tiles' box and the cells
   a tile can reach from it). On a wide screen all of it fits, to the width of its column
   and the height left; on a phone it takes the full width (cells as large as the screen
   allows) and, when that is taller than the room left above the docked bar, its own box
   scrolls down. The zoom then scales from that fit; labels stay in view while panning. */
var view = $("view"), zoom = 1, fitCell = 20, LW = 26, LH = 20, boxH = null;
var phone = window.matchMedia ? window.matchMedia("screen and (max-width: 760px)") : {matches: false};
function fit() {
  var wrap = view.parentNode, top = wrap.getBoundingClientRect().top + window.scrollY;
  var above = view.getBoundingClientRect().top - wrap.getBoundingClientRect().top;
  var below = ($("cursor-text") ? $("cursor-text").offsetHeight + 6 : 24);
  var dock = phone.matches ? $("dock").offsetHeight : 0;
  var availW = wrap.clientWidth - LW;
  // (a phone's bar is docked under the board's own box: the page need not scroll at load)
  var availH = window.innerHeight - (phone.matches ? top : Math.min(top, 120)) - above - below - dock - LH - 4;
  availH = Math.max(availH, window.innerHeight * 0.3);
  var whole = Math.min(availW / grid.width, availH / grid.height);
  fitCell = Math.max(4, Math.min(phone.matches ? availW / grid.width : whole, 48));
  boxH = fitCell * grid.height > availH + 0.5 ? Math.max(availH, fitCell * 6) : null;
  scale();
}
function scale(cx, cy) {
  // the point of the board under (cx, cy) in the view stays there; the whole board fitted
  // (as at load) has nothing to scroll, and setting the scroll would lay the page out
  // once more before it is drawn (a tenth of the page's start on a throttled phone)
  var scrolls = zoom !== 1 || boxH !== null, fx = 0, fy = 0;
  if (scrolls) {
    var r = view.getBoundingClientRect();
    cx = cx === undefined ? r.width / 2 : cx;
    cy = cy === undefined ? r.height / 2 : cy;
    fx = (view.scrollLeft + cx - LW) / (svg.clientWidth || 1);
    fy = (view.scrollTop + cy - LH) / (svg.clientHeight || 1);
  }
  var cell = fitCell * zoom;
  view.style.setProperty("--cell", cell + "px");
  view.style.setProperty("--lw", LW + "px");
  view.style.setProperty("--lh", LH + "px");
  svg.setAttribute("width", String(cell * grid.width));
  svg.setAttribute("height", String(cell * grid.height));
  view.style.width = Math.ceil(LW + fitCell * grid.width) + "px";
  view.style.height = Math.ceil(LH + (boxH === null ? fitCell * grid.height : boxH)) + "px";
  if (scrolls) {
    view.scrollLeft = fx * cell * grid.width - cx + LW;
    view.scrollTop = fy * cell * grid.height - cy + LH;
  }
  view.dataset.zoom = String(zoom);
}
function maxZoom() { return Math.max(3, 64 / fitCell, FINGER / fitCell); }
function zoomTo(z, cx, cy) {
  zoom = Math.min(maxZoom(), Math.max(1, z));
  scale(cx, cy);
}
function zoomButton(id, label, text, action, word) {
  var b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = text;
  if (word) b.appendChild(document.createElement("span")).textContent = " " + word;
  b.setAttribute("aria-label", label);
  b.title = label;
  b.addEventListener("click", action);
  $("zoom").appendChild(b);
  return b;
}
/* a label's words without its keys ("Undo (Ctrl+Z)": "Undo"), shown under a button's icon */
function word(key) { return t(key).replace(/\s*\([^)]*\)$/, ""); }
zoomButton("zoom-out", t("web_zoom_out"), "\u2212", function () { zoomTo(zoom / 1.5); }, word("web_zoom_out"));
zoomButton("zoom-in", t("web_zoom_in"), "+", function () { zoomTo(zoom * 1.5); }, word("web_zoom_in"));
zoomButton("zoom-fit", t("web_zoom_fit"), "\u2922", function () { zoomTo(1); }, t("web_zoom_fit"));
zoomButton("undo", t("web_undo"), "\u21B6", function () { undo(); }, word("web_undo"));
zoomButton("redo", t("web_redo"), "\u21B7", function () { redo(); }, word("web_redo"));
zoomButton("notes", t("web_notes_label"), "\u270E", function () { toggleNotes(); }, t("web_notes"))
  .setAttribute("aria-pressed", "false");
zoomButton("hint", t("web_hint_label"), "?", function () { hintPicked(); }, t("web_hint_button"));
zoomButton("keys-button", t("web_keys"), "\u2328", function () { showKeys($("keys").hidden); }, t("web_keys"))
  .setAttribute("aria-expanded", "false");
function buttonsState() {
  $("undo").disabled = done.length === 0;
  $("redo").disabled = undone.length === 0;
}
buildKeys();
/* Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac) anywhere but in the typing box, which has its own. */
document.addEventListener("keydown", function (e) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.code !== "KeyZ" && e.code !== "KeyY") return;
  if (e.target && e.target.id === "answer") return;
  e.preventDefault();
  if (e.code === "KeyY" || e.shiftKey) redo(); else undo();
});

/* Two fingers on the board zoom it (one finger pans, as the browser does). */
var pinch = null;
function spread(e) {
  var a = e.touches[0], b = e.touches[1];
  return {d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
    x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2};
}
view.addEventListener("touchstart", function (e) {
  if (e.touches.length === 2) pinch = {start: spread(e), zoom: zoom};
}, {passive: true});
view.addEventListener("touchmove", function (e) {
  if (!pinch || e.touches.length !== 2) return;
  e.preventDefault();
  var now = spread(e), r = view.getBoundingClientRect();
  zoomTo(pinch.zoom * now.d / (pinch.start.d || 1), now.x - r.left, now.y - r.top);
}, {passive: false});
view.addEventListener("touchend", function (e) { if (e.touches.length < 2) pinch = null; });
window.addEventListener("resize", fit);

/* The colour legend, as on the sheet: each square, its letter and its name. */
"RYGBP*".split("").forEach(function (c) {
  var item = document.createElement("span");
  var icon = el("svg", {viewBox: "0 0 10 10", "class": "swatch", "aria-hidden": "true"}, item);
  el("use", {href: "#sq-" + (c === "*" ? "J" : c), x: 0, y: 0, width: 10, height: 10}, icon);
  el("rect", {x: 0, y: 0, width: 10, height: 10, "class": "swatch-edge"}, icon);
  if (c !== "*") {
    var b = document.createElement("b");
    b.textContent = c;
    item.appendChild(b);
  }
  item.appendChild(document.createTextNode(t(c === "*" ? "colour_joker" : "colour_" + c)));
  $("legend").appendChild(item);
});
