"""renderers.publish: the book command's whole pipeline, called as a library."""

from __future__ import annotations

import pytest

from conundrum.errors import ConundrumError
from renderers.publish import PublishOptions, publish

pytestmark = pytest.mark.slow

SPEC = ("title: Library book\nseed: 3\nsections:\n"
        "  - {name: One, count: 2, difficulty: 1}\n")


def test_publish_writes_the_book_its_site_and_its_export(tmp_path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    notes: list[str] = []
    done = publish(spec, PublishOptions(output=tmp_path / "b.pdf", web=tmp_path / "site",
                                        export=tmp_path / "art", draft=True), notes.append)
    assert done.book.pdf.read_bytes().startswith(b"%PDF")
    assert done.book.manifest.exists() and len(done.book.puzzles) == 2
    assert done.site is not None and (tmp_path / "site" / "index.html") in done.site
    assert done.export is not None and done.export[-1].name == "puzzles.csv"
    assert all(path.exists() for path in [*done.site, *done.export])


def test_publish_refuses_a_bad_folder_before_making_any_puzzle(tmp_path) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    (tmp_path / "site").write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(ConundrumError, match="--web .*is a file"):
        publish(spec, PublishOptions(output=tmp_path / "b.pdf", web=tmp_path / "site"),
                lambda _note: None)
    assert not (tmp_path / "b.pdf").exists()
    assert not (tmp_path / "b.work.sqlite").exists()
