"""Message catalogues: same keys in every language, correct plurals, clear errors."""

from __future__ import annotations

import pytest

from conundrum.errors import ConundrumError
from renderers.page.i18n import (
    LANGUAGES,
    PLURAL_FORMS,
    catalogue,
    check_language,
    message,
    plural_category,
)


def test_every_catalogue_has_the_same_keys():
    keys = {lang: set(catalogue(lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], f"{lang}: {keys[lang] ^ keys['en']}"


def test_plural_entries_give_exactly_the_forms_each_language_needs():
    for lang in LANGUAGES:
        for key, entry in catalogue(lang).items():
            if isinstance(entry, dict):
                assert set(entry) == PLURAL_FORMS[lang], f"{lang}.{key}"
                assert all("{n}" in text for text in entry.values()), f"{lang}.{key}"
            else:
                assert isinstance(entry, str) and entry.strip(), f"{lang}.{key}"


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


def test_unknown_language_and_key():
    with pytest.raises(ConundrumError, match="unknown language 'de'.*en, fr, es, uk, cs"):
        check_language("de")
    with pytest.raises(KeyError):
        message("en", "no such key")
    with pytest.raises(KeyError, match="plural"):
        message("en", "positions")
    assert check_language(" UK ") == "uk"
