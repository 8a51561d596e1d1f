"""What the studio builds, through the same library calls the CLI makes: a draft or the
final book (`renderers.publish.publish`), its preflight (`renderers.preflight`), the
pages as pictures, and the puzzles listed from the build's manifest."""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import sqlite3
import threading
import zipfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

from conundrum.book.extract import entry_puzzle, load_manifest
from conundrum.book.make_puzzles import Hooks
from conundrum.book.manifest import manifest_path
from conundrum.book.spec import BookSpec, load_spec
from conundrum.book.work import remove_work_file, work_path
from conundrum.errors import ConundrumError
from conundrum.files import atomic_write
from conundrum.puzzle import Puzzle, dump_puzzle

from .jobs import Job
from .pagecache import PageCache
from .project import Project
from .puzzles import is_free
from .reseed import reseed
from .sections import section_places

THUMB_WIDTH = 240  # pixels: the preview strip
LARGE_WIDTH = 900  # pixels: one page looked at
# A puzzle's sheet is looked at large (up to LARGE_WIDTH CSS pixels): drawn twice that
# wide, sharp on a screen of 2 device pixels a CSS pixel. The table shows the board
# alone, drawn at BOARD_DPI and shown at half its pixels (srcset 2x): a cell 0.3 in wide
# is 30 CSS pixels, its colours and labels readable (tests/test_studio_sheets.py).
SHEET_PIXELS = 2 * LARGE_WIDTH
BOARD_DPI = 200
SHEETS_KEPT = 256  # pictures of puzzles kept in memory (each 20-200 kB)


