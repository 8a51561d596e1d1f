"""Preflight is the printer's published rules, rule by rule (issue 31): each rule fails on
its own faulty third-party PDF (drawn here with fpdf2, or pypdf for encryption,
annotations, bookmarks, forms and scripts) and passes a clean one."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from PIL import Image
from pypdf import PdfWriter, Transformation
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    TextStringObject,
)

from conundrum.cli import main
from renderers.page.fonts import font_path
from renderers.page.printers import printer_rules
from renderers.preflight import preflight
from renderers.preflight.record import print_record, with_print_record
from tests.test_preflight import INCH, failed, made


def _check(report, start: str):
    return next(c for c in report.checks if c.rule.startswith(start))


def _text_pdf(path: Path, size: float, pages: int = 24, scale: float = 1.0) -> Path:
    """24 pages of text at `size` pt, drawn at `scale` (a cm matrix around the page)."""
    made(path, pages=pages)
    if size != 10 or scale != 1.0:
        pdf = FPDF(unit="pt", format=(6 * INCH, 9 * INCH))
        pdf.add_font("PT", "", str(font_path()))
        for _ in range(pages):
            pdf.add_page()
            pdf.set_font("PT", size=size)
            pdf.set_xy(1.5 * INCH, 1.5 * INCH)
            pdf.cell(text="small print")
        pdf.output(str(path))
    if scale != 1.0:
        writer = PdfWriter(clone_from=str(path))
        for page in writer.pages:
            page.add_transformation(Transformation().scale(scale, scale)
                                    .translate(1.5 * INCH, 1.5 * INCH))
        writer.write(str(path))
    return path


def test_type_under_7_pt_fails_and_scaling_counts(tmp_path: Path) -> None:
    assert _check(preflight(_text_pdf(tmp_path / "8.pdf", 8)), "smallest text").ok
    small = preflight(_text_pdf(tmp_path / "6.pdf", 6.5))
    assert failed(small) == ["smallest text"]
    scaled = preflight(_text_pdf(tmp_path / "s.pdf", 12, scale=0.3))
    assert failed(scaled) == ["smallest text"]
    assert _check(scaled, "smallest text").measured.startswith("3.6 pt as printed")


def _image_pdf(path: Path, pixels: int) -> Path:
    """24 pages, each with a `pixels`-wide image placed 1 in wide."""
    image = Image.new("RGB", (pixels, pixels), (40, 90, 200))
    pdf = FPDF(unit="pt", format=(6 * INCH, 9 * INCH))
    for _ in range(24):
        pdf.add_page()
        pdf.image(image, x=INCH, y=INCH, w=INCH, h=INCH)
    pdf.output(str(path))
    return path


def test_an_image_under_300_dpi_fails(tmp_path: Path) -> None:
    low = preflight(_image_pdf(tmp_path / "72.pdf", 72))
    assert failed(low) == ["image resolution"]
    assert _check(low, "image resolution").measured == "72 dpi (page 1)"
    assert _check(preflight(_image_pdf(tmp_path / "300.pdf", 300)), "image").ok


def _in_forms(path: Path, scale: float) -> Path:
    """Each page's content moved into a form XObject, placed at `scale`."""
    writer = PdfWriter(clone_from=str(path))
    for page in writer.pages:
        form = DecodedStreamObject()
        form.set_data(page.get_contents().get_data())
        form.update({NameObject("/Type"): NameObject("/XObject"),
                     NameObject("/Subtype"): NameObject("/Form"),
                     NameObject("/BBox"): ArrayObject(map(FloatObject, page.mediabox)),
                     NameObject("/Resources"): page["/Resources"]})
        placed = DecodedStreamObject()
        placed.set_data(f"q {scale} 0 0 {scale} 36 36 cm /Fm0 Do Q".encode())
        page[NameObject("/Contents")] = writer._add_object(placed)
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"):
            DictionaryObject({NameObject("/Fm0"): writer._add_object(form)})})
    writer.write(str(path))
    return path


