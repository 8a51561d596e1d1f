"""Re-rendering to the same PNG/SVG name removes key pages left from an earlier, longer key."""

from __future__ import annotations

import pytest

from renderers.render import render_sheet, stale_answer_pages
from tests.support.puzzles import busy_puzzle, small_puzzle


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_shorter_key_removes_the_longer_keys_pages(tmp_path, suffix: str) -> None:
    long = render_sheet(busy_puzzle(), tmp_path / f"y{suffix}", answers=True, dpi=30)
    assert len(long) >= 3  # y, y-answers, y-answers-2 at least
    # files that only look alike are never touched
    keep = [f"y-answers-1{suffix}", f"y-answers-02{suffix}", f"y-answers-x{suffix}",
            f"other-answers-2{suffix}", f"y-answers-2{suffix}.bak", f"yy-answers-2{suffix}",
            "y-answers-2.pdf" if suffix == ".png" else "y-answers-2.png"]
    for name in keep:
        (tmp_path / name).write_text("not ours")
    (tmp_path / f"y-answers-9{suffix}").mkdir()  # a folder is not a page
    short = render_sheet(small_puzzle(), tmp_path / f"y{suffix}", answers=True, dpi=30)
    assert [p.name for p in short] == [f"y{suffix}", f"y-answers{suffix}"]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted([f"y{suffix}", f"y-answers{suffix}", f"y-answers-9{suffix}", *keep])
    # without a key, the key's first page goes too
    render_sheet(small_puzzle(), tmp_path / f"y{suffix}", dpi=30)
    assert not (tmp_path / f"y-answers{suffix}").exists()
    assert (tmp_path / f"y-answers-1{suffix}").exists()


def test_stale_pages_are_only_those_beyond_the_count(tmp_path) -> None:
    for name in ("s.png", "s-answers.png", "s-answers-2.png", "s-answers-3.png",
                 "s-answers-10.png"):
        (tmp_path / name).write_bytes(b"x")
    assert [p.name for p in stale_answer_pages(tmp_path / "s.png", 2)] == \
        ["s-answers-10.png", "s-answers-3.png"]
    assert [p.name for p in stale_answer_pages(tmp_path / "s.png", 0)] == \
        ["s-answers-10.png", "s-answers-2.png", "s-answers-3.png", "s-answers.png"]
    assert stale_answer_pages(tmp_path / "s.png", 10) == []


def test_a_failed_render_removes_nothing(tmp_path) -> None:
    render_sheet(busy_puzzle(), tmp_path / "z.png", answers=True, dpi=30)
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(Exception, match="dpi"):
        render_sheet(small_puzzle(), tmp_path / "z.png", answers=True, dpi=5)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
