"""A tap lands on the cell under the finger (issue 32): finger-sized CDP touches (radius
11 px) on a phone (375 x 740, DPR 2, touch) on every empty cell next to a laid tile, on a
grade-5 page, a 77-tile page and a Lay-them-all page, read back through the SPEC hooks
`conundrum.pick(code)`, `ghost()` and `cellRect(name)`."""

from __future__ import annotations

import pytest

from conundrum.generate import GenerateRequest, generate
from renderers.page.i18n import LANGUAGES, message
from renderers.sheet.puzzle import solve
from renderers.web.page import page_html
from tests.support.axe import audit, serious
from tests.support.web import console_errors, double_tap_zoom, finger, new_driver
from tests.test_web_phone import emulate, open_fresh

pytestmark = pytest.mark.slow  # drives the browser

@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("taps")
    made = {"grade5": generate(GenerateRequest(difficulty=5, seed=1)),
            "tiles77": generate(GenerateRequest(tiles=77, given=2, positions=(3, 4), seed=1)),
            "all": generate(GenerateRequest(kind="all", given=3, difficulty=4, seed=1))}
    out = {}
    for name, puzzle in made.items():
        path = folder / f"{name}.html"
        path.write_text(page_html(puzzle), encoding="utf-8")
        out[name] = (puzzle, path)
    return out


@pytest.fixture(scope="module")
def phone():
    driver = new_driver()
    try:
        emulate(driver, "phone")
        yield driver
    finally:
        driver.quit()


# The cell's centre brought where a finger can reach it: on the board, not under the dock.
REACH = """
const name = arguments[0], c = window.conundrum;
for (let i = 0; i < 4; i++) {
  const r = c.cellRect(name), x = r.x + r.w / 2, y = r.y + r.h / 2;
  const hit = document.elementFromPoint(x, y);
  if (hit && document.getElementById('board').contains(hit)) return [x, y, r.w];
  const view = document.getElementById('view');
  view.scrollLeft += x - view.getBoundingClientRect().left - view.clientWidth / 2;
  view.scrollTop += y - view.getBoundingClientRect().top - view.clientHeight / 2;
  window.scrollBy(0, y - innerHeight / 3);
}
return null;"""

# Every empty cell beside a laid tile (the puzzle's, or found), by name.
BESIDE = """
const b = document.getElementById('board'), d = b.dataset, c = window.conundrum, out = [];
const name = (x, y) => {
  let n = x - d.left, s = '';
  do { s = String.fromCharCode(65 + n % 26) + s; n = Math.floor(n / 26) - 1; } while (n >= 0);
  return s + (y - d.top + 1);
};
for (let y = +d.top; y < +d.top + +d.height; y++)
  for (let x = +d.left; x < +d.left + +d.width; x++) {
    if (!c.cellRect(name(x, y)).empty) continue;
    const near = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => {
      const nx = x + dx, ny = y + dy;
      if (nx < +d.left || ny < +d.top) return false;
      if (nx >= +d.left + +d.width || ny >= +d.top + +d.height) return false;
      return !c.cellRect(name(nx, ny)).empty;
    });
    if (near) out.push(name(x, y));
  }
return out;"""


def lay_and_pick(phone, puzzle) -> str:
    """A first position of each given tile found (found positions are drawn tiles too; none
    on a Lay-them-all page), then the first given tile picked: its code."""
    code = puzzle.given[0].code
    if puzzle.kind != "all":
        for g in puzzle.given:
            first = phone.execute_script("return window.conundrum.positions(arguments[0])[0]",
                                         g.code)
            if first:
                assert phone.execute_script("return window.conundrum.answer(arguments[0])",
                                            first)["verdict"] == "right"
    assert phone.execute_script("return window.conundrum.pick(arguments[0])", code) == code
    return code


def tap_beside(phone, puzzle, code: str) -> None:
    """A finger on every empty cell beside a laid tile shows the ghost there, and lays
    nothing (each tap a first tap on its cell)."""
    start = phone.execute_script("return window.conundrum.ghost()").split()[1]
    cells = [c for c in phone.execute_script(BESIDE) if c != start]
    assert len(cells) > 20, cells
    missed = []
    for cell in cells:
        reach = phone.execute_script(REACH, cell)
        assert reach, cell
        finger(phone, reach[0], reach[1])
        ghost = phone.execute_script("return window.conundrum.ghost()")
        if ghost != f"{code} {cell} h":
            missed.append((cell, ghost))
    assert not missed, f"{len(missed)} of {len(cells)} taps missed: {missed[:8]}"
    assert phone.execute_script("return window.conundrum.record().records[0].tries") == \
        (0 if puzzle.kind == "all" else sum(1 for g in puzzle.given if phone.execute_script(
            "return window.conundrum.positions(arguments[0]).length", g.code)))
    assert console_errors(phone) == []


@pytest.mark.parametrize("name", ["grade5", "tiles77", "all"])
def test_every_tap_beside_a_tile_lands_on_the_cell_under_the_finger(pages, phone, name):
    puzzle, path = pages[name]
    open_fresh(phone, path)
    tap_beside(phone, puzzle, lay_and_pick(phone, puzzle))


