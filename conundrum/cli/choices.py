"""Option values the commands offer, as enums, so `--help` lists them (`--rules [standard|…]`).

Each enum mirrors a registry in the library (the rule sets, the generator's
methods, the game's scorings and bots); tests/test_cli_options.py checks that
they agree, so a new rule set or bot cannot be missing from the CLI.
"""

from __future__ import annotations

from enum import StrEnum

from ..options import KINDS


class RulesChoice(StrEnum):
    """rules.RULESETS, and the junior game's other name (rules.ALIASES)."""

    standard = "standard"
    junior = "junior"
    bambino = "bambino"


class MethodChoice(StrEnum):
    """The generator's methods."""

    search = "search"
    sat = "sat"


# options.KINDS: what a puzzle asks (made by call: a member named `count` would hide
# str.count in a class body)
KindChoice = StrEnum("KindChoice", {kind: kind for kind in KINDS})  # type: ignore[misc]


class ScoringChoice(StrEnum):
    """game.options.SCORINGS."""

    standard = "standard"
    expert = "expert"


class BotChoice(StrEnum):
    """game.bots.BOTS."""

    cautious = "cautious"
    greedy = "greedy"
    random = "random"
