"""grade and calibrate: the effort a puzzle takes, and fitting it to real solves."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..files import atomic_write, check_target
from ..lay_all import naming, puzzle_arrangements
from ..overwrite_guard import note_input
from ..puzzle import load_puzzle
from .app import app, console
from .core import AllowIllegal, AsJson

WeightsOption = Annotated[Path | None, typer.Option(
    "--weights", help="Effort weights (JSON, as `calibrate --apply` writes); "
                      "default: the shipped weights.")]


@app.command("grade", epilog="Example: conundrum grade puzzle.yaml --json")
def grade_command(
    puzzle: Annotated[Path, typer.Argument(help="Puzzle file (YAML or JSON).")],
    as_json: AsJson = False,
    weights: WeightsOption = None,
    allow_illegal: AllowIllegal = False,
) -> None:
    """The puzzle's grade (1-5), its effort score and what each feature contributes."""
    from ..generate.difficulty import grade_of_score
    from ..generate.effort import ALL_WEIGHTS, load_weights, measure, measure_all

    w = load_weights(weights)
    # a board that breaks a rule is refused as `solve` refuses it (same option to allow)
    pz = load_puzzle(puzzle, allow_illegal=allow_illegal)
    effort = measure(pz, w)
    values, parts = effort.features, effort.contributions()
    weight_of = dict(w.values)
    score = effort.score
    if pz.kind == "all":  # Lay them all: what the reader must rule out, besides
        with naming(puzzle):
            lay = measure_all(pz, puzzle_arrangements(pz), w)
        values, parts = {**values, **lay.features}, {**parts, **lay.contributions()}
        weight_of.update(ALL_WEIGHTS)
        score = lay.score
    level = grade_of_score(score)
    if as_json:
        typer.echo(json.dumps({
            "grade": level, "score": score,
            "features": {name: {"value": values[name], "weight": weight_of[name],
                                "contribution": round(parts[name], 2)} for name in values},
        }, indent=2))
        return
    from rich.table import Table

    table = Table(title=f"{puzzle}: grade {level}, score {score:.2f}",
                  title_justify="left")
    table.add_column("feature")
    table.add_column("value", justify="right")
    table.add_column("weight", justify="right")
    table.add_column("contribution", justify="right")
    for name in values:
        table.add_row(name, str(values[name]), f"{weight_of[name]:g}", f"{parts[name]:.2f}")
    out = console()
    out.print(table)
    tiles = ", ".join(f"{t.code} {t.effort:.2f}" for t in effort.tiles) or "no given tiles"
    out.print(f"effort per given tile: {tiles}; weights: {w.source}")


@app.command("calibrate", epilog="Example: conundrum calibrate conundrum-record-*.json "
             "--apply --weights-out my-weights.json")
def calibrate_command(
    records: Annotated[list[Path], typer.Argument(help="Solving records (JSON) from the "
                                                       "web player.")],
    apply: Annotated[bool, typer.Option(
        "--apply", help="Write the fitted weights (to --weights-out).")] = False,
    weights_out: Annotated[Path, typer.Option(
        "--weights-out", help="Where --apply writes the weights; pass it to generate "
                              "and grade as --weights.")] = Path("conundrum-weights.json"),
    weights: WeightsOption = None,
) -> None:
    """Fit the effort weights to recorded solving times; print the correlation before and
    after."""
    from ..generate.calibrate import distinct_puzzles, fit, read_records
    from ..generate.effort import FEATURES, load_weights, weights_json

    for path in (*records, weights):
        note_input(path)  # before the output is checked: no input may be replaced
    if apply:
        check_target(weights_out)
    start = load_weights(weights)
    solves, skipped = read_records(records)
    result = fit(solves, start, skipped)
    different = distinct_puzzles(solves)
    if solves and different < len(FEATURES):
        print(f"conundrum: the records hold {len(solves)} solves of only {different} "
              f"different puzzle{'s' if different != 1 else ''}; fitting {len(FEATURES)} "
              f"weights needs at least {len(FEATURES)} different puzzles (dozens to trust "
              "it)", file=sys.stderr)
    out = console()
    out.print(f"{result.used} solves used ({result.skipped} revealed or unfinished left out)")
    out.print(f"correlation of effort with active time: before {result.before:.3f}, "
              f"after {result.after:.3f}")
    out.print(f"fixed time per puzzle: {result.intercept:.1f} s")
    for name in FEATURES:
        out.print(f"  {name:<15} {start[name]:>8.3f} -> {result.weights[name]:>8.3f}"
                  f"   ({result.raw[name]:.2f} s each)")
    if apply:
        note = (f"fitted by conundrum calibrate on {result.used} solves; correlation "
                f"{result.after:.3f}")
        atomic_write(weights_out, weights_json(result.weights.as_dict(), note))
        out.print(f"wrote {weights_out}: use it with --weights {weights_out}")
