"""The cover's designs (issue 31): every theme on every trim, large print or not, keeps its
words inside the safe area and at 7 pt or more; its type scales with the trim (an 8.5x11
large-print cover does not use 6x9 sizes); the designed themes fill the back in
proportion to its size (a sample puzzle, the grade ladder) and carry a "Large Print"
badge exactly when the book is large print."""

from __future__ import annotations

import pytest

from conundrum.book.spec import parse_spec
from conundrum.options import COVER_THEMES, PAGES
from renderers.book.cover import BLEED, SAFE, CoverGeometry, cover_page
from renderers.book.cover_themes import THEMES
from renderers.page.layout import Circle, Page, Rect, Text, extent
from tests.support.puzzles import grown_puzzle

TRIMS = [p for p in PAGES if p != "letter"]
PUZZLES = [grown_puzzle(24, 3), grown_puzzle(12, 5, given=2)]
DESIGNED = [t for t in COVER_THEMES if t != "plain"]


def spec_of(page: str, theme: str, large: bool = False, **keys: str):
    extra = "".join(f"{k}: {v}\n" for k, v in keys.items())
    return parse_spec(
        f"title: A Book of Conundrums\nsubtitle: Sixty puzzles\nvolume: Volume 2\n"
        f"author: Ada Lovelace\npage: {page}\nbleed: true\ncover_theme: {theme}\n"
        f"large_print: {str(large).lower()}\nisbn: 978-0-306-40615-7\nbarcode: true\n"
        f"blurb: Sixty puzzles for the patient, from a gentle warm-up to fiendish boards.\n"
        f"{extra}sections: [{{name: Warm-up, count: 30, difficulty: 1}}, "
        "{name: Fiendish, count: 30, difficulty: 4}]\n")


def _texts(page: Page) -> list[Text]:
    return [i for i in page.items if isinstance(i, Text)]


def test_each_theme_a_spec_names_is_drawn() -> None:
    assert set(THEMES) == set(COVER_THEMES) and "plain" in COVER_THEMES


@pytest.mark.parametrize("large", [False, True], ids=["regular", "large-print"])
@pytest.mark.parametrize("theme", COVER_THEMES)
@pytest.mark.parametrize("page", TRIMS)
def test_every_word_is_in_the_safe_area_and_7pt_or_more(page: str, theme: str,
                                                        large: bool) -> None:
    spec = spec_of(page, theme, large)
    cover = cover_page(spec, 300, PUZZLES)
    geo = CoverGeometry.of(spec, 300)
    top, bottom = BLEED + SAFE, cover.height - BLEED - SAFE
    for t in _texts(cover):
        if t.tag == "cover spine":
            continue  # test_cover.py holds the spine to its own margins
        assert t.size >= 7.0, (t.tag, t.text, t.size)
        x0, y0, x1, y1 = extent(t)
        panel = geo.front if x0 >= geo.back[1] else geo.back
        assert panel[0] + SAFE - 1e-6 <= x0 and x1 <= panel[1] - SAFE + 1e-6, (t.tag, t.text)
        assert top - 1e-6 <= y0 and y1 <= bottom + 1e-6, (t.tag, t.text, y0, y1)
    for c in cover.tagged("cover badge"):  # the badge, on the front
        if not isinstance(c, Circle):
            continue
        assert geo.front[0] + SAFE <= c.cx - c.r and c.cx + c.r <= geo.front[1] - SAFE + 1e-6
        assert top <= c.cy - c.r and c.cy + c.r <= bottom
    # nothing but the barcode in its area
    bx, by, bw, bh = geo.barcode
    for item in cover.items:
        if isinstance(item, (Rect, Text)) and not item.tag.startswith(("barcode", "bleed")):
            x0, y0, x1, y1 = extent(item)
            assert x1 <= bx or x0 >= bx + bw or y1 <= by or y0 >= by + bh, item.tag


@pytest.mark.parametrize("theme", COVER_THEMES)
def test_the_type_scales_with_the_trim_and_large_print(theme: str) -> None:
    def size(page: str, large: bool, tag: str) -> float:
        return max(t.size for t in _texts(cover_page(spec_of(page, theme, large), 200,
                                                     PUZZLES)) if t.tag == tag)

    for tag in ("cover title", "cover blurb", "cover author"):
        small, big, large = size("6x9", False, tag), size("8.5x11", False, tag), \
            size("8.5x11", True, tag)
        assert big == pytest.approx(small * 11 / 9)  # 8.5x11: the height's 1.22
        assert large == pytest.approx(big * 1.3)
    assert size("8.5x11", True, "cover blurb") >= 16.0  # large print's body size
    assert size("5x8", False, "cover blurb") < size("6x9", False, "cover blurb")


