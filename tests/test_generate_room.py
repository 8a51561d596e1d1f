"""Growing within a book page's room: the short cuts give what the plain definitions give.

A growth within a room (search.Room) reads each drawn tile's positions only from the runs
inside the room's window (`StandardTracker.within`), or from every run where the room
holds them all (`Room.around`), gives up on a game as soon as its board leaves the room,
and weighs tiles from one table per style: each must leave the
search's boards exactly as they were (the book's puzzles depend on them).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.errors import GenerationError
from conundrum.game import grow_board
from conundrum.generate.search import Room, Style, grow
from conundrum.placement import contact_count
from conundrum.rules import ruleset
from conundrum.solver import reading_order


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(2, 30), wider=st.integers(-1, 5),
       taller=st.integers(-1, 5), removed=st.integers(0, 3))
def test_positions_within_the_window_are_those_the_room_keeps(seed, tiles, wider, taller,
                                                              removed) -> None:
    """Rooms about the board's size (a few cells to spare, or none), where the window's
    edges decide."""
    rs = ruleset("standard")
    rng = random.Random(seed)
    tracker = rs.position_tracker(grow_board(tiles, rng, rs, "random"))
    ids = [tid for tid, _ in tracker.board.items()][1:]
    for tid in rng.sample(ids, min(removed, len(ids))):  # as steering leaves a board
        tracker.remove(tid)
    x0, y0, x1, y1 = tracker.board.bbox()
    room = Room(x1 - x0 + 1 + wider, y1 - y0 + 1 + taller)
    corners = room.window(tracker.board)
    if room.columns < 3 or room.rows < 3:
        assert corners is None
        return
    assert corners is not None
    window = tracker.within(*corners)
    assert tracker.playable() == [code for code, n in tracker.counts().items() if n]
    around = room.around(tracker.board)
    for code in tracker.counts():
        every = sorted(tracker.positions(code), key=reading_order)
        # a growth weighs a position by its contacts, read from the cells' scores
        assert [contact_count(p.cells, tracker.board.occupied) for p in every] == \
            [sum(tracker.board.score(c)[-1] for c in p.cells) for p in every]
        plain = room.keeps(tracker.board, every)
        assert sorted(window.positions(code), key=reading_order) == plain
        if around:  # a room that holds every position keeps them all
            assert plain == every
    if wider >= 3 and taller >= 3:
        assert around


def test_a_board_already_wider_than_the_room_has_no_position_within_it() -> None:
    rs = ruleset("standard")
    tracker = rs.position_tracker(grow_board(20, random.Random(4), rs, "random"))
    x0, y0, x1, y1 = tracker.board.bbox()
    room = Room(x1 - x0, y1 - y0 + 5)  # one column short of the board itself
    window = tracker.within(*room.window(tracker.board))
    assert all(window.positions(code) == [] for code in tracker.counts())
    assert all(room.keeps(tracker.board, tracker.positions(code)) == []
               for code in tracker.counts())


def test_a_game_leaving_the_room_is_given_up_at_once() -> None:
    rs = ruleset("standard")
    sizes: list[int] = []

    def within(board: Board) -> bool:
        sizes.append(len(board))
        return len(board) < 8

    with pytest.raises(GenerationError, match="spread past the room"):
        grow_board(30, random.Random(2), rs, "greedy", within=within)
    assert max(sizes) == 8  # not played on to 30 tiles
    # a game that stays within is the same game as without the check
    played = grow_board(30, random.Random(2), rs, "greedy")
    kept = grow_board(30, random.Random(2), rs, "greedy", within=lambda _b: True)
    assert kept.placements == played.placements


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), columns=st.integers(9, 20), rows=st.integers(9, 20))
def test_a_growth_in_a_room_is_the_growth_it_always_was(seed, columns, rows) -> None:
    """The same board as a growth laying each tile by the plain definitions (every
    position, then those the room keeps), tile by tile from the same draws."""
    rs = ruleset("standard")
    room = Room.of((columns, rows))
    style = Style.draw(random.Random(seed))
    fast = grow(rs, 20, random.Random(seed), style, room=room)

    class Plain(Room):
        def window(self, board: Board) -> None:  # no window: read every position
            return None

        def around(self, board: Board) -> bool:  # and ask `keeps` of each
            return False

    slow = grow(rs, 20, random.Random(seed), style, room=Plain(room.columns, room.rows))
    assert (fast is None) == (slow is None)
    if fast is not None and slow is not None:
        assert fast.board.placements == slow.board.placements


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_styles_weight_table_gives_its_tile_weights(seed) -> None:
    style = Style.draw(random.Random(seed))
    tiles = ruleset("standard").tiles
    assert [style.weights[code] for code in tiles] == [style.tile_weight(c) for c in tiles]
    assert style.weights is style.weights  # one table a style, filled as asked
