"""solve, check, validate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..book.extract import extract_puzzle
from ..check import grade, judge
from ..errors import AnswerError, ConundrumError, in_file
from ..files import read_stdin, read_text
from ..lay_all import claim_faults, drawn_grid, naming, puzzle_arrangements
from ..notation import Grid
from ..puzzle import Puzzle, load_puzzle
from ..solver import positions, printed_counts
from ..terminal import board_picture, shown
from ..tiles import normalise_code
from .app import app, console

if TYPE_CHECKING:
    from rich.console import Console

AllowIllegal = Annotated[bool, typer.Option(
    "--allow-illegal", help="Accept a board that cannot be reached from the start.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def placement_json(p, grid: Grid) -> dict:
    """A placement as `solve --json` writes it: its fields plus its sheet notation both ways
    (`RYG C4 h` and `RYG C4-E4`) on `grid`."""
    return {**p.as_dict(), "sheet": grid.text(p), "cells": grid.span_text(p)}


@app.command(epilog="Example: conundrum solve puzzles/spec-example.yaml --all")
def solve(
    puzzle: Annotated[Path, typer.Argument(help="Puzzle file (YAML or JSON).")],
    tile: Annotated[list[str] | None, typer.Option(
        "--tile", help="Solve for this tile instead of the given ones (repeatable).")] = None,
    all_tiles: Annotated[bool, typer.Option(
        "--all", help="Count positions for every tile not on the board.")] = False,
    as_json: AsJson = False,
    allow_illegal: AllowIllegal = False,
    limit: Annotated[int, typer.Option(
        "--limit", min=0, help="A `kind: all` puzzle: list at most this many arrangements "
                               "(the count is always exact).")] = 100,
) -> None:
    """Every position of each given tile (or --tile), with the board drawn; for a `kind: all`
    puzzle, every arrangement of its given tiles."""
    pz = load_puzzle(puzzle, allow_illegal=allow_illegal)
    if pz.kind == "all" and not (tile or all_tiles):
        _solve_all(puzzle, pz, limit, as_json)
        return
    rules, board, grid = pz.ruleset, pz.board, Grid.of(pz.board)
    if all_tiles:
        codes = [c for c in rules.tiles if not board.contains(c)]
    elif tile:
        codes = list(tile)
    else:
        codes = [g.code for g in pz.given]
    found = {}
    for code in codes:
        try:
            found[normalise_code(code)] = positions(board, code, rules)
        except ConundrumError as exc:
            raise ConundrumError(f"{puzzle}: {exc}") from None
    if as_json:
        tiles = [{"code": code, "count": len(ps), "positions": [placement_json(p, grid)
                                                                 for p in ps]}
                 for code, ps in found.items()]
        print(json.dumps({"rules": rules.name, "tiles": tiles}, indent=2))
        return
    out = console()
    if pz.title:
        out.print(shown(pz.title), style="bold", markup=False)
    out.print(board_picture(board, grid=grid))
    if not codes:
        out.print("Every tile is on the board." if all_tiles
                  else "No tiles given: use --tile CODE or --all.")
    if all_tiles:
        _print_counts(out, {code: len(ps) for code, ps in found.items()})
        return
    for code, ps in found.items():
        out.print(f"{code}: {len(ps)} position{'s' if len(ps) != 1 else ''}", style="bold")
        for p in ps:
            out.print(f"  {grid.text(p):<12} {grid.span_text(p)}")


def _solve_all(path: Path, pz: Puzzle, limit: int, as_json: bool) -> None:
    """`solve` of a `kind: all` puzzle: the exact count, the first `limit` arrangements."""
    try:
        found = puzzle_arrangements(pz)
    except ConundrumError as exc:
        raise ConundrumError(f"{path}: {exc}") from None
    grid = drawn_grid(pz, found)
    shown_ones = found.arrangements[:limit]
    if as_json:
        print(json.dumps({
            "kind": "all", "rules": pz.ruleset.name, "count": found.count,
            "arrangements": [[placement_json(p, grid) for p in a] for a in shown_ones],
        }, indent=2))
        return
    out = console()
    if pz.title:
        out.print(shown(pz.title), style="bold", markup=False)
    out.print(board_picture(pz.board, grid=grid))
    n = found.count
    out.print(f"lay all of {', '.join(g.code for g in pz.given)}: {n} arrangement"
              f"{'s' if n != 1 else ''}", style="bold")
    for i, a in enumerate(shown_ones, 1):
        out.print(f"  {i}: " + "; ".join(grid.text(p) for p in a))
    if n > len(shown_ones):
        out.print(f"  ... and {n - len(shown_ones):,} more (--limit {limit})")


def _print_counts(out: Console, table: dict[str, int]) -> None:
    ordered = sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))
    line = []
    for i, (code, n) in enumerate(ordered, 1):
        line.append(f"{code} {n:>3}")
        if i % 6 == 0:
            out.print("   ".join(line))
            line = []
    if line:
        out.print("   ".join(line))


@app.command(epilog="Example: conundrum check p.yaml answers.txt (lines such as `YYB C4 h`)")
def check(
    puzzle: Annotated[Path, typer.Argument(
        help="Puzzle file, or a book's manifest followed by the puzzle's number.")],
    answers: Annotated[str, typer.Argument(
        help="Answers file (`-` reads stdin); after a manifest, the puzzle's number.")],
    book_answers: Annotated[str | None, typer.Argument(
        metavar="[ANSWERS]", help="After a manifest and a number: the answers file.",
        show_default=False)] = None,
    as_json: AsJson = False,
    allow_illegal: AllowIllegal = False,
) -> None:
    """Grade a reader's answers: found, missed and wrong (with why). Exit 0 only if perfect.

    `check book.manifest.yaml 12 answers.txt` grades puzzle 12 of a book directly."""
    if book_answers is None:
        pz = load_puzzle(puzzle, allow_illegal=allow_illegal)
    else:
        pz, answers = _book_puzzle(puzzle, answers), book_answers
    text = read_stdin() if answers == "-" else read_text(answers)
    if pz.kind == "all":
        with naming(puzzle):
            _check_all(pz, text, answers, as_json)
    try:
        result = grade(pz, text)
    except AnswerError as exc:
        raise in_file("stdin" if answers == "-" else answers, exc) from None
    grid = Grid.of(pz.board)
    if as_json:
        print(json.dumps({
            "found": len(result.found),
            "missed": [placement_json(p, grid) for p in result.missed],
            "wrong": [{"answer": w.answer, "reason": w.reason} for w in result.wrong],
        }, indent=2))
    else:
        total = len(result.found) + len(result.missed)
        out = console()
        out.print(f"found {len(result.found)} of {total}")
        for p in result.missed:
            out.print(f"missed: {grid.text(p)}")
        for w in result.wrong:
            out.print(f"wrong: {shown(w.answer)} ({shown(w.reason)})", markup=False)
        if result.perfect:
            out.print("perfect: every position found, none wrong", style="bold green")
    raise typer.Exit(0 if result.perfect else 1)


def _check_all(pz: Puzzle, text: str, answers: str, as_json: bool) -> None:
    """`check` of a `kind: all` puzzle: the reader's arrangement, right or its first fault.
    Exits 0 when right, 1 otherwise."""
    grid = drawn_grid(pz)
    try:
        verdict = judge(pz, text, grid)
    except AnswerError as exc:
        raise in_file("stdin" if answers == "-" else answers, exc) from None
    if as_json:
        print(json.dumps({"kind": "all", "right": verdict.right, "fault": verdict.fault,
                          "order": [placement_json(p, grid) for p in verdict.order]},
                         indent=2))
    elif verdict.right:
        console().print("right: every tile laid, each legal when laid in the order "
                        + "; ".join(grid.text(p) for p in verdict.order), style="bold green")
    else:
        console().print(f"wrong: {shown(verdict.fault or '')}", markup=False)
    raise typer.Exit(0 if verdict.right else 1)


def _book_puzzle(manifest: Path, number: str) -> Puzzle:
    """Puzzle `number` (as printed) of the book whose manifest is `manifest`."""
    if not number.isascii() or not number.isdigit():
        raise ConundrumError(f"{number!r}: after a manifest, give the puzzle's number as "
                             "printed in the book, then the answers file")
    return extract_puzzle(manifest, int(number))


@app.command(epilog="Example: conundrum validate p.yaml")
def validate(puzzle: Annotated[Path, typer.Argument(help="Puzzle file.")]) -> None:
    """Exit 0 when the board is a legal game position and every printed count is right."""
    pz = load_puzzle(puzzle, lenient=True)
    faults = [str(f) for f in pz.faults()]
    bad_given = {f.tile for f in pz.given_faults()}
    faults += [f"given tile {c.code}: the file says {c.printed} positions, "
               f"the solver finds {c.found} (printed count)"
               for c in printed_counts(pz, skip=bad_given) if c.wrong]
    if pz.kind == "all" and not faults:
        with naming(puzzle):
            faults += claim_faults(pz)
    for line in faults:
        print(f"{puzzle}: {line}")
    if faults:
        raise typer.Exit(1)
    n = len(pz.board)
    claim = ", every printed count right" if pz.given else ""
    if pz.kind == "all":
        claim = (f", {pz.solutions} arrangement{'s' if pz.solutions != 1 else ''} as claimed"
                 if pz.solutions is not None else "")
    print(f"{puzzle}: ok: {n} tile{'s' if n != 1 else ''}, a legal {pz.ruleset.name} game "
          f"position{claim}")
