"""Books (`make bench`): whole builds of 100, 400 and 1,600 puzzles with --jobs 2, then the
rendering alone at the same sizes beside the physical floor.

1. Whole builds from nothing (making the puzzles, then laying out and
   painting the PDF, the manifest, the catalogue), --jobs 2, as
   `conundrum book spec.yaml -o book.pdf --jobs 2` runs them: four sections
   at difficulty 1-4, two puzzles a page, answers at the end. Each in its
   own forked process: its peak memory (max RSS) is its own, and the
   largest worker process's peak (generator, painter or manifest
   writer) beside it. Puzzles/s staying level
   from 100 to 1,600 means build time grows linearly with the count. The
   100-puzzle build is also made with --jobs 1: the bytes must be the same.
2. Rendering only (layout, then the PDF painted in parts by 2 worker
   processes as `--jobs 2` does) of books of 100, 400 and 1,600 puzzles,
   the puzzles of the 100-puzzle build reused in turn, so this measures the
   renderer, not the generator. Beside each: raw fpdf2 drawing the same
   number of pages with the same number of rectangles a page, nothing else
   (the floor for any fpdf2 painter).

Nothing is asserted on time; figures are printed for the README.
"""

from __future__ import annotations

import io
import multiprocessing
import resource
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from pypdf import PdfReader

from conundrum.book.example import example_puzzle
from conundrum.book.make_book import BookContent, BookOptions, make_book, order_book
from conundrum.book.make_puzzles import Hooks, Made, make_puzzles
from conundrum.book.spec import parse_spec
from conundrum.book.work import WorkFile
from renderers.book.cover import cover_pdf
from renderers.book.layout import book_pages, grid_limits, render_book
from renderers.page.printers import printer_rules
from renderers.paint.pdf import pdf_bytes
from renderers.preflight import interior_checks
from renderers.preflight.pdf_facts import read_pdf

SPEC = """\
title: Benchmark Conundrums
seed: 2024
per_page: 2
answers: end
sections:
  - {name: Warm-up, count: 30, difficulty: 1}
  - {name: Easy, count: 30, difficulty: 2}
  - {name: Tricky, count: 25, difficulty: 3}
  - {name: Hard, count: 15, difficulty: 4}
"""
SIZES = (100, 400, 1600)


