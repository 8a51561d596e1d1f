"""Lay them all (`kind: all`) in the web player, in a real headless Chromium.

For generated Lay-them-all puzzles of 2 to 4 tiles over several seeds, the page's judge
must agree with `conundrum check` (conundrum.check.judge) on the one right arrangement and
on every arrangement that moves one of its tiles (rejected, with Python's reason word for
word), and `positions()` must list Python's positions on the board plus the tiles laid so
far. Then a page is played by hand: tiles laid with the pointer and the keyboard, a tile
moved by laying it again, undo and redo, "Check" in French, progress kept over a reload
and merged from another tab, hints, "Show answers", the record, a share link, axe-core and
a phone's layout.
"""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conundrum.check import judge
from conundrum.generate import GenerateRequest, generate
from conundrum.lay_all import drawn_grid, puzzle_arrangements
from conundrum.solver import positions
from renderers.page.i18n import message
from renderers.web.page import page_html, player_html, share_fragment
from tests.support.axe import audit, serious
from tests.support.reference import single_tile_moves
from tests.support.web import (  # noqa: F401
    chrome,
    console_errors,
    finished_marks,
    new_driver,
    open_page,
)
from tests.test_web_phone import SIDEWAYS, SMALL_TARGETS, cell_point, emulate, in_viewport, tap
from tests.test_web_play import click_cell, fresh

pytestmark = pytest.mark.slow  # drives the browser

# (given tiles, difficulty) and seeds: K = 2 to 5
CASES = [(2, 1, s) for s in (1, 2)] + [(2, 3, s) for s in (1, 3)] + \
        [(3, 3, s) for s in (1, 2, 3)] + [(3, 4, s) for s in (1, 2)] + \
        [(4, 5, s) for s in (1, 2)] + [(5, 5, 1)]

JUDGE_ALL = """
return arguments[0].map(function (text) { return window.conundrum.check(text); });
"""


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Each case's puzzle, its one arrangement and its page."""
    folder = tmp_path_factory.mktemp("all")
    out = {}
    for k, level, seed in CASES:
        puzzle = generate(GenerateRequest(kind="all", given=k, difficulty=level, seed=seed))
        found = puzzle_arrangements(puzzle)
        assert found.count == 1 and len(puzzle.given) == k
        path = folder / f"all-{k}-{level}-{seed}.html"
        path.write_text(page_html(puzzle), encoding="utf-8")
        out[(k, level, seed)] = (puzzle, found.arrangements[0], path)
    return out


def arrangement_text(grid, answer) -> str:
    return "; ".join(grid.text(p) for p in answer)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"K{c[0]}-d{c[1]}-s{c[2]}")
def test_the_page_judges_every_one_tile_slip_as_conundrum_check(case, made, chrome):  # noqa: F811
    puzzle, answer, path = made[case]
    grid = drawn_grid(puzzle)
    fresh(chrome, path)
    right = arrangement_text(grid, answer)
    assert judge(puzzle, right).right
    texts = [right] + [arrangement_text(grid, moved)
                       for moved in single_tile_moves(answer, grid)]
    # the tiles in another order and a reversed span are the same arrangement
    texts.append("; ".join(grid.span_text(p).lower() for p in reversed(answer)))
    seen = chrome.execute_script(JUDGE_ALL, texts)
    assert seen[0] == {"verdict": "right", "reason": ""}
    assert seen[-1] == {"verdict": "right", "reason": ""}
    rejected = 0
    for text, web in zip(texts[1:-1], seen[1:-1], strict=True):
        py = judge(puzzle, text, grid)
        assert py.fault is not None, text  # the arrangement is unique
        assert web == {"verdict": "wrong", "reason": py.fault}, text
        rejected += 1
    assert rejected >= 100 * len(answer)
    # partial, doubled, foreign and unreadable arrangements: the same first fault
    first, *rest = answer
    for text in (grid.text(first), f"{right}; {grid.text(first)}",
                 f"{grid.text(first)}; {grid.text(first)}; {arrangement_text(grid, rest)}",
                 f"{right}; RRR A1 h", f"{right}; RYG", f"# nothing\n{right}\n",
                 f"{arrangement_text(grid, rest)}; {first.code} Z99 h"):
        py = judge(puzzle, text, grid)
        web = chrome.execute_script("return window.conundrum.check(arguments[0])", text)
        assert web["reason"] == (py.fault or ""), text
    assert console_errors(chrome) == []


