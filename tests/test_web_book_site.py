"""A book's site as a reader meets it: previous/next on every page, an index grouped by
section with each puzzle's grade and a mark on the finished ones, and a service worker that
keeps the whole site for offline play when it is served over http (a local http.server)."""

from __future__ import annotations

import functools
import re
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conundrum.notation import Grid
from conundrum.solver import positions
from renderers.page.i18n import message
from renderers.page.palettes import get_palette
from renderers.sheet.puzzle import puzzle_id
from renderers.web.site import write_site
from tests.support.web import (  # noqa: F401
    chrome,
    console_errors,
    finished_marks,
    let_files_load,
    new_driver,
    open_page,
    poll,
)
from tests.test_web_platform import contrast, luminance, media
from tests.test_web_site import book  # noqa: F401

pytestmark = pytest.mark.slow  # builds a book and drives the browser


def test_previous_and_next_link_every_page_in_order(book):  # noqa: F811
    _spec, result, site, _written = book
    numbers = [bp.number for bp in result.puzzles]
    for i, n in enumerate(numbers):
        text = (site / f"{n}.html").read_text(encoding="utf-8")
        prev = re.findall(r'<a rel="prev" href="([^"]+)"', text)
        nxt = re.findall(r'<a rel="next" href="([^"]+)"', text)
        assert prev == ([f"{numbers[i - 1]}.html"] if i else [])
        assert nxt == ([f"{numbers[i + 1]}.html"] if i + 1 < len(numbers) else [])
        for href in prev + nxt:
            assert (site / href).is_file()
        assert 'class="back" href="index.html"' in text


def solve_all(driver, bp) -> None:
    grid = Grid.of(bp.puzzle.board)
    for g in bp.puzzle.given:
        found = positions(bp.puzzle.board, g.code, bp.puzzle.ruleset)
        for p in found:
            driver.execute_script("window.conundrum.answer(arguments[0])", grid.text(p))
        if not found:
            driver.execute_script("window.conundrum.none(arguments[0])", g.code)


def test_the_index_groups_grades_and_marks_finished_puzzles(book, driver):  # noqa: F811
    spec, result, site, _written = book
    index = (site / "index.html").read_text(encoding="utf-8")
    for bp in result.puzzles:
        grade = bp.puzzle.extra.get("grade")
        assert isinstance(grade, int)
        assert message(spec.language, "book_level", n=grade) in index
        assert f'data-id="{puzzle_id(bp.puzzle)}"' in index
    sections = re.findall(r"<section><h2>(.*?)</h2><ol>(.*?)</ol></section>", index)
    assert [name for name, _ in sections] == [s.name for s in spec.sections]
    assert [len(re.findall("<li>", links)) for _, links in sections] == \
        [sum(bp.section == i for bp in result.puzzles) for i in range(len(spec.sections))]
    # in a new browser (nothing kept), finish puzzle 2, then the index marks it (only it)
    second = result.puzzles[1]
    open_page(driver, site / f"{second.number}.html")
    assert not driver.find_element(By.ID, "finish").is_displayed()
    solve_all(driver, second)
    assert "is-perfect" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")
    # the finish card: time, tries and hints, a line that gives no answer away, the next
    # puzzle not finished
    lang = spec.language
    card = driver.find_element(By.ID, "finish")
    assert card.is_displayed()
    assert (card.tag_name, card.get_attribute("class"),
            card.get_attribute("aria-labelledby")) == ("section", "finish", "finish-title")
    tries = driver.execute_script("return window.conundrum.record().records[0].tries")
    stats = driver.find_element(By.ID, "finish-stats").text
    assert stats.endswith(message(lang, "web_finish_stats", time="", tries=tries,
                                  hints=0).split(" · ", 1)[1])
    line = driver.find_element(By.ID, "finish-line").text
    grid = Grid.of(second.puzzle.board)
    for g in second.puzzle.given:
        for p in positions(second.puzzle.board, g.code, second.puzzle.ruleset):
            assert grid.name(p.at) not in line.split(), line
    assert line.endswith(f"/{second.number}.html") and "found=" not in line
    nxt = driver.find_element(By.CSS_SELECTOR, "#finish-next a")
    assert nxt.text == message(lang, "web_finish_next", n=result.puzzles[2].number)
    assert nxt.get_attribute("href").endswith(f"/{result.puzzles[2].number}.html")
    assert finished_marks(driver, site / "index.html") == [f"{second.number}.html"]
    finished = driver.find_elements(By.CSS_SELECTOR, "a.finished")
    assert finished[0].find_element(By.CSS_SELECTOR, ".name").get_attribute(
        "textContent").endswith(
        ", " + message(spec.language, "web_finished"))
    count = len(result.puzzles)
    assert driver.find_element(By.ID, "finished-count").text == \
        message(spec.language, "web_index_progress", done=1, total=count)
    # a started puzzle's link says so in its name, as its dashed border shows
    # (a puzzle of more than one position: one answer starts it without finishing it)
    third = next(bp for bp in result.puzzles[2:]
                 if sum(len(positions(bp.puzzle.board, g.code, bp.puzzle.ruleset))
                        for g in bp.puzzle.given) > 1)
    open_page(driver, site / f"{third.number}.html")
    first = driver.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                  third.puzzle.given[0].code)
    driver.execute_script("window.conundrum.answer(arguments[0])", first)
    open_page(driver, site / "index.html")
    started = poll(lambda: driver.find_elements(By.CSS_SELECTOR, "a.started"), bool,
                   between=driver.refresh)
    assert started[0].find_element(By.CSS_SELECTOR, ".name").get_attribute(
        "textContent").endswith(
        ", " + message(spec.language, "web_started"))
    assert console_errors(driver) == []


