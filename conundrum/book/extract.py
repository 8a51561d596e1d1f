"""Puzzles back out of a built book: manifest entry N as a puzzle file (`conundrum extract`).

The manifest holds each puzzle's board (start first), given tiles with their
counts, rules and chameleons, so the file written here is the puzzle the
reader solves: rendering it gives the same puzzle id as the book's page.
The entry is checked as any puzzle file is (shape, rules, and every count
against the solver), so a hand-edited manifest cannot give a wrong sheet.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..errors import ConundrumError
from ..files import atomic_write_many, check_folder, no_folder, read_text, yaml_mapping
from ..lay_all import claim_faults
from ..puzzle import Puzzle, dump_puzzle, parse_puzzle
from ..solver import printed_counts


class ExtractError(ConundrumError):
    """A manifest, or a puzzle in it, that cannot be extracted."""


# the entry's keys kept in the puzzle file, as information (they never change the puzzle)
_KEPT = ("number", "section", "grade", "score", "file")


def load_manifest(path: str | os.PathLike) -> tuple[str, list[dict]]:
    """The book's title and its puzzle entries.
    ExtractError when the file is not a book's manifest."""
    data = yaml_mapping(read_text(path), str(path), ExtractError, "manifest",
                        "`title:` and `puzzles:`")
    entries = data.get("puzzles")
    if not isinstance(entries, list) or not entries or \
            not all(isinstance(e, dict) for e in entries):
        raise ExtractError(f"{path}: no `puzzles:` list; is this a book's manifest?")
    title = data.get("title")
    return (str(title) if isinstance(title, (str, int, float)) else "", entries)


def puzzle_numbers(entries: list[dict]) -> list[int]:
    """The printed numbers of the manifest's entries that have one, in order."""
    return [e["number"] for e in entries if isinstance(e.get("number"), int)]


def extract_puzzle(path: str | os.PathLike, number: int) -> Puzzle:
    """Puzzle `number` (as printed in the book) of the manifest at `path`.
    ExtractError when `number` is not a whole number or the book has no such puzzle."""
    title, entries = load_manifest(path)
    if isinstance(number, bool) or not isinstance(number, int):
        raise ExtractError(f"{path}: puzzle number {number!r} must be a whole number")
    for entry in entries:
        if entry.get("number") == number:
            return entry_puzzle(entry, title, f"{path}: puzzle {number}")
    numbers = puzzle_numbers(entries)
    span = f"{min(numbers)}-{max(numbers)}" if numbers else "none"
    raise ExtractError(f"{path}: no puzzle {number} in this book (its puzzles: {span})")


def entry_puzzle(entry: dict, book_title: str, source: str) -> Puzzle:
    """A manifest entry as a checked puzzle; faults name `source` (manifest and number).
    Raises ExtractError."""
    doc: dict[str, Any] = {
        "title": entry.get("title") or book_title or None,
        "rules": entry.get("rules", "standard"),
        "board": entry.get("board"),
        "given": entry.get("given"),
    }
    if entry.get("chameleons") is not None:
        doc["chameleons"] = entry["chameleons"]
    for key in ("kind", "solutions"):  # a `kind: all` puzzle's question and claim
        if entry.get(key) is not None:
            doc[key] = entry[key]
    if doc["title"] is None:
        del doc["title"]
    # JSON is YAML: the puzzle parser checks the shape and names the source
    puzzle = parse_puzzle(json.dumps(doc, ensure_ascii=False, default=str), source)
    faults = puzzle.faults()
    if faults:
        raise ExtractError(f"{source}: {faults[0]}")
    for c in printed_counts(puzzle):
        if c.wrong:
            raise ExtractError(f"{source}: given tile {c.code}: the manifest says "
                               f"{c.printed} positions, the solver finds {c.found}")
    for fault in claim_faults(puzzle):
        raise ExtractError(f"{source}: {fault.replace('the file says', 'the manifest says')}")
    for key in _KEPT:
        if entry.get(key) is not None:
            puzzle.extra[key] = entry[key]
    if isinstance(entry.get("generate"), dict):
        # the footer's `conundrum generate ...` line, as for a generated file
        puzzle.extra["generator"] = dict(entry["generate"])
    return puzzle


def extract_file(manifest: str | os.PathLike, number: int, output: str | os.PathLike
                 ) -> Path:
    """Write puzzle `number` as a puzzle file at `output`."""
    puzzle = extract_puzzle(manifest, number)
    return atomic_write_many([(output, dump_puzzle(puzzle))])[0]


def extract_all(manifest: str | os.PathLike, folder: str | os.PathLike) -> list[Path]:
    """Every puzzle as `<folder>/puzzle-001.yaml` ... (numbered as in the book), all or none.

    The folder is made if missing (its parent must exist).
    ExtractError when the output is not a folder, its parent does not exist, or an entry has no
    number."""
    title, entries = load_manifest(manifest)
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ExtractError(f"{out}: is not a folder; --all writes one file per puzzle into "
                           "a folder")
    check_folder(out, "-o")  # not `-`, and no file in it that this command reads
    outputs = []
    width = max(3, len(str(max(puzzle_numbers(entries), default=0))))
    for k, entry in enumerate(entries, 1):
        number = entry.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ExtractError(f"{manifest}: entry {k} has no puzzle `number`")
        puzzle = entry_puzzle(entry, title, f"{manifest}: puzzle {number}")
        outputs.append((out / f"puzzle-{number:0{width}d}.yaml", dump_puzzle(puzzle)))
    if not out.exists():
        if not out.parent.is_dir():
            raise ExtractError(no_folder(out, out.parent))
        out.mkdir()
    return atomic_write_many(outputs)
