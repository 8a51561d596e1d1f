"""Where things are: the repository's root and the puzzles it ships."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
EXAMPLE = PUZZLES / "spec-example.yaml"
