"""Mutated YAML through the CLI's main(): puzzles, answer files and book specs.

Each case must end with exit 0, 1 or 2 (never 3, an internal error, and never a
traceback), with one line on stderr for exit 2, within a time budget (SIGALRM)
and a memory budget (tracemalloc's peak). Book builds stop once the spec is
accepted, just before puzzles would be generated: reading is what is fuzzed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.cli import main
from conundrum.errors import ConundrumError
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM

PUZZLE = (ROOT / "puzzles" / "spec-example.yaml").read_text()
BOOK = (ROOT / "puzzles" / "book-sample.yaml").read_text()
ANSWERS_TEXT = "YYB C3 h\nBYY C5-E5\nYYB D3 h\n"
ANSWERS_YAML = ("- {code: YYB, at: [-1, -1], dir: h}\n"
                "- {code: BYY, at: [0, 2], dir: v}\n")

SECONDS = 30  # per case; the slowest honest case takes about a second on a busy machine
PEAK_BYTES = 200_000_000

TOKENS = ["&a ", "*a", "<<: *a", "!!python/object/apply:os.system ['true'] ", "- ", "{", "}",
          "[", "]", ": ", ", ", "\n", "\n  ", "\t", "'", '"', "\\u", "\\ud800", "#", "|\n",
          ">\n", "---\n", "...\n", "%YAML 1.1\n", "!!binary ", "!!float ", "1e400", "-0",
          "0x10", "~", "null", "2.0", "true", "99999999999999999999", "-1000001", "Y*B",
          "RRR", "h", "v", "😀", "שלום", "中", "\x00", "\x7f", "\u2028", "?", "@", "`", "%"]


class OverBudget(BaseException):
    """Raised by the alarm: a BaseException, so no handler in the program swallows it."""


def _alarm(signum, frame):
    raise OverBudget(f"a case ran more than {SECONDS} s")


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with a few deletions, insertions (YAML-significant tokens or any text)
    and duplicated slices."""
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        i = draw(st.integers(0, n))
        j = draw(st.integers(i, min(n, i + 40)))
        kind = draw(st.sampled_from(["delete", "token", "text", "duplicate"]))
        if kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "token":
            text = text[:i] + draw(st.sampled_from(TOKENS)) + text[i:]
        elif kind == "text":
            text = text[:i] + draw(st.text(max_size=6)) + text[i:]
        else:
            text = text[:j] + text[i:j] * draw(st.integers(1, 3)) + text[j:]
    return text


def run_within_budget(capsys, argv: list[str]) -> None:
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    # main() runs the click command the session made once (tests/conftest.py): under
    # tracemalloc, typer's making it anew was nine tenths of a case; the budgets are the
    # command's
    tracemalloc.start()
    try:
        code = main(argv)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    assert code in (0, 1, 2), f"exit {code}: {err}"
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err
    assert peak < PEAK_BYTES, f"peak memory {peak:,} bytes"


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return str(path)


