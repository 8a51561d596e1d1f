"""The layout audit: small books over the matrix of options, each drawn, painted and read
back from its PDF (tests/support/pdf_audit.py): no type under 7 pt (12 in large print),
no two words overlapping, 1.5 pt of paper round every word, everything inside the trim's
safe area, and the boards of a page at one cell size.

The matrix is every trim x large print on/off x five languages x three palettes x every
answers mode x both kinds x bleed on/off x QR codes on/off: 10,560 books, too many to
draw; every pair of options is covered instead (allpairspy: 55 books, the slow set), and
a fast sample of four books, chosen to touch every answers mode, both kinds and the
smallest trims, runs in the fast suite.
"""

from __future__ import annotations

import pytest
from allpairspy import AllPairs

from conundrum.errors import ConundrumError
from conundrum.options import ANSWERS, KINDS, LANGUAGES, PAGES, PALETTES
from renderers.book.geometry import large_print_pages
from tests.support.pdf_audit import Case, audit_case
from tests.support.program import run_program

PAIRS = [Case(*row) for row in AllPairs([list(PAGES), [False, True], list(LANGUAGES),
                                         list(PALETTES), list(ANSWERS), list(KINDS),
                                         [False, True], [False, True]])]
SAMPLE = [Case("5x8", False, "cs", "mono", "end-drawn", "count", True, True),
          Case("8.5x11", True, "fr", "classic", "end", "all", True, False),
          Case("6x9", False, "uk", "colourblind", "list", "count", False, True),
          Case("a4", False, "es", "classic", "end", "count", False, False)]


def check(case: Case) -> None:
    """The audit of `case`'s book finds nothing; large print on a small trim is refused."""
    if case.large and case.page not in large_print_pages():
        with pytest.raises(ConundrumError, match=rf"large_print.*{case.page}"):
            audit_case(case)
        return
    audited = audit_case(case)
    assert not audited.faults, "\n".join(str(f) for f in audited.faults[:10])
    assert audited.smallest >= (12.0 if case.large else 7.0) - 0.01
    if case.large:  # large-print norms: the body at 16 pt
        assert audited.rules and min(audited.rules) >= 16.0 - 1e-6


@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: f"{c.page}-{c.answers}-{c.kind}")
def test_a_sample_of_books_reads_back_clean(case: Case) -> None:
    check(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", PAIRS, ids=lambda c: "-".join(
    str(v) for v in (c.page, c.large, c.language, c.palette, c.answers, c.kind, c.bleed,
                     c.qr)))
def test_every_pair_of_options_reads_back_clean(case: Case) -> None:
    check(case)


def test_the_pairs_cover_every_pair_of_options() -> None:
    values = [list(PAGES), [False, True], list(LANGUAGES), list(PALETTES), list(ANSWERS),
              list(KINDS), [False, True], [False, True]]
    rows = [tuple(vars(c).values()) for c in PAIRS]
    for i in range(len(values)):
        for j in range(i + 1, len(values)):
            seen = {(r[i], r[j]) for r in rows}
            assert seen == {(a, b) for a in values[i] for b in values[j]}


def test_large_print_on_a_small_trim_is_refused_with_the_key_and_the_trim(tmp_path) -> None:
    (tmp_path / "big.yaml").write_text("title: Big\npage: 6x9\nbleed: true\nlarge_print: true\n"
                                       "sections:\n  - {name: A, count: 1, difficulty: 1}\n")
    done = run_program("book", "big.yaml", "-o", "big.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    line = done.stderr.strip()
    assert "large_print" in line and "6x9" in line and "Traceback" not in line
    assert len(line.splitlines()) == 1 and not (tmp_path / "big.pdf").exists()
