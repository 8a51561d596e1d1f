"""Conundrum: generate, solve, check and print Chromino conundrums."""

from .board import Board
from .errors import ConundrumError
from .placement import Placement
from .rules import JuniorRules, RuleSet, StandardRules, rules_for
from .solver import counts, positions
from .tiles import DEFAULT_CHAMELEONS, STANDARD_TILES, Tile, tile_set

__all__ = [
    "Board", "ConundrumError", "Placement", "RuleSet", "StandardRules", "JuniorRules",
    "rules_for", "positions", "counts", "Tile", "tile_set", "DEFAULT_CHAMELEONS",
    "STANDARD_TILES", "load_puzzle", "save_puzzle", "Puzzle",
]


def __getattr__(name: str):
    # puzzle.py pulls in YAML; import it only when asked for
    if name in ("load_puzzle", "save_puzzle", "Puzzle"):
        from . import puzzle
        return getattr(puzzle, name)
    raise AttributeError(name)
