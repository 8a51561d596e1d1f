"""The JSON Schemas in docs/schema/ describe the files the program ships, reads and writes."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from conundrum.book.spec import BOOK_KEYS, SECTION_KEYS, parse_spec
from conundrum.errors import ConundrumError
from conundrum.puzzle import KNOWN_KEYS, parse_puzzle
from tests.support.paths import ROOT, module_at

SCHEMAS = ROOT / "docs" / "schema"
NAMES = ("puzzle", "book-spec", "manifest")


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))


REGISTRY = Registry().with_resources(
    (_schema(n)["$id"], Resource.from_contents(_schema(n))) for n in NAMES)


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(_schema(name), registry=REGISTRY)


def _errors(name: str, doc: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(name).iter_errors(doc)]


def _load(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _conundrum(*args: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "conundrum", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", NAMES)
def test_no_schema_names_a_key_twice(name):
    """json.loads keeps the last of two equal keys; two merged edits can leave both."""
    def no_twins(pairs: list[tuple[str, object]]) -> dict:
        keys = [k for k, _ in pairs]
        assert len(keys) == len(set(keys)), f"{name}: {keys} has a key twice"
        return dict(pairs)
    json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"),
               object_pairs_hook=no_twins)


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_draft_2020_12_schema(name):
    schema = _schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith(f"/{name}.schema.json")


SHIPPED_PUZZLES = sorted(p for p in (ROOT / "puzzles").glob("*.yaml")
                         if p.name != "book-sample.yaml") + [ROOT / "docs/example-puzzle.yaml"]


@pytest.mark.parametrize("path", SHIPPED_PUZZLES, ids=lambda p: p.name)
def test_shipped_puzzles_match_the_puzzle_schema(path):
    assert not _errors("puzzle", _load(path))


def test_the_sample_book_spec_matches_the_book_spec_schema():
    assert not _errors("book-spec", _load(ROOT / "puzzles/book-sample.yaml"))


def test_the_book_spec_schema_knows_exactly_the_keys_the_program_knows():
    schema = _schema("book-spec")
    assert set(schema["properties"]) == set(BOOK_KEYS)
    assert set(schema["$defs"]["section"]["properties"]) == set(SECTION_KEYS)


def test_the_puzzle_schema_knows_every_key_the_program_reads():
    assert set(KNOWN_KEYS) <= set(_schema("puzzle")["properties"])


@pytest.mark.parametrize("args", [
    ("--tiles", "10", "--given", "2", "--positions", "2,3", "--seed", "4"),
    ("--tiles", "6", "--positions", "2", "--rules", "junior", "--seed", "2"),
    ("--difficulty", "1", "--seed", "5"),
], ids=["standard", "junior", "difficulty"])
def test_generated_puzzles_match_the_puzzle_schema(tmp_path, args):
    _conundrum("generate", *args, "-o", "p.yaml", cwd=tmp_path)
    puzzle = _load(tmp_path / "p.yaml")
    assert not _errors("puzzle", puzzle)
    props = _schema("puzzle")["properties"]
    _all_declared(puzzle, props, "puzzle file")
    _all_declared(puzzle["generator"], props["generator"]["properties"], "generator record")


def _all_declared(doc: dict, properties: dict, what: str) -> None:
    """Every key the program writes is described in the schema (extra keys are allowed
    in these files, so validation alone would not notice a new one going undocumented)."""
    undeclared = sorted(set(doc) - set(properties))
    assert not undeclared, f"the {what} has keys docs/schema does not describe: {undeclared}"


def test_a_built_books_manifest_matches_the_manifest_schema(tmp_path):
    spec = {"title": "Schema check", "answers": "none", "seed": 3,
            "sections": [{"name": "One", "count": 2, "difficulty": 1},
                         {"name": "Hand-made", "puzzles": ["two-chameleons.yaml"]}]}
    (tmp_path / "spec.yaml").write_text(yaml.safe_dump(spec))
    (tmp_path / "two-chameleons.yaml").write_bytes(
        (ROOT / "puzzles/chameleon-on-board.yaml").read_bytes())
    assert not _errors("book-spec", spec)
    _conundrum("book", "spec.yaml", "-o", "b.pdf", "--catalogue", "c.sqlite", cwd=tmp_path)
    manifest = _load(tmp_path / "b.manifest.yaml")
    assert not _errors("manifest", manifest)
    assert len(manifest["puzzles"]) == 3
    assert "generate" in manifest["puzzles"][0] and "file" in manifest["puzzles"][2]
    schema = _schema("manifest")
    entry = schema["$defs"]["entry"]["properties"]
    _all_declared(manifest, schema["properties"], "manifest")
    for item in manifest["puzzles"]:
        _all_declared(item, entry, "manifest entry")
        _all_declared(item.get("generate", {}), entry["generate"]["properties"],
                      "manifest entry's generate")


# ---- the schemas refuse what the program refuses -------------------------------------
GOOD_PUZZLE = {"board": [{"code": "B*Y", "at": [0, 0], "dir": "h"}],
               "given": [{"code": "YYY", "positions": 2}]}
BAD_PUZZLES = {
    "no board": {"given": []},
    "a colour that is no colour": {"board": [{"code": "BXY", "at": [0, 0], "dir": "h"}]},
    "a joker at an end": {"board": [{"code": "*BY", "at": [0, 0], "dir": "h"}]},
    "two squares": {"board": [{"code": "BY", "at": [0, 0], "dir": "h"}]},
    "a diagonal": {"board": [{"code": "B*Y", "at": [0, 0], "dir": "d"}]},
    "a far coordinate": {"board": [{"code": "B*Y", "at": [0, 1_000_001], "dir": "h"}]},
    "three coordinates": {"board": [{"code": "B*Y", "at": [0, 0, 0], "dir": "h"}]},
    "a fractional coordinate": {"board": [{"code": "B*Y", "at": [0.5, 0], "dir": "h"}]},
    "an unknown rule set": {**GOOD_PUZZLE, "rules": "chess"},
    "a negative count": {"board": GOOD_PUZZLE["board"],
                         "given": [{"code": "YYY", "positions": -1}]},
}


def test_a_good_puzzle_passes_both():
    assert not _errors("puzzle", GOOD_PUZZLE)
    parse_puzzle(json.dumps(GOOD_PUZZLE))


@pytest.mark.parametrize("doc", BAD_PUZZLES.values(), ids=BAD_PUZZLES.keys())
def test_bad_puzzles_are_refused_by_schema_and_program(doc):
    assert _errors("puzzle", doc)
    with pytest.raises(ConundrumError):
        parse_puzzle(json.dumps(doc))


GOOD_SPEC = {"title": "T", "sections": [{"name": "A", "count": 1}]}
BAD_SPECS = {
    "no title": {"sections": GOOD_SPEC["sections"]},
    "no sections": {"title": "T"},
    "empty sections": {"title": "T", "sections": []},
    "a misspelt key": {**GOOD_SPEC, "per_pgae": 2},
    "a section without count or puzzles": {"title": "T", "sections": [{"name": "A"}]},
    "a section key misspelt": {"title": "T", "sections": [{"name": "A", "count": 1,
                                                           "dificulty": 2}]},
    "difficulty 6": {"title": "T", "sections": [{"name": "A", "count": 1, "difficulty": 6}]},
    "per_page 3": {**GOOD_SPEC, "per_page": 3},
    "an unknown language": {**GOOD_SPEC, "language": "xx"},
    "answers at the start": {**GOOD_SPEC, "answers": "start"},
    "bleed as text": {**GOOD_SPEC, "bleed": "yes"},
    "a negative seed": {**GOOD_SPEC, "seed": -1},
    "tiles with puzzle files": {"title": "T", "sections": [{"name": "A", "tiles": 8,
                                                            "puzzles": ["a.yaml"]}]},
    "a web address without http": {**GOOD_SPEC, "web": "ftp://example.com/"},
}


def test_a_good_spec_passes_both():
    assert not _errors("book-spec", GOOD_SPEC)
    parse_spec(json.dumps(GOOD_SPEC))


@pytest.mark.parametrize("doc", BAD_SPECS.values(), ids=BAD_SPECS.keys())
def test_bad_specs_are_refused_by_schema_and_program(doc):
    assert _errors("book-spec", doc)
    with pytest.raises(ConundrumError):
        parse_spec(json.dumps(doc))


def test_a_manifest_entry_needs_its_contract_keys():
    entry = {"number": 1, "section": "A", "difficulty": 1,
             "board": GOOD_PUZZLE["board"], "given": [{"code": "YYY", "positions": 2}]}
    assert not _errors("manifest", {"title": "T", "seed": 1, "puzzles": [entry]})
    for key in entry:
        partial = {k: v for k, v in entry.items() if k != key}
        assert _errors("manifest", {"title": "T", "seed": 1, "puzzles": [partial]}), key
    bad_board = {**entry, "board": [{"code": "B*Y", "at": [0, 0], "dir": "x"}]}
    assert _errors("manifest", {"title": "T", "seed": 1, "puzzles": [bad_board]})


def _registries_hook() -> ModuleType:
    return module_at(ROOT / "docs/hooks/registries.py")


def test_the_book_specs_enums_of_names_are_the_registries():
    """`make docs` writes them (docs/hooks/registries.py): a language, palette, page size,
    cover design... added and the docs not built since fails here."""
    from conundrum import options

    hook = _registries_hook()
    schema = _schema("book-spec")
    props = {**schema["$defs"]["section"]["properties"], **schema["properties"]}
    assert len(hook.ENUMS) >= 10
    for key, kind, null in hook.ENUMS:
        assert props[key]["enum"] == hook.names(kind) + ([None] if null else []), \
            f"{key}: run `make docs`"
    assert props["language"]["enum"] == list(options.LANGUAGES)
    assert props["cover_theme"]["enum"] == list(options.COVER_THEMES)
    assert set(props["palette"]["enum"]) == {*options.PALETTES, *options.PALETTE_ALIASES}


def test_a_new_name_in_a_registry_reaches_the_schema_and_the_help(monkeypatch):
    """The enums and the help a user reads are written from the registry, not copied."""
    from conundrum import options

    monkeypatch.setattr(options, "COVER_THEMES", (*options.COVER_THEMES, "dawn"))
    monkeypatch.setattr(options, "ANSWERS", (*options.ANSWERS, "margin"))
    hook = _registries_hook()
    text = hook.schema_text((ROOT / "docs/schema/book-spec.schema.json").read_text("utf-8"))
    doc = json.loads(text)["properties"]
    assert doc["cover_theme"]["enum"][-1] == "dawn" and doc["answers"]["enum"][-1] == "margin"
    assert "`dawn`" in hook.fill("<!-- names:cover-themes -->")
    keys = importlib.reload(importlib.import_module("conundrum.book.keys"))
    try:
        assert keys.BOOK_HELP["cover_theme"].endswith("plain, band, night or dawn.")
    finally:
        monkeypatch.undo()
        importlib.reload(keys)
