"""Puzzle files: load, save, round trip, stable bytes, and notation."""

from __future__ import annotations

from pathlib import Path

import pytest

from conundrum import Board, Placement, load_puzzle, positions, save_puzzle
from conundrum.errors import ConundrumError
from conundrum.notation import Grid, column_index, column_label
from conundrum.puzzle import dump_puzzle, parse_puzzle
from conundrum.solver import printed_counts
from tests.support.reference import reference_positions

PUZZLES = sorted((Path(__file__).parent.parent / "puzzles").glob("*.yaml"))
EXAMPLES = [p for p in PUZZLES if "board:" in p.read_text()]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_puzzles_are_legal_and_their_counts_right(path):
    pz = load_puzzle(path)
    for g in pz.given:
        assert g.positions is not None
        assert len(positions(pz.board, g.code, pz.ruleset)) == g.positions
        assert len(reference_positions(pz.board.placements, g.code, pz.rules)) == g.positions


def test_examples_include_a_chameleon_on_the_board_and_a_palindrome():
    loaded = [load_puzzle(p) for p in EXAMPLES]
    assert any(sum(p.code[1] == "*" for p in pz.board) > 1 for pz in loaded)
    assert any(g.code == g.code[::-1] for pz in loaded for g in pz.given)


def test_spec_example_api():
    pz = load_puzzle(Path(__file__).parent.parent / "puzzles" / "spec-example.yaml")
    first = positions(pz.board, "YYB")[0]
    assert (first.code, first.at, first.dir) == ("BYY", (-1, -1), "h")
    assert isinstance(first.at, tuple) and type(first.dir) is str


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_save_then_load_gives_the_same_puzzle_and_bytes(path, tmp_path):
    pz = load_puzzle(path)
    out = tmp_path / "again.yaml"
    save_puzzle(pz, out)
    again = load_puzzle(out)
    assert again.board.placements == pz.board.placements
    assert [(g.code, g.positions) for g in again.given] == [(g.code, g.positions)
                                                            for g in pz.given]
    assert (again.title, again.rules, again.chameleons) == (pz.title, pz.rules, pz.chameleons)
    assert dump_puzzle(again) == out.read_text()


def test_json_is_accepted_and_codes_are_case_insensitive():
    pz = parse_puzzle('{"board": [{"code": "b*y", "at": [0, 0], "dir": "H"}],'
                      ' "given": [{"code": "yyy", "positions": 2}]}')
    assert pz.board.start == Placement("B*Y", (0, 0), "h")
    assert pz.given[0].code == "YYY"


def test_extra_keys_survive_a_round_trip():
    pz = parse_puzzle("board: [{code: B*Y, at: [0, 0], dir: h}]\n"
                      "generator: {seed: 4, tiles: 1}\n")
    assert parse_puzzle(dump_puzzle(pz)).extra == {"generator": {"seed": 4, "tiles": 1}}


@pytest.mark.parametrize("text, fault", [
    ("", "empty"),
    ("board: [", "not valid YAML"),
    ("- 1\n- 2\n", "expected a mapping"),
    ("board: [{code: RG, at: [0, 0], dir: h}]", "has 2 squares"),
    ("board: [{code: RGBB, at: [0, 0], dir: h}]", "has 4 squares"),
    ("board: [{code: RXB, at: [0, 0], dir: h}]", "'X' is not a colour"),
    ("board: [{code: B*Y, at: [0.5, 0], dir: h}]", "not an integer"),
    ("board: [{code: B*Y, at: [2000000, 0], dir: h}]", "beyond the limit"),
    ("board: [{code: B*Y, at: [0, 0], dir: d}]", "direction"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [1, 0], dir: v}]", "overlaps"),
    ("board: !!python/object:os.system [ls]", "not valid YAML"),
    ("given: [{code: YYY}]", "no `board:`"),
])
def test_unreadable_files_are_refused_with_the_fault(text, fault):
    with pytest.raises(ConundrumError, match=fault):
        parse_puzzle(text, "p.yaml")


@pytest.mark.parametrize("text, fault", [
    ("board: [{code: YYY, at: [0, 0], dir: h}]", "not a chameleon"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: B*Y}]", "also on the board"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [1, -1], dir: h},"
     " {code: YYY, at: [1, 1], dir: h}]", "2 times"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [9, 9], dir: h}]",
     "cannot be laid from the start"),
])
def test_illegal_boards_are_refused_naming_tile_and_rule(tmp_path, text, fault):
    path = tmp_path / "p.yaml"
    path.write_text(text)
    with pytest.raises(ConundrumError, match=fault) as info:
        load_puzzle(path)
    assert str(path) in str(info.value) and "rule" in str(info.value)


def test_allow_illegal_relaxes_only_reachability(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [9, 9], dir: h}]")
    assert len(load_puzzle(path, allow_illegal=True).board) == 2
    path.write_text("board: [{code: B*Y, at: [0, 0], dir: h}, {code: GGG, at: [0, -1], dir: h}]")
    with pytest.raises(ConundrumError, match="clash"):
        load_puzzle(path, allow_illegal=True)