def test_text_and_images_in_forms_are_read_as_printed(tmp_path: Path) -> None:
    text = preflight(_in_forms(_text_pdf(tmp_path / "t.pdf", 12), 0.3))
    assert _check(text, "smallest text").measured.startswith("3.6 pt as printed")
    image = preflight(_in_forms(_image_pdf(tmp_path / "i.pdf", 300), 2.0))
    assert _check(image, "image resolution").measured == "150 dpi (page 1)"
    assert _check(preflight(_in_forms(_image_pdf(tmp_path / "j.pdf", 600), 2.0)), "image").ok

def _with(path: Path, change) -> Path:
    writer = PdfWriter(clone_from=str(made(path)))
    change(writer)
    writer.write(str(path))
    return path


def test_a_locked_file_fails(tmp_path: Path) -> None:
    locked = _with(tmp_path / "locked.pdf", lambda w: w.encrypt(
        user_password="", owner_password="owner", algorithm="RC4-128"))
    assert failed(preflight(locked)) == ["not encrypted or locked"]


def _annotate(writer: PdfWriter) -> None:
    from pypdf.annotations import Text
    writer.add_annotation(0, Text(text="a comment", rect=(50, 50, 80, 80)))


def _form(writer: PdfWriter) -> None:
    field = writer._add_object(DictionaryObject({NameObject("/FT"): NameObject("/Tx"),
                                                 NameObject("/T"): TextStringObject("f")}))
    writer._root_object[NameObject("/AcroForm")] = DictionaryObject(
        {NameObject("/Fields"): ArrayObject([field])})


def _script(writer: PdfWriter) -> None:
    writer._root_object[NameObject("/OpenAction")] = DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"),
         NameObject("/JS"): TextStringObject("app.alert(1);")})


def test_annotations_bookmarks_forms_and_scripts_fail_each_on_its_own(tmp_path: Path) -> None:
    for name, change, rule in (
            ("annot", _annotate, "no annotations"),
            ("outline", lambda w: w.add_outline_item(title="Chapter", page_number=0),
             "no bookmarks"),
            ("form", _form, "no form fields"),
            ("js", _script, "no javascript")):
        assert failed(preflight(_with(tmp_path / f"{name}.pdf", change))) == [rule], name
    assert preflight(made(tmp_path / "clean.pdf")).ok


def _blank(path: Path, pages: int, size: tuple[float, float], trim: bool = True) -> Path:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(size[0] * INCH, size[1] * INCH)
    writer.write(str(path))
    return path


def test_page_limits_go_by_trim_paper_and_ink(tmp_path: Path) -> None:
    six = _blank(tmp_path / "6x9.pdf", 780, (6, 9))
    assert failed(preflight(six, paper="cream")) == ["page count (black ink, cream paper)"]
    assert preflight(six, paper="white").ok
    large = preflight(_blank(tmp_path / "large.pdf", 600, (8.5, 11)))  # read once: 600 pages
    assert "590 on 8.5x11" in _check(large, "page count").required
    assert not large.ok
    colour = _blank(tmp_path / "colour.pdf", 60, (6, 9))
    assert not preflight(colour, ink="standard-colour").ok  # 72 at least
    assert preflight(colour, ink="premium-colour").ok


def _ruled(path: Path, gap: float) -> Path:
    """24 pages with a bar of ink `gap` inches from the gutter (and 1 in elsewhere)."""
    pdf = FPDF(unit="pt", format=(6 * INCH, 9 * INCH))
    for k in range(1, 25):
        pdf.add_page()
        x = gap if k % 2 == 1 else 5 - gap  # the gutter: left of odd pages
        pdf.rect(x * INCH, INCH, INCH, 7 * INCH, style="F")
    pdf.output(str(path))
    return path


