"""Mutated YAML through the CLI's main(): puzzles, answer files and book specs.

Each case must end with exit 0, 1 or 2 (never 3, an internal error, and never a
traceback), with one line on stderr for exit 2, within a time budget (SIGALRM)
and a memory budget (tracemalloc's peak). Book builds stop once the spec is
accepted, just before puzzles would be generated: reading is what is fuzzed.
"""

from __future__ import annotations

import signal
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conundrum.cli import main
from conundrum.errors import ConundrumError
from tests.support.paths import ROOT

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

    monkeypatch.setattr("conundrum.book.make.make_puzzles", stop)


@FUZZ
@given(text=mutated(BOOK))
def test_mutated_book_specs(tmp_path, capsys, no_generation, text):
    spec = write(tmp_path, "spec.yaml", text)
    run_within_budget(capsys, ["book", spec, "-o", str(tmp_path / "book.pdf")])
