"""A grade-5 request that avoids tiles (a book's plan) asks for the level's largest board
(difficulty.larger_board): a larger board offers more tiles in range, so fewer searches
fail for the tiles a section gave. Requests avoiding nothing, and the other levels, keep
their draw. Any level's board is kept to what grows readily in the request's room, and
never fewer than the level's fewest tiles (difficulty.within_room)."""

from __future__ import annotations

import pytest

from conundrum.book.spec import parse_spec
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, driver, generate, generate_sized
from conundrum.generate.difficulty import (
    larger_board,
    level_params,
    params_for,
    within_room,
)
from conundrum.generate.search import Room
from conundrum.seeds import derive
from conundrum.tiles import STANDARD_TILES, canonical
from tests.support.books import made_again, made_alike, recipe


def test_grade_5_takes_the_largest_board() -> None:
    largest = level_params(5).tiles[1]
    for seed in range(40):
        pick = params_for(5, seed)
        bigger = larger_board(pick, 5)
        assert bigger.tiles == largest
        assert bigger.ranges == pick.ranges and bigger.kinds == pick.kinds


@pytest.mark.parametrize(("level", "rules"), [(1, "standard"), (3, "standard"),
                                              (4, "standard"), (5, "junior")])
def test_other_levels_and_junior_keep_their_draw(level, rules) -> None:
    for seed in range(20):
        pick = params_for(level, seed, rules)
        assert larger_board(pick, level, rules) == pick


@pytest.mark.parametrize(("level", "rules"), [(1, "standard"), (3, "standard"),
                                              (5, "standard"), (5, "junior")])
def test_a_board_is_kept_to_its_room_not_below_the_level(level, rules) -> None:
    fewest, most = level_params(level, rules).tiles
    middle = (fewest + most) // 2
    for seed in range(20):
        pick = params_for(level, seed, rules)
        assert within_room(pick, level, rules) == pick  # no room: any size
        kept = within_room(pick, level, rules, middle)
        assert kept.tiles == min(pick.tiles, middle)
        assert kept.ranges == pick.ranges and kept.kinds == pick.kinds
        assert within_room(pick, level, rules, 1).tiles == fewest  # a room too small


class _Asked(Exception):
    """The first search's board size, recorded: the search itself is not run."""


def _first_sizes(monkeypatch, req: GenerateRequest) -> int:
    """The board's tiles the request's first search asks for."""

    def recording(req, ruleset, sizes, seed, deadline):
        raise _Asked(sizes.tiles)

    monkeypatch.setattr(driver, "_make", recording)
    with pytest.raises(_Asked) as asked:
        generate_sized(req)
    monkeypatch.undo()
    return asked.value.args[0]


def test_a_request_grows_the_largest_board_its_room_holds(monkeypatch) -> None:
    fewest, largest = level_params(5).tiles
    roomy = (30, 30)  # a room of 24 x 24 cells: boards of up to 115 tiles grow there
    small = (17, 17)  # 11 x 11: up to 24, fewer than the level's fewest
    assert Room.of(roomy).growing_tiles() >= largest > fewest > Room.of(small).growing_tiles()
    smaller = 0
    for seed in range(1, 7):
        pick = params_for(5, derive(seed, "level", 5, 0))
        for max_grid, avoid, tiles in ((None, None, pick.tiles), (roomy, None, pick.tiles),
                                       (small, None, fewest), (None, ("RRR",), largest),
                                       (roomy, ("RRR",), largest), (small, ("RRR",), fewest)):
            asked = _first_sizes(monkeypatch, GenerateRequest(
                seed=seed, difficulty=5, avoid=avoid, max_grid=max_grid))
            assert asked == tiles, (max_grid, avoid)
        smaller += pick.tiles < largest
    assert smaller, "some seed draws a smaller board than the largest"


