/* The web player, judge.js: Judging: an answer, a "no position", a Lay-them-all arrangement,
   taking a tile back; each judged with ConundrumRules and recorded.
   One of the player's modules, joined in order inside one function by renderers/web/page.py
   (PLAYER_MODULES); they share its scope. */
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
  if (r.verdict === "repeat") {             // said before: no try, as a repeated answer
    if (!perfect()) say("repeat", t("web_none_repeat", {code: r.code}));
    return out;
  }
  state.tries += 1;
  if (r.verdict === "right") {
    declared.add(r.code);
    note("none:" + r.code, true);
    act({kind: "answer", key: "none:" + r.code, placement: null,
      label: r.code + ": " + t("web_no_position")});
    say("right", t("web_none_right", {code: r.code}));
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
