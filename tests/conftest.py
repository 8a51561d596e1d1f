"""Fixtures shared by the tests."""

from __future__ import annotations

from collections.abc import Callable
from subprocess import CompletedProcess

import pytest

from tests.program import run_program


@pytest.fixture
def run_cli() -> Callable[..., CompletedProcess[str]]:
    """`run_cli("solve", path, cwd=…, env=…)`: the real program in a fresh process."""
    return run_program
