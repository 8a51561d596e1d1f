/* The Conundrum web player: draws the board, places tiles by pointer, keys or typed
   notation, judges each answer with ConundrumRules, keeps progress in localStorage,
   and offers the solving record (README, "The web player") and the window.conundrum hook. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("conundrum-data").textContent);
  var R = ConundrumRules;
  /* ---- a share link: #lang=, #palette= and (on a page without a puzzle) #p= ------------ */
  /* A name read from the address is looked up only among an object's own entries, so
     "#palette=constructor" or "__proto__" names nothing (never a prototype's member). */
  function own(obj, key) { return !!obj && Object.prototype.hasOwnProperty.call(obj, key); }
  var HASH = Object.create(null);
  (window.location.hash || "").replace(/^#/, "").split("&").forEach(function (kv) {
    var i = kv.indexOf("=");
    if (i > 0) {
      try {
        HASH[decodeURIComponent(kv.slice(0, i))] = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " "));
      } catch (e) { /* bad escape */ }
    }
  });
  // another address of the same page: open it afresh with what the new fragment says
  window.addEventListener("hashchange", function () { window.location.reload(); });
  /* The reader's settings (the Settings menu), kept for every page of the site: language,
     palette, hints shown, dock side. The address's #lang= and #palette= win over them. */
  var PREFS_KEY = "conundrum:prefs";
  var prefs = (function () {
    try {
      var p = JSON.parse(window.localStorage.getItem(PREFS_KEY));
      return p && typeof p === "object" && !Array.isArray(p) ? p : {};
    } catch (e) { return {}; }
  })();
  var PAGE_LANG = DATA.lang, PAGE_PALETTE = document.body.dataset.palette;
  var wantLang = HASH.lang || (typeof prefs.lang === "string" ? prefs.lang : "");
  var wantPalette = HASH.palette || (typeof prefs.palette === "string" ? prefs.palette : "");
  if (wantLang && wantLang !== DATA.lang && own(DATA.languages, wantLang)) {
    DATA.languages[DATA.lang] = DATA.messages;
    DATA.messages = DATA.languages[wantLang];
    DATA.lang = wantLang;
    document.documentElement.lang = DATA.lang;
  }
  if (wantPalette && own(DATA.palettes, wantPalette)) {
    var chosenPalette = DATA.palettes[wantPalette];
    Object.keys(chosenPalette.vars).forEach(function (k) {
      document.documentElement.style.setProperty("--" + k, chosenPalette.vars[k]);
    });
    var defs = document.querySelector("#board defs");
    defs.innerHTML = chosenPalette.symbols;
    document.body.dataset.palette = wantPalette;
  }
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
    // the drawn area: a Lay-them-all link's grid, else the board's box and its margin (rules.js)
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
  var M = DATA.messages;
  var NS = "http://www.w3.org/2000/svg";
  var C = 10, GAP = 0.6, BAND = 7;           // one cell is 10 units, as a sheet's 10 mm cell
  var STORE_KEY = "conundrum:" + DATA.id;
  var $ = function (id) { return document.getElementById(id); };

  /* ---- words ---------------------------------------------------------------- */
  /* The language's plural rule comes with its words as data (i18n.plural_table): the
     category of each count 0..199 by initial; from 200 on, counts repeat every 100. */
  var PLURAL_NAMES = { z: "zero", o: "one", t: "two", f: "few", m: "many", x: "other" };
  function plural(n) {
    var table = M._plural;
    return PLURAL_NAMES[table.charAt(n < table.length ? n : 100 + n % 100)];
  }
  function t(key, params) {
    params = params || {};
    var entry = M[key];
    if (entry && typeof entry === "object") entry = entry[plural(Math.abs(params.n))];
    return String(entry).replace(/\{(\w+)\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
    });
  }
  /* The text the page was written with, in the language and for the puzzle now shown. */
  (function relabel() {
    var title = DATA.titleDefault ? t("title_default") : DATA.title;
    document.title = title;
    document.querySelector("h1").textContent = title;
    document.querySelector(".number").textContent =
      DATA.number !== null && DATA.number !== undefined ? t("puzzle_number", {n: DATA.number}) : "";
    document.querySelector(".rule").textContent = t(DATA.ruleKey) + " " + t("chameleon_note");
    document.querySelector(".hint").textContent = t(ALL ? "web_all_hint_text" : "web_hint");
    // the rule in one line and what to tap, in view at load above the board (a phone too)
    var lead = document.createElement("p");
    lead.id = "lead";
    lead.className = "lead";
    lead.textContent = t(ALL ? "web_all_lead" : "web_lead");
    document.querySelector("header").insertAdjacentElement("afterend", lead);
    document.querySelector("footer").textContent = DATA.id ? t("puzzle_id", {id: DATA.id}) : "";
    var back = document.querySelector(".back");
    if (back) back.textContent = t("web_index_link");
    // the pager in the reader's language, its links carrying the address's lang and palette
    var pager = document.querySelector(".pager");
    if (pager) pager.setAttribute("aria-label", t("web_pager"));
    var carry = ["lang", "palette"].filter(function (k) { return HASH[k]; })
      .map(function (k) { return k + "=" + encodeURIComponent(HASH[k]); }).join("&");
    document.querySelectorAll("a[rel=prev], a[rel=next], a.back").forEach(function (a) {
      var n = a.dataset.number;
      if (n) a.textContent = a.rel === "prev" ? "\u2190 " + t("puzzle_number", {n: n})
        : t("puzzle_number", {n: n}) + " \u2192";
      if (carry) a.setAttribute("href", a.getAttribute("href").split("#")[0] + "#" + carry);
    });
  })();
  function reasonText(fault) {
    var params = Object.assign({}, fault.params);
    if (params.reason instanceof R.Fault) params.reason = reasonText(params.reason);
    if (fault.key === "reason_not_given" && params.given === null) params.given = t("reason_none_given");
    return t(fault.key, params);
  }
  function clock(ms) {
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    var two = function (v) { return (v < 10 ? "0" : "") + v; };
    return (h ? h + ":" + two(m) : m) + ":" + two(s % 60);
  }

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

  /* Progress is merged, never overwritten: every answer (a position's text, or "none:" and
     a tile's code) carries the time it was given (`seen`) and, when undone, the time it
     was taken back (`gone`); the later one wins. Two tabs of the same puzzle, or a stale
     one, can only add to what is kept. "Start again" sets `reset`: a newer reset wins whole. */
  function fresh() {
    return {v: 1, first: Date.now(), active: 0, found: [], none: [], tries: 0, wrong: 0,
      revealed: false, done: null, doneActive: null, reset: 0, seen: {}, gone: {}, marks: {},
      hints: [], marksAt: 0};
  }
  function upgrade(s) {
    var out = Object.assign(fresh(), s);
    ["seen", "gone", "marks"].forEach(function (k) {
      if (!out[k] || typeof out[k] !== "object" || Array.isArray(out[k])) out[k] = {};
    });
    if (!Array.isArray(out.hints)) out.hints = [];
    // progress kept before answers had times: each counts as given at the first moment
    out.found.forEach(function (text) { if (!(text in out.seen)) out.seen[text] = 1; });
    (Array.isArray(out.none) ? out.none : []).forEach(function (c) {
      if (!(("none:" + c) in out.seen)) out.seen["none:" + c] = 1;
    });
    return out;
  }
  function stored() {
    try {
      var s = JSON.parse(window.localStorage.getItem(STORE_KEY));
      if (s && s.v === 1 && Array.isArray(s.found)) return upgrade(s);
    } catch (e) { /* no storage (private mode) or a damaged entry */ }
    return null;
  }
  function load() { return stored() || fresh(); }
  function present(s, k) { return (s.seen[k] || 0) > (s.gone[k] || 0); }
  /* Take in another tab's progress. True when it held something this tab did not. */
  function merge(other) {
    if (!other) return false;
    if (other.reset > state.reset) { state = other; return true; }
    if (other.reset < state.reset) return false;
    var grew = false;
    [["seen", other.seen], ["gone", other.gone]].forEach(function (pair) {
      var mine = state[pair[0]];
      Object.keys(pair[1]).forEach(function (k) {
        if ((pair[1][k] || 0) > (mine[k] || 0)) { mine[k] = pair[1][k]; grew = true; }
      });
    });
    state.first = Math.min(state.first, other.first);
    ["active", "tries", "wrong"].forEach(function (k) { state[k] = Math.max(state[k], other[k] || 0); });
    state.revealed = state.revealed || !!other.revealed;
    if (other.done !== null && (state.done === null || other.done < state.done)) {
      state.done = other.done;
      state.doneActive = other.doneActive;
    }
    if (other.marksAt > state.marksAt) { state.marks = other.marks; state.marksAt = other.marksAt; grew = true; }
    other.hints.forEach(function (h) {
      if (!state.hints.some(function (m) { return m.at === h.at && m.code === h.code; })) {
        state.hints.push(h);
        grew = true;
      }
    });
    return grew;
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

  /* Dark or light: the reader's switch when used (kept for every puzzle), else the system's
     prefers-color-scheme, followed as it changes. Print is always light (player.css). */
  var THEME_KEY = "conundrum:theme";
  var darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function chosenTheme() {
    try { return window.localStorage.getItem(THEME_KEY); } catch (e) { return null; }
  }
  function applyTheme() {
    var chosen = chosenTheme();
    var dark = chosen ? chosen === "dark" : !!(darkQuery && darkQuery.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    if ($("theme")) $("theme").setAttribute("aria-pressed", String(dark));
  }
  applyTheme();
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", applyTheme);
  window.addEventListener("storage", function (e) { if (e.key === THEME_KEY) applyTheme(); });

  /* ---- drawing ----------------------------------------------------------------- */
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
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
    // the point of the board under (cx, cy) in the view stays there
    var r = view.getBoundingClientRect();
    cx = cx === undefined ? r.width / 2 : cx;
    cy = cy === undefined ? r.height / 2 : cy;
    var fx = (view.scrollLeft + cx - LW) / (svg.clientWidth || 1);
    var fy = (view.scrollTop + cy - LH) / (svg.clientHeight || 1);
    var cell = fitCell * zoom;
    view.style.setProperty("--cell", cell + "px");
    view.style.setProperty("--lw", LW + "px");
    view.style.setProperty("--lh", LH + "px");
    svg.setAttribute("width", String(cell * grid.width));
    svg.setAttribute("height", String(cell * grid.height));
    view.style.width = Math.ceil(LW + fitCell * grid.width) + "px";
    view.style.height = Math.ceil(LH + (boxH === null ? fitCell * grid.height : boxH)) + "px";
    view.scrollLeft = fx * cell * grid.width - cx + LW;
    view.scrollTop = fy * cell * grid.height - cy + LH;
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
    if (c && (c[0] !== cursor[0] || c[1] !== cursor[1])) { cursor = c; drawCursor(); }
  });
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
    var box = document.createElement("div");
    box.id = "keys";
    box.className = "keys";
    box.hidden = true;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", t("web_keys"));
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
  function undo() {
    var step = done.pop();
    if (!step) { say("hint", t("web_nothing_to_undo")); return null; }
    applyStep(step, false);
    undone.push(step);
    say("hint", t("web_undone", {what: step.label}));
    buttonsState();
    return step.label;
  }
  function redo() {
    var step = undone.pop();
    if (!step) { say("hint", t("web_nothing_to_redo")); return null; }
    applyStep(step, true);
    done.push(step);
    say("hint", t("web_redone", {what: step.label}));
    buttonsState();
    return step.label;
  }

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

  /* ---- judging ---------------------------------------------------------------------- */
  function verdictOf(r) {
    return {verdict: r.verdict, reason: r.fault && r.verdict !== "right" ? reasonText(r.fault) : ""};
  }
  function say(kind, text) {
    var v = $("verdict");
    v.className = "verdict " + kind;
    v.textContent = text;
    // a long verdict grows the docked bar past the screen's foot: bring all of it in view
    if (text && v.scrollIntoView) v.scrollIntoView({block: "nearest"});
  }
  /* Judge "this tile has no position" and record it (a tile settled like a position found). */
  function judgeNone(code) {
    var c;
    try {
      c = R.canonical(R.normaliseCode(code));
    } catch (e) {
      if (e instanceof R.Fault) return {verdict: "unreadable", fault: e, code: code};
      throw e;
    }
    var notGiven = game.notGiven(c);
    if (notGiven) return {verdict: "wrong", code: c, fault: notGiven};
    if (noneCodes.indexOf(c) < 0) {
      return {verdict: "wrong", code: c, fault: new R.Fault("web_none_reason", {code: c})};
    }
    if (declared.has(c)) return {verdict: "repeat", code: c, fault: new R.Fault("reason_repeat", {})};
    return {verdict: "right", code: c, fault: null};
  }
  function declareNone(code) {
    var r = judgeNone(code);
    var out = verdictOf(r);
    if (r.verdict === "unreadable") {
      say("unreadable", t("web_unreadable", {reason: out.reason}));
      return out;
    }
    state.tries += 1;
    if (r.verdict === "right") {
      declared.add(r.code);
      note("none:" + r.code, true);
      act({kind: "answer", key: "none:" + r.code, placement: null,
        label: r.code + ": " + t("web_no_position")});
      say("right", t("web_none_right", {code: r.code}));
    } else if (r.verdict === "repeat") {
      say("repeat", t("web_none_repeat", {code: r.code}));
    } else {
      state.wrong += 1;
      say("wrong", t("web_none_wrong", {reason: out.reason}));
    }
    showPlacement(null);
    settle(r.verdict === "right", t("web_none_right", {code: r.code}));
    return out;
  }
  /* After a judged answer: keep it (`save` finishes the solve when all is settled), show it. */
  function settle(right, rightText) {
    save();
    refresh();
    if (perfect() && right) say("right perfect", t("web_perfect") + " " + rightText);
  }
  /* Lay them all: lay (or move) the tiles of the positions in `text`, each kept as one step
     undo takes back; not judged until "Check" (the order the reader lays in is not the rule). */
  function layAll(text) {
    var answers = game.readArrangement(text), laidNow = [];
    for (var i = 0; i < answers.length; i++) {
      var a = answers[i];
      if (!a.placement) {
        say("unreadable", t("web_unreadable", {reason: reasonText(a.fault.params.reason)}));
        return {verdict: "unreadable", reason: reasonText(a.fault.params.reason)};
      }
      var fault = game.notGiven(a.placement.tile());
      if (fault) {
        say("wrong", t("web_wrong", {answer: grid.text(a.placement), reason: reasonText(fault)}));
        return {verdict: "wrong", reason: reasonText(fault)};
      }
    }
    answers.forEach(function (a) {
      var before = laidOf(a.placement.tile()), key = grid.text(a.placement);
      var prev = before ? grid.text(before) : null;
      if (prev === key) return;
      if (prev) note(prev, false);
      note(key, true);
      act({kind: "lay", key: key, prev: prev, label: key});
      laidNow.push(key);
      restore();
    });
    save();
    refresh();
    showPlacement(null);
    drawCursor();                              // the cursor's cell now holds the reader's tile
    var text2 = t("web_all_laid", {answer: laidNow.join("; ") || arrangementText()});
    if (found.size === DATA.given.length) text2 += " " + t("web_all_ready");
    say("hint", text2);
    return {verdict: "laid", reason: ""};
  }
  /* Take the picked tile (or the tile under the cursor) off the board. */
  function takeBack() {
    var p = picked ? laidOf(R.canonical(picked.code)) : null;
    if (!p) {
      found.forEach(function (q) {
        if (q.cells().some(function (c) { return c[0] === cursor[0] && c[1] === cursor[1]; })) p = q;
      });
    }
    if (!p) { say("hint", t("web_pick_first")); return null; }
    var key = grid.text(p);
    note(key, false);
    act({kind: "lay", key: null, prev: key, label: key});
    save();
    refresh();
    drawCursor();
    say("hint", t("web_all_taken_back", {code: p.code}));
    return key;
  }
  /* "Check": the arrangement on the board judged as `conundrum check` judges it. */
  function checkAll() {
    var r = judgeAllNow(), out = verdictOf(r);
    state.tries += 1;
    if (r.verdict === "right") {
      if (state.done === null) { tick(); state.done = Date.now(); state.doneActive = state.active; }
      save();
      refresh();
      say("right perfect", t("web_perfect") + " " + t("web_all_right"));
    } else {
      state.wrong += 1;
      save();
      refresh();
      say("wrong", t("web_all_wrong", {reason: out.reason}));
    }
    return out;
  }
  /* Judge one answer as the reader gave it, and record it. */
  function submit(text) {
    if (ALL) return layAll(text);
    var r = game.judge(text, found);
    var out = verdictOf(r);
    var shownText = r.placement ? grid.text(r.placement) : text.trim();
    if (r.verdict === "unreadable") {
      say("unreadable", t("web_unreadable", {reason: out.reason}));
      return out;
    }
    if (r.verdict === "repeat") {             // already found: no try, and a finished puzzle stays said
      if (!perfect()) say("repeat", t("web_repeat", {answer: shownText}));
      showPlacement(r.placement, "right");
      return out;
    }
    state.tries += 1;
    if (r.verdict === "right") {
      found.set(r.placement.id(), r.placement);
      note(grid.text(r.placement), true);
      act({kind: "answer", key: grid.text(r.placement), placement: r.placement,
        label: grid.text(r.placement)});
      say("right", t("web_right", {answer: shownText}));
      showPlacement(r.placement, "right");
    } else if (r.verdict === "repeat") {
      say("repeat", t("web_repeat", {answer: shownText}));
      showPlacement(r.placement, "right");
    } else {
      state.wrong += 1;
      say("wrong", t("web_wrong", {answer: shownText, reason: out.reason}));
      showPlacement(r.placement, "wrong");
    }
    settle(r.verdict === "right", t("web_right", {answer: shownText}));
    return out;
  }

  $("answer-label").textContent = t(ALL ? "web_all_type_label" : "web_type_label", {example: DATA.example});
  $("answer").placeholder = DATA.example;
  $("check").textContent = t(ALL ? "web_all_lay_typed" : "web_check");
  $("typed").addEventListener("submit", function (e) {
    e.preventDefault();
    var input = $("answer");
    if (!input.value.trim()) return;
    var out = submit(input.value);
    if (out.verdict === "right" || out.verdict === "laid") input.value = "";
    else input.select();                      // the next keystroke replaces it
  });

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
    a.href = p[0];
    a.textContent = t("web_finish_next", {n: p[1]});
  }
  function buildFinish() {
    var card = document.createElement("section");
    card.id = "finish";
    card.className = "finish";
    card.hidden = true;
    card.setAttribute("aria-labelledby", "finish-title");
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

  /* ---- the Settings menu: language, palette, dark, hints, dock side ------------------- */
  function savePrefs() {
    try { window.localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (e) { /* none */ }
  }
  function applyPrefs() {
    document.body.classList.toggle("hints-off", prefs.hints === false);
    document.body.classList.toggle("dock-left", prefs.dock === "left");
  }
  /* A language or palette chosen: kept, then the page opened afresh in it (the address's
     own #lang= or #palette= changed too, or it would win). */
  function reopen(key, value) {
    prefs[key] = value;
    savePrefs();
    if (!HASH[key]) { window.location.reload(); return; }
    HASH[key] = value;
    window.location.hash = Object.keys(HASH).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(HASH[k]);
    }).join("&");                               // hashchange: the page reloads
  }
  function buildSettings() {
    var LANG_NAMES = {en: "English", es: "Espa\u00f1ol", fr: "Fran\u00e7ais", cs: "\u010ce\u0161tina",
      uk: "\u0423\u043a\u0440\u0430\u0457\u043d\u0441\u044c\u043a\u0430"};
    var box = document.createElement("details");
    box.id = "settings";
    box.className = "settings";
    box.appendChild(document.createElement("summary")).textContent = "\u2699 " + t("web_settings");
    var panel = box.appendChild(document.createElement("div"));
    panel.className = "settings-panel";
    var choice = function (id, label, values, current, name, key) {
      var l = panel.appendChild(document.createElement("label"));
      l.htmlFor = id;
      l.textContent = label;
      var sel = panel.appendChild(document.createElement("select"));
      sel.id = id;
      values.forEach(function (v) {
        var o = sel.appendChild(document.createElement("option"));
        o.value = v;
        o.textContent = name(v);
        o.selected = v === current;
      });
      sel.addEventListener("change", function () { reopen(key, sel.value); });
    };
    var toggle = function (id, label, on, change) {
      var l = panel.appendChild(document.createElement("label"));
      l.className = "check";
      var box2 = l.appendChild(document.createElement("input"));
      box2.type = "checkbox";
      box2.id = id;
      box2.checked = on;
      l.appendChild(document.createTextNode(" " + label));
      box2.addEventListener("change", function () { change(box2.checked); savePrefs(); applyPrefs(); });
    };
    var langs = Object.keys(DATA.languages || {}).concat([DATA.lang])
      .filter(function (v, i, a) { return a.indexOf(v) === i; }).sort();
    choice("set-lang", t("web_language"), langs, DATA.lang,
      function (v) { return own(LANG_NAMES, v) ? LANG_NAMES[v] : v; }, "lang");
    var palettes = Object.keys(DATA.palettes || {}).concat([document.body.dataset.palette])
      .filter(function (v, i, a) { return a.indexOf(v) === i; }).sort();
    choice("set-palette", t("web_palette"), palettes, document.body.dataset.palette,
      function (v) { return v; }, "palette");
    panel.appendChild(themeButton);
    toggle("set-hints", t("web_hints_on"), prefs.hints !== false, function (on) { prefs.hints = on; });
    toggle("set-dock", t("web_dock_left"), prefs.dock === "left",
      function (on) { prefs.dock = on ? "left" : "right"; });
    document.querySelector("header").appendChild(box);
    applyPrefs();
  }

  /* ---- start ------------------------------------------------------------------------- */
  buildFinish();
  var live = document.createElement("p");
  live.id = "cursor-text";
  live.className = "cursor-text";
  live.setAttribute("aria-hidden", "true");   // said in full by #cell-say
  view.parentNode.insertBefore(live, view.nextSibling);
  var say2 = document.createElement("p");
  say2.id = "cell-say";
  say2.className = "sr-only";
  say2.setAttribute("aria-live", "polite");
  view.parentNode.insertBefore(say2, live.nextSibling);
  svg.setAttribute("aria-describedby", "cell-say");
  drawCursor();
  refresh();
  save();
  buttonsState();
  fit();
  /* On a book site served over http(s): the site's manifest and its service worker, which
     keeps every page for offline play (a page opened from disk does without). */
  if (DATA.site && /^https?:$/.test(window.location.protocol) && navigator.serviceWorker) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = "manifest.webmanifest";
    document.head.appendChild(manifest);
    navigator.serviceWorker.register("sw.js").catch(function () { /* offline play only */ });
  }
  if (sharedFault) {
    say("unreadable", t(sharedFault.key, sharedFault.params));
    document.body.classList.add("no-puzzle");
  }

  /* Another tab of this puzzle saved: take in what it found (and write back what only this
     tab holds, so the union is kept even when that tab closes first). */
  window.addEventListener("storage", function (e) {
    if (e.key !== STORE_KEY || e.storageArea !== window.localStorage) return;
    var other = null;
    try { other = e.newValue ? upgrade(JSON.parse(e.newValue)) : null; } catch (err) { other = null; }
    if (!other) { save(); return; }           // cleared elsewhere: this tab's answers stay
    var grew = merge(other);
    restore();
    syncDone();
    if (grew) refresh();
    if (ahead(state, other)) save();
  });

  /* The testing hook: a public contract (README, "The web player"). */
  window.conundrum = {
    positions: function (code) {
      // Lay them all: on the current board, the puzzle's and the reader's other laid tiles
      var on = ALL ? currentGame(R.canonical(R.normaliseCode(String(code)))) : game;
      return on.positions(String(code)).map(function (p) { return grid.text(p); });
    },
    check: function (text) {
      return verdictOf(ALL ? game.judgeAll(String(text)) : game.judge(String(text), found));
    },
    answer: function (text) {
      if (!ALL) return submit(String(text));
      var laid = layAll(String(text));      // lay the arrangement's tiles, then "Check"
      return laid.verdict === "laid" ? checkAll() : laid;
    },
    found: function () {
      return ALL ? {found: found.size, total: DATA.given.length} : {found: found.size, total: total};
    },
    kind: function () { return ALL ? "all" : "count"; },
    checkArrangement: function () { return checkAll(); },
    arrangement: function () { return ALL ? arrangementText() : null; },
    takeBack: function () { return takeBack(); },
    // Lay them all has no "no position": every tile has its place (null, nothing recorded)
    none: function (code) { return ALL ? null : declareNone(String(code)); },
    record: record,
    undo: function () { return undo(); },
    redo: function () { return redo(); },
    hint: function (code) {
      return hint(code);
    },
    pick: function (code) { return pickCode(String(code)); },
    ghost: function () { return ghostText(); },
    cellRect: function (name) { return cellRect(String(name)); },
    shareLink: function () { return shareLink(); }
  };
  // the moment the page is ready to play (make bench reads it)
  if (window.performance && performance.mark) performance.mark("conundrum-ready");
})();
