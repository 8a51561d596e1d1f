"""The images the README and the docs show, and docs/example-puzzle.yaml, are what
`make docs-images` makes today."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.support.paths import ROOT, module_at

DOCS = ROOT / "docs"
STALE = "out of date: run `make docs-images` and commit docs/ (a change of output is a decision)"
# The player's and the studio's screenshots are drawn by Chromium with the machine's fonts:
# another chromium or font package may move a few pixels of text, so they are compared
# loosely (the share of pixels that differ), while a change of the page (layout, colours,
# words) moves far more.
PLAYER_TOLERANCE = 0.02


make_images = module_at(DOCS / "make_images.py")
MADE = {*make_images.IMAGES, make_images.PLAYER, *make_images.STUDIO}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("docs")
    make_images.make(folder)
    return folder


def test_the_example_puzzle_is_what_the_footer_command_makes(fresh):
    committed = (DOCS / make_images.PUZZLE).read_text(encoding="utf-8")
    assert (fresh / make_images.PUZZLE).read_text(encoding="utf-8") == committed, \
        f"docs/{make_images.PUZZLE} {STALE}"
    # the file records the very command make_images runs, which the sheet's footer prints
    assert "seed: 7" in committed and "method: search" in committed


@pytest.mark.parametrize("name", make_images.IMAGES)
def test_each_image_is_current(fresh, name):
    new, old = Image.open(fresh / name), Image.open(DOCS / name)
    assert new.size == old.size, f"docs/{name} {STALE}"
    # pixels, not file bytes: another zlib may compress the same image differently
    assert new.convert("RGB").tobytes() == old.convert("RGB").tobytes(), f"docs/{name} {STALE}"


def test_docs_holds_no_image_make_docs_images_does_not_make():
    on_disk = {p.name for p in DOCS.rglob("*.png")}
    assert on_disk == MADE


def test_every_image_the_readme_shows_is_made_by_make_docs_images():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"!\[[^\]]*\]\(docs/([^)]+\.png)\)", readme)
    assert set(shown) <= MADE
    assert "sheet-classic-en.png" in shown and make_images.PLAYER in shown


def test_every_image_a_docs_page_shows_is_made_by_make_docs_images():
    shown = set()
    for page in DOCS.rglob("*.md"):
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page.read_text("utf-8")):
            image = (page.parent / target).resolve()
            assert image.parent == DOCS and image.name in MADE, f"{page}: {target}"
            shown.add(image.name)
    assert set(make_images.STUDIO) <= shown  # the studio's guide shows both of its own


def test_make_docs_images_runs_the_script():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^docs-images:.*\n\t\$\(BIN\)/python docs/make_images.py$", makefile,
                     re.M)


def _loosely_current(new_path: Path, name: str) -> None:
    """The fresh screenshot `new_path` is docs/`name` but for a few pixels of text."""
    new = Image.open(new_path).convert("RGB")
    old = Image.open(DOCS / name).convert("RGB")
    assert new.size == old.size, f"docs/{name} {STALE}"
    unchanged = ImageChops.difference(new, old).convert("L").histogram()[0]
    share = 1 - unchanged / (new.size[0] * new.size[1])
    assert share <= PLAYER_TOLERANCE, f"docs/{name}: {share:.1%} of its pixels differ; {STALE}"


@pytest.mark.slow
def test_the_player_screenshot_is_current(fresh):
    from tests.support.web import require_browser

    require_browser()
    _loosely_current(make_images.make_player(fresh), make_images.PLAYER)


@pytest.fixture(scope="module")
def studio_shots(tmp_path_factory) -> dict[str, Path]:
    from tests.support.web import require_browser

    require_browser()
    made = make_images.make_studio(tmp_path_factory.mktemp("studio"))
    return {path.name: path for path in made}


@pytest.mark.slow
@pytest.mark.parametrize("name", make_images.STUDIO)
def test_the_studio_screenshots_are_current(studio_shots, name):
    _loosely_current(studio_shots[name], name)


def test_the_tolerance_tells_a_changed_screenshot_from_the_committed_one(tmp_path):
    # the studio's two screenshots share a frame but not a screen: far more than the
    # tolerance differs, as it would for a page whose layout or words changed
    editor, preview = (DOCS / name for name in make_images.STUDIO)
    shutil.copy(preview, tmp_path / "changed.png")
    with pytest.raises(AssertionError, match="of its pixels differ"):
        _loosely_current(tmp_path / "changed.png", editor.name)
    _loosely_current(editor, editor.name)
