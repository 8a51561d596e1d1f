"""A studio on a test's folder through Starlette's TestClient (no socket, no browser)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

TOKEN = "test-token"
WRITE = {"X-Conundrum-Token": TOKEN}
SMALL = {"title": "Studio Test", "seed": 3,
         "sections": [{"name": "Warm-up", "count": 3, "difficulty": 1}]}


def client(folder: Path):
    """A TestClient on a studio for `folder` (its Host header, `testserver`, allowed)."""
    from starlette.testclient import TestClient

    from renderers.studio.app import create_app
    from renderers.studio.project import Project

    return TestClient(create_app(Project(folder), {"testserver"}, token=TOKEN))


@pytest.fixture
def studio(tmp_path: Path) -> Iterator:
    """A test's own studio on its folder (`client`), for every test file (conftest.py)."""
    with client(tmp_path) as c:
        yield c


def finish(c, response, timeout: float = 300) -> dict:
    """Follow the job a 202 response started until it ends; its last state."""
    assert response.status_code == 202, response.text
    job = response.json()["job"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = c.get(f"/api/jobs/{job}").json()
        if state["state"] not in ("queued", "running"):
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job} still running after {timeout} s")


def saved_book(c, spec: dict | None = None) -> dict:
    """Save `spec` (default SMALL) and build a draft of it; the build job's end state."""
    revision = c.get("/api/spec").json()["revision"]
    r = c.put("/api/spec", json={"spec": spec or SMALL, "revision": revision}, headers=WRITE)
    assert r.status_code == 200, r.text
    return finish(c, c.post("/api/build", json={"draft": True}, headers=WRITE))


class Served:
    """A real studio on a free local port, served by uvicorn in a thread (for the browser)."""

    def __init__(self, folder: Path) -> None:
        import socket
        import threading

        import uvicorn

        from renderers.studio.app import create_app
        from renderers.studio.project import Project

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}/"
        app = create_app(Project(folder), {f"127.0.0.1:{port}"})
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop the server and wait for its thread."""
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


# a book of two small sections, as the section and tidying tests start from
TWO = {"title": "Two Sections", "seed": 3,
       "sections": [{"name": "First", "count": 2, "difficulty": 1},
                    {"name": "Second", "count": 2, "difficulty": 1}]}


def book_yaml(folder: Path) -> dict:
    """The studio folder's book.yaml as it stands."""
    return yaml.safe_load((folder / "book.yaml").read_text())


def puzzle_files(folder: Path, pattern: str = "*.yaml") -> dict[str, bytes]:
    """The files in the folder's puzzles/ (`pattern`), by path relative to the folder."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted((folder / "puzzles").glob(pattern))}
