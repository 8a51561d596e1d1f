"""Conundrum Studio in a real headless Chromium: a book from an empty folder to a built,
preflighted interior and cover by clicks alone; a puzzle set by hand in the editor whose
counts `conundrum solve` agrees with; axe-core on each screen; no console error."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from renderers.studio.jobs import Job
from tests.support.axe import audit, serious
from tests.support.program import run_program
from tests.support.studio import WRITE, Served, client, finish, saved_book
from tests.support.web import console_errors, new_driver

pytestmark = pytest.mark.slow  # drives the browser


@pytest.fixture
def studio(tmp_path: Path):
    served = Served(tmp_path)
    driver = new_driver(1200, 1000)
    # the page is served from this machine: only external addresses stay blocked
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    try:
        driver.get(served.url)
        yield driver, tmp_path, served.url
    finally:
        driver.quit()
        served.stop()


def _wait(driver, check, timeout: float = 120):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: check(d))


def _click(driver, selector: str) -> None:
    """Click the element `selector` names, found again if a finished build redrew it
    between finding and clicking (the preview's thumbnails are replaced after each build)."""
    def clicked(d) -> bool:
        try:
            element = d.find_element(By.CSS_SELECTOR, selector)
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
        # redrawn, or covered for a moment while the table's sheet images load and move it
        except (StaleElementReferenceException, ElementClickInterceptedException):
            return False
        return True
    _wait(driver, clicked, timeout=10)


def _idle(driver) -> bool:
    """No save or build under way: the page's preview and puzzles are not marked busy."""
    return all(driver.find_element(By.ID, s).get_attribute("aria-busy") == "false"
               for s in ("preview-area", "puzzles"))


def _thumbs_loaded(driver) -> int:
    return driver.execute_script(
        "return [...document.querySelectorAll('#preview img')]"
        ".filter(i => i.complete && i.naturalWidth > 0).length")


def test_a_book_from_an_empty_folder_by_clicks(studio) -> None:
    driver, folder, url = studio
    assert not (folder / "book.yaml").exists()
    assert serious(audit(driver)) == [], "designer at load"
    assert driver.find_element(By.CSS_SELECTOR, "#sections .up").get_attribute("disabled")
    title = driver.find_element(By.ID, "f-title")
    title.clear()
    title.send_keys("Clicked Book", Keys.TAB)
    _wait(driver, lambda d: _thumbs_loaded(d) >= 3)
    assert yaml.safe_load((folder / "book.yaml").read_text())["title"] == "Clicked Book"
    # the field's change and the pause after typing saved one spec: one build, not two
    _wait(driver, _idle)
    with pytest.raises(urllib.error.HTTPError, match="404"):
        urllib.request.urlopen(url + "api/jobs/2")
    # a field the CLI refuses shows its message at the field, and nothing is saved
    # (typed over, not cleared: clear() fires a change of its own, saving an empty field)
    count = driver.find_element(By.ID, "f-s-count-0")
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("0", Keys.TAB)
    error = driver.find_element(By.CSS_SELECTOR, '.field[data-key="sections.0.count"] .error')
    _wait(driver, lambda d: "between 1 and" in error.text)
    assert yaml.safe_load((folder / "book.yaml").read_text())["sections"][0]["count"] == 4
    # put back to the value saved: nothing new to send, and the refusal no longer stands
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("4", Keys.TAB)
    _wait(driver, lambda d: error.text == "")
    assert driver.find_element(By.ID, "saved").text == "Saved book.yaml"
    count.clear()
    count.send_keys("2", Keys.TAB)
    driver.find_element(By.CSS_SELECTOR, '#book-fields input[name="cover"]').click()
    _wait(driver, lambda d: yaml.safe_load((folder / "book.yaml").read_text()).get("cover"))
    _wait(driver, _idle)
    assert driver.find_element(By.ID, "job-status").text.endswith("done 2/2 puzzles")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#puzzle-rows tr")) == 2
    # the table's board and the sheet a click shows: drawn with at least twice the pixels
    # they are shown at (sharp on a 2x screen), the board shown large enough to read
    _click(driver, "#puzzle-rows tr:first-child .sheet-open")
    for selector in ("#puzzle-rows tr:first-child img", "#sheet-large"):
        shown, drawn = _wait(driver, lambda d, s=selector: d.execute_async_script(
            "const [s, done] = arguments, i = document.querySelector(s);"
            "if (!i.complete || !i.naturalWidth) return done(false);"
            "const raw = new Image(); raw.onload = () => done([i.clientWidth, raw.naturalWidth]);"
            "raw.src = i.currentSrc;", s))
        assert drawn >= 2 * shown and shown >= 150, (selector, shown, drawn)
    _click(driver, "#preview .thumb")
    _wait(driver, lambda d: d.execute_script(
        "const i = document.getElementById('large'); return i.complete && i.naturalWidth > 0"))
    assert serious(audit(driver)) == [], "preview and puzzles"
    driver.find_element(By.ID, "publish").click()
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#preflight tr")) > 3, 300)
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR,
                                                                    "#downloads a")]
    assert {url + "files/book.pdf", url + "files/book-cover.pdf"} <= set(links)
    # the verdict over the table: as many rules fail as the table's FAIL rows say
    fails = [tr.text for tr in driver.find_elements(By.CSS_SELECTOR, "#preflight tr")
             if tr.text.endswith("FAIL")]
    rows = len(driver.find_elements(By.CSS_SELECTOR, "#preflight tr"))
    verdict = driver.find_element(By.ID, "preflight-verdict").text
    assert verdict == (f"Preflight: {len(fails)} of {rows} rules fail (FAIL below): not "
                       "ready for the printer" if fails else f"Preflight: all {rows} rules pass")
    assert (folder / "book.pdf").exists() and (folder / "book-cover.pdf").exists()
    assert serious(audit(driver)) == [], "publish"
    errors = console_errors(driver)
    # the one refusal asked for (count 0: 422) is the browser's note of a 4xx, not a fault;
    # so is a 404 for a page past the end of the book, asked for by a thumbnail of a build
    # the count's change made longer (4 puzzles, then 2) that a new build replaced
    pages = studio_pages(url)
    assert [e for e in errors if "/api/spec - Failed to load resource" not in e
            and not past_the_end(e, pages)] == [], errors


