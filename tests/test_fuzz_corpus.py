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


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file()}


def as_list(value) -> list:
    return value if isinstance(value, list) else [value]


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c["argv"])[:60] for c in CASES])
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