def test_the_gutter_has_no_hidden_tolerance(tmp_path: Path) -> None:
    near = preflight(_ruled(tmp_path / "near.pdf", 0.36))
    assert failed(near) == ["inside margin (24 pages)"]
    assert _check(near, "inside margin").measured.startswith("0.36")
    assert preflight(_ruled(tmp_path / "on.pdf", 0.375)).ok  # exactly the rule


def test_a_bleed_file_without_a_trimbox_is_6x9_with_bleed(tmp_path: Path) -> None:
    path = made(tmp_path / "bleed.pdf", size=(6.125, 9.25), ink_at=0.9)
    report = preflight(path)
    assert report.ok, [(c.rule, c.measured) for c in report.checks if not c.ok]
    assert "6x9 with bleed" in report.checks[0].measured
    assert not preflight(made(tmp_path / "odd.pdf", size=(6.2, 9.25))).ok


def _cover(path: Path, pages: int, paper: str) -> Path:
    spine = pages * printer_rules("kdp")["paper_thickness"][paper]
    cover = FPDF(unit="pt", format=((12 + spine + 0.25) * INCH, 9.25 * INCH))
    cover.add_page()
    cover.output(str(path))
    return path


def test_paper_is_learned_from_our_own_book_s_record(tmp_path: Path, capsys) -> None:
    book = made(tmp_path / "book.pdf", pages=100)
    book.write_bytes(with_print_record(book.read_bytes(), print_record("cream", "grey", "6x9")))
    cover = _cover(tmp_path / "book-cover.pdf", 100, "cream")
    assert main(["preflight", str(book), "--cover", str(cover)]) == 0
    assert "learned from the book's record: printer kdp, paper cream" in capsys.readouterr().out
    assert main(["preflight", str(book), "--cover", str(cover), "--paper", "white"]) == 1
    plain = made(tmp_path / "theirs.pdf", pages=100)  # no record: white paper
    assert not preflight(plain, cover).ok


def test_the_printer_is_learned_from_our_own_book_s_record(tmp_path: Path, capsys) -> None:
    """A book made with `--printer ingram` is checked by IngramSpark's rules without being
    told; an explicit `--printer` still wins; a PDF with no record is checked for KDP."""
    book = made(tmp_path / "book.pdf", ink_at=0.4)  # KDP's margins, not IngramSpark's
    plain = book.read_bytes()
    book.write_bytes(with_print_record(plain, print_record("white", "grey", "6x9", "ingram")))
    report = preflight(book)
    assert report.printer == "IngramSpark paperback"
    assert report.learned.startswith("learned from the book's record: printer ingram")
    assert set(failed(report)) == {"inside margin (24 pages)",
                                   "outside, top and bottom margins"}
    assert preflight(book, printer="kdp").ok
    assert main(["preflight", str(book)]) == 1
    assert "IngramSpark paperback" in capsys.readouterr().out
    assert main(["preflight", str(book), "--printer", "kdp"]) == 0
    out = capsys.readouterr().out
    assert "Amazon KDP paperback" in out and "printer ingram" not in out
    (tmp_path / "theirs.pdf").write_bytes(plain)  # no record: KDP, nothing learned
    report = preflight(tmp_path / "theirs.pdf")
    assert report.printer == "Amazon KDP paperback" and report.ok and not report.learned


def test_the_ingram_profile_asks_half_an_inch_on_every_side(tmp_path: Path) -> None:
    near = made(tmp_path / "near.pdf", ink_at=0.4)
    assert preflight(near, printer="kdp").ok
    report = preflight(near, printer="ingram")
    assert report.printer == "IngramSpark paperback"
    assert set(failed(report)) == {"inside margin (24 pages)",
                                   "outside, top and bottom margins"}
    assert all("IngramSpark" in c.source for c in report.checks if not c.ok)
    assert preflight(made(tmp_path / "far.pdf", ink_at=0.75), printer="ingram").ok


