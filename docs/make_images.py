"""Make the example puzzle and the images the README and the docs show (`make docs-images`).

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
Conundrum Studio's pictures (`studio-editor.png`, `studio-preview.png`, in
docs/guide/studio.md) are taken the same way from `conundrum studio FOLDER
--no-browser --port 0` (a free port) on a temporary folder holding a fixed
book.yaml (STUDIO_BOOK, seed 7): the editor with two tiles laid and two given
by clicks, then the preview of a draft built by the page's own button, one of
its pages shown large; the studio is stopped with Ctrl-C (SIGINT) after.
A browser draws text with the machine's fonts, so these pixels are compared
more loosely than the sheets' (tests/test_docs_images.py).
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

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
# Conundrum Studio's screenshots (docs/guide/studio.md): the editor with a board set by
# clicks, then the preview of a draft of STUDIO_BOOK with one of its pages shown large
STUDIO = ("studio-editor.png", "studio-preview.png")
STUDIO_WINDOW = (1280, 860)  # the window's viewport, in CSS pixels: the screenshot's size
STUDIO_BOOK = {"title": "Chromino Conundrums", "volume": "Volume 1", "seed": 7,
               "sections": [{"name": "Warm-up", "count": 4, "difficulty": 1},
                            {"name": "Tricky", "count": 2, "difficulty": 3}]}
STUDIO_LARGE = 4  # the page shown large: the first of the puzzles
STUDIO_LAID = (("B*Y", 0, 0), ("YYY", 1, -1))  # (tile, x, y) clicked onto the editor's board
STUDIO_GIVEN = ("BYY", "BYG")  # then given
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
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = puzzle or folder / PUZZLE
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "player.html"
        conundrum("render", str(puzzle), "-o", str(page))
        with _browser(Path(tmp), PLAYER_WINDOW) as driver:
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
            _viewport(driver, PLAYER_WINDOW[0], int(height))
            out = folder / PLAYER
            driver.save_screenshot(str(out))
    return out


def make_studio(folder: Path) -> list[Path]:
    """Write the studio's two screenshots into `folder`: `conundrum studio` on a free port
    in a temporary book folder holding STUDIO_BOOK, stopped with Ctrl-C (SIGINT) after;
    needs chromium and chromedriver on PATH."""
    from selenium.webdriver.common.by import By

    folder.mkdir(parents=True, exist_ok=True)
    editor, preview = folder / STUDIO[0], folder / STUDIO[1]
    with tempfile.TemporaryDirectory() as tmp:
        book = Path(tmp) / "my-book"
        book.mkdir()
        (book / "book.yaml").write_text(yaml.safe_dump(STUDIO_BOOK, sort_keys=False),
                                        encoding="utf-8")
        with _studio(book) as url, _browser(Path(tmp), STUDIO_WINDOW) as driver:
            _viewport(driver, *STUDIO_WINDOW)
            driver.get(url)
            # the editor first, while no draft exists: nothing loads above it meanwhile
            for code, x, y in STUDIO_LAID:
                driver.find_element(By.CSS_SELECTOR, f'#editor .tile[data-code="{code}"]').click()
                driver.find_element(By.CSS_SELECTOR,
                                    f'#ed-board .cell[data-x="{x}"][data-y="{y}"]').click()
                _until(driver, "return document.querySelector("
                       f"'#ed-board .cell[data-x=\"{x}\"][data-y=\"{y}\"]').textContent "
                       f"=== '{code[0]}'", f"{code} laid at {x}, {y}")
            for given, code in enumerate(STUDIO_GIVEN, 1):  # each counted before the next
                driver.find_element(By.CSS_SELECTOR, f'#editor .tile[data-code="{code}"]').click()
                driver.find_element(By.ID, "ed-give").click()
                _until(driver, "return document.querySelectorAll('#ed-given li').length === "
                       f"{given} && document.getElementById('ed-verdict').textContent"
                       ".startsWith('A legal board')", f"the editor's counts with {code} given")
            _shoot(driver, "setter", editor)
            driver.find_element(By.ID, "build").click()
            _until(driver, "const s = document.getElementById('job-status').textContent;"
                   "if (/: (failed|cancelled)/.test(s)) throw new Error(s);"
                   "return /: done /.test(s)", "the draft", timeout=600)
            # loaded again, the page shows the draft's pages without the build's status line
            driver.get(url)
            loaded = ("return [...document.querySelectorAll(arguments[0])]"
                      ".every(i => i.complete && i.naturalWidth > 0)")
            # the page puts every page's thumbnail in at once, each loading on its own
            _until(driver, "return document.querySelectorAll('#preview img').length > 0",
                   "the preview's pages")
            _until(driver, loaded, "the preview's thumbnails", "#preview img")
            driver.find_elements(By.CSS_SELECTOR, "#preview .thumb")[STUDIO_LARGE - 1].click()
            _until(driver, loaded, "the page shown large", "#large, #cover")
            _shoot(driver, "preview-area", preview)
    return [editor, preview]


@contextlib.contextmanager
def _studio(book: Path) -> Iterator[str]:
    """`conundrum studio BOOK --no-browser --port 0` (a free port) running; its address."""
    command = [sys.executable, "-m", "conundrum", "studio", str(book), "--no-browser",
               "--port", "0"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    line = server.stdout.readline() if server.stdout else ""
    found = re.match(r"Conundrum Studio at (http://\S+/) ", line)
    if not found:
        server.kill()
        raise SystemExit(f"conundrum studio did not start: {line}{server.communicate()[1]}")
    try:
        yield found[1]
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)  # Ctrl-C: the studio's own way to stop
        err = server.communicate(timeout=60)[1]
    if server.returncode != 0:
        raise SystemExit(f"conundrum studio stopped with exit {server.returncode}: {err}")


@contextlib.contextmanager
def _browser(tmp: Path, window: tuple[int, int]) -> Iterator[Any]:
    """Headless Chromium (Selenium) with a profile of its own in `tmp` (nothing saved)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    chromium, chromedriver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not chromedriver:
        raise SystemExit("the screenshots need chromium and chromedriver on PATH "
                         "(`make browser` installs them)")
    options = Options()
    for flag in BROWSER_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={window[0]},{window[1]}")
    options.add_argument(f"--user-data-dir={tmp / 'profile'}")
    options.binary_location = chromium
    driver = webdriver.Chrome(options=options, service=Service(chromedriver))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        yield driver
    finally:
        driver.quit()


