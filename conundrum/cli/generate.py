"""generate: a new conundrum to order (the work is in conundrum.generate)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from ..errors import ConundrumError
from ..files import check_target
from ..options import GIVEN_KINDS
from ..overwrite_guard import note_input
from ..puzzle import save_puzzle
from .app import app
from .choices import KindChoice, MethodChoice, RulesChoice


def parse_positions(text: str | None, option: str = "--positions",
                    example: str = "3 or 3,5") -> tuple[int, ...] | None:
    """`3` or `3,5` -> (3,) or (3, 5); ASCII digits only (as everywhere the program reads
    a number a person typed). ConundrumError naming `option` otherwise."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(re.fullmatch(r"-?[0-9]{1,9}", p, re.ASCII) for p in parts):
        raise ConundrumError(f"{option} {text!r}: give whole numbers separated by commas, "
                             f"such as {example}")
    return tuple(int(p) for p in parts)


def parse_score(text: str) -> tuple[float, float]:
    """`--score LOW,HIGH` as two numbers; ConundrumError otherwise."""
    try:
        low, high = (float(v) for v in text.split(","))
    except ValueError:
        raise ConundrumError(f"--score {text!r}: give two numbers, such as 32,35") from None
    return low, high


def parse_grid(text: str | None) -> tuple[int, int] | None:
    """`26,26` -> (26, 26): columns and rows of the drawn grid. ConundrumError otherwise."""
    if text is None:
        return None
    values = parse_positions(text.replace("x", ","), "--max-grid", "26,26")
    if values is None or len(values) != 2 or min(values) < 1:
        raise ConundrumError(f"--max-grid {text!r}: give columns and rows, such as 26,26")
    return (values[0], values[1])


@app.command("generate", epilog="Example: conundrum generate --tiles 14 --given 2 "
             "--positions 3,5 --seed 7 -o p.yaml")
def generate_command(
    output: Annotated[Path, typer.Option("-o", "--output", help="Puzzle file to write (YAML).")],
    tiles: Annotated[int | None, typer.Option(
        "--tiles", help="Tiles on the board, the start chameleon included.")] = None,
    given: Annotated[int | None, typer.Option("--given", help="Number of given tiles.")] = None,
    positions: Annotated[str | None, typer.Option(
        "--positions", help="Positions of each given tile: 3, or 3,5 (one per tile).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed; same arguments, same file.")] = 1,
    method: Annotated[MethodChoice, typer.Option(
        "--method", case_sensitive=False, help="search (fast) or sat.")] = MethodChoice.search,
    difficulty: Annotated[int | None, typer.Option(
        "--difficulty", min=1, max=5,
        help="Level 1-5: picks tiles, given and positions (options override).")] = None,
    rules: Annotated[RulesChoice, typer.Option(
        "--rules", case_sensitive=False, help="standard or junior (bambino).")
    ] = RulesChoice.standard,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit",
        help="Give up (exit 2, no file) after this many seconds; default 120 (search), "
             "600 (sat). Never changes the puzzle.")] = None,
    weights: Annotated[Path | None, typer.Option(
        "--weights", help="Effort weights for the grade (JSON, as `calibrate --apply` "
                          "writes); default: the shipped weights.")] = None,
    allow_trivial: Annotated[bool, typer.Option(
        "--allow-trivial", help="Accept a puzzle with one position in all and almost "
                                "nothing to reject (refused by default).")] = False,
    allow_similar: Annotated[bool, typer.Option(
        "--allow-similar", help="Let given tiles share two colours in the same places "
                                "and many answers.")] = False,
    max_grid: Annotated[str | None, typer.Option(
        "--max-grid", help="COLUMNS,ROWS: the largest drawn grid (a book's page), e.g. 31,25; "
                           "the board is grown within it.")] = None,
    kinds: Annotated[str | None, typer.Option(
        "--kinds", help="With --difficulty: the kinds of the given tiles, comma-separated "
                        f"({', '.join(GIVEN_KINDS)}), as a book plans its mix; by "
                        "default each is drawn.")] = None,
    score: Annotated[str | None, typer.Option(
        "--score", help="With --difficulty: LOW,HIGH, the part of the level's score band "
                        "wanted (a book asks for its sections' edges so grades meet).")] = None,
    avoid: Annotated[str | None, typer.Option(
        "--avoid", help="Tiles never to give, either reading: codes, comma-separated "
                        "(RBY,GGG), or the mask a puzzle records (a book's section gives "
                        "each tile once).")] = None,
    later: Annotated[str | None, typer.Option(
        "--later", help="Tiles to give only where the board offers no other, as --avoid "
                        "(a book's section repeats the tiles it gave least).")] = None,
    alternate: Annotated[int | None, typer.Option(
        "--alternate", min=1,
        help="N: the puzzle the board found gives with its N-th other set of given tiles "
             "meeting the same request (a book takes one where a puzzle made at the same "
             "time gave a tile of the first).")] = None,
    kind: Annotated[KindChoice, typer.Option(
        "--kind", case_sensitive=False,
        help="count: every position of each tile; all: lay every given tile (2-5), with "
             "exactly one arrangement.")] = KindChoice["count"],
) -> None:
    """A new puzzle: a legal board of N tiles and K tiles with exactly P positions each."""
    note_input(weights, "weights")  # an output may not replace it
    check_target(output)  # a bad -o fails now, not after the work
    from ..generate import GenerateRequest, generate  # heavy: only this command needs it
    from ..generate.effort import load_weights

    req = GenerateRequest(tiles=tiles, given=given, positions=parse_positions(positions),
                          seed=seed, method=method.value, difficulty=difficulty,
                          rules=rules.value, time_limit=time_limit,
                          weights=None if weights is None else load_weights(weights),
                          allow_trivial=allow_trivial, allow_similar=allow_similar,
                          max_grid=parse_grid(max_grid), kind=kind.value,
                          kinds=None if kinds is None else tuple(
                              k.strip().lower() for k in kinds.split(",")),
                          score=None if score is None else parse_score(score), avoid=avoid,
                          later=later, alternate=alternate)
    puzzle = generate(req)
    save_puzzle(puzzle, output)
    n = len(puzzle.board)
    if puzzle.kind == "all":
        typer.echo(f"wrote {output}: {n} tiles, lay all of "
                   f"{', '.join(g.code for g in puzzle.given)}: one arrangement "
                   f"(grade {puzzle.extra['grade']})")
        return
    counts = ", ".join(f"{g.code} {g.positions}" for g in puzzle.given) or "no given tiles"
    typer.echo(f"wrote {output}: {n} tile{'s' if n != 1 else ''}, {counts} "
               f"(grade {puzzle.extra['grade']})")
