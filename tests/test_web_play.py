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
from conundrum.puzzle import Given, Puzzle, load_puzzle, parse_puzzle
from conundrum.solver import positions
from renderers.page.i18n import LANGUAGES, message
from renderers.page.palettes import PALETTES
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import page_html, render_html
from tests.support.web import chrome, console_errors, new_driver, open_page  # noqa: F401

pytestmark = pytest.mark.slow  # builds books or drives the browser

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
    # Alt+1 picks, Escape cancels, Alt+1 again; Alt+R turns, Alt+F reverses
    chain = ActionChains(driver).key_down(Keys.ALT).send_keys("1").key_up(Keys.ALT) \
        .send_keys(Keys.ESCAPE).key_down(Keys.ALT).send_keys("1").key_up(Keys.ALT)
    x, y = WRONG[1]
    keys = [Keys.ARROW_RIGHT if x > cx else Keys.ARROW_LEFT] * abs(x - cx)
    keys += [Keys.ARROW_DOWN if y > cy else Keys.ARROW_UP] * abs(y - cy)
    chain.send_keys(*keys).key_down(Keys.ALT).send_keys("r", "r", "f", "f").key_up(Keys.ALT) \
        .send_keys(Keys.ENTER).perform()   # turned and reversed back: YYB across
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
    box.send_keys(typed[0], Keys.ENTER)  # a repeat: no try, and "Perfect!" stays said
    assert verdict(driver) == (kind, text)
    record = driver.execute_script("return window.conundrum.record()")
    (rec,) = record["records"]
    assert record["format"] == "conundrum-solve-record" and record["version"] == 1
    assert rec["puzzle_id"] == puzzle_id(puzzle)
    assert (rec["tries"], rec["wrong"], rec["found"], rec["total"], rec["revealed"]) == \
        (6, 1, 5, 5, False)
    assert isinstance(rec["solve_ms"], int) and rec["solve_ms"] >= rec["active_ms"] >= 0
    assert console_errors(driver) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_a_puzzle_to_perfect(lang, chrome, tmp_path):  # noqa: F811
    palette = list(PALETTES)[list(LANGUAGES).index(lang) % len(PALETTES)]
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
                        "found", "total", "revealed", "hints"}
    assert rec["hints"] == []  # each hint step asked would be listed: {code, step}
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


# ---- tiles with no position, and starting again ----------------------------------------

START_ALONE = "puzzles/start-alone.yaml"  # four tiles with positions and GGG with none


def trick_page(folder: Path, lang: str, codes: tuple[str, ...] = ("GGG", "RPR")) -> Path:
    """A trick puzzle: every given tile has no position on the board."""
    board = load_puzzle(START_ALONE).board
    puzzle = Puzzle(board, [Given(code, 0) for code in codes], title="Trick")
    path = folder / f"trick-{lang}.html"
    render_html(puzzle, path, lang=lang)
    return path


