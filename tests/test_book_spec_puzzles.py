"""Hand-made puzzles in a book (`puzzles: [files]`): checked, graded, catalogued, printed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conundrum.book.canonical import puzzle_key
from conundrum.book.catalogues import open_catalogue
from conundrum.book.handmade import HandMade, HandMadeError, hand_made_puzzles, read_hand_made
from conundrum.book.make_puzzles import BookError, make_puzzles
from conundrum.book.spec import load_spec, parse_spec
from conundrum.book.work import WorkFile
from conundrum.cli import main
from conundrum.generate.difficulty import grade, score
from conundrum.puzzle import dump_puzzle, load_puzzle
from conundrum.solver import positions
from tests.support.paths import ROOT

pytestmark = pytest.mark.slow  # builds books or drives the browser

EXAMPLES = ROOT / "puzzles"
FILES = ["chameleon-on-board.yaml", "start-alone.yaml"]


def book_folder(tmp: Path, files: list[str], generated: int = 2, title: str = "Mine") -> Path:
    """A spec in `tmp` with a section of hand-made files (one in a subfolder) and a
    generated section."""
    (tmp / "hand").mkdir(exist_ok=True)
    names = []
    for name in files:
        shutil.copy(EXAMPLES / name, tmp / "hand" / name)
        names.append(f"hand/{name}")
    sections = [f"  - {{name: Hand-made, difficulty: 1, puzzles: [{', '.join(names)}]}}"]
    if generated:
        sections.append(f"  - {{name: Made, count: {generated}, difficulty: 1}}")
    spec = tmp / "spec.yaml"
    spec.write_text(f"title: {title}\nseed: 4\nsections:\n" + "\n".join(sections) + "\n")
    return spec


def manifest_of(out: Path) -> tuple[str, dict]:
    text = out.with_name(f"{out.stem}.manifest.yaml").read_text("utf-8")
    return text, yaml.safe_load(text)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("hand")
    spec = book_folder(tmp, FILES)
    out = tmp / "book.pdf"
    assert main(["book", str(spec), "-o", str(out), "--catalogue", str(tmp / "c.sqlite")]) == 0
    return spec, out


def test_hand_made_puzzles_enter_the_manifest_graded_and_without_paths(built) -> None:
    spec, out = built
    text, doc = manifest_of(out)
    assert str(spec.parent) not in text and "/tmp" not in text  # no absolute paths
    entries = doc["puzzles"]
    assert len(entries) == 4
    hand = [e for e in entries if e.get("source") == "file"]
    assert sorted(e["file"] for e in hand) == sorted(f"hand/{n}" for n in FILES)
    for e in hand:
        original = load_puzzle(spec.parent / e["file"])
        assert e["section"] == "Hand-made" and "generate" not in e and "seed" not in e
        assert [(p["code"], tuple(p["at"]), p["dir"]) for p in e["board"]] == \
            [(p.code, p.at, p.dir) for p in original.board]
        # counts are the solver's; grade and score the generator's own functions
        assert [g["positions"] for g in e["given"]] == \
            [len(positions(original.board, g.code, original.ruleset)) for g in original.given]
        assert e["score"] == score(original) and e["grade"] == grade(original)
        assert e["key"] == puzzle_key(original)
    assert all(e.get("source") is None and "generate" in e for e in entries[2:])
    from tests.test_schema import validator  # the published schema takes these entries
    assert not list(validator("manifest").iter_errors(doc))


def test_hand_made_puzzles_are_printed_and_catalogued(built) -> None:
    spec, out = built
    reader = PdfReader(out)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Hand-made" in text and "Made" in text
    for name in FILES:  # every given tile of each file is on a puzzle page
        for g in load_puzzle(EXAMPLES / name).given:
            assert g.code in text
    with open_catalogue(spec.parent / "c.sqlite") as cat:
        keys = cat.keys_except("another book")
    for name in FILES:
        assert puzzle_key(load_puzzle(EXAMPLES / name)) in keys


def test_rebuilding_is_stable_and_another_book_cannot_reuse_the_file(built, tmp_path,
                                                                    capsys) -> None:
    spec, out = built
    again = out.with_name("again.pdf")
    assert main(["book", str(spec), "-o", str(again), "--catalogue",
                 str(spec.parent / "c.sqlite")]) == 0
    assert manifest_of(again)[1] == manifest_of(out)[1]
    other = book_folder(tmp_path, FILES[:1], generated=0, title="Volume 2")
    capsys.readouterr()
    code = main(["book", str(other), "-o", str(tmp_path / "v2.pdf"), "--catalogue",
                 str(spec.parent / "c.sqlite")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err
    assert f"puzzle file hand/{FILES[0]} repeats a puzzle already in the book" in err
    assert not (tmp_path / "v2.pdf").exists()


def test_a_file_listed_twice_is_a_repeat(tmp_path) -> None:
    spec = book_folder(tmp_path, FILES, generated=0)
    spec.write_text(spec.read_text().replace("hand/start-alone", "hand/chameleon-on-board"))
    with pytest.raises(BookError, match="puzzle file hand/chameleon-on-board.yaml repeats"):
        make_puzzles(load_spec(spec), WorkFile(tmp_path / "w.sqlite", fresh=True),
                     frozenset(), files=hand_made_puzzles(load_spec(spec)))


def test_generated_slots_pass_over_a_hand_made_puzzle(tmp_path) -> None:
    """A hand-made puzzle equal to what a generated slot would make moves that slot on."""
    # seed 10: slot 1 takes its first try after either slot-0 puzzle (on many seeds slot 1,
    # the second of two boards, passes tries over until its shape differs from slot 0's)
    plain = parse_spec("title: T\nseed: 10\nsections: [{name: A, count: 2, difficulty: 1}]")
    first = make_puzzles(plain, WorkFile(tmp_path / "a.sqlite", fresh=True), frozenset())
    (tmp_path / "copy.yaml").write_text(dump_puzzle(first[0].puzzle))
    spec = parse_spec("title: T\nseed: 10\nsections: [{name: A, count: 2, difficulty: 1}, "
                      "{name: H, puzzles: [copy.yaml]}]", base=str(tmp_path))
    files = hand_made_puzzles(spec)
    assert set(files) == {(1, 0)} and isinstance(files[(1, 0)], HandMade)
    made = make_puzzles(spec, WorkFile(tmp_path / "b.sqlite", fresh=True), frozenset(),
                        files=files)
    assert made[0].attempt == 1 and made[0].key != first[0].key
    assert made[1].key == first[1].key  # other slots keep their own seeds
    assert made[2].file == "copy.yaml" and made[2].key == first[0].key


@pytest.mark.parametrize("text, words", [
    ("board: [{code: RRR, at: [0, 0], dir: h}, {code: RRR, at: [0, 1], dir: h}]\n"
     "given: [YYY]\n", "rule"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}, {code: BYY, at: [0, 0], dir: h}]\n"
     "given: [YYY]\n", "overlap"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: YYY, positions: 5}]\n",
     "given tile YYY: the file says 5 positions but the solver finds 2 (printed count"),
    ("board: [{code: B*Y, at: [0, 0], dir: h}]\n", "no `given:` tiles"),
    ("board: [{code: BQY, at: [0, 0], dir: h}]\ngiven: [YYY]\n", "BQY"),
    ("board: [\n", "not valid YAML"),
])
def test_a_bad_file_is_named_with_its_rule(tmp_path, text: str, words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(HandMadeError) as err:
        read_hand_made(path)
    message = str(err.value)
    assert str(path) in message and words in message and "\n" not in message


def test_a_bad_or_missing_file_stops_the_book_before_anything_is_written(tmp_path,
                                                                         capsys) -> None:
    spec = book_folder(tmp_path, FILES, generated=1)
    (tmp_path / "hand" / FILES[1]).write_text(
        "board: [{code: B*Y, at: [0, 0], dir: h}]\ngiven: [{code: YYY, positions: 9}]\n")
    out = tmp_path / "book.pdf"
    assert main(["book", str(spec), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"hand/{FILES[1]}: given tile YYY" in err and "printed count" in err
    (tmp_path / "hand" / FILES[1]).unlink()
    assert main(["book", str(spec), "-o", str(out)]) == 2
    assert f"hand/{FILES[1]}" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand", "spec.yaml"]


def test_a_hand_made_puzzle_keeps_its_rules_and_fills_in_counts() -> None:
    junior = read_hand_made(EXAMPLES / "junior-first-move.yaml")
    assert junior.rules == "junior"
    alone = read_hand_made(EXAMPLES / "start-alone.yaml")
    assert [g.positions for g in alone.given] == [2, 4, 6, 8, 0]
    assert alone.extra == {"score": score(alone), "grade": grade(alone)}


@pytest.mark.parametrize("order", ["score", "listed"])
def test_a_section_of_files_prints_easiest_first_or_as_listed(tmp_path, order) -> None:
    spec = book_folder(tmp_path, FILES, generated=0)
    graded = sorted(FILES, key=lambda n: score(read_hand_made(EXAMPLES / n)))
    listed = list(reversed(graded))  # the hardest first
    text = spec.read_text().replace(", ".join(f"hand/{n}" for n in FILES),
                                    ", ".join(f"hand/{n}" for n in listed))
    spec.write_text(text.replace("difficulty: 1,", f"difficulty: 1, order: {order},"))
    out = tmp_path / "book.pdf"
    assert main(["book", str(spec), "-o", str(out), "--draft"]) == 0
    files = [p["file"] for p in manifest_of(out)[1]["puzzles"]]
    assert files == [f"hand/{n}" for n in (listed if order == "listed" else graded)]
