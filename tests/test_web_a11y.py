"""For every reader: an axe-core audit (from the npm registry) with no serious or critical
violation in any language and palette, cells that say what lies in them, named tiles and
a focus ring drawn whole."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from conundrum.notation import Grid
from conundrum.puzzle import load_puzzle
from renderers.page.i18n import LANGUAGES, message
from renderers.page.palettes import PALETTES
from renderers.web.page import render_html
from tests.support.axe import audit, serious
from tests.support.web import chrome, console_errors  # noqa: F401
from tests.test_web_play import click_cell, fresh
from tests.test_web_site import book  # noqa: F401

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_nothing_serious_in_any_language_and_palette(lang, chrome, tmp_path):  # noqa: F811
    for palette in PALETTES:
        path = tmp_path / f"{lang}-{palette}.html"
        render_html(EXAMPLE, path, lang=lang, palette=palette)
        fresh(chrome, path)
        assert serious(audit(chrome)) == [], (lang, palette, "at load")
        # with answers found, a wrong verdict, a note and a hint on show
        for line in ("YYB C3 h", "BYY C3 v", "YYB E6 h"):
            chrome.execute_script("window.conundrum.answer(arguments[0])", line)
        chrome.execute_script("window.conundrum.hint('YYB')")
        chrome.find_element(By.CSS_SELECTOR, "#tiles .given").click()
        assert serious(audit(chrome)) == [], (lang, palette, "in play")
    assert console_errors(chrome) == []


def test_axe_on_a_phone_light_and_dark(tmp_path):
    from tests.support.web import new_driver
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 740, "deviceScaleFactor": 2,
                                "mobile": True})
        path = tmp_path / "uk.html"
        render_html(EXAMPLE, path, lang="uk", palette="colourblind")
        fresh(driver, path)
        assert serious(audit(driver)) == []
        # and in dark mode, with a verdict on show
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": "dark"}]})
        driver.refresh()
        driver.execute_script("window.conundrum.answer('YYB E6 h')")
        assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
        assert serious(audit(driver)) == []
    finally:
        driver.quit()


def test_each_cell_says_what_lies_there_and_tiles_have_names(chrome, tmp_path):  # noqa: F811
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    fresh(chrome, path)
    puzzle = load_puzzle(EXAMPLE)
    grid = Grid.of(puzzle.board)
    said = lambda: chrome.execute_script(  # noqa: E731
        "return document.getElementById('cell-say').textContent")
    start = puzzle.board.start                                 # Y*B across at (0, 0)
    click_cell(chrome, start.at)
    assert said() == message("en", "web_cell_tile", cell=grid.name(start.at),
                             colour=message("en", "colour_Y"), code=start.code)
    middle = (start.at[0] + 1, start.at[1])
    click_cell(chrome, middle)
    assert said() == message("en", "web_cell_tile", cell=grid.name(middle),
                             colour=message("en", "colour_joker"), code=start.code)
    click_cell(chrome, (-1, -1))
    assert said() == message("en", "web_cell_empty", cell=grid.name((-1, -1)))
    chrome.execute_script("window.conundrum.answer('YYB C3 h')")
    click_cell(chrome, (0, -1))
    assert said() == message("en", "web_cell_found", cell=grid.name((0, -1)),
                             positions="YYB C3 h")
    assert chrome.execute_script("return document.getElementById('board')"
                                 ".getAttribute('aria-describedby')") == "cell-say"
    names = [e.get_attribute("aria-label")
             for e in chrome.find_elements(By.CSS_SELECTOR, "#board .laid .tile")]
    assert names == [message("en", "web_laid_tile", position=grid.span_text(p))
                     for p in puzzle.board]
    # the focus ring is drawn whole, inside the board's box, which the view shows whole
    chrome.execute_script("document.getElementById('board').focus()")
    style = chrome.execute_script(
        "const s = getComputedStyle(document.getElementById('board'));"
        "return [s.outlineStyle, parseFloat(s.outlineWidth), parseFloat(s.outlineOffset)]")
    assert style[0] != "none" and style[1] >= 2 and style[2] <= -style[1]
    inside = chrome.execute_script(
        "const b = document.getElementById('board').getBoundingClientRect(),"
        " v = document.getElementById('view').getBoundingClientRect();"
        "return b.left >= v.left - 0.5 && b.top >= v.top - 0.5 && b.right <= v.right + 0.5"
        " && b.bottom <= v.bottom + 0.5")
    assert inside


def test_axe_on_the_index_and_the_new_panels(book, chrome, tmp_path):  # noqa: F811
    """The book site's index with a finished and a started puzzle (their names say so), and
    a puzzle page with its Settings menu, its keys panel and its finish card open."""
    from tests.support.web import open_page
    from tests.test_web_book_site import solve_all

    _spec, result, site, _written = book
    first, second = result.puzzles[0], result.puzzles[1]
    fresh(chrome, site / f"{first.number}.html")
    solve_all(chrome, first)
    assert chrome.find_element(By.ID, "finish").is_displayed()
    chrome.find_element(By.CSS_SELECTOR, "#settings summary").click()
    chrome.find_element(By.ID, "keys-button").click()
    assert serious(audit(chrome)) == [], "settings, keys and finish card"
    open_page(chrome, site / f"{second.number}.html")
    chrome.execute_script(                         # started: one position found, not all
        "const c = window.conundrum, g = JSON.parse(document.getElementById('conundrum-data')"
        ".textContent).given; for (const t of g) { const p = c.positions(t.code);"
        " if (p.length) { c.answer(p[0]); if (c.found().found < c.found().total) break;"
        " c.undo(); } }")
    for _ in range(25):
        open_page(chrome, site / "index.html")
        if chrome.find_elements(By.CSS_SELECTOR, "a.started") and \
                chrome.find_elements(By.CSS_SELECTOR, "a.finished"):
            break
    assert serious(audit(chrome)) == [], "index"
    assert console_errors(chrome) == []