def tile_counts(driver) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#tiles .given .count")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_trick_puzzle_is_finished_by_saying_no_position(lang, chrome, tmp_path):  # noqa: F811
    t = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    path = trick_page(tmp_path, lang)
    fresh(chrome, path)
    # no count gives the trick away: the tiles and the counter say only what was found
    assert tile_counts(chrome) == [t("web_found_some", found=0)] * 2
    assert t("positions", n=0) not in chrome.find_element(By.TAG_NAME, "body").text
    assert chrome.find_element(By.ID, "progress").text.startswith(t("web_found_some", found=0))
    assert chrome.find_element(By.ID, "none").text == t("web_none")
    # with no tile picked, the button asks for one
    chrome.find_element(By.ID, "none").click()
    assert verdict(chrome) == ("verdict hint", t("web_pick_first"))
    # the first tile by pointer: pick it, then "No position"
    chrome.find_element(By.CSS_SELECTOR, "#tiles .given").click()
    chrome.find_element(By.ID, "none").click()
    assert verdict(chrome) == ("verdict right", t("web_none_right", code="GGG"))
    assert "is-perfect" not in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert tile_counts(chrome)[0] == t("web_no_position")
    assert chrome.find_element(By.ID, "found").text == "GGG: " + t("web_no_position")
    # the second by keys on the board: Alt+2 picks it, Alt+N says it has no position
    pressed = lambda: [b.get_attribute("data-code") for b in  # noqa: E731
                       chrome.find_elements(By.CSS_SELECTOR, ".given[aria-pressed=true]")]
    before = pressed()
    ActionChains(chrome).key_down(Keys.ALT).send_keys("2").key_up(Keys.ALT).perform()
    assert pressed() == before                            # a tile button has the focus
    chrome.execute_script("document.getElementById('board').focus()")
    ActionChains(chrome).send_keys("2", "n").perform()   # no command: a cell's name typed
    assert pressed() == before
    ActionChains(chrome).key_down(Keys.ALT).send_keys("2", "n").key_up(Keys.ALT).perform()
    kind, text = verdict(chrome)
    assert kind == "verdict right perfect"
    assert text == t("web_perfect") + " " + t("web_none_right", code="RPR")
    assert "is-perfect" in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert chrome.find_element(By.ID, "progress").text.startswith(t("web_perfect"))
    # saying it again is a repeat (no try, twice over, and the finish stays said), and a
    # reload keeps the puzzle finished
    for _ in range(2):
        assert chrome.execute_script("return window.conundrum.none('ggg')") == \
            {"verdict": "repeat", "reason": t("reason_repeat")}
    assert verdict(chrome)[0] == "verdict right perfect"
    open_page(chrome, path.with_name("blank.html"))
    time.sleep(0.3)  # storage writes land asynchronously (see play_through)
    open_page(chrome, path)
    assert chrome.find_element(By.ID, "progress").text.startswith(t("web_perfect"))
    (rec,) = chrome.execute_script("return window.conundrum.record()")["records"]
    assert (rec["tries"], rec["wrong"], rec["found"], rec["total"]) == (2, 0, 0, 0)
    assert isinstance(rec["solve_ms"], int)
    assert console_errors(chrome) == []


def test_no_position_is_judged_like_any_answer(chrome, tmp_path):  # noqa: F811
    """On a puzzle mixing tiles with and without positions: saying "no position" of a tile
    that has one is wrong (and why), of a tile not given is wrong as `check` says it, and
    finding every position is not the end until the tile without one is settled."""
    path = tmp_path / "start-alone.html"
    render_html(START_ALONE, path)
    fresh(chrome, path)
    hook = lambda call: chrome.execute_script(f"return window.conundrum.{call}")  # noqa: E731
    assert hook("none('YYY')") == {"verdict": "wrong",
                                   "reason": message("en", "web_none_reason", code="YYY")}
    assert verdict(chrome) == ("verdict wrong", message(
        "en", "web_none_wrong", reason=message("en", "web_none_reason", code="YYY")))
    assert hook("none('RRR')")["reason"] == message(
        "en", "reason_not_given", tile="RRR", given="YYY, BYG, BYY, P*Y, GGG")
    assert hook("none('RR')")["verdict"] == "unreadable"
    # the counts are hidden here too: GGG's "0 positions" would give it away
    assert all("/" not in c and message("en", "positions", n=2) not in c
               for c in tile_counts(chrome))
    puzzle = load_puzzle(START_ALONE)
    grid = Grid.of(puzzle.board)
    for g in puzzle.given:
        for p in positions(puzzle.board, g.code, puzzle.ruleset):
            assert hook(f"answer({json.dumps(grid.text(p))})")["verdict"] == "right"
    assert hook("found()") == {"found": 20, "total": 20}
    assert "is-perfect" not in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert hook("record()")["records"][0]["solve_ms"] is None
    assert hook("none('GGG')") == {"verdict": "right", "reason": ""}
    assert verdict(chrome)[0] == "verdict right perfect"
    (rec,) = hook("record()")["records"]
    assert (rec["tries"], rec["wrong"], rec["found"], rec["total"]) == (23, 2, 20, 20)


def test_show_answers_lists_a_tile_with_no_position(chrome, tmp_path):  # noqa: F811
    fresh(chrome, trick_page(tmp_path, "en"))
    chrome.execute_script("window.conundrum.none('RPR')")
    chrome.find_element(By.ID, "reveal").click()
    chrome.find_element(By.ID, "confirm-yes").click()
    assert chrome.find_element(By.ID, "missed").text == "GGG: no position"


def test_a_book_section_with_blank_counts_hides_them_on_its_pages(chrome, tmp_path):  # noqa: F811
    path = tmp_path / "counts-blank.html"
    path.write_text(page_html(load_puzzle(EXAMPLE), blank=True), encoding="utf-8")
    fresh(chrome, path)
    assert tile_counts(chrome) == [message("en", "web_found_some", found=0)]
    assert "5" not in chrome.find_element(By.ID, "progress").text
    chrome.execute_script("window.conundrum.answer('BYY C3 h')")
    assert tile_counts(chrome) == [message("en", "web_found_some", found=1)]


