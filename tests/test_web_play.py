"""Playing a page in a real headless Chromium, from file:// with every network request blocked.

A right answer laid with pointer clicks, a wrong one laid with the keyboard
(its reason shown in the page's language), progress kept across a reload,
the rest typed in notation up to "Perfect!", the solving record downloaded;
in every language and palette. Screenshots check the palette's colours, and a
375 px wide phone viewport must not scroll sideways, and two taps lay a tile there.
"""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conundrum.notation import Grid
from conundrum.puzzle import load_puzzle, parse_puzzle
from conundrum.solver import positions
from renderers.i18n import LANGUAGES, message
from renderers.palettes import PALETTES
from renderers.sheet import puzzle_id
from renderers.web.page import render_html
from tests.web_support import chrome, console_errors, new_driver, open_page  # noqa: F401

EXAMPLE = "puzzles/spec-example.yaml"
# A wrong answer and the reason `conundrum check` gives for it (README).
WRONG = ("YYB", (1, 2), "h")  # E6 on the example's sheet
WRONG_REASON = ("reason_clash", dict(cell="E6", colour="Y", other_colour="G", other_cell="E5",
                                     code="YGB"))


def write_page(folder: Path, lang: str, palette: str) -> Path:
    path = folder / f"{lang}-{palette}.html"
    render_html(EXAMPLE, path, lang=lang, palette=palette)
    return path


def fresh(driver, path: Path) -> None:
    """Open a page with no progress kept (cleared from a blank page of the same file:// origin,
    since a player page saves its progress as it is left)."""
    blank = path.with_name("blank.html")
    blank.write_text("<!DOCTYPE html><title>blank</title>", encoding="utf-8")
    open_page(driver, blank)
    # the page left behind saves as it goes, and that write may land after a first clear
    quiet = 0
    for _ in range(40):
        empty = driver.execute_script("const n = localStorage.length; localStorage.clear();"
                                      "return n === 0")
        quiet = quiet + 1 if empty else 0
        if quiet == 3:
            break
        time.sleep(0.05)
    open_page(driver, path)


def click_cell(driver, cell: tuple[int, int]) -> None:
    """A real mouse click in the middle of a board cell."""
    x, y = driver.execute_script(
        "const s = document.getElementById('board'), p = s.createSVGPoint();"
        "p.x = (arguments[0] - s.dataset.left + 0.5) * 10;"
        "p.y = (arguments[1] - s.dataset.top + 0.5) * 10;"
        "const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y];", *cell)
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(x), round(y)).click()
    actions.perform()


def verdict(driver) -> tuple[str, str]:
    el = driver.find_element(By.ID, "verdict")
    return el.get_attribute("class"), el.text