def _viewport(driver: Any, width: int, height: int) -> None:
    """Make the page's viewport exactly `width` x `height` CSS pixels, whatever the window."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def _until(driver: Any, script: str, what: str, *args: Any, timeout: float = 120) -> None:
    """Wait until `script` returns true in the page (SystemExit naming `what` if it never
    does, or if it throws: a build that failed)."""
    from selenium.common.exceptions import JavascriptException, TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1).until(
            lambda d: d.execute_script(script, *args))
    except TimeoutException:
        raise SystemExit(f"the studio's screenshots: waited {timeout} s for {what}") from None
    except JavascriptException as exc:  # the script saw it will never come
        raise SystemExit(f"the studio's screenshots: {what}: {exc.msg}") from None


def _shoot(driver: Any, section: str, out: Path) -> None:
    """A screenshot of the window scrolled to the top of the page's `section`, with no
    focus ring, caret or hovered button in it."""
    driver.execute_script(
        "document.activeElement.blur();"
        "const top = document.getElementById(arguments[0]).getBoundingClientRect().top;"
        "window.scrollTo(0, Math.round(top + window.scrollY));", section)
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0})
    driver.save_screenshot(str(out))


def _given(puzzle: Path) -> list[str]:
    from conundrum.puzzle import load_puzzle

    return [g.code for g in load_puzzle(puzzle).given]


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    folder = Path(args[0]) if args else DOCS
    made = make(folder)
    if "--sheets" not in sys.argv:
        made.append(make_player(folder))
        made.extend(make_studio(folder))
    for path in made:
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