FUZZ = settings(max_examples=30, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FUZZ
@given(text=mutated(PUZZLE))
def test_mutated_puzzles(tmp_path, capsys, text):
    path = write(tmp_path, "p.yaml", text)
    run_within_budget(capsys, ["validate", path])
    run_within_budget(capsys, ["solve", path, "--json"])


@FUZZ
@given(text=st.one_of(mutated(ANSWERS_TEXT), mutated(ANSWERS_YAML)))
def test_mutated_answers(tmp_path, capsys, text):
    puzzle = write(tmp_path, "p.yaml", PUZZLE)
    run_within_budget(capsys, ["check", puzzle, write(tmp_path, "a.txt", text), "--json"])


@pytest.fixture
def no_generation(monkeypatch):
    def stop(*args, **kwargs):
        raise ConundrumError("spec accepted; generation skipped by the fuzz test")

    monkeypatch.setattr("conundrum.book.make_book.make_puzzles", stop)


@FUZZ
@given(text=mutated(BOOK))
def test_mutated_book_specs(tmp_path, capsys, no_generation, text):
    spec = write(tmp_path, "spec.yaml", text)
    run_within_budget(capsys, ["book", spec, "-o", str(tmp_path / "book.pdf")])


# ---- issue 25's attack shapes ---------------------------------------------------------
# YAML 1.1 scalars an author may type as text, and the text each must stay
YAML11 = ["010", "0306406152", "12:30", "0x1F", "0o17", "yes", "on", "off", "no", "y",
          "2001-01-01", "1_000", "+1", ".inf", "1e3", "0b101", "~", "null"]


@FUZZ
@given(value=st.sampled_from(YAML11))
def test_a_title_stays_what_the_author_typed(tmp_path, capsys, value):
    path = write(tmp_path, "p.yaml", PUZZLE.replace("title: Conundrum 7", f"title: {value}"))
    run_within_budget(capsys, ["solve", path])
    code = main(["solve", path])
    out, err = capsys.readouterr()
    if value in ("~", "null"):  # no title at all, as YAML 1.2 says
        assert code == 0 and not out.startswith(value), err
    else:
        assert code == 0 and out.splitlines()[0] == value, err


KEYS = ["title", "rules", "board", "given", "code", "positions", "at", "dir", "number"]


@FUZZ
@given(data=st.data())
def test_a_key_given_twice_is_refused_naming_it(tmp_path, capsys, data):
    lines = PUZZLE.splitlines(keepends=True)
    keyed = [i for i, line in enumerate(lines) if line.lstrip(" -").split(":")[0] in KEYS
             and not line.lstrip().startswith("- {")]
    i = data.draw(st.sampled_from(keyed))
    text = "".join(lines[:i + 1] + [lines[i].replace("- ", "  ", 1)] + lines[i + 1:])
    key = lines[i].lstrip(" -").split(":")[0]
    path = write(tmp_path, "p.yaml", text)
    assert main(["validate", path]) == 2
    err = capsys.readouterr().err
    assert f"the key '{key}' is given twice" in err and err.count("\n") == 1, err


OUTPUT_COMMANDS = {
    "render": lambda puzzle, answers, out: ["render", puzzle, "-o", out],
    "render --answers": lambda puzzle, answers, out: ["render", puzzle, "--answers", "-o",
                                                      out],
    "generate": lambda puzzle, answers, out: ["generate", "--tiles", "14", "--given", "1",
                                              "--positions", "3", "--seed", "1", "-o", out,
                                              "--weights", answers],
}


@FUZZ
@given(command=st.sampled_from(sorted(OUTPUT_COMMANDS)), hops=st.integers(1, 3),
       suffix=st.sampled_from([".pdf", ".png", ".svg", ".yaml"]))
def test_an_output_linked_to_an_input_never_changes_it(tmp_path, capsys, command, hops,
                                                       suffix):
    tmp_path = Path(tempfile.mkdtemp(dir=tmp_path))  # one folder per example
    puzzle = write(tmp_path, "p.yaml", PUZZLE)
    weights = (ROOT / "conundrum" / "generate" / "weights.json").read_text(encoding="utf-8")
    answers = write(tmp_path, "w.json", weights)
    read = answers if command == "generate" else puzzle  # what the command reads
    before = Path(read).read_bytes()
    link = Path(read)
    for hop in range(hops):  # a chain of links ending at the input
        nxt = tmp_path / f"link{hop}{suffix}"
        nxt.symlink_to(link)
        link = nxt
    argv = OUTPUT_COMMANDS[command](puzzle, answers, str(link))
    run_within_budget(capsys, argv)
    assert Path(read).read_bytes() == before
    assert all(p.is_symlink() for p in tmp_path.glob("link*"))


STREAM_COMMANDS = [["--version"], ["validate", "P"], ["solve", "P"], ["solve", "P", "--json"],
                   ["check", "P", "A"], ["simulate", "--seed", "1", "-p", "2"]]
STREAMS = ["closed", "full", "broken pipe", "fine"]
ENCODINGS = [None, "latin-1", "ascii", "utf-16", "cp1252"]


def _stream_case(tmp_path: Path, argv: list[str], stdout: str, encoding: str | None,
                 locale: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": locale, "PYTHONUTF8": "0"}
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    argv = [{"P": write(tmp_path, "p.yaml", "title: Třída č. 5 — ünïcode\n" + PUZZLE.split(
        "\n", 1)[1]), "A": write(tmp_path, "a.txt", ANSWERS_TEXT)}.get(a, a) for a in argv]
    read = write_end = None
    if stdout == "broken pipe":
        read, write_end = os.pipe()
        os.close(read)
        target: object = write_end
    elif stdout == "full":
        target = open("/dev/full", "wb")  # noqa: SIM115 (closed below)
    elif stdout == "closed":
        target = None
    else:
        target = subprocess.PIPE
    try:
        kwargs: dict = {"stdout": target} if target is not None else {}
        if stdout == "closed":
            kwargs["preexec_fn"] = lambda: os.close(1)
        return subprocess.run([*CONUNDRUM, *argv], stderr=subprocess.PIPE, env=env,
                              timeout=60, **kwargs)
    finally:
        if write_end is not None:
            os.close(write_end)
        if stdout == "full":
            target.close()  # type: ignore[union-attr]


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.sampled_from(STREAM_COMMANDS), stdout=st.sampled_from(STREAMS),
       encoding=st.sampled_from(ENCODINGS), locale=st.sampled_from(["C", "C.UTF-8", "POSIX"]))
def test_streams_and_encodings_never_make_an_exit_code_lie(tmp_path, argv, stdout, encoding,
                                                           locale):
    proc = _stream_case(tmp_path, argv, stdout, encoding, locale)
    err = proc.stderr.decode(encoding or "utf-8", "replace")  # stderr speaks it too
    assert "Traceback" not in err and proc.returncode in (0, 1, 2), (proc.returncode, err)
    if stdout in ("closed", "full", "broken pipe"):  # the answer could not be given
        assert proc.returncode == 2 and "cannot write the output" in err, err
    if proc.returncode == 2:
        assert len(err.strip().splitlines()) == 1, err
