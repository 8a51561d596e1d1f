"""grow_board: realistic boards of an exact size for the generator, reproducible from the rng."""

from __future__ import annotations

import random

import pytest

from conundrum.errors import ConundrumError, GenerationError
from conundrum.game import grow_board
from conundrum.game.options import GameOptions, parse_draw
from conundrum.rules import ruleset


@pytest.mark.parametrize("n, rules, bot", [
    (1, "standard", "greedy"), (12, "standard", "random"), (60, "standard", "greedy"),
    (25, "junior", "greedy"), (18, "junior", "random")])
def test_grows_a_legal_board_of_exactly_n_tiles(n, rules, bot):
    board = grow_board(n, random.Random(7), rules, bot)
    assert len(board) == n
    assert ruleset(rules).board_faults(board) == []
    assert board.start.code[1] == "*"


def test_same_rng_same_board():
    a = grow_board(30, random.Random(3))
    b = grow_board(30, random.Random(3))
    c = grow_board(30, random.Random(4))
    assert a.placements == b.placements != c.placements


def test_multiplayer_growth_and_a_ruleset_object():
    board = grow_board(20, random.Random(1), ruleset("standard"), players=4)
    assert len(board) == 20


def test_bad_sizes_and_impossible_requests():
    with pytest.raises(GenerationError):
        grow_board(0, random.Random(1))
    with pytest.raises(GenerationError):
        grow_board(81, random.Random(1))
    # a 2-player game ends long before 80 tiles: every attempt falls short
    with pytest.raises(GenerationError, match="could not grow"):
        grow_board(80, random.Random(1), players=2, attempts=2)


def test_options_are_checked():
    with pytest.raises(ConundrumError, match="players must be 1 to 8"):
        GameOptions(players=0).validated()
    with pytest.raises(ConundrumError, match="players must be 1 to 8"):
        GameOptions(players=9).validated()
    with pytest.raises(ConundrumError, match="3 bots named for 2"):
        GameOptions(players=2, bots=("random",) * 3).validated()
    with pytest.raises(ConundrumError, match="unknown scoring"):
        GameOptions(scoring="golf").validated()
    with pytest.raises(ConundrumError, match="unknown rules"):
        GameOptions(rules="chess").validated()


def test_bots_are_cycled_over_the_seats():
    opts = GameOptions(players=5, bots=("random", "cautious"))
    assert opts.seat_bots() == ("random", "cautious", "random", "cautious", "random")
    assert GameOptions(players=2).seat_bots() == ("greedy", "greedy")


@pytest.mark.parametrize("text, limit", [
    ("one", 1), ("until-playable", None), ("up-to:3", 3), ("UP-TO:1", 1)])
def test_parse_draw(text, limit):
    assert parse_draw(text) == limit


@pytest.mark.parametrize("text", ["two", "up-to:0", "up-to:", "up-to:x", "up-to:81", ""])
def test_parse_draw_refuses(text):
    with pytest.raises(ConundrumError, match="draw rule"):
        parse_draw(text)
