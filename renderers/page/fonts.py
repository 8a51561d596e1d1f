"""Fonts: PT Sans from the `fontpkg-pt-sans` Python package, and text measurement.

The font comes from an installed Python package, never a system path, so a
fresh machine renders the same sheet as ours. PT Sans covers Latin-2 (Czech)
and Cyrillic (Ukrainian). Both painters and the layout measure text from the
same TTF, so a line wrapped by the layout fits in the PDF and the PNG alike.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from conundrum.errors import ConundrumError

FONT_PACKAGE = "fontpkg-pt-sans"
PT_TO_MM = 25.4 / 72
_FILES = {False: "PT_Sans-Web-Regular.ttf", True: "PT_Sans-Web-Bold.ttf"}
# Measuring at a large pixel size keeps FreeType's rounding negligible.
_MEASURE_PX = 1000


@lru_cache(maxsize=2)
def font_path(bold: bool = False) -> Path:
    """The TTF file for the regular or bold face; a clear error when it is missing."""
    try:
        import fontpkg_pt_sans  # lazy: inside the try, so a missing font is told in one line
    except ImportError:
        raise ConundrumError(
            f"the font package {FONT_PACKAGE} is not installed; "
            f"install it with: pip install {FONT_PACKAGE}") from None
    path = Path(fontpkg_pt_sans.ROOT) / "files" / _FILES[bold]
    if not path.is_file():
        raise ConundrumError(
            f"the font package {FONT_PACKAGE} has no {_FILES[bold]}; "
            f"reinstall it with: pip install --force-reinstall {FONT_PACKAGE}")
    return path


@lru_cache(maxsize=2)
def _measure_font(bold: bool) -> ImageFont.FreeTypeFont:
    # Basic layout: plain advance widths, as fpdf2 places glyphs (no kerning).
    return ImageFont.truetype(str(font_path(bold)), _MEASURE_PX,
                              layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=1)
def font_characters() -> frozenset[int]:
    """Code points with a glyph in both faces (the regular and the bold one)."""
    from fontTools.ttLib import TTFont  # comes with fpdf2 (untyped: see pyproject)

    faces = [TTFont(str(font_path(bold)), lazy=True).getBestCmap() for bold in (False, True)]
    return frozenset(faces[0]) & frozenset(faces[1])


@lru_cache(maxsize=4096)
def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of `text` in millimetres at `size_pt` points."""
    length = _measure_font(bold).getlength(text)
    return length / _MEASURE_PX * size_pt * PT_TO_MM


def wrap(text: str, size_pt: float, width_mm: float, bold: bool = False) -> list[str]:
    """Break `text` into lines no wider than `width_mm` (a longer single word keeps its line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size_pt, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit_size(text: str, size_pt: float, width_mm: float, bold: bool = False,
             smallest: float = 7.0) -> float:
    """The largest size up to `size_pt` at which `text` fits `width_mm`, not below `smallest`
    (7 pt, the smallest type on any page: layout.MIN_TEXT_PT)."""
    width = text_width(text, size_pt, bold)
    if width <= width_mm or width == 0:
        return size_pt
    return max(smallest, size_pt * width_mm / width)
