"""Golden tests from the rulebook and docs/rules.md's worked examples."""

from __future__ import annotations

import pytest

from conundrum import Board, Placement, positions, ruleset
from conundrum.rules import contacts
from conundrum.scoring import expert_score
from conundrum.tiles import DEFAULT_CHAMELEONS, STANDARD_TILES, Tile, tile_set

START = Placement("B*Y", (0, 0), "h")


def start_board() -> Board:
    return Board([START])


def test_tile_set_has_75_standard_and_5_chameleons():
    values = [Tile(t).value for t in STANDARD_TILES]
    assert len(STANDARD_TILES) == 75
    assert (values.count(1), values.count(2), values.count(3)) == (5, 40, 30)
    assert len(set(tile_set())) == 80
    assert all(Tile(c).is_chameleon and Tile(c).value == 3 for c in tile_set()[75:])
    assert set(tile_set()[75:]) == {min(c, c[::-1]) for c in DEFAULT_CHAMELEONS}


@pytest.mark.parametrize("code, count", [("YYY", 2), ("BYG", 4), ("BYY", 6), ("P*Y", 8),
                                         ("GGG", 0)])
def test_worked_examples_standard(code, count):
    assert len(positions(start_board(), code)) == count


def test_yyy_positions_are_the_two_in_the_rules():
    assert positions(start_board(), "YYY") == [Placement("YYY", (1, -1), "h"),
                                               Placement("YYY", (1, 1), "h")]


def test_worked_examples_junior():
    yrr = set(positions(start_board(), "YRR", "junior"))
    assert yrr == {Placement("YRR", (3, 0), "h"), Placement("YRR", (3, 0), "v"),
                   Placement("YRR", (2, -1), "h"), Placement("YRR", (2, 1), "h"),
                   Placement("YRR", (2, 1), "v"), Placement("RRY", (3, -2), "v"),
                   Placement("RRY", (2, -3), "v")}
    cham = set(positions(start_board(), "P*Y", "junior"))
    assert cham == {Placement(c, at, "v") for c in ("P*Y", "Y*P")
                    for at in ((-1, -1), (3, -1))}


def test_expert_scoring_rulebook_examples():
    board = Board([START, Placement("YYY", (1, -1), "h")])
    two_plus_one = Placement("YYG", (2, -2), "h")
    assert ruleset("standard").is_legal(board, two_plus_one)
    assert expert_score(board, two_plus_one) == 3  # 2 + 1
    board.add(two_plus_one)
    two_one_two = Placement("BBY", (1, -4), "v")
    assert ruleset("standard").is_legal(board, two_one_two)
    assert expert_score(board, two_one_two) == 5  # 2 + 1 + 2
    three_three = Placement("BYG", (1, -1), "h")
    assert ruleset("standard").is_legal(start_board(), three_three)
    assert expert_score(start_board(), three_three) == 6  # 3 + 3


def test_joker_on_board_matches_any_colour():
    rs = ruleset("standard")
    board = start_board()
    p = Placement("BRY", (0, -1), "h")  # R lies on the start's `*` centre
    found = contacts(board, p)
    assert [(c.colour, c.other_colour) for c in found] == [("B", "B"), ("R", "*"), ("Y", "Y")]
    assert all(c.matching for c in found)
    assert rs.is_legal(board, p)
    # without the joker the same R square clashes
    plain = Board([Placement("BYY", (0, 0), "h")])
    assert rs.explain(plain, p).startswith("clash")


def test_new_tiles_own_joker_matches_anything():
    rs = ruleset("standard")
    board = Board([START, Placement("BYY", (1, -1), "h")])
    cham = Placement("P*Y", (4, -2), "v")  # its `*` at (4,-1) touches the Y at (3,-1)
    found = contacts(board, cham)
    assert [(c.colour, c.other_colour) for c in found] == [("*", "Y")]
    assert found[0].matching
    both = Placement("P*Y", (3, -2), "v")  # `*` against Y, and its Y end against Y
    assert rs.is_legal(Board([START]), both) is False  # only one contact on the start alone
    wide = Board([START, Placement("BYY", (1, -1), "h")])
    assert rs.explain(wide, Placement("P*Y", (4, -3), "v")) is not None
    assert rs.is_legal(wide, Placement("P*Y", (4, -2), "v")) is False  # one contact only
    assert rs.is_legal(wide, Placement("Y*P", (3, 0), "h")) is True  # Y-Y and Y(end)-Y(above)


