"""Benchmarks: `make bench` runs every `bench_*.py` here and prints its figures.

Each module has a `main()` that measures the fast path against a naive
baseline in the same run and prints ratios; nothing here asserts a time.
"""