def studio_pages(url: str) -> int:
    """The number of pages of the studio's last build (its page PNGs answer up to it)."""
    import urllib.request
    n = 1
    while True:
        try:
            urllib.request.urlopen(f"{url}api/pages/{n}.png", timeout=10).close()
        except OSError:
            return n - 1
        n += 1


def past_the_end(error: str, pages: int) -> bool:
    """Whether a console error is a 404 for a page PNG past the last build's end."""
    found = re.search(r"/api/pages/(\d+)\.png\S* - Failed to load resource: .* 404", error)
    return bool(found) and int(found.group(1)) > pages


def _lay(driver, code: str, x: int, y: int) -> None:
    driver.find_element(By.CSS_SELECTOR, f'#editor .tile[data-code="{code}"]').click()
    driver.find_element(By.CSS_SELECTOR, f'#ed-board .cell[data-x="{x}"][data-y="{y}"]').click()


def test_a_puzzle_set_by_hand_agrees_with_the_solver(studio) -> None:
    driver, folder, _url = studio
    driver.find_element(By.CSS_SELECTOR, 'a[href="#setter"]').click()
    _lay(driver, "B*Y", 0, 0)
    _lay(driver, "YYY", 1, -1)  # above the start's Y
    _lay(driver, "GGG", 0, 1)  # refused: G against B
    verdict = driver.find_element(By.ID, "ed-verdict")
    _wait(driver, lambda d: "cannot go there" in verdict.text and "clash" in verdict.text)
    # the keyboard lays too: Enter on a tile, Space turns it, Enter on a cell
    tile = driver.find_element(By.CSS_SELECTOR, '#editor .tile[data-code="BYY"]')
    tile.send_keys(Keys.ENTER)
    cell = driver.find_element(By.CSS_SELECTOR, '#ed-board .cell[data-x="3"][data-y="0"]')
    for _ in range(3):  # v, h reversed, v reversed: YYB downwards
        cell.send_keys(Keys.SPACE)
    cell.send_keys(Keys.ENTER)
    for code in ("BYG", "PGR"):
        driver.find_element(By.CSS_SELECTOR, f'#editor .tile[data-code="{code}"]').click()
        driver.find_element(By.ID, "ed-give").click()
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#ed-given li")) == 2)
    shown = {li.get_attribute("data-code"): int(li.text.split(": ")[1].split()[0])
             for li in driver.find_elements(By.CSS_SELECTOR, "#ed-given li")}
    board = driver.execute_script("return window.conundrumStudio.editor.board")
    assert [p["code"] for p in board] == ["B*Y", "YYY", "YYB"] and board[2]["dir"] == "v"
    assert driver.find_element(By.CSS_SELECTOR, '#editor .tile[data-code="YYY"]') \
        .get_attribute("disabled")
    assert serious(audit(driver)) == [], "editor"
    # Lay them all: the count of arrangements, and whether it is exactly one, said either way
    kind = Select(driver.find_element(By.ID, "ed-kind"))
    kind.select_by_visible_text("all")
    _wait(driver, lambda d: "arrangement" in verdict.text)
    arrangements = driver.execute_async_script(
        "const token = document.querySelector('meta[name=conundrum-token]').content;"
        "fetch('/api/editor/count', {method: 'POST', headers: {'X-Conundrum-Token': token},"
        " body: JSON.stringify({rules: 'standard', kind: 'all', board: arguments[0],"
        " given: ['BYG', 'PGR']})}).then(r => r.json()).then(j => arguments[1](j.arrangements))",
        board)
    said = {0: "s (none: no solution)", 1: " (exactly one)"}.get(arrangements,
                                                               "s (not exactly one)")
    assert f"; {arrangements} arrangement{said}" in verdict.text, verdict.text
    kind.select_by_visible_text("count")
    _wait(driver, lambda d: "arrangement" not in verdict.text)
    name = driver.find_element(By.ID, "ed-name")
    name.clear()
    name.send_keys("clicked")
    driver.find_element(By.ID, "ed-save").click()
    _wait(driver, lambda d: "Saved" in d.find_element(By.ID, "ed-saved").text)
    solved = json.loads(run_program("solve", folder / "puzzles/clicked.yaml", "--json").stdout)
    assert {t["code"]: t["count"] for t in solved["tiles"]} == shown
    assert console_errors(driver) == []
    time.sleep(0)  # nothing left running in the page


