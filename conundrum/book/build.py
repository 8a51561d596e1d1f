"""Making a book's puzzles: one slot after another, in parallel, reproducibly.

Each slot (section, slot) is tried with the seeds `slot_seed(book seed,
section, slot, attempt)` for attempt 0, 1, 2 ...; a try whose puzzle repeats
one already in the book or in the catalogue (up to symmetry) is passed over.
A puzzle is accepted only once the catalogue grants this book its claim (see
catalogue.py): a puzzle another build printed or holds is a repeat too.
Generation runs ahead in worker processes, but the decisions (accept or pass
over) are taken in slot order, from results that are pure functions of their
task, so the book is the same whatever `--jobs` is and however the workers
are scheduled. Every result goes to the work file as it arrives (`--resume`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..errors import ConundrumError, GenerationError
from ..puzzle import Puzzle
from ..solver import Solutions
from ..workers import process_pool
from .canonical import canonical_form, key_of
from .handmade import HandMade
from .record import read_record, to_record
from .seeds import slot_seed
from .spec import BookSpec
from .variety import ASK_TRIES, ASPECT_TRIES, SectionVariety, edge_window, section_rules
from .work import WorkFile

if TYPE_CHECKING:
    from ..generate import GenerateRequest

MAX_ATTEMPTS = 25  # seeds tried for one slot before the book is declared impossible
# Generator refusals are (unlike repeats) usually the same for every seed, e.g. targets
# no board of that size can meet: give up on them sooner.
MAX_REFUSALS = 5
MAX_JOBS = 64


class BookError(ConundrumError):
    """A book that cannot be completed as specified."""


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

    @property
    def asks(self) -> bool:
        """Whether the try asks for the book's plan (kinds, a part of the band, a shape)."""
        return self.kinds is not None or self.score is not None or self.leans

    def request(self) -> dict:
        """The generator's arguments: all that decides the result (slot and attempt do not)."""
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
        if self.kind != "count":  # a count puzzle's request (and work-file key) as before
            request["kind"] = self.kind
        return request

    def key(self) -> str:
        """The task's identity in the work file: a SHA-256 of `request()`, in hex."""
        text = json.dumps(self.request(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass
class Made:
    """A puzzle accepted for a slot."""

    section: int
    slot: int
    attempt: int
    seed: int
    puzzle: Puzzle
    key: str
    form: str
    request: dict  # the generator's arguments (Task.request): the puzzle is a function of them
    file: str | None = None  # a hand-made puzzle's file (as the manifest names it)
    # every position of each given tile, as the worker's solver found them (None: not known)
    solutions: Solutions | None = None


@dataclass
class Hooks:
    """Ways to watch a build: progress (done, total) and each stored result."""

    progress: Callable[[int, int], None] | None = None
    stored: Callable[[int], None] | None = None  # called with the number stored so far
    note: Callable[[str], None] | None = None  # told when a slot relaxes a variety rule


# Reserves a puzzle (key, canonical form) for this book in the catalogue; False when
# another book printed it or holds it (catalogue.Catalogue.claim, bound to the book).
Claim = Callable[[str, str], bool]


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


# ---- the worker side (runs in a pool process, or inline for --jobs 1) ------------
def run_task(request: dict) -> tuple[str | None, str | None]:
    """Generate one puzzle; (record, None) or (None, why) when the generator gives up."""
    from ..generate import TimeLimitError, generate, generate_solved

    req = generate_request(request)
    try:
        if req.kind != "count":  # proven unique by its own arrangement search
            return to_record(generate(req)), None
        # the generator's own re-solve travels with the puzzle: the layout solves none
        return to_record(*generate_solved(req)), None
    except TimeLimitError:
        raise  # depends on the machine, not on the task: never stored as its result
    except GenerationError as exc:
        return None, str(exc)


class _Inline:
    """An executor that runs each task at once in this process (`--jobs 1`)."""

    def submit(self, fn: Callable, *args: object) -> Future:
        fut: Future = Future()
        fut.set_result(fn(*args))
        return fut

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def _executor(jobs: int) -> ProcessPoolExecutor | _Inline:
    return _Inline() if jobs == 1 else process_pool(jobs)


# ---- the parent side -----------------------------------------------------------
@dataclass
class _State:
    spec: BookSpec
    seen: set[str]
    results: dict[str, tuple[str | None, str | None]]
    work: WorkFile
    hooks: Hooks
    source: str
    claim: Claim | None = None
    hand_made: dict[tuple[int, int], Made] = field(default_factory=dict)
    in_flight: dict[Future, Task] = field(default_factory=dict)
    submitted: set[str] = field(default_factory=set)
    stored: int = 0
    # per section, the largest grid its pages print (boards grow within it); None: any
    max_grids: Sequence[tuple[int, int] | None] | None = None
    variety: list[SectionVariety] = field(default_factory=list)

    def max_grid(self, section: int) -> tuple[int, int] | None:
        return None if self.max_grids is None else self.max_grids[section]

    def task(self, section: int, slot: int, attempt: int) -> Task:
        grid = self.max_grid(section)
        task = slot_task(self.spec, [v.plan for v in self.variety], section, slot, attempt,
                         grid)
        # A retry runs only once every earlier slot is decided (`_run`), so the section's
        # shapes so far are the same for any --jobs and on --resume; a first try is
        # started early and so asks for no shape.
        if attempt == 0 or attempt >= ASPECT_TRIES or grid is None:
            return task
        from ..generate import most_tiles, roomy

        tiles = most_tiles(generate_request(task.request()))
        for leaning in self.variety[section].leanings(grid, tiles):
            shaped = replace(task, max_grid=leaning, leans=True)
            if roomy(generate_request(shaped.request())):
                return shaped
        return task


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


def make_puzzles(spec: BookSpec, work: WorkFile, exclude: frozenset[str], *, jobs: int = 1,
                 hooks: Hooks | None = None, source: str = "book",
                 claim: Claim | None = None,
                 files: Mapping[tuple[int, int], HandMade] | None = None,
                 max_grids: Sequence[tuple[int, int] | None] | None = None) -> list[Made]:
    """Every slot's puzzle, in book-spec order (sections, then slots).

    `exclude` holds keys known to be taken; `claim`, when given, is asked for
    each puzzle new to the book, in slot order, at the moment it is accepted.
    `files` are the hand-made puzzles of `puzzles:` sections, by (section, slot).
    `max_grids`: per section, the largest drawn grid (columns, rows) the book's pages
    print legibly (the generator grows boards within it), or None for any board.
    Raises ConundrumError for a `jobs` out of range, BookError when a generator process dies.
    """
    if not 1 <= jobs <= MAX_JOBS:
        raise ConundrumError(f"--jobs {jobs}: choose between 1 and {MAX_JOBS}")
    state = _State(spec, set(exclude), work.load(), work, hooks or Hooks(), source, claim,
                   max_grids=max_grids)
    state.variety, notes = section_rules(spec)
    for note in notes:
        _note(state, note)
    _accept_files(state, files or {})
    slots = [(si, k) for si, sec in enumerate(spec.sections) for k in range(sec.count)]
    executor = _executor(jobs)
    try:
        return _run(state, slots, executor, window=2 * jobs)
    except BrokenProcessPool:
        raise BookError(f"{source}: a generator process died; run again with --resume "
                        "to continue from the puzzles already made") from None
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _run(state: _State, slots: list[tuple[int, int]], executor, window: int) -> list[Made]:
    made: list[Made] = []
    attempts = [0] * len(slots)
    refusals = [0] * len(slots)
    ahead = 0  # the next slot whose first try may be started early
    _report(state, 0, len(slots))
    while len(made) < len(slots):
        i = len(made)
        if slots[i] in state.hand_made:
            made.append(state.hand_made[slots[i]])
            _report(state, len(made), len(slots))
            continue
        task = state.task(*slots[i], attempts[i])
        if task.key() in state.results:
            accepted = _decide(state, task)
            if accepted is None:
                attempts[i] += 1
                # a refused ask of the plan (variety.py) is no sign the slot is impossible
                refusals[i] += state.results[task.key()][0] is None and not task.asks
                _check_attempts(state, task, attempts[i], refusals[i])
            else:
                made.append(accepted)
                _report(state, len(made), len(slots))
            continue
        _submit(state, executor, task)
        ahead = max(ahead, i + 1)
        while len(state.in_flight) < window and ahead < len(slots):
            if slots[ahead] not in state.hand_made:
                _submit(state, executor, state.task(*slots[ahead], 0))
            ahead += 1
        _harvest(state)
    return made


def _submit(state: _State, executor, task: Task) -> None:
    key = task.key()
    if key in state.results or key in state.submitted:
        return
    state.submitted.add(key)
    state.in_flight[executor.submit(run_task, task.request())] = task


def _harvest(state: _State) -> None:
    """Wait for at least one result; store every finished one."""
    done, _ = wait(list(state.in_flight), return_when=FIRST_COMPLETED)
    for fut in sorted(done, key=lambda f: _order(state.in_flight[f])):
        task = state.in_flight.pop(fut)
        puzzle, error = fut.result()
        state.work.store(task.key(), puzzle, error)
        state.results[task.key()] = (puzzle, error)
        state.stored += 1
        if state.hooks.stored:
            state.hooks.stored(state.stored)


def _order(task: Task) -> tuple[int, int, int]:
    return (task.section, task.slot, task.attempt)


def _decide(state: _State, task: Task) -> Made | None:
    """The slot's puzzle if this try is new to the book and the catalogue, else None."""
    text, _error = state.results[task.key()]
    if text is None:
        return None
    puzzle, solutions = read_record(text)
    variety = state.variety[task.section]
    faults, forgiven = variety.faults(puzzle, task.kinds, task.attempt)
    if faults:
        return None
    form = canonical_form(puzzle)
    key = key_of(form)
    if key in state.seen:
        return None
    state.seen.add(key)  # a refused claim is not asked again for a later slot
    if state.claim is not None and not state.claim(key, form):
        return None
    if forgiven:
        section = state.spec.sections[task.section]
        _note(state, f"section {section.name!r}, puzzle {task.slot + 1}: after "
                     f"{task.attempt} seeds, printed though it {' and '.join(forgiven)}")
    variety.take(puzzle)
    return Made(task.section, task.slot, task.attempt, task.seed, puzzle, key,
                form, task.request(), solutions=solutions)


def _note(state: _State, text: str) -> None:
    if state.hooks.note:
        state.hooks.note(f"{state.source}: {text}")


def _accept_files(state: _State, files: Mapping[tuple[int, int], HandMade]) -> None:
    """Take every hand-made puzzle first, so generated slots pass over them as repeats.

    A file repeating another file or a catalogued puzzle cannot move to another seed:
    the book stops, naming the file."""
    for where in sorted(files):
        hm = files[where]
        form = canonical_form(hm.puzzle)
        key = key_of(form)
        if key in state.seen or (state.claim is not None and not state.claim(key, form)):
            section = state.spec.sections[hm.section]
            raise BookError(f"{state.source}: section {section.name!r}: puzzle file {hm.name} "
                            "repeats a puzzle already in the book or the catalogue (up to "
                            "rotation and reflection)")
        state.seen.add(key)
        state.hand_made[where] = Made(hm.section, hm.slot, 0, 0, hm.puzzle, key, form, {},
                                      file=hm.name)


def _check_attempts(state: _State, task: Task, attempts: int, refusals: int) -> None:
    section = state.spec.sections[task.section]
    where = (f"{state.source}: the book cannot be completed: section {section.name!r}, "
             f"puzzle {task.slot + 1} of {section.count}")
    _text, error = state.results[task.key()]
    if refusals >= MAX_REFUSALS:
        raise BookError(f"{where}: the generator refused {refusals} seeds ({error}); "
                        "change the section's tiles, given or positions")
    if attempts >= MAX_ATTEMPTS:
        raise BookError(f"{where}: {attempts} seeds made only puzzles already in the book or "
                        "the catalogue (too few distinct puzzles of that kind); ask for "
                        "fewer puzzles, larger boards, or use another catalogue")


def _report(state: _State, done: int, total: int) -> None:
    if state.hooks.progress:
        state.hooks.progress(done, total)
