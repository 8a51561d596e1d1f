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
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from .project import Project
from .routes import Api

HERE = Path(__file__).parent
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


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
    routes = [*Api(project, token).routes(),
              Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")]
    return Guard(Starlette(routes=routes), {h.lower() for h in hosts}, token)
