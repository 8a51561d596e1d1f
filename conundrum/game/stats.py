"""Statistics over many games: win rates per bot and per seat, lengths, board sizes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .record import GameRecord


@dataclass
class Rate:
    """Games played and won by one bot, or from one seat."""

    seats: int = 0  # games played in this seat / by this bot (one per seat it held)
    wins: int = 0  # joint wins count for every winner

    @property
    def rate(self) -> float:
        """Wins per game played (0.0 before any game)."""
        return self.wins / self.seats if self.seats else 0.0

    def as_dict(self) -> dict[str, Any]:
        """Games, wins and the win rate (to 4 places), as `simulate --json` writes them."""
        return {"seats": self.seats, "wins": self.wins, "win_rate": round(self.rate, 4)}


@dataclass
class GameStats:
    """Running totals, fed one finished game at a time."""

    games: int = 0
    turns: int = 0
    plays: int = 0
    draws: int = 0
    board_tiles: int = 0
    blocked: int = 0
    shared: int = 0  # games with more than one winner
    bots: dict[str, Rate] = field(default_factory=dict)
    seats: dict[int, Rate] = field(default_factory=dict)
    seat_bots: dict[int, str] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        """Count one finished game into the totals and the per-bot and per-seat rates."""
        self.games += 1
        self.turns += record.turns
        self.plays += record.plays
        self.draws += sum(record.draws)
        self.board_tiles += len(record.board)
        self.blocked += record.end == "blocked"
        self.shared += len(record.winners) > 1
        winners = set(record.winners)
        for seat, name in enumerate(record.options["bots"]):
            won = seat in winners
            for rate in (self.bots.setdefault(name, Rate()), self.seats.setdefault(seat, Rate())):
                rate.seats += 1
                rate.wins += won
            self.seat_bots[seat] = name

    def mean(self, total: int) -> float:
        """`total` per game (0.0 before any game)."""
        return total / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The totals as `simulate --json` writes them: means to 3 places, bots and seats sorted."""
        return {
            "games": self.games,
            "mean_turns": round(self.mean(self.turns), 3),
            "mean_plays": round(self.mean(self.plays), 3),
            "mean_draws": round(self.mean(self.draws), 3),
            "mean_board_tiles": round(self.mean(self.board_tiles), 3),
            "blocked": self.blocked,
            "shared_wins": self.shared,
            "bots": {name: self.bots[name].as_dict() for name in sorted(self.bots)},
            "seats": {str(s): {"bot": self.seat_bots[s], **self.seats[s].as_dict()}
                      for s in sorted(self.seats)},
        }
