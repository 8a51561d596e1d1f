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


def _replayed(monkeypatch, room: Room, tiles: int, style: Style,
              old_rule: dict[str, int]) -> tuple[list[bool], list, list]:
    """Twelve growths of `tiles` in `room` under the rule before (`old_rule`: the search
    module's constants as they were), then under the rule now, where no game may be
    played; whether each old game's board kept to the room, the old and the new growths.
    Where the old game was thrown away, the new growth must be the same board."""
    kept: list[bool] = []
    game_board = search.game_board

    def played_game(*args: object) -> object:
        board = game_board(*args)  # type: ignore[arg-type]
        kept.append(board is not None and room.holds(board))
        return board

    now = {name: getattr(search, name) for name in old_rule}
    for name, value in old_rule.items():
        monkeypatch.setattr(search, name, value)
    monkeypatch.setattr(search, "game_board", played_game)
    played = [grow(ruleset("standard"), tiles, random.Random(s), style, room=room)
              for s in range(12)]

    def no_game(*_args: object) -> None:
        raise AssertionError("a game was played")

    for name, value in now.items():
        monkeypatch.setattr(search, name, value)
    monkeypatch.setattr(search, "game_board", no_game)
    grown = [grow(ruleset("standard"), tiles, random.Random(s), style, room=room)
             for s in range(12)]
    assert len(kept) == 12 and any(t is not None for t in grown)
    for fit, before, after in zip(kept, played, grown, strict=True):
        if not fit:  # the game was thrown away: the board grown by hand, as now
            assert (before is None and after is None) or (
                before is not None and after is not None
                and before.board.placements == after.board.placements)
    return kept, played, grown


def test_no_game_is_played_in_a_room_too_narrow_for_a_game(monkeypatch) -> None:
    """A grade-1 board leant tall (4 cells across) has cells enough for a game, but a
    game's board spreads past so narrow a room: grown by hand at once, on the rng a
    spread game leaves (the same board as when the game was played and thrown away)."""
    room = Room(4, 21)
    assert 3 * 9 <= search.GAME_FILL * room.columns * room.rows  # the area would allow one
    assert not room.fits_a_game(9) and Room(8, 21).fits_a_game(9)
    # GAME_ACROSS, where GAME_SPREAD alone would allow a small board's game
    assert not Room(6, 21).fits_a_game(5) and 6 * 6 >= search.GAME_SPREAD * 5
    kept, _, _ = _replayed(monkeypatch, room, 9, Style(1.0, (1.0,) * 5, 0.5, bot="random"),
                           {"GAME_ACROSS": 0, "GAME_SPREAD": 0})
    assert kept.count(False) >= 10  # few games keep to 4 cells


def test_no_game_is_played_in_a_room_too_narrow_for_a_grade_5_board(monkeypatch) -> None:
    """32 tiles 13 cells across: most games spread past the room and are thrown away; now
    none is played, and where one was thrown away the same board is grown by hand."""
    kept, _, _ = _replayed(monkeypatch, Room(13, 21), 32,
                           Style(1.0, (1.0,) * 5, 0.5, bot="greedy"), {"GAME_SPREAD": 0})
    assert kept.count(False) >= 9  # few 32-tile games keep to 13


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
