"""A real headless Chromium for the web player's tests (Selenium + Debian chromium).

Outside CI a machine without chromium/chromedriver skips these tests; in CI
(`CI=true`) a missing browser is a failure, never a skip (`make test`
installs it: the Makefile's `browser` step).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

PROGRAMS = ("chromium", "chromedriver")
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def require_browser() -> tuple[str, str]:
    """Paths of chromium and chromedriver, or skip (fail in CI) when one is missing."""
    found = {name: shutil.which(name) for name in PROGRAMS}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        why = f"{', '.join(missing)} not on PATH (run `make browser`)"
        if in_ci():
            pytest.fail(why)
        pytest.skip(why)
    return found["chromium"] or "", found["chromedriver"] or ""


def new_driver(width: int = 1200, height: int = 900):
    """A headless Chromium with every network request blocked."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = require_browser()
    options = Options()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*://*/*", "*"]})
    return driver


def bench_driver(what: str):
    """A browser for a benchmark, or None (said on stdout) where there is none: a bench
    still prints what it measures without one."""
    try:
        return new_driver()
    except BaseException as exc:  # chromium missing or failing to start
        print(f"no browser to {what} ({exc})")
        return None


@pytest.fixture
def driver() -> Iterator:
    """A browser of the test's own, for a test that changes storage, emulation or windows."""
    browser = new_driver()
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def chrome() -> Iterator:
    driver = new_driver()
    try:
        yield driver
    finally:
        driver.quit()


def open_page(driver, path: Path) -> None:
    driver.get(path.resolve().as_uri())


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def poll(read: Callable[[], T], done: Callable[[T], bool], tries: int = 25, every: float = 0.2,
         between: Callable[[], object] | None = None) -> T:
    """What `read()` gives once `done` holds for it, read again every `every` s (after
    `between`, such as a reload) for up to `tries` reads: Chromium hands a page's
    localStorage writes to the next page a moment later (longer on a loaded machine), and a
    site's shared files load after the page. The last value read whatever it is: the test
    asserts on it, so a page that never gets there still fails."""
    got = read()
    for _ in range(tries - 1):
        if done(got):
            break
        time.sleep(every)
        if between is not None:
            between()
        got = read()
    return got


def finished_marks(driver, index: Path, tries: int = 25) -> list[str]:
    """The pages a book site's index marks finished, opened afresh and reloaded (`poll`)
    while it marks none."""
    from selenium.webdriver.common.by import By

    open_page(driver, index)
    return poll(lambda: [a.get_attribute("href").rsplit("/", 1)[-1]
                         for a in driver.find_elements(By.CSS_SELECTOR, "a.finished")],
                bool, tries, between=driver.refresh)


RADIUS = 11  # px: a fingertip, as Chromium's touch adjustment sees it


def finger(driver, x: float, y: float) -> None:
    """One finger-sized tap at (x, y) (CDP touch events, as a phone sends them)."""
    point = {"x": x, "y": y, "radiusX": RADIUS, "radiusY": RADIUS}
    driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                           {"type": "touchStart", "touchPoints": [point]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def double_tap_zoom(driver) -> float:
    """Tap the player's board twice at its centre (its double tap zooms in) and return the
    zoom its view then says (1 unzoomed): the caller asserts it grew."""
    centre = driver.execute_script(
        "const r = document.getElementById('board').getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2]")
    finger(driver, *centre)
    finger(driver, *centre)
    return float(driver.execute_script("return document.getElementById('view').dataset.zoom"))


def let_files_load(driver) -> None:
    """Let a page opened from disk load files beside it (a book site's shared language and
    palette files): only requests to the network stay blocked."""
    driver.execute_cdp_cmd("Network.setBlockedURLs",
                           {"urls": ["http://*", "https://*", "ws://*", "wss://*"]})


def write_shared(folder: Path) -> None:
    """Write a book site's shared language and palette files into `folder`, so a page
    made with `site=True` there can switch to any of them."""
    from renderers.web.site import shared_files

    for name, text in shared_files():
        (folder / name).write_text(text, encoding="utf-8")
