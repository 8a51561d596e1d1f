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

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from ..errors import ConundrumError, GenerationError
from ..puzzle import Puzzle
from ..solver import Solutions
from ..workers import process_pool
from .canonical import canonical_form, key_of
from .handmade import HandMade
from .plan import known
from .record import read_record, to_record
from .spec import BookSpec
from .tasks import Task, generate_request, planned_task
from .tasks import slot_task as slot_task  # where the tests and tools find them
from .tasks import task_for as task_for
from .variety import SectionVariety, section_rules
from .work import WorkFile

MAX_ATTEMPTS = 25  # seeds tried for one slot before the book is declared impossible
# Generator refusals are (unlike repeats) usually the same for every seed, e.g. targets
# no board of that size can meet: give up on them sooner.
MAX_REFUSALS = 5
MAX_JOBS = 64


class BookError(ConundrumError):
    """A book that cannot be completed as specified."""


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
    # the tries planned so far: a try's plan is a function of the puzzles decided before
    # it (plan.py, `known`), which never change once decided, and the run asks for the
    # current slot's try again after every harvest
    planned: dict[tuple[int, int, int], Task] = field(default_factory=dict)

    def max_grid(self, section: int) -> tuple[int, int] | None:
        return None if self.max_grids is None else self.max_grids[section]

    def task(self, section: int, slot: int, attempt: int) -> Task:
        where = (section, slot, attempt)
        task = self.planned.get(where)
        if task is None:
            task = self.planned[where] = planned_task(
                self.spec, self.variety[section], section, slot, attempt,
                self.max_grid(section))
        return task

    def ready(self, section: int, slot: int) -> bool:
        """Whether the puzzles a slot's first try is planned from are decided (plan.py)."""
        return len(self.variety[section].given) >= known(slot, 0)


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
                if not state.ready(*slots[ahead]):
                    break
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
    # the kinds are the plan's wish: a slot given others is made up for by the next ones
    faults, forgiven = variety.faults(puzzle, None, task.attempt,
                                      task.seen if task.kind == "count" else None)
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