@pytest.mark.parametrize("theme", DESIGNED)
@pytest.mark.parametrize("page, large", [("5x8", False), ("6x9", False), ("8.5x11", True),
                                         ("8.5x8.5", False), ("a4", True)])
def test_the_back_is_filled_in_proportion(page: str, large: bool, theme: str) -> None:
    spec = spec_of(page, theme, large)
    cover = cover_page(spec, 200, PUZZLES)
    geo = CoverGeometry.of(spec, 200)
    panel = cover.tagged("cover sample panel")
    assert len(panel) == 1, "the back has its sample puzzle"
    board = [i for i in cover.items if i.tag.startswith("square")
             and geo.back[0] < extent(i)[0] < geo.back[1]]
    assert board, "the sample's board is drawn"
    # the back's words, sample and ladder reach from under the top to the barcode's row:
    # the free height left is under a sixth of the back's
    back = [extent(i) for i in cover.items if not i.tag.startswith(("bleed", "barcode"))
            and geo.back[0] <= extent(i)[0] and extent(i)[2] <= geo.back[1]]
    back += [extent(i) for i in cover.tagged("bleed band")]  # the band is the design too
    used = sorted((y0, y1) for _, y0, _, y1 in back)
    gap, reach = 0.0, used[0][1]
    for y0, y1 in used:
        gap = max(gap, y0 - reach)
        reach = max(reach, y1)
    assert gap < geo.trim_h / 6, gap
    ladder = [i for i in cover.items if i.tag.startswith("cover ladder ")
              and i.tag[-1].isdigit()]
    assert [i.fill is not None for i in ladder] == [True, False, False, True, False]


@pytest.mark.parametrize("theme", DESIGNED)
def test_a_large_print_badge_exactly_when_large_print(theme: str) -> None:
    for large in (False, True):
        cover = cover_page(spec_of("8.5x11", theme, large), 120, PUZZLES)
        words = " ".join(t.text for t in cover.tagged("cover badge text"))
        assert (words == "LARGE PRINT") == large
    french = cover_page(spec_of("8.5x11", theme, True, language="fr"), 120, PUZZLES)
    assert " ".join(t.text for t in french.tagged("cover badge text")) == "GRANDS CARACTÈRES"


def test_plain_stays_the_first_design_on_6x9() -> None:
    # the plain theme on 6x9 (scale 1) keeps the first cover's sizes
    cover = cover_page(spec_of("6x9", "plain"), 120, PUZZLES)
    sizes = {t.tag: t.size for t in _texts(cover)}
    assert (sizes["cover title"], sizes["cover blurb"], sizes["cover section"]) == \
        (30.0, 11.0, 10.0)
    assert not cover.tagged("cover sample") and not cover.tagged("cover badge")


def test_the_band_colours_the_spine_only_where_it_has_words() -> None:
    # a thin spine stays white: a fold 1/16 in off would show a coloured edge on a panel
    # (white paper: 7 pt spine capitals need 89 pages)
    for pages, coloured in ((79, False), (80, False), (89, True), (400, True)):
        cover = cover_page(spec_of("6x9", "band"), pages, PUZZLES)
        assert bool(cover.tagged("bleed band spine")) == coloured
        assert bool(cover.tagged("cover spine")) == coloured


@pytest.mark.parametrize("palette", ["classic", "colourblind", "mono"])
@pytest.mark.parametrize("theme", DESIGNED)
def test_the_ladders_filled_steps_show_on_every_palette(theme: str, palette: str) -> None:
    from renderers.page.palettes import contrast

    cover = cover_page(spec_of("6x9", theme, palette=palette), 120, PUZZLES)
    ground = next(i for i in cover.tagged("bleed background") if isinstance(i, Rect)).fill
    steps = [i for i in cover.tagged("cover ladder ") if isinstance(i, Rect)]
    filled = [s for s in steps if s.fill is not None]
    assert len(filled) == 2 and all(contrast(s.fill, ground) >= 1.5 for s in filled)
