"""Issue 25: every value a person or a file supplies is checked where it enters: a board
that breaks a rule is refused by `grade` as by `solve`; catalogue imports hold finite
times; a read-only catalogue can be read; terminal output shows control characters as
escapes; CSV cells cannot run as formulas; printed extra keys are bounded."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

from conundrum.errors import ConundrumError
from conundrum.puzzle import parse_puzzle
from tests.support.paths import ROOT
from tests.support.program import run_program

EXAMPLE = ROOT / "puzzles" / "spec-example.yaml"
SMALL = "title: Small\nseed: 1\nsections:\n  - {name: A, count: 2, difficulty: 1}\n"


def example_with(head: str) -> str:
    text = EXAMPLE.read_text(encoding="utf-8")
    return head + "\n".join(line for line in text.splitlines()
                            if not line.startswith(("title:", "number:"))) + "\n"


def test_grade_refuses_a_board_that_breaks_a_rule_as_solve_does(tmp_path: Path) -> None:
    bad = [p for p in (ROOT / "puzzles").glob("*.yaml") if "illegal" in p.name or
           "broken" in p.name]
    source = bad[0] if bad else None
    if source is None:  # an island: a tile touching nothing breaks the connection rule
        text = EXAMPLE.read_text(encoding="utf-8").replace(
            "\ngiven:", "\n  - {code: RRR, at: [40, 40], dir: h}\ngiven:", 1)
        source = tmp_path / "island.yaml"
        source.write_text(text, encoding="utf-8")
    solve = run_program("solve", source)
    grade = run_program("grade", source)
    assert solve.returncode == grade.returncode == 2, grade.stdout
    assert grade.stderr.count("\n") == 1
    assert run_program("grade", source, "--allow-illegal").returncode == 0


@pytest.mark.parametrize("when", ["1e300", "-5", "1e999", "Infinity", "NaN"])
def test_a_catalogue_import_refuses_times_no_date_can_show(tmp_path: Path, when: str
                                                          ) -> None:
    assert run_program("book", "small.yaml", "-o", "b.pdf", cwd=_with_spec(tmp_path)
                       ).returncode == 0
    cat = tmp_path / "conundrum-catalogue.sqlite"
    assert run_program("catalogue", "export", "e.jsonl", "--catalogue", cat,
                       cwd=tmp_path).returncode == 0
    lines = (tmp_path / "e.jsonl").read_text(encoding="utf-8").splitlines()
    book = json.loads(lines[1])
    book["book"]["book"] = "f" * 32
    book["book"]["touched"] = "@@"
    line = json.dumps(book).replace('"@@"', when)
    (tmp_path / "bad.jsonl").write_text("\n".join([lines[0], line]) + "\n", encoding="utf-8")
    other = tmp_path / "other.sqlite"
    imported = run_program("catalogue", "import", "bad.jsonl", "--catalogue", other,
                           cwd=tmp_path)
    assert imported.returncode == 2 and imported.stderr.count("\n") == 1, imported.stderr
    assert run_program("catalogue", "list", "--catalogue", cat).returncode == 0


def _with_spec(folder: Path) -> Path:
    (folder / "small.yaml").write_text(SMALL, encoding="utf-8")
    return folder


@pytest.mark.parametrize("how", ["file", "folder"])
def test_a_read_only_catalogue_can_be_read(tmp_path: Path, how: str) -> None:
    _with_spec(tmp_path)
    assert run_program("book", "small.yaml", "-o", "b.pdf", cwd=tmp_path).returncode == 0
    archive = tmp_path / "archive"
    archive.mkdir()
    cat = archive / "cat.sqlite"
    shutil.copy(tmp_path / "conundrum-catalogue.sqlite", cat)
    (cat if how == "file" else archive).chmod(0o444 if how == "file" else 0o555)
    try:
        assert "published" in run_program("catalogue", "list", "--catalogue", cat).stdout
        assert run_program("catalogue", "stats", "--catalogue", cat).returncode == 0
        assert run_program("catalogue", "export", tmp_path / "e.jsonl", "--catalogue", cat
                           ).returncode == 0
        draft = run_program("book", "small.yaml", "-o", "d.pdf", "--draft", "--catalogue",
                            cat, cwd=tmp_path)
        assert draft.returncode == 0, draft.stderr
        real = run_program("book", "small.yaml", "-o", "r.pdf", "--catalogue", cat,
                           cwd=tmp_path)
        assert real.returncode == 2 and "read-only" in real.stderr
        assert real.stderr.count("\n") == 1
    finally:
        archive.chmod(0o755)
        cat.chmod(0o644)


def test_terminal_output_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text(
        example_with('title: "Vol\\e]0;PWNED\\a\\e[2J"\n'), encoding="utf-8")
    shown = run_program("solve", "p.yaml", cwd=tmp_path)
    assert shown.returncode == 0 and "\x1b" not in shown.stdout and "\x07" not in shown.stdout
    assert "Vol\\x1b]0;PWNED\\x07\\x1b[2J" in shown.stdout
    (tmp_path / "a.txt").write_text("YYB C3 h\x1b[1A\x1b[2K\n", encoding="utf-8")
    checked = run_program("check", "p.yaml", "a.txt", cwd=tmp_path)
    assert "\x1b" not in checked.stdout and "\\x1b[1A" in checked.stdout


@pytest.mark.slow
def test_export_cells_never_run_as_formulas(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text(
        "title: T\nseed: 1\nsections:\n  - {name: \"=HYPERLINK(\\\"http://x\\\")\", count: 1,"
        " difficulty: 1}\n  - {name: \"+cmd|' /C calc'!A0\", count: 1, difficulty: 1}\n",
        encoding="utf-8")
    done = run_program("book", "s.yaml", "-o", "b.pdf", "--draft", "--export", "art",
                       cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader((tmp_path / "art" / "puzzles.csv").read_text(
        encoding="utf-8-sig").splitlines()))
    cells = [cell for row in rows[1:] for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@", "\t")) for cell in cells)
    assert "'=HYPERLINK(\"http://x\")" in cells


@pytest.mark.parametrize("head, match", [
    ("number: " + "9" * 3000 + "\n", "`number:` has 3,000 characters"),
    ("generator: {seed: " + "w " * 3000 + "}\n", "`generator:` and `seed:` have"),
    ("generator: [1, 2]\n", "`generator:` must map"),
    ("number: {a: 1}\n", "`number:` must be"),
])
def test_printed_extra_keys_are_bounded(head: str, match: str) -> None:
    with pytest.raises(ConundrumError, match=match):
        parse_puzzle(example_with(head), "p.yaml")


def test_an_emoji_number_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text(example_with("number: \"😀\"\n"), encoding="utf-8")
    done = run_program("render", "p.yaml", "-o", "p.pdf", cwd=tmp_path)
    assert done.returncode == 2 and "number" in done.stderr and "cannot draw" in done.stderr
    assert not (tmp_path / "p.pdf").exists()


def test_max_grid_faults_name_max_grid() -> None:
    done = run_program("generate", "--tiles", "8", "--given", "1", "--positions", "2",
                       "--max-grid", "a,b", "-o", "x.yaml")
    assert done.returncode == 2 and "--max-grid 'a,b'" in done.stderr
    assert "--positions" not in done.stderr


@pytest.mark.parametrize("answer", ["YYB C\u0663 h", "YYB C\uff13 h"])  # Arabic-Indic, fullwidth
def test_check_reads_ascii_digits_only_as_the_web_player_does(tmp_path: Path, answer) -> None:
    shutil.copy(EXAMPLE, tmp_path / "p.yaml")
    (tmp_path / "a.txt").write_text(answer + "\n", encoding="utf-8")
    checked = run_program("check", "p.yaml", "a.txt", cwd=tmp_path)
    assert checked.returncode == 1 and "unreadable" in checked.stdout
    (tmp_path / "b.txt").write_text("YYB C3 h\n", encoding="utf-8")
    assert "unreadable" not in run_program("check", "p.yaml", "b.txt", cwd=tmp_path).stdout


@pytest.mark.parametrize("url", ["https://example.org:99999/p.html", "http://x.org:port/"])
def test_a_web_address_with_an_impossible_port_is_refused(tmp_path: Path, url: str) -> None:
    done = run_program("render", EXAMPLE, "-o", tmp_path / "p.pdf", "--web-url", url)
    assert done.returncode == 2 and "--web-url" in done.stderr
