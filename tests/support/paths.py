"""Where things are: the repository's root and the puzzles it ships; a script of the
repository's that is no package's module, loaded."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
EXAMPLE = PUZZLES / "spec-example.yaml"


def module_at(path: Path) -> ModuleType:
    """The Python file at `path` (a docs hook, docs/make_images.py: no package's module),
    run afresh as a module named after it."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