INDEX_COLOURS = """
const c = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
return {body: [c('body', 'color'), c('body', 'backgroundColor')],
        link: [c('a[data-id]', 'color'), c('a[data-id]', 'backgroundColor')],
        small: [c('a[data-id] small', 'color'), c('a[data-id]', 'backgroundColor')]};
"""


def reload_theme(driver, stored: str) -> str:
    """The index's theme once reloaded after `stored` was kept as the reader's switch; as
    the storage hands on late (`finished_marks`), up to 5 s of reloads."""
    driver.execute_script("localStorage.setItem('conundrum:theme', arguments[0])", stored)
    driver.refresh()
    return poll(lambda: driver.execute_script("return document.documentElement.dataset.theme"),
                lambda theme: theme == stored, between=driver.refresh)


def test_the_index_is_dark_as_the_player_is(book, driver):  # noqa: F811
    _spec, _result, site, _written = book
    media(driver, "dark")
    open_page(driver, site / "index.html")      # a new browser: no switch used yet
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    colours = driver.execute_script(INDEX_COLOURS)
    assert luminance(colours["body"][1]) < 0.2
    for text, ground in colours.values():
        assert contrast(text, ground) >= 4.5, (text, ground)
    # the reader's switch on a puzzle's page wins over the system, here too
    assert reload_theme(driver, "light") == "light"
    assert luminance(driver.execute_script(INDEX_COLOURS)["body"][1]) > 0.8
    media(driver, "light")
    assert reload_theme(driver, "dark") == "dark"
    assert console_errors(driver) == []


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *_args) -> None:  # the test's output stays the test's
        pass


