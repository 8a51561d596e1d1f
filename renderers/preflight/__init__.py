"""Preflight: a finished interior (and cover) checked against a printer's published rules
(renderers/page/printers/<name>.yaml), rule by rule, as the printer's own upload check
would, before an author uploads.

`preflight(...)` returns a `Report`: one `Check` per rule with the figure measured, the
limit the rule sets and the printer's page it comes from. The `book` command runs the
fast checks on what it writes (`interior_checks(..., with_ink=False)`); `conundrum
preflight` runs all of them. Every PDF is read through reader.py's guarded reader.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from conundrum.errors import ConundrumError
from conundrum.options import COLOUR_MODES, INKS, PAPERS, PRINTERS
from conundrum.terminal import shown
from renderers.page.printers import printer_rules
from renderers.preflight import rules as r
from renderers.preflight.objects import glyph_spans, measure_ink
from renderers.preflight.pdf_facts import TOLERANCE, PdfFacts, read_pdf, read_record
from renderers.preflight.rules import Check

__all__ = ["Check", "Report", "cover_checks", "interior_checks", "preflight",
           "printer_rules"]

COVER_BLEED = 0.125


@dataclass(frozen=True)
class Report:
    """Every check of a preflight run, in the order they were made, and what was learned
    from the book's own record (printer, paper, ink, colour) rather than given."""

    printer: str
    checks: list[Check]
    learned: str = ""

    @property
    def ok(self) -> bool:
        """Whether every rule holds."""
        return all(c.ok for c in self.checks)


def _choose(value: str | None, allowed: tuple[str, ...], what: str) -> None:
    if value is not None and value not in allowed:
        raise ConundrumError(f"{what} {shown(value)}: choose {', '.join(allowed)}")


def preflight(interior: str | os.PathLike, cover: str | os.PathLike | None = None,
              printer: str | None = None, colour: str | None = None, ink: str | None = None,
              paper: str | None = None, thickness: float | None = None) -> Report:
    """Check `interior` (and `cover`) against `printer`'s rules. `colour` is the mode the
    book declares, `ink` the printing the page count is for, `paper` (or `thickness`,
    inches a page) what the spine is made of; each left None is learned from our own
    book's record in its PDF (else: KDP, colour not checked, black ink, white paper).
    ConundrumError for a file that cannot be read or an unknown choice."""
    learned: list[str] = []
    if printer is None:  # its rules say how the rest is read: learned first
        printer = _known(read_record(interior), "printer", PRINTERS)
        learned += [f"printer {printer}"] if printer else []
    rules = printer_rules(printer or "kdp")
    _choose(ink, INKS, "--ink")
    _choose(paper, PAPERS, "--paper")
    _choose(colour, COLOUR_MODES, "--colour")
    facts = read_pdf(interior, ink=False, trims=rules["trim_sizes"], bleed=rules["bleed"])

    measure_ink(facts.path, facts.pages, r.margin_need(facts, rules))
    known = facts.recorded
    learned += [f"{key} {known[key]}" for key, given in
                (("paper", paper), ("ink", ink), ("colour", colour))
                if given is None and known.get(key)]
    paper = paper or _known(known, "paper", PAPERS) or "white"
    ink = ink or _known(known, "ink", INKS) or "black"
    colour = colour or _known(known, "colour", COLOUR_MODES)
    checks = interior_checks(facts, rules, colour, ink, paper=paper)
    if cover is not None:
        table = rules.get("paper_thickness", {})
        per_page = thickness if thickness is not None else table.get(paper)
        checks += cover_checks(read_pdf(cover, ink=False), facts, per_page, rules, paper)
    return Report(rules["name"], checks,
                  ("learned from the book's record: " + ", ".join(learned)) if learned else "")


def _known(record: dict[str, str], key: str, allowed: tuple[str, ...]) -> str | None:
    value = record.get(key)
    return value if value in allowed else None


def interior_checks(facts: PdfFacts, rules: dict, colour: str | None, ink: str,
                    with_ink: bool = True, paper: str = "white") -> list[Check]:
    """The interior's checks, in the printer's rules: size, page count, bleed, margins,
    fonts, colour, line and type sizes, images, and what the file may not hold;
    `with_ink=False` leaves out the margins, which need the pages rasterised."""
    checks = [r.trim_size(facts, rules), r.page_count(facts, rules, ink, paper),
              r.bleed(facts, rules)]
    if with_ink:
        checks += [r.inside_margin(facts, rules), r.outside_margin(facts, rules)]
    checks += [r.fonts(facts, rules), r.colour(facts, colour, rules)]
    checks += [c for c in (r.lines(facts, rules), r.text(facts, rules),
                           r.images(facts, rules)) if c is not None]
    return checks + r.forbidden(facts, rules)


def cover_checks(cover: PdfFacts, interior: PdfFacts, per_page: float | None,
                 rules: dict | None = None, paper: str = "white") -> list[Check]:
    """The cover's size against the interior: one page, back + spine + front + bleed;
    with no paper thickness (`per_page` None) the spine is not checked, only the rest."""
    rules = rules or printer_rules("kdp")
    trim = interior.pages[0].trim
    page = cover.pages[0].media
    want_h = trim.height + 2 * COVER_BLEED
    cite = r.source(rules, "cover")
    checks = [Check("cover pages", str(len(cover.pages)), "1 (back, spine and front)",
                    len(cover.pages) == 1, cite)]
    if per_page is None:
        least = 2 * trim.width + 2 * COVER_BLEED
        checks.append(Check("cover size (spine not checked: no paper thickness)",
                            r.inches(page.width, page.height),
                            f"at least {least:.3f} wide, {want_h:.3f} in high",
                            page.width >= least - TOLERANCE
                            and abs(page.height - want_h) <= TOLERANCE, cite))
    else:
        spine = len(interior.pages) * per_page
        want_w = 2 * trim.width + spine + 2 * COVER_BLEED
        fits = abs(page.width - want_w) <= TOLERANCE and abs(page.height - want_h) <= TOLERANCE
        checks.append(Check(f"cover size ({len(interior.pages)} pages of {paper} paper, "
                            f"spine {spine:.3f} in)", r.inches(page.width, page.height),
                            f"{r.inches(want_w, want_h)}, within {TOLERANCE} in", fits,
                            cite))
    checks.append(r.fonts(cover, rules, "cover fonts embedded"))
    words = r.spine_text(glyph_spans(cover.path), page.width, trim.width,
                         len(interior.pages), rules, COVER_BLEED)
    return checks + ([words] if words is not None else [])
