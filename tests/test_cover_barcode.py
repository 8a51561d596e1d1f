"""The cover's EAN-13 (issue 31): with `isbn:` and `barcode: true` the back carries the
ISBN's EAN-13 (and the `barcode_price:` add-on) as vector bars in the barcode area, and a
scanner (zbar's `zbarimg`, not the library that drew it) reads the ISBN back from a
300 dpi greyscale render; the spec's keys are checked with clear errors."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from conundrum.book.spec import SpecError, parse_spec
from renderers.book.barcode import X_LEAST, X_NOMINAL, ean13_of, symbol
from renderers.book.cover import CoverGeometry, cover_page, cover_pdf
from renderers.page.layout import Rect
from tests.support.puzzles import grown_puzzle
from tests.support.web import in_ci

BASE = "title: Barcoded\nauthor: A. Author\nsections: [{name: A, count: 1, difficulty: 2}]\n"


def _spec(extra: str):
    return parse_spec(BASE + extra)


def _scan(pdf: Path) -> list[str]:
    """What zbarimg reads from the cover rendered at 300 dpi in grey (EAN-5 add-ons on)."""
    tools = [shutil.which(t) for t in ("pdftoppm", "zbarimg")]
    if None in tools:
        if in_ci():
            pytest.fail("pdftoppm or zbarimg missing (run `make zbar`)")
        pytest.skip("pdftoppm or zbarimg missing (run `make zbar`)")
    # grey PGM, not PNG: the same pixels, and compressing a cover's 300 dpi spread was most
    # of pdftoppm's time (as for the QR codes, docs/dev/performance.md)
    subprocess.run(["pdftoppm", "-r", "300", "-gray", str(pdf), str(pdf.with_suffix(""))],
                   check=True)
    pgm = next(pdf.parent.glob(pdf.stem + "-*.pgm"))
    done = subprocess.run(["zbarimg", "-q", "-Sean5.enable", str(pgm)],
                          capture_output=True, text=True)
    return sorted(done.stdout.split())


@pytest.mark.parametrize("page, theme, extra, want", [
    ("6x9", "plain", "isbn: 978-0-306-40615-7\nbarcode_price: 51299\n",
     ["EAN-13:9780306406157", "EAN-5:51299"]),
    ("8.5x11", "band", "isbn: 0-306-40615-2\nlarge_print: true\ncolour: grey\n",
     ["EAN-13:9780306406157"]),
    ("5x8", "night", "isbn: 979-10-90636-07-1\ncolour: cmyk\nbarcode_price: 90000\n",
     ["EAN-13:9791090636071", "EAN-5:90000"]),
], ids=["6x9-plain-price", "8.5x11-band-isbn10-grey", "5x8-night-cmyk"])
def test_a_scanner_reads_the_isbn_from_the_cover(tmp_path: Path, page: str, theme: str,
                                                 extra: str, want: list[str]) -> None:
    spec = _spec(f"page: {page}\nbleed: true\ncover_theme: {theme}\nbarcode: true\n{extra}")
    pdf = tmp_path / "cover.pdf"
    pdf.write_bytes(cover_pdf(spec, 200, [grown_puzzle(12, 3)]))
    assert _scan(pdf) == sorted(want)
    # vectors: no image on the page, the bars are filled rectangles
    assert not list(PdfReader(pdf).pages[0].images)


def test_no_barcode_without_the_key(tmp_path: Path) -> None:
    spec = _spec("page: 6x9\nisbn: 978-0-306-40615-7\n")
    page = cover_page(spec, 100, [grown_puzzle(12, 3)])
    assert not page.tagged("barcode bar")
    pdf = tmp_path / "cover.pdf"
    pdf.write_bytes(cover_pdf(spec, 100, [grown_puzzle(12, 3)]))
    assert _scan(pdf) == []


@pytest.mark.parametrize("page", ["5x8", "6x9", "8.5x11"])
def test_the_bars_lie_in_the_barcode_area_at_80_to_100_percent(page: str) -> None:
    spec = _spec(f"page: {page}\nisbn: 9780306406157\nbarcode: true\nbarcode_price: 51299\n")
    cover = cover_page(spec, 100, [])
    x, y, w, h = CoverGeometry.of(spec, 100).barcode
    bars = [i for i in cover.items if isinstance(i, Rect) and i.tag in (
        "barcode bar", "barcode guard", "barcode add-on bar")]
    # EAN-13: 3 guards of 2 bars, 12 digits of 2; EAN-5: a start of 2 bars, 5 digits of 2,
    # 4 separators of 1
    assert len(bars) == 30 + 16
    thinnest = min(b.w for b in bars)
    assert X_LEAST - 1e-9 <= thinnest <= X_NOMINAL + 1e-9
    for b in bars:
        assert x <= b.x and b.x + b.w <= x + w and y <= b.y and b.y + b.h <= y + h
        assert (b.w / thinnest) == pytest.approx(round(b.w / thinnest))  # whole modules
    # the guards reach below the data bars; the add-on's bars start lower
    guards = [b for b in bars if b.tag == "barcode guard"]
    data = [b for b in bars if b.tag == "barcode bar"]
    addon = [b for b in bars if b.tag == "barcode add-on bar"]
    assert len(guards) == 6
    assert min(g.y + g.h for g in guards) > max(d.y + d.h for d in data)
    assert min(a.y for a in addon) > max(d.y for d in data)


def test_the_symbol_comes_from_the_library_and_an_isbn10_gets_978() -> None:
    assert ean13_of("0-306-40615-2") == "9780306406157"
    assert ean13_of("978-0-306-40615-7") == "9780306406157"
    sym = symbol("9780306406157")
    assert len(sym.modules) == 95 and sym.modules.startswith("101") and \
        sym.modules.endswith("101") and sym.modules[45:50] == "01010"
    with_price = symbol("9780306406157", "51299")
    assert with_price.modules[:95] == sym.modules and len(with_price.modules) > 95 + 47


@pytest.mark.parametrize("extra, says", [
    ("barcode: true\n", "`barcode: true` needs `isbn:`"),
    ("isbn: 978-0-306-40615-8\nbarcode: true\n", "check digit"),
    ("isbn: 9780306406157\nbarcode: true\nbarcode_price: 1299\n", "must be 5 digits"),
    ("isbn: 9780306406157\nbarcode: true\nbarcode_price: 512990\n", "must be 5 digits"),
    ("isbn: 9780306406157\nbarcode: true\nbarcode_price: 5129x\n", "must be 5 digits"),
    ("isbn: 9780306406157\nbarcode: true\nbarcode_price: [51299]\n", "must be 5 digits"),
    ("isbn: 9780306406157\nbarcode_price: 51299\n", "set `barcode: true`"),
    ("isbn: 9780306406157\nbarcode: yes please\n", "`barcode` must be true or false"),
    ("cover_theme: gothic\n", "unknown cover_theme 'gothic' (choose one of: plain, band, "
     "night)"),
])
def test_the_cover_keys_are_checked(extra: str, says: str) -> None:
    with pytest.raises(SpecError, match="^<spec>: ") as fault:
        _spec(extra)
    assert says in str(fault.value)


def test_a_price_keeps_its_leading_zero() -> None:
    spec = _spec("isbn: 9780306406157\nbarcode: true\nbarcode_price: 01234\n")
    assert spec.barcode_price == "01234"
