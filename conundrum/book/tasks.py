"""A book's tries: what one try at one slot asks the generator for (`Task`), from the
book's seed and the section's plan (variety.py, plan.py)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from ..generate.choose import avoid_mask
from ..generate.difficulty import level_params
from .plan import (
    avoid_for,
    kinds_for,
    known,
    lane_later,
    lean_tiles,
    leaning,
    shape_for,
    uses_of,
)
from .seeds import slot_seed
from .spec import BookSpec
from .variety import ASK_TRIES, ASPECT_TRIES, VARIETY_TRIES, SectionVariety, edge_window

if TYPE_CHECKING:
    from ..generate import GenerateRequest


@dataclass(frozen=True)
class Task:
    """One try at one slot: what to ask the generator for, and with which seed."""

    section: int
    slot: int
    attempt: int
    seed: int
    difficulty: int
    tiles: int | None
    given: int | None
    positions: tuple[int, ...] | None
    rules: str = "standard"
    max_grid: tuple[int, int] | None = None  # the largest grid the book's page prints
    kinds: tuple[str, ...] | None = None  # the kinds of given tile planned (variety.py)
    score: tuple[float, float] | None = None  # the part of the grade's band (variety.py)
    kind: str = "count"  # count | all: the question the puzzle asks
    leans: bool = False  # max_grid leans to a shape the section lacks (variety.py, `lean`)
    avoid: tuple[str, ...] | None = None  # tiles the section gave (plan.py, `avoid_for`)
    later: tuple[str, ...] | None = None  # tiles it gave more than others of their kind
    seen: int = 0  # how many of the section's puzzles the plan knew (plan.py, `known`)
    # a try passed over at an earlier slot, offered to this one in its place (bank.py):
    # its request and seed are this try's
    origin: Task | None = None

    @property
    def where(self) -> tuple[int, int, int]:
        """(section, slot, attempt): the order tries are decided in."""
        return (self.section, self.slot, self.attempt)

    @property
    def asks(self) -> bool:
        """Whether the try asks for the book's plan (kinds, a part of the band, a shape)."""
        return self.kinds is not None or self.score is not None or self.leans

    def request(self) -> dict:
        """The generator's arguments: all that decides the result (slot and attempt do not)."""
        # asked several times a try: its masks made once
        return dict(_request(self.origin or self))

    def _arguments(self) -> dict:
        request: dict[str, object] = {"tiles": self.tiles, "given": self.given,
                   "positions": None if self.positions is None else list(self.positions),
                   "seed": self.seed, "difficulty": self.difficulty, "rules": self.rules,
                   "method": "search"}
        if self.max_grid is not None:
            request["max_grid"] = list(self.max_grid)
        if self.kinds is not None:
            request["kinds"] = list(self.kinds)
        if self.score is not None:
            request["score"] = list(self.score)
        if self.avoid is not None:
            request["avoid"] = avoid_mask(self.avoid)
        if self.later is not None:
            request["later"] = avoid_mask(self.later)
        if self.kind != "count":  # a count puzzle's request (and work-file key) as before
            request["kind"] = self.kind
        return request

    def key(self) -> str:
        """The task's identity in the work file: a SHA-256 of `request()`, in hex."""
        return _key(self)


def task_for(spec: BookSpec, section: int, slot: int, attempt: int,
             max_grid: tuple[int, int] | None = None,
             kinds: tuple[str, ...] | None = None,
             score: tuple[float, float] | None = None) -> Task:
    """The task for one try at slot `slot` of section `section`, its seed drawn from the
    book's seed; `max_grid` caps the board's grid, `kinds` are the kinds of given tile the
    book planned for the slot and `score` the part of the grade's band it asks for.
    IndexError for a section the spec lacks."""
    s = spec.sections[section]
    return Task(section, slot, attempt, slot_seed(spec.seed, section, slot, attempt),
                s.difficulty, s.tiles, s.given, s.positions, max_grid=max_grid, kinds=kinds,
                score=score, kind=s.kind)


def generate_request(request: dict) -> GenerateRequest:
    """A task's `request()` as the generator's request."""
    from ..generate import GenerateRequest

    req = dict(request)
    req["positions"] = None if req["positions"] is None else tuple(req["positions"])
    for name in ("max_grid", "kinds", "score"):
        if req.get(name) is not None:
            req[name] = tuple(req[name])
    return GenerateRequest(**req)


def slot_task(spec: BookSpec, plans: Sequence[Sequence[tuple[str, ...] | None]],
              section: int, slot: int, attempt: int,
              max_grid: tuple[int, int] | None = None) -> Task:
    """The task a build runs for one try at a slot, with what the book's plan (variety.py,
    `plan_kinds`) asks of it. What the plan asks may be out of reach on the page: a slot at
    a band's edge asks for its kinds and the edge, then the edge alone; another asks for
    its kinds; after 2 x ASK_TRIES tries, for nothing."""
    window = edge_window(spec.sections[section], slot)
    kinds = plans[section][slot]
    if attempt >= 2 * ASK_TRIES:
        kinds = window = None
    elif attempt >= ASK_TRIES and window is not None:
        kinds = None
    return task_for(spec, section, slot, attempt, max_grid, kinds, window)