@pytest.mark.parametrize("name", ["grade5", "all"])
def test_zoomed_in_every_tap_beside_a_tile_still_lands_under_the_finger(pages, phone, name):
    """The same taps once the board is zoomed by a double tap (cells of 32 px or more, the
    view panned to each cell), where a lay-them-all tile once needed two zooms to move."""
    puzzle, path = pages[name]
    open_fresh(phone, path)
    view = "return document.getElementById('view').dataset.zoom"
    assert double_tap_zoom(phone) > 1
    code = lay_and_pick(phone, puzzle)
    assert float(phone.execute_script(view)) > 1
    tap_beside(phone, puzzle, code)
    assert float(phone.execute_script(view)) > 1     # still zoomed: no tap was a double tap


def test_after_reverse_a_tap_shows_the_ghost_and_a_repeat_is_no_try(pages, phone):
    """Issue 32's smaller faults: after Turn or Reverse the next tap on the ghost's cell shows
    it again (a second tap lays); tapping a found position again neither counts a try nor
    covers "Perfect!"."""
    puzzle, path = pages["grade5"]
    open_fresh(phone, path)
    answers = {g.code: phone.execute_script("return window.conundrum.positions(arguments[0])",
                                            g.code) for g in puzzle.given}
    code, texts = next((c, a) for c, a in answers.items() if a)
    code_shown, cell, direction = texts[0].split()
    phone.execute_script("window.conundrum.pick(arguments[0])", code)
    reach = phone.execute_script(REACH, cell)
    finger(phone, reach[0], reach[1])                    # the ghost on the answer's cell
    phone.execute_script("document.getElementById('flip').click();"
                         "document.getElementById('flip').click()")   # reversed, and back
    if direction == "v":
        phone.execute_script("document.getElementById('rotate').click()")
    if code_shown != code:
        phone.execute_script("document.getElementById('flip').click()")
    reach = phone.execute_script(REACH, cell)
    finger(phone, reach[0], reach[1])                    # shows the ghost again: lays nothing
    assert phone.execute_script("return window.conundrum.found().found") == 0
    assert phone.execute_script("return window.conundrum.ghost()") == texts[0]
    finger(phone, reach[0], reach[1])                    # the second tap lays
    assert phone.execute_script("return window.conundrum.found().found") == 1
    tries = phone.execute_script("return window.conundrum.record().records[0].tries")
    finger(phone, reach[0], reach[1])                    # a habitual third tap: a repeat
    assert phone.execute_script("return window.conundrum.record().records[0].tries") == tries
    for text in (t for a in answers.values() for t in a):
        phone.execute_script("window.conundrum.answer(arguments[0])", text)
    said = phone.find_element("id", "verdict").text
    finger(phone, reach[0], reach[1])
    assert phone.find_element("id", "verdict").text == said  # "Perfect!" stays
    assert console_errors(phone) == []


def test_a_double_tap_zooms_to_finger_sized_cells_around_the_tap(pages, phone):
    """No tile picked: two quick taps zoom to cells of at least 32 px, the tapped cell kept
    under the finger, labels kept beside the board; two more go back to the whole board."""
    _puzzle, path = pages["grade5"]
    open_fresh(phone, path)
    cell = "K14"
    reach = phone.execute_script(REACH, cell)
    before = phone.execute_script("return window.conundrum.cellRect(arguments[0])", cell)
    assert before["w"] < 32
    finger(phone, reach[0], reach[1])
    finger(phone, reach[0], reach[1])
    after = phone.execute_script("return window.conundrum.cellRect(arguments[0])", cell)
    assert after["w"] >= 32 - 0.01, after
    assert after["x"] - 1 <= reach[0] <= after["x"] + after["w"] + 1, (after, reach)
    assert after["y"] - 1 <= reach[1] <= after["y"] + after["h"] + 1, (after, reach)
    assert float(phone.execute_script("return document.getElementById('view').dataset.zoom")) > 1
    label = phone.execute_script(
        "const s = Array.from(document.querySelectorAll('#cols span')).find(e => e.textContent"
        " === 'K'); const r = s.getBoundingClientRect(); return [r.left, r.width]")
    assert abs(label[0] - after["x"]) < 1 and abs(label[1] - after["w"]) < 1
    assert phone.execute_script("return window.conundrum.found().found") == 0
    finger(phone, after["x"] + after["w"] / 2, after["y"] + after["h"] / 2)
    finger(phone, after["x"] + after["w"] / 2, after["y"] + after["h"] / 2)
    assert phone.execute_script("return document.getElementById('view').dataset.zoom") == "1"
    assert console_errors(phone) == []


