"""`conundrum studio` as a user runs it: the first line, the Host check on a real socket, a
second studio on the same folder refused, Ctrl-C stopping it cleanly."""

from __future__ import annotations

import re
import signal
import subprocess
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
