/* The web player, address.js: A share link's puzzle read and bounded (readShared). Then
   the game itself: R (ConundrumRules), game, grid, ALL (Lay them all), $ and the drawing
   constants (the language and palette asked for, M and t: choice.js).
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
var R = ConundrumRules;
/* A link's fault: `key` the message the page shows, with its `params`. */
function LinkFault(key, params) { this.key = key; this.params = params || {}; }
var CODE = /^[RYGBP*]{3}$/, CHAMELEON = /^[RYGBP]\*[RYGBP]$/;
/* The puzzle a share link carries (`share_fragment`), every field checked and bounded as
   a puzzle file is (DATA.limits: the same limits as conundrum/puzzle.py and notation.py),
   so no link can make the page draw or solve without end. LinkFault for any other. */
function readShared(text, L) {
  if (text.length > L.link) throw new LinkFault("web_bad_link");
  var b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  var bin = atob(b64), bytes = new Uint8Array(bin.length);
  for (var bi = 0; bi < bin.length; bi++) bytes[bi] = bin.charCodeAt(bi);
  var shared = JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(bytes));
  if (!shared || typeof shared !== "object" || shared.v !== 1 || !Array.isArray(shared.board) ||
      !shared.board.length || !Array.isArray(shared.given)) throw new LinkFault("web_bad_link");
  [shared.board.length, shared.given.length].forEach(function (n) {
    if (n > L.tiles) throw new LinkFault("web_link_too_many", {count: n, limit: L.tiles});
  });
  var coord = function (v) { return Number.isInteger(v) && Math.abs(v) <= L.coord; };
  var board = shared.board.map(function (q) {
    if (!Array.isArray(q) || q.length !== 4 || !CODE.test(q[0]) || !coord(q[1]) ||
        !coord(q[2]) || (q[3] !== "h" && q[3] !== "v")) throw new LinkFault("web_bad_link");
    return {code: q[0], at: [q[1], q[2]], dir: q[3]};
  });
  var given = shared.given.map(function (c) {
    if (typeof c !== "string" || !CODE.test(c)) throw new LinkFault("web_bad_link");
    return {code: c};
  });
  var codes = function (v) {                 // a chameleon set: null, or a short list
    if (v === null || v === undefined) return null;
    if (!Array.isArray(v) || v.length > L.chameleons ||
        !v.every(function (c) { return typeof c === "string" && CHAMELEON.test(c); })) {
      throw new LinkFault("web_bad_link");
    }
    return v.slice();
  };
  var chameleons = codes(shared.chameleons), set = codes(shared.set);
  if (shared.rules !== undefined && shared.rules !== "standard" && shared.rules !== "junior") {
    throw new LinkFault("web_bad_link");
  }
  if (shared.title !== undefined && (typeof shared.title !== "string" ||
      shared.title.length > L.title)) throw new LinkFault("web_bad_link");
  var grid = null;
  if (shared.kind === "all") {            // Lay them all: its cells are named on its own grid
    var sg = shared.grid;
    if (!Array.isArray(sg) || sg.length !== 4 || !sg.every(coord) || sg[2] < 1 || sg[3] < 1 ||
        given.length < 2 || given.length > 5) throw new LinkFault("web_bad_link");
    grid = {left: sg[0], top: sg[1], width: sg[2], height: sg[3]};
  } else if (shared.kind !== undefined && shared.kind !== "count") {
    throw new LinkFault("web_bad_link");
  }
  // the drawn area: a Lay-them-all link's grid, else the board's box and its margin (rules/game.js)
  var span = grid ? [grid.width, grid.height] : (function () {
    var b = new R.Board(board).bbox();
    return [b[2] - b[0] + 7, b[3] - b[1] + 7];
  })();
  if (span[0] > L.side || span[1] > L.side) {
    throw new LinkFault("web_link_too_large", {columns: span[0], rows: span[1], limit: L.side});
  }
  return {shared: shared, board: board, given: given, chameleons: chameleons, set: set, grid: grid};
}
var sharedFault = null;
if (DATA.empty) {
  try {
    if (!HASH.p) throw new LinkFault("web_no_puzzle");
    var link = readShared(HASH.p, DATA.limits), shared = link.shared;
    DATA.board = link.board;
    DATA.given = link.given;
    DATA.rules = shared.rules === "junior" ? "junior" : "standard";
    DATA.ruleKey = DATA.rules === "junior" ? "instruction_junior" : "instruction";
    DATA.chameleons = link.set || [];
    DATA.grid = link.grid;
    DATA.kind = link.grid ? "all" : "count";
    if (link.grid) DATA.ruleKey = "instruction_all";
    DATA.id = typeof shared.id === "string" && /^[0-9a-f]{10}$/.test(shared.id) ? shared.id
      : "link-" + HASH.p.length + "-" +
      HASH.p.split("").reduce(function (h, ch) { return (h * 31 + ch.charCodeAt(0)) >>> 0; }, 7);
    DATA.titleDefault = typeof shared.title !== "string";
    DATA.title = DATA.titleDefault ? "" : shared.title;
    DATA.number = null;
    DATA.puzzle = {rules: DATA.rules, chameleons: link.chameleons,
      board: DATA.board.map(function (q) { return {code: q.code, at: q.at, dir: q.dir}; }),
      given: DATA.given.map(function (g) { return {code: g.code}; })};
    if (DATA.kind === "all") DATA.puzzle.kind = "all";
    if (!DATA.titleDefault) DATA.puzzle.title = DATA.title;
    DATA.empty = false;
  } catch (e) {
    sharedFault = e instanceof LinkFault ? e : new LinkFault("web_bad_link");
    DATA.id = "";
    DATA.board = [{code: "Y*B", at: [0, 0], dir: "h"}];
    DATA.given = [];
  }
}
var game = new R.Game(DATA);
var ALL = DATA.kind === "all";               // Lay them all: every tile laid, then "Check"
var grid = game.grid;
var NS = "http://www.w3.org/2000/svg";
var C = 10, GAP = 0.6, BAND = 7;           // one cell is 10 units, as a sheet's 10 mm cell
var STORE_KEY = "conundrum:" + DATA.id;
var $ = function (id) { return document.getElementById(id); };
