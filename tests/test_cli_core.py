"""The solve, check and validate commands, and the error contract of the CLI."""

from __future__ import annotations

import json
import subprocess

import pytest

from conundrum.cli import main
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

SPEC = str(ROOT / "puzzles" / "spec-example.yaml")
START = str(ROOT / "puzzles" / "start-alone.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="p.yaml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# ---- solve -------------------------------------------------------------------
def test_solve_draws_the_board_and_lists_positions(capsys):
    code, out, _ = run(capsys, "solve", SPEC)
    assert code == 0
    assert "A  B  C  D" in out and "YYB: 5 positions" in out
    assert "BYY C3 h" in out and "BYY C3-E3" in out


def test_solve_json_has_the_spec_shape(capsys):
    code, out, _ = run(capsys, "solve", SPEC, "--json")
    data = json.loads(out)
    tile = data["tiles"][0]
    assert (tile["code"], tile["count"]) == ("YYB", 5)
    first = tile["positions"][0]
    assert {k: first[k] for k in ("code", "at", "dir")} == {"code": "BYY", "at": [-1, -1],
                                                            "dir": "h"}
    assert first["sheet"] == "BYY C3 h"


def test_solve_tile_option_and_all(capsys):
    _, out, _ = run(capsys, "solve", START, "--tile", "yyy", "--tile", "P*Y", "--json")
    assert [(t["code"], t["count"]) for t in json.loads(out)["tiles"]] == [("YYY", 2),
                                                                          ("P*Y", 8)]
    _, out, _ = run(capsys, "solve", START, "--all", "--json")
    tiles = json.loads(out)["tiles"]
    assert len(tiles) == 79 and {"code": "BYY", "count": 6}.items() <= next(
        t for t in tiles if t["code"] == "BYY").items()
    code, out, _ = run(capsys, "solve", START, "--all")
    assert code == 0 and "BYY   6" in out


def test_solve_junior_example(capsys):
    _, out, _ = run(capsys, "solve", str(ROOT / "puzzles" / "junior-first-move.yaml"), "--json")
    assert [t["count"] for t in json.loads(out)["tiles"]] == [7, 4]


# ---- check -------------------------------------------------------------------
def test_check_perfect_answer_in_every_notation(capsys, tmp_path):
    answers = write(tmp_path, "YYB C3 h\nBYY C3-E3\nYYB C5-C3   # reversed\nYYB D3 h\n"
                              "BYY C6-C4\nyyb d3 h\n", "a.txt")
    code, out, _ = run(capsys, "check", SPEC, answers)
    assert code == 0 and "found 5 of 5" in out and "perfect" in out


def test_check_reports_missed_and_wrong_with_reasons(capsys, tmp_path):
    answers = write(tmp_path, "YYB C3 h\nYYB D4 h\nYYB A1 h\nYYB E3 h\nRGB C3 h\nnonsense\n"
                              "YYB G4 h\n", "a.txt")
    code, out, _ = run(capsys, "check", SPEC, answers, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["found"] == 1 and len(data["missed"]) == 4
    reasons = {w["answer"]: w["reason"] for w in data["wrong"]}
    assert "overlap" in reasons["YYB D4 h"]
    assert "too few matching contacts (0" in reasons["YYB A1 h"]
    assert "clash at" in reasons["YYB E3 h"] or "too few" in reasons["YYB E3 h"]
    assert "not that tile" in reasons["RGB C3 h"]
    assert reasons["nonsense"].startswith("unreadable line 6")
    assert "clash at G4" in reasons["YYB G4 h"]


def test_check_accepts_yaml_placements_and_stdin(capsys, tmp_path, monkeypatch):
    import io
    yaml_answers = "- {code: BYY, at: [-1, -1], dir: h}\n- {code: YYB, at: [-1, -1], dir: h}\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(yaml_answers))
    code, out, _ = run(capsys, "check", SPEC, "-", "--json")
    assert code == 1 and json.loads(out)["found"] == 2
    _, solved, _ = run(capsys, "solve", SPEC, "--json")
    path = write(tmp_path, solved, "solved.json")
    assert run(capsys, "check", SPEC, path)[0] == 0  # solve --json output is a full answer


# ---- validate ------------------------------------------------------------------
def test_validate_ok(capsys):
    code, out, _ = run(capsys, "validate", SPEC)
    assert code == 0 and "ok" in out


@pytest.mark.parametrize("text, fault", [
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [1, -1], dir: h},"
     " {code: YYY, at: [1, 1], dir: h}]", "rule 1: distinct tiles"),
    ("board: [{code: Y*R, at: [0, 0], dir: h}]", "not in the tile set"),
    ("board: [{code: YYY, at: [0, 0], dir: h}]", "not a chameleon"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: GGG, at: [0, -1], dir: h}]", "clashes"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [5, 5], dir: h}]",
     "rule 4"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: YYY, positions: 3}]",
     "the file says 3 positions, the solver finds 2"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: B*Y}]", "also on the board"),
])
def test_validate_reports_each_fault_with_exit_1(capsys, tmp_path, text, fault):
    code, out, _ = run(capsys, "validate", write(tmp_path, text))
    assert code == 1 and fault in out
    assert all(line.startswith(str(tmp_path)) for line in out.splitlines())


