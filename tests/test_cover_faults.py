"""`conundrum cover` against hostile or broken inputs (issue 34, items 1, 9 and 13): it never
replaces the manifest's own book (by any path), never exits 3 on a damaged book, manifest
or entry, and never writes a cover no printer can use; each fault is one line, exit 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, NameObject, NumberObject

from conundrum.cli import main
from tests.support.paths import ROOT
from tests.support.program import run_program

SPEC = "title: Faults\npage: 6x9\nsections: [{name: A, count: 1, difficulty: 1}]\n"


def _pdf(path: Path, pages: int = 1) -> bytes:
    """A plain 6x9 PDF of `pages` blank pages, made with pypdf (not our renderer)."""
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(432, 648)
    with path.open("wb") as fh:
        writer.write(fh)
    return path.read_bytes()


def _entry(**extra: object) -> dict:
    puzzle = yaml.safe_load((ROOT / "puzzles/start-alone.yaml").read_text(encoding="utf-8"))
    return {"number": 1, "section": "A", "difficulty": 1, **puzzle, **extra}


def _book(tmp: Path, pages: object = 24, **entry: object) -> Path:
    """book.manifest.yaml (one puzzle), book.pdf beside it and spec.yaml, in `tmp`."""
    manifest = tmp / "book.manifest.yaml"
    doc = {"title": "Faults", "pages": pages, "puzzles": [_entry(**entry)]}
    manifest.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    _pdf(tmp / "book.pdf")
    (tmp / "spec.yaml").write_text(SPEC, encoding="utf-8")
    return manifest


def _fails(capsys, *argv: object, says: str) -> str:
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err
    return err


def test_a_good_manifest_makes_its_cover(tmp_path: Path, capsys) -> None:
    manifest = _book(tmp_path)
    for extra in ([], ["--spec", tmp_path / "spec.yaml"]):
        assert main(["cover", str(manifest), *map(str, extra), "-o",
                     str(tmp_path / "c.pdf")]) == 0, capsys.readouterr().err
        assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("with_spec", [True, False], ids=["--spec", "alone"])
@pytest.mark.parametrize("how", ["same", "dotdot", "symlink", "hardlink"])
def test_the_cover_never_replaces_the_manifests_book(tmp_path: Path, capsys, how: str,
                                                     with_spec: bool) -> None:
    manifest = _book(tmp_path)
    book = tmp_path / "book.pdf"
    before = book.read_bytes()
    (tmp_path / "sub").mkdir()
    output = {"same": book, "dotdot": tmp_path / "sub" / ".." / "book.pdf",
              "symlink": tmp_path / "link.pdf", "hardlink": tmp_path / "hard.pdf"}[how]
    if how == "symlink":
        output.symlink_to(book)
    if how == "hardlink":
        os.link(book, output)
    spec = ["--spec", tmp_path / "spec.yaml"] if with_spec else []
    _fails(capsys, "cover", manifest, *spec, "-o", output, says="would replace")
    assert book.read_bytes() == before


def test_the_manifests_book_is_refused_even_before_it_exists(tmp_path: Path, capsys) -> None:
    manifest = _book(tmp_path)
    (tmp_path / "book.pdf").unlink()
    _fails(capsys, "cover", manifest, "--spec", tmp_path / "spec.yaml", "-o",
           tmp_path / "book.pdf", says="would replace the book this manifest describes")
    assert not (tmp_path / "book.pdf").exists()


@pytest.mark.parametrize("content", [b"", b"not a pdf at all", "truncated"])
def test_a_damaged_book_beside_the_manifest_is_exit_2(tmp_path: Path, capsys,
                                                      content: bytes | str) -> None:
    manifest = _book(tmp_path)
    whole = (tmp_path / "book.pdf").read_bytes()
    (tmp_path / "book.pdf").write_bytes(whole[: len(whole) // 2] if content == "truncated"
                                        else content)
    _fails(capsys, "cover", manifest, "-o", tmp_path / "c.pdf", says="book.pdf")
    assert not (tmp_path / "c.pdf").exists()


def test_a_fifo_book_is_refused_not_waited_for(tmp_path: Path) -> None:
    manifest = _book(tmp_path)
    (tmp_path / "book.pdf").unlink()
    os.mkfifo(tmp_path / "book.pdf")
    done = run_program("cover", manifest, "-o", tmp_path / "c.pdf", timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr
    os.mkfifo(tmp_path / "fifo.pdf")
    done = run_program("cover", tmp_path / "spec.yaml", "--book", tmp_path / "fifo.pdf",
                       "-o", tmp_path / "c.pdf", timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr


@pytest.mark.parametrize("pages, says", [
    (int("1" + "0" * 400), "`pages: 1000"),
    (1_000_000_000, "from 1 to 1,200"),
    (0, "from 1 to 1,200"),
    (-5, "from 1 to 1,200"),
    ("many", "whole number"),
    (2.5, "whole number"),
    (True, "whole number"),
], ids=["1e400", "1e9", "0", "-5", "text", "2.5", "true"])
def test_a_manifests_page_count_is_one_a_printer_binds(tmp_path: Path, capsys, pages: object,
                                                       says: str) -> None:
    manifest = _book(tmp_path, pages=pages)
    for spec in ([], ["--spec", tmp_path / "spec.yaml"]):
        _fails(capsys, "cover", manifest, *spec, "-o", tmp_path / "c.pdf", says=says)
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("value", ["abc", [1], float("inf"), -7, 0, 6, 2.5, True,
                                   int("9" * 40)],
                         ids=["abc", "list", "inf", "-7", "0", "6", "2.5", "true", "9e40"])
def test_a_manifest_entrys_grade_is_1_to_5(tmp_path: Path, capsys, value: object) -> None:
    manifest = _book(tmp_path, difficulty=value)
    for spec in ([], ["--spec", tmp_path / "spec.yaml"]):
        _fails(capsys, "cover", manifest, *spec, "-o", tmp_path / "c.pdf",
               says="puzzle 1: `difficulty:")
    assert not (tmp_path / "c.pdf").exists()


def _claimed_pages(path: Path, count: int) -> None:
    """A small PDF whose page tree lists one blank page `count` times."""
    writer = PdfWriter()
    writer.add_blank_page(432, 648)
    pages = writer.root_object["/Pages"].get_object()
    kid = pages["/Kids"][0]
    pages[NameObject("/Kids")] = ArrayObject([kid] * count)
    pages[NameObject("/Count")] = NumberObject(count)
    with path.open("wb") as fh:
        writer.write(fh)


def test_a_book_pdf_with_no_pages_or_too_many_is_refused(tmp_path: Path, capsys) -> None:
    (tmp_path / "spec.yaml").write_text(SPEC, encoding="utf-8")
    _pdf(tmp_path / "empty.pdf", pages=0)
    _fails(capsys, "cover", tmp_path / "spec.yaml", "--book", tmp_path / "empty.pdf", "-o",
           tmp_path / "c.pdf", says="0 pages")
    _claimed_pages(tmp_path / "huge.pdf", 100_000)
    _fails(capsys, "cover", tmp_path / "spec.yaml", "--book", tmp_path / "huge.pdf", "-o",
           tmp_path / "c.pdf", says="100,000 pages")
    assert not (tmp_path / "c.pdf").exists()


def test_the_geometry_refuses_a_page_count_no_printer_binds() -> None:
    from conundrum.book.spec import parse_spec
    from conundrum.errors import ConundrumError
    from renderers.book.cover import MAX_PAGES, CoverGeometry

    spec = parse_spec(SPEC)
    assert CoverGeometry.of(spec, MAX_PAGES).width < 200 * 25.4  # PDF's page limit
    for pages in (0, MAX_PAGES + 1, 1_000_000_000):
        with pytest.raises(ConundrumError, match="printer binds"):
            CoverGeometry.of(spec, pages)


@pytest.mark.parametrize("how", ["--book", "beside"])
def test_a_damaged_book_is_one_escaped_line_and_pypdf_says_nothing(tmp_path: Path,
                                                                   how: str) -> None:
    """The cover reads the book through the guarded reader preflight uses: pypdf's
    warnings (which quote the file's bytes) stay off the terminal, and the file's name is
    shown escaped."""
    manifest = _book(tmp_path)
    name = "x\x1b]0;T\x07" if how == "--book" else "book"
    bad = tmp_path / f"{name}.pdf"
    bad.write_bytes(b"%PDF-1.4\n\x1b]0;pwned\x07 garbage\n")
    args = (["cover", tmp_path / "spec.yaml", "--book", bad] if how == "--book"
            else ["cover", manifest])
    done = run_program(*args, "-o", tmp_path / "c.pdf", timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr, done.stderr
    assert ".pdf" in done.stderr and "EOF marker" not in done.stderr
    assert not (tmp_path / "c.pdf").exists()
