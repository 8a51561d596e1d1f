"""A book plans each slot before making it (issue 35): the generator avoids the tiles a
section gave, the kinds catch up, shapes lean; the book stays a function of its spec."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from conundrum.book.make_book import order_book
from conundrum.book.make_puzzles import Hooks, make_puzzles, run_task
from conundrum.book.plan import (
    LAG,
    SET,
    avoid_for,
    kinds_for,
    known,
    lane_later,
    lean_tiles,
    shape_for,
    uses_of,
)
from conundrum.book.record import read_record, to_record
from conundrum.book.spec import parse_spec
from conundrum.book.tasks import generate_request, planned_task
from conundrum.book.variety import ASPECT_CAP, SectionVariety, aspect_class, lean, tile_key
from conundrum.book.work import WorkFile
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, generate, roomy
from conundrum.generate.choose import avoid_mask, avoided, kind
from conundrum.generate.difficulty import level_params
from conundrum.solver import given_positions
from renderers.book.layout import grid_limits


# ---- the generator takes tiles to avoid ---------------------------------------------
def test_the_generator_never_gives_a_tile_it_is_asked_to_avoid() -> None:
    first = generate(GenerateRequest(seed=3, difficulty=4))
    codes = [g.code for g in first.given]
    again = generate(GenerateRequest(seed=3, difficulty=4, avoid=tuple(c[::-1] for c in codes)))
    assert not {tile_key(g.code) for g in again.given} & {tile_key(c) for c in codes}
    recipe = again.extra["generator"]["avoid"]
    assert avoided(recipe) == {tile_key(c) for c in codes}  # recorded short, as a mask
    assert len(recipe) < 30
    same = generate(GenerateRequest(**{k: v for k, v in again.extra["generator"].items()
                                        if k != "version"}))
    assert [p.as_dict() for p in same.board] == [p.as_dict() for p in again.board]


def test_an_avoid_that_names_no_tile_is_refused() -> None:
    with pytest.raises(GenerationError, match="--avoid 'RB'"):
        generate(GenerateRequest(seed=1, difficulty=1, avoid="RB"))
    with pytest.raises(GenerationError, match="--method search"):
        generate(GenerateRequest(seed=1, tiles=6, positions=(2,), method="sat",
                                 avoid=("RRR",)))
    assert avoided(avoid_mask(["RYG", "gyr", "B*Y"])) == {"GYR", "B*Y"}


# ---- the plan ---------------------------------------------------------------------
def test_a_slot_avoids_every_tile_given_until_a_kind_runs_out() -> None:
    assert avoid_for([("RRR", "BGY"), ("BBB",)]) == (("BBB", "BGY", "RRR"), ())
    # three of the five chameleons given: the kind runs out, so those given may come
    # again, after the others, but never one of the last two puzzles'
    chameleons = SET["chameleon"]
    history = [(c,) for c in chameleons[:3]]
    assert avoid_for(history) == (tuple(sorted(chameleons[1:3])), (chameleons[0],))
    # every one given once: none is given more than the least, so none comes later
    history = [(c,) for c in chameleons]
    assert avoid_for(history) == (tuple(sorted(chameleons[3:])), ())
    assert avoid_for(history + [(chameleons[0],)]) == (
        tuple(sorted((chameleons[0], chameleons[4]))), ())
    assert avoid_for(history, relaxed=True) == (tuple(sorted(chameleons[3:])), ())


def test_the_generator_tries_the_later_tiles_last() -> None:
    first = generate(GenerateRequest(seed=4, difficulty=2))
    code = first.given[0].code
    later = generate(GenerateRequest(seed=4, difficulty=2, later=(code,)))
    assert later.given[0].code != code
    assert later.extra["generator"]["later"] == avoid_mask([code])


def test_the_slots_made_at_once_ask_first_for_tiles_of_their_own_lanes() -> None:
    every = {t for tiles in SET.values() for t in tiles}
    avoid = ("RRR",)
    own = [every - set(lane_later(7, 0, slot, (), ())) for slot in range(LAG)]
    assert all(own) and set().union(*own) == every  # the set dealt into LAG lanes
    assert sum(map(len, own)) == len(every), "no tile in two lanes"
    assert [every - set(lane_later(7, 0, slot + LAG, (), ())) for slot in range(LAG)] == own
    assert own != [every - set(lane_later(8, 0, slot, (), ())) for slot in range(LAG)]
    later = lane_later(7, 0, 1, avoid, ())
    assert set(later) == every - own[1] - {"RRR"}
    # a kind that runs out keeps its own order: those given least first, whatever the lane
    chameleons = set(SET["chameleon"])
    later = lane_later(7, 0, 1, avoid, (SET["chameleon"][0],))
    assert set(later) == (every - own[1] - {"RRR"} - chameleons) | {SET["chameleon"][0]}


@pytest.mark.parametrize(("level", "attempt", "lanes"), [(1, 0, True), (3, 0, True),
                                                         (3, 1, False), (4, 0, False)])
def test_only_first_tries_of_one_tile_puzzles_ask_by_lane(level, attempt, lanes) -> None:
    """Lanes pay where a puzzle gives one tile: a 100-puzzle grade-3 section passed 13
    first tries over for a tile given meanwhile, 5 with lanes; at grade 5 they made
    more searches fail and more tiles repeat. A retry knows every puzzle before it."""
    spec = parse_spec(f"title: L\nseed: 2\nsections:\n  - {{name: A, count: 9, "
                      f"difficulty: {level}}}\n", "l.yaml")
    variety = SectionVariety(9, [None] * 9)
    variety.take(generate(GenerateRequest(seed=1, difficulty=level)))
    task = planned_task(spec, variety, 0, 1, attempt)
    assert (task.later is not None and len(task.later) > 40) is lanes


def test_the_kinds_catch_up_with_the_plan_one_palindrome_a_slot() -> None:
    plan = [("plain", "palindrome")] * 3 + [("plain", "plain")] * 6
    variety = SectionVariety(len(plan), plan)
    for _ in range(6):  # six puzzles of plain tiles only: three palindromes short
        variety.given.append(("BGY", "BGR"))
    assert kinds_for(variety, 6, 1) == ("palindrome", "plain")
    assert known(8, 0) == 8 - LAG + 1 and known(8, 2) == 8
    # a first try counts what the first tries of the slots made meanwhile asked for
    asked = [kinds_for(variety, slot, 0) for slot in (6, 7, 8)]
    assert all(kinds.count("palindrome") <= 1 for kinds in asked)
    assert kinds_for(variety, 8, 0) == asked[2]  # asked once, the same ever after


def test_the_running_counts_are_the_counts_from_the_section_start() -> None:
    """kinds_for and avoid_for read running sums kept on the section as it grows (each try
    counted the section again from its start): the same answers for every slot and try."""
    plan = [("plain", "palindrome"), ("plain", "plain"), ("chameleon", "plain")] * 4
    grown = SectionVariety(len(plan), plan)
    given = [("BGY", "BGR"), ("BBB", "RYG"), ("BGY", "YYY"), ("RRG", "GGG")] * 3
    for made, codes in enumerate(given):
        fresh = SectionVariety(len(plan), plan, given=list(given[:made]))
        for slot in range(made, len(plan)):
            for attempt in (0, 1):
                seen = known(slot, attempt)
                if seen <= made:
                    assert kinds_for(grown, slot, attempt) == kinds_for(fresh, slot, attempt)
                    assert uses_of(grown, seen) == Counter(c for g in given[:seen] for c in g)
                    assert avoid_for(given[:seen], False, uses_of(grown, seen)) == \
                        avoid_for(given[:seen])
        grown.given.append(codes)


def test_slots_lean_to_the_emptiest_shape_not_full_so_far() -> None:
    """The 40% cap runs with the section's boards so far (variety.running_cap), never its
    count: every try leans to the emptiest class not full, counting what the first tries
    of the slots made meanwhile (LAG) leant to."""
    variety = SectionVariety(10, [None] * 10)
    # first tries knowing none of the boards yet: one class each in turn
    assert [shape_for(variety, known(s, 0), slot=s) for s in range(4)] == [
        "wide", "square", "tall", "wide"]
    variety.shapes += ["square", "square", "tall", "wide"]  # what they grew
    assert shape_for(variety, 4) == "wide"  # 2 of 5 boards may be square, no more
    assert shape_for(variety, 4, turn=1) == "wide"  # a retry asks its first try's class
    assert shape_for(variety, 4, turn=2) == "tall"  # then the next
    variety.shapes += ["wide", "wide"]
    assert shape_for(variety, 6) == "tall"  # wide full (3 of 7), tall the emptiest
    # a first try knowing 3 boards (2 square, a tall) counts the wide, wide, tall its
    # slots between leant to: 2 of each, the first of the tie
    assert shape_for(variety, 3, slot=6) == "wide"


def test_a_lean_too_small_for_the_grades_largest_boards_asks_for_fewer_tiles() -> None:
    """A 6x9 page's grid for grade 5 at one a page (30 x 19) leant tall leaves a 10 x 13
    room, too small for 40 tiles: the slot asks for fewer (within the grade) instead of
    not leaning, so the section can grow tall boards and keep its 40% cap."""
    spec = parse_spec("title: T\nseed: 7\npage: 6x9\nper_page: 1\n"
                      "sections: [{name: E, count: 15, difficulty: 5}]\n", "t.yaml")
    (grid,) = grid_limits(spec)
    variety = SectionVariety(15, [None] * 15)
    variety.shapes += ["wide", "wide", "square", "wide", "square"]
    task = planned_task(spec, variety, 0, 5, 2, grid)  # a retry leaning to the emptiest
    least, most = level_params(5).tiles
    assert task.leans and task.max_grid == lean(grid, "tall", most)
    assert roomy(GenerateRequest(difficulty=5, max_grid=task.max_grid, tiles=task.tiles))
    if roomy(GenerateRequest(difficulty=5, max_grid=task.max_grid)):
        assert task.tiles is None               # roomy for the grade's largest: as it is
        return
    assert task.tiles == lean_tiles(task.max_grid, least, most) and least <= task.tiles < most
    shapes = Counter(aspect_class(generate(replace(GenerateRequest(difficulty=5), seed=seed,
                                                   max_grid=task.max_grid,
                                                   tiles=task.tiles)).board)
                     for seed in range(1, 6))
    assert shapes["tall"] >= 4, shapes
    fresh = SectionVariety(15, [None] * 15)
    assert planned_task(spec, fresh, 0, 5, 2, grid).tiles is None  # no lean: the grade's own


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_a_one_tile_chameleon_is_asked_on_the_levels_smallest_boards(level) -> None:
    """Few boards of grade 1-3's larger sizes offer a chameleon within the level's counts:
    asked for one, a try grows the level's fewest tiles (in the page's grid, not leant),
    and nearly always gives one. A plain slot, and a two-tile grade, as before."""
    spec = parse_spec(f"title: C\nseed: 3\nsections:\n  - {{name: A, count: 9, "
                      f"difficulty: {level}}}\n", "c.yaml")
    grid = (30, 24)
    given = level_params(level).given[1]
    plan = [("plain",) * given] * 9
    plan[3] = ("chameleon",) + ("plain",) * (given - 1)  # slots 0 and 1 ask a band's edge
    variety = SectionVariety(9, plan)
    plain, asked = (planned_task(spec, variety, 0, slot, 0, grid) for slot in (2, 3))
    assert plain.kinds == ("plain",) * given and plain.tiles is None
    assert asked.kinds == plan[3]
    least, most = level_params(level).tiles
    if given > 1:
        assert asked.tiles is None
        return
    assert asked.tiles == least < most
    assert not asked.leans and asked.max_grid == grid  # small boards grow square anyway
    kinds = [kind(generate(replace(generate_request(asked.request()), seed=seed)
                           ).given[0].code) for seed in range(1, 11)]
    assert kinds.count("chameleon") >= 8, kinds


# ---- whole sections ------------------------------------------------------------------
SPEC = parse_spec("title: Plan\nseed: 11\nsections:\n"
                  "  - {name: A, count: 9, difficulty: 4}\n"
                  "  - {name: B, count: 6, difficulty: 2}\n", "plan.yaml")


class Interrupt(KeyboardInterrupt):
    """A Ctrl-C injected after some puzzles are stored."""


@pytest.mark.slow
def test_the_planned_book_is_the_same_for_any_jobs_and_after_resume(tmp_path) -> None:
    grids = grid_limits(SPEC)
    books = []
    needed: list[int] = []  # every try the book needs, counted on a fresh --jobs 1 build
    for jobs in (1, 2):
        made = make_puzzles(SPEC, WorkFile(tmp_path / f"w{jobs}.sqlite", fresh=True),
                            frozenset(), jobs=jobs, max_grids=grids,
                            hooks=Hooks(stored=needed.append if jobs == 1 else None))
        books.append([m.key for m in made])
        assert any("avoid" in m.request for m in made), "later slots avoid earlier tiles"
    assert books[0] == books[1]

    def stop(stored: int) -> None:
        if stored == 7:
            raise Interrupt

    work = tmp_path / "r.sqlite"
    with pytest.raises(Interrupt):
        make_puzzles(SPEC, WorkFile(work, fresh=True), frozenset(), jobs=2, max_grids=grids,
                     hooks=Hooks(stored=stop))
    stored: list[int] = []
    made = make_puzzles(SPEC, WorkFile(work, fresh=False), frozenset(), jobs=1,
                        max_grids=grids, hooks=Hooks(stored=stored.append))
    assert [m.key for m in made] == books[0]
    assert len(stored) == len(needed) - 7, "the seven stored tries are not made again"


@pytest.mark.slow
@pytest.mark.parametrize("level", [4, 5])
def test_a_40_puzzle_section_repeats_few_tiles_and_never_in_neighbours(tmp_path,
                                                                      level) -> None:
    spec = parse_spec(f"title: Long\nseed: 5\nsections:\n"
                      f"  - {{name: L, count: 40, difficulty: {level}}}\n", "long.yaml")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        jobs=2, max_grids=grid_limits(spec))
    printed = [bp.made.puzzle for bp in order_book(spec, made)]
    codes = [[tile_key(g.code) for g in p.given] for p in printed]
    flat = [c for cs in codes for c in cs]
    neighbours = sum(bool(set(a) & set(b)) for a, b in zip(codes, codes[1:], strict=False))
    shapes = Counter(aspect_class(p.board) for p in printed)
    palindromes = sum(kind(c) == "palindrome" for c in flat) / len(flat)
    print(f"grade {level}: {len(flat)} given tiles, {len(flat) - len(set(flat))} repeated, "
          f"{neighbours} neighbours sharing one; shapes {dict(shapes)}; palindromes "
          f"{palindromes:.0%}; tries {Counter(m.attempt for m in made)}")
    assert len(flat) - len(set(flat)) <= 20 and neighbours == 0
    assert max(shapes.values()) <= ASPECT_CAP * len(printed)
    assert 0.20 <= palindromes <= 0.45
    assert sum(m.attempt for m in made) <= len(made) // 2, "a slot costs about one try"


@pytest.mark.parametrize("level", [1, 2])
def test_small_boards_lean_hard_enough_that_slots_seldom_pass_over_their_shape(
        tmp_path, level) -> None:
    """Boards of up to variety.SMALL tiles lean harder (LEAN_SMALL): leaning as grade 5's
    boards do, a third of them still grew square and a 40-puzzle section of grade 1 or 2
    passed 10-22 tries over for their shape (a whole generation each)."""
    spec = parse_spec(f"title: Small\nseed: 5\nper_page: 2\nsections:\n"
                      f"  - {{name: S, count: 40, difficulty: {level}}}\n", "small.yaml")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=grid_limits(spec))
    shapes = Counter(aspect_class(m.puzzle.board) for m in made)
    assert max(shapes.values()) <= ASPECT_CAP * len(made)
    assert sum(m.attempt for m in made) <= len(made) // 10, "a slot costs one try"


def test_a_grade_3_section_seldom_passes_a_first_try_over_for_a_clash(tmp_path) -> None:
    spec = parse_spec("title: C\nseed: 2024\nper_page: 2\nsections:\n"
                      "  - {name: C, count: 100, difficulty: 3}\n", "c.yaml")
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=grid_limits(spec))
    assert sum(m.attempt for m in made) <= 8, "13 passed over without lanes"


def test_a_clash_is_resolved_by_an_alternate_of_the_same_board_whatever_the_jobs(
        tmp_path) -> None:
    spec = parse_spec("title: A\nseed: 16\nsections:\n"
                      "  - {name: A, count: 5, difficulty: 4}\n", "a.yaml")
    books = []
    for jobs, fresh in ((1, True), (2, True), (1, False)):  # the last resumes the second
        made = make_puzzles(spec, WorkFile(tmp_path / f"w{min(jobs, 2) if fresh else 2}"
                                           ".sqlite", fresh=fresh), frozenset(), jobs=jobs)
        books.append([(m.key, m.attempt, m.alternate) for m in made])
    assert books[0] == books[1] == books[2]
    taken = [m for m in made if m.alternate is not None]
    assert taken and taken[0].attempt == 0, "the slot took no second try"
    m = taken[0]
    before = {tile_key(g.code) for p in made[:m.slot] for g in p.puzzle.given}
    request = {k: v for k, v in m.request.items() if k != "alternate"}
    first = read_record(run_task(request)[0])[0]
    assert {tile_key(g.code) for g in first.given} & before, "its try's own puzzle clashed"
    assert not {tile_key(g.code) for g in m.puzzle.given} & before
    assert m.request["alternate"] == m.alternate == m.puzzle.extra["generator"]["alternate"]
    # proven as any puzzle: re-solved to its printed counts, made again by its recipe
    assert m.solutions == given_positions(m.puzzle)
    assert [g.positions for g in m.puzzle.given] == [len(f) for _c, f in m.solutions]
    recipe = {k: v for k, v in m.puzzle.extra["generator"].items() if k != "version"}
    assert to_record(generate(generate_request(recipe))) == to_record(m.puzzle)


@pytest.mark.slow
def test_a_raised_count_makes_only_the_new_slots(tmp_path) -> None:
    """A slot's plan (kinds, score window, shape, tiles avoided) depends on the puzzles
    before it, never on its section's count (issue 30): a section raised from 20 to 22
    keeps its 20 puzzles and every other section's, and a build resuming from the
    20-puzzle build's work file makes only the two new slots."""
    def spec(count: int):
        return parse_spec("title: Raise\nseed: 3\nsections:\n"
                          "  - {name: A, count: 4, difficulty: 1}\n"
                          f"  - {{name: B, count: {count}, difficulty: 2}}\n"
                          "  - {name: C, count: 4, difficulty: 3}\n", "raise.yaml")

    work = tmp_path / "w.sqlite"
    small, big = spec(20), spec(22)
    before = make_puzzles(small, WorkFile(work, fresh=True), frozenset(),
                          max_grids=grid_limits(small))
    stored: list[int] = []
    after = make_puzzles(big, WorkFile(work, fresh=False), frozenset(),
                         max_grids=grid_limits(big), hooks=Hooks(stored=stored.append))
    keys = {(m.section, m.slot): m.key for m in before}
    assert {(m.section, m.slot): m.key for m in after
            if (m.section, m.slot) in keys} == keys
    new = [m for m in after if m.section == 1 and m.slot >= 20]
    print(f"20 -> 22: {len(stored)} generations (the new slots' tries: "
          f"{[m.attempt + 1 for m in new]})")
    assert len(new) == 2 and len(stored) == sum(m.attempt + 1 for m in new) <= 4
