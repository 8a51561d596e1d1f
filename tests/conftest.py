"""Fixtures shared by the tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from subprocess import CompletedProcess

import pytest

from tests.pg import Server, Unavailable, running_server
from tests.program import run_program


@pytest.fixture
def run_cli() -> Callable[..., CompletedProcess[str]]:
    """`run_cli("solve", path, cwd=…, env=…)`: the real program in a fresh process."""
    return run_program


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A real PostgreSQL server for the whole session (one per xdist worker)."""
    try:
        with running_server() as server:
            yield server
    except Unavailable as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{exc}; in CI the PostgreSQL tests must run")
        pytest.skip(str(exc))


@pytest.fixture
def pg_url(pg_server: Server) -> str:
    """A fresh empty database on that server."""
    return pg_server.new_database()