@pytest.mark.parametrize("lang", ["en", "uk", "cs"])
def test_on_a_phone_the_board_opens_at_the_full_width_in_every_language(pages, phone, lang):
    """The grade-5 board at load: its cells fill the width beside the row labels (12.6 px
    before on a 20-column board, 10.5 px in Ukrainian), so nothing is left blank beside it."""
    puzzle, path = pages["grade5"]
    open_fresh(phone, path)
    phone.get(path.resolve().as_uri() + f"#lang={lang}")
    phone.refresh()
    board, view = (phone.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return [r.left, r.right, r.width]", name) for name in ("board", "view"))
    cell = phone.execute_script("return window.conundrum.cellRect('A1').w")
    columns = solve(puzzle).grid.width
    # the columns take the width but for the row labels and the margins (about 40 px)
    assert cell * columns >= view[2] - 48, (cell, columns, view)
    assert view[1] - board[1] < 2 and board[1] - board[0] > view[2] - 30, (board, view)
    assert phone.execute_script("return document.scrollingElement.scrollWidth") <= 375


@pytest.mark.parametrize("name", ["grade5", "all"])
def test_axe_on_a_zoomed_board_with_a_tile_picked_and_a_wrong_lay(pages, phone, name):
    """axe-core on the phone states the other audits do not reach: the board zoomed by a
    double tap, a tile picked with its ghost shown, a wrong lay on show (and on a
    Lay-them-all page, its own panel)."""
    puzzle, path = pages[name]
    open_fresh(phone, path)
    assert serious(audit(phone)) == [], (name, "at load")
    assert double_tap_zoom(phone) > 1
    code = lay_and_pick(phone, puzzle)
    cell = phone.execute_script(BESIDE)[0]
    reach = phone.execute_script(REACH, cell)
    finger(phone, reach[0], reach[1])
    assert phone.execute_script("return window.conundrum.ghost()") == f"{code} {cell} h"
    assert serious(audit(phone)) == [], (name, "zoomed, a tile picked")
    finger(phone, reach[0], reach[1])                  # laid: right or wrong, on show
    assert serious(audit(phone)) == [], (name, "after a lay")
    assert console_errors(phone) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_no_toolbar_word_is_cut_off(pages, phone, lang):
    """The words under the toolbar's icons are whole in every language (before: "Змен…",
    "Přizpů…"): a long word breaks at its soft hyphen, never into an ellipsis."""
    puzzle, grade5 = pages["grade5"]
    path = grade5.with_name(f"grade5-{lang}.html")
    path.write_text(page_html(puzzle, lang), encoding="utf-8")
    open_fresh(phone, path)
    assert phone.execute_script("return document.documentElement.lang") == lang
    cut = phone.execute_script(
        "return Array.from(document.querySelectorAll('#zoom button span'))"
        ".filter(s => s.offsetWidth && (s.scrollWidth > s.clientWidth + 0.5 ||"
        " s.scrollHeight > s.clientHeight + 0.5)).map(s => s.textContent)")
    assert cut == [], (lang, cut)


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_first_screen_and_a_verdict_that_moves_nothing(pages, phone, lang):
    """At load on a 375 x 740 phone: the one-line rule (with what to tap) is on screen and
    each toolbar icon shows its word. A right and a wrong lay by finger: the board and the
    tray stay where they were (the page once shifted 10-56 px on each verdict), and the
    wrong lay is drawn faded, unlike the board's tiles."""
    puzzle, grade5 = pages["grade5"]
    path = grade5.with_name(f"grade5-{lang}.html")
    path.write_text(page_html(puzzle, lang), encoding="utf-8")
    open_fresh(phone, path)
    lead = phone.execute_script(
        "const e = document.querySelector('.lead'), r = e.getBoundingClientRect();"
        "return [r.top, r.bottom, innerHeight, e.textContent]")
    assert 0 <= lead[0] and lead[1] <= lead[2], lead
    assert lead[3] == message(lang, "web_lead")
    words = phone.execute_script(
        "return Array.from(document.querySelectorAll('#zoom button')).filter(b => b.offsetWidth)"
        ".map(b => { const s = b.querySelector('span'); return s && s.offsetWidth ?"
        " s.textContent.trim() : ''; })")
    assert len(words) >= 6 and all(words), words
    where = ("return ['board', 'tiles'].map(id => Math.round(document.getElementById(id)"
             ".getBoundingClientRect().top)).concat([Math.round(scrollY)])")
    code = lay_and_pick(phone, puzzle)   # right answers laid by the hook: a verdict on show
    right = set(phone.execute_script("return window.conundrum.positions(arguments[0])", code))
    cell = next(c for c in phone.execute_script(BESIDE) if f"{code} {c} h" not in right)
    reach = phone.execute_script(REACH, cell)
    before = phone.execute_script(where)
    finger(phone, reach[0], reach[1])
    finger(phone, reach[0], reach[1])
    assert phone.find_element("id", "verdict").get_attribute("class") == "verdict wrong"
    assert phone.execute_script(where) == before
    faded = phone.execute_script(
        "const u = document.querySelector('#board .answer.wrong use');"
        "return u ? +getComputedStyle(u).opacity : null")
    assert faded is not None and faded <= 0.5, faded
    assert console_errors(phone) == []
