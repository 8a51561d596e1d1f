"""The common print-on-demand trims (issue 21): a small book with an easy and a hard
section builds on each, with and without bleed, and a bleed book passes KDP's checks
where KDP prints that size (A5 is not among them: the book says so)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from renderers.book.geometry import LARGE
from renderers.page.layout import PAGE_SIZES
from renderers.page.printers import printer_rules
from tests.support.program import run_program

pytestmark = pytest.mark.slow  # builds a book of every size, with and without bleed
INCHES = re.compile(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)")
NAMED = {"a4": (210.0, 297.0), "a5": (148.0, 210.0), "letter": (215.9, 279.4)}
KDP = set(printer_rules("kdp")["trim_sizes"])


def test_a_page_size_is_named_by_its_size() -> None:
    for name, size in PAGE_SIZES.items():
        inches = INCHES.fullmatch(name)
        expected = tuple(float(v) * 25.4 for v in inches.groups()) if inches else NAMED[name]
        assert size == pytest.approx(expected), name


@pytest.mark.parametrize("page", [p for p in PAGE_SIZES if p not in ("a4", "letter")])
@pytest.mark.parametrize("bleed", [False, True])
def test_a_small_book_builds_on_every_trim(tmp_path: Path, page: str, bleed: bool) -> None:
    (tmp_path / "b.yaml").write_text(
        f"title: T\nseed: 3\npage: {page}\nbleed: {str(bleed).lower()}\nsections:\n"
        "  - {name: A, count: 3, difficulty: 1}\n  - {name: B, count: 2, difficulty: 4}\n",
        encoding="utf-8")
    built = run_program("book", "b.yaml", "-o", "b.pdf", "--draft", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    if bleed:
        checked = run_program("preflight", "b.pdf", cwd=tmp_path)
        if page not in KDP:
            assert checked.returncode == 1 and "trim size" in built.stderr
        else:
            assert checked.returncode == 0, checked.stdout


# large print needs a page of 8 x 10 in or more (docs/reference/book-spec.md; levels 4-5:
# tests/test_grid_fit.py); tests/test_book_audit.py checks that a smaller page is refused
@pytest.mark.parametrize("page, hard", [("8x10", 3), ("8.5x11", 3)])
def test_a_large_print_book_has_cells_of_7_mm_and_passes_preflight(tmp_path: Path,
                                                                    page: str, hard: int) -> None:
    from conundrum.book.make_book import BookOptions, make_book
    from conundrum.book.spec import parse_spec
    from renderers.book.layout import book_pages, grid_limits
    from renderers.paint.pdf import pdf_bytes
    from tests.test_grid_fit import board_cells

    spec = parse_spec(f"title: Large\nseed: 4\npage: {page}\nbleed: true\nlarge_print: true\n"
                      "sections:\n  - {name: A, count: 3, difficulty: 1}\n"
                      f"  - {{name: B, count: 2, difficulty: {hard}}}\n")
    pages: list = []

    def keep(content, warn):
        pages[:] = book_pages(content, warn)
        return pdf_bytes(pages, "Large", colour="rgb")

    make_book(spec, BookOptions(output=tmp_path / "l.pdf", draft=True,
                                max_grids=grid_limits(spec)), keep, lambda _m: None)
    assert min(board_cells(pages)) >= 4.0 * LARGE - 1e-6  # 6.9 mm, not 4
    checked = run_program("preflight", "l.pdf", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout
