"""The web player (`make bench`): page size, and the time to judge one answer in Chromium.

Judging an answer first finds every position of the given tiles (once per
page, then kept); the rules in `rules/game.js` only try runs of three empty cells
beside the board. The naive way, trying every run of the drawn grid (the
board's bounding box grown by 3), is timed in the same page for comparison.
Nothing is asserted.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from conundrum.game.grow import grow_board
from conundrum.notation import Grid
from conundrum.puzzle import Given, Puzzle
from conundrum.solver import positions
from conundrum.tiles import tile_set
from renderers.web.page import page_html

SIZES = (10, 40, 75)
# One answer judged on a new page: its positions found from scratch, then the verdict.
JUDGE = """
const [text, naive, rounds] = arguments, R = ConundrumRules, data = JSON.parse(
  document.getElementById('conundrum-data').textContent);
function naiveFind(game, code) {  // every run of the grid, both readings, each checked
  const g = game.grid, out = [], readings = [code, R.reversed(code)];
  for (let y = g.top; y < g.top + g.height; y++) for (let x = g.left; x < g.left + g.width; x++)
    for (const d of ['h', 'v']) for (const r of readings) {
      const p = new R.Placement(r, [x, y], d);
      if (game.explain(p) === null) out.push(p.id());
    }
  return new Set(out).size;
}
let t0 = performance.now(), found = 0;
for (let i = 0; i < rounds; i++) {
  const game = new R.Game(data);
  if (naive) found += data.given.map(g => naiveFind(game, g.code)).reduce((a, b) => a + b, 0);
  else { game.judge(text, new Map()); found += game.solutions().size; }
}
const cold = (performance.now() - t0) / rounds;
const game = new R.Game(data); game.judge(text, new Map());
t0 = performance.now();
for (let i = 0; i < rounds * 20; i++) game.judge(text, new Map());
return [cold, (performance.now() - t0) / (rounds * 20), found / rounds];
"""


def _puzzle(tiles: int, seed: int | None = None) -> Puzzle:
    board = grow_board(tiles, random.Random(tiles if seed is None else seed), "standard",
                       bot="random")
    rng = random.Random(1)
    off = [t for t in tile_set() if not board.contains(t)]
    return Puzzle(board, [Given(c) for c in rng.sample(off, 2)], "standard", None, "bench")


def site_pages() -> None:
    """A book's site: 100 pages made as `book --web` makes them (the book solved its puzzles
    already, so a page takes only the board's grid), against solving each puzzle again as a
    lone `render -o x.html` does. CPU time, best of 5, boards fresh each round."""
    def one_round(solving: bool) -> float:
        puzzles = [_puzzle(10 + n % 31, seed=n) for n in range(100)]
        start = time.process_time()
        for number, p in enumerate(puzzles, 1):
            page_html(p, number=number, grid=None if solving else Grid.of(p.board))
        return time.process_time() - start
    page_html(_puzzle(10))  # assets and messages loaded once, as in a real run
    site = min(one_round(False) for _ in range(5))
    again = min(one_round(True) for _ in range(5))
    print(f"book site, 100 pages of 10-40-tile boards: {site * 1000:5.1f} ms CPU "
          f"(solving each puzzle again: {again * 1000:5.1f} ms, {again / site:3.1f}x)")


def main() -> None:
    from tests.support.web import bench_driver, open_page

    site_pages()
    puzzles = [_puzzle(n) for n in SIZES]
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for puzzle in puzzles:
            path = Path(folder) / f"{len(puzzle.board)}.html"
            path.write_text(page_html(puzzle), encoding="utf-8")
            paths.append(path)
            print(f"page of a {len(puzzle.board):2d}-tile board: "
                  f"{len(path.read_bytes()) / 1024:5.1f} KB")
        driver = bench_driver("time judging")
        if driver is None:  # no browser here: said, the sizes still stand
            return
        try:
            for puzzle, path in zip(puzzles, paths, strict=True):
                open_page(driver, path)
                grid = Grid.of(puzzle.board)
                code = puzzle.given[0].code
                wrong = f"{code} {grid.name(grid_corner(grid))} h"
                cold, warm, n = driver.execute_script(JUDGE, wrong, False, 20)
                naive, _, n_naive = driver.execute_script(JUDGE, wrong, True, 5)
                want = sum(len(positions(puzzle.board, g.code)) for g in puzzle.given)
                assert n == n_naive == want, (n, n_naive, want)
                print(f"{len(puzzle.board):2d} tiles: judge one answer on a new page "
                      f"{cold:6.2f} ms (naive grid scan {naive:6.2f} ms, {naive / cold:4.1f}x); "
                      f"next answers {warm * 1000:6.1f} us each")
        finally:
            driver.quit()


def grid_corner(grid: Grid) -> tuple[int, int]:
    return (grid.left, grid.top)


if __name__ == "__main__":
    main()
