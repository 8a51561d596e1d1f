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
from selenium.webdriver.common.by import By

from conundrum.notation import Grid
from conundrum.solver import positions
from renderers.page.i18n import message
from renderers.sheet.puzzle import puzzle_id
from tests.support.web import chrome, console_errors, new_driver, open_page  # noqa: F401
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


def test_the_index_groups_grades_and_marks_finished_puzzles(book, chrome):  # noqa: F811
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
    # finish puzzle 2 on its page, then the index marks it (and only it)
    open_page(chrome, site / "index.html")
    chrome.execute_script("localStorage.clear()")
    second = result.puzzles[1]
    open_page(chrome, site / f"{second.number}.html")
    solve_all(chrome, second)
    assert "is-perfect" in chrome.find_element(By.TAG_NAME, "body").get_attribute("class")
    open_page(chrome, site / "index.html")
    # Chromium hands a page's localStorage writes to the next page a moment later (longer
    # on a loaded machine): look again for up to 5 s
    finished = []
    for _ in range(25):
        time.sleep(0.2)
        chrome.refresh()
        finished = chrome.find_elements(By.CSS_SELECTOR, "a.finished")
        if finished:
            break
    assert [a.get_attribute("href").rsplit("/", 1)[-1] for a in finished] == \
        [f"{second.number}.html"]
    assert finished[0].get_attribute("aria-label").endswith(
        ", " + message(spec.language, "web_finished"))
    assert console_errors(chrome) == []


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
        driver.get(base + f"{result.puzzles[2].number}.html")
        bp = result.puzzles[2]
        total = sum(len(positions(bp.puzzle.board, g.code, bp.puzzle.ruleset))
                    for g in bp.puzzle.given)
        assert driver.execute_script("return window.conundrum.found()") == \
            {"found": 0, "total": total}
    finally:
        driver.quit()
        server.server_close()