def test_the_service_worker_keeps_the_whole_site_offline(book):  # noqa: F811
    _spec, result, site, written = book
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})  # this server only
        driver.get(base + "1.html")
        driver.set_script_timeout(30)
        cached = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready.then(async () => {
              const names = await caches.keys(), urls = [];
              for (const n of names) for (const r of await (await caches.open(n)).keys())
                urls.push(new URL(r.url).pathname);
              done(urls);
            }).catch(e => done(String(e)));""")
        files = {"/" + p.name for p in written} | {"/"}
        assert isinstance(cached, list) and files - {"/sw.js"} <= set(cached), cached
        manifest = driver.execute_script(
            "return document.querySelector('link[rel=manifest]').href")
        assert manifest == base + "manifest.webmanifest"
        # the server goes away: every page, the index and the player still open and play
        server.shutdown()
        server.server_close()
        for name in ("", "index.html", f"{result.puzzles[-1].number}.html", "play.html"):
            driver.get(base + name)
            assert driver.execute_script("return document.readyState") == "complete"
            assert driver.title, name
        assert driver.execute_script("return typeof window.conundrum.found") == "function"
        # another language and palette: the site's shared files, kept offline too
        driver.get(base + f"{result.puzzles[1].number}.html#lang=fr&palette=mono")
        assert driver.execute_script("return document.documentElement.lang") == "fr"
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette") == "mono"
        driver.get(base + f"{result.puzzles[2].number}.html")
        bp = result.puzzles[2]
        total = sum(len(positions(bp.puzzle.board, g.code, bp.puzzle.ruleset))
                    for g in bp.puzzle.given)
        assert driver.execute_script("return window.conundrum.found()") == \
            {"found": 0, "total": total}
    finally:
        driver.quit()
        server.server_close()


SERVED = """
    const done = arguments[arguments.length - 1];
    navigator.serviceWorker.ready.then(async () => {
      const out = {};
      for (const n of await caches.keys())
        out[n] = (await (await caches.open(n)).keys()).map(r => new URL(r.url).pathname);
      done(out);
    }).catch(e => done(String(e)));"""

ICON = """
    const done = arguments[arguments.length - 1], img = new Image();
    let blocked = false;
    document.addEventListener("securitypolicyviolation", () => { blocked = true; });
    img.onload = () => done(blocked ? "blocked" : "shown");
    img.onerror = () => done("refused");
    img.src = "icon.svg";"""


def test_two_sites_on_one_origin_keep_both_offline_caches(book, tmp_path):  # noqa: F811
    """Two volumes under one domain: each site's worker deletes only its own older caches
    (issue 34), and the app icon is allowed by each page's CSP."""
    spec, result, _site, _written = book
    root = tmp_path / "www"
    root.mkdir()
    for name, puzzles in (("vol1", result.puzzles), ("vol2", result.puzzles[:2])):
        write_site(spec, puzzles, root / name)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})  # this server only
        driver.set_script_timeout(30)
        caches: dict = {}
        for name in ("vol1", "vol2"):
            for page in ("index.html", "1.html"):
                driver.get(f"{base}{name}/{page}")
                assert driver.execute_async_script(ICON) == "shown", (name, page)
            caches = driver.execute_async_script(SERVED)
            assert isinstance(caches, dict), caches
        assert len(caches) == 2, caches
        for name, count in (("vol1", len(result.puzzles)), ("vol2", 2)):
            (kept,) = [urls for key, urls in caches.items() if f"/{name}/" in key]
            assert f"/{name}/" in kept and f"/{name}/{count}.html" in kept, kept
        server.shutdown()
        for name in ("vol1", "vol2"):  # both still play offline
            driver.get(f"{base}{name}/2.html")
            assert driver.execute_script("return typeof window.conundrum.found") == "function"
        assert "cache: \"reload\"" in (root / "vol1" / "sw.js").read_text(encoding="utf-8")
    finally:
        driver.quit()
        server.server_close()


def index_in(driver, lang: str, puzzles) -> None:
    """The index shows its words and every link's name in `lang` (each link's hidden name
    read, as a screen reader would: number and grade)."""
    waits = iter(range(1, 41))

    def again() -> None:
        # Chromium hands the last page's localStorage write (a language chosen in the menu)
        # to the next page a moment later on a loaded machine (see `poll`): the index may
        # have read it before it came, so every 2 s it is opened afresh
        if next(waits) % 10 == 0:
            driver.refresh()

    # the language's shared file loads after the page
    assert poll(lambda: driver.execute_script("return document.documentElement.lang"),
                lambda now: now == lang, tries=40, between=again) == lang
    assert driver.find_element(By.ID, "intro").text == message(lang, "web_index_intro")
    names = [e.get_attribute("textContent")
             for e in driver.find_elements(By.CSS_SELECTOR, "a[data-id] .name")]
    assert names == [message(lang, "puzzle_number", n=bp.number) + ", " +
                     message(lang, "book_level", n=bp.puzzle.extra["grade"]) for bp in puzzles]
    assert driver.find_element(By.ID, "finished-count").text == \
        message(lang, "web_index_progress", done=0, total=len(puzzles))
    assert console_errors(driver) == []