def stored(driver, puzzle: Puzzle) -> dict:
    return driver.execute_script("return JSON.parse(localStorage.getItem(arguments[0]))",
                                 f"conundrum:{puzzle_id(puzzle)}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_start_again_asks_first_then_forgets_everything(lang, chrome, tmp_path):  # noqa: F811
    t = lambda key, **kw: message(lang, key, **kw)  # noqa: E731
    puzzle = load_puzzle(EXAMPLE)
    path = write_page(tmp_path, lang, "classic")
    fresh(chrome, path)
    for line in ("YYB E6 h", "YYB C3 h", "BYY C3 v", "YYB D3 h", "YYB C4 v", "YYB C3-E3"):
        chrome.execute_script("window.conundrum.answer(arguments[0])", line)
    assert verdict(chrome)[0] == "verdict repeat"
    chrome.find_element(By.ID, "reveal").click()
    chrome.find_element(By.ID, "confirm-yes").click()
    assert chrome.find_element(By.ID, "missed").text == "BYY C3 h"
    before = stored(chrome, puzzle)
    assert len(before["found"]) == 4 and before["revealed"] and before["tries"] == 5  # no repeat
    time.sleep(0.05)  # so the new start is a later millisecond

    restart = chrome.find_element(By.ID, "restart")
    assert restart.text == t("web_restart")
    restart.click()  # asks first; "no" keeps everything
    assert chrome.execute_script("return document.activeElement.id") == "confirm-no"  # safe one
    assert chrome.find_element(By.ID, "confirm-text").text == t("web_restart_confirm")
    assert chrome.find_element(By.ID, "confirm-yes").text == t("web_restart_yes")
    chrome.find_element(By.ID, "confirm-no").click()
    assert not chrome.find_element(By.ID, "confirm").is_displayed()
    assert chrome.execute_script("return document.activeElement.id") == "restart"
    assert chrome.execute_script("return window.conundrum.found()") == {"found": 4, "total": 5}

    restart.click()
    chrome.find_element(By.ID, "confirm-yes").click()
    assert chrome.execute_script("return window.conundrum.found()") == {"found": 0, "total": 5}
    assert verdict(chrome)[1] == ""
    assert chrome.find_element(By.ID, "found").text == ""
    assert not chrome.find_element(By.ID, "missed-wrap").is_displayed()
    assert chrome.find_elements(By.CSS_SELECTOR, "#board .found-mark, #board .answer") == []
    assert chrome.find_element(By.ID, "progress").text.startswith(
        t("web_found_count", found=0, total=5))
    after = stored(chrome, puzzle)
    assert (after["found"], after["tries"], after["wrong"], after["revealed"]) == \
        ([], 0, 0, False)
    assert after["first"] > before["first"] and after["active"] < 1500
    (rec,) = chrome.execute_script("return window.conundrum.record()")["records"]
    assert (rec["tries"], rec["wrong"], rec["found"], rec["revealed"], rec["solve_ms"]) == \
        (0, 0, 0, False, None)
    # the solving record starts anew: the first right answer counts as the first try
    assert chrome.execute_script("return window.conundrum.answer('YYB C3 h')")["verdict"] == \
        "right"
    open_page(chrome, path.with_name("blank.html"))
    time.sleep(0.3)
    open_page(chrome, path)
    assert chrome.execute_script("return window.conundrum.found()") == {"found": 1, "total": 5}
    assert chrome.execute_script("return window.conundrum.record()")["records"][0]["tries"] == 1
    assert console_errors(chrome) == []


def test_an_injected_inline_script_does_not_run(chrome, tmp_path):  # noqa: F811
    """Were escaping ever to fail, a script slipped into the page would not run: the CSP
    allows only the page's own script, by its hash."""
    path = tmp_path / "injected.html"
    text = page_html(load_puzzle(EXAMPLE))
    path.write_text(text.replace("<main>", "<main><script>window.injected = 1;</script>", 1),
                    encoding="utf-8")
    fresh(chrome, path)
    assert chrome.execute_script("return typeof window.injected") == "undefined"
    assert chrome.execute_script("return window.conundrum.found()") == {"found": 0, "total": 5}
    assert any("Content Security Policy" in e for e in console_errors(chrome))