def play_through(driver, path: Path, lang: str) -> None:
    puzzle = load_puzzle(EXAMPLE)
    grid = Grid.of(puzzle.board)
    answers = positions(puzzle.board, "YYB", puzzle.ruleset)
    t = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    fresh(driver, path)
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0

    # 1. a right answer by pointer: pick the tile, turn and reverse it as needed, click its cell
    first = answers[2]  # BYY C3 v: needs a turn and a reversal
    assert (first.code, first.dir) == ("BYY", "v")
    driver.find_element(By.CSS_SELECTOR, "#tiles .given").click()
    driver.find_element(By.ID, "rotate").click()
    driver.find_element(By.ID, "flip").click()
    click_cell(driver, first.at)
    assert verdict(driver) == ("verdict right", t("web_right", answer=grid.text(first)))
    assert driver.execute_script("return window.conundrum.found()") == {"found": 1, "total": 5}

    # 2. a wrong one with keys only: Tab from the tile to the board, 1 picks the tile, arrows,
    # Enter (the tile button is focused after the click; the board comes before it)
    driver.find_element(By.CSS_SELECTOR, "#tiles .given").send_keys("")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert driver.execute_script("return document.activeElement.id") == "board"
    outline = driver.execute_script(
        "return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # visible focus
    cx, cy = first.at  # the cursor stays where the pointer last was
    keys = ["1", Keys.ESCAPE, "1"]  # pick, cancel, pick again
    x, y = WRONG[1]
    keys += [Keys.ARROW_RIGHT if x > cx else Keys.ARROW_LEFT] * abs(x - cx)
    keys += [Keys.ARROW_DOWN if y > cy else Keys.ARROW_UP] * abs(y - cy)
    keys += ["r", "r", "f", "f", Keys.ENTER]  # turned and reversed back: YYB across
    ActionChains(driver).send_keys(*keys).perform()
    key, params = WRONG_REASON
    reason = t(key, **params)
    assert verdict(driver) == ("verdict wrong", t("web_wrong", answer="YYB E6 h", reason=reason))
    assert driver.execute_script("return window.conundrum.found()")["found"] == 1

    # 3. progress survives leaving the page and coming back, and a reload. Chromium passes a
    # page's storage writes to the browser process asynchronously, so the test waits on a
    # blank page until they have landed (a reader takes longer than that to come back).
    open_page(driver, path.with_name("blank.html"))
    stored = "const s = JSON.parse(localStorage.getItem(arguments[0]) || '{}'); return s.found"
    for _ in range(100):
        if driver.execute_script(stored, f"conundrum:{puzzle_id(puzzle)}") == [grid.text(first)]:
            break
        time.sleep(0.05)
    open_page(driver, path)
    assert driver.execute_script("return window.conundrum.found()") == {"found": 1, "total": 5}
    driver.refresh()
    assert driver.execute_script("return window.conundrum.found()") == {"found": 1, "total": 5}
    assert driver.find_element(By.ID, "found").text.split() == grid.text(first).split()
    assert t("web_found_count", found=1, total=5) in driver.find_element(By.ID, "progress").text

    # 4. the rest typed in notation (lower case, spans, reversed spans) up to "Perfect!"
    box = driver.find_element(By.ID, "answer")
    rest = [p for p in answers if p != first]
    typed = [grid.text(rest[0]).lower(), grid.span_text(rest[1]),
             f"{rest[2].code[::-1]} {grid.name(rest[2].cells[2])}-{grid.name(rest[2].cells[0])}",
             grid.text(rest[3])]
    for line in typed:
        box.send_keys(line, Keys.ENTER)
    kind, text = verdict(driver)
    assert kind == "verdict right perfect" and text.startswith(t("web_perfect"))
    assert "is-perfect" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert driver.execute_script("return window.conundrum.found()") == {"found": 5, "total": 5}
    box.send_keys(typed[0], Keys.ENTER)  # a repeat
    assert verdict(driver)[0] == "verdict repeat"
    record = driver.execute_script("return window.conundrum.record()")
    (rec,) = record["records"]
    assert record["format"] == "conundrum-solve-record" and record["version"] == 1
    assert rec["puzzle_id"] == puzzle_id(puzzle)
    assert (rec["tries"], rec["wrong"], rec["found"], rec["total"], rec["revealed"]) == \
        (7, 1, 5, 5, False)
    assert isinstance(rec["solve_ms"], int) and rec["solve_ms"] >= rec["active_ms"] >= 0
    assert console_errors(driver) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_a_puzzle_to_perfect(lang, chrome, tmp_path):  # noqa: F811
    palette = list(PALETTES)[LANGUAGES.index(lang) % len(PALETTES)]
    play_through(chrome, write_page(tmp_path, lang, palette), lang)


def test_every_language_and_palette_judges_and_explains(chrome, tmp_path):  # noqa: F811
    key, params = WRONG_REASON
    for lang in LANGUAGES:
        for palette in PALETTES:
            fresh(chrome, write_page(tmp_path, lang, palette))
            got = chrome.execute_script("return window.conundrum.answer('YYB E6 h')")
            assert got == {"verdict": "wrong", "reason": message(lang, key, **params)}
            assert verdict(chrome)[0] == "verdict wrong"
            assert chrome.execute_script("return window.conundrum.answer('yyb c3-e3')") == \
                {"verdict": "right", "reason": ""}
            assert chrome.find_element(By.ID, "rotate").text == message(lang, "web_rotate")
            assert chrome.title == "Conundrum 7"
    assert console_errors(chrome) == []


def test_show_answers_asks_first_and_marks_the_record(chrome, tmp_path):  # noqa: F811
    fresh(chrome, write_page(tmp_path, "en", "classic"))
    chrome.execute_script("window.conundrum.answer('BYY C3 h')")
    chrome.find_element(By.ID, "reveal").click()
    assert chrome.find_element(By.ID, "confirm").is_displayed()
    chrome.find_element(By.ID, "confirm-no").click()
    assert not chrome.find_element(By.ID, "missed-wrap").is_displayed()
    chrome.find_element(By.ID, "reveal").click()
    chrome.find_element(By.ID, "confirm-yes").click()
    missed = chrome.find_element(By.ID, "missed").text.split("\n")
    assert missed == ["YYB C3 h", "BYY C3 v", "YYB D3 h", "YYB C4 v"]
    assert chrome.execute_script("return window.conundrum.record()")["records"][0]["revealed"]


def test_download_my_solving_record(tmp_path):
    driver = new_driver()
    try:
        folder = tmp_path / "downloads"
        folder.mkdir()
        driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                               {"behavior": "allow", "downloadPath": str(folder)})
        page = write_page(tmp_path, "en", "classic")
        fresh(driver, page)
        driver.execute_script("window.conundrum.answer('BYY C3 h');"
                              "window.conundrum.answer('YYB E6 h')")
        driver.find_element(By.ID, "download").click()
        name = f"conundrum-record-{puzzle_id(load_puzzle(EXAMPLE))}.json"
        for _ in range(100):
            if (folder / name).exists():
                break
            time.sleep(0.05)
        data = json.loads((folder / name).read_text(encoding="utf-8"))
    finally:
        driver.quit()
    assert data["format"] == "conundrum-solve-record" and data["version"] == 1
    (rec,) = data["records"]
    assert set(rec) == {"puzzle_id", "puzzle", "solve_ms", "active_ms", "tries", "wrong",
                        "found", "total", "revealed"}
    assert (rec["solve_ms"], rec["active_ms"], rec["tries"], rec["wrong"], rec["found"],
            rec["total"], rec["revealed"]) == (None, None, 2, 1, 1, 5, False)
    puzzle = rec["puzzle"]
    assert puzzle["given"] == [{"code": "YYB", "positions": 5}] and puzzle["chameleons"] is None
    assert puzzle["board"][0] == {"code": "Y*B", "at": [0, 0], "dir": "h"}
    # a puzzle file in itself: read back, it is the same puzzle (the id says so)
    assert puzzle_id(parse_puzzle(json.dumps(puzzle))) == rec["puzzle_id"]


