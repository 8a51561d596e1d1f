"""The catalogue benchmark's claimers run (make bench is not part of make test, so a
broken claimer would otherwise go unseen until someone measures)."""

from __future__ import annotations

import sqlite3

from tests.benchmarks.bench_catalogue import claims_at_once

# a tenth of the benchmark's 200 claims a claimer: the same statements, and the naive
# catalogue syncs every commit to disk (400 synced commits kept a worker waiting 4-7 s)
CLAIMS = 20


def test_concurrent_claimers_each_claim_and_publish_every_puzzle(tmp_path) -> None:
    for name in ("cat.sqlite", "cat.naive"):
        path = tmp_path / name
        assert claims_at_once(2, str(path), CLAIMS) > 0
        with sqlite3.connect(path) as db:
            assert db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0] == 2 * CLAIMS