# Boards the generator does not make (junior rules, a chosen chameleon set): a grown game
# with its last tiles taken back. Under junior rules a tile laid early can spoil a later one,
# so the judge must try other orders than "any tile legal now first".
GROWN = [("junior", None, 8, 3, s) for s in (1, 2, 3, 4)] + \
        [("standard", ("R*R", "Y*Y", "G*G", "B*B", "P*P", "B*R"), 10, 3, s) for s in (1, 2)]


@pytest.mark.parametrize("case", GROWN, ids=lambda c: f"{c[0]}-s{c[4]}")
def test_grown_boards_junior_and_chameleon_sets_are_judged_alike(case, chrome, tmp_path):  # noqa: F811
    import random

    from conundrum.board import Board
    from conundrum.game.grow import grow_board
    from conundrum.puzzle import Given, Puzzle
    from conundrum.rules import ruleset
    rules, chameleons, n, k, seed = case
    rs = ruleset(rules, chameleons)
    laid = grow_board(n + k, random.Random(seed), rs, bot="random").placements
    puzzle = Puzzle(Board(laid[:n]), [Given(p.code) for p in laid[n:]], rules,
                    rs.chameleons if chameleons else None, kind="all")
    answer = laid[n:]
    grid = drawn_grid(puzzle)
    path = tmp_path / "grown.html"
    path.write_text(page_html(puzzle), encoding="utf-8")
    fresh(chrome, path)
    texts = [arrangement_text(grid, answer), arrangement_text(grid, answer[::-1])]
    texts += [arrangement_text(grid, moved) for moved in single_tile_moves(answer, grid)]
    seen = chrome.execute_script(JUDGE_ALL, texts)
    rights = 0
    for text, web in zip(texts, seen, strict=True):
        py = judge(puzzle, text, grid)
        assert web == {"verdict": "right" if py.right else "wrong", "reason": py.fault or ""}, \
            text
        rights += py.right
    assert seen[0]["verdict"] == seen[1]["verdict"] == "right"
    assert rights >= 2
    assert console_errors(chrome) == []


@pytest.mark.parametrize("case", CASES[::3], ids=lambda c: f"K{c[0]}-d{c[1]}-s{c[2]}")
def test_positions_are_pythons_on_the_board_plus_the_tiles_laid(case, made, chrome):  # noqa: F811
    puzzle, answer, path = made[case]
    grid = drawn_grid(puzzle)
    fresh(chrome, path)
    laid: list = []
    for step in range(len(answer) + 1):
        for g in puzzle.given:
            others = [p for p in laid if p.tile != g.code and p.tile != g.code[::-1]]
            board = puzzle.board.copy()
            for p in others:
                board.add(p)
            want = [grid.text(p) for p in positions(board, g.code, puzzle.ruleset)]
            got = chrome.execute_script("return window.conundrum.positions(arguments[0])",
                                        g.code)
            assert got == want, (step, g.code)
        if step < len(answer):
            laid.append(answer[step])
            chrome.execute_script("window.conundrum.answer(arguments[0])",
                                  grid.text(answer[step]))
    assert chrome.execute_script("return window.conundrum.found()") == \
        {"found": len(answer), "total": len(answer)}


