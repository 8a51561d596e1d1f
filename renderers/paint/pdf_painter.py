"""Painting a page's items onto an fpdf2 page: the operators written straight to the page.

fpdf2's drawing and text methods check and convert their arguments on every call;
a book paints 600 items a page, and those checks cost more than the drawing (the
floor). So the painter writes the PDF operators itself, exactly as fpdf2 would
write them (the same bytes: pdf.py's tests and the book's golden hashes), and keeps
fpdf2's own graphics state in step where fpdf2 reads it back: the colours and line
width it restates at each new page, the text colour its text objects compare with
the fill. A page's operators are gathered and handed to fpdf2 once (one `_out` a
page writes what one `_out` an operator wrote, line by line).
"""

from __future__ import annotations

# isort: off
from renderers.paint import no_numpy  # noqa: F401  (first: fpdf2 loaded without NumPy)
from fpdf import FPDF
from fpdf.drawing import DeviceCMYK, DeviceGray, DeviceRGB
# isort: on

from renderers.page.fonts import text_width
from renderers.page.layout import Circle, Item, Line, Polygon, Rect, Text
from renderers.page.palettes import Palette, device_colour, get_palette, text_ink

FAMILY = "PTSans"
# the PDF painting operator for (filled, stroked); None: nothing to paint
_OPERATOR: dict[tuple[bool, bool], str | None] = {
    (True, True): "B", (True, False): "f", (False, True): "S", (False, False): None}
_KAPPA = 0.5523  # a circle as four Bezier quarter arcs


def _circle_path(cx: float, cy: float, r: float) -> str:
    """A circle path in PDF points (y up), as four cubic Bezier arcs."""
    c = r * _KAPPA
    return (f"{cx + r:.2f} {cy:.2f} m "
            f"{cx + r:.2f} {cy + c:.2f} {cx + c:.2f} {cy + r:.2f} {cx:.2f} {cy + r:.2f} c "
            f"{cx - c:.2f} {cy + r:.2f} {cx - r:.2f} {cy + c:.2f} {cx - r:.2f} {cy:.2f} c "
            f"{cx - r:.2f} {cy - c:.2f} {cx - c:.2f} {cy - r:.2f} {cx:.2f} {cy - r:.2f} c "
            f"{cx + c:.2f} {cy - r:.2f} {cx + r:.2f} {cy - c:.2f} {cx + r:.2f} {cy:.2f} c h")


