"""The studio's page and JSON API (docs/reference/studio-api.md), one method a route.

Each handler reads its request, calls the library (the project, a build, a puzzle's
keep/move/replace, the editor) and answers in JSON; work that takes longer than a
request runs as a job the page polls. The safety every response gets is app.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.templating import Jinja2Templates

from conundrum.errors import ConundrumError
from conundrum.tiles import tile_set

from .builds import LARGE_WIDTH, THUMB_WIDTH, Builds, preflight_table
from .editor import count, finished, save
from .fields import form_fields
from .jobs import Job, Jobs
from .project import InvalidSpec, Project, RevisionConflict
from .puzzles import keep, move, unkeep

HERE = Path(__file__).parent
DOWNLOADS = (".pdf", ".yaml", ".zip")  # what /files/ serves: the build's outputs
Handler = Callable[[Request], Any]


class Api:
    """The routes of one studio: its project, its builds and its running jobs."""

    def __init__(self, project: Project, token: str) -> None:
        self.project, self.token = project, token
        self.builds = Builds(project)
        self.jobs = Jobs()
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))

    def routes(self) -> list[Route]:
        """Every route but the static files, in the order Starlette tries them."""
        post = ["POST"]
        return [
            Route("/", self.page),
            Route("/api/spec", self.get_spec, methods=["GET"]),
            Route("/api/spec", self.put_spec, methods=["PUT"]),
            Route("/api/spec/undo", self.undo, methods=post),
            Route("/api/build", self.build, methods=post),
            Route("/api/publish", self.publish, methods=post),
            Route("/api/jobs/{job}", self.get_job),
            Route("/api/jobs/{job}/cancel", self.cancel_job, methods=post),
            Route("/api/pages", self.pages),
            Route("/api/pages/{n:int}.png", self.page_png),
            Route("/api/cover.png", self.cover_png),
            Route("/api/puzzles", self.puzzles),
            Route("/api/puzzles/{n:int}.png", self.sheet_png),
            Route("/api/puzzles/{n:int}/regenerate", self.puzzle_job("regenerate"), methods=post),
            Route("/api/puzzles/{n:int}/lock", self.puzzle_job("lock"), methods=post),
            Route("/api/puzzles/{n:int}/unlock", self.puzzle_job("unlock"), methods=post),
            Route("/api/puzzles/{n:int}/replace", self.replace, methods=post),
            Route("/api/puzzles/{n:int}/move", self.move_to, methods=post),
            Route("/api/editor/count", self.editor_count, methods=post),
            Route("/api/editor/save", self.editor_save, methods=post),
            Route("/files/{name:path}", self.files),
        ]

    # the book's spec

    async def page(self, request: Request) -> Response:
        """The studio's one page."""
        return self.templates.TemplateResponse(request, "studio.html", {
            "token": self.token,
            "folder": self.project.folder.name or str(self.project.folder),
            "fields": form_fields(), "tiles": tile_set()})

    async def get_spec(self, request: Request) -> Response:
        """The spec as saved, its revision and whether a change can be undone."""
        project = self.project
        try:
            spec = project.read()
        except ConundrumError as exc:  # book.yaml broken by hand: the book command's words
            return _error(409, "", str(exc))
        return JSONResponse({"spec": spec, "revision": project.revision,
                             "saved": project.spec_path.exists(), "undo": project.can_undo})

    async def put_spec(self, request: Request) -> Response:
        """Save a changed spec, refused (with each fault at its key) unless it is valid."""
        doc = await _json(request)
        spec, revision = doc.get("spec"), doc.get("revision")
        if not isinstance(spec, dict) or not isinstance(revision, int):
            return _error(422, "", "send {\"spec\": {...}, \"revision\": R}")
        try:
            new = self.project.save(spec, revision)
        except RevisionConflict as exc:
            return JSONResponse({"ok": False, "revision": self.project.revision,
                                 "errors": [{"key": "", "message": str(exc)}]}, 409)
        except InvalidSpec as exc:
            return _invalid(exc)
        return JSONResponse({"ok": True, "revision": new})

    async def undo(self, request: Request) -> Response:
        """Put back the spec as it was before the last change."""
        try:
            return JSONResponse({"ok": True, "revision": self.project.undo()})
        except ConundrumError as exc:
            return _error(409, "", str(exc))

    # builds and the jobs that run them

    def _started(self, kind: str, work: Callable[[Job], object]) -> Response:
        return JSONResponse({"job": self.jobs.start(kind, work).id}, 202)

    async def build(self, request: Request) -> Response:
        """Start a build (a draft unless asked otherwise)."""
        draft = bool((await _json(request)).get("draft", True))
        return self._started("build", lambda job: self.builds.build(job, draft))

    async def publish(self, request: Request) -> Response:
        """Start a full build, then the preflight of the book and its cover."""
        def work(job: Job) -> None:
            spec = self.builds.build(job, draft=False)
            from renderers.book.cover import cover_name  # lazy: the cover's drawing code
            cover = cover_name(self.project.output)
            job.preflight = preflight_table(self.project.output,
                                            cover if spec.cover and cover.exists() else None,
                                            spec)
        return self._started("publish", work)

    async def get_job(self, request: Request) -> Response:
        """A job's progress, notes and outcome."""
        job = self.jobs.get(request.path_params["job"])
        return _error(404, "", "no such job") if job is None else JSONResponse(job.as_json())

    async def cancel_job(self, request: Request) -> Response:
        """Ask a running job to stop."""
        job = self.jobs.get(request.path_params["job"])
        if job is None:
            return _error(404, "", "no such job")
        job.cancel.set()
        return JSONResponse({"ok": True})

    # the last build's pages, cover and puzzles

    async def pages(self, request: Request) -> Response:
        """How many pages the last build has."""
        return JSONResponse({"pages": self.builds.page_count()})

    async def page_png(self, request: Request) -> Response:
        """A page of the last build, as a thumbnail or large."""
        width = LARGE_WIDTH if request.query_params.get("size") == "large" else THUMB_WIDTH
        last = self.builds.last
        data = None if last is None else \
            self.builds.page_png(last, request.path_params["n"], width)
        if data is None:
            return _error(404, "", "no such page in the last build")
        return Response(data, media_type="image/png")

    async def cover_png(self, request: Request) -> Response:
        """The last build's cover."""
        cover = self.builds.cover_pdf()
        data = None if cover is None else self.builds.page_png(cover, 1, LARGE_WIDTH)
        if data is None:
            return _error(404, "", "no cover yet: build the book first")
        return Response(data, media_type="image/png")

    def sheet_png(self, request: Request) -> Response:  # drawn in Starlette's thread pool
        """A puzzle of the last build, drawn as its own sheet (`?part=board`: its board)."""
        part = "board" if request.query_params.get("part") == "board" else "sheet"
        try:
            data = self.builds.sheet_png(request.path_params["n"], part)
        except ConundrumError as exc:
            return _error(409, "", str(exc))
        if data is None:
            return _error(404, "", "no such puzzle in the last build")
        return Response(data, media_type="image/png")

    async def puzzles(self, request: Request) -> Response:
        """The table of the last build's puzzles."""
        return JSONResponse(self.builds.puzzles())

    # one puzzle: another one, keep, unkeep, move, replace

    def _entry(self, number: int) -> dict[str, Any] | None:
        return next((p for p in self.builds.puzzles() if p["number"] == number), None)

    def _rebuilt_after(self, kind: str, change: Callable[[Any], list[str]]) -> Response:
        """Start a job that makes `change` to the last build as it is when the job runs
        (its notes kept), then a draft build."""
        def work(job: Job) -> None:
            job.notes.extend(change(self.builds.last))
            self.builds.build(job, draft=True)
        return self._started(kind, work)

    def puzzle_job(self, kind: str) -> Handler:
        """The route for "regenerate", "lock" or "unlock" of one puzzle."""
        async def route(request: Request) -> Response:
            number = request.path_params["n"]
            entry = self._entry(number)
            if entry is None:
                return _error(404, "", f"no puzzle {number} in the last build")
            if kind == "unlock" and not entry["locked"]:
                return _error(409, "", f"puzzle {number} is not kept: nothing to unkeep")
            if kind == "unlock":
                return self._rebuilt_after(kind, lambda last: unkeep(self.project, last, number))
            return self._rebuilt_after(
                kind, lambda last: keep(self.project, last, number, kind == "regenerate"))
        return route

    async def move_to(self, request: Request) -> Response:
        """Move a puzzle to another place in its section."""
        number = request.path_params["n"]
        entry = self._entry(number)
        if entry is None:
            return _error(404, "", f"no puzzle {number} in the last build")
        to = (await _json(request)).get("to")
        places = sum(p["section_index"] == entry["section_index"]
                     for p in self.builds.puzzles())
        if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= places:
            return _error(422, "to", f"send {{\"to\": K}}, K a place in its section "
                                     f"(1 to {places})")
        return self._rebuilt_after("move", lambda last: move(self.project, last, number, to))

    async def replace(self, request: Request) -> Response:
        """Replace a puzzle with a hand-set one."""
        number = request.path_params["n"]
        if self._entry(number) is None:
            return _error(404, "", f"no puzzle {number} in the last build")
        try:
            puzzle = finished(await _json(request))
        except ConundrumError as exc:
            return _error(422, "board", str(exc))
        return self._rebuilt_after(
            "replace", lambda last: keep(self.project, last, number, replacement=puzzle))

    # the hand-setting editor and the downloads

    async def editor_count(self, request: Request) -> Response:
        """The solver's count for the board and tile being set."""
        try:
            return JSONResponse(count(await _json(request)))
        except ConundrumError as exc:
            return _error(422, "board", str(exc))

    async def editor_save(self, request: Request) -> Response:
        """Save a hand-set puzzle into the book's spec."""
        try:
            return JSONResponse({"ok": True, "file": save(await _json(request), self.project),
                                 "revision": self.project.revision})
        except InvalidSpec as exc:
            return _invalid(exc)
        except ConundrumError as exc:
            return _error(422, "board", str(exc))

    async def files(self, request: Request) -> Response:
        """A build's output (PDF, manifest, zip) as a download."""
        name = request.path_params["name"]
        try:
            path = self.project.inside(name)
        except ConundrumError as exc:
            return _error(404, "", str(exc))
        if path.suffix not in DOWNLOADS or not path.is_file():
            return _error(404, "", f"{name}: no such download")
        return FileResponse(path, filename=path.name)


async def _json(request: Request) -> dict[str, Any]:
    try:
        doc = await request.json()
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


def _error(status: int, key: str, message: str) -> Response:
    return JSONResponse({"ok": False, "errors": [{"key": key, "message": message}]}, status)


def _invalid(exc: InvalidSpec) -> Response:
    return JSONResponse({"ok": False, "errors": [
        {"key": f.key, "message": f.message} for f in exc.faults]}, 422)
