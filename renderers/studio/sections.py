"""Which section of book.yaml each puzzle of a build belongs to, by the section's place,
never by its name alone.

The manifest names a puzzle's section by its name, and two sections may share one (or
two names may read the same once the spec has read them: `Twin` and ` Twin `). A book
prints its sections in spec order, each its `count` puzzles numbered on through the book,
slots 1 to `count` (conundrum.book.make_book.order_book), so the entries cut by the
sections' counts are the sections' own puzzles. The cut is trusted only when every part
has its section's name, slots and files: a book.yaml changed since the build (a section
moved, a count changed) is refused ("build again first"), never guessed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conundrum.book.spec import BookSpec, Section, parse_spec
from conundrum.errors import ConundrumError

from .project import Project, dump_spec


def parts(entries: list[dict], sections: Sequence[Section]) -> list[list[dict]] | None:
    """The manifest's `entries` cut into one list a section of `sections` (as the spec
    read them), or None when the build was not of these sections."""
    cut: list[list[dict]] = []
    at = 0
    for section in sections:
        part = entries[at:at + section.count]
        at += section.count
        if len(part) != section.count or any(e.get("section") != section.name for e in part):
            return None
        if sorted(_slot(e) for e in part) != list(range(1, section.count + 1)):
            return None
        files = sorted(str(e.get("file")) for e in part if e.get("file"))
        if files != sorted(section.puzzles or ()):
            return None
        cut.append(part)
    return cut if at == len(entries) else None


def _slot(entry: dict) -> int:
    slot = entry.get("slot")
    return slot if isinstance(slot, int) and not isinstance(slot, bool) else 0


def spec_of(project: Project, data: dict[str, Any]) -> BookSpec:
    """book.yaml's mapping `data` as the book command reads it (names as it reads them)."""
    return parse_spec(dump_spec(data), str(project.spec_path), base=str(project.folder))


def section_of(project: Project, data: dict[str, Any], entries: list[dict],
               number: int) -> tuple[int, list[dict]]:
    """Puzzle `number`'s section: its index in `data["sections"]` and the section's
    entries of the build, in book order. ConundrumError when book.yaml changed since the
    build (the puzzle's section cannot be told for sure)."""
    cut = parts(entries, spec_of(project, data).sections)
    if cut is None:
        raise ConundrumError(f"puzzle {number}: book.yaml changed since the last build "
                             "(its sections are not the ones built); build again first")
    for index, part in enumerate(cut):
        if any(e.get("number") == number for e in part):
            return index, part
    raise ConundrumError(f"no puzzle {number} in the last build (it has {len(entries)})")


def section_places(entries: list[dict], spec: BookSpec | None) -> list[int]:
    """Each entry's section index (0-based, as `sections.I` in book.yaml): by the spec's
    sections when the build was of them, otherwise by the runs of one name (two sections
    of one name side by side then read as one, until the next build)."""
    cut = None if spec is None else parts(entries, spec.sections)
    if cut is not None:
        return [index for index, part in enumerate(cut) for _ in part]
    places: list[int] = []
    for i, entry in enumerate(entries):
        same = i > 0 and entries[i - 1].get("section") == entry.get("section")
        places.append(places[-1] if same else (places[-1] + 1 if places else 0))
    return places