def test_language_and_palette_are_kept_across_previous_next_and_the_index(book, driver):  # noqa: F811
    """`#lang=fr` is carried by the pager's links and the index's; a language or palette
    chosen in the Settings menu is kept for every page and the index; the pager and the
    index are in the reader's language (the site's shared files, loaded from disk)."""
    spec, result, site, _written = book
    first, second = result.puzzles[0], result.puzzles[1]
    let_files_load(driver)
    driver.get((site / f"{first.number}.html").resolve().as_uri() + "#lang=fr")
    driver.refresh()
    nxt = driver.find_element(By.CSS_SELECTOR, "a[rel=next]")
    assert nxt.text == message("fr", "puzzle_number", n=second.number) + " \u2192"
    assert driver.find_element(By.CSS_SELECTOR, ".pager").get_attribute("aria-label") == \
        message("fr", "web_pager")
    nxt.click()
    assert driver.execute_script("return document.documentElement.lang") == "fr"
    assert driver.find_element(By.ID, "rotate").text == message("fr", "web_rotate")
    prev = driver.find_element(By.CSS_SELECTOR, "a[rel=prev]")
    assert prev.text == "\u2190 " + message("fr", "puzzle_number", n=first.number)
    # the index: in French too, and its links carry the language on
    driver.find_element(By.CSS_SELECTOR, "a.back").click()
    index_in(driver, "fr", result.puzzles)
    driver.find_element(By.CSS_SELECTOR, f'a[href^="{second.number}.html"]').click()
    assert driver.execute_script("return document.documentElement.lang") == "fr"
    # chosen in the menu: kept in storage, so a page opened with no fragment follows it
    open_page(driver, site / f"{first.number}.html")
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    assert driver.find_element(By.ID, "settings").screenshot_as_png  # the menu is drawn
    Select(driver.find_element(By.ID, "set-palette")).select_by_value("mono")
    assert poll(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette"),
                lambda name: name == "mono") == "mono"
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    Select(driver.find_element(By.ID, "set-lang")).select_by_value("cs")
    assert poll(lambda: driver.execute_script("return document.documentElement.lang"),
                lambda lang: lang == "cs") == "cs"
    driver.find_element(By.CSS_SELECTOR, "a[rel=next]").click()
    # the settings written on the page before: read again after a reload (see `poll`)
    settings = poll(lambda: driver.execute_script(
        "return [document.documentElement.lang, document.body.dataset.palette]"),
        lambda now: now == ["cs", "mono"], between=driver.refresh)
    assert settings == ["cs", "mono"]
    driver.find_element(By.CSS_SELECTOR, "a.back").click()
    index_in(driver, "cs", result.puzzles)  # the menu's choice: the index follows it
    driver.back()
    assert driver.find_element(By.ID, "rotate").text == message("cs", "web_rotate")
    # hints off hides the Hint button; the dock moves to the left on a wide screen
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "set-hints").click()
    driver.find_element(By.ID, "set-dock").click()
    assert not driver.find_element(By.ID, "hint").is_displayed()
    side = driver.find_element(By.CSS_SELECTOR, ".side").rect
    board = driver.find_element(By.CSS_SELECTOR, ".board-wrap").rect
    assert side["x"] < board["x"]
    driver.execute_script("localStorage.removeItem('conundrum:prefs')")
    # the finish card's next puzzle carries the address's language on too
    driver.get((site / f"{first.number}.html").resolve().as_uri() + "#lang=fr")
    driver.refresh()
    solve_all(driver, first)
    assert driver.find_element(By.CSS_SELECTOR, "#finish-next a").get_attribute(
        "href").endswith(f"/{second.number}.html#lang=fr")
    assert console_errors(driver) == []


SWATCH = """
const b = document.body, sq = document.querySelector('#squares #sq-R rect');
const css = v => getComputedStyle(document.documentElement).getPropertyValue('--' + v).trim();
return {palette: b.dataset.palette, red: sq && sq.getAttribute('fill'),
        shown: document.querySelector('.swatch').getBoundingClientRect().width,
        ink: css('ink'), grid: css('grid-fill')};
"""


