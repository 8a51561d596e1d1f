"""Puzzles for the renderer tests: grown at random but reproducibly, legal by construction."""

from __future__ import annotations

import random

from conundrum.board import Board
from conundrum.placement import Placement
from conundrum.puzzle import Given, Puzzle
from conundrum.rules import ruleset
from conundrum.solver import positions
from conundrum.tiles import tile_set

START = Placement("B*Y", (0, 0), "h")


def grown_board(tiles: int, seed: int) -> Board:
    """A legal standard board of about `tiles` tiles, each laid legally after the last."""
    rng = random.Random(seed)
    rules = ruleset("standard")
    board = Board([START])
    pool = [t for t in tile_set() if not board.contains(t)]
    rng.shuffle(pool)
    while len(board) < tiles and pool:
        for code in list(pool):
            found = positions(board, code, rules)
            if found:
                board.add(rng.choice(found))
                pool.remove(code)
                break
        else:
            break
    return board


def grown_puzzle(tiles: int, seed: int, given: int = 2, title: str | None = "Test puzzle",
                 low: int = 2, high: int = 9) -> Puzzle:
    """A puzzle on a grown board whose given tiles have between `low` and `high` positions."""
    board = grown_board(tiles, seed)
    rules = ruleset("standard")
    chosen: list[Given] = []
    for code in sorted(t for t in tile_set() if not board.contains(t)):
        n = len(positions(board, code, rules))
        if low <= n <= high and len(chosen) < given:
            chosen.append(Given(code, n))
    return Puzzle(board, chosen, title=title)


def small_puzzle() -> Puzzle:
    """The SPEC example: two tiles, YYB given with 5 positions."""
    board = Board([Placement("Y*B", (0, 0), "h"), Placement("YGB", (0, 1), "h")])
    return Puzzle(board, [Given("YYB", 5)], title="Conundrum 7")


def busy_puzzle(tiles: int = 50, seed: int = 5, given: int = 5) -> Puzzle:
    """A puzzle whose given tiles have the most positions on its board (long answer keys)."""
    board = grown_board(tiles, seed)
    rules = ruleset("standard")
    free = sorted(t for t in tile_set() if not board.contains(t))
    ranked = sorted(free, key=lambda code: (-len(positions(board, code, rules)), code))
    chosen = [Given(code, len(positions(board, code, rules))) for code in ranked[:given]]
    return Puzzle(board, chosen, title="Busy board")


def write_puzzle(path, puzzle: Puzzle) -> None:
    from conundrum.puzzle import save_puzzle

    save_puzzle(puzzle, path)
