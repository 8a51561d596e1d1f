"""Preflight on hostile input (issue 34, items 3, 5, 6, 8, 11, 17): every file below is
made here; each is refused with exit 2 and one escaped line naming the fault or limit
(never exit 3, never an escape sequence on the terminal), or checked as usual."""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    NumberObject,
)

from conundrum.cli import main
from renderers.preflight import reader
from tests.test_preflight import made


def _page_with(path: Path, key: str, value: Callable[[PdfWriter], object]) -> Path:
    writer = PdfWriter(clone_from=str(made(path)))
    page = writer.pages[0]
    if key == "/Font":
        page[NameObject("/Resources")][NameObject("/Font")] = value(writer)
    else:
        page[NameObject(key)] = value(writer)
    writer.write(str(path))
    return path


def _font(**entries: object) -> Callable[[PdfWriter], object]:
    def make(writer: PdfWriter) -> object:
        font = DictionaryObject({NameObject(k): v for k, v in entries.items()})
        return DictionaryObject({NameObject("/F9"): writer._add_object(font)})
    return make


def _blank(path: Path, pages: int, size: float = 432.0) -> Path:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(size, size)
    writer.write(str(path))
    return path


def _shared_stream(path: Path, pages: int, size: int) -> Path:
    """`pages` pages sharing one content stream that inflates to `size` bytes."""
    writer = PdfWriter()
    stream = DecodedStreamObject()
    stream.set_data(b" " * size)
    compressed = stream.flate_encode()
    ref = writer._add_object(compressed)
    for _ in range(pages):
        page = writer.add_blank_page(432, 648)
        page[NameObject("/Contents")] = ref
    writer.write(str(path))
    return path


def _escape_key(path: Path) -> Path:
    """A dictionary key holding ESC ] 0; ... BEL, which pypdf quotes in a warning."""
    data = made(path).read_bytes()
    path.write_bytes(data.replace(b"/Type /Page\n", b"/Type /Page /X#1B#5D0;PWNED#07 1\n", 1)
                     .replace(b"startxref", b"startxref", 1))
    return path


def _password(path: Path) -> Path:
    writer = PdfWriter(clone_from=str(made(path)))
    writer.encrypt(user_password="user", owner_password="owner", algorithm="RC4-128")
    writer.write(str(path))
    return path


CORPUS: dict[str, Callable[[Path], Path]] = {
    "user password": _password,
    "resources integer": lambda p: _page_with(p, "/Resources", lambda w: NumberObject(7)),
    "font array": lambda p: _page_with(p, "/Font", lambda w: ArrayObject([NumberObject(1)])),
    "font dangling": lambda p: _page_with(p, "/Font", lambda w: DictionaryObject(
        {NameObject("/F9"): IndirectObject(9999, 0, w)})),
    "type0 no descendants": lambda p: _page_with(p, "/Font", _font(
        **{"/Subtype": NameObject("/Type0"), "/BaseFont": NameObject("/X")})),
    "type0 empty descendants": lambda p: _page_with(p, "/Font", _font(
        **{"/Subtype": NameObject("/Type0"), "/DescendantFonts": ArrayObject()})),
    "descriptor integer": lambda p: _page_with(p, "/Font", _font(
        **{"/Subtype": NameObject("/TrueType"), "/FontDescriptor": NumberObject(3)})),
    "mediabox strings": lambda p: _page_with(p, "/MediaBox", lambda w: ArrayObject(
        [NameObject("/a#1Bb"), FloatObject(0), FloatObject(10), FloatObject(10)])),
    "escape key": _escape_key,
    "not a pdf": lambda p: (p.write_bytes(b"%PDF-1.4\n\x1b]0;PWNED\x07 garbage"), p)[1],
    "empty": lambda p: (p.write_bytes(b""), p)[1],
    "truncated": lambda p: (p.write_bytes(made(p).read_bytes()[:600]), p)[1],
    "too many pages": lambda p: _blank(p, reader.MAX_PAGES + 1),
    "page too large": lambda p: _blank(p, 1, 14_400 * 1.5),
    "inflated content": lambda p: _shared_stream(p, 50, 6_000_000),
    "wide array": lambda p: _page_with(p, "/X", lambda w: ArrayObject(
        [NumberObject(0)] * 200_000)),
}