def test_playing_a_page_by_hand(made, chrome, tmp_path):  # noqa: F811
    puzzle, answer, _ = made[(3, 3, 1)]
    grid = drawn_grid(puzzle)
    path = tmp_path / "fr.html"
    path.write_text(page_html(puzzle, lang="fr"), encoding="utf-8")
    t = lambda key, **kw: message("fr", key, **kw)  # noqa: E731
    fresh(chrome, path)
    js = chrome.execute_script
    verdict = lambda: chrome.find_element(By.ID, "verdict").text  # noqa: E731
    assert chrome.find_element(By.CSS_SELECTOR, ".rule").text.startswith(
        message("fr", "instruction_all"))
    # no counts: each tile says where it lies, or that it is not laid
    counts = [e.text for e in chrome.find_elements(By.CSS_SELECTOR, "#tiles .count")]
    assert counts == [t("web_all_not_laid")] * 3
    assert not chrome.find_elements(By.ID, "none")
    assert js("return window.conundrum.none(arguments[0])", puzzle.given[0].code) is None

    # 1. the first tile laid in a wrong place with the pointer, then moved by laying it again
    first = answer[0]
    wrong_at = next(p for p in js("return window.conundrum.positions(arguments[0])", first.code)
                    if p != grid.text(first))
    tiles = chrome.find_elements(By.CSS_SELECTOR, "#tiles .given")
    tiles[0].click()
    wrong = grid.parse(wrong_at)
    if wrong.dir == "v":
        chrome.find_element(By.ID, "rotate").click()
    if wrong.code != puzzle.given[0].code:
        chrome.find_element(By.ID, "flip").click()
    click_cell(chrome, wrong.at)
    assert verdict() == t("web_all_laid", answer=wrong_at)
    square = wrong.code[0]
    said = chrome.find_element(By.ID, "cell-say").get_attribute("textContent")
    assert said.startswith(t("web_all_cell_laid", cell=grid.name(wrong.at), code=wrong.code,
                             colour=t("colour_joker" if square == "*" else f"colour_{square}")))
    assert js("return window.conundrum.arrangement()") == wrong_at
    js("window.conundrum.answer(arguments[0])", grid.text(first))   # laid again: moved
    assert js("return window.conundrum.arrangement()") == grid.text(first)
    assert js("return window.conundrum.undo()") == grid.text(first)
    assert js("return window.conundrum.arrangement()") == wrong_at
    assert js("return window.conundrum.redo()") == grid.text(first)

    # 2. the second tile with keys only, the third typed; Check in the order they were laid
    second = answer[1]
    js("document.getElementById('board').focus()")
    keys = ActionChains(chrome).key_down(Keys.ALT).send_keys("2")   # commands take Alt
    if second.dir == "v":
        keys = keys.send_keys("r")
    if second.code != puzzle.given[1].code:
        keys = keys.send_keys("f")
    cell = grid.name(second.at)
    # letters and digits only name a cell (even "h", "r"...), Enter ends it, Enter lays
    keys.key_up(Keys.ALT).send_keys(cell.lower(), Keys.ENTER, Keys.ENTER).perform()
    assert js("return window.conundrum.found().found") == 2, verdict()
    assert js("return window.conundrum.arrangement()") == arrangement_text(grid, answer[:2])
    chrome.find_element(By.ID, "check-all").click()
    missing = t("reason_all_missing_one", codes=puzzle.given[2].code)
    assert verdict() == t("web_all_wrong", reason=missing)
    assert "is-perfect" not in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    box = chrome.find_element(By.ID, "answer")
    box.send_keys(grid.text(answer[2]) + "\n")
    assert box.get_attribute("value") == ""

    # 3. kept over a reload, then checked right
    chrome.refresh()
    assert js("return window.conundrum.arrangement()") == arrangement_text(grid, answer)
    chrome.find_element(By.ID, "check-all").click()
    assert verdict() == t("web_perfect") + " " + t("web_all_right")
    assert "is-perfect" in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    record = js("return window.conundrum.record()")["records"][0]
    assert record["kind"] == "all" and record["puzzle"]["kind"] == "all"
    assert record["arrangement"] == [grid.text(p) for p in answer]
    # answer() lays and checks: its early partial arrangement was a try, as the first Check
    assert record["solve_ms"] is not None and record["tries"] == 3 and record["wrong"] == 2
    # moving a tile away un-finishes it; a hint then aims at that tile's place
    chrome.find_element(By.ID, "answer").send_keys(
        f"{answer[2].code} {grid.name((grid.left, grid.top))} h\n")
    assert "is-perfect" not in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert js("return window.conundrum.record()")["records"][0]["solve_ms"] is None
    # undoing the move puts the answer back, but only Check finishes it again
    assert js("return window.conundrum.undo()") is not None
    assert js("return window.conundrum.arrangement()") == arrangement_text(grid, answer)
    assert "is-perfect" not in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert js("return window.conundrum.record()")["records"][0]["solve_ms"] is None
    assert js("return window.conundrum.redo()") is not None
    hint = js("return window.conundrum.hint()")
    assert hint["step"] == 1 and hint["kind"] == "region"
    assert js("return window.conundrum.hint()")["cell"] == grid.name(answer[2].at)
    assert js("return window.conundrum.hint()")["position"] == grid.text(answer[2])
    # Show answers lists the arrangement
    chrome.find_element(By.ID, "reveal").click()
    chrome.find_element(By.ID, "confirm-yes").click()
    shown = [e.text for e in chrome.find_elements(By.CSS_SELECTOR, "#missed button")]
    assert shown == [grid.text(p) for p in answer]
    assert console_errors(chrome) == []


