"""The effort model: its features, its weights file, and the properties a grade needs."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conundrum.board import Board
from conundrum.errors import ConundrumError
from conundrum.generate.effort import (
    FEATURES,
    POCKET_CONTACTS,
    TILE_FEATURES,
    BoardEffort,
    check_weights,
    default_weights,
    exposed_jokers,
    load_weights,
    measure,
    tile_effort,
    tile_features,
)
from conundrum.placement import Placement, contact_count, from_cells, neighbours, run_cells
from conundrum.puzzle import Given, Puzzle
from conundrum.rules import RuleSet, ruleset
from conundrum.solver import positions
from tests.support.strategies import boards, grow

STANDARD = ruleset("standard")
JUNIOR = ruleset("junior")
W = default_weights()
PROPERTY = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
codes = st.sampled_from(STANDARD.tiles)


def off_board(board: Board, code: str) -> bool:
    return not board.contains(code)


# ---- features follow their definitions ----------------------------------------------
def reference_kinds(board: Board, code: str) -> dict[str, int]:
    """Straight from the definitions: every reading on every empty run near the board."""
    cells = board.cells
    x0, y0, x1, y1 = board.bbox()
    f = dict.fromkeys(("readings", "near", "hidden", "positions"), 0)
    for y in range(y0 - 3, y1 + 4):
        for x in range(x0 - 3, x1 + 4):
            for d in "hv":
                for r in sorted({code, code[::-1]}):
                    p = Placement(r, (x, y), d)
                    if any(c in cells for c in p.cells):
                        continue
                    match = clash = 0
                    for cell, colour in p.squares:
                        for nb in neighbours(cell):
                            if nb in p.cells or nb not in cells:
                                continue
                            other = cells[nb]
                            if colour == other or "*" in (colour, other):
                                match += 1
                            else:
                                clash += 1
                    f["readings"] += match >= 1
                    f["near"] += match == 1 and not clash
                    f["hidden"] += match >= 2 and clash > 0
                    f["positions"] += match >= 2 and not clash
    return f


@PROPERTY
@given(boards(18), codes)
def test_tile_features_follow_their_definitions(board, code):
    assume(off_board(board, code))
    f, answers = tile_features(board, code, STANDARD)
    ref = reference_kinds(board, code)
    assert {k: f[k] for k in ref} == ref
    assert f["positions"] == len(positions(board, code, STANDARD))
    assert answers == {p.cells for p in positions(board, code, STANDARD)}
    assert f["jokers"] <= f["positions"] and f["reversed"] <= f["positions"]


@PROPERTY
@given(boards(18), st.lists(codes, min_size=1, max_size=6), st.data())
def test_the_packed_census_agrees_with_classify_reading(board, some, data):
    """StandardRules.reading_census packs every tile's counts from the contact tables; the
    generic RuleSet version asks classify_reading run by run. They agree, also after a
    tile is taken off (the tables and their cache follow the board)."""
    for _ in range(2):
        packed, generic = STANDARD.reading_census(board), RuleSet.reading_census(STANDARD, board)
        assert [packed(code) for code in some] == [generic(code) for code in some]
        ids = [tid for tid, _ in board.items()][1:]
        if not ids:
            break
        board.remove(data.draw(st.sampled_from(ids)))


@PROPERTY
@given(boards(18), st.lists(codes, min_size=1, max_size=6), st.data())
def test_the_census_and_features_from_the_trackers_runs_agree_with_the_boards(board, some,
                                                                             data):
    """The search reads a steered board's census and its tiles' positions from the runs its
    position tracker keeps (in the tracker's order, not the board's): the same census and
    features, also after tiles are taken off and laid again as steering does."""
    tracker = STANDARD.position_tracker(board)
    for _ in range(3):
        census = STANDARD.reading_census(board, tracker.run_keys())
        assert [census(code) for code in some] == \
            [STANDARD.reading_census(board)(code) for code in some]
        kept = BoardEffort(board, STANDARD, positions=tracker.positions)
        assert [kept.features(code) for code in some] == \
            [BoardEffort(board, STANDARD).features(code) for code in some]
        ids = [tid for tid, _ in board.items()][1:]
        if not ids:
            break
        placed = tracker.remove(data.draw(st.sampled_from(ids)))
        moved = data.draw(st.sampled_from([*tracker.positions(placed.code), placed]))
        tracker.add(moved)


def reference_features(board: Board, code: str, rules) -> tuple[dict[str, int], frozenset]:
    """The per-tile features straight from classify_reading, run by run, both readings."""
    f = dict.fromkeys(TILE_FEATURES, 0)
    answers = set()
    for at, d, forward, backward in RuleSet.reading_kinds(rules, board, code):
        for kind, other in ((forward, backward), (backward, forward)):
            if kind is None:
                continue
            f["readings"] += 1
            if kind in ("near", "hidden"):
                f[kind] += 1
            elif kind == "position":
                f["positions"] += 1
                cells = run_cells(at, d)
                answers.add(cells)
                f["jokers"] += any(board.colour_at(n) == "*" for c in cells
                                   for n in neighbours(c))
                f["reversed"] += other is not None
                f["pockets"] += contact_count(cells, board.occupied) >= POCKET_CONTACTS
    return f, frozenset(answers)


@PROPERTY
@given(st.sampled_from(["standard", "junior"]), st.integers(0, 10_000), st.integers(3, 24),
       st.data())
def test_weighing_many_tiles_on_one_board_gives_each_tiles_features(rules, seed, n, data):
    """BoardEffort (one census of the board for every tile, positions tile by tile) gives
    each tile's features as the definitions do, reading by reading."""
    rs = ruleset(rules)
    board = grow(seed, n, rules)
    weigh = BoardEffort(board, rs)
    for code in data.draw(st.lists(st.sampled_from(rs.tiles), min_size=1, max_size=6)):
        assume(off_board(board, code))
        assert weigh.features(code) == reference_features(board, code, rs)
        assert weigh.tile_effort(code, W) == tile_effort(board, code, rs, W)


