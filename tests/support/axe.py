"""axe-core, the accessibility checker, fetched from the npm registry at test set-up.

`npm pack axe-core@4` once, cached under the repository's `.cache/axe-core/` (git-ignored);
the test injects `axe.min.js` into the page. Without npm (Debian package `npm`) the test is
skipped, or fails in CI (`make browser` installs it as root).
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile

import pytest

from tests.support.paths import ROOT
from tests.support.web import in_ci

CACHE = ROOT / ".cache" / "axe-core"
VERSION = "4"


def axe_source() -> str:
    """The text of axe.min.js, fetched with npm the first time."""
    script = CACHE / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            why = "npm not on PATH (run `make browser`, or apt-get install npm)"
            if in_ci():
                pytest.fail(why)
            pytest.skip(why)
        CACHE.mkdir(parents=True, exist_ok=True)
        run = subprocess.run([npm, "pack", f"axe-core@{VERSION}", "--pack-destination",
                              str(CACHE)], capture_output=True, text=True, timeout=300)
        packs = sorted(CACHE.glob("axe-core-*.tgz"))
        if run.returncode != 0 or not packs:
            why = f"npm pack axe-core failed: {run.stderr.strip()[-300:]}"
            if in_ci():
                pytest.fail(why)
            pytest.skip(why)
        with tarfile.open(packs[-1]) as tar:
            member = tar.extractfile("package/axe.min.js")
            assert member is not None
            partial = script.with_suffix(".part")
            partial.write_bytes(member.read())
            partial.replace(script)             # whole or not at all, even with two workers
    return script.read_text(encoding="utf-8")


AUDIT = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))),
  e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));
"""


def audit(driver) -> list[dict]:
    """Every axe-core violation on the page now open."""
    if not driver.execute_script("return typeof axe !== 'undefined'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    return driver.execute_async_script(AUDIT)


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]
