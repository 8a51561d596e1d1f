"""The studio's web app: the page, its static files and the JSON API of docs/reference
(studio-api.md), with the safety every response gets: a Host header other than the served
address is refused (403: DNS rebinding), a request that changes anything needs the run's
token (403), and a Content-Security-Policy without inline scripts."""

from __future__ import annotations

import ipaddress
import secrets
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
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
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
DOWNLOADS = (".pdf", ".yaml", ".zip")  # what /files/ serves: the build's outputs


class Guard:
    """ASGI middleware: the Host check, the token check and the security headers."""

    def __init__(self, app: Any, hosts: set[str], token: str) -> None:
        self.app, self.hosts, self.token = app, hosts, token

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope["headers"]}
        refusal = None
        if not self._host_ok(headers.get("host", "").lower()):
            refusal = "this studio answers only to its own address (Host header refused)"
        elif scope["method"] not in SAFE_METHODS and not secrets.compare_digest(
                headers.get("x-conundrum-token", ""), self.token):
            refusal = "missing or wrong X-Conundrum-Token (the page's conundrum-token)"
        if refusal is not None:
            response: Response = JSONResponse({"ok": False, "error": refusal}, 403)
            await self._secured(response)(scope, receive, send)
            return

        async def send_secured(message: dict) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self._headers()]
            await send(message)

        await self.app(scope, receive, send_secured)

    def _host_ok(self, host: str) -> bool:
        """The served address; on a wildcard address (`--host 0.0.0.0`), any IP address
        with the served port: rebinding needs a name, never a bare address."""
        if host in self.hosts:
            return True
        wild = [h.rsplit(":", 1)[1] for h in self.hosts if h.startswith(("0.0.0.0:", "[::]:"))]
        name, _, port = host.rpartition(":")
        try:
            ipaddress.ip_address(name.strip("[]"))
        except ValueError:
            return False
        return port in wild

    @staticmethod
    def _headers() -> list[tuple[bytes, bytes]]:
        return [(b"content-security-policy", CSP.encode()),
                (b"x-content-type-options", b"nosniff"),
                (b"referrer-policy", b"no-referrer"),
                (b"cache-control", b"no-store")]

    def _secured(self, response: Response) -> Response:
        for name, value in self._headers():
            response.headers[name.decode()] = value.decode()
        return response


