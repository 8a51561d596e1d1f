"""conundrum.cycle_collector: the cycle collector paused or the heap frozen around bulk work,
and put back as it was after, even when the work fails."""

from __future__ import annotations

import gc

import pytest

from conundrum.cycle_collector import frozen_heap, no_collection


def test_no_collection_pauses_and_restores_the_collector() -> None:
    assert gc.isenabled()
    with no_collection():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), no_collection():
        raise ValueError
    assert gc.isenabled()
    gc.disable()
    try:
        with no_collection():
            pass
        assert not gc.isenabled()  # a collector paused by the caller stays paused
    finally:
        gc.enable()


def test_frozen_heap_freezes_what_exists_and_thaws_it_after() -> None:
    assert gc.get_freeze_count() == 0
    keep = [object() for _ in range(10)]
    with frozen_heap():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    with pytest.raises(ValueError), frozen_heap():
        raise ValueError
    assert gc.get_freeze_count() == 0 and keep
