"""QR codes do not change the puzzles (issue 21): every slot keeps the QR code's room, so
the same spec with and without `web:` gives the same puzzles, in the same order, on the
same number of pages."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.support.program import run_program

pytestmark = pytest.mark.slow  # builds four books
SPEC = ("title: Q\nseed: 5\npage: {page}\nbleed: true\nper_page: {per_page}\nsections:\n"
        "  - {{name: Easy, count: 3, difficulty: 2}}\n"
        "  - {{name: Hard, count: 3, difficulty: 5}}\n")


def built(folder: Path, name: str, text: str) -> tuple[list[tuple], int]:
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    done = run_program("book", f"{name}.yaml", "-o", f"{name}.pdf", "--draft", cwd=folder)
    assert done.returncode == 0, done.stderr
    doc = yaml.safe_load((folder / f"{name}.manifest.yaml").read_text(encoding="utf-8"))
    puzzles = [(e["number"], e["board"], e["given"]) for e in doc["puzzles"]]
    return puzzles, len(PdfReader(folder / f"{name}.pdf").pages)


@pytest.mark.parametrize("page, per_page", [("6x9", 2), ("a4", 4)])
def test_the_same_spec_with_and_without_web_gives_the_same_puzzles(tmp_path: Path, page,
                                                                   per_page) -> None:
    spec = SPEC.format(page=page, per_page=per_page)
    plain = built(tmp_path, "plain", spec)
    linked = built(tmp_path, "linked", spec + "web: https://example.org/vol1/\n")
    assert plain == linked
