"""The `conundrum` program: each command parses, calls the library, prints.

Every user-facing fault (ConundrumError, or a bad option) becomes one line on
stderr and exit status 2.
"""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Annotated, Any

import typer

from ..errors import ConundrumError
from ..version import program_version

# Typer bundles its own click; reach its exception classes through a public one.
UsageError: type[Any] = typer.BadParameter.__mro__[1]
ClickException: type[Any] = typer.BadParameter.__mro__[2]

app = typer.Typer(
    name="conundrum",
    help="Generate, solve, check and print Chromino conundrums.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
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

# Each module registers its commands on `app`.
from . import core, generate, simulate  # noqa: E402,F401


def _load_plugins() -> None:
    """Commands from other installed packages (the renderers), in name order.

    A plugin that fails to load (broken, missing, or shadowed by a stray file
    of the same name in the working directory) costs its own commands only:
    one line on stderr names it, and every other command still works.
    """
    for ep in sorted(entry_points(group="conundrum.commands"), key=lambda e: e.name):
        try:
            ep.load()(app)
        except Exception as exc:  # any fault in someone else's code: report, go on
            print(f"conundrum: plugin {ep.name!r} ({ep.value}) not loaded: "
                  f"{type(exc).__name__}: {exc}{_shadow_hint(ep)}", file=sys.stderr)


def _shadow_hint(ep: EntryPoint) -> str:
    """A hint when a file in the working directory hides the plugin's package."""
    top = ep.module.split(".")[0]
    for name in (f"{top}.py", f"{top}/__init__.py"):
        if (Path.cwd() / name).exists() and sys.path[:1] in ([""], [str(Path.cwd())]):
            return f" (is ./{name} hiding the installed package?)"
    return ""


_load_plugins()


def main(argv: list[str] | None = None) -> int:
    """Run the program; return its exit status instead of raising."""
    try:
        code = app(args=argv, prog_name="conundrum", standalone_mode=False)
    except ConundrumError as exc:
        print(f"conundrum: {exc}", file=sys.stderr)
        return 2
    except UsageError as exc:
        cmd = exc.ctx.command_path if exc.ctx else "conundrum"
        message = exc.format_message().strip() or "no command given; the commands are listed above"
        print(f"{cmd}: {message}", file=sys.stderr)
        return 2
    except (typer.Abort, KeyboardInterrupt):
        print("conundrum: interrupted", file=sys.stderr)
        return 130
    except ClickException as exc:
        print(f"conundrum: {exc.format_message()}", file=sys.stderr)
        return 2
    return code if isinstance(code, int) else 0


def run() -> None:
    sys.exit(main())
