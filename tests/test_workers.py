"""conundrum.workers: every pool of worker processes, one way."""

from __future__ import annotations

import gc
import os

from conundrum.workers import forked_map


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


def _timed_part(data, index):
    import time

    start = time.monotonic()
    time.sleep(data)
    return index, start


def test_the_parts_listed_first_start_first_and_come_back_in_place() -> None:
    got = forked_map(_timed_part, 0.05, 4, 2, first=[3, 2])
    assert [index for index, _start in got] == [0, 1, 2, 3]
    starts = {index: start for index, start in got}
    # two workers take 3 and 2 first, then 0 and 1 once those are done
    assert max(starts[3], starts[2]) < min(starts[0], starts[1])


def _send_pid_and(make, send) -> None:
    send.send((os.getpid(), make()))
    send.close()


def test_a_forked_process_inherits_its_arguments_unpickled() -> None:
    import multiprocessing

    from conundrum.workers import forked_process

    receive, send = multiprocessing.Pipe(duplex=False)
    child = forked_process(_send_pid_and, lambda: "not picklable", send)
    assert child is not None
    send.close()
    pid, value = receive.recv()
    child.join(10)
    assert pid != os.getpid() and pid == child.pid
    assert value == "not picklable"  # the child called the lambda it inherited
    assert child.exitcode == 0


def test_pool_workers_ignore_ctrl_c_and_know_their_parent() -> None:
    import signal
    import time

    from conundrum.workers import process_pool

    pool = process_pool(2)
    try:
        pid = pool.submit(os.getpid).result()
        assert pool.submit(os.getppid).result() == os.getpid()
        os.kill(pid, signal.SIGINT)  # the parent handles Ctrl-C; a worker carries on
        time.sleep(0.3)
        os.kill(pid, 0)  # raises ProcessLookupError had the worker died
        assert sorted(pool.map(abs, [-1, -2, -3])) == [1, 2, 3]
    finally:
        pool.shutdown()


def _die_at_one(data, index):
    import signal

    if index == 1:
        os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer does
    return index


def test_a_worker_that_dies_ends_the_map_in_one_fault_not_a_hang() -> None:
    import pytest

    from conundrum.errors import ConundrumError, WorkerDied

    with pytest.raises(WorkerDied, match="worker process died") as fault:
        forked_map(_die_at_one, None, 4, 2)
    assert isinstance(fault.value, ConundrumError)  # told in one line, exit 2
    assert gc.get_freeze_count() == 0
