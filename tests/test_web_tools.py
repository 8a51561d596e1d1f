"""Undo and redo, notes, hints in three steps, found positions in their tile's colours,
and keys read by their place on the keyboard, in a real headless Chromium."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conundrum.notation import Grid
from conundrum.puzzle import load_puzzle
from conundrum.solver import positions
from renderers.page.i18n import message
from renderers.web.page import render_html
from tests.support.web import chrome, console_errors, open_page  # noqa: F401
from tests.test_web_play import click_cell, fresh

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    return path


def js(driver, script: str, *args):
    return driver.execute_script("return " + script, *args)


def reload(driver, path) -> None:
    """Leave and come back, once the page's storage writes have landed."""
    open_page(driver, path.with_name("blank.html"))
    time.sleep(0.3)
    open_page(driver, path)


def keys(driver, *sequence, ctrl: bool = False, shift: bool = False, alt: bool = False) -> None:
    chain = ActionChains(driver)
    if alt:
        chain.key_down(Keys.ALT)
    if ctrl:
        chain.key_down(Keys.CONTROL)
    if shift:
        chain.key_down(Keys.SHIFT)
    chain.send_keys(*sequence)
    if shift:
        chain.key_up(Keys.SHIFT)
    if ctrl:
        chain.key_up(Keys.CONTROL)
    if alt:
        chain.key_up(Keys.ALT)
    chain.perform()


def test_undo_and_redo_by_keys_buttons_and_hook(chrome, page):  # noqa: F811
    fresh(chrome, page)
    assert js(chrome, "document.getElementById('undo').disabled")
    js(chrome, "window.conundrum.answer('YYB C3 h')")
    js(chrome, "window.conundrum.answer('BYY C3 v')")
    js(chrome, "window.conundrum.answer('YYB E6 h')")          # wrong: nothing to undo
    js(chrome, "document.getElementById('board').focus()")
    keys(chrome, "z", ctrl=True)
    assert js(chrome, "window.conundrum.found().found") == 1
    assert chrome.find_element(By.ID, "verdict").text == message("en", "web_undone",
                                                                 what="BYY C3 v")
    keys(chrome, "z", ctrl=True, shift=True)
    assert js(chrome, "window.conundrum.found().found") == 2
    verdict = chrome.find_element(By.ID, "verdict")
    assert verdict.text == message("en", "web_redone", what="BYY C3 v")
    assert js(chrome, "window.conundrum.undo()") == "BYY C3 v"
    assert js(chrome, "window.conundrum.undo()") == "YYB C3 h"
    assert js(chrome, "window.conundrum.undo()") is None          # nothing left
    assert verdict.text == message("en", "web_nothing_to_undo")
    assert js(chrome, "window.conundrum.found().found") == 0
    assert js(chrome, "window.conundrum.redo()") == "YYB C3 h"
    chrome.find_element(By.ID, "redo").click()
    assert js(chrome, "window.conundrum.found().found") == 2
    assert js(chrome, "window.conundrum.redo()") is None          # nothing to do again
    assert verdict.text == message("en", "web_nothing_to_redo")
    chrome.find_element(By.ID, "undo").click()
    assert js(chrome, "window.conundrum.found().found") == 1
    # what was undone stays undone after a reload (kept as taken back, not lost)
    reload(chrome, page)
    assert js(chrome, "window.conundrum.found().found") == 1
    assert chrome.find_element(By.ID, "found").text == "YYB C3 h"
    # a "no position" is undone like an answer (and a new answer clears the redo list)
    js(chrome, "window.conundrum.answer('YYB D3 h')")
    assert js(chrome, "document.getElementById('redo').disabled")
    assert console_errors(chrome) == []


