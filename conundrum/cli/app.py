"""The Typer app every command registers on, and the helpers commands share with plugins.

Its own module so that the command modules (core, generate, ...) and the plugins
(renderers/cli/*) import it, never the package that imports them back: no
parent/child import loop in `conundrum.cli`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..version import program_version

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["app", "console"]

app = typer.Typer(
    name="conundrum",
    help="Generate, solve, check and print Chromino conundrums.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
    # click's plain help: it lists choices as [en|fr|…] and ranges as [30<=x<=1200], and
    # spares every start-up the import of rich's markdown and layout modules (start-up budget)
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"conundrum {program_version()}")
        raise typer.Exit()


@app.callback()
def _program_options(
    version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the program's version and exit.")] = False,
) -> None:
    """Generate, solve, check and print Chromino conundrums."""


def console() -> Console:
    """A rich console for a command's output (no syntax highlighting, lines never cut): the
    one plugins print tables with too."""
    from rich.console import Console  # lazy: --help needs no console (start-up)

    return Console(highlight=False, soft_wrap=True)
