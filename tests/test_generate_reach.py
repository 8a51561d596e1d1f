"""Which tiles can reach a level's effort (generate/reach.py), and a level's drawn kinds."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.generate.choose import Choice, kind
from conundrum.generate.difficulty import one_palindrome, params_for
from conundrum.generate.effort import BoardEffort, default_weights
from conundrum.generate.reach import most_effort, within_reach
from conundrum.generate.search import Picker
from conundrum.rules import ruleset
from conundrum.tiles import canonical
from tests.support.strategies import grow

STANDARD = ruleset("standard")
W = default_weights()
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _off_board(board, rules) -> dict[str, int]:
    """Every tile off the board with its count of positions (as the tracker counts)."""
    tracker = rules.position_tracker(board)
    return {code: n for code, n in tracker.counts().items() if n}


@PROPERTY
@given(st.sampled_from(["standard", "junior"]), st.integers(0, 10_000), st.integers(5, 30))
def test_the_bound_is_never_below_a_tiles_effort(rules, seed, n):
    """most_effort, from the census and the count alone, is at least the measured effort."""
    rs = ruleset(rules)
    board = grow(seed, n, rules)
    weigh = BoardEffort(board, rs)
    census = rs.reading_census(board)
    for code, count in _off_board(board, rs).items():
        effort = weigh.tile_effort(code, W).effort
        assert most_effort(census(code), count, kind(code) == "palindrome", W) >= effort


def _sets_reaching(board, rules, counts, ranges, kinds, choice, strict):
    """Every set of distinct tiles, one a slot (count in range, of the kinds allowed),
    whose measured efforts reach the level's mean: what the narrowing must keep."""
    weigh = BoardEffort(board, rules)
    need = choice.tile_effort[0] * len(ranges)
    pools = []
    for (lo, hi), wanted in zip(ranges, kinds, strict=True):
        pools.append([c for c, n in counts.items() if lo <= n <= hi
                      and (kind(c) == wanted if strict
                           else not (kind(c) == "chameleon" != wanted))
                      and canonical(c) not in choice.avoid])
    return [s for s in product(*pools) if len(set(s)) == len(s)
            and sum(weigh.tile_effort(c, W).effort for c in s) >= need]


@PROPERTY
@given(st.integers(0, 10_000), st.integers(12, 30), st.sampled_from([(12.0, 20.0),
                                                                    (20.0, 32.0),
                                                                    (36.0, 70.0)]),
       st.integers(1, 2), st.booleans())
def test_narrowing_keeps_every_set_that_reaches_and_refuses_only_boards_without_one(
        seed, n, band, given_tiles, strict):
    board = grow(seed, n)
    counts = _off_board(board, STANDARD)
    rng = random.Random(seed)
    kinds = tuple(rng.choice(("plain", "palindrome", "plain")) for _ in range(given_tiles))
    ranges = ((1, 9),) * given_tiles
    choice = Choice(W, tile_effort=band, score=(0.0, float("inf")), kinds=kinds)
    reach = within_reach(counts, lambda: STANDARD.reading_census(board), ranges, kinds,
                         choice, strict)
    reaching = _sets_reaching(board, STANDARD, counts, ranges, kinds, choice, strict)
    if reach.choice is None:
        assert not reaching
        return
    for tiles in reaching:
        assert not {canonical(c) for c in tiles} & reach.choice.avoid


def test_a_board_far_from_the_level_is_refused_without_reading_it():
    """No tile of the kind asked in range: refused before the census is read."""
    board = grow(3, 10)
    counts = _off_board(board, STANDARD)
    choice = Choice(W, tile_effort=(36.0, 70.0), kinds=("chameleon",))
    read = []
    reach = within_reach(counts, lambda: read.append(1) or STANDARD.reading_census(board),
                         ((100, 200),), ("chameleon",), choice, True)
    assert reach.choice is None and not read


def test_a_census_handed_in_is_used_and_none_reads_the_board():
    board = grow(1, 20)

    def census(code):
        return (0, 0, 0)

    assert BoardEffort(board, STANDARD, census).census is census
    read = BoardEffort(board, STANDARD).census
    assert read is not census and read("RGB") == STANDARD.reading_census(board)("RGB")


@pytest.mark.parametrize("kinds, made", [
    (("palindrome", "palindrome"), ("palindrome", "plain")),
    (("plain", "palindrome", "palindrome"), ("plain", "palindrome", "plain")),
    (("chameleon", "palindrome"), ("chameleon", "palindrome")),
    ((), ()),
])
def test_a_level_draws_one_palindrome_a_puzzle_at_most(kinds, made):
    assert one_palindrome(kinds) == made
    assert one_palindrome(kinds, len(kinds)) == kinds  # what was asked for stays


def test_grade_5_draws_two_palindromes_only_when_asked():
    drawn = [params_for(5, seed).kinds for seed in range(300)]
    assert all(k.count("palindrome") <= 1 for k in drawn)
    assert sum("palindrome" in k for k in drawn) > 150  # most puzzles still draw one
    asked = params_for(5, 1, kinds=("palindrome", "palindrome")).kinds
    assert asked == ("palindrome", "palindrome")
    # a palindrome asked for the first tile: the second is never drawn one
    assert all(params_for(5, seed, kinds=("palindrome",)).kinds[1] != "palindrome"
               for seed in range(100))


def _census_reads(rs, monkeypatch) -> list[str]:
    """The tiles whose census `rs` reads from now on (every board's census counted)."""
    read: list[str] = []
    whole = type(rs).reading_census

    def counting(board):
        census = whole(rs, board)
        return lambda code: read.append(code) or census(code)
    monkeypatch.setattr(rs, "reading_census", counting)
    return read


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_junior_level_reads_no_census_the_choice_does_not_weigh(seed, monkeypatch):
    """Junior's census reads the board once a tile (no one-pass table): bounding every tile
    in range before the choice read four times the tiles the choice weighs, and made junior
    grade 5 four times slower for the same puzzles. Its offers go to the choice as they are."""
    rs = ruleset("junior")
    assert not rs.census_in_one_pass and STANDARD.census_in_one_pass
    board = grow(seed, 30, "junior")
    tracker = rs.position_tracker(board)
    pick = params_for(5, seed, "junior")
    choice = Choice(W, tile_effort=pick.tile_effort, score=(0.0, float("inf")),
                    kinds=pick.kinds)
    in_range = sum(any(lo <= n <= hi for lo, hi in pick.ranges)
                   for n in tracker.counts().values())
    weighed: list[str] = []
    measure = BoardEffort.tile_effort
    monkeypatch.setattr(BoardEffort, "tile_effort",
                        lambda self, code, w: weighed.append(code) or measure(self, code, w))
    read = _census_reads(rs, monkeypatch)
    for strict in (True, False):
        Picker(rs, pick.ranges, choice, pick.kinds, random.Random(seed),
               strict_offers=1 if strict else 0)(tracker)
    assert sorted(read) == sorted(weighed) and len(read) < in_range


def test_junior_levels_draw_two_palindromes_standard_ones_at_most_one():
    """The one-palindrome draw is standard's (two seldom reach its grade 5); junior's searches
    that drew two failed as often with one, weighing a larger pool."""
    junior = [params_for(5, seed, "junior").kinds for seed in range(300)]
    standard = [params_for(5, seed, "standard").kinds for seed in range(300)]
    assert any(k.count("palindrome") == 2 for k in junior)
    assert all(k.count("palindrome") <= 1 for k in standard)
    assert [k.count("palindrome") > 0 for k in junior] == \
        [k.count("palindrome") > 0 for k in standard]  # the same draws otherwise
