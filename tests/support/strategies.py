"""Hypothesis strategies: random legal boards grown tile by tile, as games grow them."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.placement import Placement
from conundrum.rules import ruleset
from conundrum.solver import positions
from conundrum.tiles import DEFAULT_CHAMELEONS


def grow(seed: int, n_tiles: int, rules: str = "standard") -> Board:
    """A board of up to n_tiles laid one by one, each legal when laid."""
    rng = random.Random(seed)
    rs = ruleset(rules)
    start = rng.choice(DEFAULT_CHAMELEONS)
    board = Board([Placement(start, (0, 0), rng.choice("hv"))])
    bag = [t for t in rs.tiles if not board.contains(t)]
    rng.shuffle(bag)
    progress = True
    while progress and len(board) < n_tiles:  # several passes, as players keep drawing
        progress = False
        for code in list(bag):
            if len(board) >= n_tiles:
                break
            options = positions(board, code, rs)
            if options:
                board.add(rng.choice(options))
                bag.remove(code)
                progress = True
    return board


def boards(max_tiles: int = 30, rules: str = "standard"):
    return st.builds(grow, st.integers(0, 10**9), st.integers(1, max_tiles), st.just(rules))
