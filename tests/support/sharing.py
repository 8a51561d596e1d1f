"""Under `pytest -n 2`: a test file with a module-scoped fixture runs on one worker.

xdist's default (`--dist load`) deals tests out one by one, so the tests of a file that
builds a book, starts a browser or generates a batch of puzzles once (a module-scoped
fixture) land on both workers, and each worker builds it. Here the dealing keeps such a
file's tests together (xdist's LoadScopeScheduling, a unit a file) and deals every other
test alone, as before; the files come first, the largest first, so none is left to the end.

(xdist's own `--dist loadgroup` with marks would say this per test, but with pytest 9.2
it no longer groups: pytest-dev/pytest-xdist#1386.)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

# a module-scoped fixture of the file's own, the browser (tests/support/web.py `chrome`)
# taken by a test or by a fixture of the file, or another test file's fixtures imported
SHARED = re.compile(r"scope=[\"']module[\"']|\bdef \w+\([^)]*\bchrome\b|^from tests\.test_",
                    re.M)


def shared_files(folder: Path, root: Path) -> set[str]:
    """The test files under `folder` (as node ids write them, relative to `root`) whose
    tests share a module-scoped fixture."""
    return {path.relative_to(root).as_posix() for path in sorted(folder.rglob("test_*.py"))
            if SHARED.search(path.read_text(encoding="utf-8"))}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist's scheduler for `-n` with the default `--dist load`: a shared file is one unit
    of work, any other test its own; another `--dist` is left to xdist."""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    root = Path(str(config.rootpath))
    shared = shared_files(root / "tests", root)

    class FilesTogether(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path in shared else nodeid

    return FilesTogether(config, log)
