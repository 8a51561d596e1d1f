"""Message catalogues: every word printed on a sheet, in every language there is a file for.

A language is its files in `messages/`: `<lang>.yaml`, and the parts other renderers
add (the book builder's, the web player's) in `<lang>.<part>.yaml`, merged in (a key
defined twice is an error, so no file silently overrides another). Its plural rule is
data too: `<lang>.yaml`'s `_plural` maps CLDR plural categories to CLDR rules, evaluated
by Babel. A plural entry maps those categories to texts with `{n}`;
`message(lang, key, n=5)` picks the form the language needs.

A key a language lacks is taken from English (logged at debug level; `missing_keys`
lists them), so a half-translated language prints whole pages.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from babel.plural import PluralRule

from conundrum.errors import ConundrumError
from conundrum.options import LANGUAGES

MESSAGES_DIR = Path(__file__).parent / "messages"
FALLBACK = "en"
PLURAL_KEY = "_plural"  # the catalogue's plural rule: not a message
# the plural forms a catalogue must give are those its rule gives to these counts
_COUNTS = range(1000)
log = logging.getLogger(__name__)


def check_language(lang: str) -> str:
    """The language code, or a ConundrumError listing the ones there are."""
    code = str(lang).strip().lower()
    if code not in LANGUAGES:
        raise ConundrumError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return code


def catalogue_files(lang: str) -> list[Path]:
    """The language's main catalogue first, then any part catalogues in name order."""
    folder = LANGUAGES.get(lang, MESSAGES_DIR)
    return [folder / f"{lang}.yaml", *sorted(folder.glob(f"{lang}.*.yaml"))]


@lru_cache(maxsize=32)
def _own(lang: str, folder: Path) -> tuple[dict[str, Any], PluralRule]:
    merged: dict[str, Any] = {}
    rule: Any = None
    for path in catalogue_files(lang):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise ConundrumError(f"{path}: a message catalogue must be a mapping")
        rule = data.pop(PLURAL_KEY, rule)
        for key, value in data.items():
            if key in merged:
                raise ConundrumError(f"{path}: message {key!r} is already defined")
            merged[key] = value
    if not isinstance(rule, dict):
        raise ConundrumError(f"{catalogue_files(lang)[0]}: no `{PLURAL_KEY}` rule (a mapping "
                             "of CLDR plural categories to CLDR rules, e.g. one: \"n = 1\")")
    try:
        return merged, PluralRule(rule)
    except (ValueError, RuntimeError) as err:  # babel's RuleError is a ValueError
        raise ConundrumError(f"{catalogue_files(lang)[0]}: `{PLURAL_KEY}`: {err}") from err


def own_catalogue(lang: str) -> dict[str, Any]:
    """The messages the language's own files give (no English filled in).
    ConundrumError for an unknown language or a malformed catalogue file."""
    code = check_language(lang)
    return _own(code, LANGUAGES[code])[0]


def catalogue(lang: str) -> dict[str, Any]:
    """Every message of one language: its own, and English for any key it lacks.
    ConundrumError for a malformed catalogue file."""
    own = own_catalogue(lang)
    if lang == FALLBACK:
        return own
    return {**own_catalogue(FALLBACK), **own}


def missing_keys(lang: str) -> list[str]:
    """The keys English has and `lang`'s files do not (printed in English), sorted.

    >>> missing_keys("en")
    []
    """
    return sorted(set(own_catalogue(FALLBACK)) - set(own_catalogue(lang)))


def plural_forms(lang: str) -> frozenset[str]:
    """The plural categories whole numbers take in `lang`: what its plural entries give.

    >>> sorted(plural_forms("cs"))
    ['few', 'one', 'other']
    """
    code = check_language(lang)
    rule = _own(code, LANGUAGES[code])[1]
    return frozenset(rule(n) for n in _COUNTS)


def plural_category(lang: str, n: int) -> str:
    """The plural form `n` takes in `lang` ("one", "few", "many" or "other"); ConundrumError
    for an unknown language.

    >>> plural_category("en", 1), plural_category("cs", 3), plural_category("uk", 5)
    ('one', 'few', 'many')
    """
    code = check_language(lang)
    return str(_own(code, LANGUAGES[code])[1](abs(int(n))))


# A plural rule as data a page's script reads without evaluating code (its CSP allows no
# eval): the category of each count 0..199 by initial. CLDR's rules for whole numbers look
# at n itself (small values) and at n % 10 and n % 100, so from 100 on they repeat every
# 100: a count n >= 200 takes the category of 100 + n % 100 (player/choice.js `plural`).
PLURAL_TABLE_SIZE = 200
PLURAL_INITIAL = {"zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"}


def plural_table(lang: str) -> str:
    """The plural category of each count 0..199 in `lang`, one initial a count (z, o, t, f,
    m, x for zero, one, two, few, many, other): the web page's plural rule.

    >>> plural_table("en")[:3], plural_table("uk")[111], plural_table("uk")[121]
    ('xox', 'm', 'o')
    """
    return "".join(PLURAL_INITIAL[plural_category(lang, n)] for n in range(PLURAL_TABLE_SIZE))


def message(lang: str, key: str, **kw: Any) -> str:
    """The text of `key` in `lang` (in English when `lang` lacks it), formatted with `kw`;
    plural entries need `n`. KeyError for a key English lacks too, or a plural without `n`."""
    entry = own_catalogue(lang).get(key)
    if entry is None and lang != FALLBACK:
        log.debug("no message %r in the %s catalogue: English used", key, lang)
        return message(FALLBACK, key, **kw)
    if entry is None:
        raise KeyError(f"no message {key!r} in the {lang} catalogue")
    if isinstance(entry, dict):
        if "n" not in kw:
            raise KeyError(f"message {key!r} is a plural; pass n=")
        entry = entry[plural_category(lang, kw["n"])]
    return str(entry).format(**kw)


def report() -> str:
    """Each language and the keys it lacks (printed in English): a translator's checklist.

    >>> report().splitlines()[0]
    'en: nothing missing'
    """
    lines = []
    for lang in LANGUAGES:
        missing = missing_keys(lang)
        lines.append(f"{lang}: " + (f"{len(missing)} missing, printed in English: "
                                    + ", ".join(missing) if missing else "nothing missing"))
    return "\n".join(lines)


if __name__ == "__main__":  # python -m renderers.page.i18n
    print(report())
