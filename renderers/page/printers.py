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


def paper_thickness(paper: str = "white", printer: str = "kdp") -> float:
    """Inches a page of `paper` adds to the spine, from the printer's table.

    >>> paper_thickness("cream")
    0.0025
    """
    table = printer_rules(printer)["paper_thickness"]
    if paper not in table:
        raise ConundrumError(f"paper {paper!r}: choose {', '.join(PAPERS)}")
    return float(table[paper])
