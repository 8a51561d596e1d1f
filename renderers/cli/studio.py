"""The `studio` command: Conundrum Studio, the local web app (renderers/studio), served by
uvicorn on this machine until Ctrl-C."""

from __future__ import annotations

import contextvars
import socket
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from conundrum.errors import ConundrumError

DEFAULT_PORT = 8765  # taken: any free port instead


def _listen(host: str, port: int | None) -> socket.socket:
    """A bound, listening socket (ConundrumError when the address cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in ([port] if port is not None else [DEFAULT_PORT, 0]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.bind((host, candidate))
        except OSError as exc:
            sock.close()
            if port is None and candidate == DEFAULT_PORT:
                continue
            raise ConundrumError(f"--host {host} --port {candidate}: cannot listen there: "
                                 f"{exc.strerror or exc}") from None
        sock.listen(64)
        return sock
    raise AssertionError("unreachable: port 0 always binds")


def studio(
    folder: Annotated[Path, typer.Argument(
        help="The book project: a folder with book.yaml (created on the first change).")]
        = Path("."),
    port: Annotated[int | None, typer.Option(
        "--port", min=0, max=65535,
        help=f"Port to serve on (default {DEFAULT_PORT}, or a free one if taken).")] = None,
    host: Annotated[str, typer.Option(
        "--host", help="Address to serve on; other machines reach it only if you say so.")]
        = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option(
        "--no-browser", help="Do not open the studio in the web browser.")] = False,
) -> None:
    """Conundrum Studio: design a book, watch its pages, set puzzles by hand, in the browser."""

    import uvicorn

    from renderers.studio.app import create_app
    from renderers.studio.project import open_project

    with open_project(folder) as project:
        sock = _listen(host, port)
        bound = sock.getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        hosts = {f"{shown}:{bound}"}
        if host in ("127.0.0.1", "::1"):
            hosts.add(f"localhost:{bound}")
        url = f"http://{shown}:{bound}/"
        print(f"Conundrum Studio at {url} ({folder})", flush=True)
        if not no_browser:
            webbrowser.open(url)
        server = uvicorn.Server(uvicorn.Config(create_app(project, hosts), log_level="warning",
                                               lifespan="off"))
        try:
            # served outside this command's record of the files it read (overwrite_guard):
            # the studio reads book.yaml and saves it again on every change, as a user
            # would; the record would refuse the second save
            contextvars.Context().run(server.run, sockets=[sock])  # Ctrl-C: then it returns
        except KeyboardInterrupt:  # uvicorn hands the signal on once shut down: the way to stop
            pass
        print("Conundrum Studio stopped", flush=True)


def register(app: typer.Typer) -> None:
    """Add the `studio` command to the CLI."""
    app.command(epilog="Example: conundrum studio my-book --no-browser")(studio)
