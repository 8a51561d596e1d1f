"""Printers' published rules, one data file a printer (printers/<name>.yaml), with their
source named in the file: what `preflight` checks, and the paper thickness a cover's
spine is made of."""

from __future__ import annotations

from importlib import resources
from typing import Any

from conundrum.errors import ConundrumError
from conundrum.files import yaml_mapping
from conundrum.options import PAPERS, PRINTERS
from conundrum.terminal import shown


def printer_rules(name: str = "kdp") -> dict[str, Any]:
    """The rules of printer `name`; ConundrumError for an unknown one."""
    if name not in PRINTERS:
        raise ConundrumError(f"--printer {shown(name)}: choose {', '.join(PRINTERS)}")
    text = resources.files(__package__).joinpath(f"printers/{name}.yaml").read_text("utf-8")
    return yaml_mapping(text, f"printer rules {name}", ConundrumError, "printer's rules",
                        "`name:` and `trim_sizes:`")


def spine_text_allowed(rules: dict[str, Any], pages: int, spine_in: float) -> bool:
    """Whether a printer's rules (`printer_rules`; their `spine_text:`) let a book of
    `pages` pages, on a spine `spine_in` inches wide, carry words on its spine: KDP from 80
    pages, IngramSpark from a 0.35 in spine; a printer with no rule: always. The cover
    (renderers/book/cover_layout.py) and `preflight` ask the same question here."""
    rule = rules.get("spine_text") or {}
    return pages >= int(rule.get("min_pages", 0)) and \
        spine_in >= float(rule.get("min_width", 0.0)) - 1e-9


def paper_thickness(paper: str = "white", printer: str = "kdp") -> float:
    """Inches a page of `paper` adds to the spine, from the printer's table.

    >>> paper_thickness("cream")
    0.0025
    """
    table = printer_rules(printer)["paper_thickness"]
    if paper not in table:
        raise ConundrumError(f"paper {paper!r}: choose {', '.join(PAPERS)}")
    return float(table[paper])
