"""Golden files: the exact bytes the generator makes for a few seeds per method.

A change of generator output must be a decision, not an accident: when one of
these fails, either the change is a bug, or it is deliberate and the files are
rewritten with `make golden` (`pytest tests/test_golden.py --update-golden`),
reviewed in the diff and committed with a note in the README. The line
`version:` (the program's version, which a release bumps without changing any
puzzle) is the one part not compared.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conundrum.generate import GenerateRequest, generate
from conundrum.puzzle import dump_puzzle

GOLDEN = Path(__file__).resolve().parent / "golden"
VERSION_LINE = re.compile(r"^(\s*version:).*$", re.M)

CASES = {
    "search-14-3-5-seed7": GenerateRequest(tiles=14, given=2, positions=(3, 5), seed=7),
    "search-20-4-seed11": GenerateRequest(tiles=20, given=1, positions=(4,), seed=11),
    "search-difficulty2-seed3": GenerateRequest(difficulty=2, seed=3),
    "sat-8-3-seed1": GenerateRequest(tiles=8, given=1, positions=(3,), seed=1, method="sat"),
    "sat-6-2-seed4": GenerateRequest(tiles=6, given=1, positions=(2,), seed=4, method="sat"),
    "junior-10-2-4-seed2": GenerateRequest(tiles=10, given=2, positions=(2, 4), seed=2,
                                           rules="junior"),
    "junior-16-3-seed5": GenerateRequest(tiles=16, given=1, positions=(3,), seed=5,
                                         rules="junior"),
}


def _masked(text: str) -> str:
    return VERSION_LINE.sub(r"\1 (any)", text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_generator_output_is_pinned(name, update_golden):
    made = dump_puzzle(generate(CASES[name]))
    path = GOLDEN / f"{name}.yaml"
    if update_golden:
        path.write_text(made, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run `make golden`"
    assert _masked(made) == _masked(path.read_text(encoding="utf-8")), (
        f"the generator's output for {name} changed: if on purpose, run `make golden`, "
        "check the diff of tests/golden/ and say so in the README")


def test_every_golden_file_has_its_case():
    assert sorted(p.stem for p in GOLDEN.glob("*.yaml")) == sorted(CASES)
