"""The layout audit: small books over the matrix of options, each drawn, painted and read
back from its PDF (tests/support/pdf_audit.py): no type under 7 pt (12 in large print),
no two words overlapping, 1.5 pt of paper round every word, everything inside the trim's
safe area, and the boards of a page at one cell size; and each book's cover, in its
theme (with an ISBN barcode and price add-on), to the same rules at 7 pt, each word inside
its panel's safe area (pdf_audit.audit_cover).

The matrix is every trim x large print on/off x five languages x three palettes x every
answers mode x both kinds x bleed on/off x QR codes on/off x three cover themes: 31,680
books, too many to draw; every pair of options a book can have is covered instead by books
that are drawn and audited (allpairspy, its rows kept to books that can be built: 55 books,
the slow set). Large print on a trim too small for it is refused before anything is drawn
(a test of its own), so no pair row is such a book. A fast sample of four books, chosen to
touch every answers mode, both kinds, every cover theme and the smallest trims, runs in the
fast suite.
"""

from __future__ import annotations

import itertools

import pytest
from allpairspy import AllPairs

from conundrum.errors import ConundrumError
from conundrum.options import ANSWERS, COVER_THEMES, KINDS, LANGUAGES, PAGES, PALETTES
from renderers.book.geometry import large_print_pages
from tests.support.pdf_audit import Case, audit_case
from tests.support.program import run_program

# the trims with room for large print first, large print before regular type: so ordered,
# allpairspy's filtered search needs the fewest rows (50, all but 5 pairs; natural order 51),
# and `pair_rows` adds 5: 55 books (11 trims x 5 languages is 55 at least)
TRIMS = sorted(PAGES, key=lambda page: page not in large_print_pages())
VALUES = [TRIMS, [True, False], list(LANGUAGES), list(PALETTES), list(ANSWERS),
          list(KINDS), [False, True], [False, True], list(COVER_THEMES)]


def buildable(row: list) -> bool:
    """Whether a (partial) row of VALUES is a book that can be built: large print only on a
    trim with room for it."""
    return len(row) < 2 or not row[1] or row[0] in large_print_pages()


def pairs_of(rows: list[list]) -> set[tuple]:
    """Every pair of options `rows` hold: (column, column, value, value)."""
    return {(i, j, row[i], row[j]) for row in rows
            for i, j in itertools.combinations(range(len(VALUES)), 2)}


def buildable_pairs() -> set[tuple]:
    """Every pair of options some book that can be built has."""
    return {(i, j, a, b) for i, j in itertools.combinations(range(len(VALUES)), 2)
            for a in VALUES[i] for b in VALUES[j] if (i, j) != (0, 1) or buildable([a, b])}


def pair_rows() -> list[list]:
    """allpairspy's rows, each a book that can be built (its filter rejects large print on a
    small trim, so the search finds other rows); its search misses a few pairs when a
    filter rejects some (5 here), each given a row of its own."""
    rows = [list(row) for row in AllPairs(VALUES, filter_func=buildable)]
    for i, j, a, b in sorted(buildable_pairs() - pairs_of(rows), key=str):
        row = [values[0] for values in VALUES]
        row[1] = False  # large print is no part of the pair: the row can be built
        row[i], row[j] = a, b
        rows.append(row)
    return rows


PAIRS = [Case(*row) for row in pair_rows()]
SAMPLE = [Case("5x8", False, "cs", "mono", "end-drawn", "count", True, True, "band"),
          Case("8.5x11", True, "fr", "classic", "end", "all", True, False, "night"),
          Case("6x9", False, "uk", "colourblind", "list", "count", False, True, "plain"),
          Case("a4", False, "es", "classic", "end", "count", False, False, "band")]


def check(case: Case) -> None:
    """The audit of `case`'s book finds nothing."""
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
                     c.qr, c.theme)))
def test_every_pair_of_options_reads_back_clean(case: Case) -> None:
    check(case)


def test_the_pairs_cover_every_pair_of_options() -> None:
    """Every pair of options a book can have is in a pair book that is built (a pair only a
    refused book carries would never be audited), and only those pairs."""
    rows = [list(vars(c).values()) for c in PAIRS]
    assert len(rows[0]) == len(VALUES) and len(rows) <= 56  # the slow set's cost: 55 books
    built = [row for row in rows if buildable(row)]
    assert built == rows
    assert pairs_of(built) == buildable_pairs()
    # a pair no book can have: large print on each trim too small for it
    small = set(PAGES) - set(large_print_pages())
    assert small and all((0, 1, page, True) not in buildable_pairs() for page in small)
    assert len(buildable_pairs()) == sum(len(VALUES[i]) * len(VALUES[j]) for i, j in
                                         itertools.combinations(range(len(VALUES)), 2)) - len(small)


def test_large_print_on_every_small_trim_is_refused_before_drawing() -> None:
    """Large print on each trim too small for it is refused (no pair book is such a book)."""
    for page in sorted(set(PAGES) - set(large_print_pages())):
        with pytest.raises(ConundrumError, match=rf"large_print.*{page}"):
            audit_case(Case(page, True, "en", "classic", "end", "count", True, True))


def test_large_print_on_a_small_trim_is_refused_with_the_key_and_the_trim(tmp_path) -> None:
    (tmp_path / "big.yaml").write_text("title: Big\npage: 6x9\nbleed: true\nlarge_print: true\n"
                                       "sections:\n  - {name: A, count: 1, difficulty: 1}\n")
    done = run_program("book", "big.yaml", "-o", "big.pdf", "--draft", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    line = done.stderr.strip()
    assert "large_print" in line and "6x9" in line and "Traceback" not in line
    assert len(line.splitlines()) == 1 and not (tmp_path / "big.pdf").exists()


def test_the_cover_audit_finds_small_spine_type_a_word_over_a_fold_and_crowded_bars() -> None:
    """The cover's audit can fail: 5.5 pt spine capitals (the old least, 80 pages of white
    paper), a word across the spine's fold, and "ISBN" 0.2 mm over the bars."""
    from renderers.book.cover import CoverGeometry, cover_page
    from renderers.page.layout import Text
    from renderers.paint.pdf import pdf_bytes
    from tests.support.pdf_audit import audit_cover, small_book

    spec = small_book(SAMPLE[0].keys()).spec
    clean = cover_page(spec, 300, [])
    assert audit_cover(pdf_bytes([clean], "C", "en"), spec, 300) == []
    geo = CoverGeometry.of(spec, 300)
    bars = min(i.y for i in clean.tagged("barcode bar"))
    isbn = next(i for i in clean.tagged("barcode isbn") if isinstance(i, Text))
    for fault, added in (
            ("type under 7 pt", Text(geo.back[1] + geo.spine / 2, geo.height / 2, "SPINE",
                                     5.5, True, "center", angle=-90.0)),
            ("text outside the safe area", Text(geo.back[1] - 5.0, geo.height / 2,
                                                "ACROSS", 10.0)),
            ("less than 1.5 pt", Text(isbn.x, bars - 0.2, "ISBN", 8.0, align="center"))):
        page = cover_page(spec, 300, [])
        page.add(added)
        found = audit_cover(pdf_bytes([page], "C", "en"), spec, 300)
        assert any(f.rule.startswith(fault) for f in found), (fault, found)
