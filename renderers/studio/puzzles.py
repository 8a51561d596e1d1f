"""Per puzzle: "another one", "keep" and a move within its section, written as the spec
already allows, so that `conundrum book` builds the same book: the puzzle's section
becomes a section of puzzle files (`puzzles:` in book.yaml, the files under `puzzles/`
in the folder), each file the puzzle the last build made; for "another one" that slot's
file is a new puzzle made with the same generator request and another seed; for a move,
the files are listed in the new order (`order: listed`). Every other puzzle stays as it
was, byte for byte."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from conundrum.book.canonical import puzzle_key
from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.manifest import manifest_path
from conundrum.book.tasks import generate_request
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write
from conundrum.puzzle import Puzzle, dump_puzzle, load_puzzle

from .project import Project
from .sections import section_of

FOLDER = "puzzles"
TRIES = 10  # seeds tried for another puzzle before giving up (each one a repeat)
DROPPED = ("number", "section", "file")  # the book's, not the puzzle's: stale once moved
# `kind` stays: a section of files asks its files' question (a Lay-them-all file is refused
# in a section of count puzzles)
GENERATED_ONLY = ("count", "tiles", "given", "positions")
# A file the studio wrote for a puzzle it generated and nobody kept: a seed change makes
# it again (reseed.py). Every other file of a section (kept, set by hand, the author's
# own) is locked: printed as it is whatever changes.
FREE = re.compile(rf"{FOLDER}/s\d+-\d{{3}}\.yaml")
KEPT = re.compile(rf"{FOLDER}/s\d+-\d{{3}}-kept\.yaml")  # a free file the author kept
_STEM = re.compile(rf"{FOLDER}/s(\d+)-")  # the number a section's studio files share


def is_free(name: str | None) -> bool:
    """True for a puzzle file the studio may make again (one not kept: FREE)."""
    return name is not None and FREE.fullmatch(name) is not None


def _studio_names(names: list[str]) -> list[str]:
    """The studio's own names among `names` (FREE, KEPT): the author's file that a
    puzzle set by hand replaced is still the author's, never tidied away (tidy.py)."""
    return [n for n in names if is_free(n) or KEPT.fullmatch(n)]


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
    with _put_back_on_failure(project):
        data, index, names, _place, written = _as_files(project, last, number, another,
                                                        replacement, lock=not another)
        _save_section(project, data, index, names)
    project.ledger.wrote(_studio_names(written))
    return written


def unkeep(project: Project, last: Path | None, number: int) -> list[str]:
    """Un-keep puzzle `number`: its kept file (`puzzles/sI-SSS-kept.yaml`) goes back to
    the free name (`puzzles/sI-SSS.yaml`), the same puzzle, which a new seed or difficulty
    may now make again (reseed.py). Saves book.yaml; the file's new name. ConundrumError
    for a number the book lacks, a puzzle not kept, or one that is the author's own file
    (named by hand: the studio never renames those)."""
    _title, entries = _entries(project, last)
    entry = _entry(entries, number)
    name = entry.get("file")
    if not name or is_free(name):
        raise ConundrumError(f"puzzle {number} is not kept: nothing to unkeep")
    free = name.removesuffix("-kept.yaml") + ".yaml"
    if not KEPT.fullmatch(name) or not is_free(free):
        raise ConundrumError(f"puzzle {number}: {name} is a file of the author's, not one "
                             "the studio kept; edit the section in book.yaml to let it go")
    data = project.read()
    section = next((s for s in data.get("sections") or [] if isinstance(s, dict)
                    and name in (s.get("puzzles") or [])), None)
    if section is None:
        raise ConundrumError(f"puzzle {number}: {name} is no longer listed in book.yaml; "
                             "build again first")
    listed = {n for s in data["sections"] if isinstance(s, dict) for n in s.get("puzzles") or []}
    if free in listed or project.inside(free).exists():
        raise ConundrumError(f"puzzle {number}: cannot unkeep {name}, {free} is already "
                             "in the folder")
    section["puzzles"] = [free if n == name else n for n in section["puzzles"]]
    # the same puzzle under the free name; the kept file, the studio's, is set aside
    # for Undo by the save (tidy.py)
    atomic_write(project.inside(free), project.inside(name).read_bytes())
    project.ledger.wrote([name])
    try:
        project.save(data, project.revision)
    except ConundrumError:
        project.inside(free).unlink()  # book.yaml still names the kept one
        raise
    project.ledger.wrote([free])
    return [free]


def move(project: Project, last: Path | None, number: int, to: int) -> list[str]:
    """Move puzzle `number` to place `to` (1-based) within its section, which becomes
    puzzle files printed in the order listed (`order: listed`; a book orders a section
    by score otherwise): the same puzzles in the new order, every other section as it
    was. Saves book.yaml; the files written. ConundrumError for a number the book lacks
    or a place outside the section."""
    with _put_back_on_failure(project):
        data, index, names, place, written = _as_files(project, last, number)
        if not 1 <= to <= len(names):
            raise ConundrumError(f"puzzle {number}: place {to} is outside its section "
                                 f"(1 to {len(names)})")
        names.insert(to - 1, names.pop(place))
        _save_section(project, data, index, names, order="listed")
    project.ledger.wrote(_studio_names(written))
    return written


