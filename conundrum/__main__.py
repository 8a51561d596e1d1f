"""`python -m conundrum`: the same program as the `conundrum` console script.

Both start in `start`, which imports the program itself: under a tight memory limit
(`ulimit -v`) that import can fail, and must still end in one line and exit 2.
"""

import os
import sys

# made before any memory could run out: telling it must allocate nothing new
_OUT_OF_MEMORY = (b"conundrum: ran out of memory (is a memory limit such as `ulimit -v` set?); "
                  b"free memory, raise the limit, or ask for less (fewer --jobs, a smaller "
                  b"book)\n")


# The address space (`ulimit -v`) below which no command can be trusted to end cleanly:
# under about 64 MiB the interpreter itself fails inside C code (a segfault, "Fatal
# Python error", a worker that dies mid-task) before any MemoryError can be told; a
# book needs about 120 MiB. Measured on Linux x86-64 (docs/dev/development.md).
FLOOR_KIB = 96 * 1024


def start() -> None:
    """Import the program and run it; a limit reached while importing is exit 2."""
    _refuse_a_tiny_memory_limit()
    try:
        from conundrum.cli import run  # lazy: inside the try (a limit met here is exit 2)
    except KeyboardInterrupt:  # Ctrl-C while starting
        print("conundrum: interrupted", file=sys.stderr)
        sys.exit(130)
    except (MemoryError, ImportError) as exc:
        if isinstance(exc, ImportError) and "failed to map segment" not in str(exc):
            raise
        print("conundrum: ran out of memory while starting (is a memory limit such as "
              "`ulimit -v` set?); raise the limit", file=sys.stderr)
        sys.exit(2)
    try:
        run()
    except MemoryError:  # memory ran out again while the first fault was being told
        _last_words()


def _refuse_a_tiny_memory_limit() -> None:
    """Exit 2 now, in one line, when `ulimit -v` leaves less than FLOOR_KIB."""
    try:
        import resource  # lazy: not on Windows
    except ImportError:
        return
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY and soft < FLOOR_KIB * 1024:
        print(f"conundrum: the memory limit (`ulimit -v` {soft // 1024} KiB) is below the "
              f"{FLOOR_KIB // 1024} MiB the program needs to start; raise it", file=sys.stderr)
        sys.exit(2)


def _last_words() -> None:
    """Say the one line and end now: the interpreter's own shutdown (its threads, its
    worker pools) would need memory too and print tracebacks when it finds none."""
    try:
        os.write(2, _OUT_OF_MEMORY)
    finally:
        os._exit(2)


if __name__ == "__main__":
    start()