def test_a_small_board_by_hand():
    # B*Y with YYY below it: BYB fits on the row above the chameleon, against B, *, Y
    board = Board([Placement("B*Y", (0, 0), "h"), Placement("YYY", (1, 1), "h")])
    assert exposed_jokers(board) == 1  # the joker's top neighbour is empty
    f, _ = tile_features(board, "BYB", STANDARD)
    assert f["positions"] == len(positions(board, "BYB", STANDARD))
    assert f["jokers"] == sum(
        any(board.colour_at(n) == "*" for c in p.cells for n in neighbours(c))
        for p in positions(board, "BYB", STANDARD))


# ---- the properties the issue asks for -----------------------------------------------
def with_joker(board: Board, tile_id: int, code: str) -> Board:
    """The board with one tile swapped for `code` on the same cells."""
    out = Board()
    for tid, p in board.items():
        out.add(Placement(code, p.at, p.dir) if tid == tile_id else p)
    return out


@PROPERTY
@given(boards(25), codes, st.data())
def test_an_exposed_joker_never_lowers_a_tiles_effort(board, code, data):
    """Swap a board tile for the chameleon with the same ends (the centre becomes a joker,
    which matches everything): every reading gains matches and loses clashes, so the tile's
    effort cannot drop, and a position the joker creates adds to it."""
    assume(off_board(board, code))
    swaps = [(tid, p.code[0] + "*" + p.code[2]) for tid, p in board.items()
             if p.code[1] != "*" and STANDARD.in_set(p.code[0] + "*" + p.code[2])
             and not board.contains(p.code[0] + "*" + p.code[2])
             and any(not board.occupied(n) for n in neighbours(p.cells[1]))]
    assume(swaps and code[1] != "*")
    tid, joker = data.draw(st.sampled_from(swaps))
    after = with_joker(board, tid, joker)
    assert STANDARD.board_faults(after) == []  # still a real game position
    assume(off_board(after, code))
    before_e, after_e = (tile_effort(b, code, STANDARD, W) for b in (board, after))
    assert after_e.effort >= before_e.effort
    created = after_e.features["positions"] > before_e.features["positions"]
    if created:
        assert after_e.effort > before_e.effort


