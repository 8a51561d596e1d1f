"""The `conundrum` program: each command parses, calls the library, prints.

Every user-facing fault (ConundrumError, or a bad option) becomes one line on
stderr and exit status 2.
"""

from __future__ import annotations

import sys
from importlib.metadata import entry_points

import typer

from ..errors import ConundrumError

# Typer bundles its own click; reach its exception classes through a public one.
UsageError = typer.BadParameter.__mro__[1]
ClickException = typer.BadParameter.__mro__[2]

app = typer.Typer(
    name="conundrum",
    help="Generate, solve, check and print Chromino conundrums.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Each module registers its commands on `app`.
from . import core, extract, generate, simulate  # noqa: E402,F401


def _load_plugins() -> None:
    """Commands from other installed packages (the renderers), in name order."""
    for ep in sorted(entry_points(group="conundrum.commands"), key=lambda e: e.name):
        ep.load()(app)


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
