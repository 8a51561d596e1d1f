"""The project's documents in docs/: present, linked, and cited instead of outside files."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest

from tests.support.paths import ROOT

DOCS = ROOT / "docs"
# Reference documents that live outside the repository; nothing may cite them.
OUTSIDE = re.compile(r"\b(RULES|SPEC|SAT-NOTES|DESIGN|TEST-NOTES|SOLVE-RECORD)\.md\b"
                     r"|(?<![\w.])\(SPEC\)|# SPEC\b")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
        files = [ROOT / f for f in out]
    except (OSError, subprocess.CalledProcessError):  # an unpacked sdist has no git
        files = [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]
    keep = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".cfg", ".json"}
    return [f for f in files if f.suffix in keep or f.name == "Makefile"]


def test_no_file_cites_documents_outside_the_repository():
    offenders = []
    for path in _tracked_text_files():
        if not path.exists():
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OUTSIDE.search(line) and path.name != Path(__file__).name:
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "cite docs/rules.md, docs/formats.md or docs/generator.md:\n" + \
        "\n".join(offenders)


PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))


def test_the_documents_are_there():
    for doc in ("README.md", "rules.md", "formats.md", "generator.md", "guide/solving.md",
                "reference/cli.md", "dev/architecture.md"):
        assert doc in PAGES


@pytest.mark.parametrize("doc", PAGES)
def test_documents_exist_and_their_links_resolve(doc):
    path = DOCS / doc
    text = path.read_text(encoding="utf-8")
    headings = _anchors(text)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        assert linked.exists(), f"docs/{doc} links to missing {target}"
        if anchor and linked.suffix == ".md":
            targets = _anchors(_source(linked)) if file_part else headings
            assert anchor in targets, f"docs/{doc}: no heading for {target}"


def test_readme_links_into_docs_resolve():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        file_part, _, anchor = target.partition("#")
        linked = ROOT / file_part
        assert linked.exists(), f"README.md links to missing {target}"
        if anchor:
            assert anchor in _anchors(linked.read_text(encoding="utf-8")), target


def _source(page: Path) -> str:
    """A page's Markdown as the site shows it: the CLI reference's sections are written
    by an MkDocs hook (docs/hooks/cli_reference.py) when the site is built."""
    text = page.read_text(encoding="utf-8")
    if page == DOCS / "reference" / "cli.md":
        spec = importlib.util.spec_from_file_location("cli_reference",
                                                      DOCS / "hooks" / "cli_reference.py")
        assert spec and spec.loader
        hook = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(hook)
        text = text.replace(hook.MARKER, hook.markdown())
    return text


def _anchors(markdown: str) -> set[str]:
    """The anchors of a Markdown file's headings, as the site (MkDocs' `toc`) makes them:
    the heading `solve --json` is #solve-json there (GitHub's #solve---json is not)."""
    from markdown.extensions.toc import slugify

    out = set()
    for line in markdown.splitlines():
        m = re.match(r"#+\s+(.*)", line)
        if m:
            out.add(slugify(m.group(1).strip().replace("`", ""), "-"))
    return out


def test_every_rule_the_messages_cite_is_in_the_rulebook():
    """Each `Fault` rule string in the code is spelt out in docs/rules.md."""
    cited = set()
    for path in (ROOT / "conundrum").rglob("*.py"):
        cited |= set(re.findall(r'Fault\([^,]*,\s*"((?:rule \d|junior:)[^"]*)"',
                                path.read_text(encoding="utf-8")))
    assert {c.split(":")[0] for c in cited} >= {"rule 1", "rule 2", "rule 3", "rule 4"}
    rulebook = (DOCS / "rules.md").read_text(encoding="utf-8")
    flat = " ".join(rulebook.split())
    for rule in sorted(cited):
        assert f"`{rule}`" in flat, f"docs/rules.md does not name the message {rule!r}"


def test_the_rulebook_numbers_its_four_rules():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = text.split("## A legal board", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^(\d)\. \*\*", section, re.M) == ["1", "2", "3", "4"]


def test_the_expert_scoring_examples_are_written_out():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for example in ("2 + 1 = **3**", "2 + 1 + 2 = **5**", "3 + 3 = **6**"):
        assert example in text
