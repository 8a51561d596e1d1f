"""Fixtures shared by the tests."""

from __future__ import annotations

import ast
import inspect
import os
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from tests.support.pg import Server, Unavailable, running_server
from tests.support.program import cli_built_once, run_program

# the browser fixtures (`chrome`, a module's; `driver`, a test's own) and a studio on a
# test's folder (`studio`) for every test file
pytest_plugins = ("tests.support.web", "tests.support.sharing", "tests.support.studio")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/ from what the program makes now (`make golden`)")


# A test that builds a book or drives the browser is slow (`pytest -m "not slow"` leaves
# it out; `make test` runs everything): marked here from what its source calls, so a new
# test that builds a book is marked without anyone remembering to.
SLOW_CALLS = re.compile(
    r"make_book|render_book|book_pages|make_puzzles\(|publish\(|[\"']book[\"'],|"
    r"run_program\(\s*[\"']book|\bbook \S+\.yaml|\bchrome\b|open_page|webdriver")


# a test file marked slow whole (its first lines' `pytestmark = pytest.mark.slow`)
SLOW_FILE = re.compile(r"^pytestmark = pytest\.mark\.slow\b", re.M)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under `-m "not slow"` a file marked slow whole is not even imported: its tests would
    all be deselected, and importing it (pytest rewrites every assert of a test file first)
    cost each xdist worker about 3 CPU seconds of the fast set's start-up."""
    if (config.getoption("markexpr", "").strip() == "not slow"
            and collection_path.suffix == ".py" and collection_path.name.startswith("test_")
            and SLOW_FILE.search(collection_path.read_text(encoding="utf-8"))):
        return True
    return None


@cache
def _functions_source(filename: str) -> dict[tuple[str, int], str]:
    """The source of each function in a file, decorators included, by (name, first line as
    the code object counts it): the file read and parsed once, where inspect.getsource
    tokenized each test's lines again for each test."""
    text = Path(filename).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    found = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found[node.name, first] = "".join(lines[first - 1:node.end_lineno])
    return found


def _source(function: object) -> str | None:
    code = getattr(inspect.unwrap(function), "__code__", None)  # type: ignore[arg-type]
    if code is None:
        return None
    try:
        return _functions_source(code.co_filename).get((code.co_name, code.co_firstlineno))
    except (OSError, SyntaxError, ValueError):
        return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        function = getattr(item, "function", None)
        if function is None or item.get_closest_marker("slow"):
            continue
        source = _source(function)
        if source is None:
            continue
        fixtures = getattr(item, "fixturenames", ())
        if SLOW_CALLS.search(source) or "chrome" in fixtures or any(
                name.endswith("_book") or name.startswith("book_") for name in fixtures):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="session")
def _cli_built_once() -> Iterator[None]:
    """Every in-process `main()` of the session runs the click command typer made once
    (`program.cli_built_once`): making it again at each call (15-35 ms) was about 20 of the
    fast set's CPU seconds, in some 650 calls; a process the tests start makes its own."""
    with cli_built_once():
        yield


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
