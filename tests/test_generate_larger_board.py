"""A grade-5 request that avoids tiles (a book's plan) asks for the level's largest board,
or the largest that grows readily in its room, never smaller than drawn
(difficulty.larger_board): a larger board offers more tiles in range, so fewer searches
fail for the tiles a section gave. Requests avoiding nothing, and the other levels, draw
as before."""

from __future__ import annotations

import pytest

from conundrum.book.spec import parse_spec
from conundrum.generate import GenerateRequest, driver, generate_sized
from conundrum.generate.difficulty import larger_board, level_params, params_for
from conundrum.generate.search import Room
from conundrum.seeds import derive
from tests.support.books import made_again, made_alike, recipe


def test_grade_5_takes_the_largest_board_its_room_holds() -> None:
    largest = level_params(5).tiles[1]
    for seed in range(40):
        pick = params_for(5, seed)
        bigger = larger_board(pick, 5)
        assert bigger.tiles == largest
        assert bigger.ranges == pick.ranges and bigger.kinds == pick.kinds
        # a room that holds fewer: as many as it holds, never fewer than drawn
        assert larger_board(pick, 5, most=33).tiles == max(pick.tiles, 33)


@pytest.mark.parametrize(("level", "rules"), [(1, "standard"), (3, "standard"),
                                              (4, "standard"), (5, "junior")])
def test_other_levels_and_junior_keep_their_draw(level, rules) -> None:
    for seed in range(20):
        pick = params_for(level, seed, rules)
        assert larger_board(pick, level, rules) == pick


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


def test_a_request_avoiding_tiles_grows_the_largest_board(monkeypatch) -> None:
    largest = level_params(5).tiles[1]
    grid = (20, 20)  # a room of 14 x 14 cells: boards of up to 52 tiles grow there readily
    small = (17, 17)  # 11 x 11: up to 32
    assert Room.of(grid).roomy_tiles() >= largest > Room.of(small).roomy_tiles() == 32
    smaller = 0
    for seed in range(1, 7):
        pick = params_for(5, derive(seed, "level", 5, 0))
        plain = _first_sizes(monkeypatch, GenerateRequest(seed=seed, difficulty=5))
        assert plain == pick.tiles, "a request avoiding nothing keeps its draw"
        for max_grid, most in ((None, largest), (grid, largest), (small, 32)):
            avoiding = _first_sizes(monkeypatch, GenerateRequest(
                seed=seed, difficulty=5, avoid=("RRR",), max_grid=max_grid))
            assert avoiding == max(pick.tiles, most)
        smaller += pick.tiles < largest
    assert smaller, "some seed draws a smaller board than the largest"


def test_a_grade_5_book_is_the_same_for_any_jobs_and_after_resume_and_by_its_recipes(
        tmp_path) -> None:
    spec = parse_spec("title: G\nseed: 11\nper_page: 2\nsections:\n"
                      "  - {name: G, count: 6, difficulty: 5}\n", "g.yaml")
    avoiding = 0
    for m in made_alike(spec, tmp_path):  # each made again by its recipe, those avoiding too
        avoiding += "avoid" in recipe(m)
        assert made_again(m)
    assert avoiding >= 2, "the slots after the first LAG know puzzles to avoid"
