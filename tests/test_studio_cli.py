"""`conundrum studio` as a user runs it: the first line, the Host check on a real socket, a
second studio on the same folder refused, Ctrl-C stopping it cleanly."""

from __future__ import annotations

import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.support.program import CONUNDRUM, run_program


def _start(folder: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([*CONUNDRUM, "studio", str(folder), "--no-browser", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, line


def test_studio_serves_refuses_a_second_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    proc, line = _start(tmp_path)
    try:
        found = re.fullmatch(r"Conundrum Studio at (http://127\.0\.0\.1:(\d+)/) \((.+)\)\n", line)
        assert found, line
        url, port = found[1], found[2]
        assert found[3] == str(tmp_path)
        with urllib.request.urlopen(url, timeout=10) as page:
            assert 'name="conundrum-token"' in page.read().decode()
        foreign = urllib.request.Request(url, headers={"Host": f"attacker.example:{port}"})
        try:
            urllib.request.urlopen(foreign, timeout=10)
            raise AssertionError("a foreign Host header was served")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
        second = run_program("studio", tmp_path, "--no-browser", "--port", "0", timeout=60)
        assert second.returncode == 2
        assert "another Conundrum Studio" in second.stderr and "Traceback" not in second.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "stopped" in out
    assert not list(tmp_path.glob(".*.lock"))  # the lock goes with it


def test_studio_on_a_missing_folder_exits_2(tmp_path: Path) -> None:
    done = run_program("studio", tmp_path / "nope", "--no-browser", timeout=60)
    assert done.returncode == 2 and "no such folder" in done.stderr


def test_the_served_studio_saves_book_yaml_again_and_again(tmp_path: Path) -> None:
    """The command's guard against overwriting what it read stays out of the server: a
    spec saved, built and a sheet drawn (both read it), then saved again, is saved each time (the
    second save was a 500)."""
    import json

    proc, line = _start(tmp_path)
    try:
        url = re.fullmatch(r"Conundrum Studio at (\S+) .*\n", line)[1]
        with urllib.request.urlopen(url, timeout=10) as page:
            token = re.search(r'name="conundrum-token" content="([^"]+)"',
                              page.read().decode())[1]

        def call(method: str, path: str, body: dict | None = None) -> dict:
            request = urllib.request.Request(
                url + path, method=method, data=None if body is None else
                json.dumps(body).encode(), headers={"X-Conundrum-Token": token,
                                                    "Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=30) as r:
                return json.loads(r.read())
        for title in ("First", "Second"):  # the second save was the one refused
            got = call("GET", "api/spec")
            saved = call("PUT", "api/spec", {"spec": {**got["spec"], "title": title},
                                             "revision": got["revision"]})
            assert saved["ok"], saved
            assert f"title: {title}" in (tmp_path / "book.yaml").read_text()
            job = call("POST", "api/build", {"draft": True})["job"]  # a build reads it
            while call("GET", f"api/jobs/{job}")["state"] in ("queued", "running"):
                time.sleep(0.2)
            with urllib.request.urlopen(url + "api/puzzles/1.png", timeout=60) as sheet:
                assert sheet.read().startswith(b"\x89PNG")  # drawn from the spec's settings
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
