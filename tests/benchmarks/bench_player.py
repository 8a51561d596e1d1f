"""The player on a phone-sized budget (`make bench`): a 77-tile board's page, its size, the
time until it is ready to play and from a tap to its verdict, under 4x CPU throttling
(DevTools Emulation.setCPUThrottlingRate) in headless Chromium. Nothing is asserted; the
issue's targets are page ready < 500 ms and tap to verdict < 50 ms.

Page ready: navigation start to the player's `conundrum-ready` mark (every position of the
given tiles found, the board drawn and fitted); the first load of a fresh browser (its own
start-up work included) is said apart from the next LOADS. The machine's load average is
printed with it: measure on a quiet machine (`uptime` under 1). Tap to verdict: a click on
a board cell dispatched in the page until the verdict is set, and until the next frame is
painted.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from pathlib import Path

from conundrum.generate import GenerateRequest, generate
from conundrum.notation import Grid
from conundrum.solver import positions
from renderers.web.page import page_html

THROTTLE = 4
LOADS = 7
TAPS = 15

TAP = """
const [cell, code, dir, undo] = arguments, done = arguments[arguments.length - 1];
const svg = document.getElementById('board'), p = svg.createSVGPoint();
p.x = (cell[0] - svg.dataset.left + 0.5) * 10; p.y = (cell[1] - svg.dataset.top + 0.5) * 10;
const q = p.matrixTransform(svg.getScreenCTM());
const t0 = performance.now();
svg.dispatchEvent(new PointerEvent('click', {pointerType: 'mouse', clientX: q.x, clientY: q.y,
                                             bubbles: true}));
const set = performance.now() - t0, verdict = document.getElementById('verdict').className;
requestAnimationFrame(() => setTimeout(() => {
  const painted = performance.now() - t0;
  if (undo) window.conundrum.undo();
  done([set, painted, verdict]);
}, 0));
"""
PICK = """
const [index, code, dir] = arguments;
document.querySelectorAll('#tiles .given')[index].click();
const shown = () => document.getElementById('cursor-text').textContent.split(' ');
if (dir === 'v') document.getElementById('rotate').click();
if (shown()[0] !== code) document.getElementById('flip').click();
"""


def main() -> None:
    from tests.support.web import bench_driver, open_page

    puzzle = generate(GenerateRequest(tiles=77, given=2, positions=(3, 4), seed=1))
    grid = Grid.of(puzzle.board)
    text = page_html(puzzle)
    site = page_html(puzzle, site=True)
    print(f"page of a {len(puzzle.board)}-tile board ({grid.width} x {grid.height} cells): "
          f"{len(text.encode('utf-8')) / 1024:5.1f} KB as one file, "
          f"{len(site.encode('utf-8')) / 1024:5.1f} KB on a book site (limit 150 KB)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p77.html"
        path.write_text(text, encoding="utf-8")
        driver = bench_driver("time the page")
        if driver is None:  # no browser here: said, the size still stands
            return
        try:
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            ready = []
            for _ in range(LOADS + 1):
                open_page(driver, path)
                driver.execute_script("localStorage.clear()")
                ready.append(driver.execute_script(
                    "return performance.getEntriesByName('conundrum-ready')[0].startTime"))
            first, ready = ready[0], ready[1:]
            print(f"page ready, {THROTTLE}x CPU throttling: median {statistics.median(ready):6.1f}"
                  f" ms, worst {max(ready):6.1f} ms ({LOADS} loads; the browser's first "
                  f"{first:6.1f} ms; load average {os.getloadavg()[0]:.1f})")
            g = puzzle.given[0]
            right = positions(puzzle.board, g.code, puzzle.ruleset)[0]
            wrong = (grid.left, grid.top)
            driver.execute_script(PICK, 0, right.code, right.dir)
            driver.set_script_timeout(30)
            for label, cell, undo in (("right answer", right.at, True),
                                      ("wrong answer", wrong, False)):
                runs = [driver.execute_async_script(TAP, list(cell), right.code, right.dir, undo)
                        for _ in range(TAPS)]
                kinds = {r[2] for r in runs}
                sets = [r[0] for r in runs]
                painted = [r[1] for r in runs]
                print(f"tap to verdict ({label}, {'/'.join(sorted(kinds))}), {THROTTLE}x "
                      f"throttling: set median {statistics.median(sets):5.1f} ms (worst "
                      f"{max(sets):5.1f}); painted median {statistics.median(painted):5.1f} "
                      f"ms (worst {max(painted):5.1f})")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