def test_undoing_an_answer_unfinishes_the_solve(chrome, page):  # noqa: F811
    puzzle = load_puzzle(EXAMPLE)
    grid = Grid.of(puzzle.board)
    answers = [grid.text(p) for g in puzzle.given
               for p in positions(puzzle.board, g.code, puzzle.ruleset)]
    fresh(chrome, page)
    for text in answers:
        js(chrome, "window.conundrum.answer(arguments[0])", text)
    perfect = lambda: "is-perfect" in chrome.find_element(  # noqa: E731
        By.TAG_NAME, "body").get_attribute("class")
    solve_ms = lambda: js(chrome, "window.conundrum.record()")["records"][0]["solve_ms"]  # noqa: E731
    assert perfect() and solve_ms() is not None
    assert js(chrome, "window.conundrum.undo()") == answers[-1]
    assert not perfect() and solve_ms() is None
    reload(chrome, page)                                          # and it stays so
    assert not perfect() and solve_ms() is None
    js(chrome, "window.conundrum.answer(arguments[0])", answers[-1])
    assert perfect() and solve_ms() is not None
    assert console_errors(chrome) == []


def test_a_hint_in_three_steps_is_recorded(chrome, page):  # noqa: F811
    fresh(chrome, page)
    puzzle = load_puzzle(EXAMPLE)
    grid = Grid.of(puzzle.board)
    first = js(chrome, "window.conundrum.positions('YYB')")[0]
    target = next(p for p in positions(puzzle.board, "YYB", puzzle.ruleset)
                  if grid.text(p) == first)
    one = js(chrome, "window.conundrum.hint('YYB')")
    assert (one["step"], one["kind"]) == (1, "region")
    row = target.at[1] - grid.top
    first_col, last_col = one["region"]["columns"].split("\u2013")
    assert first_col <= grid.name(target.at)[0] <= last_col
    low, high = (int(v) for v in one["region"]["rows"].split("\u2013"))
    assert low <= row + 1 <= high
    assert chrome.find_elements(By.CSS_SELECTOR, "#board .hint-region")
    two = js(chrome, "window.conundrum.hint('yyb')")
    assert (two["step"], two["cell"]) == (2, grid.name(target.at))
    assert two["text"] == message("en", "web_hint_cell", code="YYB", cell=grid.name(target.at))
    three = js(chrome, "window.conundrum.hint('BYY')")         # either reading
    assert (three["step"], three["position"]) == (3, first)
    assert js(chrome, "window.conundrum.found().found") == 0   # a hint lays nothing
    assert js(chrome, "window.conundrum.hint('YYB')")["step"] == 3   # shown again, not recorded
    js(chrome, "window.conundrum.answer(arguments[0])", first)
    assert js(chrome, "window.conundrum.hint('YYB')")["step"] == 1  # the next position
    (rec,) = js(chrome, "window.conundrum.record()")["records"]
    assert [h["step"] for h in rec["hints"]] == [1, 2, 3, 1]
    assert {h["code"] for h in rec["hints"]} == {"YYB"}
    # the Hint button asks for a tile first, then gives the picked tile's next step
    chrome.find_element(By.ID, "hint").click()
    assert chrome.find_element(By.ID, "verdict").text == message("en", "web_pick_first")
    chrome.find_element(By.CSS_SELECTOR, "#tiles .given").click()
    chrome.find_element(By.ID, "hint").click()
    assert js(chrome, "window.conundrum.record()")["records"][0]["hints"][-1]["step"] == 2
    assert console_errors(chrome) == []


def test_notes_are_kept_and_cleared_by_start_again(chrome, page):  # noqa: F811
    fresh(chrome, page)
    chrome.find_element(By.ID, "notes").click()
    assert chrome.find_element(By.ID, "notes").get_attribute("aria-pressed") == "true"
    click_cell(chrome, (3, 0))                                 # a cross on an opening
    chrome.find_element(By.CSS_SELECTOR, "#tiles .given").click()
    click_cell(chrome, (-1, -1))                               # a pencilled position
    assert js(chrome, "window.conundrum.found().found") == 0   # not judged
    js(chrome, "document.getElementById('board').focus()")
    keys(chrome, Keys.ARROW_DOWN)
    keys(chrome, "x", alt=True)                                # Alt+X crosses out the cursor's cell
    crosses = lambda: [e.get_attribute("data-cell") for e in  # noqa: E731
                       chrome.find_elements(By.CSS_SELECTOR, "#board .cross")]
    pencils = lambda: [e.get_attribute("data-position") for e in  # noqa: E731
                       chrome.find_elements(By.CSS_SELECTOR, "#board .pencil")]
    assert len(crosses()) == 2 and pencils() == ["YYB C3 h"]
    keys(chrome, "z", ctrl=True)                               # undo takes back a note too
    assert len(crosses()) == 1
    reload(chrome, page)
    assert len(crosses()) == 1 and pencils() == ["YYB C3 h"]
    assert "YYB C3 h" in chrome.find_element(By.ID, "notes-list").text
    chrome.find_element(By.ID, "restart").click()
    chrome.find_element(By.ID, "confirm-yes").click()
    assert crosses() == [] and pencils() == []
    reload(chrome, page)
    assert crosses() == [] and pencils() == []
    assert console_errors(chrome) == []


