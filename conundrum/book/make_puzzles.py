"""Making a book's puzzles: one slot after another, in parallel, reproducibly.

Each slot (section, slot) is tried with the seeds `slot_seed(book seed,
section, slot, attempt)` for attempt 0, 1, 2 ...; a try whose puzzle repeats
one already in the book or in the catalogue (up to symmetry) is passed over.
A puzzle is accepted only once the catalogue grants this book its claim (see
catalogue.py): a puzzle another build printed or holds is a repeat too.
Generation runs ahead in worker processes (worker.py), but the decisions (accept or pass
over) are taken in slot order, from results that are pure functions of their
task, so the book is the same whatever `--jobs` is and however the workers
are scheduled. Every result goes to the work file as it arrives (`--resume`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial

from ..errors import ConundrumError, GenerationError
from ..puzzle import Puzzle
from ..solver import Solutions
from .alternates import as_found, keeps_kinds, offered, proven
from .bank import Bank
from .canonical import board_key, canonical_form, key_of
from .handmade import HandMade
from .made import MAX_ATTEMPTS as MAX_ATTEMPTS  # where the tests find it
from .made import BookError as BookError  # where the builds and tests find them
from .made import Claim, Hooks, Made, check_attempts
from .plan import known
from .record import read_record, read_sizes
from .spec import BookSpec
from .tasks import Task, planned_task
from .tasks import slot_task as slot_task  # where the tests and tools find them
from .tasks import task_for as task_for
from .variety import SectionVariety, section_rules
from .work import WorkFile
from .worker import Fresh, Inline, inline_or_pool, timed_task
from .worker import run_task as run_task  # to call; to count or refuse tries, patch made_task

MAX_JOBS = 64


# ---- the parent side -----------------------------------------------------------
@dataclass
class _State:
    spec: BookSpec
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
    seen_by: list[set[str]] = field(default_factory=list)  # per section, keys to pass over
    banks: list[Bank] = field(default_factory=list)  # per section, tries passed over (bank.py)
    notes: dict[tuple[int, int], list[str]] = field(default_factory=dict)  # by slot
    cost: Counter = field(default_factory=Counter)  # per section, CPU s of tries made
    forms: dict[str, str | None] = field(default_factory=dict)  # task key -> its board's form
    # inline (--jobs 1), task key -> the puzzle its record holds, until decided: the record
    # read back gives the same puzzle (tests/test_book_data.py), so none is read back
    fresh: dict[str, Fresh] = field(default_factory=dict)
    tasks_done: Counter = field(default_factory=Counter)  # and how many

    def work_left(self, section: int, slots: int) -> float:
        """The CPU s a section's slots left may take (1 s a try unmeasured: those first)."""
        done = self.tasks_done[section]
        return slots * (self.cost[section] / done if done else 1.0)

    def max_grid(self, section: int) -> tuple[int, int] | None:
        return None if self.max_grids is None else self.max_grids[section]

    def task(self, section: int, slot: int, attempt: int) -> Task:
        where = (section, slot, attempt)
        task = self.planned.get(where)
        if task is None:
            if not attempt:  # a kept try goes to the first slot it suits, in slot order
                for before in range(known(slot, 0), slot):
                    if (section, before) not in self.hand_made:
                        self.task(section, before, 0)
            task = planned_task(self.spec, self.variety[section], section, slot, attempt,
                                self.max_grid(section))
            task = self.planned[where] = self.banks[section].offer(task,
                                                                   self.variety[section])
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

    `exclude` holds keys known to be taken (puzzles' keys, and boards' keys: a board is
    printed once, with any given tiles: canonical.board_key); `claim`, when given, is asked for
    each puzzle new to the book, in slot order, at the moment it is accepted.
    `files` are the hand-made puzzles of `puzzles:` sections, by (section, slot).
    `max_grids`: per section, the largest drawn grid (columns, rows) the book's pages
    print legibly (the generator grows boards within it), or None for any board.
    Raises ConundrumError for a `jobs` out of range, BookError when a generator process dies.

    The book is what deciding every slot in book order gives. The sections are decided
    side by side, each in slot order (a stalled section leaves the workers the others'
    tries): the same puzzles unless two sections accept one puzzle, which book order
    passes over in the later; then the slots are decided again in book order.
    """
    if not 1 <= jobs <= MAX_JOBS:
        raise ConundrumError(f"--jobs {jobs}: choose between 1 and {MAX_JOBS}")
    state = _State(spec, work.load(), work, hooks or Hooks(), source, claim,
                   max_grids=max_grids)
    for note in section_rules(spec)[1]:
        _note(state, note)
    slots = [(si, k) for si, sec in enumerate(spec.sections) for k in range(sec.count)]
    executor = inline_or_pool(jobs)
    try:
        attempt = partial(_attempt, state, exclude, files or {}, slots, executor, 2 * jobs)
        # None: two sections met on a puzzle, and book order decides again
        made = attempt(strict=False) or attempt(strict=True)
        assert made is not None  # book order finds no clash
    except BrokenProcessPool:
        raise BookError(f"{source}: a generator process died; run again with --resume "
                        "to continue from the puzzles already made") from None
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    for where in sorted(state.notes):  # told in book order, whatever order decided them
        for text in state.notes[where]:
            _note(state, text)
    return made


def _attempt(state: _State, exclude: frozenset[str], files: Mapping[tuple[int, int], HandMade],
             slots: list[tuple[int, int]], executor, window: int, strict: bool
             ) -> list[Made] | None:
    """The slots decided from nothing (the results made so far kept): in book order
    (`strict`), or each section in its own order; None when two sections accepted the
    same puzzle (strict order would not have)."""
    state.variety = section_rules(state.spec)[0]
    state.banks = [Bank() for _ in state.spec.sections]
    state.planned.clear()
    state.notes.clear()
    state.hand_made.clear()
    shared = set(exclude)
    _accept_files(state, files, shared)
    state.seen_by = [shared if strict else set(shared) for _ in state.spec.sections]
    return _run(state, slots, executor, window, strict)


def _clash(made: list[Made]) -> bool:
    # a board is printed once, with any tiles (one puzzle twice is one board twice);
    # hand-made ones every section avoided
    boards = [board_key(m.form) for m in made if m.file is None]
    return len(set(boards)) < len(boards)


def _run(state: _State, slots: list[tuple[int, int]], executor, window: int, strict: bool
         ) -> list[Made] | None:
    count = Counter(section for section, _slot in slots)
    made: dict[tuple[int, int], Made] = {}
    attempts: Counter = Counter()
    refusals: Counter = Counter()
    heads = dict.fromkeys(count, 0)  # per section, the first slot not decided
    ahead = dict.fromkeys(count, 0)  # per section, the next slot to start early
    failed: dict[int, BookError] = {}
    report = state.hooks.progress or (lambda done, total: None)
    report(0, len(slots))
    while True:
        before = len(made)
        for section in sorted(set(count) - set(failed)):
            if strict and any(heads[s] < count[s] for s in count if s < section):
                break  # book order: this section waits for the ones before it
            try:
                _decide_section(state, section, count[section], heads, made, attempts,
                                refusals)
            except BookError as exc:
                failed[section] = exc
        if len(made) > before:
            report(len(made), len(slots))
        first = next((s for s in sorted(count) if heads[s] < count[s]), None)
        if first is None:
            break
        if first in failed:  # the first slot book order cannot fill
            if not strict and _clash(list(made.values())):
                return None
            raise failed[first]
        busy = sorted((s for s in count if heads[s] < count[s] and s not in failed),
                      key=lambda s: -state.work_left(s, count[s] - heads[s]))
        for section in busy:
            _submit(state, executor,
                    state.task(section, heads[section], attempts[section, heads[section]]))
        room = window + len(busy) - 1  # each busy section's head is in flight: not counted
        for section in busy:
            ahead[section] = max(ahead[section], heads[section] + 1)
            while len(state.in_flight) < room and ahead[section] < count[section]:
                if (section, ahead[section]) not in state.hand_made:
                    if not state.ready(section, ahead[section]):
                        break
                    _submit(state, executor, state.task(section, ahead[section], 0))
                ahead[section] += 1
        _harvest(state)
    result = [made[where] for where in slots]
    return None if not strict and _clash(result) else result


def _decide_section(state: _State, section: int, count: int, heads: dict[int, int],
                    made: dict[tuple[int, int], Made], attempts: Counter,
                    refusals: Counter) -> None:
    """Decide the section's slots in order as far as the results made allow."""
    while heads[section] < count:
        where = (section, heads[section])
        if where in state.hand_made:
            made[where] = state.hand_made[where]
            heads[section] += 1
            continue
        task = state.task(section, heads[section], attempts[where])
        if task.key() not in state.results:
            return
        accepted = _decide(state, task)
        if accepted is None:
            attempts[where] += 1
            # a refused ask of the plan (variety.py) is no sign the slot is impossible
            refusals[where] += state.results[task.key()][0] is None and not task.asks
            section_spec = state.spec.sections[section]
            check_attempts(f"{state.source}: the book cannot be completed: section "
                           f"{section_spec.name!r}, puzzle {task.slot + 1} of "
                           f"{section_spec.count}", state.results[task.key()][1],
                           attempts[where], refusals[where])
        else:
            made[where] = accepted
            heads[section] += 1