@pytest.fixture(autouse=True)
def _small_limits(monkeypatch) -> None:
    """The inflated-content limit at 20 MB, so its file is made and refused quickly."""
    from renderers.preflight import pdf_facts
    monkeypatch.setattr(pdf_facts, "MAX_CONTENT_BYTES", 20_000_000)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_no_hostile_pdf_makes_preflight_exit_3(tmp_path: Path, capfd, name: str) -> None:
    path = CORPUS[name](tmp_path / "h.pdf")
    good = made(tmp_path / "good.pdf")
    for args in (["preflight", str(path)], ["preflight", str(good), "--cover", str(path)]):
        code = main(args)
        out, err = capfd.readouterr()
        assert code in (0, 1, 2), (name, err)
        assert "\x1b" not in out + err and "\x07" not in out + err, name
        assert "internal error" not in err.lower() and "Traceback" not in err
        if code == 2:
            assert err.count("\n") == 1 and str(path) in err, err


def test_the_limits_are_named(tmp_path: Path, capsys) -> None:
    for build, words in ((CORPUS["too many pages"], "the page limit"),
                         (CORPUS["user password"], "encrypted with a password"),
                         (CORPUS["page too large"], "in a side (the page-size limit)"),
                         (CORPUS["inflated content"], "inflated-content limit")):
        assert main(["preflight", str(build(tmp_path / "x.pdf"))]) == 2
        assert words in capsys.readouterr().err
    main(["preflight", str(CORPUS["page too large"](tmp_path / "big.pdf"))])
    err = capsys.readouterr().err
    assert "300.0 x 300.0 in" in err and "ulimit" not in err


def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "book.pdf"
    os.mkfifo(fifo)
    good = made(tmp_path / "good.pdf")
    for args in (["preflight", str(fifo)], ["preflight", "/dev/zero"],
                 ["preflight", str(good), "--cover", str(fifo)],
                 ["preflight", str(tmp_path)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert ("is a folder" if args[-1] == str(tmp_path) else "not a regular file") in err


def test_names_are_escaped_and_keep_their_brackets(tmp_path: Path, capfd) -> None:
    bad = tmp_path / "a\x1b]0;PWNED\x07.pdf"
    bad.write_bytes(b"no pdf")
    assert main(["preflight", str(bad)]) == 2
    assert main(["preflight", str(made(tmp_path / "g.pdf")), "--cover", str(bad)]) == 2
    err = capfd.readouterr().err
    assert "\x1b" not in err and "\\x1b]0;PWNED\\x07" in err
    red = made(tmp_path / "[red]a.pdf")
    assert main(["preflight", str(red)]) == 0
    assert "[red]a.pdf" in capfd.readouterr().out


def test_a_flate_bomb_is_refused_by_pypdf_s_limit(tmp_path: Path, capsys) -> None:
    path = _shared_stream(tmp_path / "bomb.pdf", 1, 80_000_000)  # past 75,000,000
    assert main(["preflight", str(path)]) == 2
    assert "refused" in capsys.readouterr().err
    assert len(zlib.compress(b" " * 1000)) < 1000  # the file itself stays small


@pytest.mark.parametrize("kib", [50_000, 60_000, 70_000, 90_000])
def test_a_memory_limit_is_exit_2_with_a_memory_message(tmp_path: Path, kib: int) -> None:
    """Under `ulimit -v` the PDF renderer's library may not load ("failed to map
    segment"), or a page may not rasterise: either way one line and exit 2."""
    import resource
    import subprocess
    import sys

    path = made(tmp_path / "m.pdf")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (kib * 1024, kib * 1024))

    done = subprocess.run([sys.executable, "-m", "conundrum", "preflight", str(path)],
                          preexec_fn=limit, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 2), done.stderr
    if done.returncode == 2:
        assert done.stderr.count("\n") == 1 and "memory" in done.stderr, done.stderr
