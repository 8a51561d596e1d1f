"""Property tests: the fast solver against the simple reference, and symmetry invariants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum import Board, Placement, counts, positions, ruleset
from conundrum.placement import from_cells
from tests.support.reference import reference_positions, reference_reachable
from tests.support.strategies import boards, grow

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def free_tiles(board: Board, rules: str = "standard") -> list[str]:
    return [t for t in ruleset(rules).tiles if not board.contains(t)]


@FAST
@given(boards(30), st.randoms(use_true_random=False))
def test_fast_solver_equals_reference(board, rnd):
    for code in rnd.sample(free_tiles(board), 6):
        assert set(positions(board, code)) == reference_positions(board.placements, code)


@FAST
@given(boards(14, "junior"), st.randoms(use_true_random=False))
def test_junior_solver_equals_reference(board, rnd):
    for code in rnd.sample(free_tiles(board, "junior"), 6):
        found = set(positions(board, code, "junior"))
        assert found == reference_positions(board.placements, code, "junior")


@FAST
@given(boards(25))
def test_counts_in_one_call_equal_each_tile_solved(board):
    table = counts(board)
    assert set(table) == set(free_tiles(board))
    for code in list(table)[::7]:
        assert table[code] == len(positions(board, code))


@FAST
@given(boards(30), st.randoms(use_true_random=False))
def test_every_position_is_legal_when_laid(board, rnd):
    rs = ruleset("standard")
    assert rs.board_faults(board) == []
    assert reference_reachable(board.placements)
    code = rnd.choice(free_tiles(board))
    for p in positions(board, code):
        assert rs.explain(board, p) is None
        bigger = Board(board.placements + [p])
        assert rs.board_faults(bigger) == []


def _transform(p: Placement, f) -> Placement:
    first, last = f(p.cells[0]), f(p.cells[2])
    return from_cells(p.code, first, last)


ROTATE = lambda c: (-c[1], c[0])  # noqa: E731  (90 degrees)
MIRROR = lambda c: (-c[0], c[1])  # noqa: E731


@FAST
@given(boards(25), st.sampled_from([ROTATE, MIRROR]), st.randoms(use_true_random=False))
def test_rotating_or_mirroring_moves_positions_the_same_way(board, f, rnd):
    moved = Board([_transform(p, f) for p in board.placements])
    for code in rnd.sample(free_tiles(board), 5):
        expected = {_transform(p, f) for p in positions(board, code)}
        assert set(positions(moved, code)) == expected


@FAST
@given(st.integers(0, 10**6), st.integers(3, 40))
def test_tables_after_add_and_remove_equal_a_fresh_board(seed, n):
    rng = random.Random(seed)
    board = grow(seed, n)
    removable = [tid for tid, _ in board.items()][1:]
    for tid in rng.sample(removable, min(len(removable), 3)):
        board.remove(tid)
    fresh = Board(board.placements)
    assert sorted(board.candidate_runs()) == sorted(fresh.candidate_runs())
    assert counts(board) == counts(fresh)


@FAST
@given(st.integers(0, 10**6), st.integers(3, 40))
def test_a_board_that_released_its_tables_is_a_fresh_board(seed, n):
    """release_tables (a book keeps its puzzles' boards so): the tables made again when
    asked for are a fresh board's, in the same order (the generator's choices follow it),
    and laying a tile after still keeps them."""
    board = grow(seed, n)
    counts(board)  # the tables made and read
    board.release_tables()
    fresh = Board(board.placements)
    assert board.candidate_runs() == fresh.candidate_runs()
    assert counts(board) == counts(fresh)
    board.release_tables()
    laid = next((found[0] for t in free_tiles(board) if (found := positions(board, t))), None)
    if laid is None:  # nothing more can be laid: the tables were compared
        return
    board.add(laid)
    fresh.add(laid)
    assert board.candidate_runs() == fresh.candidate_runs()
    assert counts(board) == counts(fresh)


@FAST
@given(boards(25), st.randoms(use_true_random=False))
def test_match_clash_tables_agree_with_contacts(board, rnd):
    from conundrum.rules import contacts
    for at, d, *_ in board.candidate_runs():
        p = Placement(rnd.choice(free_tiles(board)), at, d)
        found = contacts(board, p)
        match = sum(c.matching for c in found)
        by_table = [board.match_clash(cell, colour) for cell, colour in p.squares]
        assert (match, len(found) - match) == tuple(map(sum, zip(*by_table, strict=True)))


def _plain_runs(board: Board) -> list:
    """The candidate runs by their definition: each frontier cell's six runs in turn (h then
    v; starting at it, one before, two before), every free run once, where first met."""
    seen, out = set(), []
    for fx, fy in board.frontier():
        for d, dx, dy in (("h", 1, 0), ("v", 0, 1)):
            for k in (0, 1, 2):
                cells = tuple((fx + (j - k) * dx, fy + (j - k) * dy) for j in range(3))
                if (cells[0], d) in seen or any(board.occupied(c) for c in cells):
                    continue
                seen.add((cells[0], d))
                out.append((cells[0], d, *(board.score(c) for c in cells)))
    return out


@FAST
@given(boards(30), st.randoms(use_true_random=False))
def test_candidate_runs_equal_their_definition_in_order(board, rnd):
    """The board's fast scan finds the plain scan's runs in the plain scan's order (the
    generator's choices follow it), and `fitting_runs` keeps those with 2+ contacts; so do
    the runs caught up after tiles are laid (frontier_runs.py), read after each tile or
    after several, legal or clashing, and after a removal; and so the bounding box."""
    def same() -> None:
        plain = _plain_runs(board)
        assert board.candidate_runs() == plain
        assert board.fitting_runs() == [r for r in plain if sum(s[-1] for s in r[2:]) >= 2]
        xs, ys = [x for x, _y in board.cells], [y for _x, y in board.cells]
        assert board.bbox() == (min(xs), min(ys), max(xs), max(ys))  # kept as tiles are laid

    removable = [tid for tid, _ in board.items()][1:]
    for tid in rnd.sample(removable, min(len(removable), 2)):
        board.remove(tid)  # holes: runs the frontier meets from both sides
    same()
    for _ in range(6):
        for at, d, *_ in rnd.sample(board.candidate_runs(), rnd.randint(1, 3)):
            if not any(board.occupied(c) for c in Placement("RYG", at, d).cells):
                laid = board.add(Placement(rnd.choice(free_tiles(board)), at, d))
        same()
    board.remove(laid)
    same()


@FAST
@given(boards(25), st.randoms(use_true_random=False))
def test_matching_links_equal_their_definition(board, rnd):
    """The links read from the board's squares are the matching touching pairs, in order,
    on boards with clashes too (a free tile laid on any candidate run), after a removal."""
    from conundrum.rules import _touching_pairs, matches, matching_links
    removable = [tid for tid, _ in board.items()][1:]
    if removable:  # the squares then hold the later tiles' cells after a gap
        board.remove(rnd.choice(removable))
    for at, d, *_ in rnd.sample(board.candidate_runs(), min(3, len(board.candidate_runs()))):
        if not any(board.occupied(c) for c in Placement("RYG", at, d).cells):
            board.add(Placement(rnd.choice(free_tiles(board)), at, d))
    want: dict[int, list[int]] = {tid: [] for tid, _ in board.items()}
    for cell, tid, n, oid in _touching_pairs(board):
        if matches(board.colour_of(cell), board.colour_of(n)):
            want[tid].append(oid)
            want[oid].append(tid)
    assert matching_links(board) == want


@FAST
@given(boards(25), st.randoms(use_true_random=False))
def test_closure_equals_the_plain_fixed_point(board, rnd):
    """The greedy closure (with a tile left out, as the generator's removal check asks) is
    rule 4's fixed point: lay any tile with 2 matching contacts to those laid, until none
    (the tile left out counts as laid, but lends no contact)."""
    from conundrum.rules import closure, matching_links
    links = matching_links(board)
    start = board.start_id
    removable = [tid for tid in links if tid != start]  # the start is never left out
    for without in [None, *rnd.sample(removable, min(3, len(removable)))]:
        added = {start} if without is None else {start, without}
        grew = True
        while grew:
            grew = False
            for tid, others in links.items():
                if tid not in added and sum(o in added and o != without for o in others) >= 2:
                    added.add(tid)
                    grew = True
        assert closure(start, links, without) == added


def _tables(board: Board) -> tuple:
    """Everything a board's contact tables answer, in the order they answer it."""
    frontier = list(board.frontier())
    return (frontier, [board.contact_counts(c) for c in frontier],
            [board.score(c) for c in frontier], [board.match_clash(c, "Y") for c in frontier],
            board.candidate_runs(), board.fitting_runs(), board.packed_runs(),
            board.bbox(), board.cells, board.tile_codes(), board.placements)


FIRST_READS = [lambda b: b.frontier(), lambda b: b.score((0, -1)), lambda b: b.tables(),
               lambda b: b.match_clash((0, -1), "R"), lambda b: b.contact_counts((0, -1)),
               lambda b: b.candidate_runs(), lambda b: b.pack_runs([((0, -1), "h")]),
               lambda b: b.bbox()]


@FAST
@given(boards(30), st.randoms(use_true_random=False))
def test_a_board_made_at_once_equals_one_laid_tile_by_tile(board, rnd):
    """A board made from its placements at once (its contact tables made in one pass when
    first read) is the board laid tile by tile: the same frontier in the same order (the
    generator's choices follow it), contacts, scores and runs, whatever reads it first, and
    after a tile is then laid or taken off."""
    laid = Board()
    for p in board.placements:
        laid.add(p)
    at_once = Board(board.placements)
    rnd.choice(FIRST_READS)(at_once)
    change = rnd.choice(["none", "add", "remove"])
    if change == "add":
        at, d, *_ = rnd.choice(laid.candidate_runs())
        p = Placement(rnd.choice(free_tiles(laid)), at, d)
        assert at_once.add(p) == laid.add(p)
    elif change == "remove" and len(laid) > 1:
        tid = rnd.randrange(1, len(laid))
        assert at_once.remove(tid) == laid.remove(tid)
    assert _tables(at_once) == _tables(laid)