@contextmanager
def _put_back_on_failure(project: Project) -> Iterator[None]:
    """The puzzle files as they were when what is inside fails (book.yaml refusing the
    section, say a Lay-them-all file without exactly one arrangement): no file written
    for a section book.yaml does not list, no puzzle of the book overwritten."""
    folder = project.inside(FOLDER)
    before = {p: p.read_bytes() for p in folder.glob("*.yaml")} if folder.is_dir() else {}
    try:
        yield
    except ConundrumError:
        for path in folder.glob("*.yaml") if folder.is_dir() else ():
            if path not in before:
                path.unlink()
        for path, data in before.items():
            if not path.exists() or path.read_bytes() != data:
                atomic_write(path, data)
        raise


def _as_files(project: Project, last: Path | None, number: int, another: bool = False,
              replacement: Puzzle | None = None, lock: bool = False
              ) -> tuple[dict[str, Any], int, list[str], int, list[str]]:
    """Puzzle `number`'s section written as files: (the spec, the section's index, its
    file names in book order, puzzle `number`'s place among them, the files written).
    With `lock` (or a `replacement`), puzzle `number`'s file is a kept one (not FREE)."""
    another = another or replacement is not None
    title, entries = _entries(project, last)
    entry = _entry(entries, number)
    data = project.read()
    # by its place, not its name: two sections may share one (sections.py)
    index, members = section_of(project, data, entries, number)
    own = {e["file"] for e in members if e.get("file")}
    stem = _free_stem(project, data, index, own) if len(own) < len(members) else ""
    names: list[str] = []
    written: list[str] = []
    for e in members:
        name = e.get("file") or f"{stem}{e['slot']:03d}.yaml"
        kept = e is entry and (lock or replacement is not None) and is_free(name)
        if kept:  # the studio's free file becomes a kept one (_save_section: the free goes)
            name = name.removesuffix(".yaml") + "-kept.yaml"
        names.append(name)
        path = project.inside(name)
        if e.get("file") and not (another and e is entry) and not kept:
            continue  # already a file: kept exactly as it is
        if name not in own and path.exists():  # never over a puzzle of another section
            raise ConundrumError(f"puzzle {number}: {name} is already in the folder; "
                                 "move it away or list it in book.yaml")
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
    return data, index, names, members.index(entry), written


def _free_stem(project: Project, data: dict[str, Any], index: int, own: set[str]) -> str:
    """The start of the names of section `index`'s new files, `puzzles/sI-`: I is the
    section's place (1-based) unless another section lists an `sI-` file or the folder
    holds one (a section moved, or removed and perhaps put back by undo), then the next
    number free of both. The names are book.yaml's record: nothing else remembers them."""
    taken = {str(n) for i, s in enumerate(data.get("sections") or [])
             if i != index and isinstance(s, dict) for n in s.get("puzzles") or []}
    folder = project.inside(FOLDER)
    if folder.is_dir():
        taken |= {f"{FOLDER}/{p.name}" for p in folder.iterdir()} - own
    taken |= project.ledger.set_aside() - own  # Undo may bring those back
    used = {int(m[1]) for n in taken if (m := _STEM.match(n))}
    number = index + 1
    while number in used:
        number += 1
    return f"{FOLDER}/s{number}-"


def _save_section(project: Project, data: dict[str, Any], index: int,
                  names: list[str], order: str | None = None) -> None:
    """Section `index` of `data` as the files `names` (its generator keys dropped, its
    `order` set when given); saved, then the studio's free files it no longer lists
    removed."""
    sections = data["sections"]
    before = sections[index].get("puzzles") or []
    section = {k: v for k, v in sections[index].items() if k not in GENERATED_ONLY}
    section["puzzles"] = names
    if order is not None:
        section["order"] = order
    data["sections"] = [section if i == index else s for i, s in enumerate(sections)]
    # a free file now kept under its new name: the old one is the studio's, and the
    # save sets it aside for Undo (tidy.py)
    project.ledger.wrote(n for n in before if is_free(n) and n not in names)
    project.save(data, project.revision)


def _request(entry: dict, path: Path) -> dict[str, Any]:
    """The generator request that made the puzzle (from the manifest, or its file)."""
    request = entry.get("generate")
    if request is None and path.exists():
        request = load_puzzle(path).extra.get("generator")
    if not isinstance(request, dict):
        raise ConundrumError(f"puzzle {entry['number']} was set by hand: there is no "
                             "generator request to make another one from")

    from conundrum.generate import GenerateRequest

    # not the file's `version`; nor `alternate`, the other tiles a book took on that board
    # for a clash (book/alternates.py): another seed's board is another one's
    known = {f.name for f in fields(GenerateRequest)} - {"alternate"}
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


def _entry(entries: list[dict[str, Any]], number: int) -> dict[str, Any]:
    """Puzzle `number`'s manifest entry; ConundrumError when the last build lacks it."""
    entry = next((e for e in entries if e["number"] == number), None)
    if entry is None:
        raise ConundrumError(f"no puzzle {number} in the last build (it has "
                             f"{len(entries)})")
    return entry
