"""renderers.forked: parts of a job in forked workers that inherit its data."""

from __future__ import annotations

import gc
import os

from renderers.forked import forked_map


def _part(data, index):
    scale, keep = data
    return index * scale, keep(index), os.getpid()


def test_parts_come_back_in_order_whatever_the_jobs() -> None:
    # a lambda cannot be pickled: the workers must inherit the data, not receive it
    data = (10, lambda i: i % 3 == 0)
    alone = forked_map(_part, data, 7, 1)
    shared = forked_map(_part, data, 7, 2)
    assert [r[:2] for r in alone] == [r[:2] for r in shared] == \
        [(i * 10, i % 3 == 0) for i in range(7)]
    assert {r[2] for r in alone} == {os.getpid()}
    assert os.getpid() not in {r[2] for r in shared}  # painted by the workers
    assert forked_map(_part, data, 1, 2)[0][2] == os.getpid()  # one part: no pool
    assert forked_map(_part, data, 0, 2) == []
    assert gc.get_freeze_count() == 0  # the heap thawed again after the pool
