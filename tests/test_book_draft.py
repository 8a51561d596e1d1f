"""`book --draft`: a trial build that leaves the catalogue as it was."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

from conundrum.book.catalogues import open_catalogue
from conundrum.cli import main

pytestmark = pytest.mark.slow  # builds books or drives the browser

SPEC = """\
title: Draft test
seed: 5
sections:
  - {name: A, count: 2, difficulty: 1}
"""


def puzzles_of(out: Path) -> list:
    doc = yaml.safe_load(out.with_name(f"{out.stem}.manifest.yaml").read_text("utf-8"))
    return [(p["key"], p["seed"]) for p in doc["puzzles"]]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_draft_records_nothing_and_the_real_build_gives_the_same_puzzles(tmp_path,
                                                                         capsys) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC)
    cat = tmp_path / "cat.sqlite"
    # an earlier volume fills the catalogue
    first = tmp_path / "first.yaml"
    first.write_text(SPEC.replace("Draft test", "Volume 1"))
    assert main(["book", str(first), "-o", str(tmp_path / "v1.pdf"), "--catalogue",
                 str(cat)]) == 0
    before = digest(cat)
    with open_catalogue(cat) as c:
        count = len(c)
    assert count == 2
    capsys.readouterr()

    draft = tmp_path / "draft.pdf"
    assert main(["book", str(spec), "-o", str(draft), "--catalogue", str(cat), "--draft"]) == 0
    assert "draft: nothing recorded" in capsys.readouterr().err
    assert digest(cat) == before, "a draft leaves the catalogue byte for byte"
    # twice: a draft does not use up its puzzles
    again = tmp_path / "again.pdf"
    assert main(["book", str(spec), "-o", str(again), "--catalogue", str(cat), "--draft"]) == 0
    assert puzzles_of(again) == puzzles_of(draft)

    real = tmp_path / "real.pdf"
    assert main(["book", str(spec), "-o", str(real), "--catalogue", str(cat)]) == 0
    assert puzzles_of(real) == puzzles_of(draft)
    assert digest(real) == digest(draft), "a draft is the same book"
    with open_catalogue(cat) as c:
        assert len(c) == 4
        assert {k for k, _ in puzzles_of(real)} <= c.keys_except("no such book")
    v1 = {k for k, _ in puzzles_of(tmp_path / "v1.pdf")}
    assert not v1 & {k for k, _ in puzzles_of(draft)}, "the draft still avoids catalogued ones"


def test_a_draft_without_a_catalogue_creates_none(tmp_path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC)
    assert main(["book", str(spec), "-o", str(tmp_path / "d.pdf"), "--draft"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == \
        ["d.manifest.yaml", "d.pdf", "spec.yaml"]
