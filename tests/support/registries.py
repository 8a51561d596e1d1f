"""Registering a language, a palette or a page size for one test, as docs/dev/extending.md
says a contributor adds one for good: files and one registry entry, nothing else.

    def test_x(monkeypatch, tmp_path):
        add_language(monkeypatch, tmp_path, "xx", {"title_default": "Xx"})
        add_palette(monkeypatch, tmp_path, "dummy", fills)
        add_page_size(monkeypatch, "4x6", (101.6, 152.4))

`monkeypatch` takes each away again when the test ends.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from conundrum import options

ENGLISH_PLURAL = {"one": "n = 1"}


def add_language(monkeypatch: pytest.MonkeyPatch, folder: Path, code: str,
                 messages: dict[str, Any], plural: dict[str, str] | None = None) -> Path:
    """Register language `code`: its catalogue `folder/<code>.yaml` holding `messages` and
    its plural rule (English's by default); any key it lacks is English's. The file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{code}.yaml"
    path.write_text(yaml.safe_dump({"_plural": plural or ENGLISH_PLURAL, **messages},
                                   allow_unicode=True), encoding="utf-8")
    monkeypatch.setitem(options.LANGUAGES, code, folder)
    return path


def add_palette(monkeypatch: pytest.MonkeyPatch, folder: Path, name: str,
                fields: dict[str, Any]) -> Path:
    """Register palette `name`: its file `folder/<name>.yaml` holding `fields` (those of
    renderers/page/palettes.py's Palette: `fills` at least). The file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(yaml.safe_dump(fields), encoding="utf-8")
    monkeypatch.setitem(options.PALETTES, name, path)
    return path


def add_page_size(monkeypatch: pytest.MonkeyPatch, name: str, size: tuple[float, float]
                  ) -> None:
    """Register page size `name`: (width, height) in mm."""
    monkeypatch.setitem(options.PAGE_SIZES, name, size)
