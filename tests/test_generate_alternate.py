"""A found board's other sets of given tiles (choose.alternates): what a book takes where a
puzzle made at the same time gave a tile of the first (book/alternates.py), and what
`generate --alternate N` makes again."""

from __future__ import annotations

import pytest

from conundrum.book.variety import tile_key
from conundrum.errors import GenerationError
from conundrum.generate import GenerateRequest, generate, generate_sized, generate_solved
from conundrum.generate.request import alternates_of
from conundrum.puzzle import dump_puzzle, load_puzzle
from conundrum.solver import given_positions
from tests.support.program import run_program


@pytest.mark.parametrize("difficulty, seed", [(3, 1), (4, 1), (5, 2)])
def test_each_alternate_is_a_proven_puzzle_of_the_same_request(difficulty, seed) -> None:
    req = GenerateRequest(seed=seed, difficulty=difficulty, max_grid=(23, 24))
    first, solutions, sizes = generate_sized(req)
    alternates = alternates_of(first, req, sizes)
    alone, alone_solutions = generate_solved(req)
    assert dump_puzzle(first) == dump_puzzle(alone) and solutions == alone_solutions  # unchanged
    assert alternates, "these boards offer other sets"
    mine = [tile_key(g.code) for g in first.given]
    # the first alternate leaves out the first's first tile (a clash on it is the commonest)
    assert mine[0] not in {tile_key(c) for c, _n in alternates[0]}
    assert len(set(alternates)) == len(alternates)
    for n, codes in enumerate(alternates, 1):
        puzzle = generate(GenerateRequest(seed=seed, difficulty=difficulty, max_grid=(23, 24),
                                          alternate=n))
        assert [p.as_dict() for p in puzzle.board] == [p.as_dict() for p in first.board]
        # re-solved: the counts the search found are the solver's
        assert [(g.code, g.positions) for g in puzzle.given] == list(codes)
        assert [len(found) for _c, found in given_positions(puzzle)] == [n for _c, n in codes]
        assert puzzle.extra["grade"] == difficulty
        recipe = puzzle.extra["generator"]
        assert recipe["alternate"] == n
        again = generate(GenerateRequest(**{k: v if k != "max_grid" else tuple(v)
                                            for k, v in recipe.items() if k != "version"}))
        assert dump_puzzle(again) == dump_puzzle(puzzle)


def offered(req: GenerateRequest) -> list:
    puzzle, _solutions, sizes = generate_sized(req)
    return list(alternates_of(puzzle, req, sizes))


def test_alternates_keep_the_tiles_the_request_avoids() -> None:
    first = generate(GenerateRequest(seed=1, difficulty=4))
    avoid = tuple(g.code for g in first.given)
    alternates = offered(GenerateRequest(seed=1, difficulty=4, avoid=avoid))
    assert alternates
    assert not {tile_key(c) for codes in alternates for c, _n in codes} & \
        {tile_key(c) for c in avoid}


def test_an_alternate_the_board_does_not_offer_is_refused() -> None:
    alternates = offered(GenerateRequest(seed=1, difficulty=4))
    with pytest.raises(GenerationError, match=f"offers {len(alternates)} other sets"):
        generate(GenerateRequest(seed=1, difficulty=4, alternate=len(alternates) + 1))
    with pytest.raises(GenerationError, match="--alternate 0"):
        generate(GenerateRequest(seed=1, difficulty=4, alternate=0))
    with pytest.raises(GenerationError, match="--alternate goes with --method search"):
        generate(GenerateRequest(seed=1, tiles=6, positions=(2,), method="sat", alternate=1))


def test_generate_takes_the_alternate_option(tmp_path) -> None:
    out = tmp_path / "p.yaml"
    done = run_program("generate", "--difficulty", "4", "--seed", "1", "--alternate", "1",
                       "-o", out)
    assert done.returncode == 0, done.stderr
    puzzle = load_puzzle(out)
    assert puzzle.extra["generator"]["alternate"] == 1
    codes = offered(GenerateRequest(seed=1, difficulty=4))[0]
    assert [(g.code, g.positions) for g in puzzle.given] == list(codes)


def test_the_studios_another_one_asks_for_a_new_board_not_its_alternate(tmp_path) -> None:
    from renderers.studio.puzzles import _request

    recipe = generate(GenerateRequest(seed=1, difficulty=4, alternate=1)).extra["generator"]
    request = _request({"number": 1, "generate": recipe}, tmp_path / "none.yaml")
    assert "alternate" not in request and request["seed"] == 1
    generate(GenerateRequest(**request))  # a request the generator takes