class _Clock:
    """When the last puzzle was made: the rest of the build is the PDF."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.generated = self.start

    def __call__(self, done: int, total: int) -> None:
        if done == total:
            self.generated = time.perf_counter()


def sized_spec(count: int):
    """The benchmark book with `count` puzzles, a quarter in each section."""
    quarter = count // 4
    return parse_spec(SPEC.replace("count: 30", f"count: {quarter}")
                      .replace("count: 25", f"count: {quarter}")
                      .replace("count: 15", f"count: {count - 3 * quarter}"), "bench")


def build(count: int, jobs: int, folder: Path) -> tuple[float, float, bytes]:
    spec = sized_spec(count)
    out = folder / f"book-{count}-{jobs}.pdf"
    options = BookOptions(output=out, jobs=jobs, catalogue=folder / f"cat-{count}-{jobs}.sqlite",
                          max_grids=grid_limits(spec))
    clock = _Clock()
    make_book(spec, options, render_book, lambda _m: None, Hooks(progress=clock))
    end = time.perf_counter()
    return end - clock.start, clock.generated - clock.start, out.read_bytes()


def _build(count: int, jobs: int, folder: Path, queue) -> None:
    total, generating, data = build(count, jobs, folder)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    queue.put((total, generating, pages, data, _peak_mb(), workers))


def content_of(count: int, pool: list[Made]) -> BookContent:
    """A book of `count` puzzles in the four sections, each section's puzzles those the
    pool made for it, in turn (so each section keeps its level and its boards' sizes)."""
    spec = sized_spec(count)
    by_section = [[m for m in pool if m.section == si] for si in range(len(spec.sections))]
    made = [replace(by_section[si][k % len(by_section[si])], section=si, slot=k)
            for si, s in enumerate(spec.sections) for k in range(s.count)]
    return BookContent(spec, order_book(spec, made), example_puzzle(spec.seed))


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _render(count: int, pool: list[Made], queue) -> None:
    content = content_of(count, pool)
    start = time.perf_counter()
    pages = book_pages(content, lambda _m: None, lazy=True)  # as render_book lays it out
    laid = time.perf_counter()
    spec = content.spec
    data = pdf_bytes(pages, spec.title, spec.language, spec.colour, spec.palette, jobs=2)
    end = time.perf_counter()
    # the cover and the checks `book` runs on a bleed book's PDF (preflight's fast ones)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "b.pdf"
        pdf.write_bytes(data)
        cover_pdf(replace(spec, cover=True), len(pages), [m.puzzle for m in content.puzzles])
        interior_checks(read_pdf(pdf, ink=False, jobs=2), printer_rules("kdp"), spec.colour,
                        "black", with_ink=False)
    extra = time.perf_counter() - end
    # counted without keeping the drawings (`drawn()` would): the peak is the render's
    items = sum(len(p.all_items()) for p in pages)
    queue.put((len(pages), items, laid - start, end - laid + extra, len(data), _peak_mb(),
               extra))


def _floor(pages: int, per_page: int, queue) -> None:
    from fpdf import FPDF

    start = time.perf_counter()
    pdf = FPDF(unit="mm", format="A4")
    for _ in range(pages):
        pdf.add_page()
        for k in range(per_page):
            pdf.rect(10 + k % 180, 10 + (k // 180) % 270, 1, 1, style="F")
    data = bytes(pdf.output())
    queue.put((time.perf_counter() - start, len(data), _peak_mb()))


def _in_child(target, *args):
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=target, args=(*args, queue))
    child.start()
    result = queue.get()
    child.join()
    return result


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("whole builds from nothing, --jobs 2 (4 sections at difficulty 1-4, 2 a page, "
              "answers at the end):")
        first = b""
        for count in SIZES:
            total, generating, pages, data, peak, workers = _in_child(_build, count, 2, folder)
            first = first or data
            print(f"  {count:5d} puzzles, {pages:4d} pages: {total:6.2f} s "
                  f"({count / total:5.1f} puzzles/s; puzzles {generating:5.2f} s, layout and "
                  f"PDF {total - generating:5.2f} s), {len(data) / 2**20:5.1f} MiB, peak "
                  f"{peak:4.0f} MB (largest worker process {workers:4.0f} MB)")
        total, _generating, _pages, alone, _peak, _workers = _in_child(_build, SIZES[0], 1,
                                                                       folder)
        same = "identical" if alone == first else "DIFFERENT (a bug)"
        print(f"  {SIZES[0]} puzzles with --jobs 1: {total:6.2f} s; PDF bytes with 1 and 2 "
              f"jobs: {same}")
        pool = make_puzzles(sized_spec(SIZES[0]), WorkFile(folder / "pool.sqlite", fresh=True),
                            frozenset(), jobs=2)
    print("rendering only (the 100 puzzles above reused; layout in one process, the PDF "
          "painted in parts by 2 workers as with --jobs 2):")
    for count in SIZES:
        pages, items, layout, paint, size, peak, extra = _in_child(_render, count, pool)
        total = layout + paint
        floor, _floor_size, floor_peak = _in_child(_floor, pages, items // pages)
        print(f"  {count:5d} puzzles, {pages:4d} pages: {total:6.2f} s "
              f"({count / total:5.1f} puzzles/s; layout {layout:5.2f} s, PDF {paint:5.2f} s "
              f"with the cover and preflight {extra:4.2f} s), {size / 2**20:5.1f} MiB, peak "
              f"{peak:4.0f} MB | raw fpdf2, {pages} pages of {items // pages} rectangles: "
              f"{floor:5.2f} s, peak {floor_peak:4.0f} MB: {total / floor:4.1f}x the floor")


if __name__ == "__main__":
    main()