def test_found_positions_show_their_tile_and_overlaps_stay_apart(chrome, page):  # noqa: F811
    fresh(chrome, page)
    for text in ("YYB C3 h", "BYY C3 v", "YYB D3 h"):          # all three share cells
        js(chrome, "window.conundrum.answer(arguments[0])", text)
    tiles = chrome.find_elements(By.CSS_SELECTOR, "#board .found-tile")
    assert [t.get_attribute("data-position") for t in tiles] == \
        ["YYB C3 h", "BYY C3 v", "YYB D3 h"]
    assert [t.get_attribute("data-depth") for t in tiles] == ["0", "1", "1"] or \
        len({t.get_attribute("data-depth") for t in tiles}) > 1
    assert [t.find_element(By.TAG_NAME, "title").get_attribute("textContent")
            for t in tiles] == ["YYB C3 h", "BYY C3 v", "YYB D3 h"]
    # the mouse over a found tile's cell: the box under it names the positions there as
    # its tooltip (the drawing itself takes no pointer events), and forgets them off it
    def hovered(name: str) -> str | None:
        r = js(chrome, "window.conundrum.cellRect(arguments[0])", name)
        x, y = round(r["x"] + r["w"] / 2), round(r["y"] + r["h"] / 2)
        actions = ActionBuilder(chrome)
        actions.pointer_action.move_to_location(x, y)
        actions.perform()
        return chrome.execute_script(
            "const e = document.elementFromPoint(arguments[0], arguments[1])"
            ".closest('[title]'); return e && e.title", x, y)
    assert hovered("C3") == "YYB C3 h; BYY C3 v"
    assert hovered("F3") == "YYB D3 h"
    assert hovered("A1") is None
    # drawn in the tile's own squares, faded
    assert len(tiles[0].find_elements(By.TAG_NAME, "use")) == 3
    assert float(js(chrome, "getComputedStyle(arguments[0]).opacity", tiles[0])) < 0.6
    # focusing its entry in the list lights it on the board
    chrome.find_element(By.CSS_SELECTOR, "#found li:nth-child(2) button").send_keys("")
    assert "lit" in tiles[1].get_attribute("class")
    assert console_errors(chrome) == []


def key_event(driver, code: str, key: str, **extra) -> None:
    driver.execute_script(
        "document.getElementById('board').dispatchEvent(new KeyboardEvent('keydown',"
        " Object.assign({code: arguments[0], key: arguments[1], bubbles: true,"
        " cancelable: true}, arguments[2])))", code, key, extra)


