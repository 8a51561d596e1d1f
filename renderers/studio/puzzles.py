"""Per puzzle: "another one" and "keep", written as the spec already allows, so that
`conundrum book` builds the same book: the puzzle's section becomes a section of puzzle
files (`puzzles:` in book.yaml, the files under `puzzles/` in the folder), each file the
puzzle the last build made, and for "another one" that slot's file a new puzzle made
with the same generator request and another seed. Every other puzzle stays as it was,
byte for byte."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from conundrum.book.build import generate_request
from conundrum.book.canonical import puzzle_key
from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.manifest import manifest_path
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write
from conundrum.puzzle import Puzzle, dump_puzzle, load_puzzle

from .project import Project

FOLDER = "puzzles"
TRIES = 10  # seeds tried for another puzzle before giving up (each one a repeat)
DROPPED = ("number", "section", "file")  # the book's, not the puzzle's: stale once moved
# `kind` stays: a section of files asks its files' question (a Lay-them-all file is refused
# in a section of count puzzles)
GENERATED_ONLY = ("count", "tiles", "given", "positions")


def _entries(project: Project, last: Path | None) -> tuple[str, list[dict]]:
    if last is None or not manifest_path(last).exists():
        raise ConundrumError("no build yet: build the book before changing its puzzles")
    return load_manifest(manifest_path(last))


def keep(project: Project, last: Path | None, number: int,
         another: bool = False, replacement: Puzzle | None = None) -> list[str]:
    """Fix puzzle `number`'s section as puzzle files (the puzzles of the last build);
    with `another`, puzzle `number`'s file is a new puzzle, with `replacement` that
    puzzle (one set by hand). Saves book.yaml; the files written. ConundrumError for a
    number the book lacks or no new puzzle found."""
    another = another or replacement is not None
    title, entries = _entries(project, last)
    entry = next((e for e in entries if e["number"] == number), None)
    if entry is None:
        raise ConundrumError(f"no puzzle {number} in the last build (it has "
                             f"{len(entries)})")
    data = project.read()
    sections = data.get("sections") or []
    index = next((i for i, s in enumerate(sections) if isinstance(s, dict)
                  and str(s.get("name", "")).strip() == entry["section"]), None)
    if index is None:
        raise ConundrumError(f"puzzle {number}: its section {entry['section']!r} is no "
                             "longer in book.yaml; build again first")
    members = [e for e in entries if e["section"] == entry["section"]]
    names: list[str] = []
    written: list[str] = []
    for e in members:
        name = e.get("file") or f"{FOLDER}/s{index + 1}-{e['slot']:03d}.yaml"
        names.append(name)
        path = project.inside(name)
        if e.get("file") and not (another and e is entry):
            continue  # already a file: kept exactly as it is
        puzzle = entry_puzzle(e, title, f"puzzle {e['number']}")
        if replacement is not None and e is entry:
            puzzle = replacement
        elif another and e is entry:
            others = {puzzle_key(entry_puzzle(o, title, "")) for o in entries}
            puzzle = _another(_request(e, path), others)
        for key in DROPPED:
            puzzle.extra.pop(key, None)
        path.parent.mkdir(exist_ok=True)
        atomic_write(path, dump_puzzle(puzzle))
        written.append(name)
    section = {k: v for k, v in sections[index].items() if k not in GENERATED_ONLY}
    section["puzzles"] = names
    data["sections"] = [section if i == index else s for i, s in enumerate(sections)]
    project.save(data, project.revision)
    return written


def _request(entry: dict, path: Path) -> dict[str, Any]:
    """The generator request that made the puzzle (from the manifest, or its file)."""
    request = entry.get("generate")
    if request is None and path.exists():
        request = load_puzzle(path).extra.get("generator")
    if not isinstance(request, dict):
        raise ConundrumError(f"puzzle {entry['number']} was set by hand: there is no "
                             "generator request to make another one from")

    from conundrum.generate import GenerateRequest

    known = {f.name for f in fields(GenerateRequest)}  # not the file's `version`
    full: dict[str, Any] = {"tiles": None, "given": None, "positions": None}
    full.update({k: v for k, v in request.items() if k in known})
    return full


def _another(request: dict[str, Any], avoid: set[str]) -> Puzzle:
    """A puzzle from `request` with another seed (drawn from the old one, so the same
    click on the same book gives the same puzzle), none of `avoid`."""
    from conundrum.generate import GenerationError, generate

    rng = random.Random(int(request.get("seed", 1)))
    why = "every try repeated a puzzle of the book"
    for _ in range(TRIES):
        req = replace(generate_request(request), seed=rng.getrandbits(62))
        try:
            puzzle = generate(req)
        except GenerationError as exc:
            why = str(exc)
            continue
        if puzzle_key(puzzle) not in avoid:
            return puzzle
    raise ConundrumError(f"no other puzzle found in {TRIES} tries: {why}")