def index_palette(driver, name: str, reload: bool = False) -> dict:
    """The index's palette once its shared file has loaded and its squares are drawn in it
    (up to 5 s; a file that comes after the page stopped waiting for it is applied when it
    comes: tests/test_web_late_shared.py). `reload`: the palette was chosen on the page
    before, and Chromium hands its localStorage write to the next page a moment later (on a
    loaded machine, after the page has read its settings), so read again after a reload."""
    red = get_palette(name).fills["R"]
    return poll(lambda: driver.execute_script(SWATCH),
                lambda got: got["palette"] == name and got["red"] == red,
                between=driver.refresh if reload else None)


def test_an_open_index_follows_a_palette_chosen_on_another_page(book, driver):  # noqa: F811
    """The index open in one tab, a palette chosen in a puzzle's Settings menu in another:
    the index opens afresh in it (its storage event), with no reload by the test; a
    change of another setting (hints) leaves it as it is."""
    spec, result, site, _written = book
    other = "mono" if spec.palette != "mono" else "classic"
    let_files_load(driver)
    open_page(driver, site / "index.html")
    index = driver.current_window_handle
    driver.execute_script("window.kept = 'not reloaded'")
    driver.switch_to.new_window("tab")
    open_page(driver, site / f"{result.puzzles[0].number}.html")
    driver.execute_script(
        "var p = JSON.parse(localStorage.getItem('conundrum:prefs') || '{}');"
        "p.hints = p.hints === false; localStorage.setItem('conundrum:prefs', JSON.stringify(p));")
    tab = driver.current_window_handle
    driver.switch_to.window(index)
    time.sleep(1)  # the hints' storage event has come (within milliseconds): no reload
    assert driver.execute_script("return window.kept || null") == "not reloaded"
    driver.switch_to.window(tab)
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    Select(driver.find_element(By.ID, "set-palette")).select_by_value(other)
    driver.switch_to.window(index)
    red = get_palette(other).fills["R"]

    def swatch() -> dict:
        try:
            return driver.execute_script(SWATCH)
        except WebDriverException:  # read while the index reopens (a loaded machine)
            return {"palette": None, "red": None}

    # the event, the reopening and the shared palette file: up to 10 s on a loaded machine
    got = poll(swatch, lambda now: now["palette"] == other and now["red"] == red, tries=50)
    assert got["palette"] == other and got["red"] == red
    assert driver.execute_script("return window.kept || null") is None  # it was reopened


