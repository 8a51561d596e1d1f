"""Painting a Page into a PNG with Pillow, at any dpi.

Axis-aligned rectangles and lines (the grid, squares, outlines) are painted
as exact pixel rectangles, so they stay crisp. Slanted shapes (symbols, the
joker's quarters, dots) are anti-aliased by drawing them four times larger
into a small mask and shrinking it; masks are cached, because a sheet
repeats the same few shapes at the same sizes many times.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from conundrum.errors import ConundrumError
from conundrum.files import atomic_write as write_file
from renderers.page.fonts import font_path
from renderers.page.layout import Circle, Line, Page, Polygon, Rect, Text
from renderers.page.palettes import rgb
from renderers.paint.colour_modes import page_in

SUPERSAMPLE = 4
MIN_DPI, MAX_DPI = 30, 1200
MAX_PIXELS = 150_000_000  # an A4 page at 1200 dpi is 140 million
_ANCHORS = {"left": "ls", "center": "ms", "right": "rs"}


def check_dpi(dpi: int) -> int:
    """The resolution, checked: a whole number from MIN_DPI to MAX_DPI, else ConundrumError."""
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not MIN_DPI <= dpi <= MAX_DPI:
        raise ConundrumError(f"dpi {dpi!r} must be a whole number from {MIN_DPI} to {MAX_DPI}")
    return dpi


def pixel_size(page: Page, dpi: int) -> tuple[int, int]:
    """The PNG's size in pixels: the page's size in inches times the dpi, rounded; a
    ConundrumError when that is more than MAX_PIXELS (a large cropped board at a high
    dpi would need gigabytes), checked before any pixel is allocated."""
    size = (round(page.width / 25.4 * dpi), round(page.height / 25.4 * dpi))
    if size[0] * size[1] > MAX_PIXELS:
        most = int((MAX_PIXELS / (page.width * page.height)) ** 0.5 * 25.4)
        raise ConundrumError(f"--dpi {dpi}: the image would be {size[0]} x {size[1]} pixels, "
                             f"more than {MAX_PIXELS // 1_000_000} million; at most --dpi "
                             f"{most} for this page, or write .svg or .pdf (vector)")
    return size


@lru_cache(maxsize=128)
def _font(bold: bool, px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold)), px, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def _mask(kind: str, shape: tuple, width: int, height: int) -> Image.Image:
    """An anti-aliased coverage mask; `shape` is in supersampled pixels from the mask's corner."""
    big = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    if kind == "polygon":
        draw.polygon(list(shape), fill=255)
    elif kind == "disc":
        cx, cy, r = shape
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    else:  # ring: outer radius r, inner radius r - thickness
        cx, cy, r, inner = shape
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
        draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=0)
    return big.reduce(SUPERSAMPLE)


