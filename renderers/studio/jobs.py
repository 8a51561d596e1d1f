"""Work the studio runs in the background (builds, publishing, another puzzle): one at a
time, each with its progress, its outcome and a Cancel that leaves no half-written file
(every output of a build is written by temp file and rename at its very end)."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from conundrum.errors import ConundrumError


class Cancelled(ConundrumError):
    """The author cancelled the job."""


@dataclass
class Job:
    """One piece of background work and what the page shows of it."""

    id: str
    kind: str
    state: str = "queued"  # queued | running | done | failed | cancelled
    done: int = 0
    total: int = 0
    files: dict[str, str] = field(default_factory=dict)
    error: str = ""
    notes: list[str] = field(default_factory=list)
    preflight: dict[str, Any] | None = None
    started: float = field(default_factory=time.monotonic)
    cancel: threading.Event = field(default_factory=threading.Event)
    # what done/total count: puzzles made, or (publishing, once they are painted) pages
    unit: str = "puzzles"
    pages_from: float = 0.0  # when the first page was painted

    def progress(self, done: int, total: int) -> None:
        """A build's progress hook; raises Cancelled once Cancel was asked for."""
        if self.cancel.is_set():
            raise Cancelled("cancelled: nothing was written")
        if self.unit == "puzzles":
            self.done, self.total = done, total

    def painted(self, done: int, total: int) -> None:
        """The painting's hook (renderers.paint.pdf.PAGE_PROGRESS): the interior's pages,
        the first PDF a build paints (the cover, painted after it, is not counted)."""
        if self.cancel.is_set():
            raise Cancelled("cancelled: nothing was written")
        if self.unit == "puzzles":
            self.unit, self.pages_from = "pages", time.monotonic()
        elif self.done >= self.total:
            return  # the interior is painted: a later PDF is the cover
        self.done, self.total = done, total

    def _seconds_left(self) -> float | None:
        """Time left: the rate so far over what is left (pages: the painting's own rate)."""
        if self.state != "running" or not 0 < self.done < self.total:
            return None
        since = self.pages_from if self.unit == "pages" else self.started
        return round((time.monotonic() - since) / self.done * (self.total - self.done), 1)

    def as_json(self) -> dict[str, Any]:
        """What `GET /api/jobs/ID` returns."""
        doc: dict[str, Any] = {"id": self.id, "kind": self.kind, "state": self.state,
                               "done": self.done, "total": self.total, "unit": self.unit,
                               "files": self.files, "error": self.error,
                               "notes": self.notes}
        left = self._seconds_left()
        if left is not None:
            doc["seconds_left"] = left
        if self.preflight is not None:
            doc["preflight"] = self.preflight
        return doc


class Jobs:
    """The studio's jobs, run one after another on a background thread each."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._one_at_a_time = threading.Lock()

    def start(self, kind: str, work: Callable[[Job], object]) -> Job:
        """Run `work(job)` in the background after any job before it; the job at once."""
        job = Job(str(next(self._ids)), kind)
        self._jobs[job.id] = job
        threading.Thread(target=self._run, args=(job, work), daemon=True,
                         name=f"studio-{kind}-{job.id}").start()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job `job_id`, or None."""
        return self._jobs.get(job_id)

    def _run(self, job: Job, work: Callable[[Job], object]) -> None:
        with self._one_at_a_time:
            if job.cancel.is_set():
                job.state = "cancelled"
                return
            job.state, job.started = "running", time.monotonic()
            try:
                work(job)
            except Cancelled as exc:
                job.state, job.error = "cancelled", str(exc)
            except ConundrumError as exc:
                job.state, job.error = "failed", str(exc)
            except Exception as exc:  # shown in the page: the server itself keeps running
                job.state, job.error = "failed", f"internal error: {type(exc).__name__}: {exc}"
            else:
                job.state = "done"
                job.done = job.total = max(job.total, job.done)

    def wait(self, job: Job, timeout: float = 600.0) -> Job:
        """Block until `job` ends (for tests and scripts); the job."""
        deadline = time.monotonic() + timeout
        while job.state in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.02)
        return job
