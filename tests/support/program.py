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


def _made_from(app: typer.Typer) -> list[object]:
    """What typer's click command is made from: the app and every command and group on it
    (their callbacks), so a command registered later (a plugin loaded by a test) makes a
    new one."""
    parts: list[object] = [app, *(c.callback for c in app.registered_commands)]
    for group in app.registered_groups:
        if group.typer_instance is not None:
            parts += _made_from(group.typer_instance)
    return parts


@contextlib.contextmanager
def cli_built_once() -> Iterator[None]:
    """Within it, typer turns the program's app into its click command once, not again at
    every in-process `main()`: that conversion (15-35 ms, ten times that under
    tracemalloc; about 20 CPU seconds of the fast set, tests/conftest.py) is the same each
    time, and click runs one command any number of times."""
    # by the ids of what the command is made from, kept alive beside it so that no id is
    # reused by another app or callback while its command is kept
    made: dict[tuple[int, ...], tuple[object, list[object]]] = {}
    convert = typer.main.get_command

    def built_once(app: typer.Typer) -> object:
        parts = _made_from(app)
        key = tuple(id(p) for p in parts)
        if key not in made:
            made[key] = (convert(app), parts)
        return made[key][0]

    typer.main.get_command = built_once  # type: ignore[assignment]
    try:
        yield
    finally:
        typer.main.get_command = convert
