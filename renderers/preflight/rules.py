"""The interior's rules, one function each: what was measured (the figure), what the
printer asks (the limit) and where it says so (the source, from its printers/*.yaml).
A rule the printer's file does not state is left out, not guessed."""

from __future__ import annotations

from dataclasses import dataclass

from renderers.page.printers import spine_text_allowed
from renderers.preflight.pdf_facts import TOLERANCE, PageFacts, PdfFacts

COLOUR_PAPER = {"colour": "white"}  # colour ink prints on white paper


@dataclass(frozen=True)
class Check:
    """One rule: its name, the figure measured, the limit the rule sets, whether it holds,
    and the printer's page the rule comes from."""

    rule: str
    measured: str
    required: str
    ok: bool
    source: str = ""

    def row(self) -> dict[str, object]:
        """The check as data: rule, figure, limit, source and pass (Studio's publish job)."""
        return {"rule": self.rule, "figure": self.measured, "limit": self.required,
                "source": self.source, "pass": self.ok}


def source(rules: dict, key: str) -> str:
    """Where the printer publishes rule `key`."""
    return str(rules.get("sources", {}).get(key, ""))


def inches(w: float, h: float) -> str:
    """A size as `6.000 x 9.000 in`."""
    return f"{w:.3f} x {h:.3f} in"


def trim_name(facts: PdfFacts, rules: dict) -> str | None:
    """The printer's name for the first page's trim, or None."""
    w, h = facts.pages[0].trim.width, facts.pages[0].trim.height
    return next((name for name, (tw, th) in rules["trim_sizes"].items()
                 if abs(tw - w) <= TOLERANCE and abs(th - h) <= TOLERANCE), None)


def trim_size(facts: PdfFacts, rules: dict) -> Check:
    """Every page one of the printer's trim sizes, all alike."""
    first = facts.pages[0].trim
    odd = [p.number for p in facts.pages
           if abs(p.trim.width - first.width) > TOLERANCE
           or abs(p.trim.height - first.height) > TOLERANCE]
    named = trim_name(facts, rules)
    if facts.bleed_by_size:
        media = facts.pages[0].media
        measured = f"{inches(media.width, media.height)} ({named} with bleed, no TrimBox)"
    else:
        measured = inches(first.width, first.height) + (f" ({named})" if named else "")
    measured += f"; page {odd[0]} differs" if odd else ""
    return Check("trim size", measured, "one of the printer's sizes, every page alike, "
                 f"within {TOLERANCE} in", bool(named) and not odd,
                 source(rules, "trim size"))


def page_count(facts: PdfFacts, rules: dict, ink: str, paper: str) -> Check:
    """The page count within the printer's limits for the trim, ink and paper."""
    n = len(facts.pages)
    paper = COLOUR_PAPER.get(paper, paper)
    rule = f"page count ({ink} ink, {paper} paper)"
    limits = rules["pages"].get(ink, {}).get(paper)
    if limits is None:
        return Check(rule, str(n), f"{ink} ink is not printed on {paper} paper", False,
                     source(rules, "page count"))
    low, high = limits
    trim = trim_name(facts, rules)
    high = rules.get("most_pages_by_trim", {}).get(trim, {}).get(f"{ink} {paper}", high)
    off = f" ({low - n} too few)" if n < low else f" ({n - high} too many)" if n > high else ""
    where = f" on {trim}" if trim in rules.get("most_pages_by_trim", {}) else ""
    return Check(rule, f"{n}{off}", f"{low} to {high}{where}", low <= n <= high,
                 source(rules, "page count"))


def has_bleed(p: PageFacts) -> bool:
    """Whether the page's media reaches past its trim."""
    return p.media.width > p.trim.width + 1e-3 or p.media.height > p.trim.height + 1e-3


