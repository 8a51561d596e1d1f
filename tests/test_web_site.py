"""QR codes on paper and a book as a static site.

Every QR code is decoded from the PDF itself (rendered by pdfium, read by
zxing-cpp) and must be the address of a page the site holds; every page of
the site opens in headless Chromium with the network blocked.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pypdf import PdfReader

from conundrum import solver
from conundrum.book.make_book import BookOptions, book_content, make_book
from conundrum.book.spec import parse_spec
from conundrum.errors import ConundrumError
from conundrum.puzzle import load_puzzle
from conundrum.solver import positions
from renderers.book.layout import book_pages, render_book
from renderers.page.i18n import LANGUAGES, message
from renderers.page.palettes import PALETTES
from renderers.render import render_sheet
from renderers.sheet.puzzle import puzzle_id
from renderers.sheet.qr import page_address, short_address
from renderers.web import page as web_page
from renderers.web.page import page_html
from renderers.web.site import LANG_FILE, PALETTE_FILE, site_files, write_site
from tests.support.web import chrome, console_errors, open_page  # noqa: F401

pytestmark = pytest.mark.slow  # builds books or drives the browser

EXAMPLE = "puzzles/spec-example.yaml"
SPEC = """
title: Web Book
subtitle: with QR codes
language: {lang}
palette: colourblind
per_page: 2
seed: 4
{web}
sections:
  - {{name: First steps, count: 3, difficulty: 1}}
  - {{name: Further, count: 2, difficulty: 2}}
