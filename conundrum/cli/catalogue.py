"""catalogue stats|list|forget|release|export|import: look after the puzzles books have used."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..terminal import shown
from .app import app
from .core import AsJson

if TYPE_CHECKING:
    from ..book.catalogue import BookRecord, Catalogue

# The catalogue's code is imported by the commands that use it, not at every start: its
# environment variable is named here (tests/test_startup.py checks it is book.catalogue.ENV).
ENV = "CONUNDRUM_CATALOGUE"

group = typer.Typer(help="Look after the catalogue of puzzles already in books.",
                    no_args_is_help=True)
app.add_typer(group, name="catalogue")

Where = Annotated[str | None, typer.Option(
    "--catalogue", envvar=ENV, show_envvar=True,
    help="An SQLite file or a postgresql:// URL (default: conundrum-catalogue.sqlite "
    "in the current folder).")]
BookArg = Annotated[str, typer.Argument(help="The book: its id (or its first 6+ characters) "
                                        "or its title, as `catalogue list` shows them.")]


def _open(where: str | None, *, must_exist: bool = True) -> Catalogue:
    from ..book.catalogue import CatalogueError, locate
    from ..book.catalogues import open_catalogue

    location = locate(where)
    if must_exist and isinstance(location, Path) and not location.exists():
        raise CatalogueError(f"{location}: no catalogue there (give --catalogue PATH or URL, "
                             f"or set {ENV})")
    catalogue = open_catalogue(location)
    catalogue.open()
    return catalogue


def _when(seconds: float | None) -> str:
    if not seconds:
        return "-"
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


@group.command("stats")
def stats(catalogue: Where = None, as_json: AsJson = False) -> None:
    """Puzzles per book and rule set, and the unfinished books."""
    from ..book.catalogue import CLAIM_EXPIRY
    from ..book.catalogue_admin import stats_json, summary

    with _open(catalogue) as cat:
        info = summary(cat)
    if as_json:
        typer.echo(json.dumps(stats_json(cat.name, info, time.time()), indent=2,
                              ensure_ascii=False))
        return
    titles = {b.book: b.title for b in info.books}
    unfinished = [b for b in info.books if b.unfinished]
    typer.echo(f"catalogue {cat.name}: {len(info.books)} books ({len(unfinished)} unfinished), "
               f"{info.published} puzzles published, {info.claimed} claimed")
    table: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for book_id, rules, status, count in info.counts:
        table[(book_id, rules)][status] = count
    if table:
        typer.echo(f"{'book':<12}  {'rules':<10}  {'published':>9}  {'claimed':>7}  title")
    for (book_id, rules), counts in sorted(
            table.items(), key=lambda kv: (titles.get(kv[0][0], ""), kv[0])):
        typer.echo(f"{shown(book_id[:12]):<12}  {shown(rules):<10}  "
                   f"{counts.get('published', 0):>9}  {counts.get('claimed', 0):>7}  "
                   f"{shown(titles.get(book_id, '?'))}")
    now = time.time()
    for book in unfinished:
        expiry = ("expired: any build may take them" if book.expired(now) else
                  f"they expire {CLAIM_EXPIRY // 3600} h after it (or `catalogue release`)")
        typer.echo(f"unfinished: {shown(book.book[:12])} {shown(repr(book.title))}: "
                   f"{book.claims} claims, last "
                   f"claim {_when(book.touched)}; {expiry}")


@group.command("list")
def list_books(catalogue: Where = None, as_json: AsJson = False) -> None:
    """Every book: id, state, puzzles, claims, last activity, title."""
    from ..book.catalogue_admin import book_state, books_json

    with _open(catalogue) as cat:
        books = cat.books()
    now = time.time()
    if as_json:
        typer.echo(json.dumps(books_json(cat.name, books, now), indent=2, ensure_ascii=False))
        return
    for b in books:
        typer.echo(f"{shown(b.book)}  {book_state(b, now):<10}  {b.puzzles:>6} puzzles  "
                   f"{b.claims:>6} claims  {_when(b.touched)}  {shown(b.title)}")
    if not books:
        typer.echo(f"{cat.name}: no books")


@group.command("forget")
def forget(book: BookArg, catalogue: Where = None) -> None:
    """Remove a withdrawn book: its puzzles may be printed again by later books."""
    name, found, n = _on_book(catalogue, book, lambda cat, found: cat.forget(found))
    typer.echo(f"{name}: forgot {shown(repr(found.title))} ({shown(found.book[:12])}): {n} puzzles")


@group.command("release")
def release(book: BookArg, catalogue: Where = None) -> None:
    """Free the claims of a stopped build (its published puzzles stay)."""
    name, found, n = _on_book(catalogue, book, lambda cat, found: cat.release(found))
    typer.echo(f"{name}: released {n} claims of {shown(repr(found.title))} "
               f"({shown(found.book[:12])})")


def _on_book(catalogue: str | None, book: str, action: Callable[[Catalogue, str], int]
             ) -> tuple[str, BookRecord, int]:
    """The catalogue's name, the book `book` names (id, id prefix or title), and what
    `action(catalogue, book id)` returned."""
    from ..book.catalogue_admin import find_book

    with _open(catalogue) as cat:
        found = find_book(cat, book)
        n = action(cat, found.book)
    return cat.name, found, n


@group.command("export")
def export(file: Annotated[Path, typer.Argument(help="JSON lines file to write.")],
           catalogue: Where = None) -> None:
    """Write the whole catalogue as JSON lines (to import elsewhere)."""
    from ..book.catalogue_admin import export_catalogue

    with _open(catalogue) as cat:
        n = export_catalogue(cat, file)
    typer.echo(f"{file}: {n} puzzles from {cat.name}")


@group.command("import")
def import_(file: Annotated[Path, typer.Argument(help="JSON lines file from `export`.")],
            catalogue: Where = None) -> None:
    """Add an export's books and puzzles (puzzles already present are kept)."""
    from ..book.catalogue_admin import import_catalogue

    with _open(catalogue, must_exist=False) as cat:
        books, added, present = import_catalogue(cat, file)
    typer.echo(f"{cat.name}: added {books} books and {added} puzzles "
               f"({present} already present)")
