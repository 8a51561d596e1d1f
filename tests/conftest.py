"""Fixtures shared by the tests."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from subprocess import CompletedProcess

import pytest

from tests.support.pg import Server, Unavailable, running_server
from tests.support.program import run_program


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/ from what the program makes now (`make golden`)")


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True under `pytest --update-golden`: golden tests rewrite their files instead."""
    return bool(request.config.getoption("--update-golden"))


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


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request, tmp_path) -> str:
    """A catalogue location of each backend: an SQLite file, a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "cat.sqlite")
    return request.getfixturevalue("pg_url")
