"""Issue 25: exit codes that never lie, whatever happens to stdout and stderr (closed,
full, a broken pipe), in any output encoding, with output names that are not UTF-8."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

PUZZLE = ROOT / "puzzles" / "spec-example.yaml"


def run(args: list[str], cwd: Path, stdout: object = subprocess.PIPE,
        stderr: object = subprocess.PIPE, close: int | None = None,
        env: dict[str, str] | None = None) -> tuple[int, str]:
    """The program's exit status and its stderr; `close` (1 or 2) starts it with that
    stream closed, as `>&-` does."""
    def closing() -> None:
        if close is not None:
            os.close(close)

    proc = subprocess.run([*CONUNDRUM, *args], cwd=cwd, stdout=stdout, stderr=stderr,
                          preexec_fn=closing, env={**os.environ, **(env or {})},
                          timeout=120)
    err = proc.stderr.decode("utf-8", "replace") if isinstance(proc.stderr, bytes) else ""
    return proc.returncode, err


def broken_pipe() -> int:
    """The write end of a pipe whose reader is gone: writing to it fails with EPIPE."""
    read, write = os.pipe()
    os.close(read)
    return write


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(PUZZLE, tmp_path / "puzzle.yaml")
    return tmp_path


@pytest.mark.parametrize("args", [["--version"], ["solve", "puzzle.yaml"],
                                  ["check", "puzzle.yaml", "answers.txt"]])
@pytest.mark.parametrize("how", ["closed", "full", "broken pipe"])
def test_a_command_whose_answer_cannot_be_printed_exits_2_in_one_line(folder, args, how
                                                                     ) -> None:
    # one of the example's five answers: `check` prints its verdict ("found 1 of 5" and what
    # was missed, exit 1) to the stream that fails. (This file was made by a program start
    # for each case, `solve --answers`, an option `solve` does not have: it wrote nothing,
    # and `check` printed "found 0 of 5", exit 1, the same path.)
    (folder / "answers.txt").write_text("YYB C3 h\n", encoding="utf-8")
    if how == "closed":
        code, err = run(args, folder, close=1)
    elif how == "full":
        with open("/dev/full", "w") as full:
            code, err = run(args, folder, stdout=full)
    else:
        pipe = broken_pipe()
        code, err = run(args, folder, stdout=pipe)
        os.close(pipe)
    assert code == 2, err
    assert err.count("\n") == 1 and "cannot write the output" in err and "Traceback" not in err


def test_a_file_written_whose_message_is_lost_exits_4(folder: Path) -> None:
    code, err = run(["render", "puzzle.yaml", "-o", "r.pdf"], folder, close=1)
    assert code == 4 and "wrote r.pdf" in err and err.count("\n") == 1
    assert (folder / "r.pdf").read_bytes().startswith(b"%PDF")
    (folder / "b.yaml").write_text("title: B\nseed: 1\nsections:\n"
                                   "  - {name: A, count: 1, difficulty: 1}\n", encoding="utf-8")
    with open("/dev/full", "w") as full:
        code, _err = run(["book", "b.yaml", "-o", "b.pdf", "--draft"], folder, stderr=full)
    assert code == 4 and (folder / "b.pdf").exists() and (folder / "b.manifest.yaml").exists()


def test_nothing_printed_nothing_lost(folder: Path) -> None:
    # a closed stdout matters only to a command that prints to it
    code, err = run(["validate", "puzzle.yaml"], folder, close=2)
    assert code == 0


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "latin-1"},
                                 {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}])
def test_any_output_encoding_prints_the_text_escaped(folder: Path, env) -> None:
    text = (folder / "puzzle.yaml").read_text(encoding="utf-8")
    (folder / "cz.yaml").write_text(
        "title: Příliš žluťoučký kůň\n" + "\n".join(
            line for line in text.splitlines() if not line.startswith("title:")),
        encoding="utf-8")
    proc = subprocess.run([*CONUNDRUM, "solve", "cz.yaml"], cwd=folder, capture_output=True,
                          env={**os.environ, **env}, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert b"P\\u0159" in proc.stdout  # ř escaped, not a crash
    sim = subprocess.run([*CONUNDRUM, "simulate", "-p", "2", "--seed", "1"], cwd=folder,
                         capture_output=True, env={**os.environ, **env}, timeout=120)
    assert sim.returncode == 0, sim.stderr


def test_output_names_that_are_not_utf8(folder: Path) -> None:
    (folder / "b.yaml").write_text("title: B\nseed: 1\nsections:\n"
                                   "  - {name: A, count: 1, difficulty: 1}\n", encoding="utf-8")
    runs = [["render", "puzzle.yaml", "-o", b"caf\xe9.pdf"],
            ["render", "puzzle.yaml", "-o", b"caf\xe9.png", "--answers"],
            ["generate", "--tiles", "8", "--given", "1", "--positions", "2", "-o",
             b"g\xe9.yaml"],
            ["simulate", "-p", "2", "--seed", "1", "-o", b"s\xe9.json"],
            ["book", "b.yaml", "-o", b"b\xe9.pdf", "--draft"],
            ["extract", b"b\xe9.manifest.yaml", "1", "-o", b"x\xe9.yaml"]]
    for args in runs:
        proc = subprocess.run([*map(os.fsencode, CONUNDRUM), *map(os.fsencode, args)],
                              cwd=folder, capture_output=True, timeout=120)
        assert proc.returncode == 0, (args, proc.stderr)
    names = set(os.listdir(os.fsencode(folder)))
    for name in (b"caf\xe9.pdf", b"caf\xe9-answers.png", b"g\xe9.yaml", b"s\xe9.json",
                 b"b\xe9.pdf", b"x\xe9.yaml"):
        assert name in names
