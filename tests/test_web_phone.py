"""Phone first: the whole board visible at load, the controls docked, zoom with labels kept.

Real headless Chromium at 375 x 740 (mobile emulation, touch, device scale 2) and at
1280 x 900, on a grade-5 board and a 77-tile board made by the project's generator.
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder

from conundrum.generate import GenerateRequest, generate
from conundrum.puzzle import Puzzle
from conundrum.solver import positions
from renderers.web.page import render_html
from tests.support.web import console_errors, new_driver, open_page

pytestmark = pytest.mark.slow  # drives the browser

SIZES = {"phone": (375, 740, True), "wide": (1280, 900, False)}


@pytest.fixture(scope="module")
def boards(tmp_path_factory) -> dict[str, tuple[Puzzle, object]]:
    folder = tmp_path_factory.mktemp("boards")
    out = {}
    made = {"grade5": generate(GenerateRequest(difficulty=5, seed=1)),
            "tiles77": generate(GenerateRequest(tiles=77, given=2, positions=(3, 4), seed=1))}
    for name, puzzle in made.items():
        path = folder / f"{name}.html"
        render_html(puzzle, path)
        out[name] = (puzzle, path)
    assert len(made["tiles77"].board) == 77
    return out


def emulate(driver, size: str) -> None:
    w, h, mobile = SIZES[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": w, "height": h, "deviceScaleFactor": 2 if mobile else 1,
                            "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                           {"enabled": mobile, "maxTouchPoints": 5 if mobile else 1})


@pytest.fixture(scope="module")
def driver():
    d = new_driver()
    try:
        yield d
    finally:
        d.quit()


def rect(driver, selector: str) -> dict:
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        " width: r.width, height: r.height}", selector)


def in_viewport(driver, selector: str) -> bool:
    r = rect(driver, selector)
    w, h = driver.execute_script("return [innerWidth, innerHeight]")
    return r["left"] >= 0 and r["top"] >= 0 and r["right"] <= w + 0.5 and r["bottom"] <= h + 0.5


def tap(driver, x: float, y: float) -> None:
    driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                           {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_on(driver, selector: str) -> None:
    r = rect(driver, selector)
    tap(driver, r["left"] + r["width"] / 2, r["top"] + r["height"] / 2)


def cell_point(driver, cell) -> tuple[float, float]:
    return driver.execute_script(
        "const s = document.getElementById('board'), p = s.createSVGPoint();"
        "p.x = (arguments[0] - s.dataset.left + 0.5) * 10;"
        "p.y = (arguments[1] - s.dataset.top + 0.5) * 10;"
        "const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y];", *cell)


def open_fresh(driver, path) -> None:
    """The page with no progress kept (cleared from a blank page of the same origin: a
    player page saves as it is left, and that write may land after a first clear)."""
    blank = path.with_name("blank.html")
    blank.write_text("<!DOCTYPE html><title>blank</title>", encoding="utf-8")
    open_page(driver, blank)
    quiet = 0
    while quiet < 3:
        empty = driver.execute_script("const n = localStorage.length; localStorage.clear();"
                                      "return n === 0")
        quiet = quiet + 1 if empty else 0
        time.sleep(0.05)
    open_page(driver, path)


SIDEWAYS = """
const out = [];
for (const e of document.querySelectorAll('*')) {
  const o = getComputedStyle(e).overflowX;
  const wide = e.scrollWidth > e.clientWidth + 1;
  if ((o === 'auto' || o === 'scroll') && wide) out.push(e.id || e.className);
}
if (document.scrollingElement.scrollWidth > innerWidth) out.push('page');
return out;
"""
SMALL_TARGETS = """
return Array.from(document.querySelectorAll('button, input, a')).filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.width < 44 || r.height < 44);
}).map(e => e.id || e.textContent);
"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["grade5", "tiles77"])
def test_the_whole_board_fits_and_the_verdict_is_in_view_after_taps(name, size, boards,
                                                                    driver):
    puzzle, path = boards[name]
    emulate(driver, size)
    open_fresh(driver, path)
    assert in_viewport(driver, "#board"), rect(driver, "#board")
    assert driver.execute_script(SIDEWAYS) == []
    assert driver.execute_script(SMALL_TARGETS) == []
    assert in_viewport(driver, "#tiles") and in_viewport(driver, "#progress")
    # lay a right answer with the fingers (or the mouse): pick, turn/reverse, tap twice
    given = puzzle.given[0].code
    answer = positions(puzzle.board, given, puzzle.ruleset)[0]
    press = (lambda sel: tap_on(driver, sel)) if size == "phone" else \
        (lambda sel: driver.find_element("css selector", sel).click())
    press("#tiles .given")
    if answer.dir == "v":
        press("#rotate")
    if answer.code != given:
        press("#flip")
    x, y = cell_point(driver, answer.at)
    if size == "phone":
        tap(driver, x, y)                               # the first tap shows the ghost
        tap(driver, x, y)
    else:
        actions = ActionBuilder(driver)                 # a mouse click lays at once
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()
    assert driver.execute_script("return window.conundrum.found().found") == 1
    assert driver.execute_script("return document.getElementById('verdict').className") == \
        "verdict right"
    assert in_viewport(driver, "#verdict") and in_viewport(driver, "#progress")
    assert driver.execute_script(SIDEWAYS) == []
    assert console_errors(driver) == []


def test_zoom_keeps_the_labels_in_view_while_panning(boards, driver):
    _, path = boards["tiles77"]
    emulate(driver, "phone")
    open_fresh(driver, path)
    box = rect(driver, "#view")
    width = rect(driver, "#board")["width"]
    for _ in range(2):
        tap_on(driver, "#zoom-in")
    assert rect(driver, "#board")["width"] > 2 * width
    assert rect(driver, "#view") == box                  # the box keeps its place and size
    cell = driver.execute_script("return document.getElementById('board')"
                                 ".getBoundingClientRect().width / document.getElementById("
                                 "'board').dataset.width")
    assert cell >= 22
    driver.execute_script("const v = document.getElementById('view');"
                          "v.scrollLeft = v.scrollWidth; v.scrollTop = v.scrollHeight")
    cols, rows = rect(driver, "#cols"), rect(driver, "#rows")
    assert abs(cols["top"] - box["top"]) < 1 and abs(rows["left"] - box["left"]) < 1
    # the last column's label and the last row's are where the board now shows them
    last_col = driver.execute_script("const s = document.querySelectorAll('#cols span');"
                                     "return s[s.length - 1].getBoundingClientRect().right")
    assert abs(last_col - rect(driver, "#board")["right"]) < 1.5
    assert driver.execute_script(SIDEWAYS) == ["view"]   # only the board's own box pans
    tap_on(driver, "#zoom-fit")
    assert abs(rect(driver, "#board")["width"] - width) < 1
    # two fingers spread apart zoom in
    mid = rect(driver, "#view")
    cx, cy = mid["left"] + mid["width"] / 2, mid["top"] + mid["height"] / 2
    points = lambda d: [{"x": cx - d, "y": cy, "id": 0}, {"x": cx + d, "y": cy, "id": 1}]  # noqa: E731
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart",
                                                        "touchPoints": points(20)})
    for d in (30, 45, 60):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove",
                                                            "touchPoints": points(d)})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert float(driver.execute_script("return document.getElementById('view').dataset.zoom")) \
        > 2
    assert console_errors(driver) == []