def test_two_tabs_merge_their_tiles(made, tmp_path):
    puzzle, answer, _ = made[(2, 1, 1)]
    grid = drawn_grid(puzzle)
    path = tmp_path / "tabs.html"
    path.write_text(page_html(puzzle), encoding="utf-8")
    driver = new_driver()
    try:
        fresh(driver, path)
        one = driver.current_window_handle
        driver.switch_to.new_window("tab")
        open_page(driver, path)
        two = driver.current_window_handle
        driver.execute_script("window.conundrum.answer(arguments[0])", grid.text(answer[1]))
        driver.switch_to.window(one)
        driver.execute_script("window.conundrum.answer(arguments[0])", grid.text(answer[0]))
        assert driver.execute_script("return window.conundrum.arrangement()") == \
            arrangement_text(grid, answer)
        driver.switch_to.window(two)
        assert driver.execute_script("return window.conundrum.arrangement()") == \
            arrangement_text(grid, answer)
    finally:
        driver.quit()


def test_a_share_link_plays_the_puzzle_on_its_own_grid(made, chrome, tmp_path):  # noqa: F811
    puzzle, answer, _ = made[(3, 3, 3)]
    grid = drawn_grid(puzzle)
    path = tmp_path / "play.html"
    path.write_text(player_html(), encoding="utf-8")
    open_page(chrome, path)
    chrome.get(path.resolve().as_uri() + "#" + share_fragment(puzzle))
    chrome.refresh()
    assert chrome.execute_script("return window.conundrum.kind()") == "all"
    board = chrome.find_element(By.ID, "board")
    assert [int(board.get_attribute(f"data-{k}")) for k in ("left", "top", "width", "height")] \
        == [grid.left, grid.top, grid.width, grid.height]
    assert chrome.execute_script("return window.conundrum.check(arguments[0])",
                                 arrangement_text(grid, answer))["verdict"] == "right"
    blob = share_fragment(puzzle)
    assert json.loads(__import__("base64").urlsafe_b64decode(blob[2:] + "==="))["kind"] == "all"
    assert console_errors(chrome) == []


