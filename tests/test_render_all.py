"""Sheets of `kind: all` puzzles (Lay them all), and the kind as part of a puzzle's identity:
ids, catalogue forms, manifests and extract."""

from __future__ import annotations

import pytest
import yaml

from conundrum.book.canonical import canonical_form, puzzle_key
from conundrum.book.extract import entry_puzzle
from conundrum.errors import ConundrumError
from conundrum.generate import GenerateRequest, generate
from conundrum.lay_all import puzzle_arrangements
from conundrum.options import LANGUAGES
from conundrum.puzzle import dump_puzzle, load_puzzle, parse_puzzle
from renderers.page.i18n import catalogue
from renderers.page.layout import Rect
from renderers.render import render_sheet
from renderers.sheet.puzzle import Style, puzzle_id, sheet_pages
from renderers.sheet.solved import solve
from tests.support.paths import ROOT

SPEC = ROOT / "puzzles" / "spec-example.yaml"


@pytest.fixture(scope="module")
def lay_all():
    return generate(GenerateRequest(kind="all", difficulty=4, seed=1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_asks_to_lay_every_tile_in_every_language(lay_all, lang):
    pages = sheet_pages(lay_all, answers=True, style=Style(lang=lang))
    words = catalogue(lang)
    sheet = [p.drawn() for p in pages]
    text = " ".join(sheet[0].texts())
    assert words["instruction_all"].split()[0] in text
    assert words["instruction"] not in " ".join(sheet[0].texts())
    assert not sheet[0].tagged("count ") and not sheet[0].tagged("blank ")  # no counts
    assert [t.text for t in sheet[0].tagged("given ")] == [g.code for g in lay_all.given]
    key = " ".join(t for p in sheet[1:] for t in p.texts())
    assert words["arrangements"]["one"].format(n=1) in key


def test_the_key_draws_the_one_arrangement(lay_all):
    solved = solve(lay_all)
    (answer,) = puzzle_arrangements(lay_all).arrangements
    assert solved.arrangements == (answer,)
    pages = [p.drawn() for p in sheet_pages(lay_all, answers=True)[1:]]
    pal = Style().pal
    outlined = [r for p in pages for r in p.tagged("tile outline")
                if isinstance(r, Rect) and r.stroke == pal.highlight]
    assert len(outlined) == len(answer)
    squares = {i.tag for p in pages for i in p.tagged("square ")}
    for p in answer:
        for (x, y), colour in p.squares:
            assert f"square {x},{y} {colour}" in squares
    key = " ".join(t for p in pages for t in p.texts())
    assert all(solved.grid.text(p) in key for p in answer)
    # every answer cell is on the sheet's grid
    assert all(solved.grid.inside(c) for p in answer for c in p.cells)


def test_a_wrong_claim_is_refused(lay_all, tmp_path):
    wrong = parse_puzzle(dump_puzzle(lay_all).replace("solutions: 1", "solutions: 2"))
    with pytest.raises(ConundrumError, match="solutions: 2, the solver finds 1"):
        solve(wrong)


def test_render_writes_a_pdf_and_pngs(lay_all, tmp_path):
    from conundrum.puzzle import save_puzzle

    path = tmp_path / "all.yaml"
    save_puzzle(lay_all, path)
    written = render_sheet(path, tmp_path / "all.png", answers=True, dpi=60)
    assert [p.name for p in written] == ["all.png", "all-answers.png"]
    written = render_sheet(path, tmp_path / "all.pdf", answers=True)
    assert written[0].read_bytes().startswith(b"%PDF")


# ---- identity ---------------------------------------------------------------------------
def test_count_puzzles_keep_their_ids_and_forms():
    """Pinned before `kind` existed: a count puzzle's id and catalogue key are unchanged."""
    puzzle = load_puzzle(SPEC)
    assert puzzle_id(puzzle) == "f194426585"
    assert canonical_form(puzzle) == "standard|default|B*Y@0,0h;BGY@0,1h|BYY"
    assert puzzle_key(puzzle).startswith("aeb5fdb637")


def test_the_kind_is_part_of_a_puzzles_identity(lay_all):
    as_count = parse_puzzle(dump_puzzle(lay_all).replace("kind: all\nsolutions: 1\n", ""))
    assert as_count.kind == "count"
    assert puzzle_id(as_count) != puzzle_id(lay_all)
    assert canonical_form(lay_all) == canonical_form(as_count) + "|all"
    assert puzzle_key(as_count) != puzzle_key(lay_all)


def test_extract_keeps_the_kind_and_checks_the_claim(lay_all):
    doc = yaml.safe_load(dump_puzzle(lay_all))
    entry = {"number": 1, "section": "S", "difficulty": 4, "board": doc["board"],
             "given": doc["given"], "rules": "standard", "kind": "all", "solutions": 1}
    puzzle = entry_puzzle(entry, "Book", "book.manifest.yaml puzzle 1")
    assert (puzzle.kind, puzzle.solutions) == ("all", 1)
    assert puzzle_id(puzzle) == puzzle_id(lay_all)
    with pytest.raises(ConundrumError, match="the manifest says solutions: 3"):
        entry_puzzle({**entry, "solutions": 3}, "Book", "m puzzle 1")
