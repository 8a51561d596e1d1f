"""The program's version, as installed (pyproject.toml's `version`).

Generated puzzles and book manifests record it: a seed reproduces a puzzle
with the same version of the program (see `generator.version` in a puzzle).
"""

from __future__ import annotations

from functools import cache

DISTRIBUTION = "conundrum"


@cache  # read from the installed metadata once: every generated puzzle records it
def program_version() -> str:
    """The installed distribution's version; `0+unknown` when run from an uninstalled tree."""
    from importlib.metadata import PackageNotFoundError, version  # lazy: start-up (25 ms)

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
