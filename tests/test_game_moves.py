"""The engine's hand-wide move generator agrees with the solver, tile by tile."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.game import grow_board, legal_moves
from conundrum.rules import contacts, ruleset
from conundrum.solver import positions


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 40),
       rules=st.sampled_from(["standard", "junior"]))
def test_moves_equal_the_solver(seed, n, rules):
    rs = ruleset(rules)
    board = grow_board(n, random.Random(seed), rules, "random")
    free = [t for t in rs.tiles if not board.contains(t)]
    hand = random.Random(seed).sample(free, min(8, len(free)))
    moves = legal_moves(board, rs, hand)
    assert [m.placement for m in moves] == sorted(
        (p for t in hand for p in positions(board, t, rs)),
        key=lambda p: (p.tile, p.at[1], p.at[0], p.dir, p.code))
    for m in moves:
        assert m.contacts == len(contacts(board, m.placement))  # every contact matches


def test_no_tiles_no_moves():
    board = grow_board(5, random.Random(1))
    assert legal_moves(board, ruleset("standard"), []) == []
