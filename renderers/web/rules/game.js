/* The rules in JavaScript, game.js: A puzzle (Game): its positions (solver.positions), judging
   an answer (check.grade), Lay them all (lay_all.py, check.judge), and the rules' public face.
   One of the rules' modules, joined in order inside the function that makes ConundrumRules by
   renderers/web/page.py (RULES_MODULES); they share its scope. */
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
  // lay_all.MAX_STATES, written into the page's data (renderers/web/page.py): one limit
  this.maxStates = data.maxStates;
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
  board.cells().forEach(function (xy) {
    neighbours(xy).forEach(function (f) {
      if (board.at(f)) return;
      ["h", "v"].forEach(function (d) {
        for (var k2 = 0; k2 < 3; k2++) {
          var at = [f[0] - k2 * STEP[d][0], f[1] - k2 * STEP[d][1]];
          var id = cellKey(at[0], at[1]) * 2 + (d === "h" ? 0 : 1);
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
  // only whether each is legal: the faults' cell names are never read, so none is built
  var unnamed = function (c) { return c; };
  this.candidateRuns().forEach(function (run) {
    readings.forEach(function (r) {
      var p = new Placement(r, run[0], run[1]);
      if (self.explainer(self.board, p, unnamed) === null) out.push(p);
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

/* ---- lay them all (`kind: all`): conundrum/lay_all.py and check.judge ---------------- */
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
  g.maxStates = this.maxStates;
  g.memo = {};
  return g;
};
/* check.read_arrangement: positions one a line or separated by ";", "#" starts a comment;
   each {line (as written), placement or null, fault (unreadable) or null}. */
Game.prototype.readArrangement = function (text) {
  var parts = [], grid = this.grid, out = [];
  // Python's str.splitlines() boundaries, control characters included (check.read_arrangement)
  // eslint-disable-next-line no-control-regex
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
  var grid = this.grid, wanted = [], laid = {};
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
      var hit = board.at(cells[j]), k = cellKey(cells[j][0], cells[j][1]);
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
/* lay_all.arrange: every final arrangement (tiles in the order given), each set of laid
   positions visited once; stops after `limit` arrangements (or past the data's maxStates
   partial arrangements visited, as lay_all.MAX_STATES stops Python's search). */
Game.prototype.arrangements = function (limit) {
  var self = this, codes = this.given.map(function (c) { return normaliseCode(c); });
  var seen = new Set(), finals = new Map(), laid = {}, most = this.maxStates;
  if (!Number.isInteger(most) || most < 1) throw new Error("the page's data has no maxStates");
  function visit() {
    var ids = Object.keys(laid).sort().map(function (i) { return i + ":" + laid[i].id(); });
    var k = ids.join("|");
    if (seen.has(k) || seen.size > most || (limit && finals.size >= limit)) return;
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
