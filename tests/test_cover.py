"""The full-wrap cover (issue 21): its size follows the interior's pages and paper for
every trim; its text keeps 0.25 in from the trim and the folds; the spine carries text
exactly above 79 pages where 7 pt capitals fit it; the barcode's area holds no ink; fonts
embedded, page boxes set; `book` writes it beside the book when the spec says `cover:
true`, and `cover` alone."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from conundrum.book.spec import parse_spec
from conundrum.cli import main
from conundrum.options import PAGES, PAPERS
from renderers.book.cover import (
    BLEED,
    SAFE,
    SPINE_SAFE,
    CoverGeometry,
    cover_page,
    cover_pdf,
)
from renderers.book.cover_layout import CAP_HEIGHT
from renderers.page.fonts import text_width
from renderers.page.layout import Text
from renderers.page.printers import paper_thickness
from tests.support.program import run_program
from tests.support.puzzles import small_puzzle

INCH = 25.4
TRIMS = [p for p in PAGES if p != "8.5x11"]  # letter is the same size


def spec_of(page: str, paper: str = "white", **keys: str) -> object:
    extra = "".join(f"{k}: {v}\n" for k, v in keys.items())
    return parse_spec(f"title: A Book of Conundrums\nsubtitle: Sixty puzzles\nvolume: Volume 2\n"
                      f"author: Ada Lovelace\npage: {page}\npaper: {paper}\nbleed: true\n"
                      f"blurb: Sixty puzzles for the patient.\n{extra}"
                      "sections: [{name: Warm-up, count: 60, difficulty: 1}]\n")


def extent(t: Text) -> tuple[float, float, float, float]:
    """The text's box (x0, y0, x1, y1), generous: a line's height above its baseline."""
    w, h = text_width(t.text, t.size, t.bold), t.size * 25.4 / 72
    left = {"left": 0.0, "center": w / 2, "right": w}[t.align]
    if t.angle == -90.0:  # capitals reading down the page: they stand right of (x, y)
        return (t.x, t.y - left, t.x + h * 0.72, t.y - left + w)
    return (t.x - left, t.y - h, t.x - left + w, t.y + h * 0.3)


@pytest.mark.parametrize("page", TRIMS)
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("pages", [24, 80, 300, 828])
def test_the_size_the_safe_text_and_the_spine(page: str, paper: str, pages: int) -> None:
    spec = spec_of(page, paper)
    cover = cover_page(spec, pages, [small_puzzle()])
    trim_w, trim_h = (v / INCH for v in __import__("renderers.page.layout",
                                                   fromlist=["page_size"]).page_size(page))
    spine = pages * paper_thickness(paper)
    assert cover.width / INCH == pytest.approx(2 * trim_w + spine + 0.25, abs=0.001)
    assert cover.height / INCH == pytest.approx(trim_h + 0.25, abs=0.001)
    geo = CoverGeometry.of(spec, pages)
    spine_text = [t for t in cover.items if isinstance(t, Text) and t.tag == "cover spine"]
    # above 79 pages, where the spine holds 7 pt capitals 0.0625 in from each fold (80
    # pages of white paper do not: 5.5 pt there, under KDP's least type)
    holds = spine * INCH - 2 * SPINE_SAFE >= 7.0 * CAP_HEIGHT * INCH / 72
    assert bool(spine_text) == (pages > 79 and holds)
    assert all(t.size >= 7.0 for t in spine_text)
    for t in (i for i in cover.items if isinstance(i, Text)):
        x0, y0, x1, y1 = extent(t)
        if t.tag == "cover spine":
            left, right = geo.back[1] + SPINE_SAFE, geo.front[0] - SPINE_SAFE
            top, bottom = BLEED + SAFE, cover.height - BLEED - SAFE
        else:
            panel = geo.front if x0 >= geo.front[0] else geo.back
            left, right = panel[0] + SAFE, panel[1] - SAFE
            top, bottom = BLEED + SAFE, cover.height - BLEED - SAFE
        assert left - 1e-6 <= x0 and x1 <= right + 1e-6, (t.tag, t.text, x0, x1, left, right)
        assert top - 1e-6 <= y0 and y1 <= bottom + 1e-6, (t.tag, t.text, y0, y1)


def test_a_spec_may_give_its_own_paper_thickness() -> None:
    spec = spec_of("6x9", paper_thickness="0.003")
    assert CoverGeometry.of(spec, 100).spine == pytest.approx(100 * 0.003 * INCH)


@pytest.mark.parametrize("colour", ["rgb", "grey", "cmyk"])
def test_the_barcode_area_holds_no_ink_and_the_pdf_is_print_ready(tmp_path: Path,
                                                                   colour: str) -> None:
    spec = spec_of("6x9", colour=colour)
    path = tmp_path / "c.pdf"
    path.write_bytes(cover_pdf(spec, 300, [small_puzzle()]))
    geo = CoverGeometry.of(spec, 300)
    doc = pdfium.PdfDocument(str(path))
    page = doc[0]
    bitmap = page.render(scale=100 / 72)  # 100 dpi
    image = bitmap.to_pil().convert("L")
    bitmap.close()  # in order: pypdfium2 4.0 crashes when the collector closes them later
    page.close()
    doc.close()
    px = 100 / INCH  # pixels a mm
    x, y, w, h = geo.barcode
    box = image.crop((round(x * px) + 1, round(y * px) + 1, round((x + w) * px) - 1,
                      round((y + h) * px) - 1))
    assert box.getextrema()[0] >= 250  # white: nothing printed there
    assert image.getextrema()[0] < 100  # and ink elsewhere (the title, the board)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    trim = reader.pages[0].trimbox
    assert float(trim.left) == pytest.approx(BLEED / INCH * 72, abs=0.01)
    from renderers.preflight.pdf_facts import read_pdf
    assert read_pdf(path, ink=False).unembedded_fonts == []


@pytest.mark.slow
def test_book_writes_its_cover_and_cover_makes_it_again(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text(
        "title: Covered\nauthor: A. Author\nseed: 2\npage: 6x9\nbleed: true\ncover: true\n"
        "sections: [{name: A, count: 4, difficulty: 1}]\n", encoding="utf-8")
    built = run_program("book", "b.yaml", "-o", "b.pdf", "--draft", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert "b-cover.pdf: the full-wrap cover" in built.stderr
    checked = run_program("preflight", "b.pdf", "--cover", "b-cover.pdf", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout
    again = run_program("cover", "b.yaml", "--book", "b.pdf", "-o", "c.pdf", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "b-cover.pdf").read_bytes()
    # from the manifest, which records the interior's pages: the same cover with the spec
    assert "pages: 24" in (tmp_path / "b.manifest.yaml").read_text(encoding="utf-8")
    third = run_program("cover", "b.manifest.yaml", "--spec", "b.yaml", "-o", "d.pdf",
                        cwd=tmp_path)
    assert third.returncode == 0, third.stderr
    assert (tmp_path / "d.pdf").read_bytes() == (tmp_path / "b-cover.pdf").read_bytes()
    # and without it: the manifest's title, on white paper, the same size
    alone = run_program("cover", "b.manifest.yaml", "-o", "e.pdf", cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    box = PdfReader(tmp_path / "e.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(
        tuple(float(v) for v in PdfReader(tmp_path / "b-cover.pdf").pages[0].mediabox[2:]))


def test_the_cover_command_faults_are_one_line(tmp_path: Path, capsys) -> None:
    (tmp_path / "b.yaml").write_text("title: T\nsections: [{name: A, count: 1}]\n",
                                     encoding="utf-8")
    (tmp_path / "b.pdf").write_text("not a pdf", encoding="utf-8")
    for argv, says in (
        (["cover", "b.yaml", "--book", "b.pdf", "-o", "c.pdf"], "not a book PDF"),
        (["cover", "b.yaml", "--book", "b.pdf", "-o", "c.png"], "written as PDF"),
        (["cover", "b.yaml", "--book", "b.pdf", "-o", "b.pdf"], "would replace the book"),
        (["cover", "b.yaml", "-o", "c.pdf"], "a spec needs --book"),
    ):
        assert main([*argv[:1], *[str(tmp_path / a) if a.endswith(("yaml", "pdf", "png"))
                                  else a for a in argv[1:]]]) == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1, err
    assert not (tmp_path / "c.pdf").exists()
