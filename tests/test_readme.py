"""The examples of the README and the docs are run, so they cannot drift from the program.

The pages are README.md and every Markdown page under docs/ (the documentation
site's sources). Every ```console block is a shell session run in a fresh
temporary folder that holds a copy of `puzzles/` and of `docs/schema/`, and an
empty `out/`, with `conundrum` on the PATH (this Python's `-m conundrum`):

- a line `$ command` runs `command` in bash (stdout and stderr together);
  the lines after it, up to the next `$ `, are its expected output;
- `$ cat FILE` for a FILE that does not exist yet *creates* it with the lines
  shown (that is how a page shows an input file);
- a last output line `exit N`, or a `# exit N` comment on the command line,
  states the exit status; otherwise the status is not checked;
- in expected output, a line `...` or a line wholly in parentheses, such as
  `(and a table per seat)`, stands for any number of lines;
- trailing spaces are ignored.

Every ```python block is run in the same kind of folder: as a doctest when it
has `>>>` prompts (ELLIPSIS on), else as a script that must not raise.

A block preceded by the line `<!-- not-tested -->` is skipped: use it only for
slow or non-deterministic output (timings, progress bars).

When a block fails, the message names its page and line (`docs/guide/solving.md:12`)
and shows the block as the program now writes it, ready to paste after checking
it is right.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support.paths import ROOT

pytestmark = pytest.mark.slow  # builds books or drives the browser

README = ROOT / "README.md"
DOCS = ROOT / "docs"
SKIP_MARK = "<!-- not-tested -->"
EXIT_LINE = re.compile(r"exit (\d+)")
EXIT_COMMENT = re.compile(r"#\s*exit (\d+)\b")
TIMEOUT = 120  # seconds for one command; a README example should take far less


@dataclass
class Block:
    lang: str
    line: int  # line of the opening fence in its page, from 1
    lines: list[str]
    skipped: bool = False
    page: str = "README.md"  # relative to the repository

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}-{self.lang}"


@dataclass
class Step:
    command: str
    expected: list[str] = field(default_factory=list)


def pages() -> list[Path]:
    """README.md, then every Markdown page under docs/, in name order."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def readme_blocks(text: str, page: str = "README.md") -> list[Block]:
    """A page's console and python blocks, in order."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.fullmatch(r"```(\w+)\s*", lines[i])
        if not m:
            i += 1
            continue
        start = i
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if m.group(1) in ("console", "python"):
            before = [ln for ln in lines[:start] if ln.strip()]
            skipped = bool(before) and before[-1].strip() == SKIP_MARK
            blocks.append(Block(m.group(1), start + 1, lines[start + 1:j], skipped, page))
        i = j + 1
    return blocks


def steps(block: Block) -> list[Step]:
    out: list[Step] = []
    for line in block.lines:
        if line.startswith("$ "):
            out.append(Step(line[2:].strip()))
        elif out:
            out[-1].expected.append(line.rstrip())
        elif line.strip():
            raise AssertionError(f"{block.name}: output before the first `$ ` command")
    return out


def expected_status(step: Step) -> tuple[list[str], int | None]:
    """The expected output without an `exit N` last line, and the status it states."""
    lines = list(step.expected)
    while lines and not lines[-1]:
        lines.pop()
    if lines and (m := EXIT_LINE.fullmatch(lines[-1].strip())):
        return lines[:-1], int(m.group(1))
    m = EXIT_COMMENT.search(step.command)
    return lines, int(m.group(1)) if m else None


def is_elision(line: str) -> bool:
    s = line.strip()
    return s == "..." or (s.startswith("(") and s.endswith(")") and ")" not in s[:-1])


def output_matches(expected: list[str], actual: list[str]) -> bool:
    pattern = "".join("(?:[^\n]*\n)*?" if is_elision(ln) else re.escape(ln) + "\n"
                      for ln in expected)
    return re.fullmatch(pattern, "".join(ln + "\n" for ln in actual)) is not None


def _clean(text: str) -> list[str]:
    lines = [ln.rstrip() for ln in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:  # what a progress bar leaves when it clears itself
        lines.pop(0)
    return lines


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A fresh folder with `puzzles/`, `docs/schema/`, an `out/` and `conundrum` on the PATH."""
    shutil.copytree(ROOT / "puzzles", tmp_path / "puzzles")
    shutil.copytree(DOCS / "schema", tmp_path / "docs" / "schema")
    (tmp_path / "out").mkdir()
    bin_dir = tmp_path / ".bin"
    bin_dir.mkdir()
    script = bin_dir / "conundrum"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m conundrum "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return tmp_path


def _env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{folder / '.bin'}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "80"  # tables are laid out for this width
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    for key in ("FORCE_COLOR", "CLICOLOR_FORCE", "CONUNDRUM_CATALOGUE"):
        env.pop(key, None)
    env["NO_COLOR"] = "1"
    return env