class _Canvas:
    def __init__(self, page: Page, dpi: int) -> None:
        self.scale = dpi / 25.4  # pixels per mm
        self.image = Image.new("RGB", pixel_size(page, dpi), (255, 255, 255))
        self.draw = ImageDraw.Draw(self.image)

    def px(self, mm: float) -> float:
        return mm * self.scale

    def box(self, x0: float, y0: float, x1: float, y1: float, colour: str) -> None:
        """Fill the pixels covering the mm box, at least one pixel each way."""
        s = self.scale
        left, top = round(x0 * s), round(y0 * s)
        right, bottom = max(left + 1, round(x1 * s)), max(top + 1, round(y1 * s))
        self.draw.rectangle((left, top, right - 1, bottom - 1), fill=rgb(colour))

    def rect(self, r: Rect) -> None:
        if r.fill:
            self.box(r.x, r.y, r.x + r.w, r.y + r.h, r.fill)
        if r.stroke:
            h = max(r.width, 1 / self.scale) / 2
            self.box(r.x - h, r.y - h, r.x + r.w + h, r.y + h, r.stroke)
            self.box(r.x - h, r.y + r.h - h, r.x + r.w + h, r.y + r.h + h, r.stroke)
            self.box(r.x - h, r.y - h, r.x + h, r.y + r.h + h, r.stroke)
            self.box(r.x + r.w - h, r.y - h, r.x + r.w + h, r.y + r.h + h, r.stroke)

    def line(self, ln: Line) -> None:
        h = max(ln.width, 1 / self.scale) / 2
        if ln.x1 == ln.x2 or ln.y1 == ln.y2:
            self.box(min(ln.x1, ln.x2) - h, min(ln.y1, ln.y2) - h,
                     max(ln.x1, ln.x2) + h, max(ln.y1, ln.y2) + h, ln.stroke)
            return
        s = self.scale
        self.draw.line((ln.x1 * s, ln.y1 * s, ln.x2 * s, ln.y2 * s), fill=rgb(ln.stroke),
                       width=max(1, round(ln.width * s)))

    def _paste(self, kind: str, points: list[tuple[float, float]], colour: str,
               radius: float = 0.0, thickness: float = 0.0) -> None:
        """Anti-aliased fill of a polygon (points in mm) or a disc (centre, radius in mm)."""
        s, k = self.scale, SUPERSAMPLE
        xs = [p[0] * s for p in points]
        ys = [p[1] * s for p in points]
        r = radius * s
        left, top = int(min(xs) - r) - 1, int(min(ys) - r) - 1
        width = int(max(xs) + r) + 2 - left
        height = int(max(ys) + r) + 2 - top
        if kind == "polygon":
            shape: tuple = tuple((round((x - left) * k), round((y - top) * k))
                                 for x, y in zip(xs, ys, strict=True))
        elif kind == "disc":
            shape = (round((xs[0] - left) * k), round((ys[0] - top) * k), round(r * k))
        else:
            shape = (round((xs[0] - left) * k), round((ys[0] - top) * k), round(r * k),
                     round(max(0.0, r - thickness * s) * k))
        mask = _mask(kind, shape, width, height)
        self.image.paste(rgb(colour), (left, top, left + width, top + height), mask)

    def polygon(self, p: Polygon) -> None:
        if p.fill:
            self._paste("polygon", list(p.points), p.fill)
        if p.stroke:
            pts = [(x * self.scale, y * self.scale) for x, y in p.points]
            self.draw.line([*pts, pts[0]], fill=rgb(p.stroke),
                           width=max(1, round(p.width * self.scale)), joint="curve")

    def circle(self, c: Circle) -> None:
        if c.fill:
            self._paste("disc", [(c.cx, c.cy)], c.fill, c.r)
        if c.stroke:
            width = max(c.width, 1 / self.scale)
            self._paste("ring", [(c.cx, c.cy)], c.stroke, c.r + width / 2, width)

    def text(self, t: Text) -> None:
        font = _font(t.bold, t.size / 72 * 25.4 * self.scale)
        if t.angle:
            self._turned_text(t, font)
            return
        self.draw.text((self.px(t.x), self.px(t.y)), t.text, fill=rgb(t.colour), font=font,
                       anchor=_ANCHORS[t.align])

    def _turned_text(self, t: Text, font: Any) -> None:
        """Text at an angle: drawn level on a clear tile, turned, then laid on the page
        where its anchor (x, y) falls."""
        left, top, right, bottom = font.getbbox(t.text, anchor=_ANCHORS[t.align])
        pad = 2
        tile = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
        ImageDraw.Draw(tile).text((pad - left, pad - top), t.text, fill=255, font=font,
                                  anchor=_ANCHORS[t.align])
        turned = tile.rotate(t.angle, expand=True)  # about its centre, anticlockwise
        ink = Image.new("RGB", turned.size, rgb(t.colour)).convert(self.image.mode)
        # the anchor's place in the turned tile: the turn moves it about the tile's centre
        a = math.radians(t.angle)
        cx, cy = tile.size[0] / 2, tile.size[1] / 2
        ax, ay = (pad - left) - cx, (pad - top) - cy
        tx = ax * math.cos(a) + ay * math.sin(a) + turned.size[0] / 2
        ty = -ax * math.sin(a) + ay * math.cos(a) + turned.size[1] / 2
        self.image.paste(ink, (round(self.px(t.x) - tx), round(self.px(t.y) - ty)), turned)

    def paint(self, page: Page) -> Image.Image:
        handlers: dict[type, Callable[[Any], None]] = {
            Rect: self.rect, Line: self.line, Polygon: self.polygon, Circle: self.circle,
            Text: self.text}
        for item in page.drawn().items:
            handlers[type(item)](item)
        return self.image


def page_image(page: Page, dpi: int = 300) -> Image.Image:
    """The page painted as an RGB image at `dpi`."""
    return _Canvas(page, check_dpi(dpi)).paint(page)


def png_bytes(page: Page, dpi: int = 300, colour: str = "rgb") -> bytes:
    """The page as a PNG; `colour="grey"`: an 8-bit greyscale image of the grey levels a
    grey PDF has (PNG has no CMYK)."""
    image = page_image(page_in(page, colour), dpi)
    if colour == "grey":
        image = image.convert("L")  # exact: every pixel already has equal channels
    buffer = io.BytesIO()
    # The dpi is recorded so printing at 100 % gives the page's true size.
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def write_png(page: Page, path: str | os.PathLike, dpi: int = 300) -> Path:
    """Write one page as a PNG, atomically; returns the path written."""
    return write_file(path, png_bytes(page, dpi))
