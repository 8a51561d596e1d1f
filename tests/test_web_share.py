"""Share links: a page reads `#lang=`, `#palette=` and, on the player page with no puzzle of
its own, `#p=` (a puzzle encoded by `share_fragment`), in a real headless Chromium. A page
carries only its own language and palette: on a book site (here a folder with the site's
shared files, `write_shared`) it loads another the address asks for."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conundrum.notation import Grid
from conundrum.puzzle import load_puzzle
from conundrum.solver import positions
from renderers.page.i18n import LANGUAGES, message, own_catalogue
from renderers.page.palettes import PALETTES
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import page_html, player_html, render_html, share_fragment
from tests.support.puzzles import grown_puzzle
from tests.support.web import (  # noqa: F401
    chrome,
    console_errors,
    let_files_load,
    write_shared,
)
from tests.test_web_play import fresh

pytestmark = pytest.mark.slow  # drives the browser

EXAMPLE = "puzzles/spec-example.yaml"


def go(driver, path, fragment: str) -> None:
    driver.get(path.resolve().as_uri() + "#" + fragment)
    driver.refresh()                     # the same file, another fragment: loaded afresh


def site_player(folder) -> Path:
    """A book site's player page (no puzzle of its own) with the site's shared files."""
    path = folder / "play.html"
    path.write_text(player_html("en", site=True), encoding="utf-8")
    write_shared(folder)
    return path


def test_language_and_palette_from_the_address(chrome, tmp_path):  # noqa: F811
    # a single file carries its own language and palette only: the address asks in vain
    alone = tmp_path / "alone.html"
    render_html(EXAMPLE, alone, lang="en", palette="classic")
    let_files_load(chrome)
    fresh(chrome, alone)
    go(chrome, alone, "lang=uk&palette=mono")
    assert chrome.execute_script("return document.documentElement.lang") == "en"
    assert chrome.find_element(By.TAG_NAME, "body").get_attribute("data-palette") == "classic"
    # a book site's page loads them from the site's shared files
    path = tmp_path / "p.html"
    path.write_text(page_html(load_puzzle(EXAMPLE), site=True), encoding="utf-8")
    # a site page whose shared file cannot be loaded plays in its own language
    fresh(chrome, path)
    go(chrome, path, "lang=uk")
    assert chrome.execute_script("return document.documentElement.lang") == "en"
    assert chrome.execute_script("return window.conundrum.found().found") == 0
    assert all("lang-uk.js" in e for e in console_errors(chrome))
    write_shared(tmp_path)
    fresh(chrome, path)
    go(chrome, path, "lang=uk&palette=mono")
    assert chrome.execute_script("return document.documentElement.lang") == "uk"
    assert chrome.find_element(By.ID, "rotate").text == message("uk", "web_rotate")
    assert chrome.find_element(By.TAG_NAME, "footer").text.startswith(
        message("uk", "puzzle_id", id="")[:5])
    assert chrome.execute_script("return window.conundrum.answer('YYB E6 h')")["reason"] == \
        message("uk", "reason_clash", cell="E6", colour="Y", other_colour="G",
                other_cell="E5", code="YGB")
    assert chrome.find_element(By.TAG_NAME, "body").get_attribute("data-palette") == "mono"
    fills = chrome.execute_script(
        "return Array.from(document.querySelectorAll('#sq-R [fill]'))"
        ".map(e => e.getAttribute('fill'))")
    assert PALETTES["mono"].fills["R"] in fills
    assert PALETTES["classic"].fills["R"] not in fills
    # an unknown language or palette is ignored: the page's own
    go(chrome, path, "lang=xx&palette=neon")
    assert chrome.execute_script("return document.documentElement.lang") == "en"
    assert chrome.find_element(By.ID, "rotate").text == message("en", "web_rotate")
    assert console_errors(chrome) == []


def test_one_player_page_plays_any_puzzle_in_its_address(chrome, tmp_path):  # noqa: F811
    path = site_player(tmp_path)
    let_files_load(chrome)
    for puzzle in (load_puzzle(EXAMPLE), grown_puzzle(20, 4, title="Grown <b>&</b>")):
        go(chrome, path, share_fragment(puzzle) + "&lang=fr")
        grid = Grid.of(puzzle.board)
        for g in puzzle.given:
            want = [grid.text(p) for p in positions(puzzle.board, g.code, puzzle.ruleset)]
            assert chrome.execute_script("return window.conundrum.positions(arguments[0])",
                                         g.code) == want
        (rec,) = chrome.execute_script("return window.conundrum.record()")["records"]
        assert rec["puzzle_id"] == puzzle_id(puzzle)
        assert rec["total"] == sum(len(positions(puzzle.board, g.code, puzzle.ruleset))
                                   for g in puzzle.given)
        title = puzzle.title or message("fr", "title_default")
        assert chrome.title == title and chrome.find_element(By.TAG_NAME, "h1").text == title
        assert chrome.find_element(By.ID, "rotate").text == message("fr", "web_rotate")
        first = chrome.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                      puzzle.given[0].code)
        assert chrome.execute_script("return window.conundrum.answer(arguments[0])",
                                     first)["verdict"] == "right"
    assert console_errors(chrome) == []


def test_a_missing_or_broken_puzzle_link_says_so(chrome, tmp_path):  # noqa: F811
    path = tmp_path / "play.html"
    path.write_text(player_html("en"), encoding="utf-8")
    go(chrome, path, "")
    assert chrome.find_element(By.ID, "verdict").text == message("en", "web_no_puzzle")
    cut = share_fragment(load_puzzle(EXAMPLE))[:40]
    go(chrome, path, cut)
    assert chrome.find_element(By.ID, "verdict").text == message("en", "web_bad_link")
    bad = base64.urlsafe_b64encode(json.dumps({"v": 1, "board": [["XX", 0, 0, "h"]],
                                               "given": []}).encode()).decode()
    go(chrome, path, "p=" + bad)
    assert chrome.find_element(By.ID, "verdict").text == message("en", "web_bad_link")
    assert console_errors(chrome) == []


def test_the_encoding_is_compact_json_in_base64url():
    puzzle = load_puzzle(EXAMPLE)
    fragment = share_fragment(puzzle)
    assert fragment.startswith("p=") and "=" not in fragment[2:]
    raw = fragment[2:]
    data = json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
    assert data["v"] == 1 and data["id"] == puzzle_id(puzzle)
    assert data["board"][0] == ["Y*B", 0, 0, "h"] and data["given"] == ["YYB"]
    assert data["title"] == "Conundrum 7"
    assert len(page_html(puzzle).encode()) <= 150_000


def test_the_share_link_reopens_the_same_found_positions(chrome, tmp_path):  # noqa: F811
    """`conundrum.shareLink()` (the #share button's link) carries the reader's found
    positions; opened afresh (no progress kept) it shows them found, in the same language,
    and the address then drops them."""
    play = site_player(tmp_path)
    let_files_load(chrome)
    puzzle = grown_puzzle(20, 4)
    fresh(chrome, play)
    go(chrome, play, share_fragment(puzzle) + "&lang=fr")
    answers = [chrome.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                     g.code) for g in puzzle.given[:2]]
    for text in answers:
        assert chrome.execute_script("return window.conundrum.answer(arguments[0])",
                                     text)["verdict"] == "right"
    link = chrome.execute_script("return window.conundrum.shareLink()")
    assert link.startswith(play.resolve().as_uri() + "#p=") and "lang=fr" in link
    chrome.find_element(By.ID, "share").click()
    said = chrome.find_element(By.ID, "verdict").text
    assert said in (message("fr", "web_share_copied"), message("fr", "web_share_link", link=link))
    fresh(chrome, play)
    player = chrome.current_window_handle
    chrome.switch_to.new_window("tab")              # as a reader opens a link they were sent
    try:
        chrome.get(link)
        assert chrome.execute_script("return window.conundrum.found().found") == 2
        kept = chrome.execute_script("return window.conundrum.record().records[0]")
        assert kept["found"] == 2 and chrome.find_element(By.ID, "rotate").text == \
            message("fr", "web_rotate")
        assert "found=" not in chrome.current_url and "lang=fr" in chrome.current_url
    finally:
        chrome.close()
        chrome.switch_to.window(player)
    # a page with a puzzle of its own shares its own address, found positions added
    path = tmp_path / "p.html"
    render_html(EXAMPLE, path)
    fresh(chrome, path)
    first = chrome.execute_script("return window.conundrum.positions('YYB')[0]")
    chrome.execute_script("window.conundrum.answer(arguments[0])", first)
    link = chrome.execute_script("return window.conundrum.shareLink()")
    fresh(chrome, path)
    chrome.get(link)
    chrome.refresh()
    assert chrome.find_element(By.CSS_SELECTOR, "#found button").text == first
    assert console_errors(chrome) == []


def test_the_settings_menu_names_languages_and_palettes_in_the_readers_language(
        chrome, tmp_path):  # noqa: F811
    """Each palette by its name in the language shown (every shipped language names every
    shipped palette), each language by its own name; a single file offers only its own."""
    path = tmp_path / "p.html"
    path.write_text(page_html(load_puzzle(EXAMPLE), site=True), encoding="utf-8")
    write_shared(tmp_path)
    let_files_load(chrome)
    options = "return Array.from(document.querySelectorAll(arguments[0] + ' option'))" \
              ".map(o => [o.value, o.textContent])"
    own_names = {lang: own_catalogue(lang)["web_language_name"] for lang in LANGUAGES}
    assert len(set(own_names.values())) == len(LANGUAGES)
    for lang in LANGUAGES:
        fresh(chrome, path)
        go(chrome, path, f"lang={lang}")
        assert chrome.execute_script("return document.documentElement.lang") == lang
        assert chrome.execute_script(options, "#set-palette") == [
            [name, own_catalogue(lang)[f"web_palette_{name}"]] for name in sorted(PALETTES)]
        assert chrome.execute_script(options, "#set-lang") == [
            [code, own_names[code]] for code in sorted(LANGUAGES)]
    alone = tmp_path / "alone.html"
    render_html(EXAMPLE, alone, lang="fr", palette="mono")
    fresh(chrome, alone)
    assert chrome.execute_script(options, "#set-lang") == [["fr", own_names["fr"]]]
    assert chrome.execute_script(options, "#set-palette") == [
        ["mono", own_catalogue("fr")["web_palette_mono"]]]
    assert console_errors(chrome) == []
