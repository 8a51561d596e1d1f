"""QR codes keep their room only in a book that prints them (issue 31; issue 21 kept it in
every book, so that `web:` changed no puzzle, and a grade-1 A4 book at 6 a page fell to
4): without `web:` the boards and answer lines have that room, so the book is never
longer than the same spec with `web:`, and prints no QR code; with it, every puzzle has
its code."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from tests.support.program import run_program

pytestmark = pytest.mark.slow  # builds four books
SPEC = ("title: Q\nseed: 5\npage: {page}\nbleed: true\nper_page: {per_page}\nsections:\n"
        "  - {{name: Easy, count: 3, difficulty: 2}}\n"
        "  - {{name: Hard, count: 3, difficulty: 5}}\n")


def built(folder: Path, name: str, text: str) -> tuple[int, int, int]:
    """(puzzles, pages, QR codes) of the book `text` specifies."""
    (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    done = run_program("book", f"{name}.yaml", "-o", f"{name}.pdf", "--draft", cwd=folder)
    assert done.returncode == 0, done.stderr
    doc = yaml.safe_load((folder / f"{name}.manifest.yaml").read_text(encoding="utf-8"))
    reader = PdfReader(folder / f"{name}.pdf")
    # the QR codes as a scanner reads them from a 150 dpi render (zbar: `make zbar`)
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", f"{name}.pdf", name],
                   cwd=folder, check=True)
    found = subprocess.run(["zbarimg", "-q", "--raw", *sorted(folder.glob(f"{name}-*.png"))],
                           capture_output=True, text=True, cwd=folder).stdout.split()
    return len(doc["puzzles"]), len(reader.pages), len([c for c in found if "/vol1/" in c])


@pytest.mark.parametrize("page, per_page", [("6x9", 2), ("a4", 4)])
def test_qr_codes_keep_room_only_in_a_book_that_prints_them(tmp_path: Path, page,
                                                            per_page) -> None:
    spec = SPEC.format(page=page, per_page=per_page)
    plain = built(tmp_path, "plain", spec)
    linked = built(tmp_path, "linked", spec + "web: https://example.org/vol1/\n")
    assert plain[0] == linked[0] == 6
    assert plain[1] <= linked[1] and plain[2] == 0 and linked[2] == 6
