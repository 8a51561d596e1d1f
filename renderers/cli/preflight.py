"""The `preflight` command: parse arguments, check the files, print the table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from conundrum.options import COLOUR_MODES, INKS, PAPERS, PRINTERS, choices
from conundrum.terminal import shown


def preflight(
    interior: Annotated[Path, typer.Argument(help="The book's interior PDF.")],
    cover: Annotated[Path | None, typer.Option(
        "--cover", help="The full-wrap cover PDF, checked against the interior's pages.")
    ] = None,
    printer: Annotated[str | None, typer.Option(
        "--printer", help=f"Whose rules: {choices(PRINTERS)} (kdp: Amazon KDP paperback; "
        "each a data file in renderers/page/printers/ naming its sources). Default: what "
        "our own book records, else kdp.")] = None,
    colour: Annotated[str | None, typer.Option(
        "--colour", help="The colour mode the book was made in (its spec's `colour:`: "
        f"{choices(COLOUR_MODES)}): every colour operator must be of it. Default: what our "
        "own book records, else not checked.")] = None,
    ink: Annotated[str | None, typer.Option(
        "--ink", help=f"{choices(INKS)}: the printing the page "
        "count limits are for. Default: what our own book records, else black.")] = None,
    paper: Annotated[str | None, typer.Option(
        "--paper", help=f"{choices(PAPERS)}: the paper the page limits and the spine "
        "width are for. Default: what our own book records, else white.")] = None,
) -> None:
    """Check a finished book (and its cover) against a printer's published rules, one row
    a rule with its figure, limit and source; exit 0 when all pass, 1 when any fails."""
    from rich.table import Table

    from conundrum.cli import console  # lazy: conundrum.cli loads this plugin (a cycle)
    from renderers.preflight import preflight as check

    report = check(interior, cover, printer=printer, colour=colour, ink=ink, paper=paper)
    # user text (file names, figures read from the file) never goes through rich markup
    table = Table(title=Text(f"{shown(interior)}: {report.printer}"))
    for column in ("rule", "figure", "limit", "source", "result"):
        table.add_column(column)
    for c in report.checks:
        table.add_row(Text(shown(c.rule)), Text(shown(c.measured)), Text(shown(c.required)),
                      Text(shown(c.source)), Text("pass", style="green") if c.ok
                      else Text("FAIL", style="bold red"))
    out = console()
    out.print(table)
    if report.learned:
        out.print(shown(report.learned), markup=False, highlight=False)
    failed = sum(not c.ok for c in report.checks)
    out.print("every rule passes" if not failed else f"{failed} rule(s) fail",
              style="bold green" if not failed else "bold red", markup=False)
    raise typer.Exit(0 if not failed else 1)


def register(app: typer.Typer) -> None:
    """Add the `preflight` command to the CLI."""
    app.command(epilog="Example: conundrum preflight book.pdf --cover book-cover.pdf "
                "--printer kdp")(preflight)
