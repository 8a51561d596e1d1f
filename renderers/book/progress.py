"""The book command's progress bar (imported by the command only: rich.progress is slow to load)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Puzzles made per second."""

    def render(self, task: Task) -> Text:
        """The task's speed as `N.N puzzles/s` (empty before the first is made)."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} puzzles/s", style="progress.data.speed")


class BookProgress:
    """A progress bar on stderr (done, rate, time left), shown only on a terminal."""

    def __init__(self, console: Console | None = None) -> None:
        console = console or Console(stderr=True)
        self._progress = Progress(
            TextColumn("puzzles"), BarColumn(), MofNCompleteColumn(), RateColumn(),
            TimeRemainingColumn(), console=console, disable=not console.is_terminal,
            transient=False)
        self._task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._task is None:
            # started on the first report, after the worker processes exist
            self._progress.start()
            self._task = self._progress.add_task("puzzles", total=total)
        self._progress.update(self._task, completed=done)

    def stop(self) -> None:
        """Stop the bar, leaving it on the screen (nothing when it was never shown)."""
        if not self._progress.disable:  # rich before 15 prints a newline stopping a disabled bar
            self._progress.stop()
