"""The common print-on-demand trims (issue 21): a small book with an easy and a hard
section builds on each, with and without bleed, and a bleed book passes KDP's checks
where KDP prints that size (A5 is not among them: the book says so)."""

from __future__ import annotations

from pathlib import Path

import pytest

from renderers.page.layout import PAGE_SIZES
from tests.support.program import run_program

pytestmark = pytest.mark.slow  # builds fourteen books
NEW = ("5x8", "5.5x8.5", "7x10", "8x10", "8.25x11", "8.5x8.5", "a5")


def test_the_sizes_are_the_trims_in_inches() -> None:
    for name in NEW[:-1]:
        w, h = (float(v) * 25.4 for v in name.split("x"))
        assert PAGE_SIZES[name] == pytest.approx((w, h))
    assert PAGE_SIZES["a5"] == (148.0, 210.0)


@pytest.mark.parametrize("page", NEW)
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
        if page == "a5":
            assert checked.returncode == 1 and "trim size" in built.stderr
        else:
            assert checked.returncode == 0, checked.stdout
