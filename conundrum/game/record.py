"""What a game leaves behind: its moves, its board, who won and why."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..placement import Placement


@dataclass(frozen=True)
class Action:
    """One entry of a game record: the start, a tile laid, a tile drawn, or a pass."""

    player: int | None
    action: str  # start | play | draw | pass
    placement: Placement | None = None
    turn: int = 0
    round: int = 0
    tile: str | None = None  # the tile laid or drawn (canonical code)
    contacts: int | None = None  # matching contacts of a play
    points: int | None = None  # expert score of a play

    def as_dict(self) -> dict[str, Any]:
        """The action as the game record's JSON writes it (tile, contacts and points only when
        set)."""
        out: dict[str, Any] = {
            "player": self.player, "action": self.action,
            "placement": None if self.placement is None else self.placement.as_dict(),
            "turn": self.turn, "round": self.round,
        }
        if self.tile is not None:
            out["tile"] = self.tile
        if self.contacts is not None:
            out["contacts"] = self.contacts
        if self.points is not None:
            out["points"] = self.points
        return out


@dataclass
class GameRecord:
    """A finished game. `scores` are expert totals, or under standard scoring tiles held."""

    seed: int
    options: dict[str, Any]
    moves: list[Action]
    board: list[Placement]
    winners: list[int]
    scores: list[int]
    end: str  # "out" (someone laid their last tile) or "blocked"
    reason: str
    hands: list[list[str]]
    bag: int
    rounds: int
    turns: int
    draws: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    @property
    def plays(self) -> int:
        """The number of tiles laid by the players (draws and passes not counted)."""
        return sum(1 for a in self.moves if a.action == "play")

    def as_dict(self) -> dict[str, Any]:
        """The docs/formats.md record (`moves`, `board`, `winners`, `scores`) plus context keys."""
        return {
            "moves": [a.as_dict() for a in self.moves],
            "board": [p.as_dict() for p in self.board],
            "winners": list(self.winners),
            "scores": {str(i): s for i, s in enumerate(self.scores)},
            "end": self.end,
            "reason": self.reason,
            "seed": self.seed,
            "options": self.options,
            "rounds": self.rounds,
            "turns": self.turns,
            "hands": {str(i): list(h) for i, h in enumerate(self.hands)},
            "bag": self.bag,
            "draws": {str(i): n for i, n in enumerate(self.draws)},
            "points": {str(i): n for i, n in enumerate(self.points)},
        }

    def to_json(self) -> str:
        """Stable text: the same game gives the same bytes. One move per line, to be read."""
        return compact_json(self.as_dict())


def compact_json(doc: dict[str, Any]) -> str:
    """A mapping as JSON: each top-level key on a line, and each mapping in a top-level list."""
    parts = []
    for key, value in doc.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n".join(f"    {json.dumps(v)}" for v in value)
            parts.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
