"""Inputs that used to hang or blow up memory: refused at once, with one line and exit 2."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest

from conundrum.cli import main
from conundrum.errors import ConundrumError, GenerationError
from conundrum.files import YAML_DEPTH, YAML_ITEMS, YAML_VALUES, safe_yaml
from conundrum.generate import GenerateRequest, generate
from conundrum.generate.search import TimeLimitError, target_cost
from tests.support.paths import ROOT

SPEC = ROOT / "puzzles" / "spec-example.yaml"


def laughs(levels: int = 9, width: int = 9) -> str:
    """The "billion laughs" file: each level an anchor holding `width` aliases of the last."""
    lines = ["a0: &a0 [" + ", ".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def one_line(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    _, err = capsys.readouterr()
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
    return code, err


def test_billion_laughs_is_refused_without_expanding():
    text = laughs()
    assert len(text) < 600
    tracemalloc.start()
    try:
        with pytest.raises(ConundrumError, match="once its aliases are expanded"):
            safe_yaml(text, "laughs.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000  # nothing was expanded


def test_billion_laughs_through_every_reader(capsys, tmp_path):
    path = tmp_path / "laughs.yaml"
    path.write_text(laughs())
    for argv in (("validate", path), ("solve", path), ("book", path, "-o", tmp_path / "b.pdf"),
                 ("render", path, "-o", tmp_path / "r.pdf")):
        code, err = one_line(capsys, *argv)
        assert code == 2 and "aliases are expanded" in err
    # as an answers file too (not read as lines of notation), from a file or stdin
    code, err = one_line(capsys, "check", SPEC, path)
    assert code == 2 and err == (f"conundrum: {path}: more than 200,000 values once its aliases "
                                 "are expanded; such a file is refused\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["laughs.yaml"]


@pytest.mark.parametrize("text, fragment", [
    (laughs(), "aliases are expanded"),
    ("a: &a [*a]\n", "contains itself"),
    ("[" * (YAML_DEPTH + 1) + "]" * (YAML_DEPTH + 1), "nested too deeply"),
])
def test_a_hostile_answers_file_on_stdin_is_refused(capsys, monkeypatch, text, fragment):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, err = one_line(capsys, "check", SPEC, "-")
    assert code == 2 and err.startswith("conundrum: stdin: ") and fragment in err


def test_answers_that_are_no_yaml_are_still_read_as_lines(capsys, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("YYB C3 h\n: what [\n")  # not YAML: lines of notation
    code = main(["check", str(SPEC), str(path)])
    out, _err = capsys.readouterr()
    assert code == 1 and "unreadable line 2" in out and "found 1 of 5" in out


def test_modest_aliases_still_load():
    data = safe_yaml(laughs(levels=3, width=3), "ok.yaml")
    assert data["a2"] == [[["lol"] * 3] * 3] * 3


@pytest.mark.parametrize("text, fragment", [
    ("[" * (YAML_DEPTH + 1) + "]" * (YAML_DEPTH + 1), "nested too deeply"),
    ("[" * 200_000 + "]" * 200_000, "nested too deeply"),  # libyaml's composer would crash
    ("[" + ", ".join(["0"] * (YAML_ITEMS + 1)) + "]", "more than 10,000 entries"),
    ("{" + ", ".join(f"k{i}: 0" for i in range(YAML_ITEMS + 1)) + "}", "10,000 entries"),
    ("- " + "\n- ".join("[" + ", ".join(["0"] * 100) + "]" for _ in range(
        YAML_VALUES // 100 + 1)) + "\n", "more than 200,000 values"),
    ("a: &a [*a]\n", "contains itself"),
    ("a: &a {b: *a}\n", "contains itself"),
    ("a: *nowhere\n", "not valid YAML"),
])
def test_structure_limits(text, fragment):
    with pytest.raises(ConundrumError, match=fragment):
        safe_yaml(text, "x.yaml")


def test_merge_keys_and_json_still_read():
    text = "base: &b {x: 1}\nmore: {<<: *b, y: 2}\n"
    assert safe_yaml(text, "m.yaml")["more"] == {"x": 1, "y": 2}
    assert safe_yaml('{"a": [1, 2.5, null, true]}', "j.json") == {"a": [1, 2.5, None, True]}


def test_puzzle_lists_are_capped_while_reading(capsys, tmp_path):
    board = "board:\n" + "  - {code: YGB, at: [0, 1], dir: h}\n" * 1001
    path = tmp_path / "big.yaml"
    path.write_text(board)
    code, err = one_line(capsys, "validate", path)
    assert code == 2 and "more than 1,000 entries" in err


def test_title_length_is_limited(capsys, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"title: {'x' * 201}\nboard:\n  - {{code: Y*B, at: [0, 0], dir: h}}\n")
    code, err = one_line(capsys, "validate", path)
    assert code == 2 and "the title has 201 characters; the limit is 200" in err


# ---- the generator ------------------------------------------------------------
def test_target_cost_ends_when_fewer_tiles_than_targets():
    assert target_cost({}, [0]) == 1
    assert target_cost({"YYB": 3}, [3, 5]) == 6
    assert target_cost({"YYB": 3, "RRG": 5}, [5, 3]) == 0
    assert target_cost({"YYB": 4}, [3, 0, 0]) == 1 + 1 + 1


@pytest.mark.parametrize("tiles, given, positions", [(79, 1, (0,)), (60, 20, (1,))])
def test_generator_honours_the_time_limit(tiles, given, positions):
    # these once looped for ever inside target_cost, deaf to the time limit
    req = GenerateRequest(tiles=tiles, given=given, positions=positions, seed=3,
                          time_limit=0.5)
    try:
        generate(req)
    except TimeLimitError:
        pass


@pytest.mark.parametrize("argv, fragment", [
    (["--tiles", "10", "--given", "1000000000", "--positions", "1"], "--given 1000000000"),
    (["--tiles", "10", "--given", "-1000000000", "--positions", "1"], "--given -1000000000"),
    (["--tiles", "99999999999", "--positions", "1"], "--tiles 99999999999"),
    (["--tiles", "99999999999", "--given", "81", "--positions", "1"], "--given 81"),
    (["--tiles", "10", "--positions", ",".join(["1"] * 81)], "81 targets"),
])
def test_huge_counts_are_refused_before_allocating(capsys, tmp_path, argv, fragment):
    tracemalloc.start()
    try:
        code, err = one_line(capsys, "generate", *argv, "-o", tmp_path / "g.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 2 and fragment in err
    assert peak < 50_000_000
    assert not (tmp_path / "g.yaml").exists()


def test_generation_error_is_a_conundrum_error():
    with pytest.raises(GenerationError):
        generate(GenerateRequest(tiles=10, given=10**9, positions=(1,)))


@pytest.mark.parametrize("value", ["2.0", "2.5", "true", "'2'"])
def test_per_page_must_be_a_whole_number(capsys, tmp_path, value):
    spec = tmp_path / "s.yaml"
    spec.write_text(f"title: T\nper_page: {value}\nsections: [{{name: A, count: 1}}]\n")
    code, err = one_line(capsys, "book", spec, "-o", tmp_path / "b.pdf")
    assert code == 2 and "per_page" in err


@pytest.mark.parametrize("corner", [(1_000_000, 1_000_000), (-1_000_000, -1_000_000),
                                    (1_000_000, -1_000_000)])
def test_check_accepts_every_position_solve_lists_at_the_limit(capsys, tmp_path, corner):
    x, y = corner
    dx = -2 if x > 0 else 0  # the start tile spans three cells: keep them all inside
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text(f"board:\n  - {{code: Y*B, at: [{x + dx}, {y}], dir: h}}\n"
                      "given: [YYB, BGB]\n")
    assert main(["solve", str(puzzle), "--json"]) == 0
    tiles = json.loads(capsys.readouterr().out)["tiles"]
    listed = [p for t in tiles for p in t["positions"]]
    assert listed
    notation = tmp_path / "a.txt"
    notation.write_text("".join(p["sheet"] + "\n" for p in listed))
    as_yaml = tmp_path / "a.json"
    as_yaml.write_text(json.dumps([{k: p[k] for k in ("code", "at", "dir")} for p in listed]))
    for answers in (notation, as_yaml):
        code = main(["check", str(puzzle), str(answers)])
        out = capsys.readouterr().out
        assert code == 0 and "perfect" in out, out
