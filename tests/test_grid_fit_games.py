"""Which rooms a game is played in (`search.Room.fits_a_game`), and the room's check on a
game's board after every turn (`Room.holds`): a board grown in a book's page keeps to it.

A game's board spreads: in a room too narrow for its tile count it is thrown away, so the
board is grown by hand at once, on the rng the thrown-away game would have left.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import conundrum.generate.search as search
from conundrum.generate.search import Room, Style, grow
from conundrum.rules import ruleset


def test_a_room_must_be_wide_enough_for_the_tile_count_of_a_game() -> None:
    leant = Room(13, 21)  # a grade-5 slot leant tall: 13 cells across
    assert 3 * 32 <= search.GAME_FILL * leant.columns * leant.rows  # the area allows one
    assert min(leant.columns, leant.rows) >= search.GAME_ACROSS  # and so does GAME_ACROSS
    assert not leant.fits_a_game(28) and not Room(21, 13).fits_a_game(32)
    assert leant.fits_a_game(24)  # grades 3 and 4 in the same room: games as before
    assert Room(16, 16).fits_a_game(32) and not Room(16, 16).fits_a_game(40)


def test_no_game_is_played_in_a_room_too_narrow_for_a_grade_5_board(monkeypatch) -> None:
    """32 tiles 13 cells across: most games spread past the room and are thrown away; now
    none is played, and where one was thrown away the same board is grown by hand."""
    room = Room(13, 21)
    style = Style(1.0, (1.0,) * 5, 0.5, bot="greedy")
    kept: list[bool] = []
    game_board = search.game_board

    def played_game(*args: object) -> object:
        board = game_board(*args)  # type: ignore[arg-type]
        kept.append(board is not None and room.holds(board))
        return board

    spread = search.GAME_SPREAD
    monkeypatch.setattr(search, "GAME_SPREAD", 0)  # the rule before: a game is played
    monkeypatch.setattr(search, "game_board", played_game)
    played = [grow(ruleset("standard"), 32, random.Random(s), style, room=room)
              for s in range(12)]
    assert len(kept) == 12 and kept.count(False) >= 9  # few 32-tile games keep to 13

    def no_game(*_args: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(search, "GAME_SPREAD", spread)
    monkeypatch.setattr(search, "game_board", no_game)
    grown = [grow(ruleset("standard"), 32, random.Random(s), style, room=room)
             for s in range(12)]
    assert any(t is not None for t in grown)
    for fit, before, after in zip(kept, played, grown, strict=True):
        if not fit:  # the game was thrown away: the board grown by hand, as now
            assert (before is None and after is None) or (
                before is not None and after is not None
                and before.board.placements == after.board.placements)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(1, 30),
       columns=st.integers(1, 20), rows=st.integers(1, 20))
def test_holds_reads_the_board_bounding_box_as_its_cells_do(seed, tiles, columns,
                                                           rows) -> None:
    """`holds` reads the bounding box the board keeps as tiles are laid (a game asks after
    every turn): the same answer as the box of the board's cells."""
    tracker = grow(ruleset("standard"), tiles, random.Random(seed),
                   Style(0.0, (1.0,) * 5, 1.0))
    assert tracker is not None  # no room: a growth always finds a legal place
    board = tracker.board
    xs, ys = [x for x, _y in board.cells], [y for _x, y in board.cells]
    room = Room(columns, rows)
    assert room.holds(board) == (max(xs) - min(xs) < columns and max(ys) - min(ys) < rows)