def bleed(facts: PdfFacts, rules: dict) -> Check:
    """Bleed on every page or on none, and enough of it."""
    need = rules["bleed"]
    bleeds = [has_bleed(p) for p in facts.pages]
    every, none = all(bleeds), not any(bleeds)
    measured = "every page" if every else "no page" if none else \
        f"page {bleeds.index(not bleeds[0]) + 1} differs from page 1"
    if every:
        short = [p.number for p in facts.pages
                 if min(p.media.y1 - p.trim.y1, p.trim.y0 - p.media.y0) < need - TOLERANCE]
        if short:
            return Check("bleed", f"page {short[0]}: less than {need} in",
                         f"{need} in on the outer edges, or none", False,
                         source(rules, "bleed"))
    return Check("bleed", measured, f"{need} in on every page's outer edges, or on none",
                 every or none, source(rules, "bleed"))


def required_inside(pages: int, rules: dict) -> float:
    """The inside margin the printer asks of a book of `pages` pages."""
    for most, margin in rules["inside_margin"]:
        if pages <= most:
            return float(margin)
    return float(rules["inside_margin"][-1][1])


def margin_need(facts: PdfFacts, rules: dict):  # noqa: ANN201 - a closure
    """`need(page, side)`: the margin the printer asks on that side of that page."""
    inside = required_inside(len(facts.pages), rules)
    outside = rules["outside_margin"]["bleed" if has_bleed(facts.pages[0]) else "no_bleed"]

    def need(page: PageFacts, side: str) -> float:
        gutter = "left" if page.number % 2 == 1 else "right"  # page 1 is a right-hand page
        return inside if side == gutter else float(outside)
    return need


def inside_margin(facts: PdfFacts, rules: dict) -> Check:
    """Ink no nearer the spine than the page count's inside margin."""
    need = required_inside(len(facts.pages), rules)
    worst, where = float("inf"), 0
    for p in facts.pages:
        side = "left" if p.number % 2 == 1 else "right"
        if not p.art_off_edge.get(side) and p.ink_in[side] < worst:
            worst, where = p.ink_in[side], p.number
    measured = "no ink" if where == 0 else f"{worst:.4f} in (page {where})"
    return Check(f"inside margin ({len(facts.pages)} pages)", measured,
                 f"at least {need} in (measured to 0.0025 in; no tolerance)",
                 worst >= need - 1e-9, source(rules, "inside margin"))


def outside_margin(facts: PdfFacts, rules: dict) -> Check:
    """Ink no nearer the outer, top and bottom trim than the printer asks."""
    bled = has_bleed(facts.pages[0])
    need = rules["outside_margin"]["bleed" if bled else "no_bleed"]
    worst, where = float("inf"), (0, "")
    for p in facts.pages:
        outer = "right" if p.number % 2 == 1 else "left"
        for side in (outer, "top", "bottom"):
            if p.art_off_edge.get(side):
                continue  # full-bleed art runs past the trim on purpose
            if p.ink_in[side] < worst:
                worst, where = p.ink_in[side], (p.number, side)
    measured = "no ink" if not where[0] else \
        f"{worst:.4f} in ({where[1]} of page {where[0]})"
    return Check("outside, top and bottom margins", measured,
                 f"at least {need} in, except art running off the edge (no tolerance)",
                 worst >= need - 1e-9, source(rules, "outside margins"))


def fonts(facts: PdfFacts, rules: dict, what: str = "fonts embedded") -> Check:
    """Every font embedded."""
    missing = facts.unembedded_fonts
    return Check(what, "all" if not missing else "not: " + ", ".join(missing[:5]),
                 "every font", not missing, source(rules, "fonts"))


def colour(facts: PdfFacts, mode: str | None, rules: dict) -> Check:
    """Only the colour operators of the book's declared mode."""
    used = sorted(facts.colour_operators) or ["none"]
    if mode is None:
        return Check("colour operators", ", ".join(used), "(no mode declared: not checked)",
                     True, source(rules, "colour"))
    allowed = {"rgb": {"rgb", "grey"}, "cmyk": {"cmyk", "grey"}, "grey": {"grey"}}[mode]
    return Check("colour operators", ", ".join(used),
                 f"{mode} only" + (" (and grey)" if mode != "grey" else ""),
                 facts.colour_operators <= allowed, source(rules, "colour"))


