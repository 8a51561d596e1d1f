"""`conundrum render`: outputs on success; one line, exit 2 and no file on every fault."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pypdf
import pytest

from conundrum.cli import main
from conundrum.errors import ConundrumError
from tests.support.paths import ROOT
from tests.support.program import CONUNDRUM
from tests.support.puzzles import small_puzzle, write_puzzle


@pytest.fixture()
def puzzle_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.yaml"
    write_puzzle(path, small_puzzle())
    return path


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_render_pdf_with_answers(puzzle_file, tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    code = main(["render", str(puzzle_file), "-o", str(out), "--answers", "--lang", "uk",
                 "--palette", "colourblind", "--page", "letter"])
    assert code == 0
    assert f"wrote {out}" in capsys.readouterr().out
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert "5 позицій" in reader.pages[0].extract_text()


def test_render_png_writes_the_key_beside_it(puzzle_file, tmp_path, capsys):
    out = tmp_path / "sheet.png"
    assert main(["render", str(puzzle_file), "-o", str(out), "--answers", "--dpi", "40",
                 "--blank", "--palette", "mono", "--page", "6x9"]) == 0
    assert _files(tmp_path) == {"p.yaml", "sheet.png", "sheet-answers.png"}
    assert capsys.readouterr().out.count("wrote") == 2


def test_allow_illegal_board(tmp_path, capsys):
    path = tmp_path / "island.yaml"
    path.write_text("board:\n  - {code: B*Y, at: [0, 0], dir: h}\n"
                    "  - {code: RRR, at: [10, 10], dir: h}\n")
    out = tmp_path / "s.pdf"
    assert main(["render", str(path), "-o", str(out)]) == 2
    assert "island.yaml" in capsys.readouterr().err and not out.exists()
    assert main(["render", str(path), "-o", str(out), "--allow-illegal"]) == 0


@pytest.mark.parametrize("args, words", [
    (["--lang", "xx"], "'xx'"),
    (["--palette", "neon"], "'neon'"),
    (["--page", "a3"], "'a3'"),
    (["--dpi", "5"], "'--dpi'"),
])
def test_bad_options(args, words, puzzle_file, tmp_path, capsys):
    out = tmp_path / "s.png"
    assert main(["render", str(puzzle_file), "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert _files(tmp_path) == {"p.yaml"}


@pytest.mark.parametrize("name, words", [
    ("s.jpg", "must end in .pdf, .png, .svg or .html"),
    ("missing/s.pdf", "does not exist"),
    ("folder.pdf", "is a folder"),
])
def test_bad_outputs(name, words, puzzle_file, tmp_path, capsys):
    (tmp_path / "folder.pdf").mkdir()
    target = tmp_path / name
    assert main(["render", str(puzzle_file), "-o", str(target)]) == 2
    assert words in capsys.readouterr().err
    assert not any(p.suffix in (".pdf", ".png", ".tmp") and p.is_file()
                   for p in tmp_path.rglob("*"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_read_only_folder(puzzle_file, tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        assert main(["render", str(puzzle_file), "-o", str(locked / "s.pdf")]) == 2
        assert "cannot write" in capsys.readouterr().err
    finally:
        locked.chmod(0o700)


@pytest.mark.parametrize("text, words", [
    ("board: [", "not valid YAML"),
    ("board:\n  - {code: YYQ, at: [0, 0], dir: h}\n", "not a colour"),
    ("board:\n  - {code: Y*B, at: [0, 0], dir: h}\n"
     "given:\n  - {code: YYB, positions: 4}\n", "the file says 4 positions"),
])
def test_bad_puzzles(text, words, tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    assert main(["render", str(path), "-o", str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert _files(tmp_path) == {"bad.yaml"}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CONUNDRUM, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)


def test_real_program_refuses_a_missing_puzzle(tmp_path):
    result = _run("render", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "s.pdf"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert "nope.yaml" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_real_program_refuses_an_unknown_language(puzzle_file, tmp_path):
    result = _run("render", str(puzzle_file), "-o", str(tmp_path / "s.png"), "--lang", "xx")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert _files(tmp_path) == {"p.yaml"}


def test_real_program_renders(puzzle_file, tmp_path):
    result = _run("render", str(puzzle_file), "-o", str(tmp_path / "s.png"), "--dpi", "30",
                  "--answers")
    assert result.returncode == 0, result.stderr
    assert _files(tmp_path) == {"p.yaml", "s.png", "s-answers.png"}


def test_a_sheet_takes_a_title_and_leaves_out_its_footer(tmp_path) -> None:
    from conundrum.puzzle import load_puzzle
    from renderers.render import render_sheet
    from renderers.sheet.puzzle import Style, sheet_pages

    puzzle = ROOT / "puzzles" / "spec-example.yaml"
    out = tmp_path / "s.svg"
    render_sheet(puzzle, out, title="Třída 5: hádanka", footer=False)
    text = out.read_text(encoding="utf-8")
    assert "Třída 5: hádanka" in text and "Puzzle id" not in text
    assert "Conundrum 7" not in text
    default = sheet_pages(load_puzzle(puzzle), style=Style())[0]
    assert any("Puzzle id" in t for t in default.texts())
    with pytest.raises(ConundrumError, match="--title: the title has 300 characters"):
        render_sheet(puzzle, tmp_path / "t.pdf", title="x" * 300)
    assert not (tmp_path / "t.pdf").exists()
