"""Conundrum: generate, solve, check and print Chromino conundrums.

    import conundrum
    puzzle = conundrum.load_puzzle("p.yaml")
    for p in conundrum.positions(puzzle.board, "YYB", rules=puzzle.ruleset):
        p.code, p.at, p.dir

The names below are loaded when first used, so that importing a submodule (as the
program does when it starts, in `conundrum.__main__.start`) runs no other module first:
a limit reached or Ctrl-C while the program loads is then still told in one line.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import Board
    from .errors import ConundrumError
    from .placement import Placement
    from .puzzle import Given, Puzzle, load_puzzle, save_puzzle
    from .rules import RULESETS, JuniorRules, RuleSet, StandardRules, ruleset
    from .solver import counts, positions
    from .tiles import DEFAULT_CHAMELEONS, STANDARD_TILES, Tile, tile_set

_HOMES = {
    "board": ("Board",), "errors": ("ConundrumError",), "placement": ("Placement",),
    "puzzle": ("Given", "Puzzle", "load_puzzle", "save_puzzle"),
    "rules": ("RULESETS", "JuniorRules", "RuleSet", "StandardRules", "ruleset"),
    "solver": ("counts", "positions"),
    "tiles": ("DEFAULT_CHAMELEONS", "STANDARD_TILES", "Tile", "tile_set"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Board", "ConundrumError", "Placement", "RuleSet", "StandardRules", "JuniorRules",
    "RULESETS", "ruleset", "positions", "counts", "Tile", "tile_set",
    "DEFAULT_CHAMELEONS", "STANDARD_TILES", "load_puzzle", "save_puzzle", "Puzzle", "Given",
]


def __getattr__(name: str) -> Any:
    """`conundrum.Board` and the other names of `__all__`, imported on first use."""
    if name not in _HOME:
        raise AttributeError(f"module 'conundrum' has no attribute {name!r}")
    value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the lazily loaded ones included."""
    return sorted(set(globals()) | set(__all__))