def test_the_index_follows_and_carries_the_palette(book, driver):  # noqa: F811
    """`#palette=` or the Settings menu's palette: the index shows its squares and colours
    (the site's shared file), its links carry the address's on, and the dark theme still
    wins over the palette's ink."""
    spec, result, site, _written = book
    other = "mono" if spec.palette != "mono" else "classic"
    pal = get_palette(other)
    let_files_load(driver)
    open_page(driver, site / "index.html")
    own = driver.execute_script(SWATCH)
    assert own["palette"] == spec.palette and own["shown"] > 0
    assert own["red"] == get_palette(spec.palette).fills["R"]
    driver.get((site / "index.html").resolve().as_uri() + f"#palette={other}")
    driver.refresh()
    got = index_palette(driver, other)
    assert got["palette"] == other and got["red"] == pal.fills["R"]
    assert got["grid"] == pal.grid_fill and got["ink"] == pal.ink
    first = result.puzzles[0]
    driver.find_element(By.CSS_SELECTOR, f'a[href^="{first.number}.html"]').click()
    assert driver.current_url.endswith(f"{first.number}.html#palette={other}")
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette") == other
    # chosen in the menu (no fragment): the index follows it, and so does its next page
    open_page(driver, site / f"{first.number}.html")
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    Select(driver.find_element(By.ID, "set-palette")).select_by_value(other)
    assert poll(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette"),
                lambda name: name == other) == other
    driver.find_element(By.CSS_SELECTOR, "a.back").click()
    assert index_palette(driver, other, reload=True)["red"] == pal.fills["R"]
    driver.find_element(By.CSS_SELECTOR, f'a[href^="{result.puzzles[1].number}.html"]').click()
    assert poll(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette"),
                lambda name: name == other, between=driver.refresh) == other
    # dark: the palette's black ink never lands on the dark ground
    media(driver, "dark")
    open_page(driver, site / "index.html")
    assert index_palette(driver, other, reload=True)["palette"] == other
    colours = driver.execute_script(INDEX_COLOURS)
    assert luminance(colours["body"][1]) < 0.2
    for text, ground in colours.values():
        assert contrast(text, ground) >= 4.5, (text, ground)
    # and on a puzzle's page in that palette (its words on its dark ground)
    driver.find_element(By.CSS_SELECTOR, f'a[href^="{first.number}.html"]').click()
    assert poll(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-palette"),
                lambda name: name == other, between=driver.refresh) == other
    ink, ground = driver.execute_script(
        "const s = getComputedStyle(document.body); return [s.color, s.backgroundColor]")
    assert luminance(ground) < 0.2 and contrast(ink, ground) >= 4.5, (ink, ground)
    driver.execute_script("localStorage.removeItem('conundrum:prefs')")
    assert console_errors(driver) == []


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_on_a_phone_the_settings_menu_opens_inside_the_screen(book, driver, lang):  # noqa: F811
    """A site page's Settings button sits at the left on a phone; its menu (hung from the
    button's right edge) once ran off the screen's left side, cutting its words."""
    from tests.test_web_phone import emulate

    _spec, result, site, _written = book
    emulate(driver, "phone")
    let_files_load(driver)
    driver.get((site / f"{result.puzzles[0].number}.html").resolve().as_uri() + f"#lang={lang}")
    driver.refresh()
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    box = driver.execute_script(
        "const r = document.querySelector('.settings-panel').getBoundingClientRect();"
        "return [r.left, r.right, document.documentElement.clientWidth]")
    assert 0 <= box[0] and box[1] <= box[2], box
    cut = driver.execute_script(
        "return Array.from(document.querySelectorAll('.settings-panel label, .settings-panel"
        " select')).filter(e => e.getBoundingClientRect().left < 0)"
        ".map(e => e.id || e.textContent)")
    assert cut == []
    assert console_errors(driver) == []


# An array is no saved settings (player/load.js): were the index to read one as the
# player's own pages do not, a member every array has would name its language and palette.
ARRAY_MEMBERS = "Array.prototype.lang = 'fr'; Array.prototype.palette = 'mono';"


SETTLED = """
const c = document.getElementById('finished-count');
return {prefs: localStorage.getItem('conundrum:prefs'),
        ready: c ? c.textContent !== '' : !!window.conundrum,
        lang: document.documentElement.lang, palette: document.body.dataset.palette};
"""


def settled_on(driver, page, prefs: str) -> dict:
    """What `page` shows once its script has read `prefs` as the reader's saved settings and
    loaded what they ask for (the index: its count of finished puzzles is written last; a
    puzzle's page: its player is ready). As the storage hands on late (`finished_marks`),
    up to 5 s of reloads."""
    open_page(driver, page)
    driver.execute_script("localStorage.setItem('conundrum:prefs', arguments[0])", prefs)
    driver.refresh()
    return poll(lambda: driver.execute_script(SETTLED),
                lambda got: got["prefs"] == prefs and got["ready"], between=driver.refresh)


def test_the_index_refuses_saved_settings_that_are_an_array_as_the_player_does(book, driver):  # noqa: F811
    spec, result, site, _written = book
    let_files_load(driver)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": ARRAY_MEMBERS})
    index, page = site / "index.html", site / f"{result.puzzles[0].number}.html"
    own = {"lang": spec.language, "palette": spec.palette}
    for where in (index, page):
        # settings that are an object are followed: the shared files load here
        got = settled_on(driver, where, '{"lang": "fr", "palette": "mono"}')
        assert got["ready"] and {k: got[k] for k in own} == {"lang": "fr", "palette": "mono"}
        got = settled_on(driver, where, "[]")
        assert got["ready"] and {k: got[k] for k in own} == own, where.name
    driver.execute_script("localStorage.removeItem('conundrum:prefs')")
    assert console_errors(driver) == []