def test_axe_and_the_phone_layout(made, tmp_path):
    puzzle, answer, _ = made[(4, 5, 1)]
    grid = drawn_grid(puzzle)
    path = tmp_path / "phone.html"
    path.write_text(page_html(puzzle, lang="uk", palette="colourblind"), encoding="utf-8")
    driver = new_driver()
    try:
        emulate(driver, "phone")
        fresh(driver, path)
        assert serious(audit(driver)) == [], "at load"
        assert in_viewport(driver, "#board") and in_viewport(driver, "#tiles")
        assert driver.execute_script(SIDEWAYS) == []
        assert driver.execute_script(SMALL_TARGETS) == []
        # lay the first tile with two taps
        first = answer[0]
        driver.find_element(By.CSS_SELECTOR, "#tiles .given").click()
        if first.dir == "v":
            driver.find_element(By.ID, "rotate").click()
        if first.code != puzzle.given[0].code:
            driver.find_element(By.ID, "flip").click()
        x, y = cell_point(driver, first.at)
        tap(driver, x, y)
        tap(driver, x, y)
        assert driver.execute_script("return window.conundrum.arrangement()") == grid.text(first)
        assert in_viewport(driver, "#verdict") and in_viewport(driver, "#check-all")
        for p in answer[1:]:
            driver.execute_script("window.conundrum.answer(arguments[0])", grid.text(p))
        driver.find_element(By.ID, "check-all").click()
        assert "perfect" in driver.find_element(By.ID, "verdict").get_attribute("class")
        # the whole verdict is read without scrolling, however long its words
        assert in_viewport(driver, "#verdict")
        driver.execute_script("window.conundrum.hint()")
        assert serious(audit(driver)) == [], "in play"
        assert driver.execute_script(SIDEWAYS) == []
        driver.save_screenshot(str(tmp_path / "phone.png"))
        assert console_errors(driver) == []
    finally:
        driver.quit()


MIXED = """title: Mixed
seed: 3
page: 6x9
web: https://example.org/mixed/
sections:
  - {name: Warm-up, count: 1, difficulty: 1}
  - {name: All of them, count: 2, difficulty: 2, kind: all}
"""


def test_a_book_sites_lay_them_all_page_plays_on_the_books_grid(tmp_path, chrome):  # noqa: F811
    import subprocess

    from conundrum.puzzle import load_puzzle
    from tests.support.program import CONUNDRUM
    (tmp_path / "m.yaml").write_text(MIXED, encoding="utf-8")
    for args in (["book", "m.yaml", "-o", "m.pdf", "--web", "site"],
                 ["extract", "m.manifest.yaml", "--all", "-o", "ex"]):
        done = subprocess.run([*CONUNDRUM, *args], cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    for number in (2, 3):
        puzzle = load_puzzle(tmp_path / "ex" / f"puzzle-{number:03d}.yaml")
        assert puzzle.kind == "all"
        grid = drawn_grid(puzzle)                 # the grid the book's page names cells on
        answer = puzzle_arrangements(puzzle).arrangements[0]
        fresh(chrome, tmp_path / "site" / f"{number}.html")
        assert chrome.execute_script("return window.conundrum.kind()") == "all"
        chrome.execute_script("window.conundrum.answer(arguments[0])",
                              arrangement_text(grid, answer))
        assert "perfect" in chrome.find_element(By.ID, "verdict").get_attribute("class")
        assert chrome.find_element(By.CSS_SELECTOR, ".rule").text.startswith(
            message("en", "instruction_all"))
    # the index marks the finished Lay-them-all puzzle as any other (fresh() cleared 2's)
    assert finished_marks(chrome, tmp_path / "site" / "index.html") == ["3.html"]
    # and says under the section's name what its puzzles ask
    sections = chrome.find_elements(By.TAG_NAME, "section")
    assert [s.find_element(By.TAG_NAME, "h2").text for s in sections] == ["Warm-up", "All of them"]
    assert [len(s.find_elements(By.CLASS_NAME, "kind")) for s in sections] == [0, 1]
    assert sections[1].find_element(By.CLASS_NAME, "kind").text == message("en", "book_kind_all")
    assert console_errors(chrome) == []
