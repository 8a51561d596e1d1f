"""The system's limits and signals keep the exit codes docs/formats.md gives (issue 25,
item 8): too few open files, too little memory, a thread that cannot start and Ctrl-C
end in one line with exit 2 (or 130 for an interrupt), never exit 1 or 3, a traceback
or a hang."""

from __future__ import annotations

import resource
import signal
import subprocess
import threading
import time
from pathlib import Path

import pypdf
import pytest

from conundrum.cli import main
from conundrum.cli.limits import LimitReached, is_limit, limit_text, watch_threads
from tests.support.program import CONUNDRUM

pytestmark = pytest.mark.slow  # builds books under limits
SMALL = "title: Small\nseed: 1\nsections:\n  - {name: A, count: 6, difficulty: 1}\n"


@pytest.fixture
def spec(tmp_path: Path) -> Path:
    (tmp_path / "small.yaml").write_text(SMALL, encoding="utf-8")
    return tmp_path / "small.yaml"


def _book(spec: Path, *extra: str, limit: tuple[int, int] | None = None,
          interrupt_after: float | None = None) -> subprocess.CompletedProcess[str]:
    def before() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # a background job's shell ignores it
        if limit is not None:
            resource.setrlimit(limit[0], (limit[1], limit[1]))

    proc = subprocess.Popen([*CONUNDRUM, "book", spec.name, "-o", "b.pdf", *extra],
                            cwd=spec.parent, preexec_fn=before, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_too_few_open_files_is_exit_2_naming_the_limit(spec: Path) -> None:
    proc = _book(spec, "--jobs", "8", limit=(resource.RLIMIT_NOFILE, 16))
    assert proc.returncode == 2, proc.stderr
    assert "too many open files" in _one_line(proc.stderr) and "ulimit -n" in proc.stderr
    assert not (spec.parent / "b.pdf").exists()


@pytest.mark.parametrize("kib", [30_000, 60_000, 90_000, 97_000, 100_000, 105_000, 110_000,
                                 115_000, 130_000, 400_000])
def test_any_memory_limit_is_exit_0_or_2_in_one_line(spec: Path, kib: int) -> None:
    proc = _book(spec, "--jobs", "2", limit=(resource.RLIMIT_AS, kib * 1024))
    assert proc.returncode in (0, 2), proc.stderr
    if proc.returncode == 2:
        assert "ulimit -v" in _one_line(proc.stderr)
        assert not (spec.parent / "b.pdf").exists()
    else:
        assert (spec.parent / "b.pdf").exists()


@pytest.mark.parametrize("kib", [20_000, 60_000, 98_303])
def test_a_memory_limit_under_the_floor_is_refused_before_starting(spec: Path, kib: int) -> None:
    # under about 64 MiB the interpreter crashed in C (a segfault, an abort, a hang in CI)
    proc = _book(spec, "--jobs", "2", limit=(resource.RLIMIT_AS, kib * 1024))
    assert proc.returncode == 2, proc.stderr
    assert _one_line(proc.stderr) == (f"conundrum: the memory limit (`ulimit -v` {kib} KiB) is "
                                      "below the 96 MiB the program needs to start; raise it")
    assert not (spec.parent / "b.pdf").exists()


@pytest.mark.parametrize("after", [0.12, 0.6, 1.5])
def test_ctrl_c_at_any_moment_is_130_with_one_line(spec: Path, after: float) -> None:
    proc = _book(spec, "--jobs", "2", interrupt_after=after)
    if proc.returncode == 0 or "b.pdf: 6 puzzles" in proc.stderr:
        return  # finished before the signal came (or while the interpreter was exiting)
    # a shell shows 130 either way: exit(130), or ended by the signal once the interrupt
    # was handled (CPython does that when the signal struck inside its own machinery)
    assert proc.returncode in (130, -signal.SIGINT), proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == "conundrum: interrupted"
    assert "Traceback" not in proc.stderr
    _whole_or_absent(spec.parent)


def _whole_or_absent(folder: Path) -> None:
    """An interrupt may come after the book was renamed into place, before the line saying
    so: then the book is whole. Never a part of one, nor a temporary file left behind."""
    outputs = {"b.pdf", "b.manifest.yaml", "conundrum-catalogue.sqlite",
               "b.work.sqlite"}  # the puzzles made so far, kept for --resume
    assert {p.name for p in folder.iterdir()} <= outputs | {"small.yaml"}
    if (folder / "b.pdf").exists():
        assert len(pypdf.PdfReader(folder / "b.pdf").pages) > 6


def test_a_thread_that_cannot_start_wakes_the_waiting_main_thread() -> None:
    never = threading.Event()

    def pool_thread() -> None:
        raise RuntimeError("can't start new thread")

    with pytest.raises(LimitReached), watch_threads():
        threading.Thread(target=pool_thread).start()
        never.wait(30)  # without the watch this would wait the whole 30 s


def test_a_thread_dying_of_a_limit_in_a_command_is_exit_2(monkeypatch, capsys) -> None:
    def validate_with_a_dying_helper(*args: object, **kwargs: object) -> None:
        threading.Thread(target=lambda: (_ for _ in ()).throw(MemoryError())).start()
        threading.Event().wait(30)

    monkeypatch.setattr("conundrum.cli.core.load_puzzle", validate_with_a_dying_helper)
    assert main(["validate", "whatever.yaml"]) == 2
    assert capsys.readouterr().err.startswith("conundrum: ran out of memory")


@pytest.mark.parametrize("words", [
    "error return without exception set",
    "<function _handle_fromlist at 0x7f73bff17e20> returned NULL without setting an exception",
])
def test_a_silent_c_failure_is_a_limit_only_under_a_memory_limit(words: str) -> None:
    silent = SystemError(words)
    assert not is_limit(silent)  # no limit set here: that is a bug, exit 3
    assert not is_limit(SystemError("some other fault"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (2**40, hard))
    try:
        assert is_limit(silent) and "ulimit -v" in limit_text(silent)
        assert not is_limit(SystemError("some other fault"))
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def test_limits_are_told_apart_from_bugs() -> None:
    assert is_limit(ImportError("libx.so: failed to map segment from shared object"))
    assert not is_limit(ImportError("No module named 'nothing'"))
    assert not is_limit(RuntimeError("a bug"))
    assert "ulimit -n" in limit_text(OSError(24, "Too many open files"))
