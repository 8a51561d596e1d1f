"""Variety across a book (issue 23): no given tile twice in a section, none shared by
neighbours, a balanced mix of palindromes and chameleons at every grade, boards of
several shapes, and grades that meet. The 4-section book (grades 1, 2, 4, 5; 15 puzzles
each) is built once; each rule is a test that prints the figures it checks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conundrum.book.canonical import canonical_form, key_of
from conundrum.book.example import example_puzzle
from conundrum.book.spec import parse_spec
from conundrum.book.variety import (
    ASPECT_CAP,
    SET_SIZES,
    SectionVariety,
    apart,
    aspect_class,
    edge_window,
    lean,
    plan_kinds,
    section_rules,
    tile_key,
)
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, generate, most_tiles, roomy
from conundrum.generate.choose import kind
from conundrum.generate.difficulty import BANDS, params_for
from conundrum.notation import MARGIN
from conundrum.puzzle import load_puzzle
from tests.support.program import CONUNDRUM

pytestmark = pytest.mark.slow  # builds a 60-puzzle book

SPEC = """title: Variety
seed: 7
page: 6x9
per_page: 1
sections:
  - {name: Warm-up, count: 15, difficulty: 1}
  - {name: Easy, count: 15, difficulty: 2}
  - {name: Hard, count: 15, difficulty: 4}
  - {name: Expert, count: 15, difficulty: 5}
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> tuple[dict[str, list], str]:
    """Each section's puzzles in book order (as `extract --all` gives them), and stderr."""
    import subprocess

    import yaml

    folder = tmp_path_factory.mktemp("variety")
    (folder / "v.yaml").write_text(SPEC, encoding="utf-8")
    run = subprocess.run([*CONUNDRUM, "book", "v.yaml", "-o", "v.pdf", "--jobs", "2"],
                         cwd=folder, capture_output=True, text=True, check=True)
    subprocess.run([*CONUNDRUM, "extract", "v.manifest.yaml", "--all", "-o", "ex"],
                   cwd=folder, capture_output=True, check=True)
    manifest = yaml.safe_load((folder / "v.manifest.yaml").read_text(encoding="utf-8"))
    sections: dict[str, list] = {}
    for entry in manifest["puzzles"]:
        puzzle = load_puzzle(folder / "ex" / f"puzzle-{entry['number']:03d}.yaml")
        sections.setdefault(entry["section"], []).append(puzzle)
    return sections, run.stderr


def _codes(puzzle) -> list[str]:
    return [tile_key(g.code) for g in puzzle.given]


def test_no_section_gives_a_tile_twice_nor_neighbours_share_one(book) -> None:
    for name, puzzles in book[0].items():
        codes = [c for p in puzzles for c in _codes(p)]
        pairs = zip(puzzles, puzzles[1:], strict=False)
        shared = sum(bool(set(_codes(a)) & set(_codes(b))) for a, b in pairs)
        print(f"{name}: {len(codes)} given tiles, {len(set(codes))} distinct, "
              f"{shared} neighbours sharing one")
        assert len(codes) == len(set(codes)) and shared == 0


def test_palindromes_and_chameleons_are_mixed_at_every_grade(book) -> None:
    every = []
    for name, puzzles in book[0].items():
        codes = [g.code for p in puzzles for g in p.given]
        every += codes
        share = sum(kind(c) == "palindrome" for c in codes) / len(codes)
        print(f"{name}: palindromes {share:.0%} of {len(codes)}")
        assert 0.20 <= share <= 0.45
    palindromes = sum(kind(c) == "palindrome" for c in every) / len(every)
    chameleons = sum(kind(c) == "chameleon" for c in every) / len(every)
    print(f"book: palindromes {palindromes:.1%}, chameleons {chameleons:.1%}")
    assert 0.25 <= palindromes <= 0.40 and 0.04 <= chameleons <= 0.09


def test_boards_of_each_section_take_several_shapes(book) -> None:
    for name, puzzles in book[0].items():
        shapes = Counter(aspect_class(p.board) for p in puzzles)
        print(f"{name}: {dict(shapes)}")
        assert len(shapes) >= 2
        # the 6x9 page's grid is wide for grade 4-5 boards (31 x 20 or 22 cells at one a
        # page): their retries lean their grids to the shapes the section lacks
        assert max(shapes.values()) <= ASPECT_CAP * len(puzzles)