class Painter:
    """Paints items, sending colour and width changes only when they change.

    Colours are sent in the book's colour space (`palettes.device_colour`):
    DeviceRGB, DeviceCMYK or DeviceGray, each built once per colour. Use: `reset()`
    after each `add_page`, `paint_all(items)`, then `flush()` before the next page.
    """

    def __init__(self, pdf: FPDF, mode: str = "rgb", palette: Palette | None = None) -> None:
        self.pdf = pdf
        self.mode = mode
        self.palette = palette or get_palette("classic")
        self._devices: dict[str, DeviceRGB | DeviceCMYK | DeviceGray] = {}
        self._operators: dict[str, tuple[str, str]] = {}  # colour -> (fill op, stroke op)
        # (bold, text) -> fpdf2's encoded string for it (a font's subset maps each
        # character once and for good, so a string's encoding never changes in a document)
        self._encoded: dict[tuple[bool, str], str] = {}
        self._ops: list[str] = []  # the page's operators not yet handed to fpdf2
        self._paint = {Rect: self._rect, Line: self._line, Polygon: self._polygon,
                       Circle: self._circle, Text: self.text}
        self._fill: str | None = None
        self._stroke: str | None = None
        self._text: str | None = None
        self._width: float | None = None
        self._font: tuple[bool, float] | None = None
        self._k = pdf.k
        self._top = pdf.h

    def device(self, colour: str) -> DeviceRGB | DeviceCMYK | DeviceGray:
        """The fpdf2 colour `colour` ("#rrggbb") is painted in, in the book's space."""
        found = self._devices.get(colour)
        if found is None:
            parts = device_colour(colour, self.mode, self.palette)
            found = (DeviceCMYK(*parts) if len(parts) == 4 else
                     DeviceGray(parts[0]) if len(parts) == 1 else DeviceRGB(*parts))
            self._devices[colour] = found
        return found

    def _operator(self, colour: str) -> tuple[str, str]:
        found = self._operators.get(colour)
        if found is None:
            text = self.device(colour).serialize()
            found = self._operators[colour] = (text.lower(), text.upper())
        return found

    def reset(self) -> None:
        """Start a new page: fpdf2 restated the graphics state; forget ours so it is
        sent again."""
        self._forget()
        self._k, self._top = self.pdf.k, self.pdf.h

    def _forget(self) -> None:
        # every colour, width and font is set again before it is next used
        self._fill = self._stroke = self._text = None
        self._width = self._font = None

    def flush(self) -> None:
        """Hand the operators gathered so far to fpdf2's page."""
        if self._ops:
            self.pdf._out("\n".join(self._ops))
            self._ops.clear()

    def paint_all(self, items: list[Item]) -> None:
        """Paint `items` in order."""
        paint = self._paint
        for item in items:
            paint[type(item)](item)  # type: ignore[operator]

    def _colours(self, fill: str | None, stroke: str | None, width: float) -> None:
        # fpdf2's state kept in step: it restates these at each new page
        pdf = self.pdf
        if fill and fill != self._fill:
            self._ops.append(self._operator(fill)[0])
            pdf.fill_color = self.device(fill)
            self._fill = fill
        if stroke and stroke != self._stroke:
            self._ops.append(self._operator(stroke)[1])
            pdf.draw_color = self.device(stroke)
            self._stroke = stroke
        if stroke and width != self._width:
            self._ops.append(f"{width * self._k:.2f} w")
            pdf.line_width = width
            self._width = width

    def _rect(self, item: Rect) -> None:
        op = _OPERATOR[(bool(item.fill), bool(item.stroke))]
        if op is None:
            return
        self._colours(item.fill, item.stroke, item.width)
        k, top = self._k, self._top
        self._ops.append(f"{item.x * k:.2f} {(top - item.y) * k:.2f} {item.w * k:.2f} "
                         f"{-item.h * k:.2f} re {op}")

    def _line(self, item: Line) -> None:
        if not item.stroke:
            return
        self._colours(None, item.stroke, item.width)
        k, top = self._k, self._top
        self._ops.append(f"{item.x1 * k:.2f} {(top - item.y1) * k:.2f} m "
                         f"{item.x2 * k:.2f} {(top - item.y2) * k:.2f} l S")

    def _polygon(self, item: Polygon) -> None:
        op = _OPERATOR[(bool(item.fill), bool(item.stroke))]
        if op is None:
            return
        self._colours(item.fill, item.stroke, item.width)
        k, top = self._k, self._top
        points = [f"{x * k:.2f} {(top - y) * k:.2f}" for x, y in item.points]
        self._ops.append(f"{points[0]} m " + " ".join(f"{p} l" for p in points[1:])
                         + f" h {op}")

    def _circle(self, item: Circle) -> None:
        op = _OPERATOR[(bool(item.fill), bool(item.stroke))]
        if op is None:
            return
        self._colours(item.fill, item.stroke, item.width)
        k, top = self._k, self._top
        self._ops.append(f"{_circle_path(item.cx * k, (top - item.cy) * k, item.r * k)} {op}")

    def text(self, item: Text) -> None:
        """A text run, as fpdf2's `text()` writes it (a rotated one through it)."""
        pdf = self.pdf
        font = (item.bold, item.size)
        if font != self._font:
            pdf.set_font(FAMILY, "B" if item.bold else "", item.size)
            self._font = font
        colour = text_ink(item.colour, self.mode)  # solid black in print modes
        if colour != self._text:
            pdf.set_text_color(self.device(colour))
            self._text = colour
        x = item.x
        if item.align != "left":
            # the layout's own measure (same font file, cached): fpdf2's is much slower
            width = text_width(item.text, item.size, item.bold)
            x -= width if item.align == "right" else width / 2
        if item.angle:
            self._rotated(item, x)
        else:
            self._run(item, x, colour)

    def _run(self, item: Text, x: float, colour: str) -> None:
        """What fpdf2's `text(x, item.y, item.text)` writes, in the font and colour set."""
        pdf, font = self.pdf, self.pdf.current_font
        assert font is not None  # set by text() before
        if not pdf.current_font_is_set_on_page:
            self._ops.append(pdf._set_font_for_page(font, pdf.font_size_pt))
        key = (item.bold, item.text)
        encoded = self._encoded.get(key)
        if encoded is None:
            # fpdf2's own encoding, which also adds the characters to the font's subset
            encoded = self._encoded[key] = font.encode_text(item.text)
        k = self._k
        run = f"BT {x * k:.2f} {(self._top - item.y) * k:.2f} Td {encoded} ET"
        if pdf.fill_color != pdf.text_color:  # fpdf2 sets the text's colour in q ... Q
            run = f"q {self._operator(colour)[0]} {run} Q"
        self._ops.append(run)

    def _rotated(self, item: Text, x: float) -> None:
        self.flush()  # fpdf2 writes the rotation and the text itself, after what is here
        with self.pdf.rotation(item.angle, item.x, item.y):
            self.pdf.text(x, item.y, item.text)
        self._forget()  # the rotation's graphics state ended with it
