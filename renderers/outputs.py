"""Every file a book build will write, checked against every file it reads, before any work.

A build writes the PDF, its manifest, the cover (`cover: true`), the work file, the
catalogue (an SQLite file: read and written), and with `--web` and `--export` a folder of
files whose names are known from the spec alone. None of them may be one of the build's
inputs (the spec, its hand-made puzzle files, the catalogue) or another of its outputs,
by any path: names are compared after resolving symbolic links and `..`, and by device
and inode where the files exist (`files.refuse_inputs`). A file lying in the `--web` or
`--export` folder under a name that folder's output writes counts as that output.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from conundrum.book.catalogue import is_url, locate
from conundrum.book.manifest import manifest_path
from conundrum.book.spec import BookSpec
from conundrum.book.work import work_path
from conundrum.errors import ConundrumError
from conundrum.files import as_path, refuse_inputs
from conundrum.overwrite_guard import lock_path, note_input
from renderers.book.cover import cover_name
from renderers.book.export import CSV_NAME, art_name
from renderers.web import site


def book_files(spec: BookSpec, output: Path, catalogue: str | None) -> list[tuple[str, object]]:
    """The single files a build of `spec` into `output` writes, as (what, path): the book,
    its manifest, the cover, the work file and the catalogue (None for a server's)."""
    location = locate(catalogue, output)
    return [("book", output), ("manifest", manifest_path(output)),
            ("work file", work_path(output)), ("build's lock", lock_path(output)),
            ("catalogue", None if is_url(location) else location),
            ("cover", cover_name(output) if spec.cover else None)]


def book_inputs(spec: BookSpec, spec_path: str | os.PathLike) -> list[tuple[str, object]]:
    """The files a build reads, as (what, path): the spec and its hand-made puzzle files."""
    files: list[tuple[str, object]] = [("spec", spec_path)]
    files += [("puzzle file", Path(spec.base, name))
              for section in spec.sections for name in (section.puzzles or ())]
    return files


def site_names(total: int) -> Iterator[str]:
    """The names `--web` writes for a book of `total` puzzles."""
    yield from (site.INDEX, site.PLAYER, site.MANIFEST, site.ICON, site.WORKER,
                site.SITE_LIST)
    yield from (site.page_name(n) for n in range(1, total + 1))


def export_names(total: int) -> Iterator[str]:
    """The names `--export` writes for a book of `total` puzzles."""
    yield CSV_NAME
    for n in range(1, total + 1):
        yield art_name(n, total)
        yield art_name(n, total, ".pdf")


def check_book_outputs(spec: BookSpec, spec_path: str | os.PathLike, output: Path,
                       catalogue: str | None, web: Path | None, export: Path | None) -> None:
    """Refuse, naming both files, any output of the build that is one of its inputs or
    another output (the cover onto the catalogue, a site page onto the spec), before any
    work. Raises ConundrumError."""
    outputs = book_files(spec, output, catalogue)
    inputs = book_inputs(spec, spec_path)
    refuse_inputs(outputs, inputs)
    # from now on no clean-up (a stale temporary file's name) may delete the catalogue
    note_input(dict(outputs)["catalogue"], "catalogue")
    total = sum(section.count for section in spec.sections)
    files = [(what, Path(os.path.realpath(as_path(path)))) for what, path in
             [*inputs, *outputs] if path is not None]
    folders = [(option, folder, names(total)) for option, folder, names in
               (("--web", web, site_names), ("--export", export, export_names))
               if folder is not None]
    for option, folder, names in folders:
        real = Path(os.path.realpath(folder))
        for what, path in files:
            if path == real:
                raise ConundrumError(f"{option} {folder}: the {what} is written there; "
                                     "give the folder another name")
        written = set(names)
        for what, path in files:
            if path.parent == real and path.name in written:
                raise ConundrumError(f"{option} {folder}: its {path.name} would replace "
                                     f"the {what}; choose another folder")
