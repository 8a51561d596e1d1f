"""A cover keeps the chosen printer's spine rule (issue 31): an IngramSpark book whose
spine is under 0.35 in got spine words, which our own `preflight --printer ingram` then
refused. Words go on the spine only where the printer allows them (KDP: 80 pages or more;
IngramSpark: a spine of 0.35 in or more), checked at each boundary by drawing the cover
and running the printer's preflight on it, with a third-party interior (fpdf2) of that
many pages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from conundrum.errors import ConundrumError
from renderers.book.cover import cover_page, cover_pdf
from renderers.page.layout import Text
from renderers.preflight import preflight
from tests.support.program import run_program
from tests.test_cover_themes import spec_of
from tests.test_preflight import made

# (printer, paper thickness in inches a page, pages): either side of the printer's rule
CASES = [("kdp", "0.005", 79, False), ("kdp", "0.005", 80, True),  # 0.395 / 0.400 in
         ("ingram", "0.0025", 139, False), ("ingram", "0.0025", 140, True),  # 0.3475 / 0.35
         ("ingram", "0.002252", 155, False), ("ingram", "0.002252", 156, True)]


def spine_words(spec, pages: int, printer: str | None) -> list[str]:
    page = cover_page(spec, pages, [], printer=printer)
    return [t.text for t in page.items if isinstance(t, Text) and t.tag == "cover spine"]


@pytest.mark.parametrize("printer, thickness, pages, words", CASES)
def test_the_spine_follows_the_printer_s_rule_and_passes_its_preflight(
        tmp_path: Path, printer: str, thickness: str, pages: int, words: bool) -> None:
    spec = spec_of("6x9", "band", paper_thickness=thickness)
    assert bool(spine_words(spec, pages, printer)) == words
    interior = made(tmp_path / "book.pdf", pages=pages)
    cover = tmp_path / "cover.pdf"
    cover.write_bytes(cover_pdf(spec, pages, [], printer))
    report = preflight(interior, cover, printer=printer, thickness=float(thickness))
    check = next(c for c in report.checks if c.rule == "spine text")
    assert check.ok, check
    assert (check.measured != "none") == words, check
    size = next(c for c in report.checks if c.rule.startswith("cover size"))
    assert size.ok, size


def test_a_thin_ingram_spine_has_no_words_a_kdp_one_does() -> None:
    """0.3 in (120 pages of 0.0025 in): KDP prints words there (120 >= 80), IngramSpark's
    rule does not (under 0.35 in)."""
    spec = spec_of("6x9", "plain", paper_thickness="0.0025")
    assert spine_words(spec, 120, "kdp") and not spine_words(spec, 120, "ingram")


def test_the_spec_s_printer_is_the_cover_s_default() -> None:
    """`printer: ingram` in the spec: the cover keeps IngramSpark's rule untold (no words
    on a 0.3 in spine); a printer named to the cover still wins."""
    spec = spec_of("6x9", "plain", paper_thickness="0.0025", printer="ingram")
    assert spec.printer == "ingram" and spec_of("6x9", "plain").printer == "kdp"
    assert not spine_words(spec, 120, None) and spine_words(spec, 120, "kdp")


def test_an_unknown_printer_is_refused() -> None:
    with pytest.raises(ConundrumError, match="--printer"):
        cover_page(spec_of("6x9", "plain"), 100, [], printer="lulu")
    with pytest.raises(ConundrumError, match="printer"):
        spec_of("6x9", "plain", printer="lulu")


def test_the_cover_command_takes_the_printer(tmp_path: Path) -> None:
    """`conundrum cover --printer ingram` keeps IngramSpark's rule: its cover passes
    `conundrum preflight --printer ingram`; an unknown printer exits 2 in one line."""
    (tmp_path / "tiny.yaml").write_text("title: T\nseed: 3\npage: 6x9\nsections: "
                                        "[{name: A, count: 1, difficulty: 1}]\n")
    built = run_program("book", "tiny.yaml", "-o", "tiny.pdf", "--draft", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    manifest = yaml.safe_load((tmp_path / "tiny.manifest.yaml").read_text(encoding="utf-8"))
    manifest["pages"] = 120  # a 0.3 in spine on 0.0025 in paper, for an interior of 120
    (tmp_path / "book.manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    made(tmp_path / "book.pdf", pages=120)
    (tmp_path / "spec.yaml").write_text(
        "title: A Book of Conundrums\nauthor: Ada Lovelace\npage: 6x9\nbleed: true\n"
        "paper_thickness: 0.0025\nsections: [{name: A, count: 1}]\n", encoding="utf-8")
    for printer in ("kdp", "ingram"):
        done = run_program("cover", "book.manifest.yaml", "--spec", "spec.yaml", "-o",
                           f"{printer}.pdf", "--printer", printer, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        checked = run_program("preflight", "book.pdf", "--cover", f"{printer}.pdf",
                              "--printer", printer, "--paper", "cream", cwd=tmp_path)
        assert "spine text" in checked.stdout
        row = next(line for line in checked.stdout.splitlines() if "spine text" in line)
        assert "FAIL" not in row, checked.stdout
        assert ("none" in row) == (printer == "ingram"), row
    for command in (("cover", "book.manifest.yaml"), ("book", "tiny.yaml")):
        bad = run_program(*command, "-o", "x.pdf", "--printer", "lulu", cwd=tmp_path)
        assert bad.returncode == 2 and "--printer" in bad.stderr, bad.stderr
        assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "x.pdf").exists()


def test_book_writes_its_cover_by_the_printer_it_is_made_for(tmp_path: Path) -> None:
    """`book --printer` reaches the cover `book` writes beside the interior (120 pages of
    0.0025 in paper: a 0.3 in spine, words for KDP, none for IngramSpark)."""
    from renderers.book.cover import cover_name
    from renderers.publish import _write_cover

    spec = spec_of("6x9", "plain", paper_thickness="0.0025")
    interior = made(tmp_path / "book.pdf", pages=120)
    for printer, words in (("kdp", True), ("ingram", False)):
        # as publish() hands it on: `--printer` put in the spec
        written = _write_cover(replace(spec, printer=printer), interior, [])
        assert written == cover_name(interior)
        report = preflight(interior, written, printer=printer, thickness=0.0025)
        check = next(c for c in report.checks if c.rule == "spine text")
        assert check.ok and (check.measured != "none") == words, check
