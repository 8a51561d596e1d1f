"""Versioned reproducibility: the version is recorded, and the sheet says what a seed promises."""

from __future__ import annotations

from importlib.metadata import version

from conundrum.book.manifest import manifest_doc
from conundrum.book.spec import parse_spec
from conundrum.version import program_version
from renderers.page.i18n import LANGUAGES
from renderers.page.style import Style
from renderers.page.wording import footer_text, puzzle_id, reproduce_command
from tests.support.puzzles import small_puzzle

GEN = {"method": "search", "seed": 9, "tiles": 14, "given": 2, "positions": [3, 5],
       "difficulty": None, "rules": "standard"}


def test_program_version_is_the_distributions():
    assert program_version() == version("conundrum")


def test_the_manifest_records_the_version():
    spec = parse_spec("title: T\nseed: 3\nsections: [{name: A, count: 1}]\n")
    doc = manifest_doc(spec, [])
    assert doc["version"] == version("conundrum") and doc["seed"] == 3


def test_footer_names_the_version_the_seed_is_good_for():
    puzzle = small_puzzle()
    puzzle.extra["generator"] = {**GEN, "version": "9.8.7"}
    command = ("conundrum generate --tiles 14 --given 2 --positions 3,5 --rules standard "
               "--method search --seed 9")
    assert reproduce_command(puzzle) == command  # the version is no option
    assert footer_text(puzzle, Style()) == (
        f"Puzzle id {puzzle_id(puzzle)} (any version) · "
        f"conundrum 9.8.7 makes it again with: {command}")


def test_footer_of_a_file_without_a_version_makes_no_version_promise():
    puzzle = small_puzzle()
    puzzle.extra["generator"] = dict(GEN)
    assert footer_text(puzzle, Style()).endswith("made with: conundrum generate --tiles 14 "
                                                 "--given 2 --positions 3,5 --rules standard "
                                                 "--method search --seed 9")


def test_every_language_words_the_versioned_footer():
    puzzle = small_puzzle()
    puzzle.extra["generator"] = {**GEN, "version": "9.8.7"}
    texts = {lang: footer_text(puzzle, Style(lang=lang)) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert "9.8.7" in text and puzzle_id(puzzle) in text and "--seed 9" in text, lang
    assert len(set(texts.values())) == len(LANGUAGES)
