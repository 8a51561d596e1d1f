"""Preflight: a finished interior (and cover) checked against a printer's published rules
(renderers/page/printers/<name>.yaml), as the printer's own upload check would, before
an author uploads.

`preflight(...)` returns a `Report`: one `Check` per rule with what was measured and
what the rule asks. The `book` command runs the fast checks on what it writes
(`interior_checks(..., ink=False)`); `conundrum preflight` runs all of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from conundrum.errors import ConundrumError
from conundrum.options import PAPERS
from renderers.page.printers import printer_rules
from renderers.preflight.pdf_facts import PageFacts, PdfFacts, read_pdf

INKS = ("black", "premium-colour", "standard-colour")
COLOURS = ("rgb", "cmyk", "grey")
TOLERANCE = 0.01  # inches: a page 1 mm (0.04 in) off is caught, rounding is not
INK_TOLERANCE = 0.025  # inches: a pixel and a bit of the rasterised page (pdf_facts.INK_DPI)
COVER_BLEED = 0.125


@dataclass(frozen=True)
class Check:
    """One rule: its name, what was measured, what the rule asks, and whether it holds."""

    rule: str
    measured: str
    required: str
    ok: bool


@dataclass(frozen=True)
class Report:
    """Every check of a preflight run, in the order they were made."""

    printer: str
    checks: list[Check]

    @property
    def ok(self) -> bool:
        """Whether every rule holds."""
        return all(c.ok for c in self.checks)


def preflight(interior: str | os.PathLike, cover: str | os.PathLike | None = None,
              printer: str = "kdp", colour: str | None = None, ink: str = "black",
              paper: str = "white", thickness: float | None = None) -> Report:
    """Check `interior` (and `cover`) against `printer`'s rules; `colour` is the mode the
    book declares (None: not checked), `ink` the printing the page count is for, `paper`
    (or `thickness`, inches a page) what the spine is made of.
    ConundrumError for a file that cannot be read or an unknown choice."""
    rules = printer_rules(printer)
    for value, allowed, what in ((ink, INKS, "--ink"), (paper, PAPERS, "--paper")):
        if value not in allowed:
            raise ConundrumError(f"{what} {value}: choose {', '.join(allowed)}")
    if colour is not None and colour not in COLOURS:
        raise ConundrumError(f"--colour {colour}: choose {', '.join(COLOURS)}")
    facts = read_pdf(interior)
    checks = interior_checks(facts, rules, colour, ink)
    if cover is not None:
        per_page = thickness if thickness is not None else rules["paper_thickness"][paper]
        checks += cover_checks(read_pdf(cover, ink=False), facts, per_page)
    return Report(rules["name"], checks)


def interior_checks(facts: PdfFacts, rules: dict, colour: str | None, ink: str,
                    with_ink: bool = True) -> list[Check]:
    """The interior's checks: size, page count, bleed, margins, fonts, colour, line and
    text sizes; `with_ink=False` leaves out those that need the pages rasterised."""
    checks = [_trim_size(facts, rules), _page_count(facts, rules, ink), _bleed(facts, rules)]
    if with_ink:
        checks += [_inside_margin(facts, rules), _outside_margin(facts, rules)]
    checks += [_fonts(facts), _colour(facts, colour), _lines(facts, rules), _text(facts, rules)]
    return checks


def _inches(w: float, h: float) -> str:
    return f"{w:.3f} x {h:.3f} in"


def _trim_size(facts: PdfFacts, rules: dict) -> Check:
    sizes = {(facts.pages[0].trim.width, facts.pages[0].trim.height)}
    odd = [p.number for p in facts.pages
           if abs(p.trim.width - facts.pages[0].trim.width) > TOLERANCE
           or abs(p.trim.height - facts.pages[0].trim.height) > TOLERANCE]
    w, h = next(iter(sizes))
    named = [name for name, (tw, th) in rules["trim_sizes"].items()
             if abs(tw - w) <= TOLERANCE and abs(th - h) <= TOLERANCE]
    measured = _inches(w, h) + (f"; page {odd[0]} differs" if odd else "")
    return Check("trim size", measured, "one of the printer's sizes, every page alike",
                 bool(named) and not odd)


def _page_count(facts: PdfFacts, rules: dict, ink: str) -> Check:
    low, high = rules["pages"][ink]
    n = len(facts.pages)
    off = f" ({low - n} too few)" if n < low else f" ({n - high} too many)" if n > high else ""
    return Check(f"page count ({ink} ink)", f"{n}{off}", f"{low} to {high}",
                 low <= n <= high)


def _bleed(facts: PdfFacts, rules: dict) -> Check:
    bleeds = [_has_bleed(p) for p in facts.pages]
    every, none = all(bleeds), not any(bleeds)
    measured = "every page" if every else "no page" if none else \
        f"page {bleeds.index(not bleeds[0]) + 1} differs from page 1"
    if every:
        short = [p.number for p in facts.pages if _bleed_short(p, rules["bleed"])]
        if short:
            return Check("bleed", f"page {short[0]}: less than {rules['bleed']} in",
                         f"{rules['bleed']} in on the outer edges, or none", False)
    return Check("bleed", measured, f"{rules['bleed']} in on every page's outer edges, "
                 "or on none", every or none)


def _has_bleed(p: PageFacts) -> bool:
    return p.media.width > p.trim.width + 1e-3 or p.media.height > p.trim.height + 1e-3


def _bleed_short(p: PageFacts, bleed: float) -> bool:
    return min(p.media.y1 - p.trim.y1, p.trim.y0 - p.media.y0) < bleed - TOLERANCE


def _required_inside(pages: int, rules: dict) -> float:
    for most, margin in rules["inside_margin"]:
        if pages <= most:
            return float(margin)
    return float(rules["inside_margin"][-1][1])


def _inside_margin(facts: PdfFacts, rules: dict) -> Check:
    need = _required_inside(len(facts.pages), rules)
    worst, where = float("inf"), 0
    for p in facts.pages:
        side = "left" if p.number % 2 == 1 else "right"  # page 1 is a right-hand page
        if p.art_off_edge.get(side):
            continue
        if p.ink_in[side] < worst:
            worst, where = p.ink_in[side], p.number
    measured = "no ink" if where == 0 else f"{worst:.3f} in (page {where})"
    return Check(f"inside margin ({len(facts.pages)} pages)", measured,
                 f"at least {need} in", worst >= need - INK_TOLERANCE)


def _outside_margin(facts: PdfFacts, rules: dict) -> Check:
    bleed = _has_bleed(facts.pages[0])
    need = rules["outside_margin"]["bleed" if bleed else "no_bleed"]
    worst, where = float("inf"), (0, "")
    for p in facts.pages:
        outer = "right" if p.number % 2 == 1 else "left"
        for side in (outer, "top", "bottom"):
            if p.art_off_edge.get(side):
                continue  # full-bleed art runs past the trim on purpose
            if p.ink_in[side] < worst:
                worst, where = p.ink_in[side], (p.number, side)
    measured = "no ink" if not where[0] else \
        f"{worst:.3f} in ({where[1]} of page {where[0]})"
    return Check("outside, top and bottom margins", measured,
                 f"at least {need} in, except art running off the edge",
                 worst >= need - INK_TOLERANCE)


def _fonts(facts: PdfFacts) -> Check:
    missing = facts.unembedded_fonts
    return Check("fonts embedded", "all" if not missing else "not: " + ", ".join(missing),
                 "every font", not missing)


def _colour(facts: PdfFacts, colour: str | None) -> Check:
    used = sorted(facts.colour_operators) or ["none"]
    if colour is None:
        return Check("colour operators", ", ".join(used), "(no mode declared: not checked)",
                     True)
    allowed = {"rgb": {"rgb", "grey"}, "cmyk": {"cmyk", "grey"}, "grey": {"grey"}}[colour]
    return Check("colour operators", ", ".join(used), f"{colour} only"
                 + (" (and grey)" if colour != "grey" else ""),
                 facts.colour_operators <= allowed)


def _lines(facts: PdfFacts, rules: dict) -> Check:
    thinnest = facts.thinnest_line_pt
    need = rules["min_line_pt"]
    return Check("thinnest line", "no lines" if thinnest is None else f"{thinnest:g} pt",
                 f"at least {need} pt", thinnest is None or thinnest >= need - 1e-6)


def _text(facts: PdfFacts, rules: dict) -> Check:
    smallest = facts.smallest_text_pt
    need = rules["min_text_pt"]
    return Check("smallest text", "no text" if smallest is None else f"{smallest:g} pt",
                 f"at least {need} pt", smallest is None or smallest >= need - 1e-6)


def cover_checks(cover: PdfFacts, interior: PdfFacts, per_page: float) -> list[Check]:
    """The cover's size against the interior: one page, back + spine + front + bleed."""
    trim = interior.pages[0].trim
    spine = len(interior.pages) * per_page
    want_w = 2 * trim.width + spine + 2 * COVER_BLEED
    want_h = trim.height + 2 * COVER_BLEED
    page = cover.pages[0].media
    fits = abs(page.width - want_w) <= TOLERANCE and abs(page.height - want_h) <= TOLERANCE
    return [
        Check("cover pages", str(len(cover.pages)), "1 (back, spine and front)",
              len(cover.pages) == 1),
        Check(f"cover size ({len(interior.pages)} pages, spine {spine:.3f} in)",
              _inches(page.width, page.height), _inches(want_w, want_h), fits),
        Check("cover fonts embedded", "all" if not cover.unembedded_fonts else
              "not: " + ", ".join(cover.unembedded_fonts), "every font",
              not cover.unembedded_fonts),
    ]