def planned_task(spec: BookSpec, variety: SectionVariety, section: int, slot: int,
                 attempt: int, max_grid: tuple[int, int] | None = None) -> Task:
    """The task a build runs for one try at a slot: `slot_task`, with what the section's
    plan (plan.py) asks of it, from the section's puzzles the try knows (`known`): the
    tiles to avoid, the kinds caught up, a grid leaning to a shape the section lacks (a
    one-tile chameleon on the level's smallest boards: `_small_for_chameleon`).
    It asks for the shape while variety.py checks it (ASPECT_TRIES), and after
    VARIETY_TRIES tries only that the last puzzles' tiles are avoided."""
    task = slot_task(spec, [variety.plan if i == section else [None] * s.count
                            for i, s in enumerate(spec.sections)],
                     section, slot, attempt, max_grid)
    seen = known(slot, attempt)
    relaxed = attempt >= VARIETY_TRIES  # as long as variety.py passes a repeat over
    kinds = None if task.kinds is None else kinds_for(variety, slot, attempt)
    avoid: tuple[str, ...] = ()
    later: tuple[str, ...] = ()
    if task.kind == "count":
        avoid, later = avoid_for(variety.given[:seen], relaxed, uses_of(variety, seen))
        if attempt == 0 and _one_given(task):
            later = lane_later(spec.seed, section, slot, avoid, later)
    # in one replace (a try's planning cost 0.2 ms, a tenth of it each replace)
    task = replace(task, kinds=kinds, avoid=avoid or None, later=later or None, seen=seen)
    small = _small_for_chameleon(task)
    if max_grid is None or attempt >= ASPECT_TRIES or small is not task:
        return small  # a shape is asked while it is checked; never of a small chameleon's
    from ..generate import GenerateRequest, most_tiles, roomy

    # its sizes (its avoided tiles and kinds change neither the most tiles nor the room)
    sizes = GenerateRequest(tiles=task.tiles, difficulty=task.difficulty, rules=task.rules,
                            kind=task.kind)
    tiles = most_tiles(sizes)
    leant = leaning(max_grid, shape_for(variety, seen, attempt, slot), tiles)
    if leant is None:
        return task
    shaped = replace(task, max_grid=leant, leans=True)
    room = replace(sizes, max_grid=leant)
    if roomy(room):
        return shaped
    return _fewer_tiles(shaped, room, tiles) or task


def _small_for_chameleon(task: Task) -> Task:
    """A one-tile try asking for a chameleon, on the level's smallest boards: a chameleon's
    joker centre gives it many positions, and few boards of the level's larger sizes offer
    one within the level's counts. Asked for alone in the page's grid (30 seeds), grade 1
    (5-9 tiles) gave one in 75% of tries at 13.6 ms, on 5 tiles in 95% at 4.6 ms; grade 2
    70% at 17.0 ms, on 9 tiles 97% at 5.8 ms; grade 3 77% at 13.1 ms, on 14 tiles 97% at
    5.9 ms. (Palindromes, few positions, gain nothing: grade 3 on 14 tiles 17% against 33%.)
    Its board grows in the page's grid, not leant: most such boards grow square in any
    room (grade 1's 14 chameleon tries of a 100-puzzle section, leant as for 9 tiles: 10
    square, 9 chameleons, 8.0 ms a try; not leant: 12, 11, 4.3 ms; leant for 5 tiles,
    3 cells across: 39 ms)."""
    if task.tiles is not None or task.kind != "count" or task.kinds != ("chameleon",) \
            or not _one_given(task):
        return task
    return replace(task, tiles=level_params(task.difficulty, task.rules).tiles[0])


def _one_given(task: Task) -> bool:
    """Whether the task's puzzle gives one tile (lanes pay there: at grade 5, two given
    tiles a puzzle, the lanes made more searches fail and more tiles repeat)."""
    given = task.given if task.given is not None else \
        level_params(task.difficulty, task.rules).given[1]
    return given == 1


def _fewer_tiles(task: Task, room: GenerateRequest, most: int) -> Task | None:
    """A leaning task whose grid is too small for its level's largest boards (`most`
    tiles), asking for as many tiles as grow readily in the leant room (plan.py,
    `lean_tiles`), or None where even the level's fewest do not (or the section fixes its
    tiles). `room`: the task's sizes in its leant grid, as a request."""
    if task.tiles is not None or task.kind != "count" or task.max_grid is None:
        return None
    from ..generate import roomy

    least = level_params(task.difficulty, task.rules).tiles[0]
    fewer = replace(task, tiles=lean_tiles(task.max_grid, least, most))
    return fewer if roomy(replace(room, tiles=fewer.tiles)) else None


@lru_cache(maxsize=1 << 12)  # a build plans and submits a try from its request
def _request(task: Task) -> dict:
    return task._arguments()


@lru_cache(maxsize=1 << 12)  # a build asks a task's key several times as it runs
def _key(task: Task) -> str:
    text = json.dumps(task.request(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()
