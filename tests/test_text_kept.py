"""Issue 25: text stays what the author typed. Files are read with YAML 1.2's core schema,
author-typed scalars of text keys are kept as typed, a key given twice is refused, and a
byte-order mark is accepted in every file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conundrum.book.spec import parse_spec
from conundrum.errors import ConundrumError
from conundrum.files import safe_yaml
from conundrum.puzzle import parse_puzzle
from tests.support.paths import ROOT
from tests.support.program import run_program

SECTION = "sections:\n  - {name: A, count: 1, difficulty: 1}\n"


@pytest.mark.parametrize("typed", ["010", "12:30", "0x1F", "1e3", "0o17", "yes", "on",
                                   "2024-01-01", "-0", "+12"])
def test_a_text_key_keeps_what_the_author_typed(typed: str) -> None:
    spec = parse_spec(f"title: {typed}\nsubtitle: {typed}\nauthor: {typed}\n{SECTION}")
    assert spec.title == spec.subtitle == spec.author == typed


def test_a_valid_isbn_with_a_leading_zero_is_kept() -> None:
    assert parse_spec(f"title: T\nisbn: 0306406152\n{SECTION}").isbn == "0306406152"


def test_numbers_follow_yaml_1_2() -> None:
    data = safe_yaml("a: 010\nb: 0x1F\nc: 0o17\nd: 12:30\ne: yes\nf: true\ng: .inf\n", "t")
    assert data == {"a": 10, "b": 31, "c": 15, "d": "12:30", "e": "yes", "f": True,
                    "g": float("inf")}
    assert json.loads(json.dumps(data["a"])) == 10


@pytest.mark.parametrize("text, key, lines", [
    ("title: T\ncount: 2\ntitle: U\n", "title", (1, 3)),
    ("title: T\nsections:\n  - {name: A, count: 2, count: 1}\n", "count", (3, 3)),
    ("board:\n  - {code: RRR, at: [0, 0], dir: h, dir: v}\n", "dir", (2, 2)),
])
def test_a_key_given_twice_is_refused_naming_it_and_both_lines(text, key, lines) -> None:
    with pytest.raises(ConundrumError, match=rf"'{key}' is given twice \(lines "
                                              rf"{lines[0]} and {lines[1]}\)"):
        safe_yaml(text, "t.yaml")


def test_every_file_refuses_a_key_twice(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text(f"title: T\ntitle: U\n{SECTION}", encoding="utf-8")
    proc = run_program("book", "spec.yaml", "-o", "b.pdf", "--draft", cwd=tmp_path)
    assert proc.returncode == 2 and "given twice" in proc.stderr
    text = (ROOT / "puzzles" / "spec-example.yaml").read_text(encoding="utf-8")
    with pytest.raises(ConundrumError, match="given twice"):
        parse_puzzle(text.replace("title:", "rules: standard\nrules: junior\ntitle:", 1), "p")


def test_a_byte_order_mark_is_accepted_in_answers_and_puzzles(tmp_path: Path) -> None:
    shutil.copy(ROOT / "puzzles" / "spec-example.yaml", tmp_path / "p.yaml")
    solved = json.loads(run_program("solve", "p.yaml", "--json", cwd=tmp_path).stdout)
    body = "".join(f"{p['sheet']}\n" for tile in solved["tiles"] for p in tile["positions"])
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    checked = run_program("check", "p.yaml", "bom.txt", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr  # a perfect sheet
    (tmp_path / "bom.yaml").write_bytes(b"\xef\xbb\xbf" + (tmp_path / "p.yaml").read_bytes())
    assert run_program("validate", "bom.yaml", cwd=tmp_path).returncode == 0


def test_a_puzzle_dumped_again_keeps_its_numbers(tmp_path: Path) -> None:
    from conundrum.puzzle import dump_puzzle

    text = (ROOT / "puzzles" / "spec-example.yaml").read_text(encoding="utf-8")
    again = dump_puzzle(parse_puzzle(text, "p"))
    assert yaml.safe_load(again)["board"] == yaml.safe_load(text)["board"]
