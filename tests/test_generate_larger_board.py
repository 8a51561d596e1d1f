"""A grade-5 request that avoids tiles (a book's plan) draws its board's size twice and
takes the larger (difficulty.larger_board): a larger board offers more tiles in range, so
fewer searches fail for the tiles a section gave. Requests avoiding nothing, and the other
levels, draw as before."""

from __future__ import annotations

import random

import pytest

from conundrum.book.spec import parse_spec
from conundrum.generate import GenerateRequest, driver, generate_sized
from conundrum.generate.difficulty import larger_board, level_params, params_for
from conundrum.seeds import derive
from tests.support.books import made_again, made_alike, recipe


def test_grade_5_takes_the_larger_of_two_draws() -> None:
    for seed in range(40):
        pick = params_for(5, seed)
        drawn = random.Random(seed).randint(*level_params(5).tiles)
        bigger = larger_board(pick, 5, random.Random(seed))
        assert bigger.tiles == max(pick.tiles, drawn)
        assert bigger.ranges == pick.ranges and bigger.kinds == pick.kinds


@pytest.mark.parametrize(("level", "rules"), [(1, "standard"), (3, "standard"),
                                              (4, "standard"), (5, "junior")])
def test_other_levels_and_junior_draw_once(level, rules) -> None:
    for seed in range(20):
        pick = params_for(level, seed, rules)
        assert larger_board(pick, level, random.Random(seed), rules) == pick


def _first_sizes(monkeypatch, req: GenerateRequest) -> int:
    """The board's tiles the request's first search asked for."""
    asked: list[int] = []
    make = driver._make

    def recording(req, ruleset, sizes, seed, deadline):
        asked.append(sizes.tiles)
        return make(req, ruleset, sizes, seed, deadline)

    monkeypatch.setattr(driver, "_make", recording)
    generate_sized(req)
    monkeypatch.setattr(driver, "_make", make)
    return asked[0]


def test_a_request_avoiding_tiles_grows_the_larger_board(monkeypatch) -> None:
    larger = 0
    for seed in range(1, 7):
        pick = params_for(5, derive(seed, "level", 5, 0))
        plain = _first_sizes(monkeypatch, GenerateRequest(seed=seed, difficulty=5))
        assert plain == pick.tiles, "a request avoiding nothing draws once"
        avoiding = _first_sizes(monkeypatch, GenerateRequest(seed=seed, difficulty=5,
                                                             avoid=("RRR",)))
        other = random.Random(derive(seed, "larger", 5, 0)).randint(*level_params(5).tiles)
        assert avoiding == max(pick.tiles, other)
        larger += avoiding > plain
    assert larger, "some seed's second draw is the larger"


def test_a_grade_5_book_is_the_same_for_any_jobs_and_after_resume_and_by_its_recipes(
        tmp_path) -> None:
    spec = parse_spec("title: G\nseed: 11\nper_page: 2\nsections:\n"
                      "  - {name: G, count: 6, difficulty: 5}\n", "g.yaml")
    avoiding = 0
    for m in made_alike(spec, tmp_path):  # each made again by its recipe, those avoiding too
        avoiding += "avoid" in recipe(m)
        assert made_again(m)
    assert avoiding >= 2, "the slots after the first LAG know puzzles to avoid"
