"""The CLI reference page, made from the program itself when the site is built.

An MkDocs hook (mkdocs.yml, `hooks:`): on docs/reference/cli.md it replaces
the line `<!-- cli-reference -->` with every command's `--help`, as
`conundrum COMMAND --help` prints it 80 columns wide, in the order
`conundrum --help` lists them (groups such as `catalogue` followed by their
own commands). So the page cannot drift from the program;
tests/test_docs_site.py checks each section against the real `--help`.

    python docs/hooks/cli_reference.py     # print the generated Markdown
"""

from __future__ import annotations

import contextlib
import io
import os
from typing import Any

PAGE = "reference/cli.md"
MARKER = "<!-- cli-reference -->"
WIDTH = "80"


def command_paths() -> list[tuple[str, ...]]:
    """Every command as the words after `conundrum`: () for the program, then each
    command in `--help` order, a group's own commands right after the group."""
    import typer

    from conundrum.cli import app, load_plugins

    load_plugins()  # the plugins' commands too (a built-in command's start loads none)
    root = typer.main.get_command(app)
    paths: list[tuple[str, ...]] = []

    # typer bundles its own click: a group is whatever lists commands
    def walk(command: Any, path: tuple[str, ...], ctx: typer.Context) -> None:
        paths.append(path)
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, path + (name,), typer.Context(sub, info_name=name, parent=ctx))

    walk(root, (), typer.Context(root, info_name="conundrum"))
    return paths


def help_text(path: tuple[str, ...]) -> str:
    """What `conundrum PATH --help` prints in an 80-column terminal."""
    from conundrum.cli import main

    out = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        with contextlib.redirect_stdout(out):
            status = main([*path, "--help"])
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
    if status != 0:
        raise RuntimeError(f"conundrum {' '.join(path)} --help exited {status}")
    return out.getvalue()


def markdown() -> str:
    """The reference: a heading and a console block per command."""
    parts = []
    for path in command_paths():
        name = " ".join(("conundrum", *path))
        level = "#" * (2 + max(0, len(path) - 1))
        parts.append(f"{level} `{name}`\n\n```text\n$ {name} --help\n"
                     f"{help_text(path).rstrip()}\n```\n")
    return "\n".join(parts)


def on_page_markdown(markdown_text: str, page: Any, **_: Any) -> str:
    """MkDocs hook: fill in the reference page."""
    if page.file.src_uri != PAGE:
        return markdown_text
    if MARKER not in markdown_text:
        raise ValueError(f"docs/{PAGE} lost its {MARKER} line")
    return markdown_text.replace(MARKER, markdown())


if __name__ == "__main__":
    print(markdown())
