"""The engine's rules, each on a staged position where dropping the rule changes the result."""

from __future__ import annotations

from collections import Counter

import pytest

from conundrum.errors import ConundrumError
from conundrum.game import Game, GameOptions, InvariantError, play_game
from conundrum.game.moves import legal_moves
from conundrum.placement import Placement
from conundrum.rules import ruleset

START = Placement("B*Y", (0, 0), "h")
# On the start alone these have no position (checked below); YYY, BYY and BYG do.
DEAD = ("RRR", "GGG", "PPP", "RGR", "GGP")


def staged(hands, bag=(), **opts) -> Game:
    options = GameOptions(players=len(hands), **opts)
    return Game.from_position(options, [START], hands, bag, seed=3, check=True)


def turn_actions(game: Game) -> list[tuple[str, str | None]]:
    return [(a.action, a.tile) for a in game.play_turn()]


def test_dead_tiles_really_have_no_position_on_the_start():
    rules = ruleset("standard")
    from conundrum.board import Board
    board = Board([START])
    assert all(not legal_moves(board, rules, [t]) for t in DEAD)
    assert all(legal_moves(board, rules, [t]) for t in ("YYY", "BYY", "BYG", "P*Y"))


# ---- chameleon-last rule ---------------------------------------------------
def test_a_lone_chameleon_may_not_be_laid_so_the_player_draws():
    game = staged([["P*Y"], ["RRR", "GGG"]], ["PPP", "YYY"])
    assert turn_actions(game) == [("draw", "PPP")]
    assert sorted(game.hands[0]) == ["P*Y", "PPP"] and not game.out


def test_without_the_rule_a_lone_chameleon_goes_out():
    game = staged([["P*Y"], ["RRR", "GGG"]], ["PPP", "YYY"], chameleon_last=False)
    assert turn_actions(game) == [("play", "P*Y")]
    record = game.play()
    assert record.winners == [0] and record.end == "out"


def test_a_lone_chameleon_with_an_empty_bag_passes_and_the_game_blocks():
    record = staged([["P*Y"], ["RRR"]]).play()
    assert [m.action for m in record.moves[1:]] == ["pass", "pass"]
    assert record.end == "blocked" and record.winners == [0, 1] and record.scores == [1, 1]
    assert staged([["P*Y"], ["RRR"]], chameleon_last=False).play().winners == [0]


def test_solo_a_lone_chameleon_is_kept_and_the_game_blocks():
    record = staged([["P*Y"]], ["YYY"]).play()
    assert [(m.action, m.tile) for m in record.moves[1:]] == [
        ("draw", "YYY"), ("play", "YYY"), ("pass", None)]
    assert record.end == "blocked" and record.scores == [1]


def test_solo_an_empty_hand_with_tiles_in_the_bag_is_not_out():
    record = staged([["P*Y"]], ["YYY"], chameleon_last=False).play()
    assert [(m.action, m.tile) for m in record.moves[1:]] == [
        ("play", "P*Y"), ("draw", "YYY"), ("play", "YYY")]
    assert record.end == "out" and record.winners == [0] and record.turns == 2


# ---- the end of the game -----------------------------------------------------
def test_the_round_is_finished_and_everyone_out_wins_together():
    game = staged([["YYY"], ["BYY", "RRR"], ["GYY"]], ["PPP", "GGG"])
    record = game.play()
    assert record.end == "out"
    assert record.turns == 3  # players 1 and 2 still play after player 0 goes out
    assert record.winners == [0, 2]
    assert record.scores == [0, 1, 0]
    assert "round 1" in record.reason


def test_players_before_the_first_out_get_no_further_turn():
    record = staged([["RRR", "GGG"], ["YYY"], ["BYG"]], ["PPP", "RGR"]).play()
    assert [(m.player, m.action) for m in record.moves[1:]] == [
        (0, "draw"), (1, "play"), (2, "play")]
    assert record.winners == [1, 2] and record.rounds == 1


def test_a_blocked_game_is_won_by_the_fewest_tiles():
    record = staged([["RRR", "GGG"], ["PPP"], ["RGR"]]).play()
    assert record.end == "blocked" and record.turns == 3
    assert record.winners == [1, 2] and record.scores == [2, 1, 1]
    assert "blocked" in record.reason