def test_the_board_grows_to_a_77_tile_game_and_counts_it(studio) -> None:
    driver, folder, _url = studio
    game = json.loads(run_program("simulate", "--players", "1", "--seed", "1",
                                  "--json").stdout)["board"]
    driver.execute_script("const s = window.conundrumStudio; s.editor.board = arguments[0];"
                          "s.editor.given = arguments[1]; s.update();",
                          game[:77], [p["code"] for p in game[77:80]])
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#ed-given li")) == 3)
    # every square laid is drawn on a cell of the board
    for p in game[:77]:
        x, y = p["at"]
        cell = driver.find_element(By.CSS_SELECTOR, f'#ed-board .cell[data-x="{x}"][data-y="{y}"]')
        assert cell.text == p["code"][0]
    shown = {li.get_attribute("data-code"): int(li.text.split(": ")[1].split()[0])
             for li in driver.find_elements(By.CSS_SELECTOR, "#ed-given li")}
    path = folder / "game.yaml"
    path.write_text(yaml.safe_dump({"board": game[:77],
                                    "given": [{"code": p["code"]} for p in game[77:80]]}))
    solved = json.loads(run_program("solve", path, "--json").stdout)
    assert shown == {t["code"]: t["count"] for t in solved["tiles"]}
    assert "A legal board" in driver.find_element(By.ID, "ed-verdict").text
    assert console_errors(driver) == []


