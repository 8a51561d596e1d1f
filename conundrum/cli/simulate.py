"""simulate: play whole games with bots; one game in detail, or many as statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..board import Board
from ..errors import ConundrumError
from ..files import check_target
from ..notation import Grid
from ..puzzle import Puzzle, save_puzzle
from ..terminal import board_picture
from .app import app, console
from .choices import BotChoice, RulesChoice, ScoringChoice

if TYPE_CHECKING:  # the game engine is imported when a game is played (start-up budget)
    from ..game import GameOptions, GameRecord
    from ..game.record import Action

MAX_GAMES = 1_000_000


@app.command(epilog="Example: conundrum simulate --players 3 --bot greedy --bot random "
             "--games 100")
def simulate(
    players: Annotated[int, typer.Option(
        "--players", "-p", min=1, max=8, help="Number of players (1 is a solo game).")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed (game k of --games uses "
                                      "seed + k - 1).")] = 1,
    rules: Annotated[RulesChoice, typer.Option(
        "--rules", case_sensitive=False, help="standard or junior (bambino).")
    ] = RulesChoice.standard,
    scoring: Annotated[ScoringChoice, typer.Option(
        "--scoring", case_sensitive=False, help="standard (tiles left) or expert (points).")
    ] = ScoringChoice.standard,
    draw: Annotated[str, typer.Option(
        "--draw", help="one, until-playable or up-to:N.")] = "one",
    open_hands: Annotated[bool, typer.Option(
        "--open-hands", help="Every hand is visible to every bot.")] = False,
    chameleon_last: Annotated[bool, typer.Option(
        "--chameleon-last/--no-chameleon-last",
        help="A chameleon may not be a player's last tile (the rulebook).")] = True,
    bot: Annotated[list[BotChoice] | None, typer.Option(
        "--bot", case_sensitive=False,
        help="One bot per seat in order (repeatable); fewer than players are cycled; "
        "default greedy.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the game record as JSON "
                                          "(with --games: the statistics).")] = False,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Save the final board as a puzzle file.")] = None,
    games: Annotated[int, typer.Option(
        "--games", min=1, max=MAX_GAMES,
        help="Play this many games and print statistics.")] = 1,
) -> None:
    """Play whole Chromino games between bots and show the record, or statistics over many."""
    from ..game import Game, GameOptions

    options = GameOptions(players=players, rules=rules.value, scoring=scoring.value, draw=draw,
                          open_hands=open_hands, chameleon_last=chameleon_last,
                          bots=tuple(b.value for b in bot or ())).validated()
    if games > 1:
        if output is not None:
            raise ConundrumError("-o saves one game's board; leave out --games")
        _many(options, seed, games, as_json)
        return
    if output is not None:
        check_target(output)  # a bad -o fails now, not after the game
    game = Game(options, seed)
    record = game.play()
    if output is not None:
        save_puzzle(_as_puzzle(record, options), output)
    if as_json:
        print(record.to_json(), end="")
        return
    _show(record, game.board, _describe(options, seed))
    if output is not None:
        print(f"final board saved to {output}")


def _as_puzzle(record: GameRecord, options: GameOptions) -> Puzzle:
    return Puzzle(Board(record.board), [], options.rules, options.chameleons,
                  f"Simulated game, seed {record.seed}",
                  {"simulation": {"seed": record.seed, **options.as_dict()}})


def _describe(options: GameOptions, seed: int) -> str:
    hands = "open hands" if options.open_hands else "hidden hands"
    cham = "" if options.chameleon_last else ", chameleon may be last"
    return (f"{options.players} player{'s' if options.players > 1 else ''}, {options.rules} "
            f"rules, {options.scoring} scoring, draw {options.draw}, {hands}{cham}, seed {seed}")


def _turn_text(actions: list[Action], grid: Grid) -> str:
    parts = []
    draws = [a.tile for a in actions if a.action == "draw"]
    if draws:
        parts.append(f"draws {' '.join(str(t) for t in draws)}")
    for a in actions:
        if a.action == "play" and a.placement is not None:
            parts.append(f"lays {grid.text(a.placement)} "
                         f"({a.contacts} contacts, {a.points} points)")
        elif a.action == "pass":
            parts.append("passes")
    return ", ".join(parts) if draws else "".join(parts)


def _show(record: GameRecord, board: Board, description: str) -> None:
    out = console()
    bots = record.options["bots"]
    grid = Grid.of(board)
    out.print(f"Chromino game: {description}", style="bold")
    out.print("Seats: " + ", ".join(f"{i} {name}" for i, name in enumerate(bots)))
    start = record.moves[0].placement
    if start is not None:
        out.print(f"Start: {grid.text(start)}")
    by_turn: dict[int, list[Action]] = {}
    for a in record.moves:
        if a.player is None:  # the start (and any tiles of a staged position)
            continue
        by_turn.setdefault(a.turn, []).append(a)
    for turn in sorted(by_turn):
        acts = by_turn[turn]
        who = acts[0].player
        out.print(f"turn {turn:>3}  round {acts[0].round:>2}  player {who} "
                  f"{bots[who]:<8}  {_turn_text(acts, grid)}")
    out.print(board_picture(board, grid=grid))
    label = "expert points" if record.options["scoring"] == "expert" else "tiles left"
    out.print(f"Scores ({label}): " + ", ".join(
        f"player {i}: {s}" for i, s in enumerate(record.scores)))
    names = ", ".join(f"player {w} ({bots[w]})" for w in record.winners)
    out.print(f"Winner{'s' if len(record.winners) > 1 else ''}: {names}", style="bold green")
    out.print(f"Why: {record.reason}")
    out.print(f"{len(record.board)} tiles on the board, {record.turns} turns, "
              f"{record.rounds} rounds, {sum(record.draws)} draws, {record.bag} left in the bag")


def _many(options: GameOptions, seed: int, games: int, as_json: bool) -> None:
    # imported here: only --games needs them, and they slow every command's start-up
    from rich.console import Console  # lazy: --help needs no console (start-up)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.table import Table

    from ..game import Game, GameStats

    stats = GameStats()
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task("games", total=games)
        for k in range(games):
            stats.add(Game(options, seed + k).play())
            progress.advance(task)
    summary = stats.as_dict()
    if as_json:
        print(json.dumps({"options": options.as_dict(), "seed": seed, **summary}, indent=2))
        return
    out = console()
    out.print(f"{games} games: {_describe(options, seed)}", style="bold")
    out.print(f"mean length {summary['mean_turns']} turns ({summary['mean_plays']} tiles laid, "
              f"{summary['mean_draws']} draws); mean board {summary['mean_board_tiles']} tiles; "
              f"blocked {summary['blocked']}; shared wins {summary['shared_wins']}")
    # titles flush left: rich before 15 centres them, which changed the README block by version
    by_bot = Table(title="Win rate per bot", title_justify="left")
    for col in ("bot", "seat-games", "wins", "win rate"):
        by_bot.add_column(col, justify="left" if col == "bot" else "right")
    for name, r in summary["bots"].items():
        by_bot.add_row(name, str(r["seats"]), str(r["wins"]), f"{r['win_rate']:.1%}")
    by_seat = Table(title="Win rate per seat", title_justify="left")
    for col in ("seat", "bot", "wins", "win rate"):
        by_seat.add_column(col, justify="right" if col in ("wins", "win rate") else "left")
    for seat, r in summary["seats"].items():
        by_seat.add_row(seat, r["bot"], str(r["wins"]), f"{r['win_rate']:.1%}")
    out.print(by_bot)
    out.print(by_seat)