def lines(facts: PdfFacts, rules: dict) -> Check | None:
    """No line thinner than the printer prints."""
    need = rules.get("min_line_pt")
    if need is None:
        return None
    thinnest = facts.thinnest_line_pt
    return Check("thinnest line", "no lines" if thinnest is None else f"{thinnest:g} pt",
                 f"at least {need} pt", thinnest is None or thinnest >= need - 1e-6,
                 source(rules, "lines"))


def text(facts: PdfFacts, rules: dict) -> Check | None:
    """No type smaller than the printer's minimum, as printed (matrices applied)."""
    need = rules.get("min_text_pt")
    if need is None:
        return None
    smallest = facts.smallest_text
    measured = "no text" if smallest is None else \
        f"{smallest[0]:g} pt as printed (page {smallest[1]})"
    return Check("smallest text", measured, f"at least {need:g} pt",
                 smallest is None or smallest[0] >= need - 1e-3, source(rules, "text size"))


def images(facts: PdfFacts, rules: dict) -> Check | None:
    """Every image at the printer's resolution at its placed size."""
    need = rules.get("min_image_dpi")
    if need is None:
        return None
    low = facts.lowest_image_dpi
    measured = "no images" if low is None else f"{low[0]:g} dpi (page {low[1]})"
    return Check("image resolution", measured, f"at least {need} dpi at placed size",
                 low is None or low[0] >= need - 0.5, source(rules, "images"))


def forbidden(facts: PdfFacts, rules: dict) -> list[Check]:
    """What the file may not hold: encryption, annotations, bookmarks, fields, scripts."""
    annotated = [(p.number, kind) for p in facts.pages for kind in p.annotations]
    found = {
        "encryption": ("encrypted (an owner password locks it)" if facts.encrypted
                       else "not encrypted"),
        "annotations": (f"{len(annotated)} (first: {annotated[0][1]} on page "
                        f"{annotated[0][0]})" if annotated else "none"),
        "bookmarks": f"{facts.bookmarks}" if facts.bookmarks else "none",
        "form fields": f"{facts.form_fields}" if facts.form_fields else "none",
        "javascript": ", ".join(facts.javascript[:3]) or "none",
    }
    bad = {"encryption": facts.encrypted, "annotations": bool(annotated),
           "bookmarks": bool(facts.bookmarks), "form fields": bool(facts.form_fields),
           "javascript": bool(facts.javascript)}
    return [Check(f"no {key}" if key != "encryption" else "not encrypted or locked",
                  found[key], "none" if key != "encryption" else "no password or lock",
                  not bad[key], source(rules, key))
            for key in found if rules.get(f"no_{key.replace(' ', '_')}")]


def spine_text(spans: list[tuple[float, float]], cover_w: float, trim_w: float,
               pages: int, rules: dict, bleed: float = 0.125) -> Check | None:
    """Words on the spine only where the printer allows them (a book of enough pages, a
    spine wide enough) and kept `fold_clear` inches from each fold; the spine is measured
    on the cover itself (its width less two trims and the bleed). `spans`: each glyph's
    left and right in inches (objects.glyph_spans). None where the printer sets no rule."""
    rule = rules.get("spine_text")
    if not rule:
        return None
    fold_l = bleed + trim_w
    fold_r = cover_w - bleed - trim_w
    on = [(a, b) for a, b in spans if b > fold_l and a < fold_r]
    need = [f"{rule['fold_clear']:g} in from each fold"]
    if "min_pages" in rule:
        need.insert(0, f"a book of {rule['min_pages']} pages or more")
    if "min_width" in rule:
        need.insert(0, f"a spine {rule['min_width']:g} in wide or more")
    if not on:
        return Check("spine text", "none", "; ".join(need), True, source(rules, "spine"))
    spine = fold_r - fold_l
    clear = min(min(a for a, _ in on) - fold_l, fold_r - max(b for _, b in on))
    ok = spine_text_allowed(rules, pages, spine) and clear >= rule["fold_clear"] - 1e-9
    return Check("spine text", f"on a {spine:.3f} in spine ({pages} pages), {clear:.4f} in "
                 "from the nearer fold", "; ".join(need), ok, source(rules, "spine"))
