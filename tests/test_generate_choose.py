"""A level's given tiles chosen together (generate/choose.py): a tile of the drawn kind
without a partner is passed over for the next of its kind."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.generate.choose import (
    MAX_OVERLAP,
    TRIES_PER_TILE,
    Choice,
    Hopeless,
    ceiling,
    choose,
    kind,
    similar,
)
from conundrum.generate.effort import BoardEffort, default_weights, overlap
from conundrum.rules import ruleset
from tests.support.strategies import grow

STANDARD = ruleset("standard")
W = default_weights()
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = ("palindrome", "plain")
RANGES = ((1, 9), (3, 9))


def _pools(counts, choice):
    """The tiles of each slot the choice may give when it insists on the drawn kinds."""
    return [[c for c, n in counts.items() if lo <= n <= hi and kind(c) == wanted]
            for (lo, hi), wanted in zip(RANGES, choice.kinds, strict=True)]


def _fits(pair, weigh, choice) -> bool:
    """The definition: distinct, not similar, each tile under the ceiling, the mean effort
    in the level's range, answers overlapping at most MAX_OVERLAP times."""
    a, b = (weigh.tile_effort(c, W) for c in pair)
    lo, hi = choice.tile_effort
    return a.code != b.code and not similar(a.code, b.code) \
        and max(a.effort, b.effort) < ceiling(choice) \
        and 2 * lo <= a.effort + b.effort < 2 * hi \
        and overlap([a.answers, b.answers]) <= MAX_OVERLAP


@PROPERTY
@given(st.integers(0, 10_000), st.integers(18, 34),
       st.sampled_from([(12.0, 20.0), (20.0, 32.0), (36.0, 70.0)]))
def test_a_palindrome_and_a_plain_tile_are_found_whenever_a_pair_fits(seed, n, band):
    """Measured at grade 5: the first palindrome of the shuffled order often has no plain
    partner on the board while a later one has; the choice must find such a pair."""
    board = grow(seed, n)
    counts = {c: k for c, k in STANDARD.position_tracker(board).counts().items() if k}
    choice = Choice(W, tile_effort=band, score=(0.0, float("inf")), kinds=KINDS)
    weigh = BoardEffort(board, STANDARD)
    pools = _pools(counts, choice)
    fitting = [pair for pair in product(*pools) if _fits(pair, weigh, choice)]
    try:
        chosen = choose(board, STANDARD, counts, RANGES, random.Random(seed), choice,
                        KINDS, strict=True)
    except Hopeless:
        chosen = None
    if chosen is not None:
        assert tuple(chosen) in fitting
    elif all(len(pool) <= TRIES_PER_TILE for pool in pools):  # the choice weighs them all
        assert not fitting
