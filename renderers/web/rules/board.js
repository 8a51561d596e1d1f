/* The rules in JavaScript, board.js: Notation, placements, the board and the rules' explain
   (why a placement is illegal): conundrum/notation.py, placement.py and rules.py again.
   One of the rules' modules, joined in order inside the function that makes ConundrumRules by
   renderers/web/page.py (RULES_MODULES); they share its scope. */
var COLOURS = "RYGBP";
var JOKER = "*";
var MAX_COORD = 1000000;
var STEP = {h: [1, 0], v: [0, 1]};

function Fault(key, params) { this.key = key; this.params = params || {}; }

function reversed(code) { return code.split("").reverse().join(""); }
function canonical(code) { var r = reversed(code); return code <= r ? code : r; }
function matches(a, b) { return a === b || a === JOKER || b === JOKER; }
function key(x, y) { return x + "," + y; }
/* A cell as one number, for the board's map: no string built per look-up (a page finds
   every position at load). Exact for any coordinate within MAX_COORD and the drawn margin. */
var OFF = 2097152, SPAN = 4194304;
function cellKey(x, y) { return (x + OFF) * SPAN + (y + OFF); }

/* Python's repr() of a str, as the Python messages show it ('RY', "it's"). */
function pyRepr(s) {
  var q = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
  var out = "";
  Array.from(s).forEach(function (ch) {
    var c = ch.codePointAt(0);
    if (ch === "\\") out += "\\\\";
    else if (ch === q) out += "\\" + q;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += "\\x" + ("0" + c.toString(16)).slice(-2);
    else out += ch;
  });
  return q + out + q;
}

/* tiles.normalise_code */
function normaliseCode(code) {
  var text = code.trim().toUpperCase();
  var chars = Array.from(text);
  if (chars.length !== 3) {
    throw new Fault("unreadable_squares", {code: pyRepr(code), n: chars.length});
  }
  for (var i = 0; i < 3; i++) {
    var ch = chars[i];
    if (ch === JOKER && i === 1) continue;
    if (ch === JOKER) throw new Fault("unreadable_joker", {code: pyRepr(code)});
    if (COLOURS.indexOf(ch) < 0) {
      throw new Fault("unreadable_colour", {code: pyRepr(code), ch: pyRepr(ch)});
    }
  }
  return text;
}

/* notation.column_label / column_index */
function columnLabel(index) {
  var label = "", n = index + 1;
  while (n) {
    var rem = (n - 1) % 26;
    n = Math.floor((n - 1) / 26);
    label = String.fromCharCode(65 + rem) + label;
  }
  return label;
}
function columnIndex(label) {
  var n = 0;
  label.toUpperCase().split("").forEach(function (ch) { n = n * 26 + (ch.charCodeAt(0) - 64); });
  return n - 1;
}

function Placement(code, at, dir) { this.code = code; this.at = at; this.dir = dir; }
Placement.prototype.cells = function () {
  var s = STEP[this.dir], x = this.at[0], y = this.at[1];
  return [[x, y], [x + s[0], y + s[1]], [x + 2 * s[0], y + 2 * s[1]]];
};
Placement.prototype.id = function () { return this.code + "@" + key(this.at[0], this.at[1]) + this.dir; };
Placement.prototype.tile = function () { return canonical(this.code); };

/* placement.from_cells */
function fromCells(code, first, last) {
  var d;
  if (first[1] === last[1] && Math.abs(last[0] - first[0]) === 2) d = "h";
  else if (first[0] === last[0] && Math.abs(last[1] - first[1]) === 2) d = "v";
  else throw new Fault("unreadable_span", {});
  var before = last[0] < first[0] || (last[0] === first[0] && last[1] < first[1]);
  return before ? new Placement(reversed(code), last, d) : new Placement(code, first, d);
}

/* notation.Grid: the drawn area and the reader's notation. */
function Grid(left, top, width, height) {
  this.left = left; this.top = top; this.width = width; this.height = height;
}
Grid.prototype.name = function (cell) {
  var col = cell[0] - this.left, row = cell[1] - this.top;
  if (col < 0 || row < 0) return "(" + cell[0] + "," + cell[1] + ")";
  return columnLabel(col) + (row + 1);
};
Grid.prototype.cell = function (name) {
  var m = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(name.trim());
  if (!m || parseInt(m[2], 10) < 1) throw new Fault("unreadable_cell", {name: pyRepr(name)});
  var x = this.left + columnIndex(m[1]);
  var y = this.top + parseInt(m[2], 10) - 1;
  // the drawn area reaches 3 cells past a board at the limit: its cells are read
  if (!this.inside([x, y]) && (Math.abs(x) > MAX_COORD || Math.abs(y) > MAX_COORD)) {
    throw new Fault("unreadable_limit", {name: name});
  }
  return [x, y];
};
Grid.prototype.inside = function (cell) {
  return cell[0] - this.left >= 0 && cell[0] - this.left < this.width &&
    cell[1] - this.top >= 0 && cell[1] - this.top < this.height;
};
Grid.prototype.text = function (p) { return p.code + " " + this.name(p.at) + " " + p.dir; };
Grid.prototype.spanText = function (p) {
  var c = p.cells();
  return p.code + " " + this.name(c[0]) + "-" + this.name(c[2]);
};
Grid.prototype.parse = function (line) {
  var parts = line.split("\u2013").join("-").trim().split(/\s+/).filter(Boolean);
  var code;
  if (parts.length === 2 && parts[1].indexOf("-") >= 0) {
    code = normaliseCode(parts[0]);
    var cut = parts[1].indexOf("-");
    var first = this.cell(parts[1].slice(0, cut));
    var last = this.cell(parts[1].slice(cut + 1));
    return fromCells(code, first, last);
  }
  if (parts.length === 4 && parts[2] === "-") {
    code = normaliseCode(parts[0]);
    return fromCells(code, this.cell(parts[1]), this.cell(parts[3]));
  }
  if (parts.length === 3 && (parts[2].toLowerCase() === "h" || parts[2].toLowerCase() === "v")) {
    code = normaliseCode(parts[0]);
    return new Placement(code, this.cell(parts[1]), parts[2].toLowerCase());
  }
  throw new Fault("unreadable_shape", {});
};

