"""The page's JavaScript rules against the Python solver and `conundrum check`.

Over 60 boards grown by the game engine with fixed seeds (standard, junior,
custom chameleon sets, boards with holes and exposed jokers), each written as
a player page and opened in one headless Chromium: `window.conundrum.positions`
must equal the solver's positions for every tile off the board, and
`window.conundrum.check` must give `conundrum check`'s verdict and reason for
right, wrong, repeated and unreadable answers.
"""

from __future__ import annotations

import functools
import random

import pytest

from conundrum.board import Board
from conundrum.check import grade
from conundrum.game.grow import grow_board
from conundrum.notation import Grid
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from conundrum.rules import ruleset
from conundrum.solver import positions
from renderers.web.page import page_html
from tests.support.web import chrome, console_errors, open_page  # noqa: F401  (fixture)

pytestmark = pytest.mark.slow  # builds books or drives the browser

CUSTOM = (("Y*R", "G*B", "P*P"), ("R*R", "Y*Y", "G*G", "B*B", "P*P", "B*R"), ("G*Y",))
# (rules, chameleon set, board sizes): 66 boards in all
CASES = (
    [("standard", None, n) for n in (1, 2, 3, 5, 8, 12, 16, 20, 25, 30, 35, 40, 45, 50, 60)]
    + [("standard", None, n) for n in (6, 10, 14, 18, 22, 28, 33, 38, 42, 55)]
    + [("junior", None, n) for n in (1, 2, 3, 4, 6, 8, 10, 12, 15, 18, 22, 26, 30)]
    + [("standard", CUSTOM[i % 3], n) for i, n in enumerate((1, 4, 7, 11, 15, 20, 26, 32, 40))]
    + [("junior", CUSTOM[i % 3], n) for i, n in enumerate((2, 5, 8, 12, 16, 20))]
    + [("standard", None, n) for n in (64, 70)]
    + [("junior", None, n) for n in (35, 40)]
    + [("standard", CUSTOM[1], n) for n in (50, 60)]
    + [("junior", CUSTOM[1], n) for n in (25, 30)]
)
UNREADABLE = ["RY C4 h", "RYX C4 h", "R*R* C4 h", "*RG C4 h", "RYG C0 h", "RYG 4C h",
              "RYG C4 d", "RYG C4-D5", "RYG C4-C4", "RYG C4 - C7", "RYG", "ryg c4 h x",
              "RYG ZZZ9999999 h", "RYG C4-", "it's C4 h"]


def make_puzzle(rules: str, chameleons, n: int, seed: int) -> Puzzle:
    rng = random.Random(seed)
    board = grow_board(n, rng, ruleset(rules, chameleons), bot="random")
    rs = ruleset(rules, chameleons)
    off = [t for t in rs.tiles if not board.contains(t)]
    # given: a tile with positions (when there is one) and one more, seeded
    counted = [(t, len(positions(board, t, rs))) for t in off]
    with_positions = [t for t, c in counted if c]
    first = rng.choice(with_positions) if with_positions else rng.choice(off)
    second = rng.choice([t for t in off if t != first])
    given = [Given(first), Given(second)]
    return Puzzle(board, given, rs.name, rs.chameleons if chameleons else None)


def probe_answers(puzzle: Puzzle, rng: random.Random) -> list[str]:
    """Answers of every kind: right ones (both notations, reversed spans, lower case),
    near misses around the board (clash, overlap, too few, junior faults), a tile
    not given, and unreadable lines."""
    grid = Grid.of(puzzle.board)
    out: list[str] = []
    for g in puzzle.given:
        for p in positions(puzzle.board, g.code, puzzle.ruleset)[:4]:
            out += [grid.text(p), grid.span_text(p).lower()]
            c = p.cells
            out.append(f"{p.code[::-1]} {grid.name(c[2])}-{grid.name(c[0])}")
    x0, y0, x1, y1 = puzzle.board.bbox()
    for _ in range(25):
        g = rng.choice(puzzle.given).code
        code = g if rng.random() < 0.5 else g[::-1]
        at = (rng.randint(x0 - 3, x1 + 1), rng.randint(y0 - 3, y1 + 1))
        d = rng.choice("hv")
        p = Placement(code, at, d)
        if all(grid.inside(c) for c in p.cells):
            out.append(grid.text(p))
    other = [t for t in puzzle.ruleset.tiles if not puzzle.board.contains(t)
             and t not in {g.code for g in puzzle.given}]
    out.append(f"{rng.choice(other)} {grid.name((x0, y0 - 1))} h")
    out.append(f"{puzzle.board.start.code} {grid.name((x0, y0))} h")  # a board tile: not given
    return out + UNREADABLE


def python_verdict(puzzle: Puzzle, line: str) -> dict[str, str]:
    result = grade(puzzle, line)
    if result.found:
        return {"verdict": "right", "reason": ""}
    (wrong,) = result.wrong
    if wrong.reason.startswith("unreadable line 1: "):
        return {"verdict": "unreadable", "reason": wrong.reason.removeprefix("unreadable line 1: ")}
    return {"verdict": "wrong", "reason": wrong.reason}


