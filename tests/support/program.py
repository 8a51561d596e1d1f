"""How tests run the real program: `python -m conundrum` with the interpreter running the tests.

Never a path such as `.venv/bin/conundrum`: the tests must pass wherever the
package is installed (a fresh venv from the sdist, a distribution's build).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CONUNDRUM: tuple[str, ...] = (sys.executable, "-m", "conundrum")


def run_program(*args: object, cwd: str | Path | None = None, env: dict[str, str] | None = None,
                input: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run `conundrum ARGS…` in a fresh process; stdout and stderr captured as text."""
    return subprocess.run([*CONUNDRUM, *(str(a) for a in args)], cwd=cwd,
                          env=None if env is None else {**os.environ, **env}, input=input,
                          capture_output=True, text=True, timeout=timeout)
