"""The `render` command, plugged into the `conundrum` CLI (see pyproject entry points)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the `render` command to the CLI."""