CHUNKS = 4  # the boards are checked in this many tests, so `pytest -n 2` shares them out


@functools.cache
def puzzle_of(index: int) -> Puzzle:
    rules, chams, n = CASES[index]
    return make_puzzle(rules, chams, n, seed=1000 + index)


def test_the_boards_cover_every_kind():
    boards = [(puzzle_of(i), None) for i in range(len(CASES))]
    kinds = {(p.rules, p.chameleons is not None) for p, _ in boards}
    assert kinds == {("standard", False), ("standard", True), ("junior", False), ("junior", True)}
    assert len(boards) >= 50

    def holes(p: Puzzle) -> int:  # empty cells closed in on all four sides
        cells = p.board.cells
        return sum(1 for c in p.board.frontier()
                   if all(n in cells for n in ((c[0] - 1, c[1]), (c[0] + 1, c[1]),
                                               (c[0], c[1] - 1), (c[0], c[1] + 1))))

    def exposed_jokers(p: Puzzle) -> int:  # chameleon centres beside an empty cell
        return sum(1 for q in p.board if q.code[1] == "*" and any(
            not p.board.occupied(n) for n in ((q.cells[1][0] + dx, q.cells[1][1] + dy)
                                             for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))))

    assert sum(1 for p, _ in boards if holes(p)) >= 5
    assert sum(1 for p, _ in boards if exposed_jokers(p)) >= 30


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_positions_and_verdicts_agree_with_python(chunk, chrome, tmp_path):  # noqa: F811
    asked = 0
    for index in range(chunk, len(CASES), CHUNKS):
        puzzle = puzzle_of(index)
        path = tmp_path / f"{index}.html"
        path.write_text(page_html(puzzle), encoding="utf-8")
        rng = random.Random(index)
        grid = Grid.of(puzzle.board)
        ruleset = puzzle.ruleset
        off = [t for t in ruleset.tiles if not puzzle.board.contains(t)]
        answers = probe_answers(puzzle, rng)
        open_page(chrome, path)
        got = chrome.execute_script(
            "const c = window.conundrum, out = {positions: {}, checks: []};"
            "for (const t of arguments[0]) out.positions[t] = c.positions(t);"
            "for (const a of arguments[1]) out.checks.push(c.check(a));"
            "out.before = c.found();"
            "return out;", off, answers)
        for t in off:
            want = [grid.text(p) for p in positions(puzzle.board, t, ruleset)]
            assert got["positions"][t] == want, (path.name, t)
            asked += 1
        for line, verdict in zip(answers, got["checks"], strict=True):
            assert verdict == python_verdict(puzzle, line), (path.name, line)
        assert got["before"]["found"] == 0
        total = sum(len(positions(puzzle.board, g.code, ruleset)) for g in puzzle.given)
        assert got["before"]["total"] == total
        # repeats: an answer recorded, then the same position written either way
        right = [a for a, v in zip(answers, got["checks"], strict=True) if v["verdict"] == "right"]
        if right:
            again = chrome.execute_script(
                "const c = window.conundrum; const first = c.answer(arguments[0]);"
                "return [first, c.check(arguments[0]), c.check(arguments[1]), c.found()];",
                right[0], right[1])
            assert again[0] == {"verdict": "right", "reason": ""}
            assert again[1]["verdict"] == "repeat"
            same = grade(puzzle, f"{right[0]}\n{right[1]}")
            assert again[2]["verdict"] == ("repeat" if len(same.found) == 1 else "right")
            assert again[3] == {"found": 1, "total": total}
            chrome.execute_script("localStorage.clear()")
    assert asked > 700
    assert console_errors(chrome) == []


def test_a_board_at_the_coordinate_limit_is_read_as_check_reads_it(chrome, tmp_path):  # noqa: F811
    limit = 1_000_000
    puzzle = Puzzle(Board([Placement("B*Y", (limit - 2, limit), "h")]), [Given("YYY")])
    grid = Grid.of(puzzle.board)
    far = f"{grid.name((limit + 3, limit))}"  # inside the drawn area, past the limit
    answers = [f"YYY {grid.name((limit - 2, limit - 1))} h", f"YYY {far} v",
               f"YYY {grid.name((limit + 1, limit))} h", "YYY ZZ9999999 h"]
    path = tmp_path / "limit.html"
    path.write_text(page_html(puzzle), encoding="utf-8")
    open_page(chrome, path)
    got = chrome.execute_script("return arguments[0].map(a => window.conundrum.check(a))",
                                answers)
    assert got == [python_verdict(puzzle, a) for a in answers]
    assert chrome.execute_script("return window.conundrum.positions('YYY')") == \
        [grid.text(p) for p in positions(puzzle.board, "YYY", puzzle.ruleset)]
