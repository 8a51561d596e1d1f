"""A book site's shared file that comes after the page gave up waiting for it (load.js
withShared, 5 s: a slow first visit, a loaded machine): a palette is applied when it comes,
on the index and on a puzzle's page; a language leaves the page working in its own.

The 5 s give-up is made to fire before any file has loaded, without waiting 5 s: a script
run before the page's own (DevTools `Page.addScriptToEvaluateOnNewDocument`) runs a 5000 ms
timer at once, inside the call that sets it, so the shared files the page has just asked
for cannot have come yet (their load events come later, as tasks of their own)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from renderers.page.i18n import message
from renderers.page.palettes import get_palette
from tests.support.web import console_errors, let_files_load, poll
from tests.test_web_site import book  # noqa: F401

pytestmark = pytest.mark.slow  # builds a book and drives the browser

GIVE_UP_AT_ONCE = """
window.lateTest = {gaveUp: false, hadFiles: null};
const wait = window.setTimeout;
window.setTimeout = function (run, ms, ...rest) {
  if (ms !== 5000) return wait.call(window, run, ms, ...rest);
  // what the shared files had given when the page gave up on them: nothing, if it is early
  window.lateTest = {gaveUp: true, hadFiles: Object.keys(window.conundrumShared || {})};
  run(...rest);
  return 0;
};
"""

SHOWN = """
const b = document.body, sq = document.querySelector('#squares #sq-R rect');
const menu = document.getElementById('set-palette');
return {palette: b.dataset.palette, red: sq && sq.getAttribute('fill'),
        grid: getComputedStyle(document.documentElement).getPropertyValue('--grid-fill').trim(),
        menu: menu && menu.value, lang: document.documentElement.lang,
        files: Object.keys(window.conundrumShared || {}).sort(), test: window.lateTest};
"""


def give_up_early(driver) -> None:
    """Every page the browser opens from now on gives up on its shared files at once."""
    let_files_load(driver)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": GIVE_UP_AT_ONCE})


def opened_late(driver, address: str, palette: str) -> dict:
    """The page at `address` once its shared files have come (after it gave up on them)."""
    driver.get(address)
    got = poll(lambda: driver.execute_script(SHOWN),
               lambda shown: shown["files"] == ["lang:fr", f"palette:{palette}"])
    assert got["test"] == {"gaveUp": True, "hadFiles": []}, got  # it started without them
    return got


def test_a_late_palette_is_applied_and_a_late_language_leaves_the_page_its_own(
        book, driver):  # noqa: F811
    spec, result, site, _written = book
    other = "mono" if spec.palette != "mono" else "classic"
    pal = get_palette(other)
    give_up_early(driver)
    wanted = f"#lang=fr&palette={other}"
    # the index: its squares by the title and its colours (a CSS variable) in the palette,
    # its words its own
    got = opened_late(driver, (site / "index.html").resolve().as_uri() + wanted, other)
    assert (got["palette"], got["red"], got["grid"]) == (other, pal.fills["R"], pal.grid_fill), got
    assert got["lang"] == spec.language
    assert driver.find_element(By.ID, "intro").text == \
        message(spec.language, "web_index_intro")
    link = driver.find_element(By.CSS_SELECTOR, "a[data-id]")
    assert link.get_attribute("href").endswith(wanted)  # the choice is still carried on
    # a puzzle's page: the palette, and the Settings menu naming it; the page plays in its
    # own language
    bp = result.puzzles[0]
    got = opened_late(driver, (site / f"{bp.number}.html").resolve().as_uri() + wanted, other)
    assert (got["palette"], got["red"], got["grid"], got["menu"]) == \
        (other, pal.fills["R"], pal.grid_fill, other), got
    assert got["lang"] == spec.language
    assert driver.find_element(By.ID, "rotate").text == message(spec.language, "web_rotate")
    assert driver.find_element(By.ID, "set-lang").get_attribute("value") == spec.language
    first = driver.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                  bp.puzzle.given[0].code)
    driver.execute_script("window.conundrum.answer(arguments[0])", first)
    assert driver.execute_script("return window.conundrum.found().found") == 1
    assert console_errors(driver) == []
