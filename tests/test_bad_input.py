"""Hostile and odd input: one line on stderr, exit 2, no traceback, no stray file."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import conundrum
from conundrum.cli import main
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

SPEC = str(ROOT / "puzzles" / "spec-example.yaml")
GOOD = "board:\n  - {code: Y*B, at: [0, 0], dir: h}\n  - {code: YGB, at: [0, 1], dir: h}\n"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_exit_2(capsys, *argv) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_deep_nesting_is_refused(capsys, tmp_path):
    deep = write(tmp_path, "[" * 600 + "]" * 600)
    for argv in (("validate", deep), ("solve", deep), ("render", deep, "-o", tmp_path / "x.pdf"),
                 ("book", deep, "-o", tmp_path / "b.pdf")):
        assert "nested too deeply" in one_line_exit_2(capsys, *argv)
    # as an answers file too: refused, not read as lines of notation
    assert "nested too deeply" in one_line_exit_2(capsys, "check", SPEC, deep)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.yaml"]


def test_self_referencing_anchor_is_refused(capsys, tmp_path):
    loop = write(tmp_path, "board: &a [*a]\n")
    assert "contains itself" in one_line_exit_2(capsys, "validate", loop)


@pytest.mark.parametrize("direction", ["[h]", "{a: 1}", "1", "null"])
def test_direction_of_any_type(capsys, tmp_path, direction):
    path = write(tmp_path, f"board: [{{code: Y*B, at: [0, 0], dir: {direction}}}]\n")
    assert "direction" in one_line_exit_2(capsys, "validate", path)


def test_odd_answer_files_are_graded_not_crashed(capsys, tmp_path):
    for text in ("tiles: [{positions: 7}]\n", "- {code: YYB, at: [1, 0], dir: {a: 1}}\n",
                 '- {code: "\\ud800", at: [0, 0], dir: h}\n'):
        code, out, err = run(capsys, "check", SPEC, write(tmp_path, text, "a.yaml"))
        assert code == 1 and "Traceback" not in err


def test_lone_surrogate_escape_is_refused(capsys, tmp_path):
    path = write(tmp_path, 'title: "\\ud800"\n' + GOOD)
    assert "Unicode" in one_line_exit_2(capsys, "solve", path)


def test_too_many_answers(capsys, tmp_path):
    answers = write(tmp_path, "YYB C3 h\n" * 10_001, "a.txt")
    assert "the limit is 10,000" in one_line_exit_2(capsys, "check", SPEC, answers)


def test_binary_stdin_is_refused():
    proc = subprocess.run([*CONUNDRUM, "check", SPEC, "-"], input=b"\xff\xfe\x00bad",
                          capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    assert proc.returncode == 2 and b"stdin: not UTF-8" in proc.stderr
    assert b"Traceback" not in proc.stderr


def test_unusable_paths(capsys, tmp_path):
    long = tmp_path / ("x" * 300 + ".yaml")
    one_line_exit_2(capsys, "validate", long)
    one_line_exit_2(capsys, "render", SPEC, "-o", tmp_path / ("x" * 300 + ".pdf"))
    one_line_exit_2(capsys, "generate", "--tiles", 3, "--positions", 3, "-o", long)
    one_line_exit_2(capsys, "simulate", "--players", 2, "-o", long)
    assert list(tmp_path.iterdir()) == []


def test_bad_time_limit(capsys, tmp_path):
    for value in ("nan", "inf", "0", "-1"):
        one_line_exit_2(capsys, "generate", "--tiles", 5, "--positions", 3, "--time-limit",
                        value, "-o", tmp_path / "g.yaml")
    assert list(tmp_path.iterdir()) == []


def test_png_key_that_cannot_be_written_leaves_no_sheet(capsys, tmp_path):
    (tmp_path / "s-answers.png").mkdir()
    one_line_exit_2(capsys, "render", SPEC, "-o", tmp_path / "s.png", "--answers", "--dpi", 40)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s-answers.png"]


def test_book_whose_manifest_or_work_file_cannot_be_written(capsys, tmp_path):
    spec = write(tmp_path, "title: T\nsections:\n  - {name: A, count: 1, difficulty: 1}\n",
                 "s.yaml")
    (tmp_path / "b.manifest.yaml").mkdir()
    one_line_exit_2(capsys, "book", spec, "-o", tmp_path / "b.pdf")
    (tmp_path / "c.work.sqlite").mkdir()
    one_line_exit_2(capsys, "book", spec, "-o", tmp_path / "c.pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.manifest.yaml", "c.work.sqlite",
                                                          "s.yaml"]


def test_special_files_are_not_replaced_and_links_are_followed(capsys, tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line_exit_2(capsys, "simulate", "-p", 2, "-o", fifo)
    target = write(tmp_path, "old", "target.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    assert run(capsys, "simulate", "-p", 2, "-o", link)[0] == 0
    assert link.is_symlink() and "board:" in target.read_text()


def test_api_faults_are_conundrum_errors(tmp_path):
    board = conundrum.load_puzzle(SPEC).board
    bad_calls = [
        lambda: conundrum.positions(None, "YYB"),
        lambda: conundrum.positions("board", "YYB"),
        lambda: conundrum.positions(board, "YYB", chameleons=5),
        lambda: conundrum.positions(board, 5),
        lambda: conundrum.counts(board, codes=5),
        lambda: conundrum.load_puzzle(None),
        lambda: conundrum.load_puzzle(123),
        lambda: conundrum.load_puzzle(b"/x"),
        lambda: conundrum.load_puzzle("a\x00b"),
        lambda: conundrum.load_puzzle("x" * 5000),
        lambda: conundrum.save_puzzle(None, tmp_path / "x.yaml"),
        lambda: conundrum.save_puzzle(conundrum.load_puzzle(SPEC), None),
    ]
    for call in bad_calls:
        with pytest.raises(conundrum.ConundrumError):
            call()


def test_bare_command_says_what_is_missing(capsys):
    code, out, err = run(capsys)
    assert code == 2 and "solve" in out
    assert err.strip() == "conundrum: no command given; the commands are listed above"
