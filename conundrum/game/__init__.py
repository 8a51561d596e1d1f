"""Whole Chromino games: the engine, its bots, and board growth for the generator."""

from .bots import BOTS, Bot, CautiousBot, GreedyBot, RandomBot, make_bot
from .engine import Game, InvariantError, play_game
from .grow import grow_board
from .moves import Move, legal_moves
from .options import GameOptions, parse_draw
from .record import Action, GameRecord
from .stats import GameStats
from .view import PlayerView

__all__ = [
    "BOTS", "Bot", "CautiousBot", "GreedyBot", "RandomBot", "make_bot", "Game",
    "InvariantError", "play_game", "grow_board", "Move", "legal_moves", "GameOptions",
    "parse_draw", "Action", "GameRecord", "GameStats", "PlayerView",
]