def _pixel(png: bytes, x: float, y: float) -> str:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    r, g, b = image.getpixel((round(x), round(y)))
    return f"#{r:02x}{g:02x}{b:02x}"


@pytest.mark.parametrize("palette", PALETTES)
def test_screenshot_shows_the_palette(palette, chrome, tmp_path):  # noqa: F811
    fresh(chrome, write_page(tmp_path, "en", palette))
    # the corner of each square of the board's second tile (YGB), where no symbol is drawn
    corners = chrome.execute_script(
        "return Array.from(document.querySelectorAll('.laid .tile')[1].querySelectorAll('use'))"
        ".map(u => { const r = u.getBoundingClientRect(); return [r.x + 3, r.y + 3]; })")
    png = chrome.get_screenshot_as_png()
    ratio = chrome.execute_script("return window.devicePixelRatio")
    fills = PALETTES[palette].fills
    got = [_pixel(png, x * ratio, y * ratio) for x, y in corners]
    assert got == [fills["Y"], fills["G"], fills["B"]]
    (tmp_path / f"{palette}.png").write_bytes(png)


def _tap(driver, x: float, y: float) -> None:
    """A finger's tap (touch events, as a phone sends them)."""
    driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                           {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_phone_viewport_does_not_scroll_sideways_and_taps_lay_tiles(tmp_path):
    driver = new_driver(375, 800)
    try:
        driver.set_window_size(375, 800)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled",
                               {"enabled": True, "maxTouchPoints": 1})
        for lang in ("en", "uk"):
            fresh(driver, write_page(tmp_path, lang, "classic"))
            width = driver.execute_script("return window.innerWidth")
            assert width <= 375
            assert driver.execute_script("return document.scrollingElement.scrollWidth") <= width
            rights = driver.execute_script(
                "return Array.from(document.querySelectorAll('button, input'))"
                ".map(e => e.getBoundingClientRect().right)")
            assert rights and max(rights) <= width
        # tap the tile, tap a cell: the ghost shows there; tap it again: the tile is laid
        driver.execute_script("document.querySelector('#tiles .given').scrollIntoView()")
        _tap(driver, *driver.execute_script(
            "const r = document.querySelector('#tiles .given').getBoundingClientRect();"
            "return [r.x + r.width / 2, r.y + r.height / 2]"))
        driver.execute_script("window.scrollTo(0, 0)")
        x, y = driver.execute_script(
            "const s = document.getElementById('board'), p = s.createSVGPoint();"
            "p.x = (-1 - s.dataset.left + 0.5) * 10; p.y = (-1 - s.dataset.top + 0.5) * 10;"
            "const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y];")
        _tap(driver, x, y)
        assert driver.find_element(By.ID, "cursor-text").text == "YYB C3 h"  # the ghost
        assert driver.execute_script("return window.conundrum.found()")["found"] == 0
        _tap(driver, x, y)
        assert driver.execute_script("return window.conundrum.found()")["found"] == 1
        assert verdict(driver)[0] == "verdict right"
    finally:
        driver.quit()
