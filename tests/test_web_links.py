"""Hostile share links (issue 34): every field of `#p=` bounded and checked as a puzzle file
is, every name read from the fragment looked up among own properties only; the page refuses
with a message in view within 5 s, in a real headless Chromium."""

from __future__ import annotations

import base64
import json
import time

import pytest
from selenium.webdriver.common.by import By

from conundrum.notation import MAX_DRAWN
from conundrum.placement import MAX_COORD
from conundrum.puzzle import MAX_TILES, load_puzzle
from renderers.page.i18n import message
from renderers.web.page import player_html, render_html, share_fragment
from tests.support.web import chrome, console_errors  # noqa: F401

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"
BUDGET = 5.0  # seconds for the page to show its refusal


def link(**fields) -> str:
    content = {"v": 1, "rules": "standard", "board": [["Y*B", 0, 0, "h"]], "given": ["YYB"]}
    content.update(fields)
    blob = json.dumps(content, separators=(",", ":")).encode()
    return "p=" + base64.urlsafe_b64encode(blob).decode().rstrip("=")


def refusal(driver, path, fragment: str) -> tuple[str, float]:
    """The verdict the player page shows for `fragment`, and the seconds it took to show."""
    driver.set_page_load_timeout(2 * BUDGET)
    began = time.monotonic()
    driver.get(path.resolve().as_uri() + "#" + fragment)
    driver.refresh()                     # the same file, another fragment: loaded afresh
    text = driver.find_element(By.ID, "verdict").text
    return text, time.monotonic() - began


@pytest.fixture
def player(tmp_path):
    path = tmp_path / "play.html"
    path.write_text(player_html("en"), encoding="utf-8")
    return path


FAR = [["Y*B", 0, 0, "h"], ["RGB", 10_000_000, 0, "h"]]


@pytest.mark.parametrize("fragment, key, params", [
    # a tile beyond the coordinate limit (the old link that froze the tab and took 10 GB)
    (link(board=FAR), "web_bad_link", {}),
    # within the coordinate limit, but a board far too wide to draw
    (link(board=[["Y*B", 0, 0, "h"], ["RGB", MAX_COORD, 0, "h"]]), "web_link_too_large",
     {"columns": MAX_COORD + 9, "rows": 7, "limit": MAX_DRAWN}),
    (link(board=[["Y*B", 0, 0, "h"], ["RGB", 0, 400, "v"]]), "web_link_too_large",
     {"columns": 9, "rows": 409, "limit": MAX_DRAWN}),
    (link(board=[["Y*B", 2 * i, 0, "h"] for i in range(MAX_TILES + 1)]), "web_link_too_many",
     {"count": MAX_TILES + 1, "limit": MAX_TILES}),
    (link(given=["YYB"] * (MAX_TILES + 1)), "web_link_too_many",
     {"count": MAX_TILES + 1, "limit": MAX_TILES}),
    # a Lay-them-all grid of millions of cells
    (link(kind="all", given=["YYB", "RGB"], grid=[0, 0, 100_000, 100_000]),
     "web_link_too_large", {"columns": 100_000, "rows": 100_000, "limit": MAX_DRAWN}),
    (link(kind="all", given=["YYB", "RGB"], grid=[0, 0, 2, 10 ** 12]), "web_bad_link", {}),
    # the chameleons field is checked like every other
    (link(chameleons=["<img src=x>"]), "web_bad_link", {}),
    (link(chameleons="B*Y"), "web_bad_link", {}),
    (link(chameleons=["B*Y"] * 21), "web_bad_link", {}),
    (link(chameleons=[{"toString": 1}]), "web_bad_link", {}),
    (link(set=["RRR"]), "web_bad_link", {}),
    (link(title="x" * 201), "web_bad_link", {}),
    (link(rules={"x": 1}), "web_bad_link", {}),
    (link(kind="none"), "web_bad_link", {}),
    (link(board=[["Y*B", 0.5, 0, "h"]]), "web_bad_link", {}),
    ("p=" + "A" * 300_000, "web_bad_link", {}),
], ids=["far", "wide", "tall", "tiles", "given", "all-grid", "all-huge", "cham-html",
        "cham-text", "cham-many", "cham-object", "set", "title", "rules", "kind", "half",
        "long"])
def test_a_share_link_beyond_the_limits_is_refused_in_the_page(chrome, player, fragment,  # noqa: F811
                                                                key, params):
    text, seconds = refusal(chrome, player, fragment)
    assert text == message("en", key, **params)
    assert seconds < BUDGET, f"{seconds:.1f} s to refuse"
    assert "no-puzzle" in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert console_errors(chrome) == []


def test_a_link_at_the_limits_still_plays_and_keeps_its_chameleons(chrome, player):  # noqa: F811
    fragment = link(board=[["Y*B", 0, 0, "h"], ["RGB", MAX_DRAWN - 10, 0, "h"]],
                    chameleons=["B*Y", "G*R"])
    text, _ = refusal(chrome, player, fragment)
    assert text == ""
    (rec,) = chrome.execute_script("return window.conundrum.record()")["records"]
    assert rec["puzzle"]["chameleons"] == ["B*Y", "G*R"]
    assert chrome.execute_script("return window.conundrum.kind()") == "count"
    assert console_errors(chrome) == []


@pytest.mark.parametrize("name", ["constructor", "__proto__", "toString", "hasOwnProperty",
                                  "valueOf"])
def test_a_prototype_name_in_the_fragment_names_nothing(chrome, tmp_path, name):  # noqa: F811
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path, lang="en", palette="classic")
    chrome.get(path.resolve().as_uri() + f"#palette={name}&lang={name}")
    chrome.refresh()
    assert chrome.execute_script("return typeof window.conundrum.found") == "function"
    assert chrome.execute_script("return document.documentElement.lang") == "en"
    assert chrome.find_element(By.TAG_NAME, "body").get_attribute("data-palette") == "classic"
    assert chrome.find_element(By.ID, "rotate").text == message("en", "web_rotate")
    # and the player page with a puzzle in its address as well
    play = tmp_path / "play.html"
    play.write_text(player_html("en"), encoding="utf-8")
    chrome.get(play.resolve().as_uri() + "#" + share_fragment(load_puzzle(EXAMPLE)) +
               f"&palette={name}&lang={name}&{name}=1")
    chrome.refresh()
    assert chrome.execute_script("return window.conundrum.found().total") > 0
    assert console_errors(chrome) == []
