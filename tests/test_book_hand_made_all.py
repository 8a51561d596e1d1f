"""Hand-made Lay-them-all files in a book (issue 34's follow-up): a `kind: all` file keeps its
kind through the book (manifest, pages, catalogue) in a section that says `kind: all`, and a
file whose question is not its section's is refused, naming the file and the rule."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
import yaml

from conundrum.book.handmade import HandMadeError, hand_made_puzzles, read_hand_made
from conundrum.book.spec import load_spec
from conundrum.cli import main
from conundrum.generate.effort import measure_all
from conundrum.lay_all import puzzle_arrangements

pytestmark = pytest.mark.slow  # builds a book

# `conundrum generate --kind all --tiles 3 --given 2 --seed 1`: one arrangement
ONE_WAY = """\
kind: all
board:
- {code: G*R, at: [0, 0], dir: h}
- {code: GRR, at: [0, -1], dir: h}
- {code: BGG, at: [-1, -2], dir: v}
given: [YRY, GGY]
"""
# four arrangements (tests/test_lay_all_cli.py)
FOUR_WAYS = "kind: all\nboard:\n- {code: B*Y, at: [0, 0], dir: h}\ngiven: [YYY, BYG]\n"
COUNT = "board:\n- {code: B*Y, at: [0, 0], dir: h}\ngiven: [YYY]\n"


def folder(tmp: Path, section: str, **files: str) -> Path:
    """A spec in `tmp` whose one section is `section`, with `files` written beside it."""
    for name, text in files.items():
        (tmp / f"{name}.yaml").write_text(text, "utf-8")
    spec = tmp / "spec.yaml"
    spec.write_text(f"title: Hand\nseed: 2\nsections:\n  - {section}\n", "utf-8")
    return spec


def test_a_hand_made_lay_them_all_file_keeps_its_kind_and_is_graded_as_one(tmp_path) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(ONE_WAY, "utf-8")
    made = read_hand_made(path)
    assert (made.kind, made.solutions) == ("all", 1)
    effort = measure_all(made, puzzle_arrangements(made))
    assert made.extra["score"] == effort.score
    assert [g.positions for g in made.given] == [None, None]  # no count is printed


def test_a_lay_them_all_section_of_files_prints_them_as_lay_them_all(tmp_path, capsys) -> None:
    spec = folder(tmp_path, "{name: Hand, kind: all, puzzles: [one.yaml]}", one=ONE_WAY)
    out = tmp_path / "book.pdf"
    assert main(["book", str(spec), "-o", str(out)]) == 0, capsys.readouterr().err
    entry = yaml.safe_load((tmp_path / "book.manifest.yaml").read_text("utf-8"))["puzzles"][0]
    assert (entry["kind"], entry["file"]) == ("all", "one.yaml")
    pages = [p.extract_text() for p in pypdf.PdfReader(out).pages]
    how_to = next(p for p in pages if "How to play" in p)
    assert "Lay them all" in how_to
    first = next(p for p in pages if "Puzzle 1" in p and "Hand" in p)
    assert "Lay them all" in first
    assert "positions" not in first.split("Puzzle 1", 1)[1]


@pytest.mark.parametrize("section, files, words", [
    ("{name: Hand, puzzles: [c.yaml, one.yaml]}", {"c": COUNT, "one": ONE_WAY},
     "one.yaml: a `kind: all` puzzle in a section of count puzzles"),
    ("{name: Hand, kind: all, puzzles: [one.yaml, c.yaml]}", {"c": COUNT, "one": ONE_WAY},
     "c.yaml: a count puzzle in a `kind: all` section"),
    ("{name: Hand, kind: all, puzzles: [four.yaml]}", {"four": FOUR_WAYS},
     "four.yaml: the solver finds 4 arrangements"),
])
def test_a_file_the_section_cannot_print_stops_the_book(tmp_path, capsys, section: str,
                                                        files: dict[str, str],
                                                        words: str) -> None:
    spec = folder(tmp_path, section, **files)
    with pytest.raises(HandMadeError) as err:
        hand_made_puzzles(load_spec(spec))
    assert words in str(err.value) and "\n" not in str(err.value)
    assert main(["book", str(spec), "-o", str(tmp_path / "book.pdf")]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "book.pdf").exists()
