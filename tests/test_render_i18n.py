"""Message catalogues: every key in every language, correct plurals, English for what a
language lacks, clear errors."""

from __future__ import annotations

import logging
import re

import pytest
from babel.core import Locale

from conundrum.errors import ConundrumError
from renderers.page.i18n import (
    LANGUAGES,
    catalogue,
    check_language,
    message,
    missing_keys,
    own_catalogue,
    plural_category,
    plural_forms,
    report,
)
from tests.support.registries import add_language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_shipped_has_every_key(lang):
    assert missing_keys(lang) == []
    assert set(own_catalogue(lang)) == set(own_catalogue("en"))


def _word(text: str) -> str:
    """A control's word as the player shows it: its shortcut in brackets and its soft
    hyphens left out (board.js's `word`)."""
    return re.sub(r"\s*\([^)]*\)$", "", text).replace("\u00ad", "").casefold()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_undo_and_cancel_are_different_words(lang):
    """French once said "Annuler" for both Undo (Ctrl+Z) and Cancel (Esc): the player's
    buttons, its "?" key list and its verdicts must tell them apart in every language."""
    assert _word(message(lang, "web_undo")) != _word(message(lang, "web_cancel"))
    english = message("en", "web_keys_list").split("|")[::2]
    actions = message(lang, "web_keys_list").split("|")[1::2]
    esc, ctrl_z = english.index("Esc"), english.index("Ctrl+Z, Ctrl+Y")
    assert actions[esc].casefold() != actions[ctrl_z].split(",")[0].casefold()
    assert _word(message(lang, "web_nothing_to_undo")) != _word(message(lang, "web_cancel"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_give_exactly_the_forms_each_language_needs(lang):
    for key, entry in catalogue(lang).items():
        if isinstance(entry, dict):
            assert set(entry) == plural_forms(lang), f"{lang}.{key}"
            assert all("{n}" in text for text in entry.values()), f"{lang}.{key}"
        else:
            assert isinstance(entry, str) and entry.strip(), f"{lang}.{key}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalogues_plural_rule_is_cldrs_for_whole_numbers(lang):
    cldr = Locale.parse(lang).plural_form
    assert [plural_category(lang, n) for n in range(1000)] == [cldr(n) for n in range(1000)]


@pytest.mark.parametrize("lang, n, expected", [
    ("en", 1, "1 position"), ("en", 0, "0 positions"), ("en", 5, "5 positions"),
    ("fr", 0, "0 position"), ("fr", 1, "1 position"), ("fr", 2, "2 positions"),
    ("es", 1, "1 posición"), ("es", 4, "4 posiciones"),
    ("cs", 1, "1 pozice"), ("cs", 2, "2 pozice"), ("cs", 4, "4 pozice"), ("cs", 5, "5 pozic"),
    ("cs", 0, "0 pozic"), ("cs", 22, "22 pozic"),
    ("uk", 1, "1 позиція"), ("uk", 2, "2 позиції"), ("uk", 4, "4 позиції"),
    ("uk", 5, "5 позицій"), ("uk", 11, "11 позицій"), ("uk", 12, "12 позицій"),
    ("uk", 21, "21 позиція"), ("uk", 22, "22 позиції"), ("uk", 25, "25 позицій"),
    ("uk", 0, "0 позицій"), ("uk", 111, "111 позицій"), ("uk", 101, "101 позиція"),
])
def test_position_counts_read_naturally(lang, n, expected):
    assert message(lang, "positions", n=n) == expected


def test_plural_category_of_czech_and_ukrainian():
    assert [plural_category("cs", n) for n in (1, 2, 3, 4, 5)] == \
        ["one", "few", "few", "few", "other"]
    assert [plural_category("uk", n) for n in (1, 3, 7, 14, 23)] == \
        ["one", "few", "many", "many", "few"]


def test_messages_are_formatted_with_their_fields():
    assert message("en", "puzzle_number", n=7) == "Puzzle 7"
    assert message("cs", "answers_for", title="X") == "Řešení: X"
    assert "RYG C4 h" in message("uk", "notation_hint", example="RYG C4 h")


def test_a_key_a_language_lacks_is_englishs_and_listed(monkeypatch, tmp_path, caplog):
    add_language(monkeypatch, tmp_path, "xx", {"title_default": "Xx title",
                                               "positions": {"one": "{n} xx", "few": "{n} xxs"}},
                 plural={"one": "n = 1", "few": "n = 2..4"})
    assert message("xx", "title_default") == "Xx title"
    with caplog.at_level(logging.DEBUG, logger="renderers.page.i18n"):
        assert message("xx", "answers_title") == message("en", "answers_title")
    assert "'answers_title' in the xx catalogue: English used" in caplog.text
    assert message("xx", "positions", n=3) == "3 xxs"
    assert "answers_title" in missing_keys("xx") and "title_default" not in missing_keys("xx")
    assert catalogue("xx")["answers_title"] == catalogue("en")["answers_title"]
    line = next(x for x in report().splitlines() if x.startswith("xx: "))
    assert line.startswith(f"xx: {len(missing_keys('xx'))} missing, printed in English: ")
    assert "answers_title" in line and "en: nothing missing" in report()


def test_a_catalogue_without_a_plural_rule_is_refused_naming_its_file(monkeypatch, tmp_path):
    path = add_language(monkeypatch, tmp_path, "xx", {"title_default": "X"})
    path.write_text("title_default: X\n", encoding="utf-8")
    with pytest.raises(ConundrumError, match=r"xx\.yaml: no `_plural` rule"):
        message("xx", "title_default")


def test_unknown_language_and_key():
    with pytest.raises(ConundrumError, match="unknown language 'xx'; choose one of " +
                       ", ".join(LANGUAGES)):
        check_language("xx")
    with pytest.raises(KeyError):
        message("en", "no such key")
    with pytest.raises(KeyError, match="plural"):
        message("en", "positions")
    assert check_language(" UK ") == "uk"
