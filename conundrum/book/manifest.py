"""The manifest: `<output stem>.manifest.yaml`, every puzzle of the book as data.

Shape (docs/formats.md, "Manifest"): `{title, seed, puzzles: [{number, section, difficulty, board,
given: [{code, positions}], seed, ...}]}`. It holds nothing about the run
(no paths, times, job counts), so two builds of the same book compare equal
byte for byte.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

import yaml

from ..cycle_collector import no_collection
from ..puzzle import Puzzle, _Dumper, placement_yaml
from ..version import program_version
from ..workers import can_fork, forked_process
from .make_puzzles import Made
from .spec import BookSpec


@dataclass
class BookPuzzle:
    """A puzzle in its place in the book."""

    number: int  # 1, 2, ... through the whole book
    section: int  # index into spec.sections
    made: Made
    score: float  # the measured difficulty (the generator's grading formula)

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle as made for its slot."""
        return self.made.puzzle


def manifest_path(output: str | os.PathLike) -> Path:
    """The manifest written beside a book: `book.pdf` -> `book.manifest.yaml`."""
    out = Path(output)
    return out.with_name(f"{out.stem}.manifest.yaml")


def with_pages(text: str, pages: int) -> str:
    """The manifest's text with `pages:`, the interior's page count, after its `version:`
    line (the text is written while the PDF is drawn, before its pages are known).

    >>> with_pages("title: T\\nversion: 1\\npuzzles: []\\n", 24)
    'title: T\\nversion: 1\\npages: 24\\npuzzles: []\\n'
    """
    head, sep, rest = text.partition("\npuzzles:")
    return f"{head}\npages: {pages}{sep}{rest}"


def manifest_doc(spec: BookSpec, puzzles: list[BookPuzzle]) -> dict[str, Any]:
    """The manifest as data: the book's title, seed, program version and one entry a puzzle."""
    doc: dict[str, Any] = {"title": spec.title}
    if spec.subtitle is not None:
        doc["subtitle"] = spec.subtitle
    doc["seed"] = spec.seed
    doc["version"] = program_version()  # the same seed makes the same book with this version
    doc["puzzles"] = [_entry(spec, bp) for bp in puzzles]
    return doc


def _entry(spec: BookSpec, bp: BookPuzzle) -> dict[str, Any]:
    section = spec.sections[bp.section]
    pz = bp.puzzle
    entry: dict[str, Any] = {
        "number": bp.number,
        "section": section.name,
        "difficulty": section.difficulty,
        "board": [placement_yaml(p) for p in pz.board],
        "given": [{"code": g.code, "positions": g.positions} for g in pz.given],
    }
    if pz.kind != "count":  # Lay them all: the kind and its claim are the puzzle's
        entry["given"] = [{"code": g.code} for g in pz.given]
        entry["kind"] = pz.kind
        entry["solutions"] = pz.solutions
    if bp.made.file is None:
        entry["seed"] = bp.made.seed
    entry["slot"] = bp.made.slot + 1
    entry["rules"] = pz.rules
    if pz.chameleons is not None:
        entry["chameleons"] = list(pz.chameleons)
    entry["key"] = bp.made.key
    entry["score"] = bp.score
    if "grade" in pz.extra:
        entry["grade"] = pz.extra["grade"]  # the level the puzzle measures at
    if bp.made.file is not None:
        # hand-made: where it came from (as named in the spec; never an absolute path)
        entry["source"] = "file"
        entry["file"] = bp.made.file
        if pz.title:
            entry["title"] = pz.title
    else:
        # the request that made it: `conundrum generate` with these options makes it again
        entry["generate"] = {k: v for k, v in bp.made.request.items() if v is not None}
    return entry


def dump_manifest(spec: BookSpec, puzzles: list[BookPuzzle]) -> str:
    """The manifest's YAML text."""
    return _dump(manifest_doc(spec, puzzles))


DUMP_CHUNK = 100  # puzzles represented at a time (`_dump`)


class _ManifestDumper(_Dumper):
    """Never an anchor and alias: the text depends on the values alone, not on which
    of them happen to be one object (a build's puzzles never share any)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _dump(doc: dict[str, Any]) -> str:
    """`doc` as YAML, its `puzzles` (the last key) DUMP_CHUNK at a time: the same text as
    in one piece (a sequence in a mapping is written unindented, as at the top), but the
    representer's node graph is never the whole book's (1,600 puzzles: 86 MB)."""
    puzzles = doc["puzzles"]
    if not puzzles:
        return _yaml(doc)
    head = _yaml({key: value for key, value in doc.items() if key != "puzzles"})
    return head + "puzzles:\n" + "".join(_yaml(puzzles[start:start + DUMP_CHUNK])
                                         for start in range(0, len(puzzles), DUMP_CHUNK))


def _yaml(data: Any) -> str:
    with no_collection():  # the representer's node graph: 2.5x faster without passes over it
        return yaml.dump(data, Dumper=_ManifestDumper, sort_keys=False, allow_unicode=True,
                         width=100)


class ManifestSoon:
    """The manifest's text, asked for once the book is drawn (`text`). With `background`,
    a forked process writes it meanwhile (YAML's representer is pure Python: seconds for
    a long book, while the drawing leaves a core free); else it is written when asked.
    The same text either way. Use it as a context manager: leaving it stops the writer."""

    def __init__(self, spec: BookSpec, puzzles: list[BookPuzzle], background: bool) -> None:
        self.book = (spec, puzzles)
        self.child: BaseProcess | None = None
        if background and can_fork():
            self.receive, send = multiprocessing.Pipe(duplex=False)
            # the writer gathers the manifest's facts too: the book's layout waits for neither
            self.child = forked_process(_send_dump, spec, puzzles, send)
            send.close()

    def text(self) -> str:
        """The manifest's YAML text: the writer's, or written here when there is none or it died.
        Stops the writer."""
        if self.child is None:
            return _dump(manifest_doc(*self.book))
        try:
            return self.receive.recv_bytes().decode("utf-8")
        except (EOFError, OSError):  # the writer died (killed, out of memory): write it here
            return _dump(manifest_doc(*self.book))
        finally:
            self.close()

    def close(self) -> None:
        """Stop the background writer, if any (killing it when it has not finished)."""
        if self.child is not None:
            self.receive.close()
            if self.child.is_alive():
                self.child.kill()
            self.child.join()
            self.child = None

    def __enter__(self) -> ManifestSoon:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _send_dump(spec: BookSpec, puzzles: list[BookPuzzle], send: Connection) -> None:
    send.send_bytes(_dump(manifest_doc(spec, puzzles)).encode("utf-8"))
    send.close()
