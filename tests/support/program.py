"""How tests run the real program: `python -m conundrum` with the interpreter running the tests.

Never a path such as `.venv/bin/conundrum`: the tests must pass wherever the
package is installed (a fresh venv from the sdist, a distribution's build).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import typer
import typer.main

CONUNDRUM: tuple[str, ...] = (sys.executable, "-m", "conundrum")


def run_program(*args: object, cwd: str | Path | None = None, env: dict[str, str] | None = None,
                input: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run `conundrum ARGS…` in a fresh process; stdout and stderr captured as text."""
    return subprocess.run([*CONUNDRUM, *(str(a) for a in args)], cwd=cwd,
                          env=None if env is None else {**os.environ, **env}, input=input,
                          capture_output=True, text=True, timeout=timeout)


def _commands_key(app: typer.Typer) -> tuple[object, ...]:
    """What typer's click command is made from: the app and every command and group on it,
    so a command registered later (a plugin loaded by a test) makes a new one."""
    return (id(app), tuple(id(c.callback) for c in app.registered_commands),
            tuple(_commands_key(g.typer_instance) for g in app.registered_groups
                  if g.typer_instance is not None))


@contextlib.contextmanager
def cli_built_once() -> Iterator[None]:
    """Within it, typer turns the program's app into its click command once, not again at
    every in-process `main()`: that conversion (about 15 ms, ten times that under
    tracemalloc) is the same each time, and click runs one command any number of times."""
    made: dict[tuple[object, ...], object] = {}
    convert = typer.main.get_command

    def built_once(app: typer.Typer) -> object:
        key = _commands_key(app)
        if key not in made:
            made[key] = convert(app)
        return made[key]

    typer.main.get_command = built_once  # type: ignore[assignment]
    try:
        yield
    finally:
        typer.main.get_command = convert
