"""kill -9 of a book build at random moments: resume gives the same bytes, no worker
outlives the build, no temporary file stays, and the catalogue matches the books."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from conundrum.book.catalogues import open_catalogue
from tests.support.program import CONUNDRUM

pytestmark = pytest.mark.slow  # builds books or drives the browser

SPEC = "title: Killed\nseed: 5\nsections: [{name: A, count: 3, difficulty: 1}]\n"


def build(folder: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([*CONUNDRUM, "book", "spec.yaml", "-o", "book.pdf", "--jobs", "2",
                             *extra], cwd=folder, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def alive_in_group(group: int) -> list[int]:
    """Processes of a process group that still run (zombies have stopped running)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) == group and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


def wait_until_gone(group: int, seconds: float = 10.0) -> list[int]:
    end = time.monotonic() + seconds
    while (left := alive_in_group(group)) and time.monotonic() < end:
        time.sleep(0.1)
    return left


def published(folder: Path) -> int:
    with open_catalogue(folder / "conundrum-catalogue.sqlite") as cat:
        return cat.count()


def check_consistent(folder: Path) -> None:
    """A book the catalogue lists is written whole: its PDF and a manifest of as many
    puzzles. A book is written before it is recorded (make_book.py), so a build killed
    between the two leaves its PDF and manifest unrecorded: then its work file is kept,
    for --resume to record it (test_catalogue_builds.py checks that resume)."""
    manifest = folder / "book.manifest.yaml"
    recorded = published(folder) if (folder / "conundrum-catalogue.sqlite").exists() else 0
    if recorded:
        assert (folder / "book.pdf").exists() and manifest.exists()
        assert recorded == len(yaml.safe_load(manifest.read_text())["puzzles"])
    elif manifest.exists():
        assert (folder / "book.pdf").exists() and (folder / "book.work.sqlite").exists()


def test_kill_at_random_moments_then_resume(tmp_path):
    reference = tmp_path / "reference"
    reference.mkdir()
    (reference / "spec.yaml").write_text(SPEC)
    start = time.monotonic()
    proc = build(reference)
    assert proc.wait(timeout=300) == 0, proc.stderr.read().decode()
    took = time.monotonic() - start
    expected = (reference / "book.pdf").read_bytes()
    expected_manifest = (reference / "book.manifest.yaml").read_bytes()

    rng = random.Random(17)
    for round_, whole_group in enumerate((False, True)):
        folder = tmp_path / f"killed-{round_}"
        folder.mkdir()
        (folder / "spec.yaml").write_text(SPEC)
        proc = build(folder)
        time.sleep(rng.uniform(0.2, 0.9) * took)
        if whole_group:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()  # the parent only: its workers must die with it
        proc.wait(timeout=60)
        assert wait_until_gone(proc.pid) == [], "a worker outlived the killed build"
        check_consistent(folder)
        proc = build(folder, "--resume")
        assert proc.wait(timeout=300) == 0, proc.stderr.read().decode()
        assert wait_until_gone(proc.pid) == []
        assert (folder / "book.pdf").read_bytes() == expected
        assert (folder / "book.manifest.yaml").read_bytes() == expected_manifest
        leftovers = sorted(p.name for p in folder.iterdir()
                           if p.name.endswith(".tmp") or p.name.endswith(".work.sqlite"))
        assert leftovers == []
        check_consistent(folder)
