"""The rule sets: one registry by name, variant differences on the classes, no import cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import conundrum
from conundrum.errors import ConundrumError
from conundrum.rules import (
    RULE_NAMES,
    RULESETS,
    JuniorRules,
    RuleSet,
    StandardRules,
    ruleset,
)


def test_registry_names_every_rule_set():
    assert RULESETS == {"standard": StandardRules, "junior": JuniorRules}
    assert RULE_NAMES == ("standard", "junior")
    for name, cls in RULESETS.items():
        assert cls.name == name
        assert issubclass(cls, RuleSet)


@pytest.mark.parametrize(("typed", "cls"), [
    ("standard", StandardRules), (" Junior ", JuniorRules), ("BAMBINO", JuniorRules),
])
def test_ruleset_by_name(typed, cls):
    assert type(ruleset(typed)) is cls


def test_ruleset_passes_a_ruleset_through_and_takes_chameleons():
    rs = JuniorRules()
    assert ruleset(rs) is rs
    assert ruleset("standard", ["B*Y"]).chameleons == ("B*Y",)


def test_unknown_rules_name_the_choices():
    with pytest.raises(ConundrumError, match="unknown rules 'chess'; choose standard or junior"):
        ruleset("chess")


def test_a_new_variant_is_found_through_the_registry(monkeypatch):
    """A variant added to the registry is usable by name everywhere, with no switch to edit."""

    class Wide(StandardRules):
        name = "wide"

    monkeypatch.setitem(RULESETS, "wide", Wide)
    assert type(ruleset("wide")) is Wide
    assert conundrum.counts(conundrum.Board(), "wide", codes=[]) == {}


def test_instruction_key_lives_on_the_rule_set():
    assert StandardRules.instruction_key == "instruction"
    assert JuniorRules.instruction_key == "instruction_junior"


def test_game_options_use_the_registry():
    from conundrum.game.options import GameOptions
    assert GameOptions(rules="Bambino").validated().rules == "junior"
    with pytest.raises(ConundrumError, match="unknown rules"):
        GameOptions(rules="chess").validated()


def _imports(module: str) -> set[str]:
    """Every conundrum module `module` imports, at the top or deferred inside a function."""
    path = Path(conundrum.__file__).parent / f"{module.removeprefix('conundrum.')}.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(f"conundrum.{node.module}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("conundrum"):
            found.add(str(node.module))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("conundrum"))
    return found


@pytest.mark.parametrize(("module", "must_not_import"), [
    ("conundrum.fits", {"conundrum.rules", "conundrum.solver"}),
    ("conundrum.rules", {"conundrum.solver"}),
])
def test_layers_point_one_way(module, must_not_import):
    """fits <- rules <- solver: a lower layer never imports a higher one, not even lazily."""
    assert _imports(module) & must_not_import == set()
    assert "conundrum.fits" in _imports("conundrum.solver")