/* The board: cells -> colour and tile index. */
function Board(placements) {
  var self = this;
  this.tiles = [];
  this.cellMap = new Map();
  placements.forEach(function (q) {
    var p = new Placement(q.code, [q.at[0], q.at[1]], q.dir);
    var tid = self.tiles.length;
    self.tiles.push(p);
    p.cells().forEach(function (c, i) { self.cellMap.set(cellKey(c[0], c[1]), [p.code[i], tid]); });
  });
}
Board.prototype.at = function (cell) { return this.cellMap.get(cellKey(cell[0], cell[1])); };
/* Every cell the board's tiles cover, once each. */
Board.prototype.cells = function () {
  var out = [];
  this.tiles.forEach(function (p) { p.cells().forEach(function (c) { out.push(c); }); });
  return out;
};
Board.prototype.contains = function (code) {
  var t = canonical(code);
  return this.tiles.some(function (p) { return p.tile() === t; });
};
Board.prototype.bbox = function () {
  var xs = [], ys = [];
  this.cells().forEach(function (c) { xs.push(c[0]); ys.push(c[1]); });
  if (!xs.length) return [0, 0, 0, 0];
  return [Math.min.apply(null, xs), Math.min.apply(null, ys),
    Math.max.apply(null, xs), Math.max.apply(null, ys)];
};

function neighbours(c) {
  return [[c[0] - 1, c[1]], [c[0] + 1, c[1]], [c[0], c[1] - 1], [c[0], c[1] + 1]];
}
function sameCell(a, b) { return a[0] === b[0] && a[1] === b[1]; }

/* rules.contacts: in the new tile's square order, neighbours left, right, up, down. */
function contacts(board, p) {
  var cells = p.cells(), out = [];
  cells.forEach(function (cell, i) {
    neighbours(cell).forEach(function (n) {
      if (cells.some(function (c) { return sameCell(c, n); })) return;
      var hit = board.at(n);
      if (hit) out.push({cell: cell, colour: p.code[i], other: n, otherColour: hit[0], otherTile: hit[1]});
    });
  });
  return out;
}

function overlap(board, p, name) {
  var cells = p.cells();
  for (var i = 0; i < 3; i++) {
    var hit = board.at(cells[i]);
    if (hit) return new Fault("reason_overlap", {cell: name(cells[i]), code: board.tiles[hit[1]].code});
  }
  return null;
}

function clash(board, c, name) {
  return new Fault("reason_clash", {cell: name(c.cell), colour: c.colour, other_colour: c.otherColour,
    other_cell: name(c.other), code: board.tiles[c.otherTile].code});
}

function isOpenEnd(board, cell) {
  var hit = board.at(cell);
  if (!hit) return false;
  var tid = hit[1], cells = board.tiles[tid].cells();
  if (!sameCell(cell, cells[0]) && !sameCell(cell, cells[2])) return false;
  return !neighbours(cell).some(function (n) { var h = board.at(n); return h && h[1] !== tid; });
}

/* RuleSet.explain: why a placement is illegal (a Fault), or null when legal. */
var explain = {
  standard: function (board, p, name) {
    var hit = overlap(board, p, name);
    if (hit) return hit;
    var found = contacts(board, p);
    for (var i = 0; i < found.length; i++) {
      if (!matches(found[i].colour, found[i].otherColour)) return clash(board, found[i], name);
    }
    if (found.length < 2) return new Fault("reason_too_few", {n: found.length});
    return null;
  },
  junior: function (board, p, name) {
    var hit = overlap(board, p, name);
    if (hit) return hit;
    var found = contacts(board, p);
    if (found.length !== 1) return new Fault("reason_junior_contacts", {n: found.length});
    var c = found[0];
    if (!matches(c.colour, c.otherColour)) return clash(board, c, name);
    if (!isOpenEnd(board, c.other)) return new Fault("reason_not_open", {cell: name(c.other)});
    var idx = p.cells().findIndex(function (x) { return sameCell(x, c.cell); });
    var joker = p.code[1] === JOKER;
    if (joker ? idx !== 1 : idx === 1) {
      return new Fault(joker ? "reason_junior_centre" : "reason_junior_end", {});
    }
    return null;
  }
};

function readingOrder(a, b) {
  var ka = [a.at[1], a.at[0]], kb = [b.at[1], b.at[0]];
  if (ka[0] !== kb[0]) return ka[0] - kb[0];
  if (ka[1] !== kb[1]) return ka[1] - kb[1];
  if (a.dir !== b.dir) return a.dir < b.dir ? -1 : 1;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
