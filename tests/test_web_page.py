"""The player page as a file: one self-contained HTML file, small, without the answers."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import subprocess
import sys

import pytest
import yaml

from conundrum.errors import ConundrumError
from conundrum.game.grow import grow_board
from conundrum.generate import GenerateRequest, generate
from conundrum.notation import Grid
from conundrum.puzzle import Given, Puzzle, load_puzzle
from conundrum.solver import positions
from conundrum.tiles import STANDARD_TILES
from renderers.page.i18n import LANGUAGES, own_catalogue
from renderers.page.palettes import PALETTES
from renderers.sheet.puzzle import puzzle_id
from renderers.web.page import page_html, page_messages, player_html, render_html
from renderers.web.site import shared_files
from tests.support.registries import add_language

EXAMPLE = "puzzles/spec-example.yaml"


def big_puzzle(n: int = 40) -> Puzzle:
    board = grow_board(n, random.Random(3), "standard", bot="random")
    off = [t for t in sorted(STANDARD_TILES, reverse=True) if not board.contains(t)]
    return Puzzle(board, [Given(off[0]), Given(off[1])], "standard", None, "Forty")


def page_data(text: str) -> dict:
    m = re.search(r'<script type="application/json" id="conundrum-data">(.*?)</script>', text,
                  re.S)
    assert m
    return json.loads(m.group(1))


def test_a_forty_tile_page_is_small_and_asks_for_nothing_outside():
    text = page_html(big_puzzle(), "uk", "colourblind")
    size = len(text.encode("utf-8"))
    assert size <= 150_000, size
    # no request can leave the page: no src/href to anywhere, no imports, no url(), a CSP
    # (the script, minified, sets href= itself only to a data: link and the site's manifest)
    markup = re.sub(r"<script>.*?</script>", "", text, flags=re.S)
    assert not re.search(r"""\b(src|href)=["'](?!#)""", markup)
    assert "@import" not in text and "url(" not in text
    assert "default-src 'none'" in text
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    assert "<script src" not in text and "<link" not in text


def test_the_answers_are_not_in_the_page():
    puzzle = big_puzzle()
    text = page_html(puzzle)
    grid = Grid.of(puzzle.board)
    found = [p for g in puzzle.given for p in positions(puzzle.board, g.code, puzzle.ruleset)]
    assert found
    for p in found:
        assert grid.text(p) not in text and grid.span_text(p) not in text
    data = page_data(text)
    assert data["given"] == [{"code": g.code} for g in puzzle.given]  # no count, no answer
    assert data["id"] == puzzle_id(puzzle)
    assert data["puzzle"]["board"][0] == {"code": puzzle.board.start.code,
                                          "at": list(puzzle.board.start.at),
                                          "dir": puzzle.board.start.dir}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_and_palette_fills_the_page(lang):
    for palette in PALETTES:
        text = page_html(load_puzzle(EXAMPLE), lang, palette)
        assert f'<html lang="{lang}">' in text
        assert "{{" not in text
        data = page_data(text)
        assert data["lang"] == lang
        assert data["messages"]["reason_clash"].count("{") == 5
        assert PALETTES[palette].fills["R"] in text
        assert f'data-palette="{palette}"' in text


def test_same_puzzle_same_bytes_and_a_title_cannot_break_out():
    puzzle = load_puzzle(EXAMPLE)
    assert page_html(puzzle) == page_html(puzzle)
    puzzle.title = "</script><script>alert(1)</script>{{DATA}}"
    text = page_html(puzzle)
    assert "<script>alert(1)" not in text
    assert "&lt;/script&gt;" in text
    assert page_data(text)["title"] == puzzle.title  # every slot filled once, the data intact


def test_render_writes_the_page(tmp_path):
    out = tmp_path / "p.html"
    run = subprocess.run([sys.executable, "-m", "conundrum", "render", EXAMPLE, "-o", str(out),
                          "--lang", "fr", "--palette", "mono"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert f"wrote {out}" in run.stdout
    text = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in text and 'data-palette="mono"' in text


def test_a_wrong_count_is_refused_and_nothing_written(tmp_path):
    puzzle = load_puzzle(EXAMPLE)
    puzzle.given[0].positions = 4
    with pytest.raises(ConundrumError, match="solver finds 5"):
        render_html(puzzle, tmp_path / "p.html")
    assert not (tmp_path / "p.html").exists()


def test_the_csp_lets_only_the_page_s_own_script_run():
    text = page_html(load_puzzle(EXAMPLE))
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text)
    assert csp
    (scripts,) = [d for d in csp.group(1).split(";") if d.strip().startswith("script-src")]
    assert "unsafe-inline" not in scripts and "unsafe-eval" not in scripts
    body = re.search(r"<script>(.*?)</script>", text, re.S)
    assert body
    digest = base64.b64encode(hashlib.sha256(body.group(1).encode()).digest()).decode()
    assert f"'sha256-{digest}'" in scripts


def test_every_page_stays_within_150_kb_with_six_languages(monkeypatch, tmp_path):
    """A page carries its own language and palette only, so a language added does not make
    every page heavier: with a sixth language (a copy of Ukrainian, the wordiest, registered
    as extending.md says) the 77-tile page and the player page, as single files and as a
    book site's pages, in every language, stay within 150 KB; the site carries the sixth
    as one more shared file."""
    words = dict(own_catalogue("uk"))
    uk = yaml.safe_load((LANGUAGES["uk"] / "uk.yaml").read_text(encoding="utf-8"))
    add_language(monkeypatch, tmp_path, "xx", words, plural=uk["_plural"])
    assert len(LANGUAGES) >= 6
    puzzle = generate(GenerateRequest(tiles=77, given=2, positions=(3, 4), seed=1))
    assert len(puzzle.board) == 77
    for lang in LANGUAGES:
        for site in (False, True):
            for text in (page_html(puzzle, lang, "colourblind", site=site),
                         player_html(lang, "colourblind", site=site)):
                assert len(text.encode("utf-8")) <= 150_000, (lang, site)
                data = page_data(text)
                assert set(data["messages"]) <= set(page_messages(lang, True))  # its own
                assert "languages" not in data and "palettes" not in data
                assert data.get("shared", {}).get("languages", []) == \
                    (list(LANGUAGES) if site else [])
    assert "lang-xx.js" in dict(shared_files())
