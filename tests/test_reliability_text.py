"""Text on the page: characters the font cannot draw are refused; clipping stays cheap."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conundrum.cli import main
from conundrum.errors import ConundrumError
from renderers.page import text as text_module
from renderers.page.fonts import text_width
from renderers.page.i18n import MESSAGES_DIR
from renderers.page.text import clip, require_drawable, undrawable

BOARD = "board:\n  - {code: Y*B, at: [0, 0], dir: h}\ngiven: [YYB]\n"


def naive_clip(text: str, size: float, width: float) -> str:
    """The old character-by-character cut: the reference for what clip() returns."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@pytest.mark.parametrize("text", ["Chromino Conundrums, volume one", "W" * 60,
                                  "Головоломка Chromino № 12", "a b " * 30, "x"])
@pytest.mark.parametrize("width", [3.0, 20.0, 55.0, 400.0])
def test_clip_cuts_where_the_naive_cut_did(text, width):
    assert clip(text, 12.0, width) == naive_clip(text, 12.0, width)


def test_clip_of_a_long_text_measures_a_few_times(monkeypatch):
    calls = []

    def counting(text, size, bold=False):
        calls.append(len(text))
        return text_width(text, size, bold)

    monkeypatch.setattr(text_module, "text_width", counting)
    long = "Conundrum " * 500  # 5,000 characters: the old loop measured ~5,000 times
    clipped = clip(long, 12.0, 80.0)
    assert clipped.endswith("…") and text_width(clipped, 12.0) <= 80.0
    assert len(calls) <= 16


@pytest.mark.parametrize("title, fragment", [
    ("Puzzle 😀", "U+1F600 GRINNING FACE"),
    ("שלום", "HEBREW LETTER"),
    ("مرحبا", "ARABIC LETTER"),
    ("中文谜题", "CJK UNIFIED IDEOGRAPH"),
    ("a\tb", "a tab"),
    ("a\nb", "a line break"),
])
@pytest.mark.parametrize("suffix", [".pdf", ".png"])
def test_titles_the_font_cannot_draw_are_refused(capsys, tmp_path, title, fragment, suffix):
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text(yaml.safe_dump({"title": title}, allow_unicode=True) + BOARD,
                      encoding="utf-8")
    code = main(["render", str(puzzle), "-o", str(tmp_path / f"s{suffix}")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "cannot draw" in err and fragment in err and "p.yaml: title" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.yaml"]


def test_latin_czech_and_cyrillic_titles_are_drawn(capsys, tmp_path):
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("title: Příliš žluťoučký kůň — Головоломка «№ 5» …\n" + BOARD,
                      encoding="utf-8")
    assert main(["render", str(puzzle), "-o", str(tmp_path / "s.pdf")]) == 0
    assert (tmp_path / "s.pdf").exists()


def test_book_spec_text_is_checked_before_any_puzzle_is_made(capsys, tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("title: Book\nsections: [{name: \"Warm-up 🔥\", count: 3}]\n",
                    encoding="utf-8")
    code = main(["book", str(spec), "-o", str(tmp_path / "b.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and "section name 'Warm-up 🔥'" in err and "U+1F525" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


def test_every_message_of_every_language_is_drawable():
    for path in sorted(Path(MESSAGES_DIR).glob("*.yaml")):
        if ".web." in path.name:
            continue  # shown by the browser, in its own fonts
        for key, value in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            values = value.values() if isinstance(value, dict) else [value]
            for v in values:
                assert undrawable(str(v), line_breaks=True) == [], (path.name, key)


def test_require_drawable_names_what_and_lists_at_most_three():
    with pytest.raises(ConundrumError) as info:
        require_drawable("αβγδε", "subtitle")
    message = str(info.value)
    assert message.startswith("subtitle 'αβγδε'") and message.count("GREEK") == 3
    assert "..." in message
