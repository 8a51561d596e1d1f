"""Painting a Page as SVG: the third painter of the same layout, beside pdf.py and png.py.

One page, one SVG document, sized in millimetres (the viewBox is the page in
mm, so the layout's coordinates are written unchanged). Text stays text:
each run is a <text> element in the font named "PT Sans" (with sans-serif
as the fallback), never outlines, so layout tools (InDesign, Affinity,
Inkscape) can restyle or substitute it; the font itself is not embedded.
Each item carries its layout tag as `data-tag`, so a script or a test can
find the board's squares. Same page, same bytes.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from conundrum.files import atomic_write as write_file
from renderers.page.fonts import PT_TO_MM
from renderers.page.layout import Circle, Item, Line, Page, Polygon, Rect, Text
from renderers.paint.colour_modes import page_in

FONT_FAMILY = "'PT Sans', sans-serif"
SVG_NS = "http://www.w3.org/2000/svg"
_ANCHORS = {"left": "start", "center": "middle", "right": "end"}


def num(value: float) -> str:
    """A coordinate to 3 decimals (a micrometre), without trailing zeros: short, stable."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, str]:
    attrs = {"fill": fill or "none"}
    if stroke:
        attrs["stroke"] = stroke
        attrs["stroke-width"] = num(width)
    return attrs


def _element(item: Item) -> ET.Element:
    if isinstance(item, Rect):
        el = ET.Element("rect", {"x": num(item.x), "y": num(item.y), "width": num(item.w),
                                 "height": num(item.h),
                                 **_paint(item.fill, item.stroke, item.width)})
    elif isinstance(item, Line):
        el = ET.Element("line", {"x1": num(item.x1), "y1": num(item.y1),
                                 "x2": num(item.x2), "y2": num(item.y2),
                                 "stroke": item.stroke, "stroke-width": num(item.width)})
    elif isinstance(item, Polygon):
        points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
        el = ET.Element("polygon", {"points": points,
                                    **_paint(item.fill, item.stroke, item.width)})
    elif isinstance(item, Circle):
        el = ET.Element("circle", {"cx": num(item.cx), "cy": num(item.cy), "r": num(item.r),
                                   **_paint(item.fill, item.stroke, item.width)})
    else:
        el = _text(item)
    if item.tag:
        el.set("data-tag", item.tag)
    return el


def _xml_safe(text: str) -> str:
    """XML 1.0 has no place for control characters (a title could hold one): dropped."""
    return "".join(c for c in text if c >= " " or c in "\t\n\r")


def _text(item: Text) -> ET.Element:
    # the viewBox is in mm, so the point size is converted to mm for font-size
    el = ET.Element("text", {"x": num(item.x), "y": num(item.y),
                             "font-size": num(item.size * PT_TO_MM), "fill": item.colour})
    if item.bold:
        el.set("font-weight", "bold")
    if item.align != "left":
        el.set("text-anchor", _ANCHORS[item.align])
    if item.angle:  # SVG turns clockwise: the layout's angle is anticlockwise
        el.set("transform", f"rotate({num(-item.angle)} {num(item.x)} {num(item.y)})")
    el.text = _xml_safe(item.text)
    return el


def svg_bytes(page: Page, title: str | None = None, lang: str | None = None,
              colour: str = "rgb") -> bytes:
    """One page as a standalone SVG document (UTF-8); `colour="grey"` paints it in the grey
    levels a grey PDF has (SVG has no CMYK)."""
    page = page_in(page, colour)
    root = ET.Element("svg", {"xmlns": SVG_NS, "version": "1.1",
                              "width": f"{num(page.width)}mm",
                              "height": f"{num(page.height)}mm",
                              "viewBox": f"0 0 {num(page.width)} {num(page.height)}"})
    if lang:
        root.set("xml:lang", lang)
    if title:
        ET.SubElement(root, "title").text = _xml_safe(title)
    # every text run inherits the font by name from this group
    group = ET.SubElement(root, "g", {"font-family": FONT_FAMILY})
    for item in page.drawn().items:
        group.append(_element(item))
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")


def write_svg(page: Page, path: str | os.PathLike, title: str | None = None,
              lang: str | None = None) -> Path:
    """Write one page as SVG, atomically; returns the path written."""
    return write_file(path, svg_bytes(page, title, lang))