def test_keys_by_their_place_jumps_and_typed_cells(chrome, page):  # noqa: F811
    fresh(chrome, page)
    grid = Grid.of(load_puzzle(EXAMPLE).board)
    text = lambda: chrome.find_element(By.ID, "cursor-text").text  # noqa: E731
    key_event(chrome, "Digit1", "&", altKey=True)              # AZERTY's 1 (commands take Alt)
    assert text().startswith("YYB") and text().endswith(" h")
    key_event(chrome, "KeyR", "\u043a", altKey=True)           # Ukrainian layout's R key
    assert text().endswith(" v")
    key_event(chrome, "KeyF", "\u0430", altKey=True)
    assert text().startswith("BYY")
    key_event(chrome, "Escape", "Escape")
    key_event(chrome, "Home", "Home")
    key_event(chrome, "PageUp", "PageUp")
    assert text() == grid.name((grid.left, grid.top))
    key_event(chrome, "End", "End")
    key_event(chrome, "PageDown", "PageDown")
    assert text() == grid.name((grid.left + grid.width - 1, grid.top + grid.height - 1))
    for code, key in (("KeyD", "d"), ("Digit4", "4"), ("Enter", "Enter")):  # a cell typed
        key_event(chrome, code, key)
    assert text() == "D4"
    for code, key in (("KeyC", "c"), ("Digit3", "3")):         # ended by a pause
        key_event(chrome, code, key)
    time.sleep(1.2)
    assert text() == "C3"
    assert js(chrome, "window.conundrum.found().found") == 0


def test_a_wrong_typed_answer_is_selected_for_the_next(chrome, page):  # noqa: F811
    fresh(chrome, page)
    box = chrome.find_element(By.ID, "answer")
    box.send_keys("YYB E6 h", Keys.ENTER)
    assert chrome.find_element(By.ID, "verdict").get_attribute("class") == "verdict wrong"
    assert js(chrome, "[document.activeElement.id, document.activeElement.selectionStart,"
                      " document.activeElement.selectionEnd]") == ["answer", 0, 8]
    box.send_keys("YYB C3 h", Keys.ENTER)                      # replaces it
    assert chrome.find_element(By.ID, "verdict").get_attribute("class") == "verdict right"
    box.send_keys("YYB C3 h", Keys.ENTER)                      # a repeat: selected too
    assert js(chrome, "document.activeElement.selectionEnd") == 8


def test_typed_letters_and_digits_only_move_to_a_cell(chrome, page):  # noqa: F811
    """On the focused board "h4" goes to H4 (never a hint), "r1" to R1 would be off the
    board, so nothing moves; commands need Alt; "?" opens the list of keys."""
    fresh(chrome, page)
    chrome.find_element(By.CSS_SELECTOR, "#tiles .given").click()
    js(chrome, "document.getElementById('board').focus()")
    keys(chrome, "h4", Keys.ENTER)
    assert js(chrome, "window.conundrum.ghost()") == "YYB H4 h"
    keys(chrome, "c", "3", "r", "f", "n", "x", "p", "2")        # C3, then "RFNXP2": not a cell
    time.sleep(1.0)                                             # the typed name's pause ends it
    assert js(chrome, "window.conundrum.ghost()") == "YYB C3 h"
    rec = js(chrome, "window.conundrum.record()")["records"][0]
    assert rec["hints"] == [] and rec["tries"] == 0 and js(chrome, "Object.keys(JSON.parse("
        "localStorage.getItem('conundrum:' + window.conundrum.record().records[0].puzzle_id))"
        ".marks)") == []
    keys(chrome, "r", alt=True)                                 # Alt+R turns
    assert js(chrome, "window.conundrum.ghost()") == "YYB C3 v"
    keys(chrome, "h", alt=True)                                 # Alt+H gives a hint
    assert [h["step"] for h in js(chrome, "window.conundrum.record()")["records"][0]["hints"]] \
        == [1]
    assert chrome.find_element(By.ID, "keys").is_displayed() is False
    keys(chrome, "?")
    panel = chrome.find_element(By.ID, "keys")
    assert panel.is_displayed() and "Alt+R" in panel.text and "D4, K11" in panel.text
    assert (panel.tag_name, panel.get_attribute("class"), panel.get_attribute("role"),
            panel.get_attribute("aria-label")) == ("div", "keys", "region",
                                                   message("en", "web_keys"))
    assert chrome.find_element(By.ID, "keys-button").get_attribute("aria-expanded") == "true"
    keys(chrome, Keys.ESCAPE)
    assert not panel.is_displayed()
    chrome.find_element(By.ID, "keys-button").click()
    assert panel.is_displayed()
    assert console_errors(chrome) == []
