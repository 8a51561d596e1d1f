"""What one player may see: the board, their own hand, and what the rules show of others.

A bot gets a PlayerView, never the engine, so a strategy cannot peek at the
bag or at hidden hands. With hidden hands a player down to one tile shows it
(docs/rules.md); with open hands every hand is visible.
"""

from __future__ import annotations

from ..board import Board
from ..placement import Cell, Placement
from ..rules import RuleSet
from ..scoring import expert_score
from .moves import Move


class PlayerView:
    """One player's view of the game at the moment they must choose a move."""

    __slots__ = ("player", "hand", "bag_size", "hand_sizes", "scores", "scoring", "rules",
                 "open_hands", "_board", "_visible")

    def __init__(self, *, player: int, hand: tuple[str, ...], board: Board, rules: RuleSet,
                 bag_size: int, hands: list[list[str]], scores: tuple[int, ...],
                 scoring: str, open_hands: bool) -> None:
        self.player = player
        self.hand = hand
        self.bag_size = bag_size
        self.hand_sizes = tuple(len(h) for h in hands)
        self.scores = scores
        self.scoring = scoring
        self.rules = rules
        self.open_hands = open_hands
        self._board = board
        # copies, taken now: the view shows what was visible, nothing a bot can change
        self._visible = tuple(tuple(sorted(h)) if open_hands or len(h) == 1 or i == player
                              else None for i, h in enumerate(hands))

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hand_sizes)

    def visible_hand(self, player: int) -> tuple[str, ...] | None:
        """Another player's tiles when the rules show them, else None."""
        return self._visible[player]

    @property
    def placements(self) -> tuple[Placement, ...]:
        """The board in laying order, start first."""
        return tuple(self._board)

    def colour_at(self, cell: Cell) -> str | None:
        """The colour on a cell of the board, or None when it is empty."""
        return self._board.colour_at(cell)

    def points(self, move: Move) -> int:
        """What the move would score under expert scoring."""
        return expert_score(self._board, move.placement)