def test_one_square_touching_two_squares_counts_two_contacts():
    rs = ruleset("standard")
    board = Board([START, Placement("BYY", (1, -1), "h")])  # L-corner free at (3, 0)
    p = Placement("YGG", (3, 0), "h")
    found = contacts(board, p)
    assert [c.cell for c in found] == [(3, 0), (3, 0)]  # one square, two edges
    assert rs.is_legal(board, p)  # two contacts suffice


def test_touching_only_by_corners_has_no_position():
    board = start_board()
    diagonal = Placement("YYY", (3, 1), "h")  # touches (2,0) only at a corner
    assert contacts(board, diagonal) == []
    assert diagonal not in positions(board, "YYY")


def test_palindrome_counted_once_per_cell_triple():
    found = positions(start_board(), "YBY")
    assert len(found) == len(set(p.cells for p in found))


def test_board_faults_report_each_rule():
    rs = ruleset("standard")
    assert rs.board_faults(Board([START, Placement("YYY", (1, -1), "h")])) == []
    not_cham = rs.board_faults(Board([Placement("YYY", (0, 0), "h")]))
    assert [f.rule for f in not_cham] == ["rule 2: the start is a chameleon"]
    dup = rs.board_faults(Board([START, Placement("YYY", (1, -1), "h"),
                                 Placement("YYY", (1, 1), "h")]))
    assert any(f.rule == "rule 1: distinct tiles" for f in dup)
    clash = rs.board_faults(Board([START, Placement("GGG", (0, -1), "h")]))
    assert any(f.rule == "rule 3: no clash" for f in clash)
    far = rs.board_faults(Board([START, Placement("YYY", (10, 10), "h")]))
    assert [f.rule for f in far] == ["rule 4: reachable from the start"]
    outside = rs.board_faults(Board([Placement("Y*R", (0, 0), "h")]))
    assert [f.rule for f in outside] == ["rule 1: tiles of the set"]


def test_junior_boards_grown_legally_are_legal_and_broken_ones_are_not():
    from tests.support.strategies import grow
    rs = ruleset("junior")
    for seed in range(20):
        assert rs.board_faults(grow(seed, 12, "junior")) == []
    board = Board([START, Placement("YRR", (3, 0), "h")])
    assert rs.board_faults(board) == []
    # a second tile on the same open end: two contacts on one square
    board.add(Placement("YGG", (2, 1), "v"))
    assert any("one contact per open end" in f.rule for f in rs.board_faults(board))
    # a tile touching the start's centre
    side = Board([START, Placement("RRY", (1, -3), "v")])
    rules = {f.rule for f in rs.board_faults(side)}
    assert "junior: only open ends take contacts" in rules
    # a chameleon laid end-on instead of crosswise
    end_on = Board([START, Placement("Y*P", (3, 0), "h")])
    assert any("chameleon by its centre" in f.rule for f in rs.board_faults(end_on))
    # a cycle: more contacts than a tree has
    loop = Board([START, Placement("YRR", (2, 1), "v"), Placement("BGG", (0, 1), "v"),
                  Placement("GPR", (0, 4), "h")])
    assert any("tree" in f.rule for f in rs.board_faults(loop))


def test_junior_explain_gives_reasons():
    rs = ruleset("junior")
    board = start_board()
    assert rs.explain(board, Placement("YRR", (3, 0), "h")) is None
    assert "exactly one" in rs.explain(board, Placement("BYY", (0, -1), "h"))
    assert "not an open end" in rs.explain(board, Placement("RRR", (1, -3), "v"))
    assert "centre" in rs.explain(board, Placement("Y*P", (3, 0), "h"))
    assert "clash" in rs.explain(board, Placement("GRR", (3, 0), "h"))


@pytest.mark.parametrize("rules", ["standard", "junior"])
def test_counts_of_a_code_asked_twice(rules):
    from conundrum import counts
    assert counts(start_board(), rules, codes=["BYY", "byy", "P*Y"]) == {
        "BYY": len(positions(start_board(), "BYY", rules)),
        "P*Y": len(positions(start_board(), "P*Y", rules))}
