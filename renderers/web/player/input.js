/* The web player, input.js: Pointer and keys on the board: taps, clicks, double taps, keys by
   event.code, Alt commands and the "?" keys panel.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
/* ---- pointer and keys on the board --------------------------------------------- */
function cellAt(e) {
  var pt = svg.createSVGPoint();
  pt.x = e.clientX; pt.y = e.clientY;
  var q = pt.matrixTransform(svg.getScreenCTM().inverse());
  var cx = Math.floor(q.x / C), cy = Math.floor(q.y / C);
  if (cx < 0 || cy < 0 || cx >= grid.width || cy >= grid.height) return null;
  return [grid.left + cx, grid.top + cy];
}
svg.addEventListener("pointermove", function (e) {
  if (e.pointerType !== "mouse") return;
  var c = cellAt(e);
  hoverName(c);
  if (c && (c[0] !== cursor[0] || c[1] !== cursor[1])) { cursor = c; drawCursor(); }
});
svg.addEventListener("pointerleave", function () { hoverName(null); });
/* A found tile's position on hover: the drawing takes no pointer events (one target, see
   below), so its own <title> never shows; the board's box carries the names of the found
   positions on the cell under the mouse as its tooltip instead. */
function hoverName(c) {
  var names = [], box = svg.parentNode;
  if (c) {
    found.forEach(function (p) {
      if (p.cells().some(function (xy) { return xy[0] === c[0] && xy[1] === c[1]; })) {
        names.push(grid.text(p));
      }
    });
  }
  if (names.length) box.title = names.join("; ");
  else box.removeAttribute("title");
}
/* A finger's tap is read where the finger came down (pointerdown), never from the click
   that follows: Chromium and phones move a tap's click onto a nearby element that looks
   clickable (touch adjustment), which put the ghost on the cell beside the one tapped.
   The board's drawing takes no pointer events (player.css), so the board is one target. */
var press = null;                           // {x, y, id} while a finger is down
svg.addEventListener("pointerdown", function (e) {
  if (e.pointerType === "mouse") return;
  press = e.isPrimary ? {x: e.clientX, y: e.clientY, id: e.pointerId} : null;
});
svg.addEventListener("pointercancel", function () { press = null; });  // a pan or a pinch
svg.addEventListener("pointerup", function (e) {
  var p = press;
  press = null;
  if (!p || e.pointerId !== p.id || pinch) return;
  if (Math.hypot(e.clientX - p.x, e.clientY - p.y) > 12) return;   // a drag, not a tap
  if (doubleTap(p)) return;
  boardTap(cellAt({clientX: p.x, clientY: p.y}), false);
});
/* With no tile picked (and notes off), two quick taps zoom to finger-sized cells (at least
   32 px) around the tap, or back to the whole board when they are that large already; with
   a tile picked, two taps on a cell lay it, as always. True when the taps zoomed. */
var lastTap = null, FINGER = 32;
function doubleTap(p) {
  var now = performance.now(), before = lastTap;
  lastTap = {x: p.x, y: p.y, at: now};
  if (picked || notesOn || !before || now - before.at > 350 ||
      Math.hypot(p.x - before.x, p.y - before.y) > 24) return false;
  lastTap = null;
  var r = view.getBoundingClientRect();
  zoomTo(fitCell * zoom >= FINGER - 0.5 ? 1 : Math.max(zoom * 1.5, FINGER / fitCell),
    p.x - r.left, p.y - r.top);
  return true;
}
svg.addEventListener("click", function (e) {
  if (e.pointerType && e.pointerType !== "mouse") return;   // a tap: read at pointerup
  boardTap(cellAt(e), true);
});
/* A mouse click lays at once (the ghost already showed where); a tap first shows the ghost,
   and a second tap on the same cell lays. In notes mode the same gestures pencil the
   position (a tile picked) or cross the cell. */
