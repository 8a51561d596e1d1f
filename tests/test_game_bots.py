"""Bots: what each strategy picks, and that it only sees a PlayerView."""

from __future__ import annotations

import random

import pytest

from conundrum.errors import ConundrumError
from conundrum.game import BOTS, Game, GameOptions, PlayerView, make_bot
from conundrum.game.options import BOT_NAMES
from conundrum.placement import Placement

START = Placement("B*Y", (0, 0), "h")


def position(hands, **opts) -> Game:
    return Game.from_position(GameOptions(players=len(hands), **opts), [START], hands, [],
                              seed=1, check=True)


def choices(bot_name: str, game: Game, seeds=range(20)) -> list:
    moves = game.moves_for(0)
    return [make_bot(bot_name, random.Random(s)).choose(game.view(0), moves) for s in seeds]


def test_greedy_takes_the_most_matching_contacts():
    game = position([["BYY", "YYY"], ["RRR"]])
    moves = game.moves_for(0)
    assert max(m.contacts for m in moves) == 3
    assert all(m.contacts == 3 for m in choices("greedy", game))


def test_random_takes_any_legal_move():
    game = position([["BYY", "YYY"], ["RRR"]])
    picked = choices("random", game, range(60))
    assert set(picked) <= set(game.moves_for(0))
    assert {m.contacts for m in picked} == {2, 3}


def test_greedy_under_expert_scoring_takes_the_most_points():
    # YYY against the start scores 1 + 3; BYG scores 3 + 3 but has the same 2 contacts
    game = position([["BYG", "YYY"], ["RRR"]], scoring="expert")
    view = game.view(0)
    picked = choices("greedy", game)
    best = max(view.points(m) for m in game.moves_for(0))
    assert all(view.points(m) == best for m in picked)
    assert {m.tile for m in picked} == {"BYG"}


def test_cautious_keeps_its_chameleon_while_another_tile_fits():
    game = position([["P*Y", "YYY"], ["RRR"]])
    assert any(m.is_chameleon for m in game.moves_for(0))
    assert {m.tile for m in choices("cautious", game)} == {"YYY"}
    assert "P*Y" in {m.tile for m in choices("random", game, range(40))}


def test_cautious_lays_the_chameleon_when_stuck():
    game = position([["P*Y", "RRR"], ["GGG"]])
    assert {m.tile for m in choices("cautious", game)} == {"P*Y"}


def test_bots_get_a_view_not_the_engine():
    seen: list = []

    class Spy(BOTS["greedy"]):
        def choose(self, view, moves):
            seen.append(view)
            return super().choose(view, moves)

    game = Game(GameOptions(players=3), seed=2)
    game.bots = [Spy(random.Random(0)) for _ in range(3)]
    game.play()
    assert seen and all(isinstance(v, PlayerView) for v in seen)
    for v in seen:
        assert not hasattr(v, "bag") and not hasattr(v, "hands") and not hasattr(v, "board")
        for other in range(v.players):
            shown = v.visible_hand(other)
            if other != v.player and v.hand_sizes[other] > 1:
                assert shown is None  # hidden hands stay hidden


def test_the_bot_registry_and_unknown_names():
    assert BOT_NAMES == ("cautious", "greedy", "random")
    with pytest.raises(ConundrumError, match="unknown bot 'clever'"):
        make_bot("clever", random.Random(1))


def test_a_bot_choosing_an_illegal_move_is_caught():
    class Cheat(BOTS["greedy"]):
        def choose(self, view, moves):
            return moves[0]._replace(placement=Placement("YYY", (50, 50), "h"))

    game = position([["YYY"], ["RRR"]])
    game.bots[0] = Cheat(random.Random(0))
    with pytest.raises(AssertionError, match="not a legal move"):
        game.play_turn()
