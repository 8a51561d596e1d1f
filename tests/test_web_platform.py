"""Dark mode (the system's choice and a switch), a one-page print, a timer that hides and
pauses, in a real headless Chromium driven through its DevTools commands."""

from __future__ import annotations

import base64
import re
import time

import pypdfium2 as pdfium
import pytest
from selenium.webdriver.common.by import By

from conundrum.notation import column_label
from renderers.page.i18n import message
from renderers.web.page import render_html
from tests.test_web_play import fresh

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"
BIG = "puzzles/start-alone.yaml"


def rgb(css: str) -> tuple[float, float, float]:
    r, g, b = (float(v) for v in re.findall(r"[\d.]+", css)[:3])
    return r, g, b


def luminance(css: str) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = rgb(css)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str, under: str = "rgb(255, 255, 255)") -> float:
    if b.startswith("rgba") and float(re.findall(r"[\d.]+", b)[3]) == 0:
        b = under                                 # transparent: what lies beneath shows
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


PAIRS = """
const c = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
return {
  body: [c('body', 'color'), c('body', 'backgroundColor')],
  button: [c('#rotate', 'color'), c('#rotate', 'backgroundColor')],
  verdict: [c('#verdict', 'color'), c('#verdict', 'backgroundColor')],
  label: [c('#cols', 'color'), c('#cols', 'backgroundColor')],
  count: [c('#tiles .count', 'color'), c('#tiles .given', 'backgroundColor')],
};
"""


def media(driver, scheme: str | None, kind: str = "") -> None:
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": kind, "features": features})


def test_dark_mode_follows_the_system_and_the_switch(driver, tmp_path):
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    media(driver, "dark")
    fresh(driver, path)
    driver.execute_script("window.conundrum.answer('YYB E6 h')")   # a verdict on show
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    pairs = driver.execute_script(PAIRS)
    assert luminance(pairs["body"][1]) < 0.2
    for name, (fg, bg) in pairs.items():
        assert contrast(fg, bg, pairs["body"][1]) >= 4.5, (name, fg, bg)
    # the switch (in the Settings menu) overrides the system, for every puzzle, and back
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "theme").click()
    assert driver.execute_script("return document.documentElement.dataset.theme") == "light"
    assert luminance(driver.execute_script(PAIRS)["body"][1]) > 0.8
    driver.refresh()
    assert driver.execute_script("return document.documentElement.dataset.theme") == "light"
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "theme").click()
    assert driver.find_element(By.ID, "theme").get_attribute("aria-pressed") == "true"
    # light system, no choice made: light, with the same contrast
    driver.execute_script("localStorage.removeItem('conundrum:theme')")
    media(driver, "light")
    driver.refresh()
    assert driver.execute_script("return document.documentElement.dataset.theme") == "light"
    pairs = driver.execute_script(PAIRS)
    for name, (fg, bg) in pairs.items():
        assert contrast(fg, bg, pairs["body"][1]) >= 4.5, (name, fg, bg)
    # the system turning dark while the page is open
    media(driver, "dark")
    time.sleep(0.1)
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"


CONTROLS = ("web_rotate", "web_flip", "web_lay", "web_cancel", "web_none", "web_reveal",
            "web_restart", "web_download", "web_check", "web_zoom_fit", "web_timer_hide",
            "web_hint_button", "web_notes", "web_dark")


@pytest.mark.parametrize("source", [EXAMPLE, BIG])
def test_print_is_one_page_with_the_found_positions_and_no_controls(source, driver,
                                                                     tmp_path):
    path = tmp_path / "p.html"
    render_html(source, path)
    media(driver, "dark")                                          # printed light anyway
    fresh(driver, path)
    first = driver.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                  driver.execute_script("return JSON.parse(document."
                                                        "getElementById('conundrum-data')"
                                                        ".textContent).given[0].code"))
    assert driver.execute_script("return window.conundrum.answer(arguments[0])",
                                 first)["verdict"] == "right"
    assert driver.execute_script("return window.conundrum.pick(arguments[0])",
                                 first.split()[0])    # picked: its button highlighted
    pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF",
                                                  {"printBackground": True})["data"])
    (tmp_path / "print.pdf").write_bytes(pdf)
    doc = pdfium.PdfDocument(pdf)
    try:
        assert len(doc) == 1
        page = doc[0]
        text = page.get_textpage().get_text_range()
        bitmap = page.render(scale=1)
        image = bitmap.to_pil().convert("L")
        bitmap.close()
    finally:
        doc.close()
    for key in CONTROLS:
        assert message("en", key) not in text, key
    assert first in text                                            # the found list
    # the board's column letters and row numbers, printed around it
    box = driver.execute_script("return document.getElementById('board').dataset")
    words = set(text.split())
    labels = [column_label(i) for i in range(int(box["width"]))] + \
        [str(j + 1) for j in range(int(box["height"]))]
    assert set(labels) <= words, sorted(set(labels) - words)
    # no picked-tile highlight on paper
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    picked = driver.execute_script(
        "const s = getComputedStyle(document.querySelector('.given[aria-pressed=true]'));"
        "return [s.backgroundColor, s.borderTopWidth]")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert picked == ["rgba(0, 0, 0, 0)", "1px"], picked
    assert message("en", "tiles_heading") in text
    # printed light: the page's corner is white paper
    assert image.getpixel((5, 5)) > 240


def test_the_timer_hides_and_pauses(driver, tmp_path):
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    fresh(driver, path)
    timer = driver.find_element(By.ID, "timer")
    assert timer.text == message("en", "web_timer_hide")
    time.sleep(1.2)
    timer.click()
    assert driver.find_element(By.ID, "timer").text == message("en", "web_timer_show")
    progress = driver.find_element(By.ID, "progress").text
    assert progress == message("en", "web_found_count", found=0, total=5)
    active = driver.execute_script("return JSON.parse(localStorage.getItem(Object.keys("
                                   "localStorage).find(k => k.startsWith('conundrum:') &&"
                                   " k !== 'conundrum:theme'))).active")
    time.sleep(2.2)
    driver.refresh()                                                # kept hidden, paused
    assert driver.find_element(By.ID, "progress").text == progress
    again = driver.execute_script("return window.conundrum.record().records[0]")
    later = driver.execute_script("return JSON.parse(localStorage.getItem('conundrum:' +"
                                  " arguments[0])).active", again["puzzle_id"])
    assert later - active < 300
    driver.find_element(By.ID, "timer").click()
    assert message("en", "web_time", time="0:01") in driver.find_element(By.ID, "progress").text
