"""The fuzz corpus (tests/fuzz/cases.yaml): every file that once crashed, hung or misled
the program keeps its one-line outcome."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conundrum.cli import main
from tests.support.program import CONUNDRUM

CORPUS = Path(__file__).parent / "fuzz"
CASES = yaml.safe_load((CORPUS / "cases.yaml").read_text(encoding="utf-8"))
# The crowded lay-them-all puzzle under solve, grade and render runs the solver to its real
# limit (about 1.5 CPU s a case): the fast set runs the same commands on the same file in
# processes, checking the same outcome, message and untouched folder, and their time and
# memory (test_round_three.py, CROWDED_ARGV), so here these three are left to the slow set.
SAME_IN_ROUND_THREE = {(command, "all-crowded-junior.yaml")
                       for command in ("solve", "grade", "render")}


def _param(case: dict):
    slow = (case["argv"][0], case["argv"][1] if len(case["argv"]) > 1 else None) \
        in SAME_IN_ROUND_THREE
    return pytest.param(case, marks=[pytest.mark.slow] if slow else [])


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file()}


def as_list(value) -> list:
    return value if isinstance(value, list) else [value]


@pytest.mark.parametrize("case", [_param(c) for c in CASES],
                         ids=[" ".join(c["argv"])[:60] for c in CASES])
def test_corpus_case(case, tmp_path, monkeypatch, capsys):
    work = tmp_path / "corpus"
    shutil.copytree(CORPUS, work)
    before = snapshot(work)
    monkeypatch.chdir(work)
    if case.get("stdout") == "{full}":  # a real process: its stdout is the full device
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([*CONUNDRUM, *case["argv"]], stdout=full,
                                  stderr=subprocess.PIPE, timeout=120)
        code, out, err = proc.returncode, "", proc.stderr.decode()
    else:
        code = main(list(case["argv"]))
        out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert code in as_list(case["exit"]), err or out
    if code == 2:
        assert len(err.strip().splitlines()) == 1, err
    assert any(s in (err if code == 2 else out + err) for s in as_list(case["says"])), err or out
    after = snapshot(work)
    for name, digest in before.items():
        assert after.get(name) == digest, f"{name} was changed"
    new = set(after) - set(before)
    assert new <= set(case.get("writes", [])), new
