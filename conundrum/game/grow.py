"""Growing realistic boards for the generator: a game played until the board has n tiles."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..board import Board
from ..errors import GenerationError
from ..rules import RuleSet
from ..tiles import tile_set
from .engine import Game
from .options import GameOptions

ATTEMPTS = 20


def grow_board(n_tiles: int, rng: random.Random, rules: str | RuleSet = "standard",
               bot: str = "greedy", *, players: int = 1, draw: str = "one",
               chameleons: tuple[str, ...] | None = None,
               attempts: int = ATTEMPTS,
               within: Callable[[Board], bool] | None = None) -> Board:
    """A legal board of exactly `n_tiles` tiles (start included), laid as a game lays them.

    Plays games (solo by default, so a board can grow to most of the set)
    seeded from `rng` and stops the first one whose board reaches `n_tiles`;
    a game that ends sooner is replaced by the next. The board's placements
    are in laying order. Raises GenerationError when `attempts` games all
    end short, or as soon as a game's board stops meeting `within` (the generator's room
    on a book's page: a game's board only grows, so such a game would be thrown away
    whether it ended there or later; it is not played out).
    """
    if isinstance(rules, RuleSet):
        chameleons = rules.chameleons
    name = rules.name if isinstance(rules, RuleSet) else rules
    options = GameOptions(players=players, rules=name, draw=draw, bots=(bot,),
                          chameleons=chameleons).validated()
    total = len(tile_set(options.chameleons))
    if isinstance(n_tiles, bool) or not isinstance(n_tiles, int) or not 1 <= n_tiles <= total:
        raise GenerationError(f"a board holds 1 to {total} tiles, not {n_tiles}")
    longest = 0
    for _ in range(attempts):
        game = Game(options, rng.getrandbits(64))
        while not game.over and len(game.board) < n_tiles:
            game.play_turn()
            if within is not None and not within(game.board):
                raise GenerationError(f"a game's board of {len(game.board)} tiles spread "
                                      "past the room it must grow in")
        if len(game.board) >= n_tiles:
            return game.board
        longest = max(longest, len(game.board))
    raise GenerationError(
        f"could not grow a {options.rules} board of {n_tiles} tiles: {attempts} games by "
        f"{bot} bots ended at {longest} tiles at most")
