/* The web player, merge.js: progress as data, with no page around it: a fresh state, an old one
   upgraded, and two tabs' progress merged (never overwritten). Pure functions:
   tests/test_web_js_units.py runs them in Node.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
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
/* Another tab's progress `other` taken into `state` (changed in place, unless a newer reset
   replaces it whole): {state, grew}, grew true when `other` held something `state` did not. */
function mergeState(state, other) {
  if (!other) return {state: state, grew: false};
  if (other.reset > state.reset) return {state: other, grew: true};
  if (other.reset < state.reset) return {state: state, grew: false};
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
  return {state: state, grew: grew};
}
