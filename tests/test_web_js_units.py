"""The player's logic in Node, without a browser: the rules' judge (renderers/web/rules/)
against the Python solver, and the merge of two tabs' progress (renderers/web/player/merge.js).

Each test runs one small script with `node` (Debian's nodejs, which `make npm` brings);
without node the tests are skipped, and fail in CI.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from conundrum.generate import GenerateRequest, generate
from conundrum.lay_all import MAX_STATES, puzzle_arrangements
from conundrum.puzzle import load_puzzle
from conundrum.solver import positions
from renderers.web.page import asset, page_html, rules_script
from tests.support.paths import ROOT
from tests.support.web import in_ci

PUZZLES = ["spec-example.yaml", "chameleon-on-board.yaml", "junior-first-move.yaml",
           "start-alone.yaml"]


def node(script: str) -> object:
    """What `script` prints as JSON, run by node; skipped (failed in CI) without node."""
    exe = shutil.which("node") or shutil.which("nodejs")
    if exe is None:
        if in_ci():
            pytest.fail("node not on PATH (make npm)")
        pytest.skip("node not on PATH (make npm)")
    run = subprocess.run([exe, "-e", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def page_data(name: str) -> dict:
    """The DATA a player page carries for the puzzle file `name`."""
    page = page_html(load_puzzle(ROOT / "puzzles" / name))
    found = re.search(r'<script type="application/json" id="conundrum-data">(.*?)</script>',
                      page, re.S)
    assert found is not None
    return json.loads(found.group(1))  # plain JSON, "<" written \\u003c


JUDGE = """
%s
var R = ConundrumRules, data = %s, game = new R.Game(data), out = {positions: {}, verdicts: []};
data.given.forEach(function (g) {
  out.positions[g.code] = game.positions(g.code).map(function (p) {
    return [p.code, p.at, p.dir];
  });
});
var first = game.positions(data.given[0].code)[0];
var text = first ? game.grid.text(first) : null;
function verdict(t, found) {
  var r = game.judge(t, found);
  return [r.verdict, r.fault && r.fault.key];
}
if (text) {
  out.verdicts.push(verdict(text, new Set()));
  out.verdicts.push(verdict(text, new Set([first.id()])));
}
out.verdicts.push(verdict("no such thing", new Set()));
var given = data.given.map(function (g) { return R.canonical(g.code); });
var stranger = ["RRR", "YYY", "GGG", "BBB", "PPP"].filter(function (c) {
  return given.indexOf(c) < 0;
})[0];
var corner = game.grid.name([game.grid.left, game.grid.top]);
out.verdicts.push(verdict(stranger + " " + corner + " h", new Set()));
console.log(JSON.stringify(out));
"""


@pytest.mark.parametrize("name", PUZZLES)
def test_the_judge_in_node_finds_the_solvers_positions(name):
    data = page_data(name)
    puzzle = load_puzzle(ROOT / "puzzles" / name)
    out = node(JUDGE % (rules_script(), json.dumps(data)))
    assert isinstance(out, dict)
    for g in puzzle.given:
        want = [[p.code, list(p.at), p.dir] for p in positions(puzzle.board, g.code,
                                                                puzzle.ruleset)]
        assert out["positions"][g.code] == want, g.code
    verdicts = out["verdicts"]
    if positions(puzzle.board, puzzle.given[0].code, puzzle.ruleset):
        assert verdicts[:2] == [["right", None], ["repeat", "reason_repeat"]]
    assert verdicts[-2][0] == "unreadable"
    assert verdicts[-1] == ["wrong", "reason_not_given"]


MERGE = """
var M = new Function(%s + "\\nreturn {fresh: fresh, upgrade: upgrade, present: present," +
                     " mergeState: mergeState};")();
var a = M.fresh(), b = M.fresh(), out = {};
a.seen["RYG A1 h"] = 10; a.tries = 2; a.first = 5;
b.seen["BBP C3 v"] = 20; b.tries = 5; b.first = 3; b.hints.push({at: 7, code: "RYG"});
var m = M.mergeState(a, JSON.parse(JSON.stringify(b)));
out.union = Object.keys(m.state.seen).sort(); out.grew = m.grew;
out.tries = m.state.tries; out.first = m.state.first; out.hints = m.state.hints.length;
out.again = M.mergeState(m.state, JSON.parse(JSON.stringify(b))).grew;
// an answer taken back later in the other tab is gone here too
var c = JSON.parse(JSON.stringify(m.state)); c.gone["RYG A1 h"] = 30;
var n = M.mergeState(m.state, c);
out.takenBack = M.present(n.state, "RYG A1 h"); out.kept = M.present(n.state, "BBP C3 v");
// "Start again" elsewhere (a newer reset) replaces the whole progress; an older one is ignored
var r = M.fresh(); r.reset = 40;
out.reset = Object.keys(M.mergeState(n.state, r).state.seen).length;
var old = M.fresh(); old.reset = -1; old.seen["PPP B2 h"] = 50;
out.stale = M.mergeState(M.mergeState(a, r).state, old).grew;
// the earliest finish is kept; an old entry without times counts as given at the first moment
var d1 = M.fresh(), d2 = M.fresh(); d1.done = 90; d2.done = 60; d2.doneActive = 12;
var d = M.mergeState(d1, d2).state; out.done = [d.done, d.doneActive];
out.upgraded = M.upgrade({v: 1, found: ["RYG A1 h"], none: ["BBB"]}).seen;
console.log(JSON.stringify(out));
"""


def test_two_tabs_progress_merges_in_node():
    out = node(MERGE % json.dumps(asset("player/merge.js")))
    assert out == {
        "union": ["BBP C3 v", "RYG A1 h"], "grew": True, "tries": 5, "first": 3, "hints": 1,
        "again": False, "takenBack": False, "kept": True, "reset": 0, "stale": False,
        "done": [60, 12], "upgraded": {"RYG A1 h": 1, "none:BBB": 1},
    }


ARRANGE = """
%s
var R = ConundrumRules, data = %s, out = {};
out.found = new R.Game(data).arrangements(2).map(function (a) {
  return a.map(function (p) { return [p.code, p.at, p.dir]; });
});
data.maxStates = 1;                        // a smaller limit: the search stops short
out.cut = new R.Game(data).arrangements(2).length;
delete data.maxStates;                     // no limit in the data: refused, never unbounded
try { new R.Game(data).arrangements(2); out.bare = "searched"; } catch (e) { out.bare = "refused"; }
console.log(JSON.stringify(out));
"""


def test_the_lay_them_all_search_limit_is_pythons():
    """The page's search stops where `conundrum.lay_all` does: its limit is
    lay_all.MAX_STATES written into the page's data, not a number of its own."""
    puzzle = generate(GenerateRequest(kind="all", given=3, difficulty=3, seed=1))
    page = page_html(puzzle)
    found = re.search(r'<script type="application/json" id="conundrum-data">(.*?)</script>',
                      page, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    assert data["maxStates"] == MAX_STATES
    assert not re.search(r"\b[1-9]\d{4,}\b", asset("rules/game.js"))  # no limit of its own
    out = node(ARRANGE % (rules_script(), json.dumps(data)))
    assert isinstance(out, dict)
    (answer,) = puzzle_arrangements(puzzle).arrangements
    assert out["found"] == [[[p.code, list(p.at), p.dir] for p in answer]]
    assert out["cut"] == 0 and out["bare"] == "refused"