def enclosed_chameleons(board: Board) -> list[int]:
    return [tid for tid, p in board.items() if p.code[1] == "*"
            and all(board.occupied(n) for n in neighbours(p.cells[1]))]


@PROPERTY
@given(st.integers(0, 10**6), codes)
def test_enclosed_chameleons_change_nothing(seed, code):
    """A joker with no empty neighbour touches no reading: paint it any colour and every
    feature of every given tile, and the score, stay the same."""
    from tests.support.strategies import grow

    board = grow(seed, 30)
    hidden = enclosed_chameleons(board)
    assume(hidden and off_board(board, code))
    painted = board
    for tid in hidden:
        p = board.placement(tid)
        painted = with_joker(painted, tid, p.code[0] + "R" + p.code[2])
    a = measure(Puzzle(board, [Given(code)]))
    b = measure(Puzzle(painted, [Given(code)]))
    assert a.features == b.features and a.score == b.score


def test_enclosed_chameleons_are_found_on_grown_boards():
    """The property above is not vacuous: grown boards do hide jokers."""
    from tests.support.strategies import grow

    assert sum(bool(enclosed_chameleons(grow(seed, 30))) for seed in range(60)) >= 3


TRANSFORMS = {
    "rot90": lambda x, y: (-y, x), "rot180": lambda x, y: (-x, -y),
    "rot270": lambda x, y: (y, -x), "mirror": lambda x, y: (-x, y),
    "flip": lambda x, y: (x, -y), "diagonal": lambda x, y: (y, x),
}


def transformed(board: Board, f) -> Board:
    out = Board()
    for p in board:
        first, _mid, last = p.cells
        out.add(from_cells(p.code, f(*first), f(*last)))
    return out


@PROPERTY
@given(boards(30), st.lists(codes, min_size=1, max_size=3, unique=True),
       st.sampled_from(sorted(TRANSFORMS)))
def test_the_grade_does_not_depend_on_rotation_or_reflection(board, given_codes, name):
    assume(all(off_board(board, c) for c in given_codes))
    puzzle = Puzzle(board, [Given(c) for c in given_codes])
    turned = Puzzle(transformed(board, TRANSFORMS[name]), [Given(c) for c in given_codes])
    assert STANDARD.board_faults(turned.board) == STANDARD.board_faults(board) == []
    a, b = measure(puzzle), measure(turned)
    assert a.features == b.features and a.score == b.score


def test_junior_readings_are_classified_by_the_junior_rules():
    board = Board([Placement("B*Y", (0, 0), "v")])
    f, _ = tile_features(board, "YRG", JUNIOR)
    assert f["positions"] == len(positions(board, "YRG", JUNIOR)) > 0
    assert f["readings"] >= f["positions"] + f["near"] + f["hidden"]


# ---- the weights file ------------------------------------------------------------------
def test_the_shipped_weights_are_complete_and_documented_in_the_guide():
    from pathlib import Path

    guide = Path(__file__).parent.parent / "docs" / "guide" / "generating.md"
    text = guide.read_text(encoding="utf-8")
    assert set(W.as_dict()) == set(FEATURES)
    for name in FEATURES:
        assert f"| {name} |" in text


@pytest.mark.parametrize("change, words", [
    ({"near": -1}, "near must be >= 0"),
    ({"overlap": 1}, "discount"),
    ({"positions": 0.1, "hidden": 0.5}, "at least that of hidden"),
    ({"bogus": 1}, "unknown: bogus"),
    ({"near": "x"}, "must be a number"),
])
def test_bad_weights_are_refused_with_the_reason(change, words):
    table = {**W.as_dict(), **change}
    with pytest.raises(ConundrumError, match=words):
        check_weights({"weights": table}, "w.json")


def test_weights_load_from_a_file(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {**W.as_dict(), "near": 2.0}}))
    w = load_weights(path)
    assert w["near"] == 2.0 and w.source == str(path)
    with pytest.raises(ConundrumError, match="no such file"):
        load_weights(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(ConundrumError, match="not JSON"):
        load_weights(tmp_path / "bad.json")