def _spine_cover(path: Path, pages: int, text_at: float | None, size: float = 8.0) -> Path:
    """A 6x9 cover for `pages` pages of white paper, with a word reading down the spine,
    its capitals `text_at` inches from the back's fold (None: no words on the spine)."""
    spine = pages * printer_rules("kdp")["paper_thickness"]["white"]
    cover = FPDF(unit="pt", format=((12 + spine + 0.25) * INCH, 9.25 * INCH))
    cover.add_font("PT", "", str(font_path()))
    cover.add_page()
    if text_at is not None:
        cover.set_font("PT", size=size)
        # turned a quarter: the baseline runs down, the capitals stand to its right
        x = (6.125 + text_at) * INCH
        with cover.rotation(-90, x, 3 * INCH):
            cover.text(x, 3 * INCH, "TITLE")
    cover.output(str(path))
    return path


def test_spine_text_follows_each_printer_s_rule(tmp_path: Path) -> None:
    """KDP: words on a spine of 80 pages or more, 0.0625 in from each fold; IngramSpark
    (Lightning Source's production variance): a spine of 0.35 in or more."""
    thick = made(tmp_path / "thick.pdf", pages=200)  # a 0.450 in spine
    for printer in ("kdp", "ingram"):
        clean = _check(preflight(thick, _spine_cover(tmp_path / "c.pdf", 200, 0.15),
                                 printer=printer), "spine text")
        assert clean.ok and "0.450 in spine (200 pages)" in clean.measured, clean
        near = _check(preflight(thick, _spine_cover(tmp_path / "n.pdf", 200, 0.02),
                                printer=printer), "spine text")
        assert not near.ok and "0.0625 in from each fold" in near.required
        assert _check(preflight(thick, _spine_cover(tmp_path / "e.pdf", 200, None),
                                printer=printer), "spine text").measured == "none"
    thin = made(tmp_path / "thin.pdf", pages=100)  # 0.225 in: KDP yes, IngramSpark no
    cover = _spine_cover(tmp_path / "t.pdf", 100, 0.08, size=7.0)
    assert _check(preflight(thin, cover, printer="kdp"), "spine text").ok
    ingram = _check(preflight(thin, cover, printer="ingram"), "spine text")
    assert not ingram.ok and "0.35 in wide" in ingram.required
    assert "Lightning Source" in ingram.source
    few = made(tmp_path / "few.pdf", pages=60)
    assert not _check(preflight(few, _spine_cover(tmp_path / "f.pdf", 60, 0.03, 5.0)),
                      "spine text").ok  # fewer than 80 pages: no words on the spine


def test_the_ingram_profile_says_its_least_type_size_is_assumed(tmp_path: Path) -> None:
    small = preflight(_text_pdf(tmp_path / "6.pdf", 6.5), printer="ingram")
    check = _check(small, "smallest text")
    assert not check.ok and check.source.startswith("ASSUMED")


def test_our_own_spine_words_pass_kdp_s_spine_rule_as_pdfium_measures_them(tmp_path) -> None:
    """Capitals centred by their cap height measured 0.0612 in from the fold on an 80-page
    cream spine (round letters overshoot, and a Q's tail reaches below the baseline)."""
    from renderers.book.cover import cover_pdf
    from renderers.preflight import rules as r
    from renderers.preflight.objects import glyph_spans
    from tests.test_cover_themes import spec_of

    for title, pages, paper in (("A Book of Conundrums", 80, "cream"),
                                ("Quiz, Quest; Conundrums", 100, "cream"),
                                ("A Book of Conundrums", 89, "white")):
        spec = spec_of("6x9", "band", paper=paper)
        spec = spec.__class__(**{**vars(spec), "title": title})
        path = tmp_path / "cover.pdf"
        path.write_bytes(cover_pdf(spec, pages, []))
        width = 12.25 + pages * printer_rules("kdp")["paper_thickness"][paper]
        check = r.spine_text(glyph_spans(str(path)), width, 6.0, pages, printer_rules("kdp"))
        assert check is not None and check.ok and check.measured != "none", (title, check)