def _submit(state: _State, executor, task: Task) -> None:
    key = task.key()
    if key in state.results or key in state.submitted:
        return
    state.submitted.add(key)  # inline (--jobs 1), only the results taken are formed
    state.in_flight[executor.submit(timed_task, task.request(),
                                    not isinstance(executor, Inline))] = task


def _harvest(state: _State) -> None:
    """Wait for at least one result; store every finished one."""
    done, _ = wait(list(state.in_flight), return_when=FIRST_COMPLETED)
    for fut in sorted(done, key=lambda f: state.in_flight[f].where):
        task = state.in_flight.pop(fut)
        (puzzle, error), seconds, state.forms[task.key()], made = fut.result()
        if made is not None:
            state.fresh[task.key()] = made
        state.work.store(task.key(), puzzle, error)
        state.results[task.key()] = (puzzle, error)
        state.cost[task.section] += seconds
        state.tasks_done[task.section] += 1
        state.stored += 1
        if state.hooks.stored:
            state.hooks.stored(state.stored)


def _decide(state: _State, task: Task) -> Made | None:
    """The slot's puzzle if this try is new to the book and the catalogue and keeps the
    section's variety, or else (only for its variety: a board the book or the catalogue
    holds is not printed again with other tiles) the first of its board's alternates that
    does and gives as many palindromes and chameleons (alternates.py); else None, the try
    kept for a later slot (bank.py)."""
    if (text := state.results[task.key()][0]) is None:
        return None
    fresh = state.fresh.pop(task.key(), None)
    puzzle, solutions = fresh[:2] if fresh is not None else read_record(text)
    faults, forgiven = _faults(state, task, puzzle)
    if not faults:
        return _take(state, task, forgiven, lambda: (puzzle, solutions), None,
                     state.forms.get(task.key()))  # None: read from the work file
    variety = state.variety[task.section]
    # one board, one class: where its class is full, none of its alternates would do
    sizes = fresh[2] if fresh is not None else read_sizes(text)
    others = [] if variety.full_class(puzzle, task.attempt) else offered(task, puzzle, sizes)
    for n, codes in enumerate(others, 1):
        if not keeps_kinds(puzzle, codes):
            continue
        faults, forgiven = _faults(state, task, as_found(puzzle, codes))
        if faults:
            continue
        made = _take(state, task, forgiven, partial(proven, task, puzzle, others, n), n)
        if made is not None:
            return made
    state.banks[task.section].keep(task, puzzle)  # passed over for its variety alone
    return None


