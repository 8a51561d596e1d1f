"""Builds sharing one catalogue (`make bench`): SQLite file and real PostgreSQL server.

1. Whole books: 1, 2 and 4 builds at once (forked processes, same seed, different
   titles, so they compete for the same puzzles), each 8 small puzzles, all against one
   catalogue: puzzles per second over all builds, and the ratio to one build alone.
2. The catalogue alone: 1, 2 and 4 processes each claiming 200 distinct puzzles (one
   transaction each), then publishing them: claims per second, and the ratio to one
   process. The naive baseline in the same run is SQLite as it comes: a rollback journal
   (a writer blocks readers) and every commit synced to disk.

Nothing is asserted on time. PostgreSQL is skipped (with a note) when not installed.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from conundrum.book.canonical import key_of
from conundrum.book.catalogue import Entry
from conundrum.book.catalogue_sqlite import SqliteCatalogue
from conundrum.book.catalogues import open_catalogue
from conundrum.cli import main as cli_main
from tests.support.pg import Unavailable, running_server

FORK = multiprocessing.get_context("fork")
PUZZLES = 8
CLAIMS = 200


def _spec(folder: Path, n: int) -> Path:
    path = folder / f"v{n}.yaml"
    path.write_text(f"title: Bench {n}\nseed: 9\nanswers: none\nper_page: 6\nsections: "
                    f"[{{name: A, count: {PUZZLES}, difficulty: 1, tiles: 5}}]\n")
    return path


def _build(spec: str, out: str, catalogue: str) -> None:
    import sys

    sys.stderr = open(os.devnull, "w")  # quiet: the figures are what matters here
    os._exit(cli_main(["book", spec, "-o", out, "--catalogue", catalogue]))


def books_at_once(builds: int, catalogue: str, folder: Path) -> float:
    """Puzzles per second over `builds` concurrent builds."""
    specs = [_spec(folder, n) for n in range(builds)]
    start = time.perf_counter()
    procs = [FORK.Process(target=_build, args=(str(s), str(s.with_suffix(".pdf")), catalogue))
             for s in specs]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    elapsed = time.perf_counter() - start
    if any(p.exitcode != 0 for p in procs):
        raise SystemExit(f"a build failed against {catalogue}")
    return builds * PUZZLES / elapsed


class NaiveSqlite(SqliteCatalogue):
    """The same statements the way a plain SQLite file does them: rollback journal (a
    writer blocks readers), every commit synced to disk."""

    journal = "delete"
    claim_sync = "FULL"


def _claimer(catalogue: str, worker: int, claims: int) -> None:
    forms = [f"standard|default|RGB@{worker},{i}h|bench" for i in range(claims)]
    naive = catalogue.endswith(".naive")
    with NaiveSqlite(catalogue) if naive else open_catalogue(catalogue) as cat:
        book = f"bench-{worker}"
        for form in forms:
            assert cat.claim(book, book, key_of(form), form)
        cat.record(book, book, [Entry(key_of(f), f, i) for i, f in enumerate(forms, 1)])
    os._exit(0)


def claims_at_once(processes: int, catalogue: str, claims: int = CLAIMS) -> float:
    """Claims per second over `processes` concurrent claimers (publication included), each
    making `claims` claims."""
    start = time.perf_counter()
    procs = [FORK.Process(target=_claimer, args=(catalogue, w, claims))
             for w in range(processes)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    if any(p.exitcode != 0 for p in procs):
        raise SystemExit(f"a claimer failed against {catalogue}")
    return processes * claims / (time.perf_counter() - start)


def series(name: str, measure: Callable[[int, str], float], fresh: Callable[[int], str],
           unit: str) -> None:
    rates = {n: measure(n, fresh(n)) for n in (1, 2, 4)}
    figures = ", ".join(f"{n} at once {r:7.1f} {unit} (x{r / rates[1]:.2f})"
                        for n, r in rates.items())
    print(f"{name:<28} {figures}", flush=True)


def main() -> None:
    # warm this process once: the forked builds start with everything loaded
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with open(os.devnull, "w") as quiet, contextlib.redirect_stderr(quiet):
            cli_main(["book", str(_spec(folder, 99)), "-o", str(folder / "w.pdf"),
                      "--catalogue", str(folder / "w.sqlite")])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        counter = iter(range(1000))

        def sqlite_file(_n: int) -> str:
            return str(folder / f"cat{next(counter)}.sqlite")

        def old_journal(_n: int) -> str:
            return sqlite_file(_n) + ".naive"

        def books(n: int, cat: str) -> float:
            sub = folder / f"books{next(counter)}"
            sub.mkdir()
            return books_at_once(n, cat, sub)

        series("books, SQLite (WAL)", books, sqlite_file, "puzzles/s")
        series("claims, SQLite (WAL)", claims_at_once, sqlite_file, "claims/s")
        series("claims, SQLite no WAL (naive)", claims_at_once, old_journal, "claims/s")
        try:
            with running_server(fsync=True) as server:
                series("books, PostgreSQL", books, lambda _n: server.new_database("bench"),
                       "puzzles/s")
                series("claims, PostgreSQL", claims_at_once,
                       lambda _n: server.new_database("bench"), "claims/s")
        except Unavailable as exc:
            print(f"PostgreSQL skipped: {exc}")


if __name__ == "__main__":
    main()
