"""`conundrum simulate`: the JSON record, the summary, -o, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from conundrum.cli import main
from conundrum.puzzle import load_puzzle
from tests.support.program import CONUNDRUM


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_record_shape(capsys):
    doc = run_json(capsys, "--players", "3", "--seed", "5")
    start = doc["moves"][0]
    assert start["player"] is None and start["action"] == "start"
    assert set(start["placement"]) == {"code", "at", "dir"}
    actions = {m["action"] for m in doc["moves"][1:]}
    assert actions <= {"play", "draw", "pass"} and "play" in actions
    for m in doc["moves"][1:]:
        assert m["player"] in (0, 1, 2)
        assert (m["placement"] is None) == (m["action"] != "play")
    plays = [m["placement"] for m in doc["moves"] if m["action"] in ("start", "play")]
    assert doc["board"] == plays
    assert doc["winners"] and set(doc["scores"]) == {"0", "1", "2"}
    assert doc["options"]["bots"] == ["greedy"] * 3


def test_same_seed_same_bytes(capsys):
    args = ["simulate", "--players", "4", "--seed", "9", "--rules", "junior", "--json"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_same_bytes_whatever_the_hash_seed():
    # junior moves come out of a set in the solver: the engine must sort them
    args = [*CONUNDRUM, "simulate", "-p", "3", "--rules", "junior", "--bot", "random", "--json"]
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run(args, capture_output=True, text=True, env=env,
                                check=True).stdout)
    assert len(outs) == 1


def test_options_reach_the_game(capsys):
    doc = run_json(capsys, "-p", "4", "--scoring", "expert", "--draw", "up-to:2",
                   "--open-hands", "--no-chameleon-last", "--bot", "random", "--bot", "cautious")
    o = doc["options"]
    assert o["bots"] == ["random", "cautious", "random", "cautious"]
    assert (o["scoring"], o["draw"], o["open_hands"], o["chameleon_last"]) == \
        ("expert", "up-to:2", True, False)
    totals = {str(i): sum(m.get("points", 0) for m in doc["moves"] if m["player"] == i)
              for i in range(4)}
    assert doc["scores"] == totals


def test_solo_game(capsys):
    doc = run_json(capsys, "--players", "1", "--seed", "2")
    assert doc["winners"] == [0] and len(doc["board"]) > 60


def test_readable_summary(capsys):
    assert main(["simulate", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Seats: 0 greedy, 1 greedy" in out
    assert "turn   1  round  1  player 0" in out and "lays " in out
    assert "Scores (tiles left)" in out and "Winner" in out and "Why:" in out


def test_output_board_is_a_valid_puzzle(tmp_path, capsys):
    path = tmp_path / "board.yaml"
    doc = run_json(capsys, "--players", "4", "--seed", "11", "-o", str(path))
    pz = load_puzzle(path)
    assert [p.as_dict() for p in pz.board] == doc["board"]
    assert pz.extra["simulation"]["seed"] == 11
    assert main(["validate", str(path)]) == 0
    junior = tmp_path / "junior.yaml"
    assert main(["simulate", "-p", "2", "--rules", "junior", "-o", str(junior)]) == 0
    assert "saved to" in capsys.readouterr().out
    assert load_puzzle(junior).rules == "junior"
    assert main(["validate", str(junior)]) == 0


def test_many_games_print_a_table(capsys):
    assert main(["simulate", "-p", "2", "--games", "6", "--bot", "random", "--bot",
                 "greedy"]) == 0
    out = capsys.readouterr().out
    assert "6 games" in out and "Win rate per bot" in out and "Win rate per seat" in out
    assert "random" in out and "greedy" in out and "mean length" in out


def test_many_games_as_json(capsys):
    doc = run_json(capsys, "-p", "3", "--games", "5", "--seed", "4")
    assert doc["games"] == 5 and doc["seed"] == 4
    assert doc["bots"]["greedy"]["seats"] == 15
    assert sum(s["wins"] for s in doc["seats"].values()) >= 5  # every game has a winner
    assert doc["mean_board_tiles"] > 1


@pytest.mark.parametrize("args, words", [
    # values outside an option's choices or range are refused by the CLI's parser
    (["--players", "0"], "'--players'"),
    (["--players", "9"], "'--players'"),
    (["-p", "2", "--bot", "clever"], "'clever'"),
    (["-p", "2", "--draw", "two"], "draw rule 'two'"),
    (["-p", "2", "--draw", "up-to:0"], "draw rule"),
    (["-p", "2", "--rules", "chess"], "'chess'"),
    (["-p", "2", "--scoring", "golf"], "'golf'"),
    (["-p", "1", "--bot", "random", "--bot", "greedy"], "2 bots named for 1"),
    (["-p", "2", "--games", "0"], "'--games'"),
    (["-p", "2", "--games", "2", "-o", "x.yaml"], "leave out --games"),
    ([], "Missing option"),
])
def test_bad_options_one_line_exit_2(capsys, args, words):
    assert main(["simulate", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


@pytest.mark.parametrize("args", [["--players", "9"], ["-p", "2", "--bot", "nobody"],
                                  ["-p", "2", "--draw", "lots"],
                                  ["-p", "2", "-o", "/no/such/folder/b.yaml"]])
def test_real_program_errors(args):
    proc = subprocess.run([*CONUNDRUM, "simulate", *args], capture_output=True, text=True)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr and proc.stdout == ""


def test_no_half_written_file_on_error(tmp_path):
    target = tmp_path / "b.yaml"
    assert main(["simulate", "-p", "9", "-o", str(target)]) == 2
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_help_lists_simulate():
    proc = subprocess.run([*CONUNDRUM, "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "simulate" in proc.stdout
