"""Message catalogues: every word printed on a sheet, in five languages.

Each language has `messages/<lang>.yaml`; other parts of the renderers (the
book builder) may add keys in files named `messages/<lang>.<part>.yaml`,
which are merged in (a key defined twice is an error, so no file silently
overrides another). A plural entry maps CLDR plural categories to texts
with `{n}`; `message(lang, key, n=5)` picks the form the language needs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from conundrum.errors import ConundrumError
from conundrum.options import LANGUAGES

MESSAGES_DIR = Path(__file__).parent / "messages"


def _plural_en(n: int) -> str:
    return "one" if n == 1 else "other"


def _plural_fr(n: int) -> str:
    # French treats 0 like 1: "0 position".
    return "one" if n in (0, 1) else "other"


def _plural_cs(n: int) -> str:
    if n == 1:
        return "one"
    return "few" if 2 <= n <= 4 else "other"


def _plural_uk(n: int) -> str:
    # 1, 21, 31 ... take "one"; 2-4, 22-24 ... "few"; the rest (5-20, 25-30 ...) "many".
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": _plural_en, "es": _plural_en, "fr": _plural_fr, "cs": _plural_cs, "uk": _plural_uk,
}
# The plural forms each language's catalogue must give.
PLURAL_FORMS: dict[str, frozenset[str]] = {
    "en": frozenset({"one", "other"}), "es": frozenset({"one", "other"}),
    "fr": frozenset({"one", "other"}), "cs": frozenset({"one", "few", "other"}),
    "uk": frozenset({"one", "few", "many"}),
}


def check_language(lang: str) -> str:
    """The language code, or a ConundrumError listing the ones there are."""
    code = str(lang).strip().lower()
    if code not in LANGUAGES:
        raise ConundrumError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return code


def catalogue_files(lang: str) -> list[Path]:
    """The language's main catalogue first, then any part catalogues in name order."""
    return [MESSAGES_DIR / f"{lang}.yaml", *sorted(MESSAGES_DIR.glob(f"{lang}.*.yaml"))]


@lru_cache(maxsize=len(LANGUAGES))
def catalogue(lang: str) -> dict[str, Any]:
    """Every message of one language, merged from its catalogue files.
    ConundrumError for a malformed catalogue file."""
    code = check_language(lang)
    merged: dict[str, Any] = {}
    for path in catalogue_files(code):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise ConundrumError(f"{path}: a message catalogue must be a mapping")
        for key, value in data.items():
            if key in merged:
                raise ConundrumError(f"{path}: message {key!r} is already defined")
            merged[key] = value
    return merged


def plural_category(lang: str, n: int) -> str:
    """The plural form `n` takes in `lang` ("one", "few", "many" or "other"); ConundrumError
    for an unknown language.

    >>> plural_category("en", 1), plural_category("cs", 3), plural_category("uk", 5)
    ('one', 'few', 'many')
    """
    return PLURAL_RULES[check_language(lang)](abs(int(n)))


def message(lang: str, key: str, **kw: Any) -> str:
    """The text of `key` in `lang`, formatted with `kw`; plural entries need `n`.
    KeyError for an unknown key, or a plural without `n`."""
    entry = catalogue(lang).get(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the {lang} catalogue")
    if isinstance(entry, dict):
        if "n" not in kw:
            raise KeyError(f"message {key!r} is a plural; pass n=")
        entry = entry[plural_category(lang, kw["n"])]
    return str(entry).format(**kw)
