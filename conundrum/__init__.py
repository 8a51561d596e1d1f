"""Conundrum: generate, solve, check and print Chromino conundrums.

    import conundrum
    puzzle = conundrum.load_puzzle("p.yaml")
    for p in conundrum.positions(puzzle.board, "YYB", rules=puzzle.ruleset):
        p.code, p.at, p.dir
"""

from .board import Board
from .errors import ConundrumError
from .placement import Placement
from .puzzle import Given, Puzzle, load_puzzle, save_puzzle
from .rules import RULESETS, JuniorRules, RuleSet, StandardRules, ruleset
from .solver import counts, positions
from .tiles import DEFAULT_CHAMELEONS, STANDARD_TILES, Tile, tile_set

__all__ = [
    "Board", "ConundrumError", "Placement", "RuleSet", "StandardRules", "JuniorRules",
    "RULESETS", "ruleset", "positions", "counts", "Tile", "tile_set",
    "DEFAULT_CHAMELEONS", "STANDARD_TILES", "load_puzzle", "save_puzzle", "Puzzle", "Given",
]