def test_column_labels():
    assert [column_label(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    assert all(column_index(column_label(i)) == i for i in range(2000))


def test_notation_parses_every_form_to_the_same_position():
    grid = Grid.of(Board([Placement("B*Y", (0, 0), "h")]))
    assert (grid.left, grid.top, grid.width, grid.height) == (-3, -3, 9, 7)
    p = Placement("RYG", (-1, -1), "h")
    assert grid.text(p) == "RYG C3 h" and grid.span_text(p) == "RYG C3-E3"
    for line in ("RYG C3 h", "ryg c3 H", "RYG C3-E3", "GYR E3-C3", "GYR E3 - C3"):
        assert grid.parse(line) == p
    v = Placement("RYG", (0, 1), "v")
    assert grid.parse("GYR D7-D5") == v == grid.parse(grid.text(v))
    for bad in ("RYG", "RYG C3 x", "RYG C3-D3", "RY C3 h", "RYG 3C h"):
        with pytest.raises(ConundrumError):
            grid.parse(bad)


def test_chameleon_set_is_configurable(tmp_path):
    path = tmp_path / "edition.yaml"
    path.write_text("chameleons: [B*Y, P*Y, B*G, P*R, Y*R]\n"
                    "board: [{code: Y*R, at: [0, 0], dir: h}]\ngiven: [{code: R*G}]\n")
    with pytest.raises(ConundrumError, match="R\\*G is not in the tile set"):
        load_puzzle(path)
    path.write_text("chameleons: [B*Y, P*Y, B*G, P*R, Y*R]\n"
                    "board: [{code: Y*R, at: [0, 0], dir: h}]\ngiven: [{code: B*Y}]\n")
    pz = load_puzzle(path)
    assert pz.chameleons == ("B*Y", "P*Y", "B*G", "P*R", "R*Y")
    assert len(positions(pz.board, "B*Y", chameleons=pz.chameleons)) == 8
    with pytest.raises(ConundrumError, match="not in the tile set"):
        positions(pz.board, "R*G", chameleons=pz.chameleons)
    assert "chameleons: [B*Y, P*Y, B*G, P*R, R*Y]" in dump_puzzle(pz)


def test_atomic_write_gives_the_usual_mode_and_refuses_bad_targets(tmp_path):
    import os

    from conundrum.files import atomic_write
    target = atomic_write(tmp_path / "out.txt", "hello")
    assert target.read_text() == "hello"
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    with pytest.raises(ConundrumError, match="is a folder"):
        atomic_write(tmp_path, "x")
    with pytest.raises(ConundrumError, match="does not exist"):
        atomic_write(tmp_path / "missing" / "out.txt", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_default_chameleon_set_in_any_order_is_the_default():
    pz = parse_puzzle("chameleons: [R*G, B*Y, P*Y, B*G, P*R]\n"
                      "board: [{code: B*Y, at: [0, 0], dir: h}]\n")
    assert pz.chameleons is None and "chameleons" not in dump_puzzle(pz)


def test_ruleset_follows_the_puzzles_rules():
    pz = parse_puzzle("rules: Bambino\nboard: [{code: B*Y, at: [0, 0], dir: h}]\n")
    assert pz.rules == "junior" and pz.ruleset.name == "junior"
    assert pz.ruleset is pz.ruleset  # built once
    pz.rules = "standard"
    assert pz.ruleset.name == "standard"


def test_value_types_api():
    from conundrum import Tile
    board = Board([Placement("B*Y", (0, 0), "h")])
    twin = board.copy()
    twin.add(Placement("YYY", (1, -1), "h"))
    assert len(board) == 1 and len(twin) == 2
    assert Tile.parse("yby").is_palindrome and not Tile.parse("YYB").is_palindrome
    assert Tile.parse("Y*B") == Tile("B*Y") and Tile("B*Y").value == 3


def test_printed_counts_checks_every_given_tile_in_order():
    pz = parse_puzzle("board:\n  - {code: B*Y, at: [0, 0], dir: h}\ngiven:\n"
                      "  - {code: YYY, positions: 2}\n  - {code: BYG, positions: 3}\n"
                      "  - {code: ggg}\n")
    got = [(c.code, c.printed, c.found, c.wrong) for c in printed_counts(pz)]
    assert got == [("YYY", 2, 2, False), ("BYG", 3, 4, True), ("GGG", None, 0, False)]
    assert [c.code for c in printed_counts(pz, skip={"BYG"})] == ["YYY", "GGG"]


@pytest.mark.parametrize("module", ["conundrum/cli/core.py", "conundrum/book/extract.py",
                                    "conundrum/book/handmade.py"])
def test_the_printed_count_check_is_written_once(module):
    """validate, extract and hand-made book puzzles all check counts with printed_counts:
    none of them counts positions itself for that."""
    source = (Path(__file__).parent.parent / module).read_text(encoding="utf-8")
    assert "printed_counts(" in source
    assert "len(positions(" not in source


def test_libyaml_writes_the_same_bytes_as_the_python_emitter(monkeypatch):
    """puzzle._Dumper uses libyaml's emitter for speed; a puzzle (unicode, quotes, long
    titles, junior rules, custom chameleons) is written byte for byte as the pure-Python
    emitter writes it, so files never change with how PyYAML was installed."""
    import yaml

    import conundrum.puzzle as puzzle_module
    from conundrum.generate import GenerateRequest, generate

    class PythonDumper(yaml.SafeDumper):
        pass

    for kind, rep in puzzle_module._Dumper.yaml_representers.items():
        PythonDumper.add_representer(kind, rep)
    puzzles = [generate(GenerateRequest(seed=s, difficulty=1 + s % 5,
                                        rules="junior" if s % 4 == 0 else "standard"))
               for s in range(8)]
    puzzles[1].title = "Ünïcode «title» — ça: 'x' \"y\" #z & *a"
    puzzles[2].title = "word " * 40
    puzzles[3].chameleons = ("B*Y", "P*Y", "B*G", "P*R", "R*Y")
    fast = [dump_puzzle(p) for p in puzzles]
    if yaml.__with_libyaml__:
        assert issubclass(puzzle_module._Dumper, yaml.CSafeDumper)
    monkeypatch.setattr(puzzle_module, "_Dumper", PythonDumper)
    assert [dump_puzzle(p) for p in puzzles] == fast
