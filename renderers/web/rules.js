/* Conundrum rules in JavaScript: the second implementation of conundrum/rules.py,
   conundrum/notation.py and conundrum/check.py, for the web player.
   It must agree with Python on every position and every reason; tests/test_web_rules.py
   checks it against the Python solver and `conundrum check` on many boards.
   A reason is {key, params}: the page words it from its catalogue (in English
   exactly as `conundrum check` does). Plain ES2017, no dependencies. */
"use strict";

var ConundrumRules = (function () {
  var COLOURS = "RYGBP";
  var JOKER = "*";
  var MAX_COORD = 1000000;
  var STEP = {h: [1, 0], v: [0, 1]};

  function Fault(key, params) { this.key = key; this.params = params || {}; }

  function reversed(code) { return code.split("").reverse().join(""); }
  function canonical(code) { var r = reversed(code); return code <= r ? code : r; }
  function matches(a, b) { return a === b || a === JOKER || b === JOKER; }
  function key(x, y) { return x + "," + y; }

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
      p.cells().forEach(function (c, i) { self.cellMap.set(key(c[0], c[1]), [p.code[i], tid]); });
    });
  }
  Board.prototype.at = function (cell) { return this.cellMap.get(key(cell[0], cell[1])); };
  Board.prototype.contains = function (code) {
    var t = canonical(code);
    return this.tiles.some(function (p) { return p.tile() === t; });
  };
  Board.prototype.bbox = function () {
    var xs = [], ys = [];
    this.cellMap.forEach(function (_v, k) {
      var xy = k.split(","); xs.push(+xy[0]); ys.push(+xy[1]);
    });
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

  /* A puzzle: board, rules, chameleon set, given tiles, drawn grid. */
  function Game(data) {
    this.board = new Board(data.board);
    this.rules = data.rules === "junior" ? "junior" : "standard";
    this.chameleons = (data.chameleons || []).map(canonical);
    this.given = data.given.map(function (g) { return g.code; });
    var g = data.grid;
    this.grid = g ? new Grid(g.left, g.top, g.width, g.height) : this.defaultGrid();
    this.explainer = explain[this.rules];
    this.memo = {};
  }
  Game.prototype.defaultGrid = function () {
    var b = this.board.bbox();
    return new Grid(b[0] - 3, b[1] - 3, b[2] - b[0] + 7, b[3] - b[1] + 7);
  };
  Game.prototype.inSet = function (code) {
    return code[1] !== JOKER || this.chameleons.indexOf(canonical(code)) >= 0;
  };
  Game.prototype.explain = function (p) {
    var grid = this.grid;
    return this.explainer(this.board, p, function (c) { return grid.name(c); });
  };
  /* Runs of three empty cells touching the board: the only places a tile can go. */
  Game.prototype.candidateRuns = function () {
    if (this.runs) return this.runs;
    var board = this.board, seen = new Set(), runs = [];
    board.cellMap.forEach(function (_v, k) {
      var xy = k.split(",").map(Number);
      neighbours(xy).forEach(function (f) {
        if (board.at(f)) return;
        ["h", "v"].forEach(function (d) {
          for (var k2 = 0; k2 < 3; k2++) {
            var at = [f[0] - k2 * STEP[d][0], f[1] - k2 * STEP[d][1]];
            var id = key(at[0], at[1]) + d;
            if (seen.has(id)) continue;
            seen.add(id);
            var p = new Placement("RRR", at, d);
            if (!p.cells().some(function (c) { return board.at(c); })) runs.push([at, d]);
          }
        });
      });
    });
    this.runs = runs;
    return runs;
  };
  /* solver.positions: every legal position of a tile, in reading order. */
  Game.prototype.positions = function (code) {
    var norm = normaliseCode(code);
    if (this.memo[norm]) return this.memo[norm];
    if (!this.inSet(norm)) throw new Error("tile " + norm + " is not in the tile set");
    if (this.board.contains(norm)) throw new Error("tile " + norm + " is already on the board");
    var self = this, readings = [norm], rev = reversed(norm), out = [];
    if (rev !== norm) readings.push(rev);
    this.candidateRuns().forEach(function (run) {
      readings.forEach(function (r) {
        var p = new Placement(r, run[0], run[1]);
        if (self.explain(p) === null) out.push(p);
      });
    });
    out.sort(readingOrder);
    this.memo[norm] = out;
    return out;
  };
  /* Every position of every given tile, by id. */
  Game.prototype.solutions = function () {
    var self = this;
    if (!this.every) {
      this.every = new Map();
      this.given.forEach(function (c) {
        self.positions(c).forEach(function (p) { self.every.set(p.id(), p); });
      });
    }
    return this.every;
  };
  /* check.grade for one line: {verdict, fault, placement}; `found` is a Set of ids. */
  Game.prototype.judge = function (text, found) {
    var line = text.split("#")[0].trim().replace(/^[,;]+|[,;]+$/g, "");
    if (!line) return {verdict: "unreadable", fault: new Fault("unreadable_shape", {})};
    var p;
    try {
      p = this.grid.parse(line);
    } catch (e) {
      if (e instanceof Fault) return {verdict: "unreadable", fault: e};
      throw e;
    }
    var every = this.solutions();
    if (every.has(p.id())) {
      if (found && found.has(p.id())) return {verdict: "repeat", fault: new Fault("reason_repeat", {}), placement: p};
      return {verdict: "right", fault: null, placement: p};
    }
    var notGiven = this.notGiven(p.tile());
    if (notGiven) return {verdict: "wrong", placement: p, fault: notGiven};
    return {verdict: "wrong", placement: p, fault: this.explain(p) || new Fault("reason_illegal", {})};
  };
  /* The fault of naming a tile (canonical code) the puzzle does not give; null when given. */
  Game.prototype.notGiven = function (tile) {
    if (this.given.map(canonical).indexOf(tile) >= 0) return null;
    var unique = this.given.filter(function (c, i, a) { return a.indexOf(c) === i; });
    return new Fault("reason_not_given", {tile: tile, given: unique.length ? unique.join(", ") : null});
  };

  /* ---- lay them all (`kind: all`): conundrum/arrange.py and check.judge ---------------- */
  /* The same puzzle with more tiles on its board (the reader's laid tiles): its positions are
     the legal positions on that board. */
  Game.prototype.withTiles = function (extra) {
    var g = Object.create(Game.prototype);
    g.board = new Board(this.board.tiles.concat(extra));
    g.rules = this.rules;
    g.chameleons = this.chameleons;
    g.given = this.given;
    g.grid = this.grid;
    g.explainer = this.explainer;
    g.memo = {};
    return g;
  };
  /* check.read_arrangement: positions one a line or separated by ";", "#" starts a comment;
     each {line (as written), placement or null, fault (unreadable) or null}. */
  Game.prototype.readArrangement = function (text) {
    var parts = [], grid = this.grid, out = [];
    String(text).split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/).forEach(function (raw) {
      raw.split("#")[0].split(";").forEach(function (part) { parts.push(part); });
    });
    parts.forEach(function (raw, i) {
      var line = raw.trim().replace(/^[,;]+|[,;]+$/g, "");
      if (!line) return;
      try {
        out.push({line: line, placement: grid.parse(line), fault: null});
      } catch (e) {
        if (!(e instanceof Fault)) throw e;
        out.push({line: line, placement: null,
          fault: new Fault("reason_all_unreadable", {n: i + 1, reason: e})});
      }
    });
    return out;
  };
  /* check.judge: an arrangement of the given tiles, the first fault named ({verdict, fault,
     laid: the tiles' placements in the order given, order: an order that lays them all}). */
  Game.prototype.judgeAll = function (text) {
    var self = this, grid = this.grid, wanted = [], laid = {};
    this.given.forEach(function (c) { wanted.push(canonical(c)); });
    var answers = this.readArrangement(text);
    for (var i = 0; i < answers.length; i++) {
      var a = answers[i], p = a.placement;
      if (!p) return {verdict: "unreadable", fault: a.fault};
      if (wanted.indexOf(p.tile()) < 0) {
        return {verdict: "wrong", fault: new Fault("reason_all_not_given",
          {position: grid.text(p), tile: p.tile(), given: this.given.join(", ")})};
      }
      var before = laid[p.tile()];
      if (before && before.id() !== p.id()) {
        return {verdict: "wrong", fault: new Fault("reason_all_two", {tile: p.tile(),
          first: grid.text(before), second: grid.text(p)})};
      }
      laid[p.tile()] = p;
    }
    var missing = this.given.filter(function (c, k) { return !laid[wanted[k]]; });
    if (missing.length) {
      // one tile or several, as `conundrum check` words it (no count is said)
      return {verdict: "wrong", fault: new Fault(missing.length === 1 ? "reason_all_missing_one"
        : "reason_all_missing_many", {codes: missing.join(", ")})};
    }
    var answer = wanted.map(function (w) { return laid[w]; });
    var out = this.layInSomeOrder(answer);
    out.laid = answer;
    return out;
  };
  /* check._lay_in_some_order: the first overlap, then a tile no order lays legally. */
  Game.prototype.layInSomeOrder = function (answer) {
    var grid = this.grid, board = this.board, taken = new Map(), i, j;
    for (i = 0; i < answer.length; i++) {
      var cells = answer[i].cells();
      for (j = 0; j < 3; j++) {
        var hit = board.at(cells[j]), k = key(cells[j][0], cells[j][1]);
        if (hit) {
          return {verdict: "wrong", fault: new Fault("reason_all_overlap_board",
            {position: grid.text(answer[i]), cell: grid.name(cells[j]), code: board.tiles[hit[1]].code})};
        }
        if (taken.has(k)) {
          return {verdict: "wrong", fault: new Fault("reason_all_overlap",
            {position: grid.text(answer[i]), cell: grid.name(cells[j]), other: grid.text(taken.get(k))})};
        }
        taken.set(k, answer[i]);
      }
    }
    // lay any tile legal now while one is: where legal stays legal (standard rules) this finds
    // an order whenever one exists, and leaves exactly the tiles no order lays
    var rest = answer.slice(), order = [], now = this;
    for (;;) {
      var ready = -1;
      for (i = 0; i < rest.length && ready < 0; i++) if (now.explain(rest[i]) === null) ready = i;
      if (ready < 0) break;
      order.push(rest[ready]);
      rest.splice(ready, 1);
      now = this.withTiles(order);
    }
    if (!rest.length) return {verdict: "right", fault: null, order: order};
    if (this.rules === "junior") {             // a later contact can spoil a tile: every order
      var found = this.anyOrder(answer);
      if (found) return {verdict: "right", fault: null, order: found};
    }
    var stuck = rest[0], why = this.withTiles(order.concat(rest.slice(1))).explain(stuck);
    if (why === null || why.key === "reason_overlap") why = new Fault("reason_all_leans", {});
    return {verdict: "wrong", fault: new Fault("reason_all_no_order",
      {position: grid.text(stuck), reason: why})};
  };
  /* An order in which each tile is legal when laid, trying every order (at most 5!). */
  Game.prototype.anyOrder = function (answer) {
    var self = this;
    function go(order, rest) {
      if (!rest.length) return order;
      var now = self.withTiles(order);
      for (var i = 0; i < rest.length; i++) {
        if (now.explain(rest[i]) !== null) continue;
        var done = go(order.concat([rest[i]]), rest.slice(0, i).concat(rest.slice(i + 1)));
        if (done) return done;
      }
      return null;
    }
    return go([], answer);
  };
  /* arrange.arrange: every final arrangement (tiles in the order given), each set of laid
     positions visited once; stops after `limit` arrangements (or MAX_STATES visited). */
  Game.prototype.arrangements = function (limit) {
    var self = this, codes = this.given.map(function (c) { return normaliseCode(c); });
    var seen = new Set(), finals = new Map(), laid = {}, MAX_STATES = 200000;
    function visit() {
      var ids = Object.keys(laid).sort().map(function (i) { return i + ":" + laid[i].id(); });
      var k = ids.join("|");
      if (seen.has(k) || seen.size > MAX_STATES || (limit && finals.size >= limit)) return;
      seen.add(k);
      var rest = codes.map(function (_c, i) { return i; }).filter(function (i) { return !laid[i]; });
      if (!rest.length) {
        finals.set(k, codes.map(function (_c, i) { return laid[i]; }));
        return;
      }
      var now = self.withTiles(Object.keys(laid).map(function (i) { return laid[i]; }));
      rest.forEach(function (i) {
        now.positions(codes[i]).forEach(function (p) {
          laid[i] = p;
          visit();
          delete laid[i];
        });
      });
    }
    visit();
    var out = Array.from(finals.values());
    out.sort(function (a, b) {
      for (var i = 0; i < a.length; i++) { var c = readingOrder(a[i], b[i]); if (c) return c; }
      return 0;
    });
    return out;
  };

  return {Game: Game, Grid: Grid, Board: Board, Placement: Placement, Fault: Fault,
    canonical: canonical, reversed: reversed, columnLabel: columnLabel, normaliseCode: normaliseCode,
    pyRepr: pyRepr};
})();
