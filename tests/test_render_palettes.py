"""Palettes: Okabe-Ito hues, symbols that stand out, text that reads, mono without colour."""

from __future__ import annotations

import pytest

from conundrum.errors import ConundrumError
from conundrum.tiles import COLOURS
from renderers.page.layout import Circle, Page, Polygon
from renderers.page.palettes import (
    PALETTES,
    SYMBOLS,
    contrast,
    get_palette,
    luminance,
    mix,
    rgb,
)
from renderers.sheet.draw import draw_square


def test_rgb_parses_hex_colours():
    assert rgb("#000000") == (0, 0, 0)
    assert rgb("#ffffff") == (255, 255, 255)
    assert rgb("#d9302c") == (0xd9, 0x30, 0x2c)
    assert mix("#000000", "#ffffff", 0.5) == "#808080"


def test_wcag_contrast_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert luminance("#ffffff") == pytest.approx(1.0)


def test_colourblind_palette_is_okabe_ito_with_symbols():
    pal = get_palette("colourblind")
    assert pal.fills == {"R": "#d55e00", "Y": "#f0e442", "G": "#009e73", "B": "#0072b2",
                         "P": "#cc79a7"}
    assert pal.symbols
    assert get_palette("colorblind") is pal


# every palette that draws symbols
SYMBOLIC = [name for name, pal in PALETTES.items() if pal.symbols]


@pytest.mark.parametrize("name", SYMBOLIC)
def test_symbols_stand_out_from_their_fill(name):
    # WCAG 1.4.11: graphical objects need 3:1 against what they sit on.
    pal = get_palette(name)
    for colour in COLOURS:
        assert contrast(pal.symbol_ink(colour), pal.fill(colour)) >= 3.0, colour


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_text_and_outlines_read_on_paper_and_grid(name):
    pal = get_palette(name)
    for ink in (pal.ink, pal.label, pal.muted):
        assert contrast(ink, pal.paper) >= 4.5
        assert contrast(ink, pal.grid_fill) >= 4.5
    assert contrast(pal.ink, pal.grid_fill) >= 3.0  # tile outlines on the grid
    assert contrast(pal.highlight, pal.grid_fill) >= 3.0


def test_every_colour_has_its_own_shape():
    assert sorted(SYMBOLS) == sorted(COLOURS)
    assert len(set(SYMBOLS.values())) == len(COLOURS)


def test_mono_relies_on_no_colour():
    pal = get_palette("mono")
    for fill in (*pal.fills.values(), *pal.joker_wedges, pal.ink, pal.grid_fill):
        assert fill[1:3] == fill[3:5] == fill[5:7], fill  # greys only
    assert pal.symbols


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_joker_is_a_pinwheel_not_a_sixth_colour(name):
    pal = get_palette(name)
    page = Page(20, 20)
    draw_square(page, (0, 0, 10, 10), "*", pal)
    wedges = [i for i in page.items if isinstance(i, Polygon)]
    assert len(wedges) >= 8 and len({w.fill for w in wedges}) >= 2
    assert any(isinstance(i, Circle) for i in page.items)  # the white centre dot
    if name != "mono":
        assert {w.fill for w in wedges} == set(pal.fills.values())  # all five colours


@pytest.mark.parametrize("name", SYMBOLIC)
def test_every_square_carries_its_symbol(name):
    pal = get_palette(name)
    for colour in COLOURS:
        page = Page(20, 20)
        draw_square(page, (0, 0, 10, 10), colour, pal)
        assert [i.tag for i in page.items if i.tag.startswith("symbol")] == [f"symbol {colour}"]


def test_classic_squares_are_plain():
    page = Page(20, 20)
    draw_square(page, (0, 0, 10, 10), "R", get_palette("classic"))
    assert len(page.items) == 1


def test_mix_and_unknown_palette():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    with pytest.raises(ConundrumError, match="unknown palette 'neon'"):
        get_palette("neon")