def test_every_level_is_kept_to_its_room(monkeypatch) -> None:
    fewest, most = level_params(4).tiles
    grid = (18, 18)  # 12 x 12 cells: up to 28 of grade 4's 20-30 tiles
    assert fewest < Room.of(grid).growing_tiles() == 28 < most
    asked = [_first_sizes(monkeypatch, GenerateRequest(seed=seed, difficulty=4,
                                                       max_grid=grid, rules=rules))
             for seed in range(1, 13) for rules in ("standard", "junior")]
    drawn = [params_for(4, derive(seed, "level", 4, 0), rules).tiles
             for seed in range(1, 13) for rules in ("standard", "junior")]
    assert asked == [min(t, 28) for t in drawn] and max(drawn) > 28


def test_the_room_in_whole_numbers() -> None:
    assert Room(9, 15).growing_tiles() == 27  # 0.6 x 135 / 3, not 26.999... rounded down
    assert Room(18, 8).growing_tiles() == 28
    assert Room(2, 40).growing_tiles() == 0  # a tile's length does not fit across


def test_a_room_too_small_for_the_level_is_refused_once() -> None:
    with pytest.raises(GenerationError) as refused:
        generate(GenerateRequest(seed=1, difficulty=2, max_grid=(10, 10)))
    assert str(refused.value) == ("9 tiles cover 27 cells; the page holds 10 x 10 cells "
                                  "with a margin of 3 around the board")


def test_a_grade_5_book_is_the_same_for_any_jobs_and_after_resume_and_by_its_recipes(
        tmp_path) -> None:
    spec = parse_spec("title: G\nseed: 11\nper_page: 2\nsections:\n"
                      "  - {name: G, count: 6, difficulty: 5}\n", "g.yaml")
    avoiding = 0
    for m in made_alike(spec, tmp_path):  # each made again by its recipe, those avoiding too
        avoiding += "avoid" in recipe(m)
        assert made_again(m)
    assert avoiding >= 2, "the slots after the first LAG know puzzles to avoid"


def test_grade_5_on_a_small_page_avoiding_tiles_is_made() -> None:
    """A 5x8 page prints a grade-5 board in a grid of 24 x 14 cells (18 x 8 within the
    margin): drawn at the level's 28-40 tiles, a third of the tiles avoided, 5 of these
    20 requests found no board (a 30-puzzle book stopped at its 22nd); kept to the room's
    28, none fails."""
    avoid = tuple(sorted({canonical(c) for c in STANDARD_TILES})[::3])
    fewest = level_params(5).tiles[0]
    for seed in range(1, 21):
        puzzle = generate(GenerateRequest(seed=seed, difficulty=5, max_grid=(24, 14),
                                          avoid=avoid))
        assert len(puzzle.board) == fewest
        assert not {canonical(g.code) for g in puzzle.given} & set(avoid)
        assert Room.of((24, 14)).holds(puzzle.board)


@pytest.mark.slow  # makes a 30-puzzle grade-5 section (about 10 s)
def test_a_grade_5_book_on_a_5x8_page_is_made(tmp_path) -> None:
    """Its 30-puzzle section stopped at the 22nd: five seeds of one slot found no board
    of 33-40 tiles within the page's grid (24 x 14, one a page)."""
    from conundrum.book.make_puzzles import make_puzzles
    from conundrum.book.work import WorkFile
    from renderers.book.layout import grid_limits

    spec = parse_spec("title: S\npage: 5x8\nseed: 1\nper_page: 2\nsections:\n"
                      "  - {name: Hard, count: 30, difficulty: 5}\n", "s.yaml")
    grids = grid_limits(spec)
    assert grids == ((24, 14),), "the page's grid this test is about"
    made = make_puzzles(spec, WorkFile(tmp_path / "w.sqlite", fresh=True), frozenset(),
                        max_grids=grids)
    assert len(made) == 30
    assert all(m.puzzle.extra["grade"] == 5 and Room.of(grids[0]).holds(m.puzzle.board)
               for m in made)
