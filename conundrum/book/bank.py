"""Tries passed over, kept for a later slot of their section (issue 35).

A try whose puzzle a slot passed over for its section's variety (a tile a puzzle
decided meanwhile gave, a shape class full for now), none of its board's alternates
taken either, is a whole puzzle made and proven: the generation it cost is thrown
away. Kept here, it is offered to a later slot of the section in place of that slot's
own first try, where its tiles are ones the slot's plan does not avoid and its shape
class has room among the boards the plan knows; the slot's puzzle is then decided
from it as from any try (alternates included), at no generation. A slot it does not
suit tries again as usual, planned from every puzzle before it.

Which try a slot is offered is a function of the puzzles decided before the slot's
plan (plan.py, `known`) and of results that are functions of their tasks: kept tries
come from slots the plan knows, each is offered once, to the first slot it suits, in
slot order. The book stays a function of its spec for any `--jobs` and on `--resume`;
a puzzle taken from a kept try keeps that try's recipe (its seed and request).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..puzzle import Puzzle
from .plan import known, shapes_before
from .tasks import Task
from .variety import SectionVariety, aspect_class, running_cap, tile_key


@dataclass(frozen=True)
class Kept:
    """A try passed over: its task, its puzzle's tiles (keys) and its board's class."""

    task: Task
    tiles: frozenset[str]
    shape: str | None


@dataclass
class Bank:
    """The tries a section passed over, in the order they were decided, and which slot
    each was offered to."""

    kept: list[Kept] = field(default_factory=list)
    offered: dict[int, int] = field(default_factory=dict)  # index in `kept` -> slot

    def keep(self, task: Task, puzzle: Puzzle) -> None:
        """Keep a try passed over (not one itself taken from the bank: offered once)."""
        if task.origin is None:
            shape = aspect_class(puzzle.board) if puzzle.board.placements else None
            self.kept.append(Kept(task, frozenset(tile_key(g.code) for g in puzzle.given),
                                  shape))

    def offer(self, task: Task, variety: SectionVariety) -> Task:
        """`task` (a slot's first try, as planned) or, where a kept try suits its slot,
        that try in its place."""
        if task.attempt or task.score is not None or task.kind != "count":
            return task  # a slot at its grade's band edge asks for its part of the band
        seen = known(task.slot, 0)
        avoid = set(task.avoid or ())
        # the classes of the boards the plan knows, and those the slots between lean to
        shapes = shapes_before(variety, seen, task.slot)
        cap = running_cap(task.slot + 1)
        for index, kept in enumerate(self.kept):
            if kept.task.slot >= seen or index in self.offered:
                continue  # made meanwhile (not known to the plan), or offered already
            if kept.tiles & avoid or (kept.shape is not None and shapes[kept.shape] >= cap):
                continue
            self.offered[index] = task.slot
            return replace(task, seed=kept.task.seed, origin=kept.task)
        return task