"""

# a site's shared files: every language's words and every palette's colours, one file each
SHARED = {LANG_FILE.format(lang) for lang in LANGUAGES} | {
    PALETTE_FILE.format(name) for name in PALETTES}


def qr_codes(pdf: Path | bytes) -> list[list[str]]:
    """The text of every QR code on each page of a PDF, as a phone would read it."""
    doc = pdfium.PdfDocument(pdf)
    out = []
    for i in range(len(doc)):
        image = doc[i].render(scale=150 / 72).to_pil()
        found = zxingcpp.read_barcodes(image)
        out.append(sorted(b.text for b in found if b.format == zxingcpp.BarcodeFormat.QRCode))
    return out


def pdf_text(pdf: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(pdf).pages)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "conundrum", *args], capture_output=True,
                          text=True)


def test_a_sheet_with_web_url_carries_a_readable_qr_code(tmp_path):
    url = "https://example.org/vol1/7.html"
    out = tmp_path / "s.pdf"
    done = run("render", EXAMPLE, "-o", str(out), "--web-url", url, "--lang", "es")
    assert done.returncode == 0, done.stderr
    assert qr_codes(out) == [[url]]
    text = pdf_text(out)
    assert message("es", "web_check_url", address="example.org/vol1/7.html") in text
    plain = tmp_path / "plain.pdf"
    render_sheet(EXAMPLE, plain)
    assert qr_codes(plain) == [[]]  # without --web-url, no QR code


@pytest.mark.parametrize("url", ["example.org/7", "ftp://example.org/7", "https://", "https://a b"])
def test_a_bad_web_url_is_refused_and_no_file(tmp_path, url):
    out = tmp_path / "s.pdf"
    with pytest.raises(ConundrumError, match="--web-url"):
        render_sheet(EXAMPLE, out, web_url=url)
    assert not out.exists()


def test_a_bad_web_url_is_one_line_on_stderr(tmp_path):
    done = run("render", EXAMPLE, "-o", str(tmp_path / "s.pdf"), "--web-url", "example.org/7")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "--web-url" in done.stderr


def test_addresses():
    assert page_address("https://example.org/vol1/", 17) == "https://example.org/vol1/17.html"
    assert page_address("https://example.org/vol1", 3) == "https://example.org/vol1/3.html"
    assert short_address("https://example.org/vol1/17.html") == "example.org/vol1/17.html"
    assert short_address("HTTP://x.org/1.html") == "x.org/1.html"


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("book")
    spec = parse_spec(SPEC.format(lang="uk", web="web: https://example.org/vol1/"))
    result = make_book(spec, BookOptions(output=folder / "book.pdf"), render_book,
                       lambda _m: None)
    site = folder / "site"
    written = write_site(spec, result.puzzles, site)
    return spec, result, site, written


def test_each_qr_code_in_the_book_opens_its_page(book):
    spec, result, site, written = book
    codes = [c for page in qr_codes(result.pdf) for c in page]
    assert codes == [page_address(spec.web, bp.number) for bp in result.puzzles]
    for code in codes:  # every address is a file of the site
        assert (site / code.removeprefix(spec.web)).is_file()
    assert {p.name for p in written} == {"index.html", "play.html", "sw.js", "icon.svg",
                                         "manifest.webmanifest"} | {
        f"{bp.number}.html" for bp in result.puzzles} | SHARED
    text = pdf_text(result.pdf)
    assert message("uk", "web_howto", address="example.org/vol1/")[:40] in text


def test_without_web_the_book_has_no_qr_code(book):
    spec, result, _site, _written = book
    plain = replace(spec, web=None)
    pages = book_pages(book_content(plain, result.puzzles), lambda _m: None)
    assert not [i for page in pages for i in page.items if i.tag.startswith("qr")]
    assert not [i for page in pages for i in page.items if i.tag == "web howto"]


def test_the_site_index_links_every_puzzle_and_every_page_plays(book, chrome):  # noqa: F811
    spec, result, site, _written = book
    index = (site / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)"', index)
    assert links == [f"{bp.number}.html" for bp in result.puzzles]
    for name in (s.name for s in spec.sections):
        assert f"<h2>{name}</h2>" in index
    open_page(chrome, site / "index.html")
    assert chrome.title == spec.title
    for bp in result.puzzles:
        open_page(chrome, site / f"{bp.number}.html")
        total = sum(len(positions(bp.puzzle.board, g.code, bp.puzzle.ruleset))
                    for g in bp.puzzle.given)
        got = chrome.execute_script(
            "return [window.conundrum.found(), document.querySelector('.number').textContent,"
            "document.querySelector('a.back').getAttribute('href'), document.title,"
            "performance.getEntriesByType('resource').length]")
        assert got == [{"found": 0, "total": total}, message("uk", "puzzle_number", n=bp.number),
                       "index.html", spec.title, 0]
    assert console_errors(chrome) == []


def test_book_cli_writes_the_site_and_refuses_a_file_as_folder(tmp_path):
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC.format(lang="en", web="web: https://example.org/v/"), encoding="utf-8")
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    bad = run("book", str(spec), "-o", str(tmp_path / "b.pdf"), "--web", str(tmp_path / "taken"))
    assert bad.returncode == 2 and "--web" in bad.stderr and bad.stderr.count("\n") == 1
    assert not (tmp_path / "b.pdf").exists()
    good = run("book", str(spec), "-o", str(tmp_path / "b.pdf"), "--web", str(tmp_path / "site"))
    assert good.returncode == 0, good.stderr
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == sorted(
        [".conundrum-site.txt", "1.html", "2.html", "3.html", "4.html", "5.html", "icon.svg",
         "index.html", "manifest.webmanifest", "play.html", "sw.js", *SHARED])
    assert "--web DIR" not in good.stderr
    # the same book without --web: its QR codes need pages, and it says how to write them
    alone = run("book", str(spec), "-o", str(tmp_path / "c.pdf"), "--draft")
    assert alone.returncode == 0, alone.stderr
    assert ("web: https://example.org/v/: write the book's pages" in alone.stderr
            and "--web DIR" in alone.stderr)


def test_the_site_solves_no_puzzle_again(book, monkeypatch):
    """The book solved its puzzles when it was made, and a page finds its answers in the
    browser: writing the site solves nothing, and its pages are those of `render`."""
    spec, result, site, _written = book
    numbers = [bp.number for bp in result.puzzles]
    pager = lambda n: ((f"{n - 1}.html", n - 1) if n > numbers[0] else None,  # noqa: E731
                       (f"{n + 1}.html", n + 1) if n < numbers[-1] else None)
    pages = [(f"{bp.number}.html", bp.number, puzzle_id(bp.puzzle)) for bp in result.puzzles]
    solo = {bp.number: page_html(bp.puzzle, spec.language, spec.palette, number=bp.number,
                                 title=spec.title, index_href="index.html",
                                 pager=pager(bp.number), site=True, book=pages)
            for bp in result.puzzles}

    def no_solving(*_args, **_kw):
        raise AssertionError("the site solved a puzzle again")

    monkeypatch.setattr(web_page, "solve", no_solving)
    monkeypatch.setattr(solver, "positions", no_solving)
    files = dict(site_files(spec, result.puzzles))
    for bp in result.puzzles:
        assert files[f"{bp.number}.html"] == solo[bp.number]
        assert (site / f"{bp.number}.html").read_text(encoding="utf-8") == solo[bp.number]


def test_a_page_alone_still_refuses_a_wrong_printed_count():
    wrong = load_puzzle(EXAMPLE)
    wrong.given[0].positions = 4  # the solver finds 5
    with pytest.raises(ConundrumError, match="says 4 positions but the solver finds 5"):
        page_html(wrong)