def _take(state: _State, task: Task, forgiven: list[str],
          proof: Callable[[], tuple[Puzzle, Solutions | None]], alternate: int | None,
          board: str | None = None) -> Made | None:
    """The puzzle `proof` proves for the try's slot (its variety passed, `forgiven` the
    variety's faults forgiven by now), or None where it repeats a puzzle or does not grade.
    `board`: its board's form, where the worker worked it out."""
    try:
        puzzle, solutions = proof()
    except GenerationError:  # an alternate grading outside the try's asks
        return None
    form = canonical_form(puzzle, board)
    key, shown = key_of(form), board_key(form)
    seen = state.seen_by[task.section]
    if key in seen or shown in seen:  # its board printed already, with any tiles
        return None
    seen.update((key, shown))  # a refused claim is not asked again for a later slot
    if state.claim is not None and not state.claim(key, form):
        return None
    if forgiven:
        section = state.spec.sections[task.section]
        state.notes.setdefault((task.section, task.slot), []).append(
            f"section {section.name!r}, puzzle {task.slot + 1}: after {task.attempt} seeds, "
            f"printed though it {' and '.join(forgiven)}")
    state.variety[task.section].take(puzzle)
    request = task.request() | ({} if alternate is None else {"alternate": alternate})
    return Made(task.section, task.slot, task.attempt, task.seed, puzzle, key,
                form, request, solutions=solutions, alternate=alternate)


def _faults(state: _State, task: Task, puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """How the puzzle would spoil its section's variety: (faults, those forgiven by now)."""
    # the kinds are the plan's wish: a slot given others is made up for by the next ones
    return state.variety[task.section].faults(puzzle, None, task.attempt,
                                              task.seen if task.kind == "count" else None)


def _note(state: _State, text: str) -> None:
    if state.hooks.note:
        state.hooks.note(f"{state.source}: {text}")


def _accept_files(state: _State, files: Mapping[tuple[int, int], HandMade],
                  seen: set[str]) -> None:
    """Take every hand-made puzzle first, so generated slots pass over them as repeats.

    A file repeating another file or a catalogued puzzle cannot move to another seed:
    the book stops, naming the file."""
    for where in sorted(files):
        hm = files[where]
        form = canonical_form(hm.puzzle)
        key = key_of(form)
        if key in seen or (state.claim is not None and not state.claim(key, form)):
            section = state.spec.sections[hm.section]
            raise BookError(f"{state.source}: section {section.name!r}: puzzle file {hm.name} "
                            "repeats a puzzle already in the book or the catalogue (up to "
                            "rotation and reflection)")
        seen.update((key, board_key(form)))  # generated slots print neither again
        state.hand_made[where] = Made(hm.section, hm.slot, 0, 0, hm.puzzle, key, form, {},
                                      file=hm.name)

