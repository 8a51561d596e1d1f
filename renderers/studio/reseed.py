"""Keep one puzzle, and let the rest of its section follow the book: a section that became
puzzle files (keep, another one, a move) holds kept files and free ones (the studio's
`puzzles/sI-SSS.yaml`, puzzles it generated and nobody kept: puzzles.FREE). When the
book's seed or the section's difficulty changes, the free files are made again as the
generated section would make them; the kept files stay as they are.

How: the book is built once as a draft with those sections generated again (`count` of
their files, their difficulty and kind), and each free file takes, in order, the next of
that section's new puzzles that is none of its kept ones. A section with no kept file
left becomes a generated section again. Either way book.yaml and the files are all the
CLI reads: `conundrum book` builds the same book from them.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from conundrum.book.canonical import puzzle_key
from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.manifest import manifest_path
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write, read_text, yaml_mapping
from conundrum.puzzle import dump_puzzle, load_puzzle

from .project import Project, dump_spec
from .puzzles import DROPPED, is_free
from .sections import parts

SECTION_OWN = ("name", "difficulty", "kind", "counts")  # what a generated section keeps


def reseed(project: Project, last: Path | None, notes: list[str]) -> list[str]:
    """Make again the free files whose section's seed or difficulty changed since the
    build `last`; the files written (book.yaml saved where a section became generated
    again). `notes` hears what was done."""
    if last is None or not manifest_path(last).exists() or not project.spec_path.exists():
        return []
    data = project.read()
    if not any(is_free(n) for s in data.get("sections") or [] if isinstance(s, dict)
               for n in s.get("puzzles") or []):
        return []  # no free file: nothing to read the last manifest for
    built = yaml_mapping(read_text(manifest_path(last)), str(manifest_path(last)),
                         ConundrumError, "manifest", "`title:` and `puzzles:`")
    by_file = {e.get("file"): e for e in built.get("puzzles") or []
               if isinstance(e, dict) and e.get("file")}
    stale = [i for i, s in enumerate(data.get("sections") or [])
             if _stale(s, data.get("seed", 1) != built.get("seed"), by_file)]
    if not stale:
        return []
    sections = data["sections"]
    mixed = [i for i in stale if not all(is_free(n) for n in sections[i]["puzzles"])]
    for i in stale:
        if i not in mixed:  # nothing kept: a generated section again
            # its free files, the studio's, leave the folder with the save (tidy.py)
            project.ledger.wrote(n for n in sections[i]["puzzles"] if is_free(n))
            sections[i] = _generated(sections[i])
            notes.append(f"section {sections[i]['name']}: nothing kept, generated again")
    written = _refill(project, data, mixed) if mixed else []
    project.save(data, project.revision)
    project.ledger.wrote(written)
    return written


def _stale(section: Any, reseeded: bool, by_file: dict) -> bool:
    """True for a section of files, some free, whose free puzzles the last build made
    for another seed (`reseeded`) or another difficulty."""
    names = section.get("puzzles") if isinstance(section, dict) else None
    free = [n for n in names or [] if is_free(n)]
    if not free:
        return False
    level = section.get("difficulty", 3)
    return reseeded or any(by_file.get(n, {}).get("difficulty", level) != level for n in free)


def _generated(section: dict[str, Any]) -> dict[str, Any]:
    """The section as a generated one: as many puzzles as it has files."""
    out = {k: v for k, v in section.items() if k in SECTION_OWN}
    out["count"] = len(section["puzzles"])
    return out


def _refill(project: Project, data: dict[str, Any], mixed: list[int]) -> list[str]:
    """Build the book with the `mixed` sections generated; write their free files."""
    from renderers.publish import PublishOptions, publish

    folder = project.work / "reseed"
    folder.mkdir(exist_ok=True)
    virtual = copy.deepcopy(data)
    for i, section in enumerate(virtual["sections"]):
        if i in mixed:
            virtual["sections"][i] = _generated(section)
        elif isinstance(section, dict) and section.get("puzzles"):  # read from the folder
            section["puzzles"] = [str(project.inside(n)) for n in section["puzzles"]]
    spec = atomic_write(folder / "book.yaml", dump_spec(virtual))
    done = publish(spec, PublishOptions(output=folder / "book.pdf", draft=True,
                                        catalogue=str(project.catalogue)), lambda _: None)
    title, entries = load_manifest(done.book.manifest)
    # each section's puzzles by its place: a section of the same name is another one
    cut = parts(entries, done.spec.sections)
    if cut is None:
        raise ConundrumError(f"{done.book.manifest}: the draft is not of the book's "
                             "sections; build again")
    written = []
    for i in mixed:
        names = data["sections"][i]["puzzles"]
        kept = {puzzle_key(load_puzzle(project.inside(n))) for n in names if not is_free(n)}
        fresh = [p for p in (entry_puzzle(e, title, "") for e in cut[i])
                 if puzzle_key(p) not in kept]
        for free, puzzle in zip([n for n in names if is_free(n)], fresh, strict=False):
            for key in DROPPED:
                puzzle.extra.pop(key, None)
            atomic_write(project.inside(free), dump_puzzle(puzzle))
            written.append(free)
    return written