def create_app(project: Project, hosts: set[str], token: str | None = None) -> Any:
    """The studio for `project`, answering to the Host names `hosts` (`host:port`)."""
    token = token or secrets.token_urlsafe(24)
    builds = Builds(project)
    jobs = Jobs()
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    async def page(request: Request) -> Response:
        return templates.TemplateResponse(request, "studio.html", {
            "token": token, "folder": project.folder.name or str(project.folder),
            "fields": form_fields(), "tiles": tile_set()})

    async def get_spec(request: Request) -> Response:
        return JSONResponse({"spec": project.read(), "revision": project.revision,
                             "saved": project.spec_path.exists(),
                             "undo": project.can_undo})

    async def put_spec(request: Request) -> Response:
        doc = await _json(request)
        spec, revision = doc.get("spec"), doc.get("revision")
        if not isinstance(spec, dict) or not isinstance(revision, int):
            return _error(422, "", "send {\"spec\": {...}, \"revision\": R}")
        try:
            new = project.save(spec, revision)
        except RevisionConflict as exc:
            return JSONResponse({"ok": False, "revision": project.revision,
                                 "errors": [{"key": "", "message": str(exc)}]}, 409)
        except InvalidSpec as exc:
            return JSONResponse({"ok": False, "errors": [
                {"key": f.key, "message": f.message} for f in exc.faults]}, 422)
        return JSONResponse({"ok": True, "revision": new})

    async def undo(request: Request) -> Response:
        try:
            return JSONResponse({"ok": True, "revision": project.undo()})
        except ConundrumError as exc:
            return _error(409, "", str(exc))

    def started(job: Job) -> Response:
        return JSONResponse({"job": job.id}, 202)

    async def build(request: Request) -> Response:
        draft = (await _json(request)).get("draft", True)
        return started(jobs.start("build", lambda job: builds.build(job, bool(draft))))

    async def publish(request: Request) -> Response:
        def work(job: Job) -> None:
            spec = builds.build(job, draft=False)
            from renderers.book.cover import cover_name
            cover = cover_name(project.output)
            job.preflight = preflight_table(project.output,
                                            cover if spec.cover and cover.exists() else None,
                                            spec)
        return started(jobs.start("publish", work))

    async def get_job(request: Request) -> Response:
        job = jobs.get(request.path_params["job"])
        if job is None:
            return _error(404, "", "no such job")
        return JSONResponse(job.as_json())

    async def cancel_job(request: Request) -> Response:
        job = jobs.get(request.path_params["job"])
        if job is None:
            return _error(404, "", "no such job")
        job.cancel.set()
        return JSONResponse({"ok": True})

    async def page_png(request: Request) -> Response:
        width = LARGE_WIDTH if request.query_params.get("size") == "large" else THUMB_WIDTH
        data = None if builds.last is None else \
            builds.page_png(builds.last, request.path_params["n"], width)
        if data is None:
            return _error(404, "", "no such page in the last build")
        return Response(data, media_type="image/png")

    async def cover_png(request: Request) -> Response:
        cover = builds.cover_pdf()
        data = None if cover is None else builds.page_png(cover, 1, LARGE_WIDTH)
        if data is None:
            return _error(404, "", "no cover yet: build the book first")
        return Response(data, media_type="image/png")

    async def pages(request: Request) -> Response:
        return JSONResponse({"pages": builds.page_count()})

    def sheet_png(request: Request) -> Response:  # drawn in Starlette's thread pool
        try:
            data = builds.sheet_png(request.path_params["n"])
        except ConundrumError as exc:
            return _error(409, "", str(exc))
        if data is None:
            return _error(404, "", "no such puzzle in the last build")
        return Response(data, media_type="image/png")

    async def puzzles(request: Request) -> Response:
        return JSONResponse(builds.puzzles())

    def per_puzzle(kind: str):
        async def route(request: Request) -> Response:
            number = request.path_params["n"]
            entry = next((p for p in builds.puzzles() if p["number"] == number), None)
            if entry is None:
                return _error(404, "", f"no puzzle {number} in the last build")
            if kind == "unlock" and not entry["locked"]:
                return _error(409, "", f"puzzle {number} is not kept: nothing to unkeep")

            def work(job: Job) -> None:
                if kind == "unlock":
                    job.notes.extend(unkeep(project, builds.last, number))
                else:
                    job.notes.extend(keep(project, builds.last, number, kind == "regenerate"))
                builds.build(job, draft=True)
            return started(jobs.start(kind, work))
        return route

    async def move_to(request: Request) -> Response:
        number = request.path_params["n"]
        listed = builds.puzzles()
        entry = next((p for p in listed if p["number"] == number), None)
        if entry is None:
            return _error(404, "", f"no puzzle {number} in the last build")
        to = (await _json(request)).get("to")
        places = sum(p["section"] == entry["section"] for p in listed)
        if not isinstance(to, int) or isinstance(to, bool) or not 1 <= to <= places:
            return _error(422, "to", f"send {{\"to\": K}}, K a place in its section "
                                     f"(1 to {places})")

        def work(job: Job) -> None:
            job.notes.extend(move(project, builds.last, number, to))
            builds.build(job, draft=True)
        return started(jobs.start("move", work))

    async def replace(request: Request) -> Response:
        number = request.path_params["n"]
        if not any(p["number"] == number for p in builds.puzzles()):
            return _error(404, "", f"no puzzle {number} in the last build")
        try:
            puzzle = finished(await _json(request))
        except ConundrumError as exc:
            return _error(422, "board", str(exc))

        def work(job: Job) -> None:
            job.notes.extend(keep(project, builds.last, number, replacement=puzzle))
            builds.build(job, draft=True)
        return started(jobs.start("replace", work))

    async def editor_count(request: Request) -> Response:
        try:
            return JSONResponse(count(await _json(request)))
        except ConundrumError as exc:
            return _error(422, "board", str(exc))

    async def editor_save(request: Request) -> Response:
        try:
            return JSONResponse({"ok": True, "file": save(await _json(request), project),
                                 "revision": project.revision})
        except InvalidSpec as exc:
            return JSONResponse({"ok": False, "errors": [
                {"key": f.key, "message": f.message} for f in exc.faults]}, 422)
        except ConundrumError as exc:
            return _error(422, "board", str(exc))

    async def files(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            path = project.inside(name)
        except ConundrumError as exc:
            return _error(404, "", str(exc))
        if path.suffix not in DOWNLOADS or not path.is_file():
            return _error(404, "", f"{name}: no such download")
        return FileResponse(path, filename=path.name)

    routes = [
        Route("/", page),
        Route("/api/spec", get_spec, methods=["GET"]),
        Route("/api/spec", put_spec, methods=["PUT"]),
        Route("/api/spec/undo", undo, methods=["POST"]),
        Route("/api/build", build, methods=["POST"]),
        Route("/api/publish", publish, methods=["POST"]),
        Route("/api/jobs/{job}", get_job),
        Route("/api/jobs/{job}/cancel", cancel_job, methods=["POST"]),
        Route("/api/pages", pages),
        Route("/api/pages/{n:int}.png", page_png),
        Route("/api/cover.png", cover_png),
        Route("/api/puzzles", puzzles),
        Route("/api/puzzles/{n:int}.png", sheet_png),
        Route("/api/puzzles/{n:int}/regenerate", per_puzzle("regenerate"), methods=["POST"]),
        Route("/api/puzzles/{n:int}/lock", per_puzzle("lock"), methods=["POST"]),
        Route("/api/puzzles/{n:int}/unlock", per_puzzle("unlock"), methods=["POST"]),
        Route("/api/puzzles/{n:int}/replace", replace, methods=["POST"]),
        Route("/api/puzzles/{n:int}/move", move_to, methods=["POST"]),
        Route("/api/editor/count", editor_count, methods=["POST"]),
        Route("/api/editor/save", editor_save, methods=["POST"]),
        Route("/files/{name:path}", files),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    return Guard(Starlette(routes=routes), {h.lower() for h in hosts}, token)


async def _json(request: Request) -> dict[str, Any]:
    try:
        doc = await request.json()
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


def _error(status: int, key: str, message: str) -> Response:
    return JSONResponse({"ok": False, "errors": [{"key": key, "message": message}]}, status)


