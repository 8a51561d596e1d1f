"""Never lose an answer: two and three windows of the same puzzle in one real Chromium.

Each tab listens for the others' saves and keeps the union of the positions found and
the tiles declared to have none; a stale tab (or a stale write) can never shrink what is
kept, even when the tab that found the answers is closed first.
"""

from __future__ import annotations

import json
import time

import pytest

from conundrum.puzzle import load_puzzle
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import render_html
from tests.support.web import console_errors, open_page

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"
ANSWERS = ("YYB C3 h", "BYY C3 v", "YYB D3 h", "YYB C4 v", "BYY C3 h")
KEY = f"conundrum:{puzzle_id(load_puzzle(EXAMPLE))}"


def page(tmp_path):
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><title>blank</title>", encoding="utf-8")
    return path, blank


def new_window(driver, path) -> str:
    driver.switch_to.new_window("window")
    open_page(driver, path)
    return driver.current_window_handle


def found_in(driver, handle) -> int:
    driver.switch_to.window(handle)
    return driver.execute_script("return window.conundrum.found().found")


def wait_for(check, seconds: float = 8.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.1)
    assert check()


def kept(driver) -> list[str]:
    return sorted(json.loads(driver.execute_script(
        "return localStorage.getItem(arguments[0])", KEY) or '{"found": []}')["found"])


def answer(driver, handle, text: str) -> None:
    driver.switch_to.window(handle)
    assert driver.execute_script("return window.conundrum.answer(arguments[0])", text) == \
        {"verdict": "right", "reason": ""}


def test_two_windows_keep_the_union_when_the_finder_closes(driver, tmp_path):
    path, blank = page(tmp_path)
    open_page(driver, blank)
    driver.execute_script("localStorage.clear()")
    stale = driver.current_window_handle
    open_page(driver, path)                  # opened first: it knows of nothing found
    finder = new_window(driver, path)
    for text in ANSWERS[:3]:
        answer(driver, finder, text)
    wait_for(lambda: found_in(driver, stale) == 3)
    # the stale tab keeps saving (every second, and on leaving): still 3 kept
    time.sleep(1.5)
    driver.switch_to.window(finder)
    driver.close()
    driver.switch_to.window(stale)
    wait_for(lambda: len(kept(driver)) == 3)
    driver.refresh()
    assert driver.execute_script("return window.conundrum.found().found") == 3
    third = new_window(driver, path)
    assert found_in(driver, third) == 3
    assert console_errors(driver) == []


def test_three_windows_merge_and_a_stale_write_cannot_shrink(driver, tmp_path):
    path, blank = page(tmp_path)
    open_page(driver, blank)
    driver.execute_script("localStorage.clear()")
    a = driver.current_window_handle
    open_page(driver, path)
    b = new_window(driver, path)
    c = new_window(driver, path)
    answer(driver, a, ANSWERS[0])
    answer(driver, a, ANSWERS[1])
    answer(driver, c, ANSWERS[2])            # before it heard of a's: different answers
    for h in (a, b, c):
        wait_for(lambda h=h: found_in(driver, h) == 3)
    # a page of an older version (or anything) writes an empty record: the tabs write back
    driver.switch_to.window(b)
    driver.execute_script("localStorage.setItem(arguments[0], JSON.stringify("
                          "{v: 1, first: 1, active: 0, found: [], none: [], tries: 0, wrong: 0,"
                          " revealed: false, done: null, doneActive: null}))", KEY)
    wait_for(lambda: len(kept(driver)) == 3)
    # the finder of two of them closes; the others still hold all three, and a new tab too
    driver.switch_to.window(a)
    driver.close()
    answer(driver, b, ANSWERS[3])
    wait_for(lambda: found_in(driver, c) == 4)
    driver.switch_to.window(c)
    driver.close()
    driver.switch_to.window(b)
    wait_for(lambda: kept(driver) == sorted(ANSWERS[:4]))
    d = new_window(driver, path)
    assert found_in(driver, d) == 4
    # "Start again" in one tab is a deliberate reset: it wins over the older answers
    driver.execute_script("document.getElementById('restart').click();"
                          "document.getElementById('confirm-yes').click()")
    assert found_in(driver, d) == 0
    wait_for(lambda: found_in(driver, b) == 0)
    time.sleep(1.2)
    assert found_in(driver, d) == 0
    driver.switch_to.window(b)
    assert kept(driver) == []