class Builds:
    """The project's builds: the last one's files (what the preview shows) and how to make
    a new one."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.last: Path | None = None  # the interior of the last build that finished
        self._drawing = threading.Lock()  # pdfium is not thread-safe; one sheet file
        self._sheets: OrderedDict[str, bytes] = OrderedDict()  # by what they show
        self._memo = threading.Lock()  # _sheets and _read, shared by the request threads
        self._read: tuple[tuple, tuple[str, list[dict], BookSpec, dict]] | None = None
        self.pages = PageCache(self._drawing)  # pages and covers, kept across builds
        for candidate in (project.output, project.folder / ".studio" / "draft" / "book.pdf"):
            if candidate.exists() and manifest_path(candidate).exists():
                self.last = candidate
                break

    @property
    def draft_pdf(self) -> Path:
        """Where a draft build writes (inside the studio's scratch folder)."""
        folder = self.project.work / "draft"
        folder.mkdir(exist_ok=True)
        return folder / "book.pdf"

    def build(self, job: Job, draft: bool = True) -> BookSpec:
        """Build the book as `conundrum book book.yaml -o book.pdf [--draft]` would, into
        the scratch folder for a draft; the job's files name what was written."""
        from renderers.paint.pdf import PAGE_PROGRESS  # fpdf2 and all: not at start
        from renderers.publish import PublishOptions, publish

        project = self.project
        if not project.spec_path.exists():
            raise ConundrumError(f"{project.spec_path}: no book yet; change a field first")
        # free puzzles follow a new seed or difficulty before the book is built
        job.notes.extend(f"made again: {name}" for name in reseed(project, self.last,
                                                                     job.notes))
        output = self.draft_pdf if draft else project.output
        site = None if draft else project.work / "site"
        if site is not None and site.exists():
            shutil.rmtree(site)
        resume = draft and self._recall(output)
        options = PublishOptions(output=output, catalogue=str(project.catalogue), draft=draft,
                                 web=site, resume=resume)

        def progress(made: int, total: int) -> None:
            job.progress(made, total)
            if draft and made == total:  # every result is in the work file: remember them
                self._remember(output)
        # the final build counts its pages as they are painted (the publish bar)
        token = None if draft else PAGE_PROGRESS.set(job.painted)
        try:
            done = publish(project.spec_path, options, job.notes.append,
                           Hooks(progress=progress))
        finally:
            if token is not None:
                PAGE_PROGRESS.reset(token)
        cover = done.cover
        if cover is None:  # the preview always shows the cover the book would have
            from pypdf import PdfReader

            from renderers.book.cover import cover_name, cover_pdf
            pages = len(PdfReader(done.book.pdf).pages)
            cover = atomic_write(cover_name(output) if draft else
                                 project.work / "cover-preview.pdf",
                                 cover_pdf(done.spec, pages,
                                           [bp.puzzle for bp in done.book.puzzles]))
        files = {"interior": done.book.pdf, "manifest": done.book.manifest}
        if draft or done.cover is not None:  # a published book without `cover:` has none
            files["cover"] = cover
        if done.site is not None and site is not None:
            files["site"] = _zip(site, project.folder / "book-site.zip")
        job.files = {k: self.name(v) for k, v in files.items()}
        self.last = output
        return done.spec

    # A draft resumes from every puzzle the drafts before it made (the build's own work
    # file, remembered between builds): a result is a pure function of its task, so the
    # book is the same, and a change that leaves the puzzles' tasks alone (a title, the
    # cover, the palette) generates nothing. A slot's plan never depends on its section's
    # count (conundrum.book.variety), so a larger count makes only the new slots: 20 -> 22
    # in tests/benchmarks/bench_studio.py, 2 generator runs, the 20 puzzles kept (20 runs
    # and 15 kept while the plan spread a section's kinds over its count).
    @property
    def _memory(self) -> Path:
        return self.project.work / "drafts.work.sqlite"

    def _recall(self, output: Path) -> bool:
        if not self._memory.exists():
            return False
        _copy_sqlite(self._memory, work_path(output))
        return True

    def _remember(self, output: Path) -> None:
        if work_path(output).exists():
            _copy_sqlite(work_path(output), self._memory)

    def name(self, path: Path) -> str:
        """`path` relative to the project folder, as the API names files."""
        return path.resolve().relative_to(self.project.folder.resolve()).as_posix()

    def cover_pdf(self) -> Path | None:
        """The cover drawn with the last build, or None."""
        if self.last is None:
            return None
        from renderers.book.cover import cover_name
        for path in (cover_name(self.last), self.project.work / "cover-preview.pdf"):
            if path.exists():
                return path
        return None

    def page_png(self, pdf: Path, number: int, width: int) -> bytes | None:
        """Page `number` (1-based) of `pdf` as a PNG `width` pixels wide; None past the
        end. Drawn only when its look changed since a build before (pagecache)."""
        return self.pages.png(pdf, number, width)

    def page_count(self) -> int:
        """The pages of the last build (0 before the first)."""
        if self.last is None or not self.last.exists():
            return 0
        from pypdf import PdfReader
        return len(PdfReader(self.last).pages)

    def sheet_png(self, number: int, part: str = "sheet") -> bytes | None:
        """Puzzle `number` of the last build on its own sheet (`conundrum render`, in the
        book's language, palette and page) SHEET_PIXELS wide, or with `part="board"` its
        board alone at BOARD_DPI, as a PNG; None for a number the book lacks. Drawn once
        for what it shows (the puzzle, its title, the book's language, palette and page):
        a build that leaves a puzzle alone leaves its picture drawn."""
        from renderers.page.layout import page_size  # millimetres
        from renderers.render import render_sheet

        if self.last is None or not manifest_path(self.last).exists() \
                or not self.project.spec_path.exists():
            return None
        title, entries, spec, keys = self._read_build(manifest_path(self.last))
        entry = next((e for e in entries if e["number"] == number), None)
        if entry is None:
            return None
        def puzzle() -> Puzzle:
            return entry_puzzle(entry, title, f"puzzle {number}")
        if (number, part) not in keys:
            # the board alone shows its tiles only; the sheet all the file says (its
            # footer the command that makes it again, gone once the puzzle is a file)
            shown = [entry.get(k) for k in ("board", "rules", "kind")] if part == "board" \
                else dump_puzzle(puzzle())
            keys[number, part] = hashlib.sha256(json.dumps(
                [shown, spec.language, spec.palette, spec.page, part],
                sort_keys=True, default=str).encode()).hexdigest()
        key = keys[number, part]
        with self._memo:  # requests are served from a pool of threads
            if key in self._sheets:
                self._sheets.move_to_end(key)
                return self._sheets[key]
        dpi = BOARD_DPI if part == "board" else \
            round(SHEET_PIXELS * 25.4 / page_size(spec.page)[0])
        target = self.project.work / "sheet.png"
        with self._drawing:  # one sheet at a time through the one file
            render_sheet(puzzle(), target, lang=spec.language, palette=spec.palette,
                         page=spec.page, dpi=dpi, part=part)
            data = target.read_bytes()
        with self._memo:
            self._sheets[key] = data
            while len(self._sheets) > SHEETS_KEPT:
                self._sheets.popitem(last=False)
        return data

    def _read_build(self, manifest: Path) -> tuple[str, list[dict], BookSpec, dict]:
        """The last build's manifest (title, entries), the spec, and the pictures' keys
        worked out so far (by number and part), read again only when either file changed:
        a table of 100 sheets reads them once, not 100 times."""
        files = (manifest, self.project.spec_path)
        stamp = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)
        with self._memo:
            read = self._read
        if read is None or read[0] != stamp:
            title, entries = load_manifest(files[0])
            read = (stamp, (title, entries, load_spec(files[1]), {}))
            with self._memo:
                self._read = read
        return read[1]

    def puzzles(self) -> list[dict[str, Any]]:
        """The last build's puzzles as `GET /api/puzzles` lists them."""
        if self.last is None or not manifest_path(self.last).exists():
            return []
        _title, entries = load_manifest(manifest_path(self.last))
        try:
            spec = load_spec(self.project.spec_path) if self.project.spec_path.exists() \
                else None
        except ConundrumError:  # book.yaml broken by hand since: the runs of one name
            spec = None
        places = section_places(entries, spec)
        return [{"number": e["number"], "section": e["section"], "section_index": place,
                 "grade": e.get("grade"),
                 "score": e.get("score"), "given": e.get("given"), "board": e.get("board"),
                 "seed": e.get("seed"),
                 "locked": e.get("source") == "file" and not is_free(e.get("file")),
                 "kind": e.get("kind", "count"), "file": e.get("file")}
                for e, place in zip(entries, places, strict=True)]


def _copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of an SQLite file, write-ahead log included (SQLite's backup)."""
    remove_work_file(target)
    with contextlib.closing(sqlite3.connect(source)) as src, \
            contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def _zip(folder: Path, target: Path) -> Path:
    """The site's folder as one zip, for download (written atomically)."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
    return atomic_write(target, data.getvalue())


def preflight_table(interior: Path, cover: Path | None, spec: BookSpec) -> dict[str, Any]:
    """The checks of the spec's printer (`printer:`) on the final book, as the job's
    `preflight` (`conundrum preflight`)."""
    from renderers.preflight import preflight

    report = preflight(interior, cover, printer=spec.printer, colour=spec.colour,
                       paper=spec.paper, thickness=spec.paper_thickness)
    return {"printer": report.printer, "exit": 0 if report.ok else 1,
            "rules": [{"rule": c.rule, "figure": c.measured, "limit": c.required,
                       "pass": c.ok} for c in report.checks]}