def test_validate_lists_every_fault(capsys, tmp_path):
    text = ("board: [{code: YYY, at: [0, 0], dir: h}, {code: GGG, at: [0, 1], dir: h},"
            " {code: GGG, at: [7, 7], dir: h}]")
    code, out, _ = run(capsys, "validate", write(tmp_path, text))
    assert code == 1 and len(out.splitlines()) >= 4


# ---- errors: one line on stderr, exit 2, no traceback, no output -----------------
ERROR_CASES = {
    "bad yaml": "board: [",
    "unknown colour": "board: [{code: BXY, at: [0, 0], dir: h}]",
    "short tile": "board: [{code: RG, at: [0, 0], dir: h}]",
    "long tile": "board: [{code: RGBB, at: [0, 0], dir: h}]",
    "overlap": "board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [2, 0], dir: h}]",
    "float coordinate": "board: [{code: B*Y, at: [0, 1.5], dir: h}]",
    "huge coordinate": "board: [{code: B*Y, at: [0, 99999999], dir: h}]",
    "python tag": "board: !!python/object/apply:os.system ['echo hacked']",
    "empty": "",
    "no start chameleon": "board: [{code: YYY, at: [0, 0], dir: h}]",
    "given on board": "board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: Y*B}]",
    "duplicate": "board: [{code: B*Y, at: [0, 0], dir: h}, {code: YYY, at: [1, -1], dir: h},"
                 " {code: YYY, at: [1, 1], dir: h}]",
}


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, case):
    path = write(tmp_path, ERROR_CASES[case])
    code, out, err = run(capsys, "solve", path)
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1 and path in err
    assert "Traceback" not in err


def test_missing_file_and_unreadable_validate_are_exit_2(capsys, tmp_path):
    assert run(capsys, "solve", str(tmp_path / "nope.yaml"))[0] == 2
    assert run(capsys, "validate", write(tmp_path, ERROR_CASES["overlap"]))[0] == 2
    assert run(capsys, "validate", write(tmp_path, ERROR_CASES["unknown colour"]))[0] == 2
    assert run(capsys, "check", SPEC, str(tmp_path / "no-answers.txt"))[0] == 2
    assert run(capsys, "solve", SPEC, "--tile", "Y*R")[0] == 2  # not in the set
    assert run(capsys, "solve", SPEC, "--tile", "YGB")[0] == 2  # on the board
    assert run(capsys, "solve", SPEC, "--nonsense")[0] == 2


@pytest.mark.parametrize("case", ["python tag", "overlap", "empty"])
def test_real_process_prints_one_line_and_exits_2(tmp_path, case):
    path = write(tmp_path, ERROR_CASES[case])
    proc = subprocess.run([*CONUNDRUM, "solve", path], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_far_apart_hand_drawn_board_is_listed_not_drawn(capsys, tmp_path):
    far = write(tmp_path, "board:\n  - {code: Y*B, at: [0, 0], dir: h}\n"
                          "  - {code: YGB, at: [0, 1], dir: h}\n"
                          "  - {code: RRR, at: [1000000, 1000000], dir: h}\n"
                          "given:\n  - {code: YYB, positions: 5}\n")
    code, out, _ = run(capsys, "solve", far, "--allow-illegal")
    assert code == 0 and "too large to draw" in out and "YYB: 5 positions" in out
    code, _, err = run(capsys, "render", far, "--allow-illegal", "-o",
                       str(tmp_path / "far.pdf"))
    assert code == 2 and far in err and "at most 250" in err
    assert not (tmp_path / "far.pdf").exists()


def test_render_names_the_file_when_a_printed_count_is_wrong(capsys, tmp_path):
    path = write(tmp_path, "board:\n  - {code: Y*B, at: [0, 0], dir: h}\n"
                           "  - {code: YGB, at: [0, 1], dir: h}\n"
                           "given:\n  - {code: YYB, positions: 6}\n")
    code, _, err = run(capsys, "render", path, "-o", str(tmp_path / "c.pdf"))
    assert code == 2 and err.startswith(f"conundrum: {path}: given tile YYB")
