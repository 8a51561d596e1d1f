"""Make the example puzzle and the images the README shows (`make docs-images`).

    python docs/make_images.py [FOLDER]      # default: the docs/ folder itself
    python docs/make_images.py --sheets      # only the puzzle and the sheets (no browser)

Everything comes from the program's own commands, run as a user would run
them, so the footer printed on the sheet ("made with: conundrum generate …
--seed 7") is the command that made it. Generation and rendering are
deterministic, so running this again on an unchanged program rewrites the
same files; tests/test_docs_images.py checks that the committed ones are
current.

The web player's picture (`player-en.png`) is the page `conundrum render
example-puzzle.yaml -o player.html` writes, opened in headless Chromium
(Debian's chromium and chromium-driver, driven by Selenium, every network
request blocked) with two positions found through its `window.conundrum`
hook, as a reader would find them: a screenshot of the browser's window.
A browser draws text with the machine's fonts, so its pixels are compared
more loosely than the sheets' (tests/test_docs_images.py).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
PUZZLE = "example-puzzle.yaml"
GENERATE = ("generate", "--tiles", "14", "--given", "2", "--positions", "3,5", "--seed", "7")
DPI = "100"  # small enough for a README, large enough to read
# (output file, extra `render` options); `--answers` on a PNG adds `<stem>-answers.png`
SHEETS = (
    ("sheet-classic-en.png", ("--answers",)),
    ("sheet-colourblind-uk.png", ("--lang", "uk", "--palette", "colourblind")),
    ("sheet-mono-cs.png", ("--lang", "cs", "--palette", "mono")),
)
IMAGES = ("sheet-classic-en.png", "sheet-classic-en-answers.png",
          "sheet-colourblind-uk.png", "sheet-mono-cs.png")
PLAYER = "player-en.png"
PLAYER_WINDOW = (1000, 860)  # the browser window, in CSS pixels (device scale 1);
# the screenshot is as wide and as tall as the whole page
PLAYER_FOUND = 2  # positions found before the screenshot, the first of each given tile
BROWSER_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--force-device-scale-factor=1",
                 "--force-color-profile=srgb", "--font-render-hinting=none")


def conundrum(*args: str) -> None:
    """Run `conundrum ARGS` (the program's own entry point, in this process)."""
    from conundrum.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        status = main(list(args))
    if status != 0:
        raise SystemExit(f"conundrum {' '.join(args)} failed (exit {status})")


def make(folder: Path) -> list[Path]:
    """Write the example puzzle and every image into `folder`; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = folder / PUZZLE
    conundrum(*GENERATE, "-o", str(puzzle))
    for name, options in SHEETS:
        conundrum("render", str(puzzle), "-o", str(folder / name), "--dpi", DPI, *options)
    return [puzzle] + [folder / name for name in IMAGES]


def make_player(folder: Path, puzzle: Path | None = None) -> Path:
    """Write the web player's screenshot into `folder` (the example puzzle from
    `folder`, or `puzzle`); needs chromium and chromedriver on PATH."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        raise SystemExit("the player's screenshot needs chromium and chromedriver on PATH "
                         "(`make browser` installs them)")
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = puzzle or folder / PUZZLE
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "player.html"
        conundrum("render", str(puzzle), "-o", str(page))
        options = Options()
        for flag in BROWSER_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--window-size={PLAYER_WINDOW[0]},{PLAYER_WINDOW[1]}")
        options.add_argument(f"--user-data-dir={Path(tmp) / 'profile'}")  # no saved progress
        options.binary_location = chromium
        driver = webdriver.Chrome(options=options, service=Service(chromedriver))
        try:
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*://*/*", "*"]})
            driver.get(page.as_uri())
            driver.execute_script(
                "const c = window.conundrum;"
                "const tiles = [...new Set(arguments[1])];"
                "for (const code of tiles.slice(0, arguments[0]))"
                "  c.answer(c.positions(code)[0]);", PLAYER_FOUND, _given(puzzle))
            driver.execute_script("window.scrollTo(0, 0); document.activeElement.blur();")
            # the whole page, not only the window: a viewport as tall as the page
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": PLAYER_WINDOW[0], "height": int(height), "deviceScaleFactor": 1,
                "mobile": False})
            out = folder / PLAYER
            driver.save_screenshot(str(out))
        finally:
            driver.quit()
    return out


def _given(puzzle: Path) -> list[str]:
    from conundrum.puzzle import load_puzzle

    return [g.code for g in load_puzzle(puzzle).given]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    folder = Path(args[0]) if args else DOCS
    made = make(folder)
    if "--sheets" not in sys.argv:
        made.append(make_player(folder))
    for path in made:
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