def test_a_puzzle_moved_down_its_section_by_a_click(studio) -> None:
    driver, folder, _url = studio
    (folder / "book.yaml").write_text(yaml.safe_dump(
        {"title": "Moved", "seed": 3, "sections": [
            {"name": "Warm-up", "count": 3, "difficulty": 1},
            {"name": "Later", "count": 1, "difficulty": 2}]}))
    driver.refresh()
    _click(driver, "#build")
    rows = "#puzzle-rows tr"
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) == 4)

    def boards(d) -> list[str]:  # each row's board, as the API lists it
        return [json.dumps(p["board"]) for p in d.execute_async_script(
            "fetch('/api/puzzles').then(r => r.json()).then(arguments[0])")]
    before = boards(driver)
    first = '#puzzle-rows tr:first-child button[data-action="move-'
    assert driver.find_element(By.CSS_SELECTOR, first + 'up"]').get_attribute("disabled")
    _click(driver, first + 'down"]')
    _wait(driver, lambda d: boards(d) == [before[1], before[0], *before[2:]])
    _wait(driver, lambda d: "move: done" in d.find_element(By.ID, "job-status").text)
    section = yaml.safe_load((folder / "book.yaml").read_text())["sections"]
    assert section[0]["order"] == "listed" and section[1]["count"] == 1
    # Keep on the third row: that row alone says kept, and its Keep is done with
    _click(driver, '#puzzle-rows tr:nth-child(3) button[data-action="lock"]')
    _wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#puzzle-rows tr td:nth-child(8)')]"
        ".map(td => td.textContent)") == ["no", "no", "yes", "no"])
    third = '#puzzle-rows tr:nth-child(3) button[data-action="unlock"]'
    assert driver.find_element(By.CSS_SELECTOR, third).text == "Unkeep"
    assert not driver.find_elements(By.CSS_SELECTOR, '#puzzle-rows tr:nth-child(3) '
                                    'button[data-action="lock"]')
    assert boards(driver) == [before[1], before[0], *before[2:]]
    driver.save_screenshot(str(folder / "moved.png"))
    # Unkeep on that row: no row kept, Keep offered again, the same puzzles
    _click(driver, third)
    _wait(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#puzzle-rows tr td:nth-child(8)')]"
        ".map(td => td.textContent)") == ["no", "no", "no", "no"])
    assert driver.find_element(By.CSS_SELECTOR, '#puzzle-rows tr:nth-child(3) '
                               'button[data-action="lock"]').text == "Keep"
    assert not any(n.endswith("-kept.yaml") for n in yaml.safe_load(
        (folder / "book.yaml").read_text())["sections"][0]["puzzles"])
    assert boards(driver) == [before[1], before[0], *before[2:]]
    # a row the book no longer has (another tab built a shorter book): the refusal is
    # shown where the jobs report, not dropped
    driver.execute_async_script("""
        const done = arguments[0], token = document.querySelector(
          'meta[name=conundrum-token]').content;
        const call = (method, path, body) => fetch(path, {method, body: JSON.stringify(body),
          headers: {'X-Conundrum-Token': token}}).then(r => r.json());
        (async () => {
          const got = await call('GET', '/api/spec');
          await call('PUT', '/api/spec', {spec: {title: 'Moved', seed: 3, sections: [
            {name: 'Warm-up', count: 1, difficulty: 1}]}, revision: got.revision});
          const job = (await call('POST', '/api/build', {draft: true})).job;
          while (['queued', 'running'].includes((await call('GET', '/api/jobs/' + job)).state))
            await new Promise(ok => setTimeout(ok, 100));
          done();
        })();""")
    _click(driver, '#puzzle-rows tr:nth-child(4) button[data-action="regenerate"]')
    _wait(driver, lambda d: d.find_element(By.ID, "job-status").text ==
          "no puzzle 4 in the last build", 10)
    assert serious(audit(driver)) == [], "puzzles after a move"
    errors = console_errors(driver)  # the one refusal asked for is the browser's note of a 404
    assert [e for e in errors if "/regenerate - Failed to load resource" not in e] == [], errors


