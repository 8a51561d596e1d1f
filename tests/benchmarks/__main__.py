"""Run every benchmark module (`python -m tests.benchmarks [name ...]`)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import tests.benchmarks as pkg


def main(argv: list[str]) -> None:
    found = pkgutil.iter_modules(pkg.__path__)
    names = sorted(m.name for m in found if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    for name in names:
        print(f"== {name} ==", flush=True)
        importlib.import_module(f"tests.benchmarks.{name}").main()
        print(flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