var ghostSeen = false;                      // the ghost was shown by a tap, as it now stands
function boardTap(c, mouse) {
  if (!c) return;
  var same = c[0] === cursor[0] && c[1] === cursor[1] && ghostSeen;
  ghostSeen = true;
  cursor = c;
  drawCursor();
  if (notesOn && (same || mouse)) {
    if (picked) pencil(); else crossCell(c);
    return;
  }
  if (picked && (same || mouse)) lay();
}
/* Keys by event.code, the key's place on the keyboard, so commands work on any layout
   (Ukrainian, AZERTY...). On the board a letter or a digit only ever names a cell: typed
   ("K11") it moves the cursor there, ended by a pause, Enter or the next letter; a command
   needs Alt (Option), as the toolbar's words say, so "h4" goes to H4 and never gives a
   hint. Home/End go to the row's ends, PageUp/PageDown to the column's; "?" lists the keys. */
var typing = null;                          // {text, timer} while a cell name is typed
function moveTo(c) {
  if (!grid.inside(c)) return false;
  cursor = c;
  drawCursor();
  return true;
}
function typeCell(ch) {
  if (typing) clearTimeout(typing.timer); else typing = {text: ""};
  typing.text += ch;
  var done = function () {
    var text = typing ? typing.text : "";
    typing = null;
    try { if (/\d$/.test(text)) moveTo(grid.cell(text)); } catch (e) { /* not a cell */ }
    drawCursor();
  };
  typing.timer = setTimeout(done, 900);
  typing.finish = done;
  $("cursor-text").textContent = typing.text;
}
function endTyping() {
  if (!typing) return;
  clearTimeout(typing.timer);
  typing.finish();
}
var COMMANDS = {KeyR: turn, KeyF: flip, KeyN: declare, KeyP: pencil, KeyH: hintPicked,
  KeyX: function () { crossCell(cursor); }};
/* A key with Alt: a command, or Alt+digit to pick a tile. True when it was one. */
function command(code, digit) {
  if (COMMANDS[code]) { endTyping(); COMMANDS[code](); return true; }
  if (digit && +digit[1] >= 1 && +digit[1] <= DATA.given.length) { pick(+digit[1] - 1); return true; }
  return false;
}
svg.addEventListener("keydown", function (e) {
  if (e.ctrlKey || e.metaKey) return;
  var moves = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  var code = e.code || "", letter = /^Key([A-Z])$/.exec(code), digit = /^(?:Digit|Numpad)(\d)$/.exec(code);
  if (e.altKey) {
    if (!command(code, digit)) return;
  } else if (e.key === "?") {
    showKeys(true);
  } else if (letter || digit) {
    if (letter && typing && /\d/.test(typing.text)) endTyping();   // the next cell's name
    if (letter || typing) typeCell(letter ? letter[1] : digit[1]);
  } else if (typing && (code === "Enter" || code === "NumpadEnter")) {
    endTyping();
  } else if (moves[code]) {
    moveTo([cursor[0] + moves[code][0], cursor[1] + moves[code][1]]);
  } else if (code === "Home" || code === "End") {
    moveTo([code === "Home" ? grid.left : grid.left + grid.width - 1, cursor[1]]);
  } else if (code === "PageUp" || code === "PageDown") {
    moveTo([cursor[0], code === "PageUp" ? grid.top : grid.top + grid.height - 1]);
  } else if (code === "Enter" || code === "NumpadEnter" || code === "Space") {
    if (notesOn) { if (picked) pencil(); else crossCell(cursor); } else lay();
  } else if (code === "Escape") {
    if (!$("keys").hidden) showKeys(false); else cancel();
  } else if (ALL && (code === "Delete" || code === "Backspace")) {
    takeBack();
  } else {
    return;
  }
  e.preventDefault();
});
/* The "?" panel: every key of the board, as web_keys_list pairs them (key|what it does). */
function buildKeys() {
  var box = hiddenPanel("div", "keys", {role: "region", "aria-label": t("web_keys")});
  var dl = document.createElement("dl"), parts = t("web_keys_list").split("|");
  for (var i = 0; i + 1 < parts.length; i += 2) {
    dl.appendChild(document.createElement("dt")).textContent = parts[i];
    dl.appendChild(document.createElement("dd")).textContent = parts[i + 1];
  }
  box.appendChild(dl);
  view.parentNode.insertBefore(box, view);
}
function showKeys(on) {
  $("keys").hidden = !on;
  $("keys-button").setAttribute("aria-expanded", String(on));
}
