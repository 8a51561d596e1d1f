"""A studio on a test's folder through Starlette's TestClient (no socket, no browser)."""

from __future__ import annotations

import time
from pathlib import Path

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