def run_console(block: Block, folder: Path) -> list[str]:
    """Run the block; return the problems found (empty: the block is right)."""
    problems: list[str] = []
    new_block: list[str] = []
    for step in steps(block):
        new_block.append(f"$ {step.command}")
        expected, status = expected_status(step)
        cat = re.fullmatch(r"cat (\S+)", step.command)
        if cat and not (folder / cat.group(1)).exists():
            (folder / cat.group(1)).write_text("".join(ln + "\n" for ln in expected))
            new_block += expected
            continue
        done = subprocess.run(["bash", "-c", step.command], cwd=folder, env=_env(folder),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=TIMEOUT)
        actual = _clean(done.stdout)
        new_block += actual
        if status is not None and EXIT_LINE.fullmatch((step.expected or [""])[-1].strip()):
            new_block.append(f"exit {done.returncode}")
        if not output_matches(expected, actual):
            problems.append(f"`$ {step.command}` printed something else")
        if status is not None and done.returncode != status:
            problems.append(f"`$ {step.command}` exited {done.returncode}, not {status}")
    if problems:
        problems.append("The block as the program now runs it (elided lines are shown in "
                        "full; keep the page's `...` where it had them):\n```console\n"
                        + "\n".join(new_block) + "\n```")
    return problems


def run_python(block: Block, folder: Path) -> list[str]:
    source = "\n".join(block.lines) + "\n"
    old = os.getcwd()
    os.chdir(folder)
    try:
        if ">>>" in source:
            parser = doctest.DocTestParser()
            test = parser.get_doctest(source, {}, block.name, str(ROOT / block.page), block.line)
            out: list[str] = []
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS
                                           | doctest.NORMALIZE_WHITESPACE)
            runner.run(test, out=out.append)
            failed = runner.summarize(verbose=False).failed
            return ["".join(out)] if failed else []
        try:
            exec(compile(source, block.name, "exec"), {"__name__": "__readme__"})
        except Exception as exc:  # noqa: BLE001 - report any failure of the example
            return [f"raised {type(exc).__name__}: {exc}"]
        return []
    finally:
        os.chdir(old)


BLOCKS = [block for page in pages()
          for block in readme_blocks(page.read_text(encoding="utf-8"),
                                     page.relative_to(ROOT).as_posix())]


def test_the_readme_and_the_docs_have_examples_to_run():
    langs = {b.lang for b in BLOCKS if not b.skipped}
    assert langs == {"console", "python"}
    assert any(b.page == "README.md" and b.lang == "console" for b in BLOCKS)
    # the guide's examples, moved out of the README, are run where they now live
    tested = {b.page for b in BLOCKS if not b.skipped}
    assert {"docs/guide/solving.md", "docs/guide/generating.md", "docs/guide/simulating.md",
            "docs/guide/catalogue.md", "docs/guide/web-player.md"} <= tested
    skipped = [b for b in BLOCKS if b.skipped]
    assert len(skipped) <= 2, "mark only slow or non-deterministic blocks as not tested"


def test_every_page_under_docs_is_read():
    names = {b.page for b in readme_blocks("```console\n$ true\n```\n", "x")}
    assert names == {"x"}
    assert DOCS / "guide" / "solving.md" in pages() and pages()[0] == README


@pytest.mark.parametrize("block", BLOCKS, ids=[b.name for b in BLOCKS])
def test_readme_block(block: Block, folder: Path):
    if block.skipped:
        pytest.skip(f"{block.name} is marked {SKIP_MARK}")
    run = run_console if block.lang == "console" else run_python
    problems = run(block, folder)
    assert not problems, f"{block.name} (the block opening at that line) is out of date:\n" \
        + "\n".join(problems)


# ---- the checker itself ------------------------------------------------------
def test_elisions_match_any_number_of_lines():
    assert output_matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert output_matches(["a", "...", "d"], ["a", "d"])
    assert output_matches(["a", "(the rest)"], ["a", "b"])
    assert not output_matches(["a", "...", "d"], ["a", "b", "c"])
    assert not output_matches(["a", "b"], ["a", "c"])
    assert not output_matches(["a"], ["a", "b"])


def test_a_wrong_block_is_reported_with_the_new_output(folder: Path):
    block = Block("console", 1, ["$ echo hello", "goodbye", "exit 0"])
    problems = run_console(block, folder)
    assert "printed something else" in problems[0]
    assert "$ echo hello\nhello\nexit 0" in problems[-1]
    assert not run_console(Block("console", 1, ["$ echo hi; exit 3", "hi", "exit 3"]), folder)
    assert run_console(Block("console", 1, ["$ exit 3 # exit 2"]), folder)


def test_cat_of_a_new_file_creates_it(folder: Path):
    block = Block("console", 1, ["$ cat a.txt", "one", "two", "$ wc -l < a.txt", "2"])
    assert not run_console(block, folder)


def test_a_python_block_that_raises_or_prints_otherwise_fails(folder: Path):
    assert run_python(Block("python", 1, ["1 / 0"]), folder)
    assert run_python(Block("python", 1, [">>> print(1 + 1)", "3"]), folder)
    assert not run_python(Block("python", 1, [">>> print(1 + 1)", "2"]), folder)


def test_marked_blocks_are_found():
    text = "x\n\n<!-- not-tested -->\n```console\n$ true\n```\n```python\npass\n```\n"
    blocks = readme_blocks(text)
    assert [(b.lang, b.skipped, b.line) for b in blocks] == [
        ("console", True, 4), ("python", False, 7)]