def test_expert_scoring_crowns_the_highest_total():
    # player 0 goes out with YYY (1 + 3 points); player 1 lays BYY against two tiles
    record = staged([["YYY"], ["BYY", "RRR"]], ["PPP"], scoring="expert").play()
    assert record.end == "out"
    totals = [sum(m.points for m in record.moves if m.player == i and m.action == "play")
              for i in range(2)]
    assert record.scores == totals
    assert record.winners == [i for i, s in enumerate(totals) if s == max(totals)]
    assert totals[1] > totals[0] and record.winners == [1]


# ---- draw variants -------------------------------------------------------------
@pytest.mark.parametrize("draw, expected", [
    ("one", [("draw", "PPP")]),
    ("up-to:2", [("draw", "PPP"), ("draw", "RGR")]),
    ("up-to:4", [("draw", "PPP"), ("draw", "RGR"), ("draw", "GGP"), ("draw", "YYY"),
                 ("play", "YYY")]),
    ("until-playable", [("draw", "PPP"), ("draw", "RGR"), ("draw", "GGP"), ("draw", "YYY"),
                        ("play", "YYY")]),
])
def test_draw_variants(draw, expected):
    game = staged([["RRR"], ["GGG"]], ["PPP", "RGR", "GGP", "YYY", "BYG"], draw=draw)
    assert turn_actions(game) == expected


def test_draw_one_lays_a_playable_drawn_tile_at_once():
    game = staged([["RRR"], ["GGG"]], ["YYY", "PPP"])
    assert turn_actions(game) == [("draw", "YYY"), ("play", "YYY")]


def test_until_playable_stops_when_the_bag_is_empty():
    game = staged([["RRR"], ["GGG"]], ["PPP", "RGR"], draw="until-playable")
    assert turn_actions(game) == [("draw", "PPP"), ("draw", "RGR")]
    assert game.bag == [] and sorted(game.hands[0]) == ["PPP", "RGR", "RRR"]


def test_a_player_who_can_lay_does_not_draw():
    game = staged([["YYY", "RRR"], ["GGG"]], ["PPP"])
    assert turn_actions(game) == [("play", "YYY")]


# ---- hands and views -----------------------------------------------------------
def test_hidden_hands_show_only_a_single_tile():
    game = staged([["YYY", "BYG"], ["RRR"], ["GGG", "PPP"]])
    view = game.view(0)
    assert view.hand == ("YYY", "BYG")
    assert view.visible_hand(1) == ("RRR",)
    assert view.visible_hand(2) is None
    assert view.hand_sizes == (2, 1, 2) and view.bag_size == 0


def test_open_hands_show_everything():
    game = staged([["YYY", "BYG"], ["RRR"], ["GGG", "PPP"]], open_hands=True)
    assert game.view(0).visible_hand(2) == ("GGG", "PPP")


# ---- set-up and invariants -------------------------------------------------------
def test_the_deal():
    game = Game(GameOptions(players=8), seed=5, check=True)
    assert [len(h) for h in game.hands] == [8] * 8
    assert len(game.bag) == 80 - 1 - 64 and game.aside == []
    assert game.board.start.code[1] == "*"
    assert game.census() == Counter(game.rules.tiles)


def test_conservation_is_checked_at_every_step():
    game = Game(GameOptions(players=2), seed=1, check=True)
    game.bag.pop()  # a tile vanishes
    with pytest.raises(InvariantError, match="not conserved"):
        while not game.over:
            game.play_turn()


def test_tiles_are_conserved_after_every_turn():
    for seed in range(3):
        game = Game(GameOptions(players=4, draw="until-playable"), seed=seed)
        full = Counter(game.rules.tiles)
        while not game.over:
            game.play_turn()
            assert game.census() == full
            assert sum(len(h) for h in game.hands) + len(game.bag) + len(game.board) == 80


def test_a_staged_position_is_checked():
    with pytest.raises(ConundrumError, match="more than once"):
        Game.from_position(GameOptions(players=2), [START], [["YYY"], ["YYY"]])
    with pytest.raises(ConundrumError, match="hands given"):
        Game.from_position(GameOptions(players=2), [START], [["YYY"]])
    with pytest.raises(ConundrumError, match="not a legal position"):
        Game.from_position(GameOptions(players=1), [Placement("RRR", (0, 0), "h")], [["YYY"]])


def test_a_finished_game_refuses_more_turns():
    game = Game(GameOptions(players=2), seed=2)
    game.play()
    with pytest.raises(RuntimeError):
        game.play_turn()


def test_junior_games_run_through_the_same_engine():
    record = play_game(GameOptions(players=3, rules="junior"), seed=4, check=True)
    assert record.options["rules"] == "junior"
    assert len(record.board) > 3