def test_the_same_book_for_any_jobs(book, tmp_path) -> None:
    """Retries lean to the shapes the section lacks so far: decided in slot order, never by
    which worker finished first."""
    import subprocess

    import yaml

    (tmp_path / "v.yaml").write_text(SPEC, encoding="utf-8")
    subprocess.run([*CONUNDRUM, "book", "v.yaml", "-o", "v.pdf", "--jobs", "1"],
                   cwd=tmp_path, capture_output=True, text=True, check=True)
    manifest = yaml.safe_load((tmp_path / "v.manifest.yaml").read_text(encoding="utf-8"))
    leant = [e["generate"]["max_grid"] for e in manifest["puzzles"]]
    keys = [e["key"] for e in manifest["puzzles"]]
    assert keys == [key_of(canonical_form(p)) for ps in book[0].values() for p in ps]
    print(f"grids asked: {sorted(Counter(map(tuple, leant)).items())}")
    assert len(set(map(tuple, leant))) > 4      # the sections' own grids, and leaning ones


def _shapes(level: int, grid: tuple[int, int], seeds: range) -> Counter:
    shapes: Counter = Counter()
    for seed in seeds:
        try:
            board = generate(GenerateRequest(seed=seed, difficulty=level, max_grid=grid)).board
        except GenerationError:
            shapes["none"] += 1                 # a failed try: the slot tries its next seed
            continue
        shapes[aspect_class(board)] += 1
    return shapes


@pytest.mark.parametrize("shape", ["wide", "square", "tall"])
@pytest.mark.parametrize(("level", "grid"), [(2, (31, 25)), (4, (31, 22)), (5, (31, 20))])
def test_a_grid_leaning_to_a_shape_grows_more_boards_of_it(level, grid, shape) -> None:
    tiles = most_tiles(GenerateRequest(difficulty=level, max_grid=grid))
    leant = lean(grid, shape, tiles)
    assert leant[0] <= grid[0] and leant[1] <= grid[1]
    columns, rows = leant[0] - 2 * MARGIN, leant[1] - 2 * MARGIN
    assert {"wide": columns > rows, "square": columns == rows, "tall": columns < rows}[shape]
    if not roomy(GenerateRequest(difficulty=level, max_grid=leant)):
        return                                  # a retry would not ask for it (build.py)
    seeds = range(1, 21)
    before, after = _shapes(level, grid, seeds), _shapes(level, leant, seeds)
    print(f"grade {level}, {shape}: {grid} {dict(before)}; {leant} {dict(after)}")
    assert after[shape] >= 8 and (after[shape] > before[shape] or after[shape] == len(seeds))


def test_a_full_shape_makes_retries_lean_to_the_emptiest_other() -> None:
    variety = SectionVariety(count=10, plan=[None] * 10)
    assert variety.leanings((31, 22), 20) == []
    variety.aspects.update({"square": 4, "wide": 2, "tall": 1})
    variety.given += [()] * 7  # the 8th board may make 3 of a class (running_cap)
    assert variety.leanings((31, 22), 20) == [lean((31, 22), "tall", 20),
                                              lean((31, 22), "wide", 20)]


def test_grades_rise_within_sections_and_meet_between_them(book) -> None:
    sections = book[0]
    scores = {name: [p.extra["score"] for p in ps] for name, ps in sections.items()}
    for name, values in scores.items():
        print(f"{name}: {values[0]:.1f} .. {values[-1]:.1f}")
        assert values == sorted(values)
    for easier, harder in (("Warm-up", "Easy"), ("Hard", "Expert")):  # neighbouring grades
        assert max(scores[easier]) >= 0.9 * min(scores[harder]), (easier, harder)


def test_a_kind_plan_gives_the_shares_through_the_book() -> None:
    spec = parse_spec(SPEC, "v.yaml")
    plans = plan_kinds(spec)
    kinds = [k for plan in plans for slot in plan if slot for k in slot]
    print(f"book: palindromes {kinds.count('palindrome') / len(kinds):.1%}, chameleons "
          f"{kinds.count('chameleon') / len(kinds):.1%} of {len(kinds)}")
    assert 0.25 <= kinds.count("palindrome") / len(kinds) <= 0.40
    assert 0.05 <= kinds.count("chameleon") / len(kinds) <= 0.08
    for plan in plans:  # each section its own share, rounded
        tiles = [k for slot in plan if slot for k in slot]
        assert tiles.count("palindrome") == int(0.30 * len(tiles) + 0.5)
        assert tiles.count("chameleon") == int(0.065 * len(tiles) + 0.5)
        # a puzzle gives at most one chameleon; palindromes go to distinct slots first
        assert all(slot.count("chameleon") <= 1 for slot in plan if slot)
        palindromes = [slot.count("palindrome") for slot in plan if slot]
        assert max(palindromes) - min(palindromes) <= 1
    assert plans == plan_kinds(spec)  # a function of the spec


