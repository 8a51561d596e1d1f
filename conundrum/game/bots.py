"""Bots: strategies behind one small interface.

A bot is given a PlayerView and the non-empty list of legal moves (sorted, so
its choice depends only on its own seeded random source) and returns one of
them. Ties are broken by that random source, never by set or dict order.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..errors import ConundrumError
from .moves import Move
from .view import PlayerView


class Bot(ABC):
    """A strategy: pick one of the legal moves."""

    name: ClassVar[str] = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abstractmethod
    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """One of `moves` (never empty)."""

    def _best(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Highest value: points under expert scoring, else matching contacts; random among ties."""
        key: Callable[[Move], tuple[int, ...]]
        if view.scoring == "expert":
            points = {m: view.points(m) for m in moves}
            def key(m: Move) -> tuple[int, ...]:
                return (points[m], m.contacts)
        else:
            def key(m: Move) -> tuple[int, ...]:
                return (m.contacts,)
        top = max(key(m) for m in moves)
        return self.rng.choice([m for m in moves if key(m) == top])


class RandomBot(Bot):
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Any one of `moves` (never empty), uniformly at random."""
        return self.rng.choice(list(moves))


class GreedyBot(Bot):
    """The move with the most matching contacts (under expert scoring: the most points)."""

    name = "greedy"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The best of `moves` (never empty); ties broken at random."""
        return self._best(view, moves)


class CautiousBot(Bot):
    """Greedy, but keeps its chameleons for when nothing else fits."""

    name = "cautious"

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The best of `moves` (never empty) that is not a chameleon, or the best chameleon
        when only chameleons fit; ties broken at random."""
        plain = [m for m in moves if not m.is_chameleon]
        return self._best(view, plain or moves)


BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (CautiousBot, GreedyBot, RandomBot)}


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by name, drawing its random choices from `rng`. ConundrumError for an unknown name."""
    cls = BOTS.get(str(name).strip().lower())
    if cls is None:
        raise ConundrumError(f"unknown bot {name!r}; choose {', '.join(sorted(BOTS))}")
    return cls(rng)
