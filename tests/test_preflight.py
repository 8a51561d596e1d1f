"""Preflight (issue 21): books we write pass KDP's rules; hand-made faulty PDFs fail with
the right rule named (830 pages, a page 1 mm too wide, a font not embedded, an RGB
operator in a grey book, ink 1 mm from the trim, a cover whose spine is 0.05 in too
narrow), and the command's exit codes say so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fpdf import FPDF
from hypothesis import given, settings
from hypothesis import strategies as st

from conundrum.cli import main
from renderers.page.fonts import font_path
from renderers.page.printers import printer_rules
from renderers.preflight import preflight
from tests.support.program import run_program

INCH = 72.0

def made(path: Path, pages: int = 24, size: tuple[float, float] = (6.0, 9.0),
         embedded: bool = True, colour: tuple[int, ...] = (0,), ink_at: float = 0.75,
         wider_page: int | None = None) -> Path:
    """A plain book interior: `pages` pages of text `ink_at` inches from the edges."""
    pdf = FPDF(unit="pt", format=(size[0] * INCH, size[1] * INCH))
    pdf.set_auto_page_break(False)
    if embedded:
        pdf.add_font("PT", "", str(font_path()))
    for k in range(1, pages + 1):
        w = size[0] + (0.04 if k == wider_page else 0.0)  # 1 mm
        pdf.add_page(format=(w * INCH, size[1] * INCH))
        pdf.set_font("PT" if embedded else "Helvetica", size=10)
        pdf.set_text_color(*colour)
        pdf.set_xy(ink_at * INCH, ink_at * INCH)
        pdf.cell(text=f"Page {k}: a line of text")
        pdf.set_xy(ink_at * INCH, (size[1] - ink_at) * INCH - 12)
        pdf.cell(text="the foot of the page")
    pdf.output(str(path))
    return path


def failed(report) -> list[str]:
    return [c.rule for c in report.checks if not c.ok]


def test_a_plain_good_interior_passes(tmp_path: Path) -> None:
    report = preflight(made(tmp_path / "good.pdf"), colour="grey")
    assert report.ok, [(c.rule, c.measured) for c in report.checks if not c.ok]
    assert report.checks[0].row() == {
        "rule": "trim size", "figure": "6.000 x 9.000 in (6x9)",
        "limit": "one of the printer's sizes, every page alike, within 0.01 in",
        "source": 'KDP Help, "Paperback submission guidelines": trim sizes', "pass": True}


def test_830_pages_fail_the_page_count(tmp_path: Path) -> None:
    report = preflight(made(tmp_path / "long.pdf", pages=830, ink_at=1.0))  # gutter: 0.875
    assert failed(report) == ["page count (black ink, white paper)"]
    assert "2 too many" in next(c.measured for c in report.checks if not c.ok)


def test_a_page_1_mm_too_wide_fails_the_trim_size(tmp_path: Path) -> None:
    report = preflight(made(tmp_path / "wide.pdf", wider_page=5))
    assert "trim size" in failed(report)
    assert "page 5 differs" in report.checks[0].measured
    wrong = preflight(made(tmp_path / "odd.pdf", size=(6.04, 9.0)))
    assert "trim size" in failed(wrong)


def test_a_font_not_embedded_fails(tmp_path: Path) -> None:
    report = preflight(made(tmp_path / "core.pdf", embedded=False))
    assert failed(report) == ["fonts embedded"]
    assert "Helvetica" in next(c.measured for c in report.checks if not c.ok)


def test_an_rgb_operator_in_a_grey_book_fails(tmp_path: Path) -> None:
    path = made(tmp_path / "rgb.pdf", colour=(200, 0, 0))
    assert failed(preflight(path, colour="grey")) == ["colour operators"]
    assert preflight(path, colour="rgb").ok
    assert failed(preflight(path, colour="cmyk")) == ["colour operators"]


def test_ink_1_mm_from_the_trim_fails_the_margins(tmp_path: Path) -> None:
    report = preflight(made(tmp_path / "edge.pdf", ink_at=0.04))
    assert set(failed(report)) == {"inside margin (24 pages)", "outside, top and bottom margins"}
    assert "no tolerance" in next(c.required for c in report.checks if not c.ok)


def test_the_cover_must_match_the_interior_s_spine(tmp_path: Path) -> None:
    interior = made(tmp_path / "i.pdf", pages=100)
    spine = 100 * printer_rules("kdp")["paper_thickness"]["white"]
    for name, width, ok in (("right", 2 * 6 + spine + 0.25, True),
                            ("narrow", 2 * 6 + spine - 0.05 + 0.25, False)):
        cover = FPDF(unit="pt", format=(width * INCH, 9.25 * INCH))
        cover.add_page()
        cover.output(str(tmp_path / f"{name}.pdf"))
        report = preflight(interior, tmp_path / f"{name}.pdf")
        size = next(c for c in report.checks if c.rule.startswith("cover size"))
        assert size.ok is ok, size


def test_the_command_prints_the_table_and_exits_by_the_verdict(tmp_path: Path, capsys) -> None:
    good, bad = made(tmp_path / "good.pdf"), made(tmp_path / "bad.pdf", embedded=False)
    assert main(["preflight", str(good)]) == 0
    out = capsys.readouterr().out
    assert "trim size" in out and "every rule passes" in out
    assert "KDP Help" in out  # each rule with its source
    assert main(["preflight", str(bad)]) == 1
    assert "FAIL" in capsys.readouterr().out
    (tmp_path / "no.pdf").write_text("not a pdf", encoding="utf-8")
    assert main(["preflight", str(tmp_path / "no.pdf")]) == 2
    assert "not a PDF that can be read" in capsys.readouterr().err
    assert main(["preflight", str(good), "--printer", "nobody"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("colour", ["rgb", "grey"])
def test_a_book_we_write_passes(tmp_path: Path, colour: str) -> None:
    ink = "black" if colour == "grey" else "premium-colour"
    (tmp_path / "b.yaml").write_text(
        f"title: Preflight\nseed: 2\npage: 6x9\nbleed: true\ncolour: {colour}\n"
        "web: https://example.org/v/\nsections:\n  - {name: A, count: 4, difficulty: 2}\n"
        "  - {name: B, count: 3, difficulty: 4}\n", encoding="utf-8")
    assert run_program("book", "b.yaml", "-o", "b.pdf", "--draft", cwd=tmp_path).returncode == 0
    done = run_program("preflight", "b.pdf", "--colour", colour, cwd=tmp_path)
    assert done.returncode == 0, done.stdout
    # --colour given: only the printer, the paper and the ink are learned
    assert f"learned from the book's record: printer kdp, paper white, ink {ink}\n" \
        in done.stdout
    built = run_program("book", "b.yaml", "-o", "c.pdf", "--draft", cwd=tmp_path)
    assert "Amazon KDP" not in built.stderr  # the book checked itself and found nothing
    if colour == "grey":  # a book made for IngramSpark is checked by its rules untold
        built = run_program("book", "b.yaml", "-o", "i.pdf", "--draft", "--printer",
                            "ingram", cwd=tmp_path)
        assert built.returncode == 0, built.stderr
        done = run_program("preflight", "i.pdf", cwd=tmp_path)
        assert "i.pdf: IngramSpark paperback" in done.stdout, done.stdout
        assert "learned from the book's record: printer ingram, paper white" in done.stdout


def test_book_warns_where_its_pdf_breaks_a_printer_rule(tmp_path: Path) -> None:
    from renderers.publish import _warn_preflight

    said: list[str] = []
    _warn_preflight(made(tmp_path / "long.pdf", pages=830, ink_at=1.0), "grey", said.append)
    assert len(said) == 1 and "page count (black ink, white paper): 830 (2 too many)" in said[0]
    said.clear()
    _warn_preflight(made(tmp_path / "cream.pdf", pages=780, ink_at=1.0), "rgb", said.append,
                    "cream")  # colour on cream is printed in black: 776 at most
    assert len(said) == 1 and "page count (black ink, cream paper): 780 (4 too many)" in said[0]
    said.clear()
    _warn_preflight(made(tmp_path / "fine.pdf"), "grey", said.append)
    assert said == []


# the plain definitions of what a content stream's scan finds (pdf_facts._operators, whose
# patterns are written for speed): a colour operator or a line width anywhere
PLAIN_COLOUR = re.compile(rb"(?<![\w/])(rg|RG|k|K|g|G)(?!\w)")
PLAIN_WIDTH = re.compile(rb"(?<![\w.])(\d*\.?\d+)\s+w(?![\w*])")
TOKENS = ["0", "1", ".5", "0.25", "12.", "3.5.1", "w", "w*", "rg", "RG", "k", "K", "g", "G",
          "rgb", "gs", "re", "f", "/g", "/rg", "/Gw", "(a w)", "<0a>", "[", "]", "ww", "kg"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TOKENS), st.sampled_from(["", " ", "\n", "\t"])),
                max_size=30))
def test_the_content_scan_finds_what_the_plain_definitions_find(parts) -> None:
    from renderers.preflight.pdf_facts import _COLOUR_OPS, _STRINGS, _operators

    content = "".join(token + space for token, space in parts).encode()
    ops: set[str] = set()
    widths: list[float] = []
    _operators(content, ops, widths)
    plain = _STRINGS.sub(b" ", content)
    assert ops == {_COLOUR_OPS[m] for m in PLAIN_COLOUR.findall(plain)}
    assert sorted(widths) == sorted(float(m) for m in PLAIN_WIDTH.findall(plain))