def test_a_slots_kinds_do_not_depend_on_its_sections_count() -> None:
    """A raised count adds slots and changes none (nor any other section's): the book
    makes only the new puzzles."""
    spec = parse_spec(SPEC, "v.yaml")
    raised = parse_spec(SPEC.replace("count: 15, difficulty: 2", "count: 22, difficulty: 2"),
                        "v.yaml")
    before, after = plan_kinds(spec), plan_kinds(raised)
    assert after[1][:15] == before[1] and len(after[1]) == 22
    assert [after[i] for i in (0, 2, 3)] == [before[i] for i in (0, 2, 3)]


def test_the_slot_asking_for_the_bands_top_asks_for_no_more_palindromes_than_its_foot(
        ) -> None:
    """A palindrome seldom reaches the top of a band: the first two slots put theirs in
    the slot asking for the foot (variety._edge_kinds), the section's share unchanged."""
    for seed in (7, 2024):
        for level in range(1, 6):
            spec = parse_spec(f"title: E\nseed: {seed}\nsections:\n"
                              f"  - {{name: S, count: 4, difficulty: {level}}}\n", "e.yaml")
            foot, top, *_rest = plan_kinds(spec)[0]
            assert top.count("palindrome") <= foot.count("palindrome"), (seed, level)
            assert foot.count("palindrome") + top.count("palindrome") == \
                int(0.30 * (len(foot) + len(top)) + 0.5)


def test_a_planned_kind_reaches_the_level_pick() -> None:
    pick = params_for(4, random.Random(1), kinds=("palindrome", "chameleon"))
    assert pick.kinds == ("palindrome", "chameleon")
    assert pick.ranges[0][0] == 1  # a palindrome's count may start at 1


def test_a_section_asking_more_tiles_than_the_set_holds_may_repeat_them() -> None:
    big = parse_spec("title: Big\nsections:\n  - {name: Lots, count: 120, difficulty: 2}\n",
                     "b.yaml")
    rules, notes = section_rules(big)
    assert "palindrome" in rules[0].repeats and len(notes) == 1 and "'Lots'" in notes[0]
    assert SET_SIZES == {"plain": 50, "palindrome": 25, "chameleon": 5}


def test_faults_are_forgiven_one_by_one() -> None:
    puzzle = example_puzzle(1)
    rules = SectionVariety(5, [None] * 5)
    rules.take(puzzle)
    rules.take(puzzle)  # two boards of one shape: the most a section of 5 puzzles takes
    faults, forgiven = rules.faults(puzzle, None, 0)
    assert any("again" in f for f in faults) and any("3 " in f and "boards" in f
                                                      for f in faults)
    faults, forgiven = rules.faults(puzzle, None, 10)  # the shape is a wish: quietly
    assert [f for f in faults if "boards" in f] == [] and forgiven == []
    faults, forgiven = rules.faults(puzzle, None, 20)  # a repeat is printed, and said
    assert faults == [] and any("again" in f for f in forgiven)
    wanted = ("palindrome",) if kind(puzzle.given[0].code) != "palindrome" else ("plain",)
    assert "planned" in rules.faults(puzzle, wanted, 0)[0][0]


def test_neighbours_sharing_a_tile_are_moved_apart() -> None:
    items = [["RRR"], ["RRR"], ["BGP"], ["YYY"]]
    out = apart(items, lambda codes: codes)
    assert out == [["RRR"], ["BGP"], ["RRR"], ["YYY"]]
    assert apart([["RRR"], ["RRR"]], lambda codes: codes) == [["RRR"], ["RRR"]]


def test_the_edges_of_a_band_are_asked_of_the_first_two_puzzles() -> None:
    spec = parse_spec(SPEC, "v.yaml")
    hard = spec.sections[2]
    assert edge_window(hard, 0) == (BANDS[2], BANDS[2] * 1.05)
    # the top is asked of the second slot (the book prints a section easiest first), so a
    # slot's window does not depend on the section's count
    assert edge_window(hard, 1) == (BANDS[3] * 0.95, BANDS[3])
    assert edge_window(hard, 7) is None and edge_window(hard, 14) is None
    assert edge_window(spec.sections[0], 0) is None  # grade 1 has no foot to meet