def test_cancel_stops_a_publish_clicked_while_a_draft_builds(studio, monkeypatch) -> None:
    """The draft build ending first leaves Cancel with the publish queued after it."""
    driver, folder, url = studio
    (folder / "book.yaml").write_text(yaml.safe_dump(
        {"title": "Held", "seed": 3, "sections": [{"name": "A", "count": 2, "difficulty": 1}]}))
    driver.refresh()
    published = threading.Event()  # the draft runs until the publish is queued after it
    progress, painted = Job.progress, Job.painted

    def drafting(self, made: int, total: int) -> None:
        published.wait(20)
        progress(self, made, total)

    def publishing(self, done: int, total: int) -> None:  # runs until cancelled
        deadline = time.monotonic() + 20
        while not self.cancel.is_set() and time.monotonic() < deadline:
            time.sleep(0.05)
        painted(self, done, total)
    monkeypatch.setattr(Job, "progress", drafting)
    monkeypatch.setattr(Job, "painted", publishing)

    def state(job: int) -> str:
        return json.loads(urllib.request.urlopen(f"{url}api/jobs/{job}").read())["state"]
    _click(driver, "#build")
    _wait(driver, lambda d: state(1) == "running", 30)
    _click(driver, "#publish")
    _wait(driver, lambda d: state(2) == "queued", 30)
    published.set()
    # the page has seen the draft end: its puzzles are listed
    _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#puzzle-rows tr")) == 2, 60)
    _click(driver, "#cancel")
    _wait(driver, lambda d: state(2) not in ("queued", "running"), 30)
    assert state(2) == "cancelled"


def test_a_save_never_answered_leaves_the_later_saves_made(studio) -> None:
    """A save whose request fails (the network, a stopped studio) says so, and the next
    change is saved: the saves' chain does not end at a failed link."""
    driver, folder, _url = studio
    title = driver.find_element(By.ID, "f-title")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/spec"]})
    title.send_keys(Keys.CONTROL, "a")
    title.send_keys("Lost", Keys.TAB)
    _wait(driver, lambda d: d.find_element(By.ID, "saved").text ==
          "Not saved: the studio did not answer", 30)
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    title.send_keys(Keys.CONTROL, "a")
    title.send_keys("Found", Keys.TAB)
    _wait(driver, lambda d: (folder / "book.yaml").exists() and yaml.safe_load(
        (folder / "book.yaml").read_text())["title"] == "Found", 30)


def test_twin_sections_in_the_puzzles_table(tmp_path: Path) -> None:
    """Two sections of one name, as the author sees them: each row says which of them it
    is in, Up and Down stop at its own section's edge, and Add section names the new one
    as no section is named."""
    spec = {"title": "Twins", "seed": 3,
            "sections": [{"name": "Bonus", "count": 2, "difficulty": 1},
                         {"name": "Bonus", "count": 2, "difficulty": 1},
                         {"name": "Section 4", "count": 1, "difficulty": 1}]}
    with client(tmp_path) as c:
        assert saved_book(c, spec)["state"] == "done"
        assert finish(c, c.post("/api/puzzles/3/lock", headers=WRITE))["state"] == "done"
    served = Served(tmp_path)
    driver = new_driver(1200, 1000)
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    try:
        driver.get(served.url)
        _wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#puzzle-rows tr")) == 5)
        rows = driver.find_elements(By.CSS_SELECTOR, "#puzzle-rows tr")
        cells = [[td.text for td in r.find_elements(By.TAG_NAME, "td")][2] for r in rows]
        assert cells == ["Bonus (section 1)"] * 2 + ["Bonus (section 2)"] * 2 + ["Section 4"]
        moves = [[not r.find_element(By.CSS_SELECTOR, f"[data-action=move-{w}]").is_enabled()
                  for w in ("up", "down")] for r in rows]
        assert moves == [[True, False], [False, True], [True, False], [False, True],
                         [True, True]]
        driver.find_element(By.ID, "add-section").click()
        _wait(driver, lambda d: len(yaml.safe_load((tmp_path / "book.yaml").read_text())
                                    ["sections"]) == 4)
        names = [s["name"] for s in yaml.safe_load((tmp_path / "book.yaml").read_text())
                 ["sections"]]
        assert names == ["Bonus", "Bonus", "Section 4", "Section 5"]
        assert console_errors(driver) == []
    finally:
        driver.quit()
        served.stop()
